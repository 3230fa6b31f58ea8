"""`PlainPass`: the base of asc_xdsl's passes that take no options.

xDSL reads a pass's options from its dataclass fields, so a pass with options is a
`@dataclass(frozen=True)` (`InsertSyncPass`, `JitPipelinePass`, ...). A pass without
options needs no dataclass of its own: `ModulePass` is already a frozen dataclass
without fields, and what `@dataclass(frozen=True)` would generate again for a subclass
without fields is what it inherits (`__init__()`, `__eq__` and `__hash__` by class,
`repr` by `__class__.__qualname__`, `dataclasses.fields()` empty, xDSL's `from_spec`
and `spec`). Generating and compiling those methods costs ~1-2 ms per class at import
(docs/performance.md, "Cold start"). The one thing decorating added, instances that
refuse every assignment (`dataclasses.FrozenInstanceError`), is kept here.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

from xdsl.passes import ModulePass


class PlainPass(ModulePass):
    """A pass without options (see the module docstring); subclasses set `name` and
    `apply` and are not decorated."""

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
