"""Ascend C enums shared by the dialect, the frontend and the runtimes:
`TPosition`, `HardEvent`, `Pipe` (pyasc's `PipeID`), `RoundMode`, and the enum
template arguments of the synchronisation, cache and atomic APIs (`MemDsbT`,
`CacheLine`, `DcciDst`, `AtomicDtype`, `AtomicOp`), and the modes of the compare,
select and reduce APIs (`CMPMODE`, `SelMode`, `ReduceOrder`), and the matmul object's
(`CubeFormat`, `LayoutMode`, `BatchMode`, `BatchOutMode`, `IterateOrder`,
`ScheduleType`, `IterateMode`), and those of the tensor and memory APIs
(`CacheMode`, `CacheRwMode`, `Hardware`).

As in pyasc's `ascendc` dialect, an enum value is stored on an op as a plain
`IntegerAttr` of type i32 (so the attribute dictionary and the generic form read
`{event = 4 : i32}`), and an op's custom syntax spells it as a lower-case keyword
(`ascendc.set_flag mte2_v, %id : i32`). Each enum knows both spellings and its
C++ name, so parsers, printers and the simulator share one table.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # xDSL is imported lazily: `import asc_xdsl` must stay fast.
    from xdsl.dialects.builtin import IntegerAttr


class AscEnum(IntEnum):
    """An Ascend C enum: Python value, IR keyword, IR integer and C++ spelling."""

    # C++ prefix of a value, e.g. "AscendC::HardEvent::" (overridden per enum).
    @classmethod
    def cpp_prefix(cls) -> str:
        return f"AscendC::{cls.__name__}::"

    @classmethod
    def aliases(cls) -> dict[str, AscEnum]:
        """Extra keywords accepted when parsing (never printed)."""
        return {}

    @property
    def keyword(self) -> str:
        return self.name.lower()

    @property
    def cpp(self) -> str:
        return f"{self.cpp_prefix()}{self.name}"

    def attr(self) -> IntegerAttr:
        from asc_xdsl.dialects.interned import int_attr  # (xDSL: imported lazily)

        return int_attr(int(self), "i32")

    @classmethod
    def from_keyword(cls, word: str) -> AscEnum | None:
        for member in cls:
            if member.keyword == word:
                return member
        return cls.aliases().get(word)

    @classmethod
    def from_attr(cls, attr: IntegerAttr) -> AscEnum:  # type: ignore[name-defined]
        return cls(attr.value.data)

    @classmethod
    def keywords(cls) -> list[str]:
        return [m.keyword for m in cls]


class TPosition(AscEnum):
    """Logical buffer positions (`AscendC::TPosition`)."""

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
    MAX = 12

    @classmethod
    def aliases(cls) -> dict[str, AscEnum]:
        # pyasc's tests spell the vector positions with an underscore too.
        return {"vec_in": cls.VECIN, "vec_out": cls.VECOUT, "vec_calc": cls.VECCALC}

    @property
    def is_ub(self) -> bool:
        return self in (TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC)


class HardEvent(AscEnum):
    """Inter-pipe synchronisation events (`AscendC::HardEvent`): `SRC_DST`."""

    MTE2_MTE1 = 0
    MTE1_MTE2 = 1
    MTE1_M = 2
    M_MTE1 = 3
    MTE2_V = 4
    V_MTE2 = 5
    MTE3_V = 6
    V_MTE3 = 7
    M_V = 8
    V_M = 9
    V_V = 10
    MTE3_MTE1 = 11
    MTE1_MTE3 = 12
    MTE1_V = 13
    MTE2_M = 14
    M_MTE2 = 15
    V_MTE1 = 16
    M_FIX = 17
    FIX_M = 18
    MTE3_MTE2 = 19
    MTE2_MTE3 = 20
    S_V = 21
    V_S = 22
    S_MTE2 = 23
    MTE2_S = 24
    S_MTE3 = 25
    MTE3_S = 26
    MTE2_FIX = 27
    FIX_MTE2 = 28
    FIX_S = 29
    M_S = 30
    FIX_MTE3 = 31
    MTE1_FIX = 32
    FIX_MTE1 = 33
    FIX_FIX = 34
    MAX = 35

    @property
    def src_pipe(self) -> str:
        return self.name.split("_")[0]

    @property
    def dst_pipe(self) -> str:
        return self.name.split("_")[-1]


class Pipe(AscEnum):
    """Hardware pipes (`pipe_t`, a global C enum: printed without namespace)."""

    PIPE_S = 0
    PIPE_V = 1
    PIPE_M = 2
    PIPE_MTE1 = 3
    PIPE_MTE2 = 4
    PIPE_MTE3 = 5
    PIPE_ALL = 6
    PIPE_MTE4 = 7
    PIPE_MTE5 = 8
    PIPE_V2 = 9
    PIPE_FIX = 10

    @classmethod
    def cpp_prefix(cls) -> str:
        return ""


class RoundMode(AscEnum):
    """Rounding modes of `Cast` (`AscendC::RoundMode`)."""

    CAST_NONE = 0
    CAST_RINT = 1
    CAST_FLOOR = 2
    CAST_CEIL = 3
    CAST_ROUND = 4
    CAST_TRUNC = 5
    CAST_ODD = 6
    # Ascend 950 (arch 3510) only: the headers define it there (kernel_utils_mode.h),
    # for the conversions to hifloat8_t (docs/fp8.md); every op refuses it elsewhere.
    CAST_HYBRID = 7


class MemDsbT(AscEnum):
    """Which memory accesses `DataSyncBarrier<MemDsbT::X>()` waits for."""

    ALL = 0
    DDR = 1
    UB = 2
    SEQ = 3


class CacheLine(AscEnum):
    """What `DataCacheCleanAndInvalid` cleans: one cache line or the whole data cache."""

    SINGLE_CACHE_LINE = 0
    ENTIRE_DATA_CACHE = 1


class DcciDst(AscEnum):
    """The destination `DataCacheCleanAndInvalid` writes dirty lines back to."""

    CACHELINE_ALL = 0
    CACHELINE_UB = 1
    CACHELINE_OUT = 2
    CACHELINE_ATOMIC = 3


class AtomicDtype(AscEnum):
    """Element type of `SetStoreAtomicConfig`'s atomic accumulation."""

    ATOMIC_NONE = 0
    ATOMIC_F32 = 1
    ATOMIC_F16 = 2
    ATOMIC_S16 = 3
    ATOMIC_S32 = 4
    ATOMIC_S8 = 5
    ATOMIC_BF16 = 6


