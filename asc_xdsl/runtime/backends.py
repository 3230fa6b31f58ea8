"""Backend choice: keyword first, then `asc_xdsl.runtime.set_backend`, then
`ASC_XDSL_BACKEND`, then the default (`npu` where an NPU device node and a CANN toolkit
are found, else `cpu`).

Backends register a factory here by name; the factory imports its module lazily so
`import asc_xdsl` stays fast and needs neither CANN nor ctypes set-up.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable

from asc_xdsl.runtime.kernel import Backend, LaunchError

BACKEND_ENV = "ASC_XDSL_BACKEND"

_FACTORIES: dict[str, Callable[[], Backend]] = {}
_selected: str | None = None


def register_backend(name: str, factory: Callable[[], Backend]) -> None:
    _FACTORIES[name] = factory


def available_backends() -> list[str]:
    _register_builtin()
    return sorted(_FACTORIES)


def set_backend(name: str | None) -> None:
    """Select the backend for later launches (None: back to the environment/default)."""
    _register_builtin()
    if name is not None and name not in _FACTORIES:
        raise LaunchError(
            f"unknown backend '{name}' (available: {', '.join(sorted(_FACTORIES))})",
            code="ASC-R603",
        )
    global _selected
    _selected = name


def default_backend_name() -> str:
    """`npu` when the machine has an NPU device node (`/dev/davinci<N>`) and a CANN
    toolkit is found (see `asc_xdsl.runtime.cann.toolkit`); `cpu` otherwise. `model`
    (CANN's simulator) is never the default: ask for it by name."""
    import glob

    if not glob.glob("/dev/davinci[0-9]*"):
        return "cpu"
    from asc_xdsl.runtime.cann.toolkit import find_toolkit

    return "npu" if find_toolkit() is not None else "cpu"


def get_backend(name: str | None = None) -> Backend:
    _register_builtin()
    chosen = name or _selected or os.environ.get(BACKEND_ENV) or default_backend_name()
    factory = _FACTORIES.get(chosen)
    if factory is None:
        where = "" if name or _selected else f" (from {BACKEND_ENV})"
        raise LaunchError(
            f"unknown backend '{chosen}'{where}; available: {', '.join(sorted(_FACTORIES)) or 'none'}",
            code="ASC-R603",
        )
    return factory()


def _register_builtin() -> None:
    """Register the backends shipped with asc_xdsl whose modules exist."""
    if _FACTORIES:
        return
    for name, module, attr in (
        ("cpu", "asc_xdsl.runtime.simulator", "CpuSimulatorBackend"),
        ("npu", "asc_xdsl.runtime.cann", "NpuBackend"),
        ("model", "asc_xdsl.runtime.cann", "ModelBackend"),
    ):
        if importlib.util.find_spec(module) is None:
            continue

        def factory(module: str = module, attr: str = attr) -> Backend:
            return getattr(importlib.import_module(module), attr)()

        _FACTORIES.setdefault(name, factory)
