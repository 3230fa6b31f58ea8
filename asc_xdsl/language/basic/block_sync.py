"""Synchronisation between pipes within a core: `set_flag`, `wait_flag`, `pipe_barrier`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.enums import HardEvent
from asc_xdsl.enums import Pipe as PipeID
from asc_xdsl.language.builder import require_jit

if TYPE_CHECKING:
    from asc_xdsl.language._typing import Int


def set_flag(event: HardEvent, event_id: Int = 0) -> None:
    """`AscendC::SetFlag<event>(event_id)`."""
    g = require_jit("set_flag")
    from asc_xdsl.dialects.ascendc.sync import SetFlagOp

    g.emit(SetFlagOp(g.enum(event, HardEvent, "event"), g.scalar(event_id, dt.int32)))


def wait_flag(event: HardEvent, event_id: Int = 0) -> None:
    """`AscendC::WaitFlag<event>(event_id)`."""
    g = require_jit("wait_flag")
    from asc_xdsl.dialects.ascendc.sync import WaitFlagOp

    g.emit(WaitFlagOp(g.enum(event, HardEvent, "event"), g.scalar(event_id, dt.int32)))


def pipe_barrier(pipe: PipeID) -> None:
    """`AscendC::PipeBarrier<pipe>()`."""
    g = require_jit("pipe_barrier")
    from asc_xdsl.dialects.ascendc.sync import PipeBarrierOp

    g.emit(PipeBarrierOp(g.enum(pipe, PipeID, "pipe")))
