"""pyasc's `asc.runtime.compiler` path: `CompileOptions` (the compile options, whose
fields are `@asc.jit`'s keywords). The pipeline itself is `asc_xdsl.frontend.jit` and
`asc_xdsl.transforms.pipeline`."""

from asc_xdsl.frontend.options import CompileOptions

__all__ = ["CompileOptions"]
