"""One BLAS thread in a worker process of ours, and in the launching process while its
workers run.

numpy's matrix products run on OpenBLAS, whose thread pool takes every core. In a worker
process we forked next to others (autotuning sweeps, the simulator's blocks on every
core), each worker's pool would take every core too: N workers x N threads on N cores,
and OpenBLAS's spinning threads make an oversubscribed product several times slower
than a one-threaded one. A worker therefore calls `single_thread()` first. The
launching process, which runs a share of the work itself while its workers run, limits
its pool for that time only (`one_thread()`, which restores the pool's size after):
otherwise its products' helper threads take the core a worker runs on (measured: the
launching process's share of a 1024^3 matmul took 4x the CPU of a worker's equal
share). Outside that, the caller's process keeps its BLAS as it is (a library does not
change its user's process).

*Forks*: OpenBLAS stops its pool before a fork (a `pthread_atfork` handler) and
starts it again, in the parent and in the child, at the next call that needs it --
a product on more than one thread, or the setter itself. A started helper thread
spins for OpenBLAS's thread timeout (2^28 cycles, ~0.1 s) before it sleeps, work or
none: measured on a 1024^3 matmul split over two processes, the two pools restarted by
the setter after the fork burnt ~0.1 s of CPU each on the cores the chunks ran on (a
chunk's blocks took 2x their serial time until the helpers slept). So the launching
process limits its pool *before* it forks (`one_thread()` around the forks, the
chunks and the merge): both sides of the fork then start with one thread and no pool,
a one-thread product runs in the calling thread without starting one, and the setters
here leave a pool that already has the asked size alone.

The pool size cannot be set through `OPENBLAS_NUM_THREADS` after the library has loaded,
so this calls OpenBLAS's own setter, found among the libraries the process has loaded
(numpy's wheels ship it under a prefixed name). Another BLAS (MKL, Accelerate) is left
as it is. The functions are looked up once per set of loaded OpenBLAS libraries (a
forked worker inherits the lookup and pays nothing for it).
"""

from __future__ import annotations

import contextlib
import ctypes
from collections.abc import Iterator
from pathlib import Path

SETTERS = (
    "scipy_openblas_set_num_threads64_",  # numpy's wheels (scipy-openblas, 64-bit ints)
    "scipy_openblas_set_num_threads",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",  # a system OpenBLAS
)
GETTERS = tuple(n.replace("_set_", "_get_") for n in SETTERS)

_found: dict[tuple[str, ...], tuple[list, list]] = {}
"""Loaded OpenBLAS paths -> (setters, getters) as ctypes functions."""


def _loaded_openblas() -> tuple[str, ...]:
    """Paths of the OpenBLAS libraries this process has mapped (Linux)."""
    try:
        maps = Path("/proc/self/maps").read_text().splitlines()
    except OSError:
        return ()
    paths = {line.split(None, 5)[-1] for line in maps if "openblas" in line.lower()}
    return tuple(sorted(p for p in paths if p.startswith("/") and ".so" in p))


def _first(library: ctypes.CDLL, names: tuple[str, ...]) -> object | None:
    return next((f for f in (getattr(library, n, None) for n in names) if f), None)


def _functions() -> tuple[list, list]:
    """(setters, getters): each loaded OpenBLAS's first exported setter and getter."""
    paths = _loaded_openblas()
    known = _found.get(paths)
    if known is not None:
        return known
    setters, getters = [], []
    for path in paths:
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        setter, getter = _first(library, SETTERS), _first(library, GETTERS)
        if setter is not None and getter is not None:
            setter.argtypes, setter.restype = [ctypes.c_int], None
            getter.argtypes, getter.restype = [], ctypes.c_int
            setters.append(setter)
            getters.append(getter)
    _found[paths] = (setters, getters)
    return setters, getters


def thread_count() -> int | None:
    """The size of this process's OpenBLAS pool, None without OpenBLAS."""
    getters = _functions()[1]
    return int(getters[0]()) if getters else None


def single_thread() -> bool:
    """Limit this process's OpenBLAS pool to one thread; False when no OpenBLAS is loaded
    (numpy not imported yet, or another BLAS)."""
    setters, getters = _functions()
    for setter, getter in zip(setters, getters, strict=True):
        if getter() != 1:  # (the setter would start a stopped pool: module docstring)
            setter(1)
    return bool(setters)


@contextlib.contextmanager
def one_thread() -> Iterator[None]:
    """This process's OpenBLAS pools on one thread inside the block, each back to its
    own size after it (also on an error)."""
    setters, getters = _functions()
    sizes = [int(g()) for g in getters]
    try:
        for setter, size in zip(setters, sizes, strict=True):
            if size != 1:
                setter(1)
        yield
    finally:
        for setter, size in zip(setters, sizes, strict=True):
            if size != 1:
                setter(size)
