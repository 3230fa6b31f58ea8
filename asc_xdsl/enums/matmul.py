"""The matmul object's enums (`matmul::MatmulType`, `MatmulConfig`): `CubeFormat`,
`LayoutMode`, `BatchMode`, `BatchOutMode`, `IterateOrder`, `ScheduleType`,
`IterateMode`. Global C++ enums of the matmul headers (printed without `AscendC::`).
The IR numbers are pyasc's, which differ from the C++ values for LayoutMode: C++ names
are printed, never the numbers.

Loaded when one is first named (`asc_xdsl.enums`' `__getattr__`): a kernel without a
Matmul never needs them.
"""

from __future__ import annotations

from asc_xdsl.enums import AscEnum


class _GlobalEnum(AscEnum):
    @classmethod
    def cpp_prefix(cls) -> str:
        return f"{cls.__name__}::"


class CubeFormat(_GlobalEnum):
    """Data layout of a matmul operand (`CubeFormat`)."""

    ND = 0
    NZ = 1
    ZN = 2
    ZZ = 3
    NN = 4
    ND_ALIGN = 5
    SCALAR = 6
    VECTOR = 7


class LayoutMode(_GlobalEnum):
    """Batch layout of a matmul operand (`LayoutMode`)."""

    NONE = 0
    NORMAL = 1
    BSNGD = 2
    SBNGD = 3
    BNGS1S2 = 4


class BatchMode(_GlobalEnum):
    """How batched matmul inputs relate to the L1 size (`BatchMode`)."""

    NONE = 0
    BATCH_LESS_THAN_L1 = 1
    BATCH_LARGE_THAN_L1 = 2
    SINGLE_LARGE_THAN_L1 = 3


class BatchOutMode(_GlobalEnum):
    """How batched matmul results are copied out (`BatchOutMode`)."""

    SINGLE_BATCH = 0
    MULTI_BATCH = 1
    DYNAMIC = 2


class IterateOrder(_GlobalEnum):
    """Which axis a matmul walks first (`IterateOrder`)."""

    ORDER_M = 0
    ORDER_N = 1
    UNDEF = 2


class ScheduleType(_GlobalEnum):
    """How a matmul moves data (`ScheduleType`)."""

    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1


class IterateMode(_GlobalEnum):
    """Which Iterate interfaces a matmul object is used with (`IterateMode`, bit flags)."""

    ITERATE_MODE_NORMAL = 1
    ITERATE_MODE_ALL = 2
    ITERATE_MODE_BATCH = 4
    ITERATE_MODE_N_BATCH = 8
    ITERATE_MODE_DEFAULT = 255
