"""At exit, the garbage collector's last walks skip what is still alive.

Part of the opt-in fast start (`asc_xdsl.utils.fast_start`): nothing here is installed
unless a program asks for it.

As the interpreter exits, `Py_FinalizeEx` runs a full collection and the teardown of the
modules three more; each walks every tracked object, and after a cold start most of
them are the classes, constraints and functions xDSL and asc_xdsl made as they loaded
(a vector add's cold start with the fast start: 95 M of its ~1,050 M instructions).
`install()` registers an `atexit` handler that runs the full collection itself, so the
program's garbage of that moment is finalized as before, while every module is intact,
and then moves every object still alive into the permanent generation (`gc.freeze()`),
which the exit's collections do not walk: -65 M instructions, ~6% of that cold start.

What changes for a program: an object still alive at exit that is part of a reference
cycle is not finalized by the collector during the teardown (no `__del__`, no weakref
callback). The language promises nothing for objects alive at exit (the data model:
`__del__` is not guaranteed to run for objects that still exist when the interpreter
exits); objects outside cycles are still freed as the teardown clears the modules,
`atexit` handlers and `weakref.finalize(..., atexit=True)` still run, and garbage made
by handlers that run after this one (registered before it) is still collected. Close
files and other resources explicitly (`with`) in a program that turns the fast start on.
"""

from __future__ import annotations

import atexit
import gc

_installed = [False]


def collect_and_freeze() -> None:
    """A full collection, then every object still alive out of the collector's reach
    (the `atexit` handler; see the module's docstring)."""
    gc.collect()
    gc.freeze()


def install() -> None:
    """Register `collect_and_freeze` to run at exit (idempotent)."""
    if _installed[0]:
        return
    atexit.register(collect_and_freeze)
    _installed[0] = True
