"""The CANN runtime: bisheng builds, a binary cache, launches on an NPU (`npu`) or on
CANN's simulator (`model`) through ACL via ctypes; ahead-of-time builds with a launch
manifest, and prebuilt launches that need neither a compile nor xDSL. Nothing here
loads a shared library or runs a tool at import time, and the package loads its
modules on first use. See docs/cann.md.
"""

from typing import Any

_LAZY = {
    "AclError": "errors",
    "CannError": "errors",
    "BishengError": "errors",
    "ToolkitNotFoundError": "errors",
    "CannBackend": "backend",
    "ModelBackend": "backend",
    "NpuBackend": "backend",
    "Toolkit": "toolkit",
    "find_toolkit": "toolkit",
    "require_toolkit": "toolkit",
    "Workspace": "args",
    "Manifest": "manifest",
    "load_prebuilt": "prebuilt",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'asc_xdsl.runtime.cann' has no attribute {name!r}")
    import importlib

    target = importlib.import_module(f"asc_xdsl.runtime.cann.{module}")
    return getattr(target, "load" if name == "load_prebuilt" else name)
