"""TQue/TQueBind and TBuf state of one block.

A queue gets `num` buffers of `len` bytes (rounded up to 32 B) from `InitBuffer`, of the
pipe or of a `BufPool` (TBufPool: a region of the pipe's memory that hands out at most
`bufIDSize` buffers and starts over at `Reset`).
`AllocTensor` takes free buffers round-robin, `EnQue` appends (at most `depth` tensors
wait in the queue), `DeQue` takes the oldest, `FreeTensor` gives a buffer back (these
four as template source, ALLOC, ENQUE, DEQUE and FREE, for the generated code). Misuse
raises `QueueError`; a freed tensor's `Allocation` turns dead so later use is caught.
"""

from __future__ import annotations

from collections import deque

from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.runtime.simulator.errors import QueueError, UnsupportedOpError
from asc_xdsl.runtime.simulator.memory import PERMANENT, Allocation, LocalTensor, OnChip
from asc_xdsl.runtime.simulator.platform import POSITION_MEMORY

_new = object.__new__


def memory_of(position: TPosition) -> str:
    try:
        return POSITION_MEMORY[position]
    except KeyError:
        raise UnsupportedOpError(f"position {position.name} has no on-chip memory here") from None


class Queue:
    __slots__ = (
        "depth",
        "free",
        "generation",
        "label",
        "mem_name",
        "onchip",
        "position",
        "protos",
        "slot_bytes",
        "slots",
        "waiting",
    )

    def __init__(self, position: TPosition, depth: int, label: str):
        self.position = position
        self.depth = depth
        self.mem_name = memory_of(position)
        self.slots: list[int] = []
        self.slot_bytes = 0
        self.free: deque[int] = deque()
        self.waiting: deque[LocalTensor] = deque()
        self.protos: dict = {}
        """dtype -> each buffer's tensor of that type (None until first allocated)."""
        self.label = label
        self.generation = -1

    def init(self, onchip: OnChip, num: int, length: int) -> None:
        if self.slots and self.generation == onchip.generation:
            raise QueueError(f"InitBuffer called twice for queue {self.label}")
        self.generation = onchip.generation  # a TPipe Destroy/Reset allows a new one
        if num < 1 or length < 0:
            raise QueueError(
                f"InitBuffer({self.label}, {num}, {length}): bad buffer count or length"
            )
        self.onchip = onchip
        self.slot_bytes = -(-length // 32) * 32
        what = f"InitBuffer({self.label}, num={num}, len={length})"
        base = onchip.reserve(self.mem_name, num * self.slot_bytes, what, buffers=num)
        self.slots = [base + i * self.slot_bytes for i in range(num)]
        self.free = deque(range(num))
        self.protos = {}

    def _prototypes(self, dtype, elem_type) -> list[LocalTensor]:
        """Each buffer's tensor of type `dtype`, built once per queue and type."""
        mem = self.onchip.mems[self.mem_name]
        length = self.slot_bytes // dtype.itemsize
        protos = self.protos[dtype] = [
            LocalTensor(mem, self.mem_name, self.position, offset, length, dtype, elem_type,
                        PERMANENT)
            for offset in self.slots
        ]  # fmt: skip
        return protos

    def _exhausted(self) -> None:
        if not self.slots:
            raise QueueError(f"AllocTensor on queue {self.label} before InitBuffer")
        raise QueueError(
            f"AllocTensor on queue {self.label}: all {len(self.slots)} buffers are in use "
            f"(more AllocTensor than the queue's buffers without FreeTensor; depth "
            f"{self.depth})"
        )

    def _owned(self, t: LocalTensor, api: str) -> None:
        if not isinstance(t, LocalTensor) or t.alloc is PERMANENT or t.alloc.queue is not self:
            raise QueueError(f"{api} on queue {self.label} of a tensor the queue does not own")
        if not t.alloc.live:
            raise QueueError(f"{api} on queue {self.label} of a tensor that was already freed")

    def _full(self) -> None:
        raise QueueError(
            f"EnQue on queue {self.label}: {len(self.waiting)} tensors already wait, the "
            f"depth is {self.depth}"
        )

    def _empty(self) -> None:
        raise QueueError(f"DeQue from empty queue {self.label} (no EnQue before it)")

    def _freed_while_queued(self) -> None:
        raise QueueError(f"DeQue on queue {self.label} of a tensor freed while queued")

    def deque_in_place(self, t: LocalTensor) -> None:
        """`DeQue(t)` of a depth-0 queue: waits for t's own EnQue (the headers wait on its
        buffer's event); t keeps its buffer."""
        self._owned(t, "DeQue")
        for k, w in enumerate(self.waiting):
            if w.alloc is t.alloc:
                del self.waiting[k]
                return
        raise QueueError(
            f"DeQue(t) on queue {self.label} of a tensor that was not EnQue'd (the device "
            "would wait forever)"
        )

    def state(self, query: str) -> int | bool:
        """The headers' queue state: usedCount (tensors enqueued) and bufUsedCount
        (buffers allocated) against depth and the buffer count."""
        if self.depth == 0:
            raise QueueError(
                f"queue state ({query}) of queue {self.label}, whose depth is 0 (the headers "
                "static_assert depth != 0)"
            )
        enqueued, allocated = len(self.waiting), len(self.slots) - len(self.free)
        return {
            "count": enqueued,
            "vacant": enqueued < self.depth,
            "has_tensor": enqueued > 0,
            "idle": allocated < len(self.slots),
        }[query]


# The hot queue operations as template source (compile.Inline; ops/framework.py pastes
# them into the generated code of AllocTensor, EnQue, DeQue and FreeTensor, so none is
# a method call): `{q}` the queue, `{t}` a tensor, `{r}` the result, `{dtype}` and
# `{elem_type}` the result's element type, and TEMPLATE_NAMES.

ALLOC = """
q = {q}
if not q.free:
    q._exhausted()
protos = q.protos.get({dtype}) or q._prototypes({dtype}, {elem_type})
# a copy of the buffer's tensor with its own Allocation: a tensor freed earlier stays
# dead (the hot path: no __init__ calls)
alloc = {new}({Allocation})
alloc.live = True
alloc.queue = q
alloc.slot = slot = q.free.popleft()
{r} = protos[slot].allocated(alloc)
"""

# a live tensor of this queue, else _owned's error
_LIVE = """
q = {q}
t = {t}
try:
    alloc = t.alloc
except AttributeError:  # not a local tensor
    alloc = None
if alloc is None or alloc.queue is not q or not alloc.live:
    q._owned(t, "%s")  # the error
"""

ENQUE = (
    _LIVE % "EnQue"
    + """
if q.depth and len(q.waiting) >= q.depth:  # depth 0: no FIFO to fill
    q._full()
q.waiting.append(t)
"""
)

DEQUE = """
q = {q}
if not q.waiting:
    q._empty()
t = q.waiting.popleft()
if not t.alloc.live:
    q._freed_while_queued()
{r} = t if {dtype} is t.dtype else t.retyped({dtype}, {elem_type})
"""

FREE = (
    _LIVE % "FreeTensor"
    + """
alloc.live = False
q.free.append(alloc.slot)
"""
)

TEMPLATE_NAMES = {"new": _new, "Allocation": Allocation}


class TBuf:
    __slots__ = ("label", "mem_name", "nbytes", "offset", "onchip", "position")

    def __init__(self, position: TPosition, label: str):
        self.position = position
        self.mem_name = memory_of(position)
        self.offset = -1
        self.nbytes = 0
        self.label = label

    def init(self, onchip: OnChip, length: int) -> None:
        self.onchip = onchip
        self.nbytes = -(-length // 32) * 32
        self.offset = onchip.reserve(
            self.mem_name, self.nbytes, f"InitBuffer({self.label}, len={length})"
        )

    def tensor(self, dtype, elem_type, count: int | None, byte_offset: int = 0) -> LocalTensor:
        if self.offset < 0:
            raise QueueError(f"TBuf {self.label} used before InitBuffer")
        if byte_offset % 32:
            raise QueueError(
                f"GetWithOffset on TBuf {self.label}: offset {byte_offset} is not 32 B aligned"
            )
        avail = (self.nbytes - byte_offset) // dtype.itemsize
        if count is None:
            count = avail
        if byte_offset < 0 or count < 0 or count > avail:
            from asc_xdsl.runtime.simulator.errors import TensorBoundsError

            raise TensorBoundsError(
                f"TBuf {self.label} holds {self.nbytes} bytes: {count} elements of {dtype} at "
                f"byte offset {byte_offset} do not fit"
            )
        mem = self.onchip.mems[self.mem_name]
        return LocalTensor(
            mem,
            self.mem_name,
            self.position,
            self.offset + byte_offset,
            count,
            dtype,
            elem_type,
            PERMANENT,
        )


class BufPool:
    """`TBufPool<pos, bufIDSize>`: InitBufPool gives it `len` bytes (rounded up to 32 B)
    of its parent (the pipe or a pool: a bump allocation there), or the start and size
    of another pool (`shareBuf`: both then hand out the same bytes). Queues and TBufs
    InitBuffer'ed from it take its bytes in order and count against bufIDSize; Reset
    lets them be given again (earlier tensors keep their bytes, as on the device)."""

    __slots__ = ("label", "max_buffers", "mem_name", "mems", "nbytes", "parent", "position",
                 "resets", "start", "used", "used_buffers")  # fmt: skip

    def __init__(self, position: TPosition, max_buffers: int, label: str):
        self.position = position
        self.mem_name = memory_of(position)
        self.max_buffers = max_buffers
        self.label = label
        self.start = -1
        self.nbytes = self.used = self.used_buffers = self.resets = 0
        self.parent = None
        self.mems: dict = {}

    def init(self, parent, length: int, share: BufPool | None = None) -> bool:
        if self.start >= 0:
            raise QueueError(f"InitBufPool called twice for TBufPool {self.label}")
        nbytes = -(-length // 32) * 32
        what = f"InitBufPool({self.label}, len={length})"
        if length <= 0:
            raise QueueError(f"{what}: the length must be positive")
        if share is not None:
            if share.start < 0:
                raise QueueError(f"{what}: shareBuf {share.label} has no buffer yet")
            if share.mem_name != self.mem_name or nbytes > share.nbytes:
                raise QueueError(
                    f"{what}: shareBuf {share.label} is {share.nbytes} bytes of "
                    f"{share.mem_name}; the pool must be in the same memory and fit in it"
                )
            self.start, self.nbytes = share.start, share.nbytes
        else:
            self.start = parent.reserve(self.mem_name, nbytes, what)
            self.nbytes = nbytes
        self.parent, self.mems = parent, parent.mems
        return True

    @property
    def generation(self) -> tuple:
        """Bumped by Reset (and the pipe's): queues may be given buffers again."""
        return (self.parent.generation, self.resets)

    def reserve(self, name: str, nbytes: int, what: str, buffers: int = 1) -> int:
        """A bump allocation of the pool's bytes for InitBuffer (and sub-pools)."""
        if self.start < 0:
            raise QueueError(f"{what} from TBufPool {self.label} before its InitBufPool")
        if name != self.mem_name:
            raise QueueError(
                f"{what} from TBufPool {self.label}: the buffer is in {name}, the pool in "
                f"{self.mem_name}"
            )
        nbytes = -(-nbytes // 32) * 32
        if self.used + nbytes > self.nbytes:
            from asc_xdsl.runtime.simulator.errors import MemoryOverflowError

            raise MemoryOverflowError(
                f"{what} needs {nbytes} bytes of TBufPool {self.label}, which has "
                f"{self.nbytes - self.used} of {self.nbytes} left"
            )
        if self.used_buffers + buffers > self.max_buffers:
            raise QueueError(
                f"{what}: TBufPool {self.label} hands out at most {self.max_buffers} buffers "
                f"(bufIDSize); {self.used_buffers} are taken"
            )
        offset = self.start + self.used
        self.used += nbytes
        self.used_buffers += buffers
        return offset

    def reset(self) -> None:
        self.used = self.used_buffers = 0
        self.resets += 1
