"""Ascend 950's 8-bit float element types in the IR.

Three are MLIR builtin types (`f8E4M3FN` = `fp8_e4m3fn_t`, `f8E5M2` = `fp8_e5m2_t`,
`f8E8M0FNU` = `fp8_e8m0_t`); HiFloat8 (`hifloat8_t`) has none, so it is
`!ascendc.hifloat8` here. They exist on Ascend 950 (arch 3510) only (the spec ops'
verifier refuses them elsewhere); which ops take them there: docs/fp8.md.
"""

from __future__ import annotations

from xdsl.dialects.builtin import Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType
from xdsl.ir import Attribute
from xdsl.irdl import irdl_attr_definition

from asc_xdsl.dialects.ascendc.types import _OpaqueType


@irdl_attr_definition
class HiFloat8Type(_OpaqueType):
    """HiFloat8 (`hifloat8_t`), Ascend 950's tapered 8-bit float: `!ascendc.hifloat8`."""

    name = "ascendc.hifloat8"
    CPP_CLASS = "hifloat8_t"


FLOAT8_CLASSES: dict[type[Attribute], str] = {
    Float8E4M3FNType: "float8_e4m3fn",
    Float8E5M2Type: "float8_e5m2",
    Float8E8M0FNUType: "float8_e8m0",
    HiFloat8Type: "hifloat8",
}
"""IR type class -> the 8-bit float format's name (asc_xdsl.utils.float8)."""

_BY_NAME = {name: cls for cls, name in FLOAT8_CLASSES.items()}


def float8_ir_type(name: str) -> Attribute:
    """The IR type of the 8-bit float dtype `name`."""
    return _BY_NAME[name]()


def float8_name(t: Attribute) -> str | None:
    """The 8-bit float format of IR (element) type `t`, or None."""
    return FLOAT8_CLASSES.get(type(t))
