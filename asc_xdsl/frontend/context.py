"""The frontend's name for the active builder (`push`, `pop`, `in_jit`, `require_jit`):
defined with the builder interface the language builds IR through, in
`asc_xdsl.language.builder.active`; the code generator registers itself there while it
compiles a kernel."""

from asc_xdsl.language.builder.active import _ACTIVE, in_jit, pop, push, require_jit

__all__ = ["_ACTIVE", "in_jit", "pop", "push", "require_jit"]
