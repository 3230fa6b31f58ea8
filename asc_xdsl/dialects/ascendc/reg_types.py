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

from xdsl.dialects.builtin import ComplexType, IntAttr
from xdsl.ir import Attribute
from xdsl.irdl import irdl_attr_definition as attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.types import AscendCType, TemplateArg
from asc_xdsl.dialects.reg_enums import (  # noqa: F401  (re-exported)
    REG_ENUMS,
    VEC_LEN,
    DivAlgo,
    ExpAlgo,
    GatherMaskMode,
    HighLowPart,
    HistogramsBinType,
    HistogramsType,
    IndexOrder,
    LnAlgo,
    LoadDist,
    Log2Algo,
    Log10Algo,
    LogAlgo,
    MaskLoadDist,
    MaskPattern,
    MaskStoreDist,
    MemType,
    ReduceType,
    RegLayout,
    RegTrait,
    SatMode,
    SpecialPurposeReg,
    SqrtAlgo,
    StoreDist,
)


@attr_definition
class RegTensorType(AscendCType):
    """`AscendC::Reg::RegTensor<T, trait>`: one vector register of `T` elements, or with
    RegTraitNumTwo (`!ascendc.reg_tensor<i64, 2>`) a pair of them holding 64-bit `T`
    (or complex `T`: `!ascendc.reg_tensor<complex<f16>, 2>`, 128 complex32 elements)."""

    name = "ascendc.reg_tensor"
    CPP_CLASS = "AscendC::Reg::RegTensor"

    element_type: Attribute
    trait: IntAttr

    def __init__(self, element_type: Attribute, trait: int = RegTrait.NUM_ONE):
        super().__init__(element_type, IntAttr(int(trait)))

    @property
    def reg_num(self) -> int:
        """Vector registers in one value: 1, or 2 for RegTraitNumTwo."""
        return self.trait.data

    def verify(self) -> None:
        if self.trait.data not in (1, 2):
            raise VerifyException(
                f"{self.name}: the trait is RegTraitNumOne (1) or RegTraitNumTwo (2), got "
                f"{self.trait.data}"
            )
        width = getattr(self.element_type, "bitwidth", None)
        # (a complex pair holds the real parts in one register, the imaginary in the other)
        if self.trait.data == 2 and width != 64 and not isinstance(self.element_type, ComplexType):
            raise VerifyException(
                f"{self.name}: RegTraitNumTwo registers hold 64-bit or complex elements, not "
                f"{self.element_type}"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            element = parser.parse_type()
            trait = parser.parse_integer() if parser.parse_optional_punctuation(",") else 1
        return (element, IntAttr(trait))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.element_type)
        if self.trait.data != 1:
            printer.print_string(f", {self.trait.data}")
        printer.print_string(">")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        if self.trait.data == 1:
            return (self.element_type,)
        return (self.element_type, RegTrait(self.trait.data))


@attr_definition
class MaskRegType(AscendCType):
    """`AscendC::Reg::MaskReg`: a predicate register (one bit per byte of a vector)."""

    name = "ascendc.mask_reg"
    CPP_CLASS = "AscendC::Reg::MaskReg"


@attr_definition
class UnalignRegForStoreType(AscendCType):
    """`AscendC::Reg::UnalignRegForStore`: the 32-byte register an unaligned store stream
    keeps its unwritten tail in until the next `StoreUnAlign` or `StoreUnAlignPost`."""

    name = "ascendc.unalign_reg_store"
    CPP_CLASS = "AscendC::Reg::UnalignRegForStore"


REG_TYPES: list[type[AscendCType]] = [RegTensorType, MaskRegType, UnalignRegForStoreType]
