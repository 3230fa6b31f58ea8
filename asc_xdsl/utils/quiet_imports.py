"""Imports of xDSL and asc_xdsl modules run with the cyclic garbage collector paused.

Part of the opt-in fast start (`asc_xdsl.utils.fast_start`): without it nothing here
is installed and `paused()` leaves the collector alone.

A first compile imports ~200 modules of xDSL and ours that define ~900 classes: hundreds
of thousands of long-lived objects, and none of them garbage. Python's collector runs
on allocation counts, so while they loaded it ran ~130 young and ~12 middle collections
and one full one (every object in the process visited): 3-6% of the instructions of a
cold start (Python start to the first kernel compiled, callgrind). `install()` leaves
a finder in `sys.meta_path` that answers for `xdsl` and `asc_xdsl` modules with the
spec the other finders give, its loader wrapped: the outermost such import pauses the
collector (if it was running) and starts it again when it ends, however it ends.

What a paused stretch that loaded modules made is long-lived by nature (modules,
classes, functions, tables), so it goes straight to the collector's oldest generation
(`gc.freeze()` then `gc.unfreeze()`: two list splices) instead of meeting the next young
collection. Otherwise the first compile, which loads xDSL and our op families, ended in
a young collection over ~60,000 objects, then a middle one over the same objects: 35-40
ms of a ~450 ms cold start, memory-bound (14 M instructions). Nothing is frozen for good
and nothing is lost: a full collection still visits everything, and any cyclic garbage
that was young at that moment (a few dozen objects after a first compile) waits for it.
A stretch that loaded nothing (a warm compile) leaves the generations as they are.

Nothing else changes: the module found, its loader and what it runs are the other
finders'; an import of anything else is not touched; a program that paused the
collector itself finds it paused after.
"""

from __future__ import annotations

import gc
import sys
from _thread import allocate_lock
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.machinery import ModuleSpec
from types import ModuleType

PACKAGES = ("xdsl", "asc_xdsl")

_lock = allocate_lock()
_depth = 0
"""Imports of ours under way (in any thread)."""
_resume = False
"""Whether the collector was running when the outermost of them began."""
_loaded = False
"""Whether a module of ours ran since the outermost pause began."""


def _enter() -> None:
    global _depth, _resume
    with _lock:
        if _depth == 0:
            _resume = gc.isenabled()
            gc.disable()
        _depth += 1


def _leave() -> None:
    global _depth, _loaded
    with _lock:
        _depth -= 1
        if _depth == 0:
            if _loaded and _resume and not gc.get_freeze_count():  # (a program's frozen
                # objects, e.g. before a fork, stay frozen: then nothing is moved)
                gc.freeze()  # every generation into the permanent one
                gc.unfreeze()  # and all of it back as the oldest (see the docstring)
            _loaded = False
            if _resume:
                gc.enable()


def _ours(name: str) -> bool:
    top = name.partition(".")[0]
    return top in PACKAGES


class QuietImports:
    """The meta path finder (see the module's docstring)."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not _ours(name):
            return None
        for finder in list(sys.meta_path):
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        run = getattr(loader, "exec_module", None)
        if run is None:
            return spec  # a namespace package, or a loader of the old protocol

        def exec_module(module: ModuleType) -> None:
            global _loaded
            _enter()
            _loaded = True
            try:
                run(module)
            finally:
                _leave()

        loader.exec_module = exec_module  # type: ignore[union-attr]  # this spec's loader
        return spec


_installed = [False]


@contextmanager
def paused() -> Iterator[None]:
    """The collector paused for a block of work that makes many objects and little
    garbage (a compile: the first one imports, loads op families and builds tables; the
    IR of any compile lives on in the kernel), as our imports pause it; only once
    `install` ran (the opt-in fast start): otherwise the collector is left alone."""
    if not _installed[0]:
        yield
        return
    _enter()
    try:
        yield
    finally:
        _leave()


def install() -> None:
    """Pause the collector during our imports, and during a compile (`paused`), from now
    on (idempotent)."""
    _installed[0] = True
    if not any(isinstance(finder, QuietImports) for finder in sys.meta_path):
        sys.meta_path.insert(0, QuietImports())
