"""Errors of the frontend: located compile errors and the JIT-only guard."""

from __future__ import annotations


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


class JitOnlyError(RuntimeError):
    """An asc API function called from plain Python instead of inside a `@jit` kernel."""

    def __init__(self, api: str) -> None:
        super().__init__(
            f"asc.{api}() can only be used inside a function decorated with @asc.jit "
            "while it is being compiled (it builds kernel IR; it does not run in Python)"
        )
