"""Ascend 950's 8-bit floating-point formats, as uint8 codes: exact decode tables and
encoders with the conversions' rounding and saturation (numpy has no fp8 dtype).

Formats (C++ type -> name here; docs/fp8.md has the facts and their sources):

* `fp8_e4m3fn_t` -> `float8_e4m3fn`: sign, 4 exponent bits (bias 7), 3 mantissa bits;
  no infinity, NaN = S.1111.111; largest 448, smallest subnormal 2^-9.
* `fp8_e5m2_t` -> `float8_e5m2`: IEEE-like, bias 15, 2 mantissa bits; infinity
  S.11111.00, NaN S.11111.xx (xx != 0); largest 57344, smallest subnormal 2^-16.
* `fp8_e8m0_t` -> `float8_e8m0`: an unsigned power of two, 2^(code - 127); code 0xFF
  is NaN; no zero, no sign.
* `hifloat8_t` -> `hifloat8`: HiFloat8's tapered encoding: sign, a prefix-coded "dot"
  field D that says how many exponent bits follow (D = 11: 4, 10: 3, 01: 2, 001: 1,
  0001: 0, 0000: subnormal), the exponent in sign-magnitude with an implicit leading 1
  (its first bit set: negative), the rest mantissa (1 to 3 bits). 0x00 is zero, 0x80
  NaN, 0x6F / 0xEF +-infinity; normals 2^-15 .. 2^15 (the largest finite value
  32768 = 0x6E), subnormals 2^(M - 23) for M = 1 .. 7 (2^-22 .. 2^-16).

Encoding (`encode`) rounds a float array to codes by one of the modes Ascend C's Cast
takes for the type (`RINT`: nearest, ties to even, for e4m3fn / e5m2; `ROUND`: nearest,
ties away from zero, for HiFloat8; `TRUNC` (bf16 -> e8m0 in the Reg layer: the
exponent, mantissa dropped)). Saturation (`saturate=True`, the headers' SatMode::SAT)
maps NaN to zero and anything beyond the largest finite value (infinity included) to
it, signed; without it NaN stays NaN and overflow becomes infinity (NaN for e4m3fn,
which has none). Every computation is exact: inputs go through float64 and the grid of
representable values is dyadic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

__all__ = ["FORMATS", "Float8Format", "decode", "encode", "fmt", "neighbours", "pack4", "unpack4"]


def _e4m3fn(code: int) -> float:
    s, e, m = code >> 7, (code >> 3) & 0xF, code & 7
    if e == 0xF and m == 7:
        return float("nan")
    v = m / 8 * 2.0**-6 if e == 0 else (1 + m / 8) * 2.0 ** (e - 7)
    return -v if s else v


def _e5m2(code: int) -> float:
    s, e, m = code >> 7, (code >> 2) & 0x1F, code & 3
    if e == 0x1F:
        v = float("inf") if m == 0 else float("nan")
    else:
        v = m / 4 * 2.0**-14 if e == 0 else (1 + m / 4) * 2.0 ** (e - 15)
    return -v if s else v


def _e8m0(code: int) -> float:
    return float("nan") if code == 0xFF else 2.0 ** (code - 127)


def _e2m1(code: int) -> float:
    s, e, m = code >> 3, (code >> 1) & 3, code & 1
    v = m / 2 if e == 0 else (1 + m / 2) * 2.0 ** (e - 1)
    return -v if s else v


def _e1m2(code: int) -> float:
    s, e, m = code >> 3, (code >> 2) & 1, code & 3
    v = m / 4 if e == 0 else 1 + m / 4
    return -v if s else v


# HiFloat8's dot fields, longest prefix first: (bits 6.. of the code, prefix length,
# exponent bits); the mantissa takes what is left of the 7 bits after the sign.
_HIF8_DOTS = ((0b11, 2, 4), (0b10, 2, 3), (0b01, 2, 2), (0b001, 3, 1), (0b0001, 4, 0))


def _hif8(code: int) -> float:
    if code == 0x00:
        return 0.0
    if code == 0x80:
        return float("nan")
    sign = -1.0 if code & 0x80 else 1.0
    if code & 0x7F == 0x6F:
        return sign * float("inf")
    bits = code & 0x7F
    for prefix, plen, ebits in _HIF8_DOTS:
        if bits >> (7 - plen) == prefix:
            mbits = 7 - plen - ebits
            rest = bits & ((1 << (7 - plen)) - 1)
            e_field, m = rest >> mbits, rest & ((1 << mbits) - 1)
            if ebits == 0:
                exp = 0
            else:  # sign-magnitude, an implicit leading 1 of the magnitude
                magnitude = (1 << (ebits - 1)) | (e_field & ((1 << (ebits - 1)) - 1))
                exp = -magnitude if e_field >> (ebits - 1) else magnitude
            return sign * (1 + m / (1 << mbits)) * 2.0**exp
    return sign * 2.0 ** ((bits & 7) - 23)  # D = 0000: subnormal (M = 0 is zero)


@dataclass(frozen=True)
class Float8Format:
    """One 8-bit float format: its name, C++ type, IR spelling and code facts."""

    name: str
    cpp: str
    ir: str
    decode_one: Callable[[int], float] = field(repr=False)
    nan: int
    """The NaN code an unsaturated conversion gives."""
    inf: int | None
    """+infinity's code (None: the format has none; overflow is NaN)."""
    signed: bool = True
    signed_zero: bool = True
    """Whether -0.0 has a code of its own (0x80); HiFloat8's 0x80 is NaN."""
    zero_cut: float | None = None
    """HiFloat8: magnitudes below this round to zero, at or above to the smallest
    subnormal (1.5 * 2^-23, where its rounding puts the edge; None: the midpoint)."""
    beyond: float = 0.0
    """The value after the largest finite one in the format's pattern."""
    bits: int = 8
    """Bits of a code (the 4-bit formats: two codes a byte in memory, low nibble first)."""
    saturates: bool = False
    """The format has no NaN or infinity: every conversion saturates (NaN -> 0)."""
    max_code: int = 0
    table: np.ndarray = field(init=False, repr=False, compare=False)
    grid: np.ndarray = field(init=False, repr=False, compare=False)
    grid_codes: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = np.array([self.decode_one(c) for c in range(1 << self.bits)], np.float64)
        table.setflags(write=False)
        object.__setattr__(self, "table", table)
        # the non-negative finite values, ascending, with their codes (the positive
        # codes: each value has one there)
        half = 1 << (self.bits - 1)
        codes = [c for c in range(half if self.signed else 2 * half) if np.isfinite(table[c])]
        codes.sort(key=lambda c: table[c])
        values = [table[c] for c in codes]
        object.__setattr__(self, "max_code", codes[-1])
        # one more grid point above the largest value, the value the format's pattern
        # would give next (e4m3fn: 480, its NaN's place; e5m2: 2^16, infinity's;
        # HiFloat8: 1.5 * 2^15; e8m0: 2^128): a value that rounds to it overflows (code -1)
        grid_codes = [*codes, -1]
        grid = [*values, self.beyond]
        if self.zero_cut is not None:
            grid[0] = 2 * self.zero_cut - grid[1]  # (a virtual neighbour: the cut is the midpoint)
        object.__setattr__(self, "grid", np.array(grid, np.float64))
        object.__setattr__(self, "grid_codes", np.array(grid_codes, np.int16))

    @property
    def max(self) -> float:
        """The largest finite value."""
        return float(self.table[self.max_code])

    @property
    def min_subnormal(self) -> float:
        """The smallest positive value."""
        positive = self.table[(self.table > 0) & np.isfinite(self.table)]
        return float(positive.min())


