"""The enums of the synchronisation APIs: `Pipe` (pyasc's `PipeID`: `PipeBarrier`,
`SetFlag`/`WaitFlag`'s pipes, the cross-core flags) and `MemDsbT` (`DataSyncBarrier`).

Loaded when one is first named (`asc_xdsl.enums`' `__getattr__`): a kernel whose queues
order its pipes never needs them.
"""

from __future__ import annotations

from asc_xdsl.enums import AscEnum


class Pipe(AscEnum):
    """Hardware pipes (`pipe_t`, a global C enum: printed without namespace)."""

    PIPE_S = 0
    PIPE_V = 1
    PIPE_M = 2
    PIPE_MTE1 = 3
    PIPE_MTE2 = 4
    PIPE_MTE3 = 5
    PIPE_ALL = 6
    PIPE_MTE4 = 7
    PIPE_MTE5 = 8
    PIPE_V2 = 9
    PIPE_FIX = 10

    @classmethod
    def cpp_prefix(cls) -> str:
        return ""


class MemDsbT(AscEnum):
    """Which memory accesses `DataSyncBarrier<MemDsbT::X>()` waits for."""

    ALL = 0
    DDR = 1
    UB = 2
    SEQ = 3
