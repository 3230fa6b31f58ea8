"""Ascend 950's 8-bit (and 4-bit) float element types in the IR.

Three are MLIR builtin types (`f8E4M3FN` = `fp8_e4m3fn_t`, `f8E5M2` = `fp8_e5m2_t`,
`f8E8M0FNU` = `fp8_e8m0_t`); HiFloat8 (`hifloat8_t`) has none, so it is
`!ascendc.hifloat8` here. They exist on Ascend 950 (arch 3510) only (the spec ops'
verifier refuses them elsewhere); which ops take them there: docs/fp8.md.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    Float4E2M1FNType,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float8E8M0FNUType,
)
from xdsl.ir import Attribute
from xdsl.irdl import irdl_attr_definition

from asc_xdsl.dialects.ascendc.types import _OpaqueType


@irdl_attr_definition
class HiFloat8Type(_OpaqueType):
    """HiFloat8 (`hifloat8_t`), Ascend 950's tapered 8-bit float: `!ascendc.hifloat8`."""

    name = "ascendc.hifloat8"
    CPP_CLASS = "hifloat8_t"


@irdl_attr_definition
class Float4E1M2Type(_OpaqueType):
    """The 4-bit float with a 1-bit exponent and 2-bit mantissa (`fp4x2_e1m2_t`, two a
    byte), which MLIR has no builtin type for: `!ascendc.float4_e1m2`."""

    name = "ascendc.float4_e1m2"
    CPP_CLASS = "fp4x2_e1m2_t"


@irdl_attr_definition
class MmadBitModeParamsType(_OpaqueType):
    """`AscendC::MmadBitModeParams` (Ascend 950 only: its members are under `__NPU_ARCH__
    == 3510`): Mmad's parameters packed in one 64-bit word (dav_3510
    `MmadBitModeConfig0`: m, k, n 12 bits each, unitFlag, disableGemv, cmatrixSource,
    cmatrixInitVal), set with `SetM` ... and taken by `MmadMx`:
    `!ascendc.mmad_bit_mode_params`."""

    name = "ascendc.mmad_bit_mode_params"
    CPP_CLASS = "AscendC::MmadBitModeParams"


FLOAT4_CLASSES: dict[type[Attribute], str] = {
    Float4E2M1FNType: "float4_e2m1",
    Float4E1M2Type: "float4_e1m2",
}
"""Ascend 950's 4-bit floats: IR type class -> format name. A tensor of them counts
4-bit elements (the headers' `IsHalfByteDataType`: GetSize is twice the bytes); the C++
types are the pairs `fp4x2_e2m1_t` (f4E2M1FN) and `fp4x2_e1m2_t`."""

FLOAT8_CLASSES: dict[type[Attribute], str] = {
    Float8E4M3FNType: "float8_e4m3fn",
    Float8E5M2Type: "float8_e5m2",
    Float8E8M0FNUType: "float8_e8m0",
    HiFloat8Type: "hifloat8",
    **FLOAT4_CLASSES,
}
"""IR type class -> the low-precision float format's name (asc_xdsl.utils.float8): the
8-bit floats and the 4-bit ones (`FLOAT4_CLASSES`), all Ascend 950's only."""

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
        # values: a constant, filled by the count form of Duplicate (3510's
        # CheckDuplicateSupportedType; its mask forms take 16/32-bit types only)
        "ascendc.float_constant", "ascendc.duplicate_l2",
        # the matmul (dav_3510 kernel_operator_mm_impl.h, the Mmad page's tables 5 / 6:
        # cube.MMAD_TYPES_950) and the loads that feed it, by their params (below)
        "ascendc.mmad", "ascendc.mmad_with_bias", "ascendc.load_data_l0_v2",
        "ascendc.load_data_g2l_v2", "ascendc.load_data_3d_l0_v2", "ascendc.load_data_3d_l0_v2pro",
        # out of L0C: float -> fp8_e4m3fn_t / hifloat8_t by the FP8 / HIF8 quant modes
        # (cube.QUANT_PAIRS_3510; dav_3510 CheckFixpipeQuantParams)
        "ascendc.fixpipe", "ascendc.fixpipe_with_workspace",
        # MX: MmadMx of fp8 with e8m0 scales (MmadParams or MmadBitModeParams), the load of
        # the scales (cube.MMAD_MX_TYPES), DataCopy with Dn2NzParams (the sample's load of
        # the scales)
        "ascendc.mmad_mx", "ascendc.mmad_mx_with_bias", "ascendc.mmad_mx_bit_mode",
        "ascendc.mmad_mx_bit_mode_with_bias", "ascendc.load_data_mx",
        "ascendc.data_copy_dn2nz",
    }
)  # fmt: skip
"""The basic-API ops (besides tensor and queue plumbing: `takes_float8`) that take 8-bit
float tensors on Ascend 950: Cast (its pairs: vec_vconv.CAST_MODES_950_FP8) and the ops
that move bytes, each compiled against the 3510 headers (tools/probe_fp8.py) and
simulated on the codes; a constant and Duplicate's count form; Mmad (decoded, exact
products, float accumulation), the LoadData forms that feed it and Fixpipe's FP8 / HIF8
quant modes. Ops the headers accept that the simulator does not model on fp8 values are
refused (docs/fp8.md)."""


