"""IR element types as numpy dtypes, and scalar values of IR types as Python values.

Scalars are Python `int` (integers, `index`, `i1` as bool) and numpy scalars of the
element type for floats (`np.float16`, `np.float32`; `f64` is a Python float), so scalar
float arithmetic rounds like the device; complex scalars (Ascend 950) are `np.complex64`,
complex32's parts rounded to float16. `bf16` is stored as raw `uint16` bits and
converted through float32 (`bf16_to_f32` / `f32_to_bf16`).
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    ComplexType,
    Float16Type,
    IndexType,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute

from asc_xdsl.runtime.numpy_types import np_dtype


def is_bf16(t: Attribute) -> bool:
    return isinstance(t, BFloat16Type)


def dtype_label(t: Attribute) -> str:
    """Dtype name as CANN 9.x DumpTensor prints it (float16, float32, int32, ...)."""
    if is_bf16(t):
        return "bfloat16"
    if isinstance(t, ComplexType):  # (complex32 is stored as a structured pair)
        return "complex32" if isinstance(t.element_type, Float16Type) else "complex64"
    return str(np_dtype(t))


def int_range(t: Attribute) -> tuple[int, bool]:
    """(width, signed?) of an integer-like IR type; index is a signed 64-bit integer."""
    if isinstance(t, IndexType):
        return 64, True
    assert isinstance(t, IntegerType)
    return t.width.data, t.signedness.data != Signedness.UNSIGNED


def to_scalar(t: Attribute, value):
    """A Python value as a scalar of IR type `t` (ints wrap to the width)."""
    if isinstance(t, (IndexType, IntegerType)):
        width, signed = int_range(t)
        v = int(value)
        if width == 1:
            return bool(v & 1)
        return wrap_int(v, width, signed)
    if isinstance(t, BFloat16Type):
        return bf16_to_f32(f32_to_bf16(np.float32(value)))[()]
    if isinstance(t, ComplexType):
        z = complex(value)
        if isinstance(t.element_type, Float16Type):
            z = complex(float(np.float16(z.real)), float(np.float16(z.imag)))
        return np.complex64(z)
    return np_dtype(t).type(value)


def wrap_int(v: int, width: int, signed: bool) -> int:
    mask = (1 << width) - 1
    v &= mask
    if signed and v >> (width - 1):
        v -= 1 << width
    return v


def bf16_to_f32(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(x: np.ndarray) -> np.ndarray:
    """Round-to-nearest-even float32 -> bf16 bits (NaN stays NaN: a bf16 NaN held as
    float32, its low 16 bits 0, keeps its bits, so a register moves a bf16 NaN's payload
    unchanged, e.g. through Gather's reinterpretation; other NaNs become 0x7FC0)."""
    x = np.asarray(x, dtype=np.float32)
    bits = x.view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    out = rounded.astype(np.uint16)
    nan = np.isnan(x)
    if np.any(nan):
        exact = (bits & 0xFFFF) == 0
        out = np.where(nan, np.where(exact, (bits >> 16).astype(np.uint16), np.uint16(0x7FC0)), out)
    return out
