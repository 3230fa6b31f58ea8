"""The compiler of `@asc.jit` Python kernels to AscendC IR: `jit`, the compile cache,
the code generator and its errors. The kernel language itself (`asc.add`, `TPipe`, ...)
is `asc_xdsl.language`.

Light at import time: xDSL and the code generator load on the first compile.
"""

from typing import TYPE_CHECKING, Any

from asc_xdsl.frontend.errors import CompileError, JitOnlyError
from asc_xdsl.frontend.jit import ConstExpr, JITFunction, jit

if TYPE_CHECKING:
    from asc_xdsl.frontend.options import CodegenOptions, CompileOptions, LaunchOptions

OPTION_CLASSES = ("CodegenOptions", "CompileOptions", "LaunchOptions")
"""pyasc's option records (`options.py`), loaded when first named: the JIT reads their
defaults from `option_defaults.py` (docs/performance.md, "Cold start")."""


def __getattr__(name: str) -> Any:
    if name in OPTION_CLASSES:
        from asc_xdsl.frontend import options

        return getattr(options, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
