"""A numeric test, against numpy (or an exact reference where numpy has none), of every
SIMT function s10 added that the other SIMT test files only compile: the half2 /
bfloat16x2_t pair functions and the scalar half / bfloat16_t ones, all 48 comparisons
(value, bool and _mask forms, ordered and unordered, NaN on either side), and every
`__X2Y_R[_sat]` conversion (180: the ones s8 / s9 tested too, as they are one table).

Where the references' rounding conventions come from:
- the half / bfloat16_t math (h2cos ... h2log2, hlog10): asc_fp16_impl.h / asc_bf16_impl.h
  convert to float, call the float function (cosf, powf(2.0f, x), ...) and convert back
  to nearest even: the reference is the float64 function rounded to float, then to T;
- half arithmetic: one IEEE operation rounded to half (numpy float16); bfloat16_t: the
  float result rounded to nearest even by its top 16 bits (`_bf16_bits`);
- the conversions: the CPU-debug `__cvt_*` of asc-tools (cpudebug/include/simt_stub.h):
  an integer to half / bfloat16_t goes through float, rounded in the mode at each step
  (`__cvt_half(int32_t)` is `__cvt_half<rnd>(__cvt_float<rnd>(x))`: two roundings); a
  float / half / bfloat16_t to an integer rounds in the mode and saturates, NaN 0; to
  its own type rounds to an integral value; the `_sat` forms clamp to the largest finite
  value, NaN 0. The reference rounds exactly (integers), so it checks the ties.
"""

from __future__ import annotations

import math
import re

import numpy as np

import asc_xdsl as asc
from asc_xdsl.frontend.jit import jit

SOC = "Ascend950PR_9599"
S = asc.simt
N = 32  # threads: each converts / computes on element t of every input


def _bf16_bits(v) -> np.ndarray:
    """float32 values rounded to bfloat16 (nearest, ties to even), as bits; NaN quiet."""
    f = np.asarray(v, np.float32)
    u = f.view(np.uint32).astype(np.uint64)
    bits = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(f), np.uint16(0x7FC0) | (bits & 0x8000), bits).astype(np.uint16)


def _bf16(bits) -> np.ndarray:
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def _same(got, want, what: str = "") -> None:
    """Equal floats: NaN where want is NaN, else the same value and sign (of a zero too)."""
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got), nan), f"{what}: NaN at {np.isnan(got)} != {nan}"
    bad = (got != want) | (np.signbit(got) != np.signbit(want))
    bad &= ~nan
    assert not bad.any(), f"{what}: at {np.flatnonzero(bad)} got {got[bad]} want {want[bad]}"


# -- exact rounding ------------------------------------------------------------------------

FORMATS = {  # significand bits, smallest normal exponent, largest finite value
    "float": (24, -126, float(np.finfo(np.float32).max)),
    "half": (11, -14, 65504.0),
    "bfloat16": (8, -126, 3.3895313892515355e38),
}
INTS = {"int": (-(2**31), 2**31 - 1), "uint": (0, 2**32 - 1),
        "ll": (-(2**63), 2**63 - 1), "ull": (0, 2**64 - 1)}  # fmt: skip


def _round(v, fmt: str, mode: str, sat: bool = False) -> float:
    """The finite number v (int or float, exact) rounded to `fmt` in `mode` (IEEE overflow:
    to infinity where the mode rounds away from the largest value, else the largest;
    `sat`: always the largest)."""
    bits, emin, largest = FORMATS[fmt]
    if v == 0:
        return math.copysign(0.0, v) if isinstance(v, float) else 0.0
    num, den = v.as_integer_ratio()  # (exact: den a power of two for a float)
    neg, num = num < 0, abs(num)
    k = den.bit_length() - 1
    e = num.bit_length() - 1 - k  # (floor(log2 |v|))
    u = max(e, emin) - bits + 1  # (the result's ulp is 2^u)
    s = k + u  # (|v| / 2^u = num / 2^s)
    n, rest, half = (num << -s, 0, 1) if s <= 0 else (num >> s, num & ((1 << s) - 1), 1 << (s - 1))
    up = {
        "rn": rest > half or (rest == half and n % 2 == 1),
        "rna": rest >= half,
        "rz": False,
        "rd": rest > 0 and neg,
        "ru": rest > 0 and not neg,
    }[mode]
    r = math.ldexp(n + up, u)
    if r > largest:
        away = mode in ("rn", "rna") or (mode == "rd" and neg) or (mode == "ru" and not neg)
        r = largest if sat or not away else math.inf
    return -r if neg else r


def _integral(x: float, mode: str) -> float:
    if not math.isfinite(x):
        return x
    r = {
        "rn": lambda v: float(np.rint(v)),
        "rna": lambda v: math.copysign(math.floor(abs(v) + 0.5), v),
        "rz": math.trunc,
        "rd": math.floor,
        "ru": math.ceil,
    }[mode](x)
    return math.copysign(float(r), x)  # (-0.5 rounded toward zero: -0)


def _convert(name: str, x):
    """The reference of `__<name>` (`float2half_rz_sat`, ...) of the Python value x."""
    src, dst, mode, sat = re.fullmatch(r"([a-z0-9]+?)2([a-z]+[0-9]*?)_(rn|rz|rd|ru|rna)(_sat)?",
                                       name).groups()  # fmt: skip
    sat = bool(sat)
    if dst in INTS:
        lo, hi = INTS[dst]
        if math.isnan(x):
            return 0
        if math.isinf(x):
            return hi if x > 0 else lo
        return int(max(lo, min(hi, _integral(x, mode))))
    if src in INTS:  # (through float, each step rounded in the mode)
        f = _round(int(x), "float", mode)
        return f if dst == "float" else _round(f, dst, mode, sat)
    if src == dst:
        return _integral(x, mode)
    if math.isnan(x):
        return 0.0 if sat else math.nan
    if math.isinf(x):
        return math.copysign(FORMATS[dst][2], x) if sat else x
    return _round(x, dst, mode, sat)


def test_exact_rounding_helper():
    """The reference itself on known cases (ties, overflow, subnormals, double rounding)."""
    assert _round(2049, "half", "rn") == 2048 and _round(2051, "half", "rn") == 2052
    assert _round(2049, "half", "rna") == 2050 and _round(-2049, "half", "rd") == -2050
    assert _round(65520, "half", "rn") == math.inf and _round(65520, "half", "rz") == 65504
    assert _round(65520, "half", "rn", sat=True) == 65504
    assert _round(2.0**-25, "half", "rn") == 0 and _round(2.0**-25, "half", "ru") == 2.0**-24
    assert _round(1 + 2.0**-8, "bfloat16", "rn") == 1 and _round(1 + 2.0**-8, "bfloat16", "rna") > 1
    assert _convert("int2bfloat16_rn", 2**24 + 2**16 + 1) == 2**24  # (two roundings)
    assert _round(2**24 + 2**16 + 1, "bfloat16", "rn") == 2**24 + 2**17  # (one)
    assert math.copysign(1, _convert("half2half_rz", -0.5)) == -1


# -- the conversions -----------------------------------------------------------------------

