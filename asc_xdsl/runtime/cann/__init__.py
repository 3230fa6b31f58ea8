"""The CANN runtime: bisheng builds, a binary cache, launches on an NPU (`npu`) or on
CANN's simulator (`model`) through ACL via ctypes. Nothing here loads a shared library
or runs a tool at import time. See docs/cann.md.
"""

from asc_xdsl.runtime.cann.backend import CannBackend, ModelBackend, NpuBackend
from asc_xdsl.runtime.cann.errors import (
    AclError,
    CannError,
    CompileError,
    ToolkitNotFoundError,
)
from asc_xdsl.runtime.cann.toolkit import Toolkit, find_toolkit, require_toolkit

__all__ = [
    "AclError",
    "CannBackend",
    "CannError",
    "CompileError",
    "ModelBackend",
    "NpuBackend",
    "Toolkit",
    "ToolkitNotFoundError",
    "find_toolkit",
    "require_toolkit",
]
