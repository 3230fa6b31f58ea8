"""The `emitasc` dialect: C++ constructs without an Ascend C API op (pyasc's names).

- `emitasc.ptr_offset`: pointer arithmetic on GM pointers (`x + offset` in a Python
  kernel, `__gm__ float* p = x + offset;` in Ascend C);
- `#emitasc<kernel_arg explicit>`: pyasc's marker of what a kernel parameter is
  (`explicit`, or a hidden one such as `ffts_addr`), kept so pyasc's IR parses;
- `emitc.include`: the one EmitC op pyasc's modules contain, which xDSL's `emitc`
  dialect lacks (registered on its own by name, see `PYASC_COMPAT_OPS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, StringAttr, UnitAttr
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class PtrOffsetOp(IRDLOperation):
    """`base + offset`: a pointer `offset` elements past `base` (same type)."""

    name = "emitasc.ptr_offset"

    base = operand_def(MemRefType)
    dynamic_offset = opt_operand_def(IndexType)
    static_offset = opt_prop_def(IntegerAttr, prop_name="staticOffset")
    result = result_def(MemRefType)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())
    assembly_format = "$base `[` $dynamic_offset `]` attr-dict `:` type($base) `,` type($result)"

    def __init__(self, base, offset):
        super().__init__(operands=[base, [offset]], result_types=[base.type])

    def verify_(self) -> None:
        if (self.dynamic_offset is None) == (self.static_offset is None):
            raise VerifyException(
                f"'{self.name}' needs exactly one of a dynamic offset and staticOffset"
            )
        base, res = self.base.type, self.result.type
        assert isinstance(base, MemRefType) and isinstance(res, MemRefType)
        if base.element_type != res.element_type or base.memory_space != res.memory_space:
            raise VerifyException(
                f"'{self.name}': result {res} must point to the same element type and "
                f"memory space as the base {base}"
            )


@irdl_attr_definition
class KernelArgAttr(ParametrizedAttribute):
    """`#emitasc<kernel_arg explicit>`: what a kernel parameter is (pyasc's marker)."""

    name = "emitasc.kernel_arg"

    kind: StringAttr

    def __init__(self, kind: str):
        super().__init__(StringAttr(kind))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        # `<explicit>` after the pretty name, or `explicit` inside `#emitasc<kernel_arg ...>`
        if parser.parse_optional_punctuation("<") is not None:
            kind = parser.parse_identifier(" for a kernel argument kind")
            parser.parse_punctuation(">")
            return (StringAttr(kind),)
        return (StringAttr(parser.parse_identifier(" for a kernel argument kind")),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.kind.data}>")


@irdl_op_definition
class IncludeOp(IRDLOperation):
    """`emitc.include "header"` (or `<"header">` for a system header): `#include`."""

    name = "emitc.include"

    include = prop_def(StringAttr)
    is_standard_include = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, header: str, standard: bool = False):
        props: dict[str, Attribute] = {"include": StringAttr(header)}
        if standard:
            props["is_standard_include"] = UnitAttr()
        super().__init__(properties=props)

    @classmethod
    def parse(cls, parser: Parser) -> IncludeOp:
        standard = parser.parse_optional_punctuation("<") is not None
        header = parser.parse_str_literal()
        if standard:
            parser.parse_punctuation(">")
        op = cls(header, standard)
        if (attrs := parser.parse_optional_attr_dict()) is not None:
            op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        text = f'"{self.include.data}"'
        printer.print_string(f" <{text}>" if self.is_standard_include else f" {text}")


PYASC_COMPAT_OPS = (IncludeOp,)
"""Ops of other dialects' namespaces that pyasc modules use; load them with
`Context.load_op` (their dialects, e.g. xDSL's `emitc`, lack them)."""

EmitAsc = Dialect("emitasc", [PtrOffsetOp], [KernelArgAttr])
