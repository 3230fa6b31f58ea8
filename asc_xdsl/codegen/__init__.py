"""pyasc's `asc.codegen` path: the code generator's errors (`asc_xdsl.codegen.errors`) and
`CodegenOptions` (`asc_xdsl.codegen.function_visitor`).

The code generator itself is `asc_xdsl.frontend.codegen`."""
