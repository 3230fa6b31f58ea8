"""AscendC struct types with a type parameter (`!ascendc.mrg_sort_src_list<f32>`).

Like the parameterless structs of `struct_types`, each stands for a C++ class; its
parameter is the class's template argument (`AscendC::MrgSortSrcList<float>`). Values
are built with `ascendc.construct` or the op that default-constructs them
(`ascendc.mrg_sort_src_list`). Names and syntax follow pyasc's dialect
(its type list, `include/ascir/Dialect/Asc/IR/*.td` in pyasc).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Attribute
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from asc_xdsl.dialects.ascendc.types import AscendCType, TemplateArg
from asc_xdsl.dialects.attr_def import attr_definition


class ElementTypedStructType(AscendCType):
    """A struct template over one element type, spelled `<T>`."""

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
class MrgSortSrcListType(ElementTypedStructType):
    """`AscendC::MrgSortSrcList<T>`: the (up to) four sorted queues `MrgSort` merges."""

    name = "ascendc.mrg_sort_src_list"
    CPP_CLASS = "AscendC::MrgSortSrcList"


PARAM_TYPES: list[type[AscendCType]] = [MrgSortSrcListType]
