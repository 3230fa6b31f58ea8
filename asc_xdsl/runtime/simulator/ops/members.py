"""Members that read or change the framework's objects: LocalTensor's GetSize,
GetLength, GetPosition, Get/SetUserTag, SetSize, SetBufferLen, ReinterpretCast,
SetAddrWithOffset; GlobalTensor's
GetPhyAddr, GetSize, SetL2CacheHint; TPipe's event ids (AllocEventID, FetchEventID,
ReleaseEventID) and its Init / Destroy / Reset.

* GetSize is the element count, GetLength the byte length, GetPosition the TPosition's
  number; SetSize / SetBufferLen change the tensor's extent in place (the object is
  the C++ one: later uses of the same value see it), checked inside its memory.
* ReinterpretCast<U>() is the same bytes as a tensor of U; t.SetAddrWithOffset(src, i)
  makes t start i elements of src's type into src (*decision*: ending where src ends;
  the headers keep src's byte length, so a kernel could reach past it, which the
  simulator reports).
* GlobalTensor GetPhyAddr(i) is the GM pointer to element i, GetSize the count
  SetGlobalBuffer(ptr, size) gave; SetL2CacheHint changes nothing (no cache model).
* A TPipe hands out the event ids 0-7 of each HardEvent: FetchEventID is the lowest
  free id (not taken), AllocEventID takes it (none free: an error), ReleaseEventID
  gives back an id AllocEventID took (anything else: an error). The ids are the
  block's (one TPipe per kernel).
* TPipe Init / Destroy / Reset give every buffer and event id back: queues may be
  given buffers again, and the next InitBuffer allocates from the start of each memory
  (tensors taken before keep their bytes, as on hardware, where they now alias the new
  buffers).
"""

from __future__ import annotations

from asc_xdsl.dialects.ascendc import framework as fw
from asc_xdsl.dialects.ascendc import tensor as ten
from asc_xdsl.enums import HardEvent
from asc_xdsl.runtime.simulator import float4
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import np_dtype, to_scalar
from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError
from asc_xdsl.runtime.simulator.memory import GmPtr, LocalTensor

EVENT_IDS = range(8)

_GETTERS = {
    ten.LocalTensorGetSizeOp: lambda t: t.length,
    ten.LocalTensorGetLengthOp: lambda t: t.length * t.itemsize,
    ten.LocalTensorGetPositionOp: lambda t: int(t.position.value),
    ten.LocalTensorGetUserTagOp: lambda t: t.user_tag,
}


def _pair_size(t) -> int:
    return 2 * t.length


@handles(*_GETTERS)
def _getter(op, comp):
    get, t = _GETTERS[type(op)], comp.slot(op.tensor)
    if isinstance(op, ten.LocalTensorGetSizeOp) and float4.is_float4(op.tensor.type.element_type):
        get = _pair_size  # (a 4-bit tensor's length is its bytes: two elements each)
    r, rt = comp.slot(op.results[0]), op.results[0].type

    def run(e, c, _op=op):
        tensor = e[t]
        tensor.check(0, op.SPEC.api, vector=False)
        e[r] = to_scalar(rt, get(tensor))

    return run


@handles(ten.LocalTensorSetUserTagOp)
def _set_tag(op, comp):
    t, v = comp.slot(op.tensor), comp.slot(op.tag)

    def run(e, c, _op=op):
        e[t].user_tag = int(e[v])

    return run


@handles(ten.LocalTensorSetSizeOp, ten.LocalTensorSetBufferLenOp)
def _resize(op, comp):
    t = comp.slot(op.tensor)
    in_bytes = isinstance(op, ten.LocalTensorSetBufferLenOp)
    v = comp.slot(op.data_len if in_bytes else op.size)
    half = not in_bytes and float4.is_float4(op.tensor.type.element_type)

    def run(e, c, _op=op):
        tensor, n = e[t], int(e[v])
        length = n // tensor.itemsize if in_bytes else n
        if half:
            length = float4.pairs(n, "SetSize of a 4-bit tensor")
        end = tensor.offset + length * tensor.itemsize
        if n < 0 or end > tensor.mem.size:
            raise TensorBoundsError(
                f"{op.SPEC.api}({n}): the tensor at {tensor.mem_name} byte {tensor.offset} "
                f"would end at byte {end}, past {tensor.mem_name}'s {tensor.mem.size}"
            )
        tensor.length = length
        tensor.arr = tensor.mem[tensor.offset : end].view(tensor.dtype)

    return run