FORMATS: dict[str, Float8Format] = {
    f.name: f
    for f in (
        Float8Format("float8_e4m3fn", "fp8_e4m3fn_t", "f8E4M3FN", _e4m3fn, nan=0x7F, inf=None,
                      beyond=480.0),
        Float8Format("float8_e5m2", "fp8_e5m2_t", "f8E5M2", _e5m2, nan=0x7F, inf=0x7C,
                      beyond=65536.0),
        Float8Format(
            "float8_e8m0", "fp8_e8m0_t", "f8E8M0FNU", _e8m0, nan=0xFF, inf=None,
            signed=False, signed_zero=False, beyond=2.0**128,
        ),
        Float8Format(
            "hifloat8", "hifloat8_t", "!ascendc.hifloat8", _hif8, nan=0x80, inf=0x6F,
            signed_zero=False, zero_cut=1.5 * 2.0**-23, beyond=1.5 * 2.0**15,
        ),
        # the 4-bit floats (kernel_fp4_e2m1.h / kernel_fp4_e1m2.h: sign at bit 3; their
        # range from the Reg conversions' boundary table: +-6, +-1.75; no NaN, no
        # infinity: NaN -> 0, overflow and infinity -> the largest value)
        Float8Format("float4_e2m1", "fp4x2_e2m1_t", "f4E2M1FN", _e2m1, nan=0, inf=None,
                      beyond=8.0, bits=4, saturates=True),
        Float8Format("float4_e1m2", "fp4x2_e1m2_t", "!ascendc.float4_e1m2", _e1m2, nan=0,
                      inf=None, beyond=2.0, bits=4, saturates=True),
    )
}  # fmt: skip
"""Format name -> format."""

_ALIASES = {"float8_e4m3": "float8_e4m3fn", "float8_e8m0fnu": "float8_e8m0"}


def fmt(name: str) -> Float8Format:
    """The format called `name` (also: its C++ type, IR spelling or ml_dtypes' name)."""
    name = _ALIASES.get(name, name)
    found = FORMATS.get(name)
    if found is None:
        found = next((f for f in FORMATS.values() if name in (f.cpp, f.ir)), None)
    if found is None:
        known = ", ".join(FORMATS)
        raise ValueError(f"unknown 8-bit float format {name!r} (known: {known})")
    return found


