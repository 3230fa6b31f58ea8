"""Declarative assembly formats compiled when an op is first parsed or printed.

xDSL compiles an op's `assembly_format` into a program as its class is defined; for the
func/arith/scf ops and AscendC ops a compile loads, that was ~10% of a cold start, and a
kernel compiled from Python to Ascend C neither parses nor prints IR. `install()` makes
`FormatProgram.from_str` return a stand-in that compiles the program on its first
`parse` or `print` (the only two uses xDSL makes of it). A format that does not compile
is then an error at that first use: a `PyRDLOpDefinitionError` naming the op, as xDSL's
at definition would be, never a parse error of the input; the tests print and parse
every AscendC op (tests/unit/test_builders.py), so none reaches a user.

`import asc_xdsl` does not load xDSL (a cache hit needs none of it): until xDSL's format
module is imported, `install()` only leaves a one-shot import hook that patches it as it
loads, before any op class is defined with it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

FORMAT_MODULE = "xdsl.irdl.declarative_assembly_format"


class LazyFormatProgram:
    """Stands for `compile(source, op_def)` (xDSL's `FormatProgram.from_str`) until a
    first `parse` or `print` needs the program."""

    __slots__ = ("_compile", "_source", "_op_def", "_program")

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


class _PatchOnImport:
    """A meta path finder that answers only for xDSL's format module: it finds it with
    the other finders and patches it right after it has run, then leaves."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != FORMAT_MODULE:
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec

        spec = find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            _patch(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]  # this file's loader
        return spec


def install() -> None:
    """Make formats lazy for ops defined from now on (idempotent)."""
    module = sys.modules.get(FORMAT_MODULE)
    if module is not None:
        _patch(module)
    elif not any(isinstance(finder, _PatchOnImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnImport())
