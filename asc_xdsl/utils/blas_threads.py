"""One BLAS thread in a worker process of ours.

numpy's matrix products run on OpenBLAS, whose thread pool takes every core. In a worker
process we forked next to others (autotuning sweeps), each worker's pool would take every
core too: N workers x N threads on N cores, and OpenBLAS's spinning threads make an
oversubscribed product several times slower than a one-threaded one. A worker therefore
calls `single_thread()` first; the caller's own process keeps its BLAS as it is (a
library does not change its user's process).

The pool size cannot be set through `OPENBLAS_NUM_THREADS` after the library has loaded,
so this calls OpenBLAS's own setter, found among the libraries the process has loaded
(numpy's wheels ship it under a prefixed name). Another BLAS (MKL, Accelerate) is left
as it is.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

SETTERS = (
    "scipy_openblas_set_num_threads64_",  # numpy's wheels (scipy-openblas, 64-bit ints)
    "scipy_openblas_set_num_threads",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",  # a system OpenBLAS
)


def _loaded_openblas() -> list[str]:
    """Paths of the OpenBLAS libraries this process has mapped (Linux)."""
    try:
        maps = Path("/proc/self/maps").read_text().splitlines()
    except OSError:
        return []
    paths = {line.split(None, 5)[-1] for line in maps if "openblas" in line.lower()}
    return sorted(p for p in paths if p.startswith("/") and ".so" in p)


def _functions(names: tuple[str, ...]) -> list:
    """The first of `names` each loaded OpenBLAS exports, as a ctypes function."""
    found = []
    for path in _loaded_openblas():
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        function = next((f for f in (getattr(library, n, None) for n in names) if f), None)
        if function is not None:
            found.append(function)
    return found


def thread_count() -> int | None:
    """The size of this process's OpenBLAS pool, None without OpenBLAS."""
    getters = _functions(tuple(n.replace("_set_", "_get_") for n in SETTERS))
    if not getters:
        return None
    getters[0].argtypes, getters[0].restype = [], ctypes.c_int
    return int(getters[0]())


def single_thread() -> bool:
    """Limit this process's OpenBLAS pool to one thread; False when no OpenBLAS is loaded
    (numpy not imported yet, or another BLAS)."""
    setters = _functions(SETTERS)
    for setter in setters:
        setter.argtypes = [ctypes.c_int]
        setter(1)
    return bool(setters)
