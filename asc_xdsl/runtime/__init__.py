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
