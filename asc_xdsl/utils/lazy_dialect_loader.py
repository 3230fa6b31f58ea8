"""xDSL's loader of `.irdl` dialect files, loaded when an import first needs it.

Part of the opt-in fast start (`asc_xdsl.utils.fast_start`): nothing here is installed
unless a program asks for it (`asc_xdsl.fast_start()`, `ASC_XDSL_FAST_START=1`, our
own command-line programs).

Importing `xdsl.dialects` puts xDSL's `IRDLDialectFinder` at the end of `sys.meta_path`
(an `import` that no other finder answers then looks for a `<name>.irdl` file). The
module defining it, `xdsl.utils.dialect_loader`, imports `importlib.abc`, which brings
`importlib.resources`, `tempfile`, `shutil`, `random` and the compression modules, and
xDSL's stub generator: about 5% of a cold start here (Python start to the first kernel
compiled), for a finder a compile never asks.

`install()` leaves a one-shot import hook. `xdsl.utils.dialect_loader` then starts as a
module holding only `IRDLDialectFinder`, a stand-in that makes xDSL's finder the first
time an import asks it; reading any other name of the module runs xDSL's code into it
first. Either way the module ends up as xDSL made it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import Any

LOADER_MODULE = "xdsl.utils.dialect_loader"


class LazyIRDLDialectFinder:
    """Stands for `IRDLDialectFinder(*args)` on `sys.meta_path`; xDSL's is made (its
    module run) on the first `find_spec`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._args, self._kwargs = args, kwargs
        self._finder: Any = None

    def finder(self) -> Any:
        """xDSL's finder, made with this one's arguments."""
        if self._finder is None:
            module = sys.modules[LOADER_MODULE]
            load(module)
            self._finder = module.IRDLDialectFinder(*self._args, **self._kwargs)
        return self._finder

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        return self.finder().find_spec(name, path, target)

    def invalidate_caches(self) -> None:
        if self._finder is not None and hasattr(self._finder, "invalidate_caches"):
            self._finder.invalidate_caches()


class _LazyModule(ModuleType):
    """`xdsl.utils.dialect_loader` before xDSL's code has run in it."""

    def __getattr__(self, name: str) -> Any:  # (only for names the module lacks)
        if name.startswith("__"):
            raise AttributeError(name)
        load(self)
        return getattr(self, name)


_REAL: dict[str, ModuleSpec] = {}
"""The spec of xDSL's module file, until its code has run."""


def load(module: ModuleType) -> None:
    """Run xDSL's code in `module` (the stand-in module), once."""
    spec = _REAL.pop(module.__name__, None)
    if spec is None:
        return  # (run already)
    module.__class__ = ModuleType
    spec.loader.exec_module(module)  # type: ignore[union-attr]


class _Loader:
    def __init__(self, real: ModuleSpec) -> None:
        self.real = real

    def create_module(self, spec: ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        _REAL[module.__name__] = self.real
        module.__file__ = self.real.origin
        module.IRDLDialectFinder = LazyIRDLDialectFinder  # type: ignore[attr-defined]
        module.__class__ = _LazyModule


class _StandInOnImport:
    """A meta path finder that answers only for xDSL's dialect loader module, with the
    stand-in, then leaves."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != LOADER_MODULE:
            return None
        sys.meta_path.remove(self)
        real = PathFinder.find_spec(name, path)
        if real is None or real.loader is None or not hasattr(real.loader, "exec_module"):
            return real
        return ModuleSpec(name, _Loader(real), origin=real.origin)


def install() -> None:
    """Stand in for xDSL's dialect loader module if it is not loaded yet (idempotent)."""
    if LOADER_MODULE in sys.modules:
        return
    if not any(isinstance(finder, _StandInOnImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _StandInOnImport())
