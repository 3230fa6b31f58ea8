"""`op_definition`: xDSL's `irdl_op_definition` for our own op classes, with the
declarative assembly format compiled when the op is first parsed or printed.

xDSL compiles an op's `assembly_format` into a `FormatProgram` as its class is defined
(~0.6 ms of CPU each). A kernel compiled from Python to Ascend C neither parses nor
prints IR, so for the spec-made AscendC ops (`dialects/ascendc/spec.py`, `define_op`) the
program is compiled at the class's first `parse` or `print` instead, and the custom
directives its format names are made then too. Everything else is
xDSL's own code, run as `irdl_op_definition` runs it: `OpDef.from_pyrdl` (with its checks
of the format against a class's own parse/print) and `get_accessors_from_op_def`, and
the class's `OpDef` is the one xDSL makes (`assembly_format` included;
tests/unit/test_op_definition.py compares them for every spec-made op). This changes
only the classes passed here: xDSL's `irdl_op_definition`, `FormatProgram` and every
other op class are untouched (issue 29). The process-wide form of the same idea, for
every op class, is the opt-in fast start's `lazy_formats`.

A format that does not compile, or names a custom directive there is none of, is an
error at the op's first parse or print: a `PyRDLOpDefinitionError` naming the op (the
tests print and parse every AscendC op, tests/unit/test_builders.py, so none reaches a
user).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.irdl import IRDLOperation
from xdsl.irdl.operations import OpDef, get_accessors_from_op_def

OpT = TypeVar("OpT", bound=type[IRDLOperation])


class _Program:
    """The format program of one op class, compiled on first use (its custom
    directives, when `op_definition` was given them as a function, made first)."""

    __slots__ = ("directives", "op_def", "program")

    def __init__(self, op_def: OpDef, directives: Callable[[], Iterable[type]] | None) -> None:
        self.op_def = op_def
        self.directives = directives
        self.program: Any = None

    def get(self) -> Any:
        if self.program is None:
            from xdsl.irdl.declarative_assembly_format import FormatProgram
            from xdsl.utils.exceptions import ParseError, PyRDLOpDefinitionError

            if self.directives is not None:
                try:
                    made = self.directives()
                except (ValueError, TypeError) as e:  # (a format naming no directive)
                    raise PyRDLOpDefinitionError(
                        f"'{self.op_def.name}': its assembly format's directives: {e}"
                    ) from None
                self.op_def.custom_directives = {d.__name__: d for d in made}
                self.directives = None

            try:
                self.program = FormatProgram.from_str(self.op_def.assembly_format, self.op_def)
            except ParseError as e:
                raise PyRDLOpDefinitionError(
                    f"'{self.op_def.name}': its assembly format does not compile: {e}"
                ) from None
        return self.program


def op_definition(cls: OpT, directives: Callable[[], Iterable[type]] | None = None) -> OpT:
    """`irdl_op_definition(cls)`, the assembly format compiled when first used.
    `directives`: a function giving the format's custom directives (all of them, the
    class's own included), called then instead of reading `cls.custom_directives` (a
    directive is a dataclass xDSL makes, ~0.3 M instructions each; only a parse or print
    by the format needs one)."""
    op_def = OpDef.from_pyrdl(cls)
    source = op_def.assembly_format
    op_def.assembly_format = None  # (so xDSL's accessor builder compiles nothing)
    try:
        new_attrs = get_accessors_from_op_def(op_def, getattr(cls, "verify_", None))
    finally:
        op_def.assembly_format = source
    if source is not None:
        program = _Program(op_def, directives)

        @classmethod  # type: ignore[misc]
        def parse_with_format(cls: type[IRDLOperation], parser: Any) -> IRDLOperation:
            return program.get().parse(parser, cls)

        def print_with_format(self: IRDLOperation, printer: Any) -> None:
            return program.get().print(printer, self)

        new_attrs["parse"] = parse_with_format
        new_attrs["print"] = print_with_format
    for name, value in new_attrs.items():
        setattr(cls, name, value)
    return cls
