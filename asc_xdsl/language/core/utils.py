"""Argument checks shared by the kernel-language functions (a wrong argument is a
located `CompileError` naming the API, the parameter and what it got), and pyasc's
`asc.language.core.utils.ceildiv`."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, overload

from asc_xdsl.diagnostics import ApiTypeError
from asc_xdsl.language.builder import IRValue, KernelBuilder, RuntimeScalar, require_jit


def overloads(*stubs: Callable[..., Any]) -> Callable[[Callable[..., Any]], Any]:
    """Record the call forms a function dispatching on its arguments takes (pyasc's
    `@overload`s) as `fn.forms`, one `inspect.Signature` per stub (its body unused)."""

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.forms = [inspect.signature(stub) for stub in stubs]  # type: ignore[attr-defined]
        return fn

    return mark


if TYPE_CHECKING:
    from asc_xdsl.language._typing import Int


@overload
def ceildiv(x: int, y: int) -> int: ...
@overload
def ceildiv(x: Int, y: Int) -> RuntimeScalar: ...
def ceildiv(x: Int, y: Int) -> int | RuntimeScalar:
    """`x / y` rounded up (pyasc's `asc.ceildiv`). Two Python integers give pyasc's
    `(x + y - 1) // y`, on the host too; with a runtime integer it is
    `arith.ceildivsi` (the ceiling of x / y: the same for y > 0)."""
    if isinstance(x, RuntimeScalar) or isinstance(y, RuntimeScalar):
        return require_jit("ceildiv").ceildiv(x, y)
    return (x + y - 1) // y


def static_assert(test: bool, message: str | None = None) -> None:
    """A compile-time assertion (pyasc's `asc.static_assert`): `test` must be a Python
    bool; when false, compiling fails at the call with `message`."""
    from asc_xdsl.language.builder import in_jit

    text = message if message is not None else "static_assert failed"
    if in_jit():
        g = require_jit("static_assert")
        if not isinstance(test, bool):
            g.fail(f"static_assert needs a compile-time bool, got {describe(test)}")
        if not test:
            g.fail(f"static_assert: {text}")
        return
    if not isinstance(test, bool):
        raise ApiTypeError(f"static_assert needs a bool, got {describe(test)}")
    if not test:
        raise AssertionError(text)


def describe(value: Any) -> str:
    """How an error message names a value: `a runtime float32 value`, `int 3`."""
    if isinstance(value, RuntimeScalar):
        return f"a runtime {value.dtype.name} value"
    if isinstance(value, IRValue):
        return f"a runtime {type(value).__name__}"
    return f"{type(value).__name__} {value!r}"


def check_tensors(
    g: KernelBuilder, api: str, kinds: tuple[type, ...] | None = None, **tensors: Any
) -> None:
    """Each keyword is a bound tensor of one of `kinds` (default: LocalTensor)."""
    from asc_xdsl.language.core.tensor import LocalTensor

    allowed = kinds or (LocalTensor,)
    for name, t in tensors.items():
        if not isinstance(t, allowed) or t.handle is None:
            what = " or ".join(k.__name__ for k in allowed)
            g.fail(f"{api}: {name} must be a {what}, got {describe(t)}")


def check_tensor_arg(g: KernelBuilder, api: str, name: str, value: Any, doc: str) -> Any:
    """`value` is a bound tensor of the kind an operand's type rule `doc` names
    (`LocalTensor<T>`, `GlobalTensor<T>`, or either)."""
    kinds = _tensor_kinds(doc)
    if not isinstance(value, kinds) or value.handle is None:
        from asc_xdsl.language.core.tensor import as_tensor

        value = as_tensor(value)  # a tensor element `t[i]`: the view from i on
        check_tensors(g, api, kinds, **{name: value})
    return value


@functools.cache
def _tensor_kinds(doc: str) -> tuple[type, ...]:
    """The tensor classes an operand's type rule (`LocalTensor<T>`, ...) takes."""
    from asc_xdsl.language.core.tensor import GlobalTensor, LocalTensor

    return {"Local": (LocalTensor,), "Global": (GlobalTensor,)}.get(
        doc.split("Tensor")[0], (LocalTensor, GlobalTensor)
    )
