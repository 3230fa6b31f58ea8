"""Ascend 950's 8-bit floats (asc_xdsl.utils.float8, asc_xdsl.testing's helpers): the
256-entry decode tables against decoders written here from the formats' definitions
(docs/fp8.md) and hand-derived points, every code through the encoders, and the
encoders' rounding against exact rational arithmetic on the values near every rounding
boundary."""

from __future__ import annotations

import functools
import math
from bisect import bisect_left
from fractions import Fraction

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.runtime.numpy_types import FLOAT8_TAGS
from asc_xdsl.utils import float8

NAN = float("nan")
INF = float("inf")


def _ieee(code: int, ebits: int, mbits: int, bias: int, fn: bool) -> float:
    """An IEEE-style sign/exponent/mantissa code; `fn`: the all-ones code is the only
    non-finite value (e4m3fn), else the top exponent is infinity / NaN (e5m2)."""
    sign = -1.0 if code >> 7 else 1.0
    e = (code >> mbits) & ((1 << ebits) - 1)
    m = code & ((1 << mbits) - 1)
    top = (1 << ebits) - 1
    if fn and e == top and m == (1 << mbits) - 1:
        return NAN
    if not fn and e == top:
        return sign * INF if m == 0 else NAN
    if e == 0:
        return sign * math.ldexp(m, 1 - bias - mbits)
    return sign * math.ldexp((1 << mbits) + m, e - bias - mbits)


def _hif8(code: int) -> float:
    """HiFloat8 from its bit string: sign, dot field (prefix code), exponent in
    sign-magnitude with a hidden leading 1, mantissa."""
    if code == 0:
        return 0.0
    if code == 0x80:
        return NAN
    bits = format(code, "08b")
    sign = -1.0 if bits[0] == "1" else 1.0
    rest = bits[1:]
    for dot, ebits in (("11", 4), ("10", 3), ("01", 2), ("001", 1), ("0001", 0)):
        if rest.startswith(dot):
            field = rest[len(dot) :]
            e, m = field[:ebits], field[ebits:]
            if ebits:
                mag = int("1" + e[1:], 2)
                exp = -mag if e[0] == "1" else mag
            else:
                exp = 0
            if exp == 15 and m == "1":
                return sign * INF
            return sign * (1 + int(m, 2) / 2 ** len(m)) * 2.0**exp
    return sign * 2.0 ** (int(rest[4:], 2) - 23)  # dot 0000: a subnormal


REFERENCE = {
    "float8_e4m3fn": lambda c: _ieee(c, 4, 3, 7, fn=True),
    "float8_e5m2": lambda c: _ieee(c, 5, 2, 15, fn=False),
    "float8_e8m0": lambda c: NAN if c == 0xFF else 2.0 ** (c - 127),
    "hifloat8": _hif8,
}


@pytest.mark.parametrize("name", list(REFERENCE))
def test_decode_table_matches_the_format_definition(name):
    table = float8.decode(np.arange(256, dtype=np.uint8), name, np.float64)
    want = np.array([REFERENCE[name](c) for c in range(256)])
    assert np.array_equal(table, want, equal_nan=True)


POINTS = {
    # (code, value) derived by hand from the bit layouts
    "float8_e4m3fn": [(0x7E, 448.0), (0x01, 2.0**-9), (0x08, 2.0**-6), (0x38, 1.0),
                      (0xB8, -1.0), (0x80, -0.0), (0x7F, NAN), (0xFF, NAN)],
    "float8_e5m2": [(0x7B, 57344.0), (0x01, 2.0**-16), (0x04, 2.0**-14), (0x3C, 1.0),
                    (0x7C, INF), (0xFC, -INF), (0x7D, NAN), (0xFE, NAN)],
    "float8_e8m0": [(0x7F, 1.0), (0x00, 2.0**-127), (0xFE, 2.0**127), (0xFF, NAN)],
    # 0x08: 1.0 (dot 0001); 0x2E: dot 01, exponent +3, mantissa .110 = 14 (the SIMT
    # fp8 page's example); 0x6E: dot 11, exponent +15: the largest, 32768
    "hifloat8": [(0x00, 0.0), (0x08, 1.0), (0x2E, 14.0), (0x6E, 32768.0),
                 (0xEE, -32768.0), (0x01, 2.0**-22), (0x07, 2.0**-16),
                 (0x18, 0.5), (0x6F, INF), (0xEF, -INF), (0x80, NAN)],
}  # fmt: skip


