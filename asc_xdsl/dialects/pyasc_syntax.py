"""Upstream ops in the textual forms pyasc's IR writes and xDSL 0.74 does not parse.

MLIR prints `arith.select %c, %a, %b : i1, i32` (the condition's type, then the
result's) and gives `memref.cast` a custom syntax, `memref.cast %m : memref<2xi32> to
memref<?xi32>`; xDSL parses only `: i32` and the generic form of the cast. `AscContext`
parses those names with the classes here, which read either form and return xDSL's own
op (`arith.SelectOp`, `memref.CastOp`), so passes, printer and simulator see nothing new
and printing gives xDSL's form.
"""

from __future__ import annotations

from typing import Any, ClassVar

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import i1
from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.parser import Parser


class _Syntax(IRDLOperation):
    """Parses `OP`'s name; the op it makes is an `OP`."""

    OP: ClassVar[type[Operation]]

    @classmethod
    def create(cls, **kwargs: Any) -> Operation:  # the generic form
        return cls.OP.create(**kwargs)


@irdl_op_definition
class SelectSyntax(_Syntax):
    """`arith.select %c, %a, %b attr-dict : [cond type ,] result type`."""

    name = "arith.select"
    OP: ClassVar[type[Operation]] = arith.SelectOp

    @classmethod
    def parse(cls, parser: Parser) -> Operation:
        cond = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        cond_type, result_type = parser.parse_type(), None
        if parser.parse_optional_punctuation(",") is not None:
            result_type = parser.parse_type()
        else:  # one type: the result's, and the condition is an i1
            cond_type, result_type = i1, cond_type
        op = arith.SelectOp(
            parser.resolve_operand(cond, cond_type),
            parser.resolve_operand(lhs, result_type),
            parser.resolve_operand(rhs, result_type),
        )
        op.attributes |= attributes
        return op


@irdl_op_definition
class CastSyntax(_Syntax):
    """`memref.cast %m attr-dict : source type to result type`."""

    name = "memref.cast"
    OP: ClassVar[type[Operation]] = memref.CastOp

    @classmethod
    def parse(cls, parser: Parser) -> Operation:
        source = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_keyword("to")
        result_type = parser.parse_type()
        return memref.CastOp.create(
            operands=[parser.resolve_operand(source, source_type)],
            result_types=[result_type],
            attributes=attributes,
        )


SYNTAX: dict[str, type[Operation]] = {c.name: c for c in (SelectSyntax, CastSyntax)}
"""Op name -> the class `AscContext` parses it with."""
