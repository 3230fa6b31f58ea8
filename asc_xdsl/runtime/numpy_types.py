"""numpy storage of IR element types, shared by the runtimes (host buffers, simulator)."""

from __future__ import annotations

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
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

_FLOATS = {Float16Type: np.float16, Float32Type: np.float32, Float64Type: np.float64}


def np_dtype(t: Attribute) -> np.dtype:
    """The numpy dtype that stores values of IR type `t` (TypeError if none)."""
    if type(t) in _FLOATS:
        return np.dtype(_FLOATS[type(t)])
    if isinstance(t, BFloat16Type):
        return BF16
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
