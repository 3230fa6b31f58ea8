"""pyasc's `asc.language.core.ops`: `inline` (a line of C++ as it is) and `number` (a
Python number as a runtime scalar of a given dtype)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder import RuntimeScalar, require_jit
from asc_xdsl.language.core.utils import describe

if TYPE_CHECKING:
    from asc_xdsl.language._typing import Scalar


def inline(code: str, args: Any = None, before_function: bool = False) -> None:
    """`emitasc.verbatim`: the line `code` in the Ascend C as it is, `$N` standing for
    the N-th of `args` (runtime values or Python numbers); with `before_function`, at
    module level before the function being compiled (a `#define`, a declaration). The
    CPU simulator cannot run a kernel with such a line."""
    g = require_jit("inline")
    from asc_xdsl.dialects.emitasc import VerbatimOp

    if not isinstance(code, str):
        g.fail(f"inline: code must be a string, got {describe(code)}")
    values = []
    for i, a in enumerate(() if args is None else args):
        if isinstance(a, RuntimeScalar) or getattr(a, "handle", None) is not None:
            values.append(a.handle)
        elif isinstance(a, bool | int | float):
            values.append(g.printf_arg(a))
        else:
            g.fail(f"inline: argument {i} must be a runtime value or a number, got {describe(a)}")
    op = VerbatimOp(values, value=code)
    if not before_function:
        g.emit(op)
        return
    if values:
        g.fail("inline: a line before the function takes no arguments (they live in it)")
    g.emit_before_function(op)


def number(value: Scalar, dtype: DataType) -> RuntimeScalar:
    """`value` as a runtime scalar of `dtype` (pyasc's `asc.number(1, asc.float16)`)."""
    g = require_jit("number")
    if not isinstance(dtype, DataType):
        g.fail(f"number: dtype must be a data type (asc.float16, ...), got {describe(dtype)}")
    return RuntimeScalar(g.scalar(value, dtype), dtype)


__all__ = ["inline", "number"]
