"""The 8-bit float pairs of asc_fp8.h (hifloat8x2_t, float8_e4m3x2_t, float8_e5m2x2_t)
and their 13 conversions (`__float22hif82_*`, `__half22hif82_*`, `__hif822float2`,
`__hif822half2`, `__e4m3x22float2`, `__e5m2x22float2`, `__asc_cvt_float2_to_fp8x2`), run
on the simulator against an exact reference decoder / encoder written here, and their
misuse."""

from __future__ import annotations

import math

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.jit import jit

SOC = "Ascend950PR_9599"
S = asc.simt
N = 32


@S.vf(launch_bounds=32)
def fp8x2_vf(pf: S.Pointer, ph: S.Pointer, p8: S.Pointer, of: S.Pointer, oh: S.Pointer,
             ou: S.Pointer, ob: S.Pointer):  # fmt: skip
    t = S.thread_idx.x
    f = S.make_float2(pf[2 * t], pf[2 * t + 1])
    h = ph.cast(S.half2)[t]
    k = 20 * t
    a = S.hif822float2(S.float22hif82_rna(f))
    of[k], of[k + 1] = a.x, a.y
    a = S.hif822float2(S.float22hif82_rna_sat(f))
    of[k + 2], of[k + 3] = a.x, a.y
    a = S.hif822float2(S.float22hif82_rh(f))
    of[k + 4], of[k + 5] = a.x, a.y
    a = S.hif822float2(S.float22hif82_rh_sat(f))
    of[k + 6], of[k + 7] = a.x, a.y
    a = S.hif822float2(S.half22hif82_rna(h))
    of[k + 8], of[k + 9] = a.x, a.y
    a = S.hif822float2(S.half22hif82_rna_sat(h))
    of[k + 10], of[k + 11] = a.x, a.y
    a = S.hif822float2(S.half22hif82_rh(h))
    of[k + 12], of[k + 13] = a.x, a.y
    a = S.hif822float2(S.half22hif82_rh_sat(h))
    of[k + 14], of[k + 15] = a.x, a.y
    a = S.e4m3x22float2(p8.cast(S.float8_e4m3x2_t)[t])
    of[k + 16], of[k + 17] = a.x, a.y
    a = S.e5m2x22float2(p8.cast(S.float8_e5m2x2_t)[t])
    of[k + 18], of[k + 19] = a.x, a.y
    oh.cast(S.half2)[t] = S.hif822half2(S.float22hif82_rna(f))
    j = 4 * t
    ou[j] = S.cvt_float2_to_fp8x2(f, S.ASC_NOSAT, S.ASC_E4M3)
    ou[j + 1] = S.cvt_float2_to_fp8x2(f, S.ASC_SATFINITE, S.ASC_E4M3)
    ou[j + 2] = S.cvt_float2_to_fp8x2(f, S.ASC_NOSAT, S.ASC_E5M2)
    ou[j + 3] = S.cvt_float2_to_fp8x2(f, S.ASC_SATFINITE, S.ASC_E5M2)
    ob.cast(S.hifloat8x2_t)[t] = S.float22hif82_rh_sat(f)  # (the codes themselves)


@jit
def fp8x2_kernel(pf, ph, p8, of, oh, ou, ob):
    fp8x2_vf[32](pf, ph, p8, of, oh, ou, ob)


# -- the reference: each format decoded from its definition, encoded by search ----------


def _hif8(code: int) -> float:
    """HiFloat8: sign, a dot field (11, 10, 01, 001, 0001, 0000) giving the exponent's
    width (4, 3, 2, 1, 0; 0000: denormal 2^(M - 23)), the exponent in sign-magnitude with
    an implicit leading 1, the rest mantissa; 0x80 NaN, 0x6F / 0xEF +-infinity."""
    if code == 0x80:
        return math.nan
    sign = -1.0 if code & 0x80 else 1.0
    if code & 0x7F == 0x6F:
        return sign * math.inf
    bits = format(code & 0x7F, "07b")
    for dot, width in (("11", 4), ("10", 3), ("01", 2), ("001", 1), ("0001", 0)):
        if bits.startswith(dot):
            rest = bits[len(dot) :]
            e_bits, m_bits = rest[:width], rest[width:]
            e = 0 if width == 0 else int("1" + e_bits[1:], 2) * (-1 if e_bits[0] == "1" else 1)
            return sign * (1 + int(m_bits, 2) / 2 ** len(m_bits)) * 2.0**e
    m = int(bits[4:], 2)
    return 0.0 if m == 0 else sign * 2.0 ** (m - 23)


def _ieee(code: int, e_bits: int, bias: int, e4m3: bool) -> float:
    sign = -1.0 if code & 0x80 else 1.0
    m_bits = 7 - e_bits
    e, m = (code & 0x7F) >> m_bits, code & ((1 << m_bits) - 1)
    if e4m3 and code & 0x7F == 0x7F:
        return math.nan
    if not e4m3 and e == (1 << e_bits) - 1:
        return sign * math.inf if m == 0 else math.nan
    if e == 0:
        return sign * m / (1 << m_bits) * 2.0 ** (1 - bias)
    return sign * (1 + m / (1 << m_bits)) * 2.0 ** (e - bias)


