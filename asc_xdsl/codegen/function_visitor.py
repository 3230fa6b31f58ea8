"""pyasc's `asc.codegen.function_visitor` path: `CodegenOptions` (how the Python
function becomes IR). The code generator itself is `asc_xdsl.frontend.codegen`."""

from asc_xdsl.frontend.options import CodegenOptions

__all__ = ["CodegenOptions"]
