"""Where asc_xdsl keeps its caches on disk, and the warning a damaged entry gives.

One rule for the frontend's compile cache (`frontend/cache.py`, which re-exports these
names) and the CANN binary cache (`runtime/cann/cache.py`)."""

from __future__ import annotations

import os
from pathlib import Path

from asc_xdsl.diagnostics import CodedWarning
from asc_xdsl.runtime import pyasc_env

CACHE_ENV = "ASC_XDSL_CACHE_DIR"


def cache_dir() -> Path:
    """The cache folder (also the CANN binary cache's): `ASC_XDSL_CACHE_DIR` (or pyasc's
    `PYASC_CACHE_DIR`, `$PYASC_HOME/.pyasc/cache`), else `$XDG_CACHE_HOME/asc_xdsl`, else
    `~/.cache/asc_xdsl`; `~` is expanded in each."""
    configured = pyasc_env.value(CACHE_ENV)
    if configured:
        return Path(configured).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "asc_xdsl"


class CacheWarning(CodedWarning):
    """A disk-cache entry that was damaged, edited by hand or written for another
    kernel: it is discarded and the kernel compiled again."""
