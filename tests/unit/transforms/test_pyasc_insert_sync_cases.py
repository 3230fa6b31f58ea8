"""pyasc's insert-sync lit cases (test/Dialect/AscendC/Transforms/insert-sync.mlir, read
from PYASC_SRC): our insert-sync differs from their CHECK lines on purpose
(tools/pyasc_suite/transforms_differences.py). Here: what it inserts leaves no race for
the race checker, verify-sync has nothing to say, and it uses fewer syncs than pyasc's
CHECK lines expect (a SetFlag/WaitFlag pair, a PipeBarrier, an EnQue/DeQue pair: one each)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from test_insert_sync_kernels import inserted, races, syncs, warnings

from asc_xdsl.frontend.ir_context import parse_module

CASES = Path(os.environ.get("PYASC_SRC", "/work/ref/pyasc")) / (
    "test/Dialect/AscendC/Transforms/insert-sync.mlir"
)
pytestmark = pytest.mark.skipif(not CASES.exists(), reason="pyasc sources (PYASC_SRC) absent")

# Scalars for the race checker: indices, and %arg2 to %arg3 step %arg2 (4 iterations).
SCALARS = {"arg1": 3, "arg2": 1, "arg3": 5, "arg4": 7}


def _cases() -> dict[str, tuple[str, str]]:
    """function name -> (its IR, its CHECK lines)."""
    text = CASES.read_text()
    out = {}
    for m in re.finditer(
        r"// CHECK-LABEL: func.func @(\w+)(.*?)(func.func @\1.*?\n}\n)", text, re.S
    ):
        out[m.group(1)] = (m.group(3), m.group(2))
    return out


def _pyasc_syncs(checks: str) -> int:
    return sum(
        len(re.findall(p, checks))
        for p in (r"ascendc\.set_flag", r"ascendc\.pipe_barrier", r"que_bind\.enque_tensor")
    )


# case -> (our syncs, pyasc's): the scalar-only cases need none; two flag pairs replace
# the two EnQue/DeQue pairs (pyasc's queue ops carry the same two events).
COUNTS = {
    "get_set_value": (0, 4),
    "get_set_value_for": (0, 4),
    "insert_pipe_v_pipe_all": (1, 2),
    "insert_enqueue_dequeue": (2, 2),
}


@pytest.mark.parametrize("name", COUNTS)
def test_race_free_with_no_more_syncs_than_pyasc(name: str) -> None:
    ir, checks = _cases()[name]
    before = parse_module(ir)
    module = inserted(ir)
    assert races(module, SCALARS) == []
    assert warnings(module) == []
    ours, theirs = syncs(str(module)), _pyasc_syncs(checks)
    assert (ours, theirs) == COUNTS[name]
    # where the input had a race, something was inserted to order it
    if races(before, SCALARS):
        assert ours > 0