FP8_LOAD_PARAMS: dict[str, frozenset[str]] = {
    "ascendc.load_data": frozenset(
        {"LoadData2DParamsV2Type", "LoadData3DParamsV2Type", "LoadData3DParamsV2ProType"}
    ),
}
"""An op whose form is its params' type -> the params types that take 8-bit floats: 3510's
LoadData 2D with LoadData2DParamsV2 (L1 -> L0A/L0B, GM -> L1) and 3D with
LoadData3DParamsV2 / V2Pro list hifloat8_t, fp8_e5m2_t, fp8_e4m3fn_t in their
static_asserts; LoadData2DParams (V1) and LoadDataWithTranspose do not."""


_LOADS = frozenset(
    {"ascendc.load_data", "ascendc.load_data_l0_v2", "ascendc.load_data_g2l_v2",
     "ascendc.load_data_3d_l0_v2", "ascendc.load_data_3d_l0_v2pro"}
)  # fmt: skip
_FIXPIPES = frozenset({"ascendc.fixpipe", "ascendc.fixpipe_with_workspace"})
_FIXPIPE_FP8 = ("f8E4M3FN", "!ascendc.hifloat8")


def float8_form_problem(op) -> str | None:  # type: ignore[no-untyped-def]
    """Why op `op`, which takes low-precision floats in some form, does not in this one,
    or None: LoadData's params (FP8_LOAD_PARAMS) and element type (its 3510 asserts list
    no fp8_e8m0_t), Fixpipe's (float L0C into fp8_e4m3fn_t or hifloat8_t, with
    FixpipeParamsArch3510: the quant modes that write them)."""
    if op.name in _LOADS:
        element = str(getattr(op.operands[0].type, "element_type", ""))
        if element == "f8E8M0FNU":
            return (
                "LoadData takes no fp8_e8m0_t on Ascend 950 (its 3510 static_asserts list "
                "hifloat8_t, fp8_e5m2_t, fp8_e4m3fn_t and the 4-bit floats)"
            )
    if op.name in _FIXPIPES:
        dst, src = (str(v.type.element_type) for v in (op.operands[0], op.operands[1]))
        params = type(op.intri_params.type).__name__
        if src != "f32" or dst not in _FIXPIPE_FP8 or params != "FixpipeParamsArch3510Type":
            return (
                f"Fixpipe writes 8-bit floats only from float in L0C into fp8_e4m3fn_t or "
                f"hifloat8_t, with FixpipeParamsArch3510 (its FP8 / HIF8 quant modes), not "
                f"{src} -> {dst} with {params.removesuffix('Type')}"
            )
        return None
    allowed = FP8_LOAD_PARAMS.get(op.name)
    if allowed is None:
        return None
    params = type(op.operands[-1].type).__name__
    if params in allowed:
        return None
    names = ", ".join(sorted(a.removesuffix("Type") for a in allowed))
    return (
        f"LoadData with {params.removesuffix('Type')} takes no 8-bit float type on Ascend 950 "
        f"(its 8-bit float forms: {names})"
    )


