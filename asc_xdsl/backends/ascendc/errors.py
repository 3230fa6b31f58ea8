"""`EmissionError`: what the Ascend C printer cannot emit (not to be confused with pyasc's
`asc.codegen.errors.CodegenError`, which is the frontend's `CompileError`).

Its own module, so that drivers (`asc-opt`) can catch it without importing the printer
and the dialects it reads (a fifth of asc-opt's start-up).
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException
from xdsl.utils.lexer import Span

from asc_xdsl.diagnostics import CodedError


class EmissionError(CodedError, DiagnosticException, NotImplementedError):
    """An op the Ascend C printer cannot emit; the message names the op and its location
    (ASC-E400).

    A DiagnosticException, so `--split-input-file --verify-diagnostics` reports it
    per chunk; `asc-opt` adds the op's source position (see `asc_xdsl.opt`).
    """

    def __init__(self, op: Operation, reason: str, where: str | None = None, **coded: Any):
        self.op = op
        self.reason = reason
        message = f"error: cannot emit '{op.name}' as Ascend C: {reason}"
        DiagnosticException.__init__(self, f"{_location(op)}{message}" if where is None else where)

    def at(self, span: Span) -> EmissionError:
        """The same error, shown at `span` with the source line and a caret."""
        message = f"error: cannot emit '{self.op.name}' as Ascend C: {self.reason}"
        where = span.print_with_context(message).rstrip()
        return EmissionError(self.op, self.reason, where, code=self.code)


def _location(op: Operation) -> str:
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}: "
    return ""