DECODE = {
    "hif8": [_hif8(c) for c in range(256)],
    "e4m3": [_ieee(c, 4, 7, True) for c in range(256)],
    "e5m2": [_ieee(c, 5, 15, False) for c in range(256)],
}
# (format -> |x| at which a value overflows, and whether the edge itself does: asc-tools'
# simt_stub.h thresholds, the midpoints past the largest finite value; the codes of NaN,
# +infinity unsaturated (e4m3fn: NaN, unsigned) and +largest)
LIMITS = {
    "hif8": (40960.0, True, 0x80, 0x6F, 0x6E),
    "e4m3": (464.0, False, 0x7F, 0x7F, 0x7E),
    "e5m2": (61440.0, True, 0x7F, 0x7C, 0x7B),
}


def _encode(x: float, fmt: str, ties_away: bool, sat: bool) -> int:
    """x's code: nearest finite value (ties away from zero, or to the even code),
    asc-tools' overflow and saturation rules; HiFloat8 has no -0."""
    edge, edge_over, nan, inf, big = LIMITS[fmt]
    if math.isnan(x):
        return 0 if sat else nan
    neg = math.copysign(1.0, x) < 0
    a = abs(x)
    if a > edge or (a == edge and edge_over):
        code = big if sat else inf
        return code if fmt == "e4m3" and not sat else code | (0x80 if neg else 0)
    values = DECODE[fmt]
    best = min(
        (c for c in range(128) if math.isfinite(values[c])),
        key=lambda c: (abs(values[c] - a), -values[c] if ties_away else c & 1),
    )
    if fmt == "hif8":
        return best | (0x80 if neg and best else 0)
    return best | (0x80 if neg else 0)


def _value(code: int, fmt: str) -> float:
    return DECODE[fmt][code]


def _same(got, want, what: str) -> None:
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    nan = np.isnan(want)
    bad = ((got != want) | (np.signbit(got) != np.signbit(want))) & ~nan
    bad |= np.isnan(got) != nan
    assert not bad.any(), f"{what}: at {np.flatnonzero(bad)} got {got[bad]} want {want[bad]}"


def _ties(fmt: str, rng, n: int) -> list[float]:
    """n midpoints of adjacent positive finite values of `fmt` (signs mixed)."""
    grid = sorted(v for v in DECODE[fmt][:128] if math.isfinite(v))
    k = rng.choice(len(grid) - 1, n, replace=False)
    return [(grid[i] + grid[i + 1]) / 2 * (-1) ** i for i in k]


def test_fp8_pair_conversions_against_an_exact_reference():
    rng = np.random.default_rng(8)
    x = (np.exp(rng.uniform(-30, 12, 2 * N)) * rng.choice([-1, 1], 2 * N)).astype(np.float32)
    special = [np.nan, np.inf, -np.inf, -0.0, 464, -464, 465, 61440, 61439, -40960,
               40959.996, 32768, 36000, 1e-8, 3e-7, 2.0**-20, 3 * 2.0**-9, 3 * 2.0**-16,
               1e5]  # fmt: skip
    ties = [*_ties("hif8", rng, 5), *_ties("e4m3", rng, 4), *_ties("e5m2", rng, 4)]
    x[: len(special) + len(ties)] = special + ties
    assert np.all(np.float32(ties) == ties)  # (exact in float32)
    h = (np.exp(rng.uniform(-17, 11, 2 * N)) * rng.choice([-1, 1], 2 * N)).astype(np.float16)
    h[:10] = [np.nan, np.inf, -np.inf, 65504, -40960, 40928, -0.0, 2.0**-20, 1.0625, -3.5]
    q = rng.integers(0, 256, 2 * N).astype(np.uint8)
    q[:8] = [0x7F, 0x7C, 0xFC, 0x80, 0x01, 0x7E, 0xFF, 0x7B]
    of, oh = np.zeros(20 * N, np.float32), np.zeros(2 * N, np.float16)
    ou, ob = np.zeros(4 * N, np.uint16), np.zeros(2 * N, np.uint8)
    fp8x2_kernel[1](x, h, q, of, oh, ou, ob, platform=SOC)
    want = [_encode(float(v), "hif8", True, True) for v in x]
    np.testing.assert_array_equal(ob, want, err_msg="__float22hif82_rh_sat codes")
    o = of.reshape(N, 20)
    for k, (src, sat) in enumerate(((x, False), (x, True)) * 2 + ((h, False), (h, True)) * 2):
        want = [_value(_encode(float(v), "hif8", True, sat), "hif8") for v in src]
        # (rh, HYBRID, is simulated as rna: docs/fp8.md)
        _same(o[:, 2 * k : 2 * k + 2].ravel(), want, f"hif82 column {k}")
    _same(o[:, 16:18].ravel(), [_value(int(c), "e4m3") for c in q], "__e4m3x22float2")
    _same(o[:, 18:20].ravel(), [_value(int(c), "e5m2") for c in q], "__e5m2x22float2")
    with np.errstate(over="ignore"):  # (an encoded value is exact in float32 and half)
        _same(oh, np.float16(o[:, :2].ravel()), "__hif822half2")
    codes = ou.reshape(N, 4)
    for k, (sat, fmt) in enumerate(
        ((False, "e4m3"), (True, "e4m3"), (False, "e5m2"), (True, "e5m2"))
    ):
        want = [_encode(float(a), fmt, False, sat) | _encode(float(b), fmt, False, sat) << 8
                for a, b in x.reshape(N, 2)]  # fmt: skip
        np.testing.assert_array_equal(codes[:, k], want, err_msg=f"cvt {fmt} sat={sat}")
    # (numpy: an e5m2 code is a half's top byte rounded to nearest even, for the values
    # exact in half's normal range)
    with np.errstate(over="ignore"):
        x16 = x.astype(np.float16)
    pick = (x16 == x) & (np.abs(x) >= 2.0**-14) & (np.abs(x) <= 57344)
    b = x16[pick].view(np.uint16).astype(np.uint32)
    mag = b & 0x7FFF
    numpy_codes = ((mag + 0x7F + ((mag >> 8) & 1)) >> 8) | ((b >> 8) & 0x80)
    got = (codes[:, 2:3].repeat(2, 1) >> np.array([0, 8]) & 0xFF).ravel()[pick]
    assert pick.sum() >= 4
    np.testing.assert_array_equal(got, numpy_codes, err_msg="e5m2 against numpy's half")