CONVERSIONS = {
    "float": (
        "int2float_rn",
        "int2float_rz",
        "int2float_rd",
        "int2float_ru",
        "int2float_rna",
        "uint2float_rn",
        "uint2float_rz",
        "uint2float_rd",
        "uint2float_ru",
        "uint2float_rna",
        "ll2float_rn",
        "ll2float_rz",
        "ll2float_rd",
        "ll2float_ru",
        "ll2float_rna",
        "float2float_rn",
        "ull2float_rn",
        "float2float_rz",
        "ull2float_rz",
        "float2float_rd",
        "ull2float_rd",
        "float2float_ru",
        "ull2float_ru",
        "float2float_rna",
        "ull2float_rna",
    ),
    "half": (
        "float2half_rn",
        "float2half_rn_sat",
        "float2half_rz",
        "float2half_rz_sat",
        "float2half_rd",
        "float2half_rd_sat",
        "float2half_ru",
        "float2half_ru_sat",
        "float2half_rna",
        "float2half_rna_sat",
        "half2half_rn",
        "int2half_rn",
        "int2half_rn_sat",
        "uint2half_rn",
        "uint2half_rn_sat",
        "ll2half_rn",
        "ull2half_rn",
        "bfloat162half_rn",
        "bfloat162half_rn_sat",
        "half2half_rz",
        "int2half_rz",
        "int2half_rz_sat",
        "uint2half_rz",
        "uint2half_rz_sat",
        "ll2half_rz",
        "ull2half_rz",
        "bfloat162half_rz",
        "bfloat162half_rz_sat",
        "half2half_rd",
        "int2half_rd",
        "int2half_rd_sat",
        "uint2half_rd",
        "uint2half_rd_sat",
        "ll2half_rd",
        "ull2half_rd",
        "bfloat162half_rd",
        "bfloat162half_rd_sat",
        "half2half_ru",
        "int2half_ru",
        "int2half_ru_sat",
        "uint2half_ru",
        "uint2half_ru_sat",
        "ll2half_ru",
        "ull2half_ru",
        "bfloat162half_ru",
        "bfloat162half_ru_sat",
        "half2half_rna",
        "int2half_rna",
        "int2half_rna_sat",
        "uint2half_rna",
        "uint2half_rna_sat",
        "ll2half_rna",
        "ull2half_rna",
        "bfloat162half_rna",
        "bfloat162half_rna_sat",
    ),
    "bfloat16": (
        "float2bfloat16_rn",
        "float2bfloat16_rn_sat",
        "float2bfloat16_rz",
        "float2bfloat16_rz_sat",
        "float2bfloat16_rd",
        "float2bfloat16_rd_sat",
        "float2bfloat16_ru",
        "float2bfloat16_ru_sat",
        "float2bfloat16_rna",
        "float2bfloat16_rna_sat",
        "bfloat162bfloat16_rn",
        "int2bfloat16_rn",
        "uint2bfloat16_rn",
        "ll2bfloat16_rn",
        "ull2bfloat16_rn",
        "half2bfloat16_rn",
        "bfloat162bfloat16_rz",
        "int2bfloat16_rz",
        "uint2bfloat16_rz",
        "ll2bfloat16_rz",
        "ull2bfloat16_rz",
        "half2bfloat16_rz",
        "bfloat162bfloat16_rd",
        "int2bfloat16_rd",
        "uint2bfloat16_rd",
        "ll2bfloat16_rd",
        "ull2bfloat16_rd",
        "half2bfloat16_rd",
        "bfloat162bfloat16_ru",
        "int2bfloat16_ru",
        "uint2bfloat16_ru",
        "ll2bfloat16_ru",
        "ull2bfloat16_ru",
        "half2bfloat16_ru",
        "bfloat162bfloat16_rna",
        "int2bfloat16_rna",
        "uint2bfloat16_rna",
        "ll2bfloat16_rna",
        "ull2bfloat16_rna",
        "half2bfloat16_rna",
    ),
    "int": (
        "float2int_rn",
        "float2int_rz",
        "float2int_rd",
        "float2int_ru",
        "float2int_rna",
        "half2int_rn",
        "bfloat162int_rn",
        "half2int_rz",
        "bfloat162int_rz",
        "half2int_rd",
        "bfloat162int_rd",
        "half2int_ru",
        "bfloat162int_ru",
        "half2int_rna",
        "bfloat162int_rna",
    ),
    "uint": (
        "float2uint_rn",
        "float2uint_rz",
        "float2uint_rd",
        "float2uint_ru",
        "float2uint_rna",
        "half2uint_rn",
        "bfloat162uint_rn",
        "half2uint_rz",
        "bfloat162uint_rz",
        "half2uint_rd",
        "bfloat162uint_rd",
        "half2uint_ru",
        "bfloat162uint_ru",
        "half2uint_rna",
        "bfloat162uint_rna",
    ),
    "ll": (
        "float2ll_rn",
        "float2ll_rz",
        "float2ll_rd",
        "float2ll_ru",
        "float2ll_rna",
        "half2ll_rn",
        "bfloat162ll_rn",
        "half2ll_rz",
        "bfloat162ll_rz",
        "half2ll_rd",
        "bfloat162ll_rd",
        "half2ll_ru",
        "bfloat162ll_ru",
        "half2ll_rna",
        "bfloat162ll_rna",
    ),
    "ull": (
        "float2ull_rn",
        "half2ull_rn",
        "bfloat162ull_rn",
        "float2ull_rz",
        "half2ull_rz",
        "bfloat162ull_rz",
        "float2ull_rd",
        "half2ull_rd",
        "bfloat162ull_rd",
        "float2ull_ru",
        "half2ull_ru",
        "bfloat162ull_ru",
        "float2ull_rna",
        "half2ull_rna",
        "bfloat162ull_rna",
    ),
}


