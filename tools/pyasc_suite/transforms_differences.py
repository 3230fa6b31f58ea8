"""pyasc's Transforms cases whose CHECK lines asc_xdsl does not meet on purpose, and why.

Same bookkeeping as `target_differences.py`: an entry holds only while the case fails
with the given text in its reason. docs/passes.md ("pyasc's insert-sync tests") shows each
case's syncs side by side; tests/unit/transforms/test_pyasc_insert_sync_cases.py checks
that ours leave no race (the race checker) and use fewer syncs than pyasc's CHECK lines.
"""

from __future__ import annotations

REASONS: dict[str, str] = {
    "fewer_syncs": "our insert-sync orders only what depends (from the ops' memory "
    "effects); pyasc sets and waits a flag around every scalar access and pipe change and "
    "ends a function with PIPE_ALL: ours is race-free with fewer syncs",
}

DIFFERENCES: dict[tuple[str, str], tuple[str, str]] = {
    # Only the scalar pipe touches the tensor, in program order: no flag.
    ("insert-sync.mlir", "func.func @get_set_value"): ("fewer_syncs", "fetch_event_id %0, v_s"),
    ("insert-sync.mlir", "func.func @get_set_value_for"): (
        "fewer_syncs",
        "fetch_event_id %0, v_s",
    ),
    # PIPE_V orders the two vector ops; nothing is left for a PIPE_ALL before the return.
    ("insert-sync.mlir", "func.func @insert_pipe_v_pipe_all"): (
        "fewer_syncs",
        "pipe_barrier pipe_all",
    ),
    # One MTE2 -> V and one V -> MTE3 pair instead of two EnQue/DeQue pairs.
    ("insert-sync.mlir", "func.func @insert_enqueue_dequeue"): ("fewer_syncs", "enque_tensor"),
}
