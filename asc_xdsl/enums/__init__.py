"""Ascend C enums shared by the dialect, the frontend and the runtimes: `TPosition`,
defined here; and, each group in its own module loaded when one of its names is first
asked for here (`_LAZY`; Python's `enum` classes take ~0.3 ms each to make,
docs/performance.md), the synchronisation APIs' (`sync`: `HardEvent`, `Pipe`, pyasc's
`PipeID`, and `MemDsbT`, `DataSyncBarrier`'s), the conversions' rounding modes
(`conversion`: `RoundMode`), `LocalMemAllocator`'s memories (`memory`: `Hardware`), the
cache and atomic APIs' (`cache_atomic`: `CacheMode` and `CacheRwMode`, a GlobalTensor's
L2 cache hint, `CacheLine`, `DcciDst`, `AtomicDtype`, `AtomicOp`), the modes of the
compare, select, reduce, gather and mask APIs (`vector`: `CMPMODE`, `SelMode`,
`ReduceOrder`, `GatherMaskMode`, `MaskMode`) and the matmul object's (`matmul`:
`CubeFormat`, `LayoutMode`, `BatchMode`, `BatchOutMode`, `IterateOrder`,
`ScheduleType`, `IterateMode`). `from asc_xdsl.enums import CMPMODE` works for all.

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


_LAZY: dict[str, str] = {
    **dict.fromkeys(("HardEvent", "Pipe", "MemDsbT"), "sync"),
    "RoundMode": "conversion",
    "Hardware": "memory",
    **dict.fromkeys(
        ("CacheMode", "CacheRwMode", "CacheLine", "DcciDst", "AtomicDtype", "AtomicOp"),
        "cache_atomic",
    ),
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
    from asc_xdsl.enums.cache_atomic import (
        AtomicDtype,
        AtomicOp,
        CacheLine,
        CacheMode,
        CacheRwMode,
        DcciDst,
    )
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
    from asc_xdsl.enums.sync import HardEvent, MemDsbT, Pipe
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