@S.vf(launch_bounds=32)
def cvt_vf(pf: S.Pointer, ph: S.Pointer, pb: S.Pointer, pi: S.Pointer, pu: S.Pointer,
           pl: S.Pointer, pq: S.Pointer, of: S.Pointer, oh: S.Pointer, obits: S.Pointer,
           oi: S.Pointer, ou: S.Pointer, ol: S.Pointer, oq: S.Pointer):  # fmt: skip
    t = S.thread_idx.x
    xf, xh, xb = pf[t], ph[t], pb.cast(asc.bfloat16)[t]
    xi, xu, xl, xq = pi[t], pu[t], pl[t], pq[t]
    ob = obits.cast(asc.bfloat16)
    o = 25 * t
    of[o + 0] = S.int2float_rn(xi)
    of[o + 1] = S.int2float_rz(xi)
    of[o + 2] = S.int2float_rd(xi)
    of[o + 3] = S.int2float_ru(xi)
    of[o + 4] = S.int2float_rna(xi)
    of[o + 5] = S.uint2float_rn(xu)
    of[o + 6] = S.uint2float_rz(xu)
    of[o + 7] = S.uint2float_rd(xu)
    of[o + 8] = S.uint2float_ru(xu)
    of[o + 9] = S.uint2float_rna(xu)
    of[o + 10] = S.ll2float_rn(xl)
    of[o + 11] = S.ll2float_rz(xl)
    of[o + 12] = S.ll2float_rd(xl)
    of[o + 13] = S.ll2float_ru(xl)
    of[o + 14] = S.ll2float_rna(xl)
    of[o + 15] = S.float2float_rn(xf)
    of[o + 16] = S.ull2float_rn(xq)
    of[o + 17] = S.float2float_rz(xf)
    of[o + 18] = S.ull2float_rz(xq)
    of[o + 19] = S.float2float_rd(xf)
    of[o + 20] = S.ull2float_rd(xq)
    of[o + 21] = S.float2float_ru(xf)
    of[o + 22] = S.ull2float_ru(xq)
    of[o + 23] = S.float2float_rna(xf)
    of[o + 24] = S.ull2float_rna(xq)
    o = 55 * t
    oh[o + 0] = S.float2half_rn(xf)
    oh[o + 1] = S.float2half_rn_sat(xf)
    oh[o + 2] = S.float2half_rz(xf)
    oh[o + 3] = S.float2half_rz_sat(xf)
    oh[o + 4] = S.float2half_rd(xf)
    oh[o + 5] = S.float2half_rd_sat(xf)
    oh[o + 6] = S.float2half_ru(xf)
    oh[o + 7] = S.float2half_ru_sat(xf)
    oh[o + 8] = S.float2half_rna(xf)
    oh[o + 9] = S.float2half_rna_sat(xf)
    oh[o + 10] = S.half2half_rn(xh)
    oh[o + 11] = S.int2half_rn(xi)
    oh[o + 12] = S.int2half_rn_sat(xi)
    oh[o + 13] = S.uint2half_rn(xu)
    oh[o + 14] = S.uint2half_rn_sat(xu)
    oh[o + 15] = S.ll2half_rn(xl)
    oh[o + 16] = S.ull2half_rn(xq)
    oh[o + 17] = S.bfloat162half_rn(xb)
    oh[o + 18] = S.bfloat162half_rn_sat(xb)
    oh[o + 19] = S.half2half_rz(xh)
    oh[o + 20] = S.int2half_rz(xi)
    oh[o + 21] = S.int2half_rz_sat(xi)
    oh[o + 22] = S.uint2half_rz(xu)
    oh[o + 23] = S.uint2half_rz_sat(xu)
    oh[o + 24] = S.ll2half_rz(xl)
    oh[o + 25] = S.ull2half_rz(xq)
    oh[o + 26] = S.bfloat162half_rz(xb)
    oh[o + 27] = S.bfloat162half_rz_sat(xb)
    oh[o + 28] = S.half2half_rd(xh)
    oh[o + 29] = S.int2half_rd(xi)
    oh[o + 30] = S.int2half_rd_sat(xi)
    oh[o + 31] = S.uint2half_rd(xu)
    oh[o + 32] = S.uint2half_rd_sat(xu)
    oh[o + 33] = S.ll2half_rd(xl)
    oh[o + 34] = S.ull2half_rd(xq)
    oh[o + 35] = S.bfloat162half_rd(xb)
    oh[o + 36] = S.bfloat162half_rd_sat(xb)
    oh[o + 37] = S.half2half_ru(xh)
    oh[o + 38] = S.int2half_ru(xi)
    oh[o + 39] = S.int2half_ru_sat(xi)
    oh[o + 40] = S.uint2half_ru(xu)
    oh[o + 41] = S.uint2half_ru_sat(xu)
    oh[o + 42] = S.ll2half_ru(xl)
    oh[o + 43] = S.ull2half_ru(xq)
    oh[o + 44] = S.bfloat162half_ru(xb)
    oh[o + 45] = S.bfloat162half_ru_sat(xb)
    oh[o + 46] = S.half2half_rna(xh)
    oh[o + 47] = S.int2half_rna(xi)
    oh[o + 48] = S.int2half_rna_sat(xi)
    oh[o + 49] = S.uint2half_rna(xu)
    oh[o + 50] = S.uint2half_rna_sat(xu)
    oh[o + 51] = S.ll2half_rna(xl)
    oh[o + 52] = S.ull2half_rna(xq)
    oh[o + 53] = S.bfloat162half_rna(xb)
    oh[o + 54] = S.bfloat162half_rna_sat(xb)
    o = 40 * t
    ob[o + 0] = S.float2bfloat16_rn(xf)
    ob[o + 1] = S.float2bfloat16_rn_sat(xf)
    ob[o + 2] = S.float2bfloat16_rz(xf)
    ob[o + 3] = S.float2bfloat16_rz_sat(xf)
    ob[o + 4] = S.float2bfloat16_rd(xf)
    ob[o + 5] = S.float2bfloat16_rd_sat(xf)
    ob[o + 6] = S.float2bfloat16_ru(xf)
    ob[o + 7] = S.float2bfloat16_ru_sat(xf)
    ob[o + 8] = S.float2bfloat16_rna(xf)
    ob[o + 9] = S.float2bfloat16_rna_sat(xf)
    ob[o + 10] = S.bfloat162bfloat16_rn(xb)
    ob[o + 11] = S.int2bfloat16_rn(xi)
    ob[o + 12] = S.uint2bfloat16_rn(xu)
    ob[o + 13] = S.ll2bfloat16_rn(xl)
    ob[o + 14] = S.ull2bfloat16_rn(xq)
    ob[o + 15] = S.half2bfloat16_rn(xh)
    ob[o + 16] = S.bfloat162bfloat16_rz(xb)
    ob[o + 17] = S.int2bfloat16_rz(xi)
    ob[o + 18] = S.uint2bfloat16_rz(xu)
    ob[o + 19] = S.ll2bfloat16_rz(xl)
    ob[o + 20] = S.ull2bfloat16_rz(xq)
    ob[o + 21] = S.half2bfloat16_rz(xh)
    ob[o + 22] = S.bfloat162bfloat16_rd(xb)
    ob[o + 23] = S.int2bfloat16_rd(xi)
    ob[o + 24] = S.uint2bfloat16_rd(xu)
    ob[o + 25] = S.ll2bfloat16_rd(xl)
    ob[o + 26] = S.ull2bfloat16_rd(xq)
    ob[o + 27] = S.half2bfloat16_rd(xh)
    ob[o + 28] = S.bfloat162bfloat16_ru(xb)
    ob[o + 29] = S.int2bfloat16_ru(xi)
    ob[o + 30] = S.uint2bfloat16_ru(xu)
    ob[o + 31] = S.ll2bfloat16_ru(xl)
    ob[o + 32] = S.ull2bfloat16_ru(xq)
    ob[o + 33] = S.half2bfloat16_ru(xh)
    ob[o + 34] = S.bfloat162bfloat16_rna(xb)
    ob[o + 35] = S.int2bfloat16_rna(xi)
    ob[o + 36] = S.uint2bfloat16_rna(xu)
    ob[o + 37] = S.ll2bfloat16_rna(xl)
    ob[o + 38] = S.ull2bfloat16_rna(xq)
    ob[o + 39] = S.half2bfloat16_rna(xh)
    o = 15 * t
    oi[o + 0] = S.float2int_rn(xf)
    oi[o + 1] = S.float2int_rz(xf)
    oi[o + 2] = S.float2int_rd(xf)
    oi[o + 3] = S.float2int_ru(xf)
    oi[o + 4] = S.float2int_rna(xf)
    oi[o + 5] = S.half2int_rn(xh)
    oi[o + 6] = S.bfloat162int_rn(xb)
    oi[o + 7] = S.half2int_rz(xh)
    oi[o + 8] = S.bfloat162int_rz(xb)
    oi[o + 9] = S.half2int_rd(xh)
    oi[o + 10] = S.bfloat162int_rd(xb)
    oi[o + 11] = S.half2int_ru(xh)
    oi[o + 12] = S.bfloat162int_ru(xb)
    oi[o + 13] = S.half2int_rna(xh)
    oi[o + 14] = S.bfloat162int_rna(xb)
    o = 15 * t
    ou[o + 0] = S.float2uint_rn(xf)
    ou[o + 1] = S.float2uint_rz(xf)
    ou[o + 2] = S.float2uint_rd(xf)
    ou[o + 3] = S.float2uint_ru(xf)
    ou[o + 4] = S.float2uint_rna(xf)
    ou[o + 5] = S.half2uint_rn(xh)
    ou[o + 6] = S.bfloat162uint_rn(xb)
    ou[o + 7] = S.half2uint_rz(xh)
    ou[o + 8] = S.bfloat162uint_rz(xb)
    ou[o + 9] = S.half2uint_rd(xh)
    ou[o + 10] = S.bfloat162uint_rd(xb)
    ou[o + 11] = S.half2uint_ru(xh)
    ou[o + 12] = S.bfloat162uint_ru(xb)
    ou[o + 13] = S.half2uint_rna(xh)
    ou[o + 14] = S.bfloat162uint_rna(xb)
    o = 15 * t
    ol[o + 0] = S.float2ll_rn(xf)
    ol[o + 1] = S.float2ll_rz(xf)
    ol[o + 2] = S.float2ll_rd(xf)
    ol[o + 3] = S.float2ll_ru(xf)
    ol[o + 4] = S.float2ll_rna(xf)
    ol[o + 5] = S.half2ll_rn(xh)
    ol[o + 6] = S.bfloat162ll_rn(xb)
    ol[o + 7] = S.half2ll_rz(xh)
    ol[o + 8] = S.bfloat162ll_rz(xb)
    ol[o + 9] = S.half2ll_rd(xh)
    ol[o + 10] = S.bfloat162ll_rd(xb)
    ol[o + 11] = S.half2ll_ru(xh)
    ol[o + 12] = S.bfloat162ll_ru(xb)
    ol[o + 13] = S.half2ll_rna(xh)
    ol[o + 14] = S.bfloat162ll_rna(xb)
    o = 15 * t
    oq[o + 0] = S.float2ull_rn(xf)
    oq[o + 1] = S.half2ull_rn(xh)
    oq[o + 2] = S.bfloat162ull_rn(xb)
    oq[o + 3] = S.float2ull_rz(xf)
    oq[o + 4] = S.half2ull_rz(xh)
    oq[o + 5] = S.bfloat162ull_rz(xb)
    oq[o + 6] = S.float2ull_rd(xf)
    oq[o + 7] = S.half2ull_rd(xh)
    oq[o + 8] = S.bfloat162ull_rd(xb)
    oq[o + 9] = S.float2ull_ru(xf)
    oq[o + 10] = S.half2ull_ru(xh)
    oq[o + 11] = S.bfloat162ull_ru(xb)
    oq[o + 12] = S.float2ull_rna(xf)
    oq[o + 13] = S.half2ull_rna(xh)
    oq[o + 14] = S.bfloat162ull_rna(xb)