FP4_BASIC_OPS = frozenset(
    {
        # Cast to and from bfloat16_t (vec_vconv.CAST_MODES_950_FP8), the count form only
        # (the mask forms' asserts list no 4-bit type)
        "ascendc.cast_l2",
        # the byte copies (the 3510 DataCopy moves b8 blocks; a count is in elements)
        "ascendc.reinterpret_cast", "ascendc.data_copy_l0", "ascendc.data_copy_l2",
        "ascendc.data_copy_nd2nz", "ascendc.data_copy_pad_l0", "ascendc.data_copy_pad_l2",
        # LoadData 2D with LoadData2DParamsV2 (dav_3510's load_cbuf_to_ca_s4 branch)
        "ascendc.load_data_l0_v2", "ascendc.load_data_g2l_v2",
        # MX: MmadMx, LoadData with the scale matrix, DataCopy with Dn2NzParams (moved as
        # bytes, nValue even)
        "ascendc.mmad_mx", "ascendc.mmad_mx_with_bias", "ascendc.mmad_mx_bit_mode",
        "ascendc.mmad_mx_bit_mode_with_bias", "ascendc.load_data_mx",
        "ascendc.data_copy_dn2nz",
        # a constant (the pair of its value) and Duplicate's count form
        # (CheckDuplicateSupportedType lists fp4x2_e2m1_t / fp4x2_e1m2_t; its count counts
        # pairs: the implementation's b8 mask and 256-byte store steps)
        "ascendc.float_constant", "ascendc.duplicate_l2",
    }
)  # fmt: skip
"""The basic-API ops (besides tensor and queue plumbing) that take the 4-bit floats here."""


def float4_pair(t: Attribute, value: float) -> int | None:
    """The byte of the fp4x2 pair (value, value) when `t` is a 4-bit float type (`value`
    one of its values, rounded to nearest even otherwise), else None: a 4-bit constant
    means that pair, so Duplicate writes `value` into every element."""
    name = FLOAT4_CLASSES.get(type(t))
    if name is None:
        return None
    from asc_xdsl.utils import float8

    code = int(float8.encode([value], name, "rint", True)[0]) & 0xF
    return code | code << 4


def is_float4(t: Attribute) -> bool:
    """Whether `t` is one of Ascend 950's 4-bit float types."""
    return type(t) in FLOAT4_CLASSES


def reg_takes_float4(op_name: str) -> bool:
    """Whether `op_name` is a Reg op that takes the 4-bit floats: those that take the
    8-bit ones (`reg.FP8_OPS`, its one list), where an fp4x2 register element is a byte
    holding a pair (the 3510 implementations' `sizeof(T) == 1` branches: b8 masks and
    moves; Duplicate's fp4x2 branch broadcasts the scalar's byte; Cast's bf16 <-> fp4x2
    pairs)."""
    from asc_xdsl.dialects.ascendc.reg import FP8_OPS  # (reg imports this module)

    return op_name.startswith("ascendc.reg.") and op_name.removeprefix("ascendc.") in FP8_OPS


def takes_float8(op_name: str, t: Attribute | None = None) -> bool:
    """Whether the basic-API op `op_name` takes the low-precision float type `t` (an 8-bit
    float when None) on Ascend 950."""
    if t is not None and is_float4(t):
        if op_name in FP4_BASIC_OPS or op_name in FP8_LOAD_PARAMS or reg_takes_float4(op_name):
            return True
    elif op_name in FP8_BASIC_OPS or op_name in FP8_LOAD_PARAMS:
        return True
    return op_name.startswith(_PLUMBING) and op_name not in _NOT_PLUMBING
