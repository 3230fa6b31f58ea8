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
from asc_xdsl.enums import AscEnum

VEC_LEN = 256
"""Bytes of a vector register on 3510 (`GetVecLen()`, `VECTOR_REG_WIDTH`)."""


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


class _RegEnum(AscEnum):
    @classmethod
    def cpp_prefix(cls) -> str:
        return f"AscendC::Reg::{cls.__name__}::"


class MaskPattern(_RegEnum):
    """`CreateMask`'s pattern: ALL, the first N elements (VLn), every third or fourth
    (M3, M4), the first half (H) or quarter (Q), none (ALLF)."""

    ALL = 0
    VL1 = 1
    VL2 = 2
    VL3 = 3
    VL4 = 4
    VL8 = 5
    VL16 = 6
    VL32 = 7
    VL64 = 8
    VL128 = 9
    M3 = 10
    M4 = 11
    H = 12
    Q = 13
    ALLF = 15


class MemType(_RegEnum):
    """`LocalMemBar<src, dst>`: which accesses the barrier orders."""

    VEC_STORE = 0
    VEC_LOAD = 1
    SCALAR_STORE = 2
    SCALAR_LOAD = 3
    VEC_ALL = 4
    SCALAR_ALL = 5


class ReduceType(AscEnum):
    """`Reduce<type>` (`AscendC::ReduceType`)."""

    SUM = 0
    MAX = 1
    MIN = 2


class IndexOrder(_RegEnum):
    """`Arange<T, order>`."""

    INCREASE_ORDER = 0
    DECREASE_ORDER = 1


class HighLowPart(_RegEnum):
    """`Pack` / `UnPack`: which half of the register the narrow elements occupy."""

    LOWEST = 0
    HIGHEST = 1


class RegLayout(_RegEnum):
    """`CastTrait::layoutMode`: which of the narrow slots an element of a width-changing
    `Cast` takes (ZERO: slot 0 of each group, ...)."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3


class SatMode(_RegEnum):
    """`CastTrait::satMode`: whether a float -> integer `Cast` saturates."""

    NO_SAT = 0
    SAT = 1


REG_ENUMS = (MaskPattern, MemType, ReduceType, IndexOrder, HighLowPart, RegLayout, SatMode)
