"""The compiler of `@asc.jit` Python kernels to AscendC IR: `jit`, the compile cache,
the code generator and its errors. The kernel language itself (`asc.add`, `TPipe`, ...)
is `asc_xdsl.language`.

Light at import time: xDSL and the code generator load on the first compile.
"""

from asc_xdsl.frontend.errors import CompileError, JitOnlyError
from asc_xdsl.frontend.jit import ConstExpr, JITFunction, jit

__all__ = ["CompileError", "ConstExpr", "JITFunction", "JitOnlyError", "jit"]
