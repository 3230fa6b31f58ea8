"""Errors of the frontend: located compile errors and the JIT-only guard."""

from __future__ import annotations

# raised by the language's `require_jit` (below the frontend): defined there
from asc_xdsl.language.builder.active import JitOnlyError

__all__ = ["CompileError", "JitOnlyError"]


class CompileError(Exception):
    """A kernel that cannot be compiled; prints `file:line:col`, the line and a caret.

    kernel.py:12:9: error: 'break' is not supported in a runtime loop
            break
            ^^^^^
    """

    def __init__(
        self,
        message: str,
        filename: str | None = None,
        lineno: int | None = None,
        col: int | None = None,
        source_line: str | None = None,
        length: int = 1,
    ) -> None:
        self.message = message
        self.filename = filename
        self.lineno = lineno
        self.col = col
        self.source_line = source_line
        self.length = max(1, length)
        super().__init__(self._format())

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
