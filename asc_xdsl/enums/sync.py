"""The enums of the synchronisation APIs: `HardEvent` (`SetFlag`/`WaitFlag`, TPipe's
event ids, the events a TQue's traffic sets and waits), `Pipe` (pyasc's `PipeID`:
`PipeBarrier`, the cross-core flags) and `MemDsbT` (`DataSyncBarrier`).

Loaded when one is first named (`asc_xdsl.enums`' `__getattr__`): compiling a kernel
whose queues order its pipes needs none of them.
"""

from __future__ import annotations

from asc_xdsl.enums import AscEnum


class HardEvent(AscEnum):
    """Inter-pipe synchronisation events (`AscendC::HardEvent`): `SRC_DST`."""

    MTE2_MTE1 = 0
    MTE1_MTE2 = 1
    MTE1_M = 2
    M_MTE1 = 3
    MTE2_V = 4
    V_MTE2 = 5
    MTE3_V = 6
    V_MTE3 = 7
    M_V = 8
    V_M = 9
    V_V = 10
    MTE3_MTE1 = 11
    MTE1_MTE3 = 12
    MTE1_V = 13
    MTE2_M = 14
    M_MTE2 = 15
    V_MTE1 = 16
    M_FIX = 17
    FIX_M = 18
    MTE3_MTE2 = 19
    MTE2_MTE3 = 20
    S_V = 21
    V_S = 22
    S_MTE2 = 23
    MTE2_S = 24
    S_MTE3 = 25
    MTE3_S = 26
    MTE2_FIX = 27
    FIX_MTE2 = 28
    FIX_S = 29
    M_S = 30
    FIX_MTE3 = 31
    MTE1_FIX = 32
    FIX_MTE1 = 33
    FIX_FIX = 34
    MAX = 35

    @property
    def src_pipe(self) -> str:
        return self.name.split("_")[0]

    @property
    def dst_pipe(self) -> str:
        return self.name.split("_")[-1]


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
