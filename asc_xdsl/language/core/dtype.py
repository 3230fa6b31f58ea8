"""pyasc's `asc.language.core.dtype`: the data types of kernel values."""

from asc_xdsl.frontend.dtypes import (
    DataType,
    bfloat16,
    bool_,
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

__all__ = [
    "DataType",
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
    "uint8",
    "uint16",
    "uint32",
    "uint64",
]
