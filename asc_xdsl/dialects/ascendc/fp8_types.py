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


_PLUMBING = ("ascendc.global_tensor", "ascendc.local_tensor", "ascendc.que_bind.", "ascendc.tbuf.")
_NOT_PLUMBING = frozenset(
    f"ascendc.{t}_tensor.{m}"
    for t in ("global", "local")
    for m in ("get_value", "set_value", "bracket", "print", "to_file")
)
FP8_BASIC_OPS = frozenset(
    {
        "ascendc.cast_l0", "ascendc.cast_l1", "ascendc.cast_l2",
        "ascendc.reinterpret_cast", "ascendc.tensor_desc_get_data_obj",
        "ascendc.data_copy_l0", "ascendc.data_copy_l2", "ascendc.data_copy_enhanced",
        "ascendc.data_copy_nd2nz", "ascendc.data_copy_nz2nd", "ascendc.data_copy_slice",
        "ascendc.data_copy_pad_l0", "ascendc.data_copy_pad_l2", "ascendc.data_copy_pad_l0_ext",
        "ascendc.data_copy_pad_l2_ext", "ascendc.data_copy_pad_nd2nz",
        "ascendc.data_copy_pad_nd2nz_ext", "ascendc.data_copy_pad_ext_params",
        "ascendc.data_copy_l1_to_ub", "ascendc.data_copy_l1_to_ub_params",
        "ascendc.data_cache_clean_invalid_global",
        "ascendc.data_cache_clean_invalid_global_nodccidst", "ascendc.pop_stack_buffer",
    }
)  # fmt: skip
"""The basic-API ops (besides tensor and queue plumbing: `takes_float8`) that take 8-bit
float tensors on Ascend 950: Cast (its pairs: vec_vconv.CAST_MODES_950_FP8) and the ops
that move bytes, each compiled against the 3510 headers (tools/probe_fp8.py) and
simulated on the codes. Ops the headers accept that compute on the values (Mmad, the
LoadData 3D forms, ...) are refused until the simulator models them (docs/fp8.md)."""


def takes_float8(op_name: str) -> bool:
    """Whether the basic-API op `op_name` takes 8-bit float element types on Ascend 950."""
    if op_name in FP8_BASIC_OPS:
        return True
    return op_name.startswith(_PLUMBING) and op_name not in _NOT_PLUMBING