def decode(codes: np.ndarray, name: str, dtype=np.float32) -> np.ndarray:
    """The values of uint8 `codes` of format `name`, as `dtype` (exact in float32)."""
    f = fmt(name)
    codes = np.asarray(codes)
    if codes.dtype != np.uint8:
        codes = codes.view(np.uint8) if codes.dtype.itemsize == 1 else codes.astype(np.uint8)
    return f.table[codes].astype(dtype)


_MODES = ("rint", "round", "trunc", "floor", "ceil")


def encode(values: np.ndarray, name: str, mode: str = "rint", saturate: bool = False) -> np.ndarray:
    """uint8 codes of format `name` for float `values`, rounded by `mode` ("rint":
    nearest, ties to even; "round": nearest, ties away from zero; "trunc": toward
    zero; "floor" / "ceil": toward -infinity / +infinity), saturated as the module
    docstring says when `saturate` (a 4-bit format always saturates). A 4-bit format's
    codes are one a uint8 here (`pack4` packs them two a byte)."""
    if mode not in _MODES:
        raise ValueError(f"unknown rounding {mode!r} (known: {', '.join(_MODES)})")
    f = fmt(name)
    saturate = saturate or f.saturates
    x = np.asarray(values, dtype=np.float64)
    a = np.abs(x)
    nan = np.isnan(x)
    grid, gcodes = f.grid, f.grid_codes
    safe = np.where(nan, 0.0, a)
    hi = np.searchsorted(grid, safe, side="left")  # grid[hi - 1] < a <= grid[hi]
    hi_c = np.minimum(hi, len(grid) - 1)
    lo_c = np.maximum(hi - 1, 0)
    up, down = grid[hi_c], grid[lo_c]
    exact = up == safe
    if mode in ("trunc", "floor", "ceil"):
        # (toward zero in magnitude, or away from it on the side the mode rounds to)
        away = {"trunc": False, "floor": np.signbit(x), "ceil": ~np.signbit(x)}[mode]
        take_up = exact | (away & (safe > 0))
    else:
        d_up, d_down = up - safe, safe - down
        tie = d_up == d_down
        if mode == "rint":
            tie_up = (gcodes[hi_c] & 1) == 0  # (the overflow step's code -1 is odd)
            if f.name == "float8_e5m2":
                tie_up = tie_up | (gcodes[hi_c] < 0)  # (e5m2's next step is +inf: 0x7C, even)
        else:
            tie_up = np.ones_like(tie)
        take_up = exact | (d_up < d_down) | (tie & tie_up)
    take_up &= hi < len(grid)
    below = hi == 0  # under the grid's first value (HiFloat8: under the zero cut)
    idx = np.where(take_up, hi_c, lo_c)
    code = np.where(below & ~exact, gcodes[0], gcodes[idx]).astype(np.int16)
    if mode == "trunc":  # (toward zero: a finite value never overflows)
        code = np.where(code < 0, f.max_code, code)
        over = np.isinf(x)
    else:  # (floor / ceil overflow only away from zero: take_up past the largest value)
        over = (code < 0) | (hi >= len(grid)) | np.isinf(x)
    if saturate:
        special = np.where(nan, 0, f.max_code)
    else:
        special = np.where(nan, f.nan, f.inf if f.inf is not None else f.nan)
    code = np.where(over | nan, special, code)
    negative = np.signbit(x) & ~nan
    if not f.signed:
        # e8m0: no sign and no zero; a negative or zero value has no code: NaN
        # (saturated: the smallest value)
        bad = (x <= 0) & ~nan
        code = np.where(bad, 0 if saturate else f.nan, code)
        return code.astype(np.uint8)
    is_zero = code == 0
    keep_sign = ~is_zero | f.signed_zero
    code = np.where(negative & keep_sign, code | (1 << (f.bits - 1)), code)
    return code.astype(np.uint8)


def pack4(codes: np.ndarray) -> np.ndarray:
    """4-bit codes (one a uint8, an even count) packed two a byte, element 2i in the low
    nibble of byte i (as `fp4x2_*_t` holds element pairs)."""
    c = np.asarray(codes, np.uint8).reshape(-1)
    if c.size % 2:
        raise ValueError(f"4-bit codes pack in pairs: got {c.size}")
    return (c[0::2] & 0xF) | ((c[1::2] & 0xF) << 4)


def unpack4(packed: np.ndarray) -> np.ndarray:
    """The 4-bit codes of `pack4`'s bytes, one a uint8."""
    b = np.asarray(packed).view(np.uint8).reshape(-1)
    out = np.empty(2 * b.size, np.uint8)
    out[0::2], out[1::2] = b & 0xF, b >> 4
    return out


def neighbours(value: float, name: str) -> tuple[float, float]:
    """The values of format `name` nearest to finite `value` below and above it (the
    largest finite value, or infinity, past the end)."""
    f = fmt(name)
    finite = np.unique(f.table[np.isfinite(f.table)])
    below = finite[finite <= value]
    above = finite[finite >= value]
    lo = float(below[-1]) if below.size else -float("inf")
    hi = float(above[0]) if above.size else float("inf")
    return lo, hi
