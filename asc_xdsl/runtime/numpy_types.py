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
