"""pyasc's `asc.codegen.errors`: `CodegenError`, the error a kernel that cannot be
compiled raises. It is the frontend's `CompileError` (located: `file:line:col`, the
source line and a caret), so `except CodegenError` catches every compile error."""

from asc_xdsl.frontend.errors import CompileError

CodegenError = CompileError

__all__ = ["CodegenError"]