@pytest.mark.parametrize("name", list(POINTS))
def test_known_points(name):
    f = float8.fmt(name)
    for code, value in POINTS[name]:
        got = f.table[code]
        assert (math.isnan(got) and math.isnan(value)) or (
            got == value and math.copysign(1, got) == math.copysign(1, value)
        ), (hex(code), got, value)
    finite = [v for _c, v in POINTS[name] if math.isfinite(v)]
    assert f.max == max(finite)
    assert f.min_subnormal == min(v for v in finite if v > 0)
    assert dt.FLOAT_LIMITS[name][0] == f.max


@pytest.mark.parametrize("name", list(REFERENCE))
@pytest.mark.parametrize("mode", ["rint", "round", "trunc"])
def test_every_code_encodes_to_itself(name, mode):
    codes = np.arange(256, dtype=np.uint8)
    values = float8.fmt(name).table
    got = float8.encode(values, name, mode)
    finite = ~np.isnan(values)
    assert np.array_equal(got[finite], codes[finite])
    # NaN: the format's NaN unsaturated, 0 saturated
    assert np.all(np.isnan(float8.decode(got[~finite], name)))
    assert np.all(float8.encode(values[~finite], name, mode, saturate=True) == 0)


@functools.cache
def _reference_grid(name: str) -> tuple[list, list, list]:
    """(decoded table, the positive codes' (value, code) ascending then the overflow
    step (value, None), the grid's values) of a format."""
    table = [REFERENCE[name](c) for c in range(256)]
    pos = sorted((Fraction(table[c]), c) for c in range(128) if math.isfinite(table[c]))
    beyond = {"float8_e4m3fn": 480, "float8_e5m2": 65536, "hifloat8": 49152}[name]
    grid = [*pos, (Fraction(beyond), None)]
    if name == "hifloat8":
        grid[0] = (Fraction(2) ** -23, 0)  # (the cut 1.5 * 2^-23 is its midpoint with 2^-22)
    return table, grid, [g[0] for g in grid]


def _reference_encode(x: float, name: str, mode: str, saturate: bool) -> float:
    """The value `x` converts to, by exact rational arithmetic over the decoded values:
    the nearest (ties: the even code for rint, away from zero for round), where the
    step after the largest finite value (its pattern's next value) means overflow;
    HiFloat8 rounds to zero below 1.5 * 2^-23, its cut."""
    table, grid, values = _reference_grid(name)
    top = grid[-2][0]
    if math.isnan(x):
        return 0.0 if saturate else NAN
    sign = -1.0 if math.copysign(1, x) < 0 else 1.0
    if math.isinf(x):
        return sign * float(top) if saturate else (NAN if name == "float8_e4m3fn" else sign * INF)
    a = Fraction(abs(x))
    i = bisect_left(values, a)
    if i < len(values) and values[i] == a:
        pick = grid[i]
    elif i == 0:
        pick = grid[0]
    elif i == len(values):
        pick = (None, None)
    else:
        lo, hi = grid[i - 1], grid[i]
        if a - lo[0] != hi[0] - a:
            pick = lo if a - lo[0] < hi[0] - a else hi
        elif mode == "round":
            pick = hi
        else:  # ties to even: the even code; the overflow step of e5m2 is infinity's (even)
            hi_even = (hi[1] % 2 == 0) if hi[1] is not None else name == "float8_e5m2"
            pick = hi if hi_even else lo
    if pick[1] is None:  # overflow
        return sign * float(top) if saturate else (NAN if name == "float8_e4m3fn" else sign * INF)
    value = float(table[pick[1]])
    return 0.0 if (value == 0 and name == "hifloat8") else sign * value


