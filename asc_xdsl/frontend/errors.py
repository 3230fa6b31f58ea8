"""Errors of the frontend: located compile errors and the JIT-only guard.

Every compile error is a `CompileError` with a stable code (docs/errors.md); it is also
the builtin its code's kind names: `CompileValueError` (ValueError),
`CompileTypeError` (TypeError), `CompileNotImplementedError` (NotImplementedError,
Python a kernel may not use) or `CompileRuntimeError` (RuntimeError). Raising
`CompileError(..., code=...)` makes the one the code asks for.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.diagnostics import CodedError

# raised by the language's `require_jit` (below the frontend): defined there
from asc_xdsl.language.builder.active import JitOnlyError

__all__ = [
    "CompileError",
    "CompileNotImplementedError",
    "CompileRuntimeError",
    "CompileTypeError",
    "CompileValueError",
    "JitOnlyError",
]


class CompileError(CodedError, Exception):
    """A kernel that cannot be compiled; prints `file:line:col`, the line, a caret, the
    code and a hint:

    kernel.py:12:9: error: 'break' is not supported in a runtime loop [ASC-F101]
            break
            ^^^^^
    hint: docs/frontend.md lists the Python a kernel may use; ...
    """

    def __init__(
        self,
        message: str,
        filename: str | None = None,
        lineno: int | None = None,
        col: int | None = None,
        source_line: str | None = None,
        length: int = 1,
        **coded: Any,
    ) -> None:
        self.message = message
        self.filename = filename
        self.lineno = lineno
        self.col = col
        self.source_line = source_line
        self.length = max(1, length)
        Exception.__init__(self, self._format())

    def _format(self) -> str:
        if self.filename is None or self.lineno is None:
            return f"error: {self.message}"
        col = (self.col or 0) + 1
        text = f"{self.filename}:{self.lineno}:{col}: error: {self.message}"
        if self.source_line is not None:
            line = self.source_line.rstrip("\n")
            caret = " " * (self.col or 0) + "^" * min(
                self.length, max(1, len(line) - (self.col or 0))
            )
            text += f"\n{line}\n{caret}"
        return text

    def __str__(self) -> str:
        # the code after the message (which may span lines), before the source excerpt
        text, tail = self.args[0], _hint_line(self.hint)
        located = self.filename is not None and self.lineno is not None
        if located and self.source_line is not None and text.count("\n") >= 2:
            head, line, caret = text.rsplit("\n", 2)
            return f"{head} [{self.code}]\n{line}\n{caret}{tail}"
        return f"{text} [{self.code}]{tail}"


def _hint_line(hint: str | None) -> str:
    return f"\nhint: {hint}" if hint else ""


class CompileValueError(CompileError, ValueError):
    """A kernel refused as written: a value, an operation or options the compiler rejects."""


class CompileTypeError(CompileError, TypeError):
    """A value of the wrong kind in a kernel, its arguments or its options."""


class CompileNotImplementedError(CompileError, NotImplementedError):
    """Python that kernels may not use (docs/frontend.md lists what they may)."""


class CompileRuntimeError(CompileError, RuntimeError):
    """A kernel that cannot be compiled for another reason than its code: its source is
    not available, too deep to compile, or Python raised while compiling a line."""


_PYTHON_ERRORS: tuple[tuple[type[Exception], str], ...] = (
    (NotImplementedError, "ASC-F101"),
    (TypeError, "ASC-F102"),
    (ValueError, "ASC-F100"),
)
"""The code of a Python exception an API function raised while a line compiled."""


def python_error(e: BaseException) -> str:
    """`e` as `TypeError: message` in a CompileError's text: a coded error of the API
    (ApiTypeError, ...) by its builtin's name and without its own code and hint."""
    kind = next((k for k in type(e).__mro__ if k.__module__ == "builtins"), type(e))
    name = kind.__name__ if hasattr(e, "text") else type(e).__name__
    return f"{name}: {getattr(e, 'text', e)}"


def code_for_exception(e: BaseException) -> str:
    """The code of the CompileError that reports `e` at the kernel's line."""
    return next((code for kind, code in _PYTHON_ERRORS if isinstance(e, kind)), "ASC-F109")


CompileError._kinds = {
    "ValueError": CompileValueError,
    "TypeError": CompileTypeError,
    "NotImplementedError": CompileNotImplementedError,
    "RuntimeError": CompileRuntimeError,
}
