"""Cast with every RoundMode, on whole arrays.

Values go through float64 (exact for every source type except int64 beyond 2^53) and are
rounded once into the destination type:

* to an integer type: RINT ties to even, FLOOR, CEIL, ROUND ties away from zero
  (2.5 -> 3), TRUNC; out-of-range values saturate, NaN becomes 0;
* to a narrower float (f32 -> f16/bf16, int -> f16/f32): the nearest value is corrected
  toward the mode's direction with `nextafter`; ODD rounds an inexact value to the
  neighbour whose last mantissa bit is 1; finite values beyond the type's range
  saturate to its largest finite value (inf and NaN stay);
* float -> the same float type (`Cast<float, float>` with a mode): round to integral;
* CAST_NONE means RINT when the conversion is lossy and is exact otherwise.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.enums import RoundMode

_INT_ROUND = {
    RoundMode.CAST_NONE: np.rint,
    RoundMode.CAST_RINT: np.rint,
    RoundMode.CAST_FLOOR: np.floor,
    RoundMode.CAST_CEIL: np.ceil,
    RoundMode.CAST_ROUND: lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x),
    RoundMode.CAST_TRUNC: np.trunc,
    RoundMode.CAST_ODD: np.rint,
}


def round_integral(x: np.ndarray, mode: RoundMode) -> np.ndarray:
    return _INT_ROUND[mode](x)


def to_int(x64: np.ndarray, dtype: np.dtype, mode: RoundMode) -> np.ndarray:
    """x64 rounded by `mode` and saturated to `dtype`'s range (NaN is 0). A 64-bit
    type's max is no float64: clipping to it gives 2**63 (2**64), which wrapped to the
    type's min (0) on conversion, so what reaches it saturates apart."""
    info = np.iinfo(dtype)
    r = round_integral(x64, mode)
    r = np.where(np.isnan(r), 0, r)
    if np.dtype(dtype).itemsize < 8:
        return np.clip(r, info.min, info.max).astype(dtype)
    high = r >= float(info.max)  # (2**63 or 2**64: past the range)
    low = r <= float(info.min)
    out = np.where(high | low, 0, r).astype(dtype)
    return np.where(high, info.max, np.where(low, info.min, out)).astype(dtype)


def _narrow(x64: np.ndarray, to_float, from_float, mode: RoundMode, max_finite: float):
    """Round float64 values into a narrower float format given as converters.

    `to_float(x64) -> storage array` rounds to nearest even; `from_float(storage)`
    reads back float64. Returns storage.
    """
    near = to_float(x64)
    back = from_float(near)
    if mode in (RoundMode.CAST_NONE, RoundMode.CAST_RINT):
        out = near
    else:
        finite = np.isfinite(x64)
        lower = np.where(back > x64, _step(near, -1, to_float, from_float), near)
        upper = np.where(back < x64, _step(near, +1, to_float, from_float), near)
        lo_v, up_v = from_float(lower), from_float(upper)
        if mode is RoundMode.CAST_FLOOR:
            out = lower
        elif mode is RoundMode.CAST_CEIL:
            out = upper
        elif mode is RoundMode.CAST_TRUNC:
            out = np.where(x64 >= 0, lower, upper)
        elif mode is RoundMode.CAST_ROUND:
            tie = (x64 - lo_v) == (up_v - x64)
            away = np.where(x64 >= 0, upper, lower)
            out = np.where(tie & (lo_v != up_v), away, near)
        else:  # CAST_ODD
            bits = lower.view(np.uint16 if lower.dtype.itemsize == 2 else np.uint32)
            lower_odd = (bits & 1) == 1
            out = np.where(back == x64, near, np.where(lower_odd, lower, upper))
        out = np.where(finite, out, near)
    # saturate finite overflow
    val = from_float(out)
    over = np.isinf(val) & np.isfinite(x64)
    if np.any(over):
        sat = to_float(np.where(x64 > 0, max_finite, -max_finite))
        out = np.where(over, sat, out)
    return out.astype(near.dtype)


def _step(arr, direction: int, to_float, from_float):
    """The neighbouring representable value of each element (toward +/- inf)."""
    if arr.dtype == np.float16 or arr.dtype == np.float32:
        return np.nextafter(arr, np.array(np.inf if direction > 0 else -np.inf, arr.dtype))
    # bf16 stored as uint16 bits: step the bits
    v = from_float(arr)
    bits = arr.astype(np.int32)
    pos = v > 0
    zero = v == 0
    up = direction > 0
    new = np.where(zero, np.where(up, 1, 0x8001), np.where(pos == up, bits + 1, bits - 1))
    return new.astype(np.uint16)


def _bf16_from(x64):
    from asc_xdsl.runtime.simulator.dtypes import f32_to_bf16

    # Round-to-nearest from float64 directly: go via float32 only when exact enough.
    return f32_to_bf16(x64.astype(np.float32))


def _bf16_to(bits):
    from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32

    return bf16_to_f32(bits).astype(np.float64)


def cast_array(
    src: np.ndarray, src_bf16: bool, dst: np.dtype, dst_bf16: bool, mode: RoundMode
) -> np.ndarray:
    """Cast `src` to `dst` storage with `mode` (bf16 given as flags on uint16 storage)."""
    if src_bf16:
        x64 = _bf16_to(src)
    elif src.dtype.kind == "f":
        x64 = src.astype(np.float64)
    else:
        x64 = src.astype(np.float64)
    if dst_bf16:
        return _narrow(x64, _bf16_from, _bf16_to, mode, 3.3895313892515355e38)
    if dst.kind in "iu":
        if src.dtype.kind in "iu" and not src_bf16:
            info = np.iinfo(dst)
            return np.clip(src.astype(np.int64), info.min, info.max).astype(dst)
        return to_int(x64, dst, mode)
    # float destination
    if src.dtype == dst and not src_bf16:
        return (
            round_integral(src, mode).astype(dst) if mode is not RoundMode.CAST_NONE else src.copy()
        )
    finfo = np.finfo(dst)
    if dst.itemsize >= 4 and src.dtype.itemsize <= 2 and src.dtype.kind == "f":
        return src.astype(dst)  # widening is exact
    return _narrow(
        x64, lambda v: v.astype(dst), lambda v: v.astype(np.float64), mode, float(finfo.max)
    )
