"""The frontend's name for the language's runtime values (`IRValue`, `RuntimeScalar`,
`KernelLoop`, `FormatString`): defined with the builder interface that makes them, in
`asc_xdsl.language.builder.values`."""

from asc_xdsl.language.builder.values import FormatString, IRValue, KernelLoop, RuntimeScalar

__all__ = ["FormatString", "IRValue", "KernelLoop", "RuntimeScalar"]