@S.vf(launch_bounds=32)
def bad_saturate(p: S.Pointer, o: S.Pointer):
    o[0] = S.cvt_float2_to_fp8x2(S.make_float2(p[0], p[1]), True, S.ASC_E4M3)


@S.vf(launch_bounds=32)
def bad_interpretation(p: S.Pointer, o: S.Pointer):
    o[0] = S.cvt_float2_to_fp8x2(S.make_float2(p[0], p[1]), S.ASC_NOSAT, "E3M4")


@S.vf(launch_bounds=32)
def half2_as_float2(p: S.Pointer, o: S.Pointer):
    q = p.cast(S.half2)[0]
    o.cast(S.hifloat8x2_t)[0] = S.float22hif82_rna(q)


@S.vf(launch_bounds=32)
def wrong_pair(p: S.Pointer, o: S.Pointer):
    q = p.cast(S.hifloat8x2_t)[0]
    o[0] = S.e4m3x22float2(q).x


@S.vf(launch_bounds=32)
def fp8_component(p: S.Pointer, o: S.Pointer):
    q = p.cast(S.float8_e5m2x2_t)[0]
    o[0] = q.y


@jit
def fp8x2_refused(p: asc.GlobalAddress, o: asc.GlobalAddress, case: asc.ConstExpr):
    if case == 0:
        bad_saturate[32](p, o)
    elif case == 1:
        bad_interpretation[32](p, o)
    elif case == 2:
        half2_as_float2[32](p, o)
    elif case == 3:
        wrong_pair[32](p, o)
    else:
        fp8_component[32](p, o)


@pytest.mark.parametrize(
    "case, line, message",
    [
        (0, "S.cvt_float2_to_fp8x2(S.make_float2(p[0], p[1]), True",
         "saturate must be asc.simt.ASC_NOSAT or asc.simt.ASC_SATFINITE, got True"),
        (1, '"E3M4")', "interpretation must be asc.simt.ASC_E4M3 or asc.simt.ASC_E5M2"),
        (2, "S.float22hif82_rna(q)", "must be a float2 value (asc.simt.float2), got half2"),
        (3, "S.e4m3x22float2(q)", "must be a float8_e4m3x2_t value (asc.simt.float8_e4m3x2_t)"
         ", got hifloat8x2_t"),
        (4, "o[0] = q.y", "a float8_e5m2x2_t's components are 8-bit floats, which SIMT code "
         "does not take: convert the pair (asc.simt.e5m2x22float2)"),
    ],
)  # fmt: skip
def test_fp8_pair_misuse_is_a_located_compile_error(case, line, message):
    with pytest.raises(CompileError) as err:
        fp8x2_refused[1](np.zeros(8, np.float32), np.zeros(8, np.float32), case, platform=SOC)
    text = str(err.value)
    assert message in text and line in text, text


def test_ir_refuses_a_bad_fp8x2_interpretation():
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    text = (
        f'builtin.module attributes {{ascendc.soc = "{SOC}"}} {{\n'
        "  func.func @f(%v: !ascendc.vector<float2>) attributes {ascendc.simt_vf = 64 : i32} {\n"
        '    %r = ascendc.simt.cvt_float2_to_fp8x2 %v {interpretation = "E4M3", '
        'saturate = "SAT"} : !ascendc.vector<float2> -> ui16\n'
        "    func.return\n  }\n}\n"
    )
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(
        VerifyException, match="saturate must be one of NOSAT, SATFINITE, not 'SAT'"
    ):
        module.verify()
