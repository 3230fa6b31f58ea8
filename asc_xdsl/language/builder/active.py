"""The builder of the kernel being compiled right now (the language's API functions
build IR through it), and the error raised when there is none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asc_xdsl.diagnostics import CodedError

if TYPE_CHECKING:
    from asc_xdsl.language.builder.interface import KernelBuilder

_ACTIVE: list[KernelBuilder] = []
"""The builders compiling a kernel, innermost last (a builder registers itself for the
time it builds one kernel's IR)."""


class JitOnlyError(CodedError, RuntimeError):
    """An asc API function called from plain Python instead of inside a `@jit` kernel
    (ASC-F113)."""

    def __init__(self, api: str, **coded: Any) -> None:
        RuntimeError.__init__(
            self,
            f"asc.{api}() can only be used inside a function decorated with @asc.jit "
            "while it is being compiled (it builds kernel IR; it does not run in Python)",
        )


def push(builder: KernelBuilder) -> None:
    """Make `builder` the active one (until the matching `pop`)."""
    _ACTIVE.append(builder)


def pop() -> None:
    """Restore the builder active before the last `push`."""
    _ACTIVE.pop()


def in_jit() -> bool:
    """Whether a kernel is being compiled (host-side values behave otherwise)."""
    return bool(_ACTIVE)


def require_jit(api: str) -> KernelBuilder:
    """The active builder; `JitOnlyError` naming `asc.<api>` outside a kernel being
    compiled."""
    if not _ACTIVE:
        raise JitOnlyError(api)
    return _ACTIVE[-1]
