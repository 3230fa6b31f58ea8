"""Where an op runs and where its data lives, as the passes read it from the dialect.

- `op_pipe(op)`: the pipe an op issues on: its spec's pipe (`op.PIPE`), or for a data
  copy the pipe its direction gives (`op.pipe`); None for an op the dialect gives no
  pipe.
- `object_buffer(t)`: the physical buffer ("UB", "L1", "L0A", ...) behind a queue, TBuf
  or buffer-pool type; `core_of_buffer` / `core_of_pipe`: the AI Core side ("cube" or
  "vector") a buffer or pipe belongs to.
- `QUEUE_EVENTS`: the hardware events a TQue's EnQue/DeQue and FreeTensor/AllocTensor
  set and wait, by the queue's logical (src, dst) positions; `QUEUE_OPS`: what each
  queue op does.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from xdsl.ir import Attribute, Operation

from asc_xdsl.dialects.ascendc.data_copy import BUFFER_OF_POSITION
from asc_xdsl.dialects.ascendc.types import QueBindType, QueueType, TBufPoolType, TBufType
from asc_xdsl.enums import TPosition
from asc_xdsl.utils.records import FrozenRecord, init_fields

if TYPE_CHECKING:
    from asc_xdsl.enums import HardEvent

PIPES = ("S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX")
"""The pipes of an AI Core that sync passes order (Ascend C's `pipe_t`, without PIPE_)."""


def op_pipe(op: Operation) -> str | None:
    """The pipe `op` issues on ("V", "MTE2", ...), or None when the dialect does not say."""
    pipe = getattr(type(op), "PIPE", None)
    if pipe is not None:
        return pipe
    # A data copy's pipe depends on its direction: a property of the op. (Other ops
    # have a `pipe` property too, the enum they take: not a str.)
    pipe = getattr(op, "pipe", None)
    return pipe if isinstance(pipe, str) else None


CUBE_PIPES = frozenset({"M", "MTE1", "FIX"})
VECTOR_PIPES = frozenset({"V"})


def core_of_pipe(pipe: str | None) -> str | None:
    """ "cube", "vector", or None for a pipe both sides have (S, MTE2, MTE3)."""
    if pipe in CUBE_PIPES:
        return "cube"
    if pipe in VECTOR_PIPES:
        return "vector"
    return None


_CUBE_BUFFERS = frozenset({"L1", "L0A", "L0B", "L0C", "BT"})


def core_of_buffer(buffer: str | None) -> str | None:
    if buffer in _CUBE_BUFFERS:
        return "cube"
    if buffer == "UB":
        return "vector"
    return None


def position_buffer(position: TPosition) -> str | None:
    """The physical buffer of a logical position (None for GM-side positions)."""
    buffer = BUFFER_OF_POSITION.get(position)
    return None if buffer == "GM" else buffer


BUFFER_OBJECT_TYPES = (QueBindType, QueueType, TBufType, TBufPoolType)
"""The types `object_buffer` answers for (other types hold no on-chip memory)."""


def object_buffer(t: Attribute) -> str | None:
    """The on-chip buffer a queue / TQueBind / TBuf / TBufPool type holds memory in."""
    if isinstance(t, QueBindType):
        # TQueBind<src, dst>: the on-chip end (GM -> VECIN is in UB, VECOUT -> GM too).
        src, dst = TPosition(t.src_position.data), TPosition(t.dst_position.data)
        return position_buffer(src) or position_buffer(dst)
    if isinstance(t, QueueType | TBufType | TBufPoolType):
        return position_buffer(t.tposition)
    return None


class QueueEvents(FrozenRecord):
    """A queue's syncs: EnQue sets and DeQue waits `enque`; FreeTensor sets and the
    AllocTensor that gets the buffer back waits `free`."""

    _FIELDS = ("enque", "free")
    __slots__ = _FIELDS

    def __init__(self, enque: HardEvent, free: HardEvent) -> None:
        init_fields(self, enque=enque, free=free)


@functools.cache
def _queue_events() -> dict[tuple[TPosition, TPosition], QueueEvents]:
    """`QUEUE_EVENTS`: (src, dst) of a TQueBind -> its events (docs/ascendc_semantics.md
    section 4, the headers' `GetQueEvt`); a TQue<pos> is the TQueBind of its position.
    Other pairs carry no sync. Made when first asked for (the module's `__getattr__`):
    `HardEvent` is made then."""
    from asc_xdsl.enums import HardEvent

    return {
        (TPosition.GM, TPosition.VECIN): QueueEvents(HardEvent.MTE2_V, HardEvent.V_MTE2),
        (TPosition.VECOUT, TPosition.GM): QueueEvents(HardEvent.V_MTE3, HardEvent.MTE3_V),
        (TPosition.GM, TPosition.A1): QueueEvents(HardEvent.MTE2_MTE1, HardEvent.MTE1_MTE2),
        (TPosition.GM, TPosition.B1): QueueEvents(HardEvent.MTE2_MTE1, HardEvent.MTE1_MTE2),
        (TPosition.A1, TPosition.A2): QueueEvents(HardEvent.MTE1_M, HardEvent.M_MTE1),
        (TPosition.B1, TPosition.B2): QueueEvents(HardEvent.MTE1_M, HardEvent.M_MTE1),
        (TPosition.CO1, TPosition.CO2): QueueEvents(HardEvent.M_FIX, HardEvent.FIX_M),
    }


def __getattr__(name: str) -> object:
    if name == "QUEUE_EVENTS":
        return _queue_events()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    QUEUE_EVENTS: dict[tuple[TPosition, TPosition], QueueEvents]


def queue_events(t: Attribute) -> QueueEvents | None:
    """The events of a queue type, or None if its traffic carries no sync we know."""
    from asc_xdsl.dialects.ascendc.framework import que_bind_of

    bind = que_bind_of(t)
    if bind is None:
        return None
    key = (TPosition(bind.src_position.data), TPosition(bind.dst_position.data))
    return _queue_events().get(key)


PIPE_RELEASES = frozenset({"ascendc.pipe.reset", "ascendc.pipe.destroy", "ascendc.pipe.init"})
"""TPipe calls that give every buffer back: allocation starts again at address 0."""

QUEUE_OPS: dict[str, str] = {
    "ascendc.que_bind.alloc_tensor": "alloc",
    "ascendc.que_bind.alloc_tensor_in_place": "alloc",
    "ascendc.que_bind.free_tensor": "free",
    "ascendc.que_bind.enque_tensor": "enque",
    "ascendc.que_bind.enque_tensor_pos": "enque",
    "ascendc.que_bind.deque_tensor": "deque",
    "ascendc.que_bind.deque_tensor_pos": "deque",
    "ascendc.que_bind.deque_tensor_in_place": "deque",
}
"""Queue traffic by op: "alloc" hands out a buffer, "free" gives it back, "enque" passes
a tensor to the consumer, "deque" takes the oldest one. Operand 0 is the queue; an op
whose tensor is operand 1 (in-place forms, enque, free) names it there."""
