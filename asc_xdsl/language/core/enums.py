"""pyasc's `asc.language.core.enums`: the Ascend C enums kernels pass to the APIs
(one definition, `asc_xdsl/enums/`, shared with the dialect and the runtimes).

The enums of the language's own (`struct_enums`) are only ever values of parameter-struct
fields (the IR holds their numbers, `types.py`) or of the matmul configuration helpers,
so the dialect has no use for them; their numbers are the headers' (`QuantMode_t` and
`pad_t`, which are compiler builtins, pyasc's). Every name is looked up when first
asked for (a module `__getattr__`): an enum class is made only when a kernel or a
module names it.
"""

from typing import TYPE_CHECKING

from asc_xdsl import enums as _enums

_FROM_ENUMS: dict[str, str] = {
    **{name: name for name in _enums.__all__ if name not in ("AscEnum", "Pipe")},
    "PipeID": "Pipe",
}
"""Name here -> its name in `asc_xdsl.enums`, which defines it."""

_STRUCT_ENUMS = frozenset(
    {
        "AippInputFormat",
        "BlockMode",
        "CO2Layout",
        "DataFormat",
        "DeqScale",
        "MatmulConfigMode",
        "MatmulPolicy",
        "QuantModes",
        "TransposeType",
        "pad_t",
    }
)
"""The names `struct_enums` defines."""

__all__ = [
    "CMPMODE",
    "AippInputFormat",
    "AtomicDtype",
    "AtomicOp",
    "BatchMode",
    "BatchOutMode",
    "BlockMode",
    "CO2Layout",
    "CacheLine",
    "CacheMode",
    "CacheRwMode",
    "CubeFormat",
    "DataFormat",
    "DcciDst",
    "DeqScale",
    "GatherMaskMode",
    "HardEvent",
    "Hardware",
    "IterateMode",
    "IterateOrder",
    "LayoutMode",
    "MaskMode",
    "MatmulConfigMode",
    "MatmulPolicy",
    "MemDsbT",
    "PipeID",
    "QuantModes",
    "ReduceOrder",
    "RoundMode",
    "ScheduleType",
    "SelMode",
    "TPosition",
    "TransposeType",
    "pad_t",
]

if TYPE_CHECKING:
    from asc_xdsl.enums import (
        CMPMODE,
        AtomicDtype,
        AtomicOp,
        BatchMode,
        BatchOutMode,
        CacheLine,
        CacheMode,
        CacheRwMode,
        CubeFormat,
        DcciDst,
        GatherMaskMode,
        HardEvent,
        Hardware,
        IterateMode,
        IterateOrder,
        LayoutMode,
        MaskMode,
        MemDsbT,
        ReduceOrder,
        RoundMode,
        ScheduleType,
        SelMode,
        TPosition,
    )
    from asc_xdsl.enums import Pipe as PipeID
    from asc_xdsl.language.core.struct_enums import (
        AippInputFormat,
        BlockMode,
        CO2Layout,
        DataFormat,
        DeqScale,
        MatmulConfigMode,
        MatmulPolicy,
        QuantModes,
        TransposeType,
        pad_t,
    )
else:

    def __getattr__(name: str) -> object:
        # Each enum is made when first named (Python's enum classes are slow to make):
        # the dialect's from `asc_xdsl.enums`, the structs' from `struct_enums`.
        import importlib

        if name in _STRUCT_ENUMS:
            module = importlib.import_module("asc_xdsl.language.core.struct_enums")
            value = getattr(module, name)
        elif name in _FROM_ENUMS:
            value = getattr(importlib.import_module("asc_xdsl.enums"), _FROM_ENUMS[name])
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *_FROM_ENUMS, *_STRUCT_ENUMS})
