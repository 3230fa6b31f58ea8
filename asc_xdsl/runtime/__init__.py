"""Kernel launch: the CPU simulator (`cpu`, default) and CANN (`npu`, `model`).

`set_backend(name)` / `ASC_XDSL_BACKEND` choose the backend; see `backends.py`.
"""

from asc_xdsl.runtime.backends import available_backends, get_backend, set_backend
from asc_xdsl.runtime.kernel import Backend, CompiledKernel, LaunchError

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
