"""The pipes each core of a split SoC has, and which cores auto-sync orders, for the race
checker (sanitizer.py).

On Ascend 950 (arch 3510) the headers compile a `SetFlag`/`WaitFlag`/`PipeBarrier` only
on the core that has its pipes (impl/basic_api/kernel_event.h `IsSplitVectorPipe` /
`IsSplitCubePipe`, `PipeBarrierInternal`, `SetFlagInternal`): the AIV has S, V, MTE2 and
MTE3, the AIC S, MTE1, MTE2, FIX and M (no MTE3 there, unlike Atlas A2/A3's AIC). A sync
naming a pipe its core lacks is compiled to nothing, so it orders nothing: the checker
drops it, and the accesses it was meant to order race. Atlas A2/A3 (arch 2201) issues
every sync as written (`set_flag(src, dst, evt)` unconditionally): no entry. Both archs
have the same seven pipes (`SUPPORTED_PIPE`: S, V, M, MTE1, MTE2, MTE3, FIX).
"""

from __future__ import annotations

from asc_xdsl import soc as socs
from asc_xdsl.transforms.auto_sync_orders import auto_synced
from asc_xdsl.transforms.hardware import PIPES

CORE_PIPES = socs.CORE_PIPES  # (the facts: asc_xdsl/soc.py)


def auto_sync_on(core_kind: str, kernel_type: str) -> bool:
    """Whether a kernel compiled with `auto_sync` has bisheng's auto-sync on a
    `core_kind` core of a `kernel_type` launch: the AIV's and an unsplit AI Core's
    running vector code, never the AIC's (insert-sync's table, `auto_synced`)."""
    return auto_synced(core_kind, kernel_type)


def absent_pipes(platform: str, core_kind: str) -> frozenset[str]:
    """The pipes whose syncs do nothing on a `core_kind` core ("AIC", "AIV", "AICore")
    of `platform` (a SoC name)."""
    have = CORE_PIPES.get((socs.get_soc(platform).dtype_tables or "", core_kind))
    return frozenset() if have is None else frozenset(PIPES) - have
