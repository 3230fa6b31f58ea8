"""The enums of the host tiling API (`matmul_tiling::` in the Ascend C headers'
`matmul_tiling_base.h`), with the headers' values."""

from __future__ import annotations

from enum import IntEnum


class TPosition(IntEnum):
    """Where a matrix lives (`matmul_tiling::TPosition`)."""

    GM = 0
    A1 = 1
    A2 = 2
    B1 = 3
    B2 = 4
    C1 = 5
    C2 = 6
    CO1 = 7
    CO2 = 8
    VECIN = 9
    VECOUT = 10
    VECCALC = 11
    LCM = 11
    SPM = 12
    SHM = 12
    TSCM = 13
    MAX = 14


class CubeFormat(IntEnum):
    """The layout of a matrix in memory (`matmul_tiling::CubeFormat`): ND (row-major), NZ (fractal), ..."""

    ND = 0
    NZ = 1
    ZN = 2
    ZZ = 3
    NN = 4
    ND_ALIGN = 5
    SCALAR = 6
    VECTOR = 7
    ROW_MAJOR = 0
    COLUMN_MAJOR = 8


class DataType(IntEnum):
    """A matrix element type (`matmul_tiling::DataType`), as the tiling API names it."""

    DT_FLOAT = 0
    DT_FLOAT16 = 1
    DT_INT8 = 2
    DT_INT32 = 3
    DT_UINT8 = 4
    DT_INT16 = 6
    DT_UINT16 = 7
    DT_UINT32 = 8
    DT_INT64 = 9
    DT_UINT64 = 10
    DT_DOUBLE = 11
    DT_BOOL = 12
    DT_STRING = 13
    DT_COMPLEX64 = 16
    DT_COMPLEX128 = 17
    DT_QINT8 = 18
    DT_QINT16 = 19
    DT_QINT32 = 20
    DT_QUINT8 = 21
    DT_QUINT16 = 22
    DT_STRING_REF = 24
    DT_DUAL = 25
    DT_VARIANT = 26
    DT_BF16 = 27
    DT_UNDEFINED = 28
    DT_INT4 = 29
    DT_UINT1 = 30
    DT_INT2 = 31
    DT_BFLOAT16 = 33
    DT_MAX = 40


class MatrixTraverse(IntEnum):
    """The order the tiling walks the output blocks (`matmul_tiling::MatrixTraverse`)."""

    NOSET = 0
    FIRSTM = 1
    FIRSTN = 2


class MatrixMadType(IntEnum):
    """How the cube multiplies (`matmul_tiling::MatrixMadType`): normal or HF32."""

    NORMAL = 0
    HF32 = 1
    MXMODE = 2


class DequantType(IntEnum):
    """Where a dequantisation scale comes from (`matmul_tiling::DequantType`): a scalar or a tensor."""

    SCALAR = 0
    TENSOR = 1


class ScheduleType(IntEnum):
    """The matmul schedule (`matmul_tiling::ScheduleType`): inner or outer product."""

    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1


# Bits per element of the types a matmul may take (the headers' DTYPE_BIT_TAB).
DTYPE_BITS: dict[DataType, int] = {
    DataType.DT_FLOAT: 32,
    DataType.DT_FLOAT16: 16,
    DataType.DT_BF16: 16,
    DataType.DT_BFLOAT16: 16,
    DataType.DT_INT8: 8,
    DataType.DT_UINT8: 8,
    DataType.DT_INT16: 16,
    DataType.DT_UINT16: 16,
    DataType.DT_INT32: 32,
    DataType.DT_UINT32: 32,
    DataType.DT_INT64: 64,
    DataType.DT_UINT64: 64,
    DataType.DT_INT4: 4,
}

# Positions in the Unified Buffer (a matrix there is staged through UB: transLength).
UB_POSITIONS = frozenset({TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC})

__all__ = [
    "CubeFormat",
    "DataType",
    "DequantType",
    "MatrixMadType",
    "MatrixTraverse",
    "ScheduleType",
    "TPosition",
]
