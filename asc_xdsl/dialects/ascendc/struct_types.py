"""Parameterless AscendC struct and handle types (`!ascendc.binary_repeat_params`, ...).

One row per type: mnemonic, Python class name, C++ class. They print as their bare
mnemonic (a class template of an element type may add it, `!ascendc.aipp_params<ui8>`)
and stand for the C++ class (values are built with `ascendc.construct` or
passed in as kernel/function arguments). The names and classes follow pyasc's dialect
(its type list, `include/ascir/Dialect/Asc/IR/*.td` in pyasc).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import IntAttr, NoneAttr
from xdsl.ir import Attribute
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.types import (
    AscendCType,
    DefaultedElementType,
    OptionalElementType,
    TemplateArg,
    _OpaqueType,
)
from asc_xdsl.dialects.attr_def import attr_definition

if TYPE_CHECKING:
    from asc_xdsl.dialects.ascendc.spec import TypeRule

# (mnemonic, class name, C++ class)
STRUCT_TYPE_TABLE: tuple[tuple[str, str, str], ...] = (
    ("aipp_cpadding_params", "AippChannelPaddingParamsType", "AscendC::AippChannelPaddingParams"),
    ("aipp_csc_params", "AippColorSpaceConvParamsType", "AscendC::AippColorSpaceConvParams"),
    ("aipp_dtc_params", "AippDataTypeConvParamsType", "AscendC::AippDataTypeConvParams"),
    ("aipp_input_format", "AippInputFormatType", "AscendC::AippInputFormat"),
    ("aipp_padding_params", "AippPaddingParamsType", "AscendC::AippPaddingParams"),
    ("aipp_params", "AippParamsType", "AscendC::AippParams"),
    ("aipp_single_line_params", "AippSingleLineParamsType", "AscendC::AippSingleLineParams"),
    ("aipp_swap_params", "AippSwapParamsType", "AscendC::AippSwapParams"),
    ("ascend_quant_config", "AscendQuantConfigType", "AscendC::AscendQuantConfig"),
    ("batch_mode", "BatchModeType", "BatchMode"),
    ("batch_out_mode", "BatchOutModeType", "BatchOutMode"),
    ("binary_repeat_params", "BinaryRepeatParamsType", "AscendC::BinaryRepeatParams"),
    ("block_mode", "BlockModeType", "AscendC::BlockMode"),
    ("brcb_repeat_params", "BrcbRepeatParamsType", "AscendC::BrcbRepeatParams"),
    ("buf_addr", "BufAddrType", "AscendC::TBuffAddr"),
    ("co2_layout", "CO2LayoutType", "AscendC::CO2Layout"),
    (
        "check_local_memory_ia_param",
        "CheckLocalMemoryIAParamType",
        "AscendC::CheckLocalMemoryIAParam",
    ),
    ("copy_repeat_params", "CopyRepeatParamsType", "AscendC::CopyRepeatParams"),
    ("data_copy_co12dst_params", "DataCopyCO12DstParamsType", "AscendC::DataCopyCO12DstParams"),
    ("data_copy_enhanced_params", "DataCopyEnhancedParamsType", "AscendC::DataCopyEnhancedParams"),
    ("data_format", "DataFormatType", "AscendC::DataFormat"),
    ("deq_scale", "DeqScaleType", "AscendC::DeqScale"),
    ("fixpipe_config", "FixpipeConfigType", "AscendC::FixpipeConfig"),
    ("fixpipe_params_v220", "FixpipeParamsV220Type", "AscendC::FixpipeParamsV220"),
    ("fixpipe_params_arch3510", "FixpipeParamsArch3510Type", "AscendC::FixpipeParamsArch3510"),
    ("fmatrix_mode", "FmatrixModeType", "AscendC::FmatrixMode"),
    ("fixpipe_params", "FixpipeParamsType", "AscendC::FixpipeParams"),
    ("gather_mask_params", "GatherMaskParamsType", "AscendC::GatherMaskParams"),
    ("gather_repeat_params", "GatherRepeatParamsType", "AscendC::GatherRepeatParams"),
    ("init_const_value_params", "InitConstValueParamsType", "AscendC::InitConstValueParams"),
    ("is_reset_load_3d_config", "IsResetLoad3dConfigType", "AscendC::IsResetLoad3dConfig"),
    ("iterate_mode", "IterateModeType", "IterateMode"),
    ("iterate_order", "IterateOrderType", "IterateOrder"),
    ("kfc_server", "KfcServerType", "AscendC::KfcServer"),
    ("list_tensor_desc", "ListTensorDescType", "AscendC::ListTensorDesc"),
    ("load_data_2d_params", "LoadData2DParamsType", "AscendC::LoadData2DParams"),
    ("load_data_2d_params_v2", "LoadData2DParamsV2Type", "AscendC::LoadData2DParamsV2"),
    (
        "load_data_2d_transpose_params",
        "LoadData2dTransposeParamsType",
        "AscendC::LoadData2dTransposeParams",
    ),
    (
        "load_data_2d_transpose_params_v2",
        "LoadData2dTransposeParamsV2Type",
        "AscendC::LoadData2dTransposeParamsV2",
    ),
    ("load_data_2d_mx_params", "LoadData2DMxParamsType", "AscendC::LoadData2DMxParams"),
    ("load_data_3d_params_v1", "LoadData3DParamsV1Type", "AscendC::LoadData3DParamsV1"),
    ("load_data_3d_params_v2", "LoadData3DParamsV2Type", "AscendC::LoadData3DParamsV2"),
    ("load_data_3d_params_v2_pro", "LoadData3DParamsV2ProType", "AscendC::LoadData3DParamsV2Pro"),
    ("load_data_repeat_param", "LoadDataRepeatParamType", "AscendC::LoadDataRepeatParam"),
    ("load_image_to_local_params", "LoadImageToLocalParamsType", "AscendC::LoadImageToLocalParams"),
    ("mask", "MaskType", ""),
    ("mask_mode", "MaskModeType", "AscendC::MaskMode"),
    ("matmul_api_static_tiling", "MatmulApiStaticTilingType", "MatmulApiStaticTiling"),
    ("matmul_config", "MatmulConfigType", "MatmulConfig"),
    ("matrix_offset", "MatrixOffsetType", "MatrixOffset"),
    ("mmad_params", "MmadParamsType", "AscendC::MmadParams"),
    ("mrg_sort4_info", "MrgSort4InfoType", "AscendC::MrgSort4Info"),
    ("dn2nz_params", "Dn2NzParamsType", "AscendC::Dn2NzParams"),
    ("nd2nz_params", "Nd2NzParamsType", "AscendC::Nd2NzParams"),
    ("nz2nd_params", "Nz2NdParamsType", "AscendC::Nz2NdParams"),
    ("nz2nd_params_full", "Nz2NdParamsFullType", "AscendC::Nz2NdParamsFull"),
    ("quant_mode_t", "QuantModesType", "QuantMode_t"),
    ("quant_params", "QuantParamsType", "AscendC::QuantParams"),
    ("reduce_order", "ReduceOrderType", "AscendC::ReduceOrder"),
    ("rmsnorm_tiling", "RmsNormTilingType", "RmsNormTiling"),
    ("schedule_type", "ScheduleTypeType", "ScheduleType"),
    ("slice_info", "SliceInfoType", "AscendC::SliceInfo"),
    ("softmax_shape_info", "SoftMaxShapeInfoType", "AscendC::SoftMaxShapeInfo"),
    ("softmax_tiling", "SoftMaxTilingType", "SoftMaxTiling"),
    ("cube_tiling", "TCubeTilingType", "TCubeTiling"),
    ("trans_data_to_5hd_params", "TransDataTo5HDParamsType", "AscendC::TransDataTo5HDParams"),
    ("transpose_params_ext", "TransposeParamsExtType", "AscendC::TransposeParamsExt"),
    ("transpose_type", "TransposeTypeType", "AscendC::TransposeType"),
    ("unary_repeat_params", "UnaryRepeatParamsType", "AscendC::UnaryRepeatParams"),
    ("vdeq_info", "VdeqInfoType", "AscendC::VdeqInfo"),
    ("pad_t", "pad_tType", "AscendC::pad_t"),
)


CO2_LAYOUT_NAMES = ("nz", "row_major", "column_major")
"""`AscendC::CO2Layout` values by number, as the IR spells them."""


class CO2LayoutTemplateType(AscendCType):
    """A class template over a `CO2Layout` with a default (`FixpipeParamsArch3510<CO2Layout
    format = ROW_MAJOR>`): `!ascendc.x` is `C<>` (the default), `!ascendc.x<nz>` is
    `C<AscendC::CO2Layout::NZ>`, likewise `<row_major>` and `<column_major>`."""

    layout_attr: Attribute  # NoneAttr (the default) or an IntAttr: the CO2Layout value

    DEFAULT_LAYOUT: ClassVar[int] = 1

    def __init__(self, layout: int | None = None):
        super().__init__(NoneAttr() if layout is None else IntAttr(int(layout)))

    @property
    def layout(self) -> int:
        """The CO2Layout value (the default's when the type leaves it out)."""
        value = self.layout_attr
        return value.data if isinstance(value, IntAttr) else self.DEFAULT_LAYOUT

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if parser.parse_optional_punctuation("<") is None:
            return (NoneAttr(),)
        start = parser.pos
        word = parser.parse_optional_identifier()
        if word not in CO2_LAYOUT_NAMES:
            parser.raise_error(
                f"unknown CO2Layout '{word}', expected one of {', '.join(CO2_LAYOUT_NAMES)}",
                start,
                parser.pos,
            )
        parser.parse_punctuation(">")
        return (IntAttr(CO2_LAYOUT_NAMES.index(word)),)

    def print_parameters(self, printer: Printer) -> None:
        if isinstance(self.layout_attr, IntAttr):
            printer.print_string(f"<{CO2_LAYOUT_NAMES[self.layout_attr.data]}>")

    def verify(self) -> None:
        value = self.layout_attr
        if isinstance(value, IntAttr) and not 0 <= value.data < len(CO2_LAYOUT_NAMES):
            raise VerifyException(f"{self.name}: CO2Layout {value.data} is not a layout (0-2)")
        if not isinstance(value, IntAttr | NoneAttr):
            raise VerifyException(f"{self.name}: the parameter must be a CO2Layout")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        if not isinstance(self.layout_attr, IntAttr):
            return ()
        return (f"AscendC::CO2Layout::{CO2_LAYOUT_NAMES[self.layout_attr.data].upper()}",)


def _base(entry: dict | None) -> type[AscendCType]:
    # A class template of an element type (the headers' table says so) takes it as an
    # optional parameter, `!ascendc.x<f16>`; with a default (`T = int32_t`) the bare
    # type is the default; a class template over a CO2Layout with a default takes the
    # layout (`!ascendc.fixpipe_params_arch3510<nz>`); the others have no parameter.
    entry = entry or {}
    if not entry.get("template") and entry.get("template_defaults", ())[:1] == (
        "CO2Layout format",
    ):
        return CO2LayoutTemplateType
    if entry.get("template") == ("T",):
        return OptionalElementType
    if not entry.get("template") and entry.get("template_defaults", ())[:1] == ("T",):
        return DefaultedElementType
    return _OpaqueType


def _define(mnemonic: str, class_name: str, cpp_class: str) -> type[AscendCType]:
    from asc_xdsl.dialects.ascendc.struct_fields import struct_entry  # (the headers' table)

    entry = struct_entry(cpp_class)
    cls = type(
        class_name,
        (_base(entry),),
        {"name": f"ascendc.{mnemonic}", "__module__": __name__, "__doc__": f"`{cpp_class}`."},
    )
    cls = attr_definition(cls)
    # Class facts (ClassVars of AscendCType: the IRDL definition, built on first use,
    # skips them). A class template whose parameters all have defaults is spelled `C<>`.
    cls.CPP_CLASS = cpp_class
    cls.CPP_EMPTY_TEMPLATE_ARGS = bool(entry and entry.get("template_defaults")) and not (
        entry.get("template")
    )
    return cls


class _LazyTypes(Mapping[str, type[AscendCType]]):
    """Class name -> type class, each defined on first use: defining all 73 costs more
    than compiling a small kernel, which uses one or two (`AscContext` finds the others
    by mnemonic when the parser meets them)."""

    def __init__(self) -> None:
        self._rows = {class_name: (m, cpp) for m, class_name, cpp in STRUCT_TYPE_TABLE}
        self._made: dict[str, type[AscendCType]] = {}

    def __getitem__(self, class_name: str) -> type[AscendCType]:
        made = self._made.get(class_name)
        if made is None:
            mnemonic, cpp = self._rows[class_name]
            made = self._made[class_name] = _define(mnemonic, class_name, cpp)
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


STRUCT_TYPES: _LazyTypes = _LazyTypes()
"""Class name -> type class (defined on first use)."""


def of_struct(class_name: str) -> TypeRule:
    """The type rule of a parameter struct by class name: `spec.of_type` of its class
    (an equal rule) without defining the class, so a family module that names structs
    for its L0/L1 forms does not define them when it loads. Until the class is made
    no value can have the type, so the check needs no class before then."""
    from asc_xdsl.dialects.ascendc.spec import TypeRule, _Rule, _sample_of

    mnemonic, cpp = STRUCT_TYPES._rows[class_name]
    made = STRUCT_TYPES._made

    def check(t: Attribute) -> bool:
        cls = made.get(class_name)
        return cls is not None and isinstance(t, cls)

    return TypeRule(
        _Rule(f"!ascendc.{mnemonic}", check),
        cpp,
        lambda v: _sample_of(STRUCT_TYPES[class_name], v),
    )


BY_MNEMONIC: dict[str, str] = {f"ascendc.{m}": class_name for m, class_name, _ in STRUCT_TYPE_TABLE}
"""Type name (`ascendc.binary_repeat_params`) -> class name."""


def __getattr__(name: str) -> type[AscendCType]:
    if name in STRUCT_TYPES:
        return STRUCT_TYPES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
