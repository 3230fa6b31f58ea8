"""`exit_freeze`: at exit, a full collection, then what is still alive frozen, so the
interpreter's teardown collections skip it (asc_xdsl/utils/exit_freeze.py)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys

from asc_xdsl.utils import exit_freeze


class _Cycle:
    finalized: list[str] = []

    def __init__(self, label: str) -> None:
        self.label = label
        self.me = self  # a reference cycle: only the collector frees it

    def __del__(self) -> None:
        _Cycle.finalized.append(self.label)


def test_the_handler_finalizes_garbage_then_freezes_what_lives() -> None:
    """Garbage of the moment is collected (its finalizers run); what is alive is moved to
    the permanent generation, which a collection no longer walks."""
    _Cycle.finalized.clear()
    _Cycle("garbage")  # unreachable at once
    alive = _Cycle("alive")
    before = gc.get_freeze_count()
    try:
        exit_freeze.collect_and_freeze()
        assert _Cycle.finalized == ["garbage"]
        assert gc.get_freeze_count() > before
        assert not any(o is alive for o in gc.get_objects())  # (out of the generations)
    finally:
        gc.unfreeze()  # (this test process goes on)
    assert any(o is alive for o in gc.get_objects())
    del alive


PROGRAM = """
import atexit, gc
import asc_xdsl
asc_xdsl.fast_start()

class Cycle:
    def __init__(self, label):
        self.label, self.me = label, self
    def __del__(self):
        print("finalized", self.label, flush=True)

atexit.register(lambda: print("handler", gc.get_freeze_count() == 0, flush=True))
held = [Cycle("garbage")]
atexit.register(held.clear)  # (garbage once the exit begins)
print("frozen at exit:", gc.get_freeze_count(), flush=True)
"""


def test_at_exit_the_programs_garbage_and_its_handlers_still_run() -> None:
    """In a process with the fast start on: the program's own exit handlers run (before
    the freeze: registered after it) and the cyclic garbage they leave is finalized."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    out = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, env=env, check=True
    )
    lines = out.stdout.splitlines()
    assert lines[0] == "frozen at exit: 0"
    assert lines[1:] == ["handler True", "finalized garbage"], out.stdout + out.stderr
