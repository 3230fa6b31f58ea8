"""The compiler of `@asc.jit` Python kernels to AscendC IR: `jit`, the compile cache,
the code generator and its errors. The kernel language itself (`asc.add`, `TPipe`, ...)
is `asc_xdsl.language`.

Light at import time: xDSL and the code generator load on the first compile.
"""

from asc_xdsl.frontend.errors import CompileError, JitOnlyError
from asc_xdsl.frontend.jit import ConstExpr, JITFunction, jit
from asc_xdsl.frontend.options import CodegenOptions, CompileOptions, LaunchOptions

__all__ = [
    "CodegenOptions",
    "CompileError",
    "CompileOptions",
    "ConstExpr",
    "JITFunction",
    "JitOnlyError",
    "LaunchOptions",
    "jit",
]