def _boundary_samples(name: str) -> np.ndarray:
    """Every midpoint between neighbouring positive values (and the cut / overflow
    edges), the float32 values either side of each, a few random ones; both signs."""
    f = float8.fmt(name)
    grid = f.grid[1:] if name == "hifloat8" else f.grid
    mids = (grid[:-1] + grid[1:]) / 2
    edges = np.concatenate([mids, [1.5 * 2.0**-23, f.max, 2.0**-30, 1e30]]).astype(np.float32)
    near = np.concatenate(
        [edges, np.nextafter(edges, np.float32(np.inf)), np.nextafter(edges, np.float32(0))]
    )
    rng = np.random.default_rng(7)
    spread = (rng.standard_normal(64) * 2.0 ** rng.integers(-20, 16, 64)).astype(np.float32)
    both = np.concatenate([near, -near, spread, [0.0, -0.0, np.inf, -np.inf, np.nan]])
    return both.astype(np.float32)


@pytest.mark.parametrize(
    ("name", "mode"),
    [("float8_e4m3fn", "rint"), ("float8_e5m2", "rint"), ("hifloat8", "round")],
)
@pytest.mark.parametrize("saturate", [False, True], ids=["nosat", "sat"])
def test_encode_rounds_like_exact_arithmetic(name, mode, saturate):
    x = _boundary_samples(name)
    got = float8.decode(float8.encode(x, name, mode, saturate), name, np.float64)
    want = np.array([_reference_encode(float(v), name, mode, saturate) for v in x])
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    assert same.all(), list(zip(x[~same][:5], got[~same][:5], want[~same][:5], strict=False))
    assert np.array_equal(np.signbit(got[~np.isnan(got)]), np.signbit(want[~np.isnan(want)]))


def test_hifloat8_edges():
    # ties away from zero: 1.25 * 2^15 (halfway to 1.5 * 2^15, infinity's place) overflows
    codes = float8.encode([40960, 40959.996, 1.5 * 2.0**-23, 1.49 * 2.0**-23, -1e-30], "hifloat8",
                          "round")  # fmt: skip
    assert codes.tolist() == [0x6F, 0x6E, 0x01, 0x00, 0x00]  # (no -0: 0x80 is NaN)
    assert float8.encode([40960, -np.inf, np.nan], "hifloat8", "round", True).tolist() == [
        0x6E,
        0xEE,
        0x00,
    ]


def test_e4m3fn_overflows_to_nan_and_464_is_a_tie_to_448():
    assert float8.encode([464.0, 464.0001, np.inf], "float8_e4m3fn").tolist() == [0x7E, 0x7F, 0x7F]
    assert dt.float_overflows(464.0001, dt.float8_e4m3fn)
    assert not dt.float_overflows(464.0, dt.float8_e4m3fn)


def test_testing_helpers_tag_and_decode():
    a = asc.testing.float8_array([1.0, 14.0, 1e9], "hifloat8")
    assert a.dtype == FLOAT8_TAGS["hifloat8"]
    assert dt.from_numpy(a.dtype) is dt.hifloat8
    assert asc.testing.float8_decode(a).tolist() == [1.0, 14.0, INF]
    codes = asc.testing.float8_encode([500.0], "float8_e4m3fn", saturate=True)
    assert codes.dtype == np.uint8 and codes.tolist() == [0x7E]
    assert asc.testing.float8_decode(codes, "float8_e4m3fn").tolist() == [448.0]
    with pytest.raises(ValueError, match="does not say its format"):
        asc.testing.float8_decode(codes)
    with pytest.raises(ValueError, match="RINT, ROUND or TRUNC"):
        asc.testing.float8_encode([1.0], "hifloat8", round_mode=asc.RoundMode.CAST_FLOOR)
    with pytest.raises(ValueError, match="unknown 8-bit float format"):
        asc.testing.float8_encode([1.0], "float8_e3m4")


def test_dtypes_names_and_ir():
    assert [d.ir_name for d in dt.FLOAT8_DTYPES] == [
        "f8E4M3FN",
        "f8E5M2",
        "f8E8M0FNU",
        "!ascendc.hifloat8",
    ]
    for d in dt.FLOAT8_DTYPES:
        assert dt.from_ir(d.ir_type()) is d and d.sizeof() == 1 and d.is_float8()
    assert dt.DataType("float8_e4m3") is dt.float8_e4m3fn  # (the SIMT pages' name)
    assert asc.hifloat8 is dt.hifloat8 and asc.float8_e5m2 is dt.float8_e5m2
    with pytest.raises(TypeError, match="8-bit floats"):
        dt.from_numpy("hifloat8")  # (a name alone says nothing of the array's bytes)
