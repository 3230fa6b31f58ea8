"""How the kernel language builds IR: the builder interface and the values it hands out.

The language (`asc.add`, `TPipe`, `LocalTensor`, ...) never reaches into the code
generator that walks the kernel's Python AST (`asc_xdsl.frontend`, a layer above).
Each API function asks for the active builder (`require_jit`) and calls the methods of
`KernelBuilder` on it: insert an op, make a scalar, report a located error at the
kernel line being compiled. The frontend's `CodeGenerator` implements the interface and
registers itself (`push`/`pop`) while it compiles a kernel; the language's values wrap
the SSA values the builder makes.

- `interface.py`: `KernelBuilder`, the methods the language calls;
- `active.py`: the active builder (`require_jit`, `in_jit`) and `JitOnlyError`;
- `values.py`: `IRValue`, `RuntimeScalar`, `KernelLoop`, `FormatString`.

Light at import time: nothing here loads xDSL.
"""

from asc_xdsl.language.builder.active import JitOnlyError, in_jit, pop, push, require_jit
from asc_xdsl.language.builder.interface import KernelBuilder
from asc_xdsl.language.builder.values import FormatString, IRValue, KernelLoop, RuntimeScalar

__all__ = [
    "FormatString",
    "IRValue",
    "JitOnlyError",
    "KernelBuilder",
    "KernelLoop",
    "RuntimeScalar",
    "in_jit",
    "pop",
    "push",
    "require_jit",
]
