"""Types and enums of the Reg layer (`AscendC::Reg`, Ascend 950 / arch 3510).

* `!ascendc.reg_tensor<T>` is `AscendC::Reg::RegTensor<T>`: one vector register of
  `GetVecLen()` = 256 bytes, `256 / sizeof(T)` elements of `T`.
* `!ascendc.mask_reg` is `AscendC::Reg::MaskReg`: a predicate register, one bit per
  byte of a vector register (an element of `T` is enabled by its first byte's bit).

The enums are the template arguments of the Reg APIs (`kernel_reg_compute_utils.h`,
`impl/utils/common_types.h` for `ReduceType`); their C++ spellings are in the
`AscendC::Reg` namespace (ReduceType is `AscendC::ReduceType`, which Reg re-exports).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Attribute
from xdsl.irdl import irdl_attr_definition as attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from asc_xdsl.dialects.ascendc.types import AscendCType, TemplateArg
from asc_xdsl.dialects.reg_enums import (  # noqa: F401  (re-exported)
    REG_ENUMS,
    VEC_LEN,
    DivAlgo,
    GatherMaskMode,
    HighLowPart,
    HistogramsBinType,
    HistogramsType,
    IndexOrder,
    MaskPattern,
    MemType,
    ReduceType,
    RegLayout,
    SatMode,
)


@attr_definition
class RegTensorType(AscendCType):
    """`AscendC::Reg::RegTensor<T>`: one vector register of `T` elements."""

    name = "ascendc.reg_tensor"
    CPP_CLASS = "AscendC::Reg::RegTensor"

    element_type: Attribute

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return (parser.parse_type(),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.element_type,)


@attr_definition
class MaskRegType(AscendCType):
    """`AscendC::Reg::MaskReg`: a predicate register (one bit per byte of a vector)."""

    name = "ascendc.mask_reg"
    CPP_CLASS = "AscendC::Reg::MaskReg"


REG_TYPES: list[type[AscendCType]] = [RegTensorType, MaskRegType]