@jit
def cvt_kernel(pf, ph, pb, pi, pu, pl, pq, of, oh, ob, oi, ou, ol, oq):
    cvt_vf[32](pf, ph, pb, pi, pu, pl, pq, of, oh, ob, oi, ou, ol, oq)


XF = np.array(
    [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.7, -3.7, 70000.5, -70000.5, 65519.0, 65520.0,
     1e10, -1e10, np.nan, np.inf, -np.inf, 1e20, 2049.5, -2049.5, 0.0, -0.0,
     1.00390625, -1.01171875, 2.0**-25, 3 * 2.0**-26, -5e-8, 4e9, 3.4e38, -3.39e38, 1e-40,
     -0.3],
    np.float32,
)  # fmt: skip
"""float sources: integer ties, half / bfloat16 ties (1 + 2^-8, 1 + 3 * 2^-8), half's
subnormal tie 2^-25, overflow past half's and bfloat16's largest, a float subnormal; inf and
1e20 are the regression of __float2ll_R giving INT64_MIN past INT64_MAX."""
XH = np.array(
    [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -3.5, 0.0, -0.0, np.nan, np.inf, -np.inf, 65504,
     -65504, 2050, 1000.5, -1000.5, 6e-8, -6e-8, 0.3, -0.3, 0.7, -0.7, 1 + 2**-10,
     1 + 2**-8, 1 + 3 * 2**-8, -(1 + 2**-8), 33.5, 255.5, 60000, -(2**-14)],
    np.float16,
)  # fmt: skip
XB = _bf16_bits(np.array(
    [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -3.5, 0.0, -0.0, np.nan, np.inf, -np.inf, 65280,
     65536, -65536, 1e30, -1e30, 2.0**-25, 3 * 2.0**-26, -(2.0**-25), 2.0**-24, 3 * 2.0**-25,
     2.0**40, 3e9, -3e9, 5e18, 2e19, 0.75, 100.5, 1e-3, -7.0],
    np.float32,
))  # fmt: skip
"""bfloat16 sources: past half's range (65536, 1e30), half's subnormal ties."""
_TIES = [2049, 2051, 65519, 65520, 65536, 257, 259, 2**24 + 1, 2**24 + 3, 2**24 + 2**16 + 1]
XI = np.array(_TIES + [-t for t in _TIES] + [0, 1, -1, 2**31 - 1, -(2**31), 1000000007,
              123456789, -123456789, 70000, 4097, 33, 65535], np.int64).astype(np.int32)  # fmt: skip
