"""Declarative assembly formats compiled when an op is first parsed or printed.

Part of the opt-in fast start (`asc_xdsl.utils.fast_start`): nothing here is installed
unless a program asks for it (`asc_xdsl.fast_start()`, `ASC_XDSL_FAST_START=1`, our
own command-line programs).

xDSL compiles an op's `assembly_format` into a program as its class is defined; for the
func/arith/scf ops and AscendC ops a compile loads, that was ~10% of a cold start, and a
kernel compiled from Python to Ascend C neither parses nor prints IR. `install()` makes
`FormatProgram.from_str` return a stand-in that compiles the program on its first
`parse` or `print` (the only two uses xDSL makes of it). A format that does not compile
is then an error at that first use: a `PyRDLOpDefinitionError` naming the op, as xDSL's
at definition would be, never a parse error of the input; the tests print and parse
every AscendC op (tests/unit/test_builders.py), so none reaches a user.

The fast start does not load xDSL (a cache hit needs none of it): until xDSL's format
module is imported, `install()` only leaves a one-shot import hook that patches it as it
loads, before any op class is defined with it.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from asc_xdsl.utils.import_hooks import patch_when_imported

FORMAT_MODULE = "xdsl.irdl.declarative_assembly_format"


class LazyFormatProgram:
    """Stands for `compile(source, op_def)` (xDSL's `FormatProgram.from_str`) until a
    first `parse` or `print` needs the program."""

    __slots__ = ("_compile", "_op_def", "_program", "_source")

    def __init__(self, compile: Callable[[str, Any], Any], source: str, op_def: Any) -> None:
        self._compile = compile
        self._source = source
        self._op_def = op_def
        self._program: Any = None

    def program(self) -> Any:
        if self._program is None:
            from xdsl.utils.exceptions import ParseError, PyRDLOpDefinitionError

            try:
                self._program = self._compile(self._source, self._op_def)
            except ParseError as e:
                raise PyRDLOpDefinitionError(
                    f"'{self._op_def.name}': its assembly format does not compile: {e}"
                ) from None
        return self._program

    def parse(self, parser: Any, op_type: Any) -> Any:
        return self.program().parse(parser, op_type)

    def print(self, printer: Any, op: Any) -> None:
        return self.program().print(printer, op)


def _patch(module: ModuleType) -> None:
    program_class = module.FormatProgram
    if getattr(program_class, "_asc_xdsl_lazy", False):
        return
    compile = program_class.from_str

    def from_str(source: str, op_def: Any) -> Any:
        return LazyFormatProgram(compile, source, op_def)

    program_class.from_str = staticmethod(from_str)
    program_class._asc_xdsl_lazy = True


def install() -> None:
    """Make formats lazy for ops defined from now on (idempotent)."""
    patch_when_imported(FORMAT_MODULE, _patch)
