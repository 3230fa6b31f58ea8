"""Patching a module of a dependency right after it first runs (xDSL's, for speed).

Part of the opt-in fast start (`asc_xdsl.utils.fast_start`): nothing here is installed
unless a program asks for it (`asc_xdsl.fast_start()`, `ASC_XDSL_FAST_START=1`, our
own command-line programs).

`patch_when_imported(name, patch)` runs `patch(module)` at once if module `name` is
loaded, and otherwise leaves a one-shot meta path finder that finds the module with
the other finders and runs `patch` right after the module's own code, before anything
else can use it; the finder then leaves `sys.meta_path`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType


class PatchOnImport:
    """A meta path finder that answers only for module `name` (see the module's
    docstring)."""

    def __init__(self, name: str, patch: Callable[[ModuleType], None]) -> None:
        self.name = name
        self.patch = patch

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec

        spec = find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        run, patch = spec.loader.exec_module, self.patch

        def exec_module(module: ModuleType) -> None:
            run(module)
            patch(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]  # this file's loader
        return spec


def patch_when_imported(name: str, patch: Callable[[ModuleType], None]) -> None:
    """`patch(module)` now if module `name` is loaded, else as soon as it is imported
    (idempotent for the same `patch`: a hook already waiting is not doubled)."""
    module = sys.modules.get(name)
    if module is not None:
        patch(module)
    elif not any(
        isinstance(f, PatchOnImport) and f.name == name and f.patch is patch for f in sys.meta_path
    ):
        sys.meta_path.insert(0, PatchOnImport(name, patch))


def hooks_waiting(name: str) -> int:
    """How many `PatchOnImport` finders wait for module `name` (for tests)."""
    return sum(isinstance(f, PatchOnImport) and f.name == name for f in sys.meta_path)