XU = np.array([*_TIES, 2**32 - 1, 2**31 + 1, 4000000000, 0, 1, 2**31 + 2**7 + 1,
               *range(3, 2**32, 2**32 // 16)], np.uint64).astype(np.uint32)  # fmt: skip
XL = np.array(_TIES + [-t for t in _TIES] + [2**53 + 1, -(2**53 + 1), 2**63 - 1, -(2**63),
              2**62 + 2**38 + 1, 2**40 + 2**16 + 1, 0, -1, 2**39 + 2**15, -(2**31) - 7, 2**24 - 1,
              -(2**54) - 3],
              np.int64)  # fmt: skip
XQ = np.array(_TIES + [2**64 - 1, 2**63 + 1, 2**60 + 2**36, 2**53 + 1, 0, 1, 2**60 + 2**36 + 1,
              2**32 + 2**8 + 1] + [3**k for k in range(25, 39)], np.uint64)  # fmt: skip
OUT_DTYPES = {"float": np.float32, "half": np.float16, "bfloat16": np.uint16, "int": np.int32,
              "uint": np.uint32, "ll": np.int64, "ull": np.uint64}  # fmt: skip


def _sources() -> dict:
    """Each source type's 32 values as Python numbers (exact)."""
    return {
        "float": [float(v) for v in XF],
        "half": [float(v) for v in XH],
        "bfloat16": [float(v) for v in _bf16(XB)],
        "int": [int(v) for v in XI],
        "uint": [int(v) for v in XU],
        "ll": [int(v) for v in XL],
        "ull": [int(v) for v in XQ],
    }


def test_every_conversion_is_in_the_kernel():
    """The table above is the dialect's whole list of `__X2Y_R[_sat]` conversions."""
    from asc_xdsl.dialects.ascendc.simt import MATH

    pattern = r"(float|half|bfloat16|int|uint|ll|ull)2(float|half|bfloat16|int|uint|ll|ull)"
    pattern += r"_(rn|rz|rd|ru|rna)(_sat)?"
    names = {n.rpartition(".")[2] for n in MATH}
    want = {n for n in names if re.fullmatch(pattern, n)}
    assert want == {n for ns in CONVERSIONS.values() for n in ns}


def test_every_conversion_against_an_exact_reference():
    for a in (XF, XH, XB, XI, XU, XL, XQ):
        assert a.size == N
    outs = {d: np.zeros(len(ns) * N, OUT_DTYPES[d]) for d, ns in CONVERSIONS.items()}
    with np.errstate(all="ignore"):
        cvt_kernel[1](XF, XH, XB, XI, XU, XL, XQ, *outs.values(), platform=SOC)
    src = _sources()
    bad = []
    for dst, names in CONVERSIONS.items():
        got = outs[dst].reshape(N, len(names))
        if dst == "bfloat16":
            got = _bf16(got)
        for k, name in enumerate(names):
            xs = src[name.partition("2")[0]]
            want = [_convert(name, x) for x in xs]
            if dst in INTS:
                wrong = [(x, int(g), w) for x, g, w in zip(xs, got[:, k], want, strict=True)
                         if int(g) != w]  # fmt: skip
                if wrong:
                    bad.append((name, wrong))
                continue
            try:
                _same(got[:, k], want, name)
            except AssertionError as e:
                bad.append((name, str(e)))
    assert not bad, "\n".join(f"{n}: {w}" for n, w in bad)


# -- the comparisons: 12 relations x (half2 value, bool, _mask forms; scalar) ---------------

RELATIONS = ("eq", "ne", "le", "ge", "lt", "gt")
PREDICATES = RELATIONS + tuple(r + "u" for r in RELATIONS)


def _cmp_pairs_vf(pair):
    """The comparisons of two `pair`s (half2 or bfloat16x2) a thread, every form."""

    @S.vf(launch_bounds=32)
    def cmp_vf(px: S.Pointer, py: S.Pointer, pq: S.Pointer, m: S.Pointer):
        t = S.thread_idx.x
        v = px.cast(pair)[t]
        w = py.cast(pair)[t]
        q = pq.cast(pair)
        o = 12 * t
        k = 36 * t
        q[o + 0] = S.heqx2(v, w)
        q[o + 1] = S.hnex2(v, w)
        q[o + 2] = S.hlex2(v, w)
        q[o + 3] = S.hgex2(v, w)
        q[o + 4] = S.hltx2(v, w)
        q[o + 5] = S.hgtx2(v, w)
        q[o + 6] = S.hequx2(v, w)
        q[o + 7] = S.hneux2(v, w)
        q[o + 8] = S.hleux2(v, w)
        q[o + 9] = S.hgeux2(v, w)
        q[o + 10] = S.hltux2(v, w)
        q[o + 11] = S.hgtux2(v, w)
        m[k + 0] = S.heqx2_mask(v, w)
        m[k + 12] = S.hbeqx2(v, w)
        m[k + 24] = S.heq(v.x, w.x)
        m[k + 1] = S.hnex2_mask(v, w)
        m[k + 13] = S.hbnex2(v, w)
        m[k + 25] = S.hne(v.x, w.x)
        m[k + 2] = S.hlex2_mask(v, w)
        m[k + 14] = S.hblex2(v, w)
        m[k + 26] = S.hle(v.x, w.x)
        m[k + 3] = S.hgex2_mask(v, w)
        m[k + 15] = S.hbgex2(v, w)
        m[k + 27] = S.hge(v.x, w.x)
        m[k + 4] = S.hltx2_mask(v, w)
        m[k + 16] = S.hbltx2(v, w)
        m[k + 28] = S.hlt(v.x, w.x)
        m[k + 5] = S.hgtx2_mask(v, w)
        m[k + 17] = S.hbgtx2(v, w)
        m[k + 29] = S.hgt(v.x, w.x)
        m[k + 6] = S.hequx2_mask(v, w)
        m[k + 18] = S.hbequx2(v, w)
        m[k + 30] = S.hequ(v.x, w.x)
        m[k + 7] = S.hneux2_mask(v, w)
        m[k + 19] = S.hbneux2(v, w)
        m[k + 31] = S.hneu(v.x, w.x)
        m[k + 8] = S.hleux2_mask(v, w)
        m[k + 20] = S.hbleux2(v, w)
        m[k + 32] = S.hleu(v.x, w.x)
        m[k + 9] = S.hgeux2_mask(v, w)
        m[k + 21] = S.hbgeux2(v, w)
        m[k + 33] = S.hgeu(v.x, w.x)
        m[k + 10] = S.hltux2_mask(v, w)
        m[k + 22] = S.hbltux2(v, w)
        m[k + 34] = S.hltu(v.x, w.x)
        m[k + 11] = S.hgtux2_mask(v, w)
        m[k + 23] = S.hbgtux2(v, w)
        m[k + 35] = S.hgtu(v.x, w.x)

    return cmp_vf


cmp_half_vf = _cmp_pairs_vf(S.half2)
cmp_bf16_vf = _cmp_pairs_vf(S.bfloat16x2)


@jit
def cmp_kernel(hx, hy, hq, hm, bx, by, bq, bm):
    cmp_half_vf[32](hx, hy, hq, hm)
    cmp_bf16_vf[32](bx, by, bq, bm)


def _operands(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """64 x and y components: every order, equal values, +0 / -0, infinities, NaN on
    either side and both, then random ones with some equal."""
    special = [(1, 2), (2, 1), (1, 1), (0.0, -0.0), (np.nan, 1), (1, np.nan), (np.nan, np.nan),
               (np.inf, np.inf), (-np.inf, np.inf), (np.inf, 60000), (-1, -2), (-2, -2),
               (np.nan, -np.inf), (-0.0, 0.0), (3.5, 3.5), (-np.inf, -np.inf)]  # fmt: skip
    rng = np.random.default_rng(seed)
    x = rng.integers(-4, 5, 64).astype(np.float32) / 2
    y = rng.integers(-4, 5, 64).astype(np.float32) / 2
    # (each special pair once as the first component, once as the second)
    for i, (a, b) in enumerate(special):
        x[2 * i], y[2 * i] = a, b
        x[2 * (i + 16) + 1], y[2 * (i + 16) + 1] = a, b
    return x, y


def _relation(p: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        rel = {"eq": a == b, "ne": a != b, "le": a <= b, "ge": a >= b, "lt": a < b, "gt": a > b}
        nan = np.isnan(a) | np.isnan(b)
        return (rel[p[:2]] | nan) if p.endswith("u") else (rel[p[:2]] & ~nan)


def test_every_comparison_ordered_and_unordered():
    x, y = _operands(3)
    hx, hy = x.astype(np.float16), y.astype(np.float16)
    bx, by = _bf16_bits(x), _bf16_bits(y)
    hq, bq = np.zeros(12 * N * 2, np.float16), np.zeros(12 * N * 2, np.uint16)
    hm, bm = np.zeros(36 * N, np.uint32), np.zeros(36 * N, np.uint32)
    cmp_kernel[1](hx, hy, hq, hm, bx, by, bq, bm, platform=SOC)
    for what, q, m in (("half2", hq, hm), ("bfloat16x2", _bf16(bq), bm)):
        q, m = q.reshape(N, 12, 2).astype(np.float64), m.reshape(N, 36)
        a, b = x.reshape(N, 2), y.reshape(N, 2)  # (exact in half and bfloat16)
        for i, p in enumerate(PREDICATES):
            r = _relation(p, a, b)
            _same(q[:, i], r.astype(np.float64), f"{what} h{p}x2")
            mask = np.where(r[:, 0], 0xFFFF, 0) | np.where(r[:, 1], 0xFFFF0000, 0)
            assert list(m[:, i]) == list(mask), f"{what} h{p}x2_mask"
            assert list(m[:, 12 + i]) == list(r.all(axis=1).astype(int)), f"{what} hb{p}x2"
            assert list(m[:, 24 + i]) == list(r[:, 0].astype(int)), f"{what} h{p}"


# -- the half / bfloat16_t math, arithmetic and pair building ------------------------------

MATH = ("h2cos", "h2sin", "h2tanh", "h2exp2", "h2exp10", "h2log", "h2log2", "h2rcp",
        "h2floor", "h2rint", "h2ceil", "h2trunc")  # fmt: skip
Q = 19  # pair results a thread writes
H = 8  # scalar results


@S.vf(launch_bounds=32)
def half_vf(px: S.Pointer, py: S.Pointer, pq: S.Pointer, hs: S.Pointer, m: S.Pointer,
            il: S.Pointer, ol: S.Pointer):  # fmt: skip
    t = S.thread_idx.x
    v = px.cast(S.half2)[t]
    w = py.cast(S.half2)[t]
    q = pq.cast(S.half2)
    o = Q * t
    q[o] = S.h2cos(v)
    q[o + 1] = S.h2sin(v)
    q[o + 2] = S.h2tanh(v)
    q[o + 3] = S.h2exp2(v)
    q[o + 4] = S.h2exp10(v)
    q[o + 5] = S.h2log(v)
    q[o + 6] = S.h2log2(v)
    q[o + 7] = S.h2rcp(v)
    q[o + 8] = S.h2floor(v)
    q[o + 9] = S.h2rint(v)
    q[o + 10] = S.h2ceil(v)
    q[o + 11] = S.h2trunc(v)
    q[o + 12] = S.isnanx2(v)
    q[o + 13] = S.hminx2(v, w)
    q[o + 14] = S.hmaxx2_nan(v, w)
    q[o + 15] = S.halves2half2(v.y, w.x)
    q[o + 16] = S.high2half2(v)
    q[o + 17] = S.lows2half2(v, w)
    q[o + 18] = S.lowhigh2highlow(w)
    h = H * t
    hs[h] = S.hsub(v.x, w.x)
    hs[h + 1] = S.hmul(v.x, w.x)
    hs[h + 2] = S.hmax_nan(v.x, w.x)
    hs[h + 3] = S.hmin_nan(v.x, w.x)
    hs[h + 4] = S.hneg(v.x)
    hs[h + 5] = S.hlog10(v.x)
    hs[h + 6] = S.low2half(w)
    hs[h + 7] = S.high2half(w)
    m[2 * t] = S.hisinf(v.x)
    m[2 * t + 1] = S.hisinf(v.y)
    ol[t] = S.labs(il[t])


@S.vf(launch_bounds=32)
def bf16_vf(px: S.Pointer, py: S.Pointer, pq: S.Pointer, pbits: S.Pointer, m: S.Pointer):
    t = S.thread_idx.x
    v = px.cast(S.bfloat16x2)[t]
    w = py.cast(S.bfloat16x2)[t]
    q = pq.cast(S.bfloat16x2)
    hs = pbits.cast(asc.bfloat16)
    o = Q * t
    q[o] = S.h2cos(v)
    q[o + 1] = S.h2sin(v)
    q[o + 2] = S.h2tanh(v)
    q[o + 3] = S.h2exp2(v)
    q[o + 4] = S.h2exp10(v)
    q[o + 5] = S.h2log(v)
    q[o + 6] = S.h2log2(v)
    q[o + 7] = S.h2rcp(v)
    q[o + 8] = S.h2floor(v)
    q[o + 9] = S.h2rint(v)
    q[o + 10] = S.h2ceil(v)
    q[o + 11] = S.h2trunc(v)
    q[o + 12] = S.isnanx2(v)
    q[o + 13] = S.hminx2(v, w)
    q[o + 14] = S.hmaxx2_nan(v, w)
    q[o + 15] = S.halves2bfloat162(v.y, w.x)
    q[o + 16] = S.highs2bfloat162(v, w)
    q[o + 17] = S.floats2bfloat162_rn(S.bfloat162float(v.x) * 3.0, S.bfloat162float(w.y) / 3.0)
    h = H * t
    hs[h] = S.hsub(v.x, w.x)
    hs[h + 1] = S.hmul(v.x, w.x)
    hs[h + 2] = S.hmax_nan(v.x, w.x)
    hs[h + 3] = S.hmin_nan(v.x, w.x)
    hs[h + 4] = S.hneg(v.x)
    hs[h + 5] = S.hlog10(v.x)
    hs[h + 6] = S.low2bfloat16(S.bfloat162bfloat162(w.y))
    hs[h + 7] = S.ushort_as_bfloat16(t + 16256)  # (0x3F80 + t: 1.0, 1 + 2^-7, ...)
    q[o + 18] = S.low2bfloat162(v)
    m[2 * t] = S.hisinf(v.x)
    m[2 * t + 1] = S.hisinf(v.y)


@jit
def half_kernel(hx, hy, hq, hs, hm, il, ol, bx, by, bq, bs, bm):
    half_vf[32](hx, hy, hq, hs, hm, il, ol)
    bf16_vf[32](bx, by, bq, bs, bm)


def _math_operands() -> tuple[np.ndarray, np.ndarray]:
    x = np.array(
        [0.5, -0.5, 1.5, 2.5, -2.5, 0.0, -0.0, np.nan, np.inf, -np.inf, 60000, 6e-8, 1e-3,
         -1e-3, 0.01, 3.140625, -3.140625, 10, -10, 100, 4.5, -4.5, 0.1, 2, 7.25, -0.75,
         0.2, 20, -20, 1.0, -1.0, 0.046875],
        np.float32,
    )  # fmt: skip
    rng = np.random.default_rng(5)
    x = np.concatenate([x, rng.uniform(-8, 8, 32).astype(np.float32)])
    y = rng.uniform(-8, 8, 64).astype(np.float32)
    y[[1, 8, 20, 33]] = [np.nan, np.inf, np.nan, -np.inf]
    return x, y


def _via_float(fn, x: np.ndarray) -> np.ndarray:
    """The header's `__cvt_T(fnf(__cvt_float(x)))`: fn in float64, rounded to float."""
    with np.errstate(all="ignore"):
        return fn(x.astype(np.float64)).astype(np.float32)


def _math_refs(x32: np.ndarray, in_t) -> dict:
    """Each MATH function's float result (before its rounding to T) of the components."""
    f32 = np.float32
    with np.errstate(all="ignore"):
        log2 = _via_float(np.log, x32) / f32(np.log(2.0))  # (logf(x) / logf(2.0f), in float)
        return {
            "h2cos": _via_float(np.cos, x32),
            "h2sin": _via_float(np.sin, x32),
            # (math_functions_impl.h's tanhf: 1.0f - 2.0f / (expf(2.0f * x) + 1.0f), in
            # float: tanh of a tiny x is 0, of -0 is +0)
            "h2tanh": f32(1) - f32(2) / (_via_float(np.exp, f32(2) * x32) + f32(1)),
            "h2exp2": _via_float(np.exp2, x32),
            "h2exp10": _via_float(lambda v: 10.0**v, x32),
            "h2log": _via_float(np.log, x32),
            "h2log2": log2,
            "h2rcp": f32(1) / x32,  # (T(1) / x: one division, rounded to T below)
            "h2floor": np.floor(x32),
            "h2rint": np.rint(x32),
            "h2ceil": np.ceil(x32),
            "h2trunc": np.trunc(x32),
        }


def _to_half(v) -> np.ndarray:
    with np.errstate(over="ignore"):  # (past 65504: inf, as __cvt_half rounds it)
        return np.asarray(v, np.float32).astype(np.float16)


def _nan_max(a, b):
    with np.errstate(invalid="ignore"):
        return np.where(np.isnan(a) | np.isnan(b), np.nan, np.maximum(a, b))


def _nan_min(a, b):
    with np.errstate(invalid="ignore"):
        return np.where(np.isnan(a) | np.isnan(b), np.nan, np.minimum(a, b))


def test_half_and_bfloat16_functions_against_numpy():
    x, y = _math_operands()
    hx, hy = x.astype(np.float16), y.astype(np.float16)
    bx, by = _bf16_bits(x), _bf16_bits(y)
    il = np.array([5, -5, 0, -(2**63), 2**63 - 1, -(2**40)] * 5 + [1, -1], np.int64)
    outs = dict(
        hq=np.zeros(Q * N * 2, np.float16), hs=np.zeros(H * N, np.float16),
        hm=np.zeros(2 * N, np.uint32), ol=np.zeros(N, np.int64),
        bq=np.zeros(Q * N * 2, np.uint16), bs=np.zeros(H * N, np.uint16),
        bm=np.zeros(2 * N, np.uint32),
    )  # fmt: skip
    with np.errstate(all="ignore"):
        half_kernel[1](hx, hy, outs["hq"], outs["hs"], outs["hm"], il, outs["ol"], bx, by,
                       outs["bq"], outs["bs"], outs["bm"], platform=SOC)  # fmt: skip
    # labs: |x|, LLONG_MIN's as C's two's complement leaves it
    assert list(outs["ol"]) == [abs(int(v)) if v != -(2**63) else -(2**63) for v in il]
    to_bf16 = lambda v: _bf16(_bf16_bits(v))  # noqa: E731
    cases = (
        ("half", hx.astype(np.float32), hy.astype(np.float32), outs["hq"], outs["hs"],
         outs["hm"], _to_half),
        ("bfloat16", _bf16(bx), _bf16(by), _bf16(outs["bq"]), _bf16(outs["bs"]), outs["bm"],
         to_bf16),
    )  # fmt: skip
    for what, a, b, q, hs, m, to_t in cases:
        q, hs = q.reshape(N, Q, 2), hs.reshape(N, H)
        v, w = a.reshape(N, 2), b.reshape(N, 2)
        for i, (name, ref) in enumerate(_math_refs(a, None).items()):
            _same(q[:, i], to_t(ref).reshape(N, 2), f"{what} {name}")
        _same(q[:, 12], np.isnan(v).astype(np.float64), f"{what} isnanx2")
        _same(q[:, 13], np.fmin(v, w), f"{what} hminx2")
        _same(q[:, 14], _nan_max(v, w), f"{what} hmaxx2_nan")
        _same(q[:, 15], np.stack([v[:, 1], w[:, 0]], axis=1), f"{what} halves2")
        if what == "half":
            _same(q[:, 16], np.stack([v[:, 1], v[:, 1]], axis=1), "high2half2")
            _same(q[:, 17], np.stack([v[:, 0], w[:, 0]], axis=1), "lows2half2")
            _same(hs[:, 6], w[:, 0], "low2half")
            _same(hs[:, 7], w[:, 1], "high2half")
            _same(q[:, 18], w[:, ::-1], "lowhigh2highlow")
        else:
            _same(q[:, 16], np.stack([v[:, 1], w[:, 1]], axis=1), "highs2bfloat162")
            f = np.stack([v[:, 0] * np.float32(3), w[:, 1] / np.float32(3)], axis=1)
            _same(q[:, 17], to_bf16(f), "floats2bfloat162_rn")
            _same(hs[:, 6], w[:, 1], "bfloat162bfloat162")
            _same(q[:, 18], np.stack([v[:, 0], v[:, 0]], axis=1), "low2bfloat162")
            _same(hs[:, 7], _bf16(0x3F80 + np.arange(N)), "ushort_as_bfloat16")
        vx, wx = v[:, 0].astype(np.float64), w[:, 0].astype(np.float64)
        with np.errstate(all="ignore"):
            exact = {"hsub": vx - wx, "hmul": vx * wx}  # (exact in float64)
            for j, name in enumerate(exact):
                want = [_round(e, what, "rn") if np.isfinite(e) else e for e in exact[name]]
                _same(hs[:, j], want, f"{what} {name}")
            _same(hs[:, 2], _nan_max(vx, wx), f"{what} hmax_nan")
            _same(hs[:, 3], _nan_min(vx, wx), f"{what} hmin_nan")
            _same(hs[:, 4], -vx, f"{what} hneg")
            log10 = _via_float(np.log, v[:, 0]) / np.float32(np.log(10.0))
            _same(hs[:, 5], to_t(log10), f"{what} hlog10")
        assert list(m) == list(np.isinf(a).astype(int)), f"{what} hisinf"


# -- pair shuffles, atomics and cache-hinted loads / stores --------------------------------

A = 7  # atomic slots a thread owns: add, sub, exch, max, min, cas (equal), cas (not)


@S.vf(launch_bounds=32)
def half2_mem_vf(px: S.Pointer, pacc: S.Pointer, pold: S.Pointer, psh: S.Pointer,
                 pc: S.Pointer, pall: S.Pointer):  # fmt: skip
    t = S.thread_idx.x
    x = px.cast(S.half2)
    v = x[t]
    a = pacc.cast(S.half2)
    r = pold.cast(S.half2)
    o = A * t
    r[o] = S.atomic_add(a, o, v)
    r[o + 1] = S.atomic_sub(a, o + 1, v)
    r[o + 2] = S.atomic_exch(a, o + 2, v)
    r[o + 3] = S.atomic_max(a, o + 3, v)
    r[o + 4] = S.atomic_min(a, o + 4, v)
    r[o + 5] = S.atomic_cas(a, o + 5, S.ldcg(a, o + 5), v)
    r[o + 6] = S.atomic_cas(a, o + 6, v, v)
    s = psh.cast(S.half2)
    s[4 * t] = S.shfl(v, 31 - t)
    s[4 * t + 1] = S.shfl_up(v, 3)
    s[4 * t + 2] = S.shfl_down(v, 5, 16)
    s[4 * t + 3] = S.shfl_xor(v, 6)
    c = pc.cast(S.half2)
    S.stcg(c, 2 * t, S.ldca(x, 31 - t))
    S.stwt(c, 2 * t + 1, S.ldcg(x, t))
    S.atomic_add(pall.cast(S.half2), 0, v)


@S.vf(launch_bounds=32)
def bf16x2_mem_vf(px: S.Pointer, pacc: S.Pointer, pold: S.Pointer, psh: S.Pointer,
                  pc: S.Pointer, pall: S.Pointer):  # fmt: skip
    t = S.thread_idx.x
    x = px.cast(S.bfloat16x2)
    v = x[t]
    a = pacc.cast(S.bfloat16x2)
    r = pold.cast(S.bfloat16x2)
    o = A * t
    r[o] = S.atomic_add(a, o, v)
    r[o + 1] = S.atomic_sub(a, o + 1, v)
    r[o + 2] = S.atomic_exch(a, o + 2, v)
    r[o + 3] = S.atomic_max(a, o + 3, v)
    r[o + 4] = S.atomic_min(a, o + 4, v)
    r[o + 5] = S.atomic_cas(a, o + 5, S.ldcg(a, o + 5), v)
    r[o + 6] = S.atomic_cas(a, o + 6, v, v)
    s = psh.cast(S.bfloat16x2)
    s[4 * t] = S.shfl(v, 31 - t)
    s[4 * t + 1] = S.shfl_up(v, 3)
    s[4 * t + 2] = S.shfl_down(v, 5, 16)
    s[4 * t + 3] = S.shfl_xor(v, 6)
    c = pc.cast(S.bfloat16x2)
    S.stcg(c, 2 * t, S.ldca(x, 31 - t))
    S.stwt(c, 2 * t + 1, S.ldcg(x, t))
    S.atomic_add(pall.cast(S.bfloat16x2), 0, v)


@jit
def mem_kernel(hx, hacc, hold, hsh, hc, hall, bx, bacc, bold, bsh, bc, ball):
    half2_mem_vf[32](hx, hacc, hold, hsh, hc, hall)
    bf16x2_mem_vf[32](bx, bacc, bold, bsh, bc, ball)


def test_pair_shuffles_atomics_and_cached_accesses():
    rng = np.random.default_rng(9)
    x = (rng.integers(-40, 41, 64) / 8).astype(np.float32)  # (exact in both types)
    x[[5, 6]] = [1e-3, 3.3]  # (sums that round)
    init = (rng.integers(-40, 41, A * N * 2) / 8).astype(np.float32)
    init.reshape(N, A, 2)[:, 6] = x.reshape(N, 2) + 1  # (cas: never equal)
    h = dict(x=x.astype(np.float16), acc=init.astype(np.float16))
    b = dict(x=_bf16_bits(x), acc=_bf16_bits(init))
    for d, dtype in ((h, np.float16), (b, np.uint16)):
        d.update(old=np.zeros(A * N * 2, dtype), sh=np.zeros(4 * N * 2, dtype),
                 c=np.zeros(2 * N * 2, dtype), all=np.zeros(2, dtype))  # fmt: skip
    keys = ("x", "acc", "old", "sh", "c", "all")
    mem_kernel[1](*(h[k] for k in keys), *(b[k] for k in keys), platform=SOC)
    for what, d, value, to_t in (
        ("half2", h, lambda a: a.astype(np.float32), _to_half),
        ("bfloat16x2", b, _bf16, lambda v: _bf16(_bf16_bits(v))),
    ):
        v = value(d["x"]).reshape(N, 2)
        start = to_t(init).astype(np.float32).reshape(N, A, 2)
        acc, old = value(d["acc"]).reshape(N, A, 2), value(d["old"]).reshape(N, A, 2)
        _same(old, start, f"{what} atomics' old values")  # (each slot: one thread's)
        stored = {
            0: to_t(start[:, 0] + v),  # (exact in float32, rounded once to T)
            1: to_t(start[:, 1] - v),
            2: v,
            3: np.maximum(start[:, 3], v),
            4: np.minimum(start[:, 4], v),
            5: v,
            6: start[:, 6],
        }
        for k, want in stored.items():
            _same(acc[:, k], want, f"{what} atomic slot {k}")
        lane = np.arange(N)
        sh = value(d["sh"]).reshape(N, 4, 2)
        _same(sh[:, 0], v[31 - lane], f"{what} shfl")
        _same(sh[:, 1], v[np.where(lane >= 3, lane - 3, lane)], f"{what} shfl_up")
        _same(sh[:, 2], v[np.where(lane % 16 + 5 < 16, lane + 5, lane)], f"{what} shfl_down")
        _same(sh[:, 3], v[lane ^ 6], f"{what} shfl_xor")
        c = value(d["c"]).reshape(N, 2, 2)
        _same(c[:, 0], v[31 - lane], f"{what} ldca / stcg")
        _same(c[:, 1], v, f"{what} ldcg / stwt")
        running = np.zeros(2, np.float32)  # (the shared add: in lane order, each sum
        for pair in v:  # rounded to T)
            running = to_t(running + pair).astype(np.float32)
        _same(value(d["all"]), running, f"{what} shared atomic_add")


@S.vf(launch_bounds=32)
def group_pair_vf(ph: S.Pointer, pb: S.Pointer, oh: S.Pointer, ob: S.Pointer):
    t = S.thread_idx.x
    cg = S.cooperative_groups
    tile = cg.tiled_partition(cg.this_thread_block(), 8)
    v = ph.cast(S.half2)[t]
    q = oh.cast(S.half2)
    q[4 * t] = tile.shfl(v, 2)
    q[4 * t + 1] = tile.shfl_up(v, 3)
    q[4 * t + 2] = tile.shfl_down(v, 1)
    q[4 * t + 3] = tile.shfl_xor(v, 5)
    w = pb.cast(S.bfloat16x2)[t]
    r = ob.cast(S.bfloat16x2)
    g = cg.coalesced_threads()
    r[3 * t] = g.shfl(w, 33)
    r[3 * t + 1] = g.shfl_up(w, 2)
    r[3 * t + 2] = g.shfl_down(w, 4)


@jit
def group_pair_kernel(ph, pb, oh, ob):
    group_pair_vf[32](ph, pb, oh, ob)


def test_cooperative_group_shuffles_of_pairs():
    rng = np.random.default_rng(4)
    x = (rng.integers(-60, 61, 64) / 4).astype(np.float32)
    h, b = x.astype(np.float16), _bf16_bits(x)
    oh, ob = np.zeros(4 * N * 2, np.float16), np.zeros(3 * N * 2, np.uint16)
    group_pair_kernel[1](h, b, oh, ob, platform=SOC)
    v, lane = x.reshape(N, 2), np.arange(N)
    rank, base = lane % 8, lane - lane % 8
    q = oh.astype(np.float32).reshape(N, 4, 2)
    _same(q[:, 0], v[base + 2], "tile.shfl")
    _same(q[:, 1], v[np.where(rank >= 3, lane - 3, lane)], "tile.shfl_up")
    _same(q[:, 2], v[np.where(rank + 1 < 8, lane + 1, lane)], "tile.shfl_down")
    _same(q[:, 3], v[base + (rank ^ 5)], "tile.shfl_xor")
    r = _bf16(ob).reshape(N, 3, 2)
    _same(r[:, 0], v[np.full(N, 33 % 32)], "coalesced_group.shfl")
    _same(r[:, 1], v[np.where(lane >= 2, lane - 2, lane)], "coalesced_group.shfl_up")
    _same(r[:, 2], v[np.where(lane + 4 < N, lane + 4, lane)], "coalesced_group.shfl_down")
