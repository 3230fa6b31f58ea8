"""Conversions to and from Ascend 950's 8-bit floats on the simulator (values are their
uint8 codes in memory and in registers; asc_xdsl.utils.float8 has the formats).

* fp8 -> float / half / bf16: exact (every fp8 value is one of theirs); NaN and
  infinity stay.
* float / half -> fp8: rounded by the Cast's mode (CAST_RINT: nearest, ties to even;
  CAST_ROUND: nearest, ties away from zero), saturated or not (SatMode: SAT maps NaN to
  0 and overflow / infinity to the largest finite value, signed; NO_SAT keeps NaN and
  overflows to infinity, or NaN for e4m3fn). *Decision*: CAST_HYBRID (HiFloat8: ties
  away below 2^4, stochastic rounding above) is simulated as CAST_ROUND -- the
  stochastic part is not reproducible -- so a HYBRID result may differ from the NPU's by
  one step for |x| >= 16.
* bf16 <-> fp8_e8m0_t (the Reg layer's pair): as the 3510 implementation computes it,
  bit by bit: bf16 -> e8m0 keeps the exponent field (sign and mantissa dropped, so
  2^k * m -> 2^k; NaN and infinity -> 0xFF), e8m0 -> bf16 puts the code in the exponent
  field (code 0 -> +0.0, 0xFF -> NaN).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from asc_xdsl.dialects.ascendc.enums import RoundMode
from asc_xdsl.dialects.ascendc.fp8_types import float4_pair, float8_name
from asc_xdsl.runtime.numpy_types import np_dtype
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, is_bf16
from asc_xdsl.runtime.simulator.errors import UnsupportedOpError
from asc_xdsl.utils import float8

_ROUNDING = {
    RoundMode.CAST_RINT: "rint",
    RoundMode.CAST_ROUND: "round",
    RoundMode.CAST_HYBRID: "round",  # (see the module docstring)
    RoundMode.CAST_NONE: "rint",
}

_BF16_NAN = np.uint16(0x7FC0)


def involves_float8(src, dst) -> bool:
    """Whether a conversion from IR type `src` to `dst` has an 8-bit float side."""
    return float8_name(src) is not None or float8_name(dst) is not None


def converter(src, dst, mode: RoundMode, saturate: bool = True) -> Callable:
    """`f(storage of src) -> storage of dst` for a conversion with an 8-bit float side
    (the basic API's Cast saturates: its 3510 implementation's CastTrait is SAT)."""
    s_name, d_name = float8_name(src), float8_name(dst)
    if s_name == "float8_e8m0" or d_name == "float8_e8m0":
        return _e8m0(src, dst)
    if s_name is not None:
        table = float8.fmt(s_name).table
        if is_bf16(dst):
            raise UnsupportedOpError(f"a conversion from {src} to bf16 is not modelled")
        out = np_dtype(dst)
        return lambda codes: table[codes.view(np.uint8)].astype(out)
    rounding = _ROUNDING.get(mode)
    if rounding is None:
        raise UnsupportedOpError(f"a conversion to {dst} with {mode.name} is not modelled")
    f = float8.fmt(d_name)  # type: ignore[arg-type]

    def encode(x: np.ndarray) -> np.ndarray:
        values = bf16_to_f32(x) if is_bf16(src) else x
        return float8.encode(values, f.name, rounding, saturate)

    return encode


def _e8m0(src, dst) -> Callable:
    if is_bf16(src):  # bf16 bits -> their exponent field
        return lambda bits: ((bits.view(np.uint16) >> 7) & 0xFF).astype(np.uint8)
    if is_bf16(dst):

        def to_bf16(codes: np.ndarray) -> np.ndarray:
            bits = codes.view(np.uint8).astype(np.uint16) << 7
            return np.where(bits == 0x7F80, _BF16_NAN, bits).astype(np.uint16)

        return to_bf16
    raise UnsupportedOpError(f"fp8_e8m0_t converts to and from bfloat16_t only, not {src} -> {dst}")


def float8_code(t, value: float) -> np.uint8 | None:
    """The code of constant `value` of IR type `t` if `t` is an 8-bit float (a value of
    the type: `arith.constant` and `ascendc.float_constant` hold those), else None; of a
    4-bit float, the byte of the pair (value, value) (`fp8_types.float4_pair`)."""
    name = float8_name(t)
    if name is None:
        return None
    pair = float4_pair(t, value)
    if pair is not None:
        return np.uint8(pair)
    return np.uint8(float8.encode(np.array([value]), name, "rint")[0])
