"""Room for legitimately deep recursion.

Parsing, verifying, printing and compiling nested IR (and kernels with long
expressions) recurse once per nesting level, a few Python frames each; CPython's
default limit of 1000 frames ends a 125-deep `scf.if` nest or a 1000-term expression
in a `RecursionError`. Code that walks user input runs inside `deep_recursion()`,
which raises the limit for its duration (CPython 3.11+ runs Python-to-Python calls
without growing the C stack, so this is safe), and turns what is still too deep into a
clear error at the place that was being read (see `opt.py`, `frontend/codegen.py`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

RECURSION_LIMIT = 20_000
"""Frames allowed while asc_xdsl walks user input (about 1500 levels of IR nesting)."""


@contextmanager
def deep_recursion(limit: int = RECURSION_LIMIT) -> Iterator[None]:
    old = sys.getrecursionlimit()
    if old >= limit:
        yield
        return
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)