def _taken(c, event: HardEvent) -> set[int]:
    return c.regs.setdefault("EVENT_IDS", {}).setdefault(event, set())


@handles(fw.PipeAllocEventIDOp, fw.PipeFetchEventIDOp)
def _event_id(op, comp):
    event, r = HardEvent.from_attr(op.event), comp.slot(op.event_id)
    take = isinstance(op, fw.PipeAllocEventIDOp)

    def run(e, c, _op=op):
        taken = _taken(c, event)
        free = [i for i in EVENT_IDS if i not in taken]
        if not free:
            raise SimulatorError(
                f"{op.SPEC.api}<{event.name}>: all {len(EVENT_IDS)} event ids are taken "
                "(ReleaseEventID gives one back)"
            )
        if take:
            taken.add(free[0])
        e[r] = free[0]

    return run


@handles(fw.PipeReleaseEventIDOp)
def _release(op, comp):
    event, v = HardEvent.from_attr(op.event), comp.slot(op.id)

    def run(e, c, _op=op):
        taken, i = _taken(c, event), int(e[v])
        if i not in taken:
            raise SimulatorError(
                f"ReleaseEventID<{event.name}>({i}): that id was not taken with AllocEventID"
            )
        taken.discard(i)

    return run


@handles(fw.PipeInitOp, fw.PipeDestroyOp, fw.PipeResetOp)
def _pipe_state(op, comp):
    def run(e, c, _op=op):
        c.onchip.release_all()
        c.regs.pop("EVENT_IDS", None)

    return run


@handles(ten.GlobalTensorGetPhyAddrOp)
def _gm_addr(op, comp):
    t, r = comp.slot(op.tensor), comp.slot(op.result)
    off = comp.slot(op.offset) if op.offset is not None else None
    half = float4.is_float4(op.tensor.type.element_type)

    def run(e, c, _op=op):
        gt = e[t]
        index = int(e[off]) if off is not None else 0
        if half:  # (the headers assert an even offset)
            index = float4.pairs(index, "GetPhyAddr of a 4-bit tensor")
        e[r] = GmPtr(gt.bound(), gt.byte_offset + index * gt.itemsize, gt.itemsize)

    return run


@handles(ten.GlobalTensorGetSizeOp)
def _gm_size(op, comp):
    t, r, rt = comp.slot(op.tensor), comp.slot(op.size), op.size.type

    def run(e, c, _op=op):
        e[r] = to_scalar(rt, e[t].size)

    return run


@handles(ten.GlobalTensorSetL2CacheHintOp)
def _cache_hint(op, comp):
    return None  # no cache model: the hint changes no value


@handles(ten.LocalTensorReinterpretCastOp)
def _reinterpret(op, comp):
    t, r = comp.slot(op.tensor), comp.slot(op.result)
    et = op.result.type.element_type
    dt = np_dtype(et)

    def run(e, c, _op=op):
        tensor = e[t]
        tensor.check(0, "ReinterpretCast's tensor", vector=False)
        e[r] = tensor.retyped(dt, et)

    return run


@handles(ten.LocalTensorSetAddrWithOffsetOp)
def _set_addr_with_offset(op, comp):
    t, s, o = comp.slot(op.tensor), comp.slot(op.src), comp.slot(op.offset)

    def run(e, c, _op=op):
        dst, src, i = e[t], e[s], int(e[o])
        src.check(0, "SetAddrWithOffset's src", vector=False)
        start = i * src.itemsize
        if i < 0 or start > src.length * src.itemsize:
            raise TensorBoundsError(
                f"SetAddrWithOffset: offset {i} is outside src ({src.length} elements)"
            )
        length = (src.length * src.itemsize - start) // dst.itemsize
        LocalTensor.__init__(
            dst, src.mem, src.mem_name, src.position, src.offset + start, length,
            dst.dtype, dst.elem_type, src.alloc,
        )  # fmt: skip

    return run
