"""The dialect's enums (defined in `asc_xdsl.enums`, shared with the frontend; those not
defined there up front are looked up when first asked for, as there)."""

from typing import TYPE_CHECKING

from asc_xdsl.enums import AscEnum, TPosition

__all__ = [
    "CMPMODE",
    "AscEnum",
    "BatchMode",
    "BatchOutMode",
    "CubeFormat",
    "GatherMaskMode",
    "HardEvent",
    "IterateMode",
    "IterateOrder",
    "LayoutMode",
    "MaskMode",
    "Pipe",
    "ReduceOrder",
    "RoundMode",
    "ScheduleType",
    "SelMode",
    "TPosition",
]

if TYPE_CHECKING:
    from asc_xdsl.enums import (
        CMPMODE,
        BatchMode,
        BatchOutMode,
        CubeFormat,
        GatherMaskMode,
        HardEvent,
        IterateMode,
        IterateOrder,
        LayoutMode,
        MaskMode,
        Pipe,
        ReduceOrder,
        RoundMode,
        ScheduleType,
        SelMode,
    )
else:

    def __getattr__(name: str) -> object:
        if name not in __all__:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        import asc_xdsl.enums

        return getattr(asc_xdsl.enums, name)
