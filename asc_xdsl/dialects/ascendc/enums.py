"""The dialect's enums (defined in `asc_xdsl.enums`, shared with the frontend)."""

from asc_xdsl.enums import (
    CMPMODE,
    AscEnum,
    BatchMode,
    BatchOutMode,
    CubeFormat,
    GatherMaskMode,
    HardEvent,
    IterateMode,
    IterateOrder,
    LayoutMode,
    Pipe,
    ReduceOrder,
    RoundMode,
    ScheduleType,
    SelMode,
    TPosition,
)

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
    "Pipe",
    "ReduceOrder",
    "RoundMode",
    "ScheduleType",
    "SelMode",
    "TPosition",
]
