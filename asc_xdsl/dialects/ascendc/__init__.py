"""The AscendC dialect: Ascend C's kernel API as typed, verified xDSL ops.

Op names, types and textual syntax follow pyasc's `ascendc` dialect, so IR moves
between the two tools. The few hand-written ops live in `debug` (printf),
`construct` and `reg_scope` (`__VEC_SCOPE__`); the other ops are declared as specs in family modules (`tensor`,
`framework`, `vector`, `data_copy`, ... listed in `families.py`) and their classes are
made on first use.

Every op and type class is reachable from here by name, like xDSL's dialects:

    from asc_xdsl.dialects import ascendc
    ascendc.AddL2Op, ascendc.LocalTensorType, ascendc.BinaryRepeatParamsType

`AscendC` is the whole dialect (every op defined: for tools that list ops);
`AscendCCore` has the types defined up front, and `AscContext`
(`asc_xdsl.dialects.context`) adds the ops as IR names them (the hand-written ones of
`LAZY_OPS` and the spec-defined ones), and the struct and Reg types (`LAZY_TYPES`)
likewise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.ir import Dialect

from asc_xdsl.dialects.ascendc import enums, types
from asc_xdsl.dialects.ascendc.base import AscendCOp, EmitKind
from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.dialects.ascendc.param_types import PARAM_TYPES
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES

LAZY_OPS: dict[str, tuple[str, str]] = {
    "ascendc.printf": ("debug", "PrintfOp"),
    "ascendc.construct": ("construct", "ConstructOp"),
    "ascendc.reg.vec_scope": ("reg_scope", "RegVecScopeOp"),
}
"""Op name -> (module, class) of the hand-written ops (`HANDWRITTEN_OPS`): like the
spec-defined ones they are defined when first used (`AscContext` loads one when the
parser first meets its name, `ascendc.<class>` imports it): their modules load the
struct field tables, the Matmul types and the printf checks, which a kernel without
them never needs."""
_LAZY_OP_CLASSES = {cls: module for module, cls in LAZY_OPS.values()}
ASCENDC_TYPES = [*types.ASCENDC_TYPES, *PARAM_TYPES]
"""The types defined up front; the struct types (`STRUCT_TYPES`), the Matmul types, the
Reg types and Ascend 950's low-precision float types (`LAZY_TYPES`) come on first use."""

LAZY_TYPES: dict[str, tuple[str, str]] = {
    "ascendc.reg_tensor": ("reg_types", "RegTensorType"),
    "ascendc.mask_reg": ("reg_types", "MaskRegType"),
    "ascendc.unalign_reg_store": ("reg_types", "UnalignRegForStoreType"),
    "ascendc.addr_reg": ("reg_address_types", "AddrRegType"),
    "ascendc.unalign_reg_load": ("reg_address_types", "UnalignRegForLoadType"),
    "ascendc.matmul": ("adv_types", "MatmulType"),
    "ascendc.half2": ("simt", "Half2Type"),
    "ascendc.bfloat16x2": ("simt", "Bfloat16x2Type"),
    "ascendc.vector": ("simt", "VectorType"),
    "ascendc.coalesced_group": ("simt", "CoalescedGroupType"),
    "ascendc.thread_group": ("simt", "ThreadGroupType"),
    "ascendc.hifloat8": ("fp8_types", "HiFloat8Type"),
    "ascendc.float4_e1m2": ("fp8_types", "Float4E1M2Type"),
    "ascendc.mmad_bit_mode_params": ("fp8_types", "MmadBitModeParamsType"),
}
"""Type name -> (module, class) of the Reg layer's types (Ascend 950; their module loads
the Reg enums and the SoC table, `REG_TYPES` and `REG_ADDRESS_TYPES` list them) and the
Matmul object's (`ADV_TYPES`; their module loads the matmul enums), and SIMT's pair and
group types (`half2`, `bfloat16x2_t`, `coalesced_group`, `thread_group`), and Ascend
950's HiFloat8, 4-bit float and `MmadBitModeParams` types (`fp8_types`): a kernel
without registers, a Matmul or those types never needs them. The context (`AscContext`)
loads one when the parser first meets its name, and `ascendc.<class>` imports it."""
LAZY_ATTRS: dict[str, tuple[str, str]] = {
    "ascendc.matmul_config": ("adv_types", "MatmulConfigAttr"),
}
"""Attribute name -> (module, class) of the attributes made on first use, as `LAZY_TYPES`
(`#ascendc.matmul_config`, a Matmul type's configuration)."""
_LAZY_BY_CLASS = {cls: module for module, cls in (*LAZY_TYPES.values(), *LAZY_ATTRS.values())}


def lazy_type(module: str, name: str) -> Any:
    """The class `name` of our submodule `module` (a `LAZY_TYPES` or `LAZY_OPS` entry)."""
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def handwritten_ops() -> list[type[AscendCOp]]:
    """The hand-written op classes (`LAZY_OPS`; imports their modules)."""
    return [lazy_type(module, name) for module, name in LAZY_OPS.values()]


AscendCCore = Dialect("ascendc", [], ASCENDC_TYPES)

_BY_NAME: dict[str, Any] = {c.__name__: c for c in ASCENDC_TYPES}


def all_types() -> list[type[Any]]:
    """Every type and attribute class of the dialect (defines all struct, Reg and Matmul
    types)."""
    lazy = [
        lazy_type(module, name) for module, name in (*LAZY_TYPES.values(), *LAZY_ATTRS.values())
    ]
    return [*ASCENDC_TYPES, *lazy, *STRUCT_TYPES.values()]


def all_ops() -> list[type[AscendCOp]]:
    """Every op class of the dialect (defines all spec-defined ops)."""
    from asc_xdsl.dialects.ascendc.families import spec_classes

    return [*handwritten_ops(), *spec_classes()]


if TYPE_CHECKING:  # the spec-made op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs import *  # noqa: F403
    from asc_xdsl.dialects.ascendc.enums import HardEvent, Pipe, RoundMode


def __getattr__(name: str) -> Any:
    if name in __all__ and name in enums.__all__:  # (made when first named: asc_xdsl.enums)
        return getattr(enums, name)
    if name in _BY_NAME:
        return _BY_NAME[name]
    if name in _LAZY_BY_CLASS:
        return lazy_type(_LAZY_BY_CLASS[name], name)
    if name in _LAZY_OP_CLASSES:
        return lazy_type(_LAZY_OP_CLASSES[name], name)
    if name == "HANDWRITTEN_OPS":
        return handwritten_ops()
    if name == "AscendC":
        return Dialect("ascendc", all_ops(), all_types())
    if name in STRUCT_TYPES:
        return STRUCT_TYPES[name]
    if name == "ALL_OPS":
        return all_ops()
    if not name[:1].isupper():  # a submodule (`from ... import sysvar`): not a class
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from asc_xdsl.dialects.ascendc.families import find_class

    cls = find_class(name)
    if cls is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return cls


__all__ = [
    "ASCENDC_TYPES",
    "LAZY_OPS",
    "LAZY_TYPES",
    "AscendCCore",
    "AscendCOp",
    "EmitKind",
    "HardEvent",
    "Pipe",
    "RoundMode",
    "TPosition",
    "all_ops",
    "all_types",
    "handwritten_ops",
]
