"""Which kernel is being compiled right now (the API functions build IR into it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asc_xdsl.frontend.errors import JitOnlyError

if TYPE_CHECKING:
    from asc_xdsl.frontend.codegen import CodeGenerator

_ACTIVE: list[CodeGenerator] = []


def push(generator: CodeGenerator) -> None:
    _ACTIVE.append(generator)


def pop() -> None:
    _ACTIVE.pop()


def in_jit() -> bool:
    """Whether a kernel is being compiled (host-side values behave otherwise)."""
    return bool(_ACTIVE)


def require_jit(api: str) -> CodeGenerator:
    """The active code generator; JitOnlyError outside a kernel being compiled."""
    if not _ACTIVE:
        raise JitOnlyError(api)
    return _ACTIVE[-1]
