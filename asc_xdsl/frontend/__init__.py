"""The pyasc-compatible frontend: `@asc.jit` Python kernels compiled to AscendC IR.

Light at import time: xDSL and the code generator load on the first compile.
"""

from asc_xdsl.frontend import dtypes
from asc_xdsl.frontend.dtypes import (
    DataType,
    bfloat16,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from asc_xdsl.frontend.errors import CompileError, JitOnlyError
from asc_xdsl.frontend.jit import ConstExpr, JITFunction, jit
from asc_xdsl.frontend.language import *  # noqa: F403
from asc_xdsl.frontend.language import __all__ as _language_all

bool_ = dtypes.bool_

__all__ = [
    "CompileError",
    "ConstExpr",
    "DataType",
    "JITFunction",
    "JitOnlyError",
    "bfloat16",
    "bool_",
    "float16",
    "float32",
    "float64",
    "half",
    "int8",
    "int16",
    "int32",
    "int64",
    "jit",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    *_language_all,
]