class AtomicOp(AscEnum):
    """Operation of `SetStoreAtomicConfig`'s atomic accumulation."""

    ATOMIC_SUM = 0


class CMPMODE(AscEnum):
    """Comparison of `Compare` / `CompareScalar` (`AscendC::CMPMODE`).

    pyasc declares it an `I64EnumAttr` whose keywords are the upper-case names, so
    its IR stores `{cmpMode = 0 : i64}` (an untyped `{cmpMode = 0}` is i64 too)."""

    LT = 0
    GT = 1
    EQ = 2
    LE = 3
    GE = 4
    NE = 5

    @property
    def keyword(self) -> str:
        return self.name

    def attr(self) -> IntegerAttr:
        from asc_xdsl.dialects.interned import int_attr

        return int_attr(int(self), "i64")


class SelMode(AscEnum):
    """How `Select` picks (`AscendC::SELMODE`; pyasc's Python name is `SelMode`): by
    the bits of the mask between two tensors reusing the same bits every repeat (0),
    between a tensor and a scalar (1), between two tensors consuming new bits each
    repeat (2)."""

    VSEL_CMPMASK_SPR = 0
    VSEL_TENSOR_SCALAR_MODE = 1
    VSEL_TENSOR_TENSOR_MODE = 2

    @classmethod
    def cpp_prefix(cls) -> str:
        return "AscendC::SELMODE::"

    @property
    def keyword(self) -> str:
        return self.name


class ReduceOrder(AscEnum):
    """What `WholeReduceMax/Min` store per repeat, and in which order (value and index,
    index and value, value only, index only)."""

    ORDER_VALUE_INDEX = 0
    ORDER_INDEX_VALUE = 1
    ORDER_ONLY_VALUE = 2
    ORDER_ONLY_INDEX = 3


# ---------------------------------------------------------------------------
# Matmul (`matmul::MatmulType`, `MatmulConfig`): global C++ enums of the matmul
# headers (printed without `AscendC::`). The IR numbers are pyasc's, which differ
# from the C++ values for LayoutMode: C++ names are printed, never the numbers.
# ---------------------------------------------------------------------------


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


class GatherMaskMode(AscEnum):
    """The `GatherMask` mode template argument. pyasc knows only its default, which
    is `AscendC::defaultGatherMaskMode` (the SoC's own version of the instruction)."""

    DEFAULT = 0

    @property
    def cpp(self) -> str:
        return "AscendC::defaultGatherMaskMode"


class MaskMode(AscEnum):
    """How the vector mask is read (`AscendC::MaskMode`): as bits per element (NORMAL),
    or as an element count (COUNTER, after `SetMaskCount`)."""

    NORMAL = 0
    COUNTER = 1


# ---------------------------------------------------------------------------
# Tensors and memory (`SetL2CacheHint`, `LocalMemAllocator`)
# ---------------------------------------------------------------------------


class CacheMode(AscEnum):
    """The L2 cache mode of a GlobalTensor's accesses (`AscendC::CacheMode`). The numbers
    are the headers' and pyasc's dialect's (0 is DISABLE); pyasc's Python enum swaps
    NORMAL and DISABLE."""

    CACHE_MODE_DISABLE = 0
    CACHE_MODE_NORMAL = 1
    CACHE_MODE_LAST = 2
    CACHE_MODE_PERSISTENT = 4


class CacheRwMode(AscEnum):
    """Which accesses an L2 cache hint is for (`AscendC::CacheRwMode`)."""

    READ = 1
    WRITE = 2
    RW = 3


class Hardware(AscEnum):
    """Physical memories (`AscendC::Hardware`); `MAX` is a sentinel."""

    GM = 0
    UB = 1
    L1 = 2
    L0A = 3
    L0B = 4
    L0C = 5
    BIAS = 6
    FIXBUF = 7
    MAX = 8
