"""pyasc's `asc.codegen` path: the code generator's errors (`asc_xdsl.codegen.errors`).

The code generator itself is `asc_xdsl.frontend.codegen`."""
