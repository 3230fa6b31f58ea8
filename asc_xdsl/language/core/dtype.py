"""pyasc's `asc.language.core.dtype`: the data types of kernel values."""

from asc_xdsl.dialects.dtypes import (
    DataType,
    bfloat16,
    bool_,
    complex32,
    complex64,
    double,
    float4_e1m2,
    float4_e2m1,
    float8_e4m3fn,
    float8_e5m2,
    float8_e8m0,
    float16,
    float32,
    float64,
    float_,
    half,
    hifloat8,
    int8,
    int16,
    int32,
    int64,
    int_,
    uint8,
    uint16,
    uint32,
    uint64,
    void,
)


class KnownTypes:
    """pyasc's namespace of the dtypes (`KnownTypes.int32`), with its aliases."""

    bool_ = bool_
    int8 = int8
    int16 = int16
    int32 = int32
    int64 = int64
    uint8 = uint8
    uint16 = uint16
    uint32 = uint32
    uint64 = uint64
    float16 = float16
    bfloat16 = bfloat16
    float32 = float32
    float64 = float64
    complex32 = complex32
    complex64 = complex64
    float8_e4m3fn = float8_e4m3fn
    float8_e5m2 = float8_e5m2
    float8_e8m0 = float8_e8m0
    hifloat8 = hifloat8
    float4_e2m1 = float4_e2m1
    float4_e1m2 = float4_e1m2
    void = void
    half = half
    int_ = int32
    float_ = float32
    double = float64


# `KnownTypes` is not re-exported as `asc.KnownTypes` (nor is it in pyasc).
__all__ = [
    "DataType",
    "bfloat16",
    "bool_",
    "complex32",
    "complex64",
    "double",
    "float4_e1m2",
    "float4_e2m1",
    "float8_e4m3fn",
    "float8_e5m2",
    "float8_e8m0",
    "float16",
    "float32",
    "float64",
    "float_",
    "half",
    "hifloat8",
    "int8",
    "int16",
    "int32",
    "int64",
    "int_",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "void",
]
