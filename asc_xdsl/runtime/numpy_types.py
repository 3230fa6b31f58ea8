"""numpy storage of IR element types, shared by the runtimes (host buffers, simulator)."""

from __future__ import annotations

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    ComplexType,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute

BF16 = np.dtype(np.uint16)
"""Storage dtype of bf16 (raw bits): numpy has no bfloat16."""

COMPLEX32 = np.dtype([("real", "<f2"), ("imag", "<f2")])
"""Storage dtype of complex32 (`AscendC::Complex<half>`: a half real part, then a half
imaginary part): numpy has no complex of two float16, so a structured pair. An array of
shape (..., 2) float16 is one through `a.view(COMPLEX32)[..., 0]`."""

_FLOATS = {Float16Type: np.float16, Float32Type: np.float32, Float64Type: np.float64}


FLOAT8 = np.dtype(np.uint8)
"""Storage dtype of Ascend 950's 8-bit floats (their codes: asc_xdsl.utils.float8)."""

FLOAT8_TAGS: dict[str, np.dtype] = {
    name: np.dtype([(name, "u1")])
    for name in ("float8_e4m3fn", "float8_e5m2", "float8_e8m0", "hifloat8")
}
"""Format name -> a one-byte numpy dtype that marks uint8 codes as that format, for a
kernel argument (`codes.view(FLOAT8_TAGS["hifloat8"])`): the launch reads its bytes,
the compiler its element type. (ml_dtypes' float8 arrays are taken as they are.)"""

FLOAT4_TAGS: dict[str, np.dtype] = {
    name: np.dtype([(name, "u1")]) for name in ("float4_e2m1", "float4_e1m2")
}
"""The same for the 4-bit floats: each tagged byte holds two codes (fp4x2_*_t), element
2i in the low nibble (`asc_xdsl.testing.float4_array` packs them)."""
_FLOAT8_NAMES = frozenset(
    {"f8E4M3FN", "f8E5M2", "f8E8M0FNU", "ascendc.hifloat8", "f4E2M1FN", "ascendc.float4_e1m2"}
)
"""(the 4-bit floats too: their tensors are held as their bytes, two codes each)"""


def np_dtype(t: Attribute) -> np.dtype:
    """The numpy dtype that stores values of IR type `t` (TypeError if none)."""
    if type(t) in _FLOATS:
        return np.dtype(_FLOATS[type(t)])
    if isinstance(t, BFloat16Type):
        return BF16
    if isinstance(t, ComplexType):
        part = type(t.element_type)
        if part is Float32Type:
            return np.dtype(np.complex64)
        if part is Float16Type:
            return COMPLEX32
    if getattr(t, "name", None) in _FLOAT8_NAMES:
        return FLOAT8
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, IntegerType):
        width = t.width.data
        if width == 1:
            return np.dtype(np.bool_)
        if width in (8, 16, 32, 64):
            unsigned = t.signedness.data == Signedness.UNSIGNED
            return np.dtype(f"{'u' if unsigned else ''}int{width}")
    raise TypeError(f"no numpy dtype for {t}")
