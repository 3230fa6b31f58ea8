"""The orders bisheng's auto-sync gives (the compile option `auto_sync`): one table for
insert-sync / verify-sync (`sync_analysis`), the cross-core analysis and the simulator's
race checker (`runtime/simulator/sanitizer.py`, `core_pipes.py`). A module of its own so
that a launch on the CPU simulator reads it without importing the sync analysis and the
memory model it is built on."""

from __future__ import annotations

AUTO_SYNC_PAIRS = frozenset(
    {("S", "V"), ("S", "MTE2"), ("S", "MTE3"), ("V", "S"), ("MTE2", "S"), ("MTE3", "S")}
    | {("V", "V")}
)
"""(earlier pipe, later pipe) pairs bisheng's auto-sync orders where it orders anything
(`auto_synced`): the one table the sync analysis and the race checker
(`runtime/simulator/sanitizer.py`) read. The Ascend C sync docs' AIV table
(asc-devkit docs/zh/api/SIMD-API/基础API/同步控制/核内同步/关键特性说明.md, table 1):
S <-> V/MTE2/MTE3 both ways and V -> V (a PipeBarrier<PIPE_V>) are the compiler's."""

AUTO_SYNC_CORES = frozenset({("AIV", "vector"), ("AIV", "mix"), ("AICore", "vector")})
"""(core kind, kernel type) pairs whose code bisheng's auto-sync orders: the AIV's, and
an unsplit AI Core's (310P) running a vector kernel. Never the AIC: the same docs say
the compiler inserts no sync of any kind on the cube side (its table 2 has no
compiler-inserted entry; its S row is "not applicable")."""


def auto_synced(core: str, kernel_type: str) -> bool:
    """Whether bisheng's auto-sync orders `AUTO_SYNC_PAIRS` on a `core` ("AIV", "AIC",
    "AICore") of a `kernel_type` ("vector", "cube", "mix") kernel (`AUTO_SYNC_CORES`)."""
    return (core, kernel_type) in AUTO_SYNC_CORES
