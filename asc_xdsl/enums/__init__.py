"""Ascend C enums shared by the dialect, the frontend and the runtimes:
`TPosition`, `HardEvent` and those of the tensor APIs (`CacheMode`, `CacheRwMode`),
defined here; and, each group in its own module loaded when one of its names is first
asked for here (`_LAZY`; Python's `enum` classes take ~0.3 ms each to make,
docs/performance.md), the synchronisation APIs' (`sync`: `Pipe`, pyasc's `PipeID`, and
`MemDsbT`, `DataSyncBarrier`'s), the conversions' rounding modes (`conversion`:
`RoundMode`), `LocalMemAllocator`'s memories (`memory`: `Hardware`), the enum template
arguments of the cache and atomic APIs (`cache_atomic`: `CacheLine`, `DcciDst`,
`AtomicDtype`, `AtomicOp`), the modes of the compare, select, reduce, gather and mask
APIs (`vector`: `CMPMODE`, `SelMode`, `ReduceOrder`, `GatherMaskMode`, `MaskMode`) and
the matmul object's (`matmul`: `CubeFormat`, `LayoutMode`, `BatchMode`, `BatchOutMode`,
`IterateOrder`, `ScheduleType`, `IterateMode`). `from asc_xdsl.enums import CMPMODE`
works for all.

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


# ---------------------------------------------------------------------------
# Tensors (`SetL2CacheHint`)
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


_LAZY: dict[str, str] = {
    **dict.fromkeys(("Pipe", "MemDsbT"), "sync"),
    "RoundMode": "conversion",
    "Hardware": "memory",
    **dict.fromkeys(("CacheLine", "DcciDst", "AtomicDtype", "AtomicOp"), "cache_atomic"),
    **dict.fromkeys(("CMPMODE", "SelMode", "ReduceOrder", "GatherMaskMode", "MaskMode"), "vector"),
    **dict.fromkeys(
        (
            "CubeFormat",
            "LayoutMode",
            "BatchMode",
            "BatchOutMode",
            "IterateOrder",
            "ScheduleType",
            "IterateMode",
        ),
        "matmul",
    ),
}
"""Enum name -> the submodule that defines it, loaded when the name is first asked for."""

__all__ = [
    "CMPMODE",
    "AscEnum",
    "AtomicDtype",
    "AtomicOp",
    "BatchMode",
    "BatchOutMode",
    "CacheLine",
    "CacheMode",
    "CacheRwMode",
    "CubeFormat",
    "DcciDst",
    "GatherMaskMode",
    "HardEvent",
    "Hardware",
    "IterateMode",
    "IterateOrder",
    "LayoutMode",
    "MaskMode",
    "MemDsbT",
    "Pipe",
    "ReduceOrder",
    "RoundMode",
    "ScheduleType",
    "SelMode",
    "TPosition",
]
"""Every enum, those of `_LAZY` included (a test checks the two agree with the modules)."""

if TYPE_CHECKING:
    from asc_xdsl.enums.cache_atomic import AtomicDtype, AtomicOp, CacheLine, DcciDst
    from asc_xdsl.enums.conversion import RoundMode
    from asc_xdsl.enums.matmul import (
        BatchMode,
        BatchOutMode,
        CubeFormat,
        IterateMode,
        IterateOrder,
        LayoutMode,
        ScheduleType,
    )
    from asc_xdsl.enums.memory import Hardware
    from asc_xdsl.enums.sync import MemDsbT, Pipe
    from asc_xdsl.enums.vector import CMPMODE, GatherMaskMode, MaskMode, ReduceOrder, SelMode
else:

    def __getattr__(name: str) -> object:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        import importlib

        value = globals()[name] = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *_LAZY})
