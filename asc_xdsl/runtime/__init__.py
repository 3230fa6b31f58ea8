"""Kernel launch: the CPU simulator (`cpu`, default) and CANN (`npu`, `model`).

`set_backend(name)` / `ASC_XDSL_BACKEND` choose the backend; see `backends.py`.
"""

from typing import Any

from asc_xdsl.runtime.kernel import Backend, CompiledKernel, LaunchError

_LAZY = {  # loaded on first use: a prebuilt kernel launches without them (and xDSL)
    "available_backends": "asc_xdsl.runtime.backends",
    "get_backend": "asc_xdsl.runtime.backends",
    "set_backend": "asc_xdsl.runtime.backends",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'asc_xdsl.runtime' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "Backend",
    "CompiledKernel",
    "LaunchError",
    "available_backends",
    "get_backend",
    "set_backend",
]


def last_profile():
    """The profile of the last launch on the CPU simulator (see docs/simulator.md)."""
    from asc_xdsl.runtime.simulator import last_profile as _last

    return _last()


__all__ += ["last_profile"]
