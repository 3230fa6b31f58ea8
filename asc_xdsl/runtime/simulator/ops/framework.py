"""Tensors, TPipe/TQue/TBuf, synchronisation, system values and parameter structs."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from asc_xdsl.dialects.ascendc import types as ty
from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.dialects.ascendc.struct_fields import struct_entry
from asc_xdsl.dialects.emitasc import PyStructType
from asc_xdsl.runtime.simulator import float4, queues
from asc_xdsl.runtime.simulator.compile import FunctionCompiler
from asc_xdsl.runtime.simulator.dtypes import is_bf16, np_dtype, to_scalar
from asc_xdsl.runtime.simulator.errors import GmAccessError, SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.memory import (
    PERMANENT,
    UNBOUND_LOCAL,
    GlobalTensor,
    GmPtr,
    LocalTensor,
)
from asc_xdsl.runtime.simulator.ops import handles_spec
from asc_xdsl.runtime.simulator.profile import CYCLE_OFFSET, PIPES
from asc_xdsl.runtime.simulator.queues import BufPool, Queue, TBuf, memory_of

if TYPE_CHECKING:
    from asc_xdsl.dialects.ascendc.construct import ConstructOp


def _elem(t):
    return t.element_type, np_dtype(t.element_type)


def _label(value) -> str:
    return value.name_hint or "<unnamed>"


# -- objects -----------------------------------------------------------------------


@handles_spec("ascendc.pipe")
def _pipe(op, comp: FunctionCompiler):
    r = comp.slot(op.pipe)

    def run(e, c, _op=op):
        e[r] = c.onchip

    return run


@handles_spec("ascendc.queue")
def _queue(op, comp):
    r = comp.slot(op.queue)
    t = op.queue.type
    pos, depth, label = t.tposition, t.depth.data, _label(op.queue)

    def run(e, c, _op=op):
        e[r] = Queue(pos, depth, label)

    return run


@handles_spec("ascendc.que_bind")
def _que_bind(op, comp):
    """`TQueBind<src, dst, depth>`: its buffers are where the headers' GetBufferPos puts
    them, dst's memory (src's when dst is GM or CO2)."""
    r = comp.slot(op.results[0])
    t = op.results[0].type
    src, dst = TPosition(t.src_position.data), TPosition(t.dst_position.data)
    pos = src if dst in (TPosition.GM, TPosition.CO2) else dst
    depth, label = t.depth.data, _label(op.results[0])

    def run(e, c, _op=op):
        e[r] = Queue(pos, depth, label)

    return run


@handles_spec("ascendc.tbuf")
def _tbuf(op, comp):
    r = comp.slot(op.buffer)
    pos, label = op.buffer.type.tposition, _label(op.buffer)

    def run(e, c, _op=op):
        e[r] = TBuf(pos, label)

    return run


@handles_spec("ascendc.tBufPool")
def _tbuf_pool(op, comp):
    r, t = comp.slot(op.results[0]), op.results[0].type
    pos, size, label = t.tposition, t.buf_id_size.data, _label(op.results[0])

    def run(e, c, _op=op):
        e[r] = BufPool(pos, size, label)

    return run


@handles_spec("ascendc.pipe.init_buf_pool", "ascendc.tbuf_pool.init_buf_pool")
def _init_buf_pool(op, comp):
    parent, pool, ln = comp.slot(op.operands[0]), comp.slot(op.buf_pool), comp.slot(op.len)
    share = comp.slot(op.share_buf) if op.share_buf is not None else None
    r = comp.slot(op.value)

    def run(e, c, _op=op):
        e[r] = e[pool].init(e[parent], int(e[ln]), e[share] if share is not None else None)

    return run


@handles_spec("ascendc.tbuf_pool.reset")
def _pool_reset(op, comp):
    p = comp.slot(op.buf_pool)

    def run(e, c, _op=op):
        e[p].reset()

    return run


_QUEUE_STATE = {
    "ascendc.que_bind.get_tensor_count_in_que": "count",
    "ascendc.que_bind.vacant_in_que": "vacant",
    "ascendc.que_bind.has_tensor_in_que": "has_tensor",
    "ascendc.que_bind.has_idle_buffer": "idle",
}


@handles_spec(*_QUEUE_STATE)
def _queue_state(op, comp):
    q, r, query = comp.slot(op.queue), comp.slot(op.value), _QUEUE_STATE[op.name]
    t = op.value.type

    def run(e, c, _op=op):
        e[r] = to_scalar(t, e[q].state(query))

    return run


# A queue's or TBuf's memory comes from a TPipe or a TBufPool alike: the owner hands
# out the bytes (`queues.py`).
@handles_spec("ascendc.pipe.init_queue", "ascendc.tbuf_pool.init_queue")
def _init_queue(op, comp):
    p, q, n, ln = comp.slots_of(op.operands)

    def run(e, c, _op=op):
        e[q].init(e[p], e[n], e[ln])

    return run


@handles_spec("ascendc.pipe.init_buffer", "ascendc.tbuf_pool.init_buffer")
def _init_buffer(op, comp):
    p, b, ln = comp.slots_of(op.operands)

    def run(e, c, _op=op):
        e[b].init(e[p], e[ln])

    return run


# `que.AllocTensor<T>()` gives its result the next free buffer; the depth-0 form
# `que.AllocTensor<T>(t)` gives it to t, the same slot rebound (a closure: never fused,
# so the slot is the frame's).
@handles_spec("ascendc.que_bind.alloc_tensor", "ascendc.que_bind.alloc_tensor_in_place")
def _alloc(op, comp):
    et, dt = _elem(op.tensor.type)
    f = comp.inline(op, queues.ALLOC, r=op.tensor, q=op.queue, dtype=dt, elem_type=et,
                    **queues.TEMPLATE_NAMES)  # fmt: skip
    return f if op.name == "ascendc.que_bind.alloc_tensor" else comp.closure(f)


@handles_spec("ascendc.que_bind.deque_tensor", "ascendc.que_bind.deque_tensor_pos")
def _deque(op, comp):
    et, dt = _elem(op.tensor.type)
    return comp.inline(op, queues.DEQUE, r=op.tensor, q=op.queue, dtype=dt, elem_type=et)


@handles_spec(
    "ascendc.que_bind.enque_tensor",
    "ascendc.que_bind.enque_tensor_pos",
    "ascendc.que_bind.free_tensor",
)
def _give(op, comp):
    template = queues.FREE if op.name == "ascendc.que_bind.free_tensor" else queues.ENQUE
    return comp.inline(op, template, q=op.queue, t=op.tensor)


@handles_spec("ascendc.que_bind.deque_tensor_in_place")
def _deque_in_place(op, comp):
    q, t = comp.slot(op.queue), comp.slot(op.tensor)

    def run(e, c, _op=op):
        e[q].deque_in_place(e[t])

    return run


@handles_spec("ascendc.tbuf.get_tensor")
def _tbuf_get(op, comp):
    b, r = comp.slot(op.buffer), comp.slot(op.tensor)
    n = comp.slot(op.len) if op.len is not None else None
    et, dt = _elem(op.tensor.type)
    half = float4.is_float4(et)

    def run(e, c, _op=op):
        count = None if n is None else e[n]
        if half and count is not None:
            count = float4.pairs(count, "TBuf::Get<fp4x2>(len)")
        e[r] = e[b].tensor(dt, et, count)

    return run


@handles_spec("ascendc.tbuf.get_with_offset")
def _tbuf_get_offset(op, comp):
    b, n, off, r = (
        comp.slot(op.buffer),
        comp.slot(op.size),
        comp.slot(op.buf_offset),
        comp.slot(op.tensor),
    )
    et, dt = _elem(op.tensor.type)

    def run(e, c, _op=op):
        e[r] = e[b].tensor(dt, et, e[n], e[off])

    return run


# -- tensors ---------------------------------------------------------------------


@handles_spec("ascendc.global_tensor")
def _global_tensor(op, comp):
    r = comp.slot(op.tensor)
    et, dt = _elem(op.tensor.type)

    def run(e, c, _op=op):
        e[r] = GlobalTensor(dt, et)

    return run


@handles_spec("ascendc.local_tensor")
def _local_tensor(op, comp):
    comp.constant(op.tensor, UNBOUND_LOCAL)
    return None


@handles_spec("ascendc.global_tensor.set_global_buffer")
def _set_global_buffer(op, comp):
    t, b = comp.slot(op.tensor), comp.slot(op.buffer)
    n = comp.slot(op.size) if op.size is not None else None

    def run(e, c, _op=op):
        gt, ptr = e[t], e[b]
        assert isinstance(ptr, GmPtr)
        gt.buf = ptr.buf
        gt.byte_offset = ptr.byte_offset
        if n is not None:
            gt.size = int(e[n])

    return run


@handles_spec("ascendc.global_tensor.subindex", "ascendc.local_tensor.subindex")
def _subindex(op, comp):
    if float4.is_float4(op.tensor.type.element_type):  # (element i is at byte i / 2)
        return comp.inline(
            op, "{r} = {t}.sub({pairs}({i}, 'operator[] of a 4-bit tensor'))",
            r=op.result, t=op.tensor, i=op.index, pairs=float4.pairs,
        )  # fmt: skip
    return comp.inline(op, "{r} = {t}.sub({i})", r=op.result, t=op.tensor, i=op.index)


@handles_spec("ascendc.local_tensor_v2")
def _local_tensor_v2(op, comp):
    a, n, r = comp.slot(op.addr), comp.slot(op.tile_size), comp.slot(op.result)
    pos = op.position
    mem_name = memory_of(pos)
    et, dt = _elem(op.result.type)

    half = float4.is_float4(et)

    def run(e, c, _op=op):
        addr, length = e[a], e[n]
        if half:
            length = float4.pairs(length, f"LocalTensor({pos.name}, addr, tileSize)")
        c.onchip.check_window(
            mem_name,
            addr,
            length * dt.itemsize,
            f"LocalTensor({pos.name}, addr={addr}, tileSize={length})",
        )
        e[r] = LocalTensor(c.onchip.mems[mem_name], mem_name, pos, addr, length, dt, et, PERMANENT)

    return run


@handles_spec("ascendc.local_tensor.get_value", "ascendc.global_tensor.get_value")
def _get_value(op, comp):
    t, i, r = [*comp.slots_of(op.operands), comp.slot(op.value)]
    rt = op.value.type
    to_py = (lambda v: to_scalar(rt, v)) if np_dtype(rt).kind in "iub" or is_bf16(rt) else None
    local = op.name == "ascendc.local_tensor.get_value"

    def run(e, c, _op=op):
        x = e[t]
        v = x.arr[x.element(e[i], "tensor")] if local else x.elements(e[i], 1, "GetValue reads")[0]
        e[r] = to_py(v) if to_py else v

    return run


@handles_spec("ascendc.local_tensor.set_value", "ascendc.global_tensor.set_value")
def _set_value(op, comp):
    t, i, v = comp.slots_of(op.operands)
    local = op.name == "ascendc.local_tensor.set_value"

    def run(e, c, _op=op):
        x = e[t]
        if local:
            x.arr[x.element(e[i], "tensor")] = e[v]
        else:
            x.elements(e[i], 1, "SetValue writes")[0] = e[v]

    return run


# -- sync and system values -------------------------------------------------------


@handles_spec("ascendc.set_flag", "ascendc.wait_flag")
def _flag(op, comp):
    """Accepted and recorded (per event and id) for a later race checker;
    `HardEvent::MAX` is a no-op, as in the headers."""
    if op.is_no_op:
        return None
    i = comp.slot(op.event_id)
    event = op.hard_event
    setting = op.name == "ascendc.set_flag"

    def run(e, c, _op=op):
        key = (event, e[i])
        c.flags[key] = c.flags.get(key, 0) + (1 if setting else -1)

    return run


@handles_spec("ascendc.pipe_barrier", "ascendc.set_ffts_base_addr")
def _no_effect(op, comp):
    """Barriers order pipes the simulator already runs in order; the FFTS address only
    matters for cube<->vector sync on hardware."""
    return None


@handles_spec("ascendc.get_block_idx")
def _block_idx(op, comp):
    r = comp.slot(op.value)

    def run(e, c, _op=op):
        e[r] = c.block_idx

    return run


@handles_spec("ascendc.get_block_num")
def _block_num(op, comp):
    r = comp.slot(op.value)

    def run(e, c, _op=op):
        e[r] = c.block_num

    return run


@handles_spec("ascendc.get_data_block_size_in_bytes")
def _block_size(op, comp):
    r, t = comp.slot(op.value), op.value.type

    def run(e, c, _op=op):
        e[r] = to_scalar(t, 32)  # ONE_BLK_SIZE

    return run


@handles_spec("ascendc.get_system_cycle", "ascendc.clock")
def _system_cycle(op, comp):
    """The block's modelled cycles so far (every pipe's, as PrintTimeStamp counts them);
    `clock()` outside SIMT code (`__asc_aicore::clock`) reads the same counter."""
    r, t = comp.slot(op.value), op.value.type

    def run(e, c, _op=op):
        e[r] = to_scalar(t, sum(c.cnt[CYCLE_OFFSET : CYCLE_OFFSET + len(PIPES)]))

    return run


@handles_spec("ascendc.noop")
def _noop(op, comp):
    return None


@handles_spec("ascendc.trap")
def _trap(op, comp):
    def run(e, c, _op=op):
        raise SimulatorError("Trap(): the kernel stopped the AI Core")

    return run


@handles_spec("ascendc.local_tensor.bracket", "ascendc.global_tensor.bracket")
def _bracket(op, comp):
    """`t(i)`: element i, as GetValue reads it."""
    t, i, r = comp.slot(op.tensor), comp.slot(op.index), comp.slot(op.result)
    rt = op.result.type
    local = op.name == "ascendc.local_tensor.bracket"

    def run(e, c, _op=op):
        x = e[t]
        v = x.arr[x.element(e[i], "tensor")] if local else x.elements(e[i], 1, "t(i) reads")[0]
        e[r] = to_scalar(rt, v)

    return run


@handles_spec("ascendc.pipe.get_base_addr")
def _base_addr(op, comp):
    """`pipe.GetBaseAddr(pos)`: 0, the device's value (on-chip addresses, GetPhyAddr's
    too, count from each memory's start; only CANN's CPU-debug build has the call)."""
    r, t = comp.slot(op.value), op.value.type

    def run(e, c, _op=op):
        e[r] = to_scalar(t, 0)

    return run


@handles_spec("ascendc.to_que_bind")
def _to_que_bind(op, comp):
    """`TQueBind<...>& b = que;`: the same queue."""
    s, r = comp.slot(op.source), comp.slot(op.result)

    def run(e, c, _op=op):
        e[r] = e[s]

    return run


# -- parameter structs ---------------------------------------------------------------

_DEFAULTS = {  # by type class name (naming a struct class would define it)
    "DataCopyParamsType": (1, 0, 0, 0),
    "DataCopyExtParamsType": (1, 0, 0, 0, 0),
    "DataCopyPadParamsType": (False, 0, 0, 0),
    "DataCopyPadExtParamsType": (False, 0, 0, 0),
    "ShapeInfoType": (),
    # the repeat parameters' default members (blocks contiguous, repeats 8 blocks apart)
    "BinaryRepeatParamsType": (1, 1, 1, 8, 8, 8),
    "UnaryRepeatParamsType": (1, 1, 8, 8, False),
    "BrcbRepeatParamsType": (1, 8),
    "GatherRepeatParamsType": (1, 8),
}


class Struct(tuple):
    """A parameter struct's value: its fields in the constructor's order (missing
    trailing fields defaulted), and `names`, the constructor's field names ("mIn" ->
    "m"), so ops that take many-form structs (cube, fixpipe) read fields by name."""

    names: tuple[str, ...] = ()

    def fields(self, defaults: dict[str, object]) -> dict[str, object]:
        """The struct's members: `defaults` (the header's member initialisers)
        overridden by the fields the constructor was given."""
        out = dict(defaults)
        out.update(zip(self.names, self, strict=False))
        return out


def _field_names(op: ConstructOp) -> tuple[str, ...]:
    try:
        fields = op.fields()
    except Exception:  # a struct the table does not know: positional access only
        return ()
    return tuple(re.sub(r"(In|_)$", "", f.name) for f in fields)


def _is_scalar(t) -> bool:
    """A field converted to its scalar type (tensors and other structs pass as they are)."""
    if t is None:
        return False
    try:
        np_dtype(t)
    except TypeError:
        return False
    return True


@handles_spec("ascendc.construct")  # (by name: the class loads with the first construct)
def _construct(op: ConstructOp, comp):
    """A struct is a tuple of its fields (declaration order), missing fields defaulted."""
    fields = comp.slots_of(op.operands_)
    r = comp.slot(op.result)
    rtype = op.result.type
    defaults = _DEFAULTS.get(type(rtype).__name__, ())
    names = _field_names(op) if not isinstance(rtype, ty.ShapeInfoType) else ()
    field_types = op.field_types() if not isinstance(rtype, ty.ShapeInfoType) else []
    convert = [
        (lambda v, t=t: to_scalar(t, v)) if _is_scalar(t) else (lambda v: v)
        for t in list(field_types) + [None] * (len(fields) - len(field_types))
    ]

    def run(e, c, _op=op):
        vals = [conv(e[f]) for conv, f in zip(convert, fields, strict=True)]
        value = Struct((*vals, *defaults[len(vals) :]))
        value.names = names
        e[r] = value

    return run


# -- structs passed to the kernel in GM (tiling data) ----------------------------------
# A struct kernel parameter (`memref<?x!ascendc.cube_tiling, 22>`) points at the host
# record's bytes; `emitasc.copy_struct` reads them into a Struct whose names are the
# C++ members, which `emitasc.member`/`set_member` read and write.


def struct_layout(t) -> np.dtype | None:
    """The C layout of struct type `t` (members of scalar types only, or of structs
    defined in Python, `!emitasc.py_struct`, nested), else None."""
    if isinstance(t, PyStructType):
        members = [(n, struct_layout(f) or _IR_SCALAR.get(str(f))) for n, f in t.fields()]
        if not members or any(d is None for _, d in members):
            return None
        return np.dtype(members, align=True)  # natural alignment, as Struct.pack lays it
    entry = struct_entry(getattr(t, "CPP_CLASS", ""))
    if not entry or not isinstance(t, ty.AscendCType):
        return None
    if "fields" not in entry:  # a class with constructors: no C layout of its own here
        return None
    fields = [(f[0], _IR_SCALAR.get(f[2])) for f in entry["fields"] if f[3] == "value"]
    if not fields or any(d is None for _, d in fields):
        return None
    return np.dtype(fields, align=True)


_IR_SCALAR = {
    f"{p}{w}": f"{'u' if p == 'ui' else ''}int{w}" for p in ("i", "ui") for w in (8, 16, 32, 64)
} | {"i1": "bool", "f16": "float16", "f32": "float32", "f64": "float64"}


@handles_spec("emitasc.copy_struct")
def _copy_struct(op, comp):
    base, r = comp.slot(op.base), comp.slot(op.result)
    layout = struct_layout(op.result.type)
    if layout is None:
        raise UnsupportedOpError(
            f"the CPU simulator copies structs of scalar members only, not {op.result.type}",
            op=op,
        )

    def run(e, c, _op=op):
        p = e[base]
        end = p.byte_offset + layout.itemsize
        if p.byte_offset < 0 or end > p.buf.nbytes:
            raise GmAccessError(
                f"copying a {layout.itemsize}-byte struct from argument '{p.buf.name}' "
                f"({p.buf.nbytes} bytes) at byte {p.byte_offset}"
            )
        e[r] = _struct_value(p.buf.u8[p.byte_offset : end].view(layout)[0], layout)

    return run


def _struct_value(record, layout: np.dtype) -> Struct:
    """A numpy record as a Struct (nested structs as Structs), members by name."""
    out = []
    for name in layout.names:
        kind = layout.fields[name][0]
        v = record[name]
        out.append(
            _struct_value(v, kind) if kind.names else int(v) if kind.kind in "iub" else float(v)
        )
    value = Struct(out)
    value.names = layout.names
    return value


def _zero_struct(t) -> Struct:
    """A py_struct member a kernel-built struct was not given: zero, as C++ `{}`."""
    layout = struct_layout(t)
    return _struct_value(np.zeros((), layout)[()], layout)


def _member_index(op) -> int:
    names = struct_layout(op.base.type)
    field = op.field.data
    if names is None or field not in names.names:
        raise UnsupportedOpError(f"no member {field!r} in {op.base.type}", op=op)
    return names.names.index(field)


@handles_spec("emitasc.member")
def _member(op, comp):
    base, r, i, t = comp.slot(op.base), comp.slot(op.result), _member_index(op), op.result.type
    nested = isinstance(t, PyStructType)

    def run(e, c, _op=op):
        value = e[base]  # a struct built in the kernel may stop before member i: zero
        if nested:
            e[r] = value[i] if i < len(value) else _zero_struct(t)
        else:
            e[r] = to_scalar(t, value[i] if i < len(value) else 0)

    return run


def _set_named(op, comp):
    """`s.field = v` on a parameter struct built in the kernel (a class with
    constructors: FixpipeParamsArch3510's members past its constructor's): the
    Struct's member of that name, added after the constructor's fields."""
    base, v, field = comp.slot(op.base), comp.slot(op.value), op.field.data

    def run(e, c, _op=op):
        old = e[base]
        names = tuple(getattr(old, "names", ()))
        if field in names:
            i = names.index(field)
            new = Struct((*old[:i], e[v], *old[i + 1 :]))
        else:
            new = Struct((*old[: len(names)], e[v]))
            names = (*names, field)
        new.names = names
        e[base] = new

    return run


@handles_spec("emitasc.set_member")
def _set_member(op, comp):
    if struct_layout(op.base.type) is None and isinstance(op.base.type, ty.AscendCType):
        return _set_named(op, comp)
    base, v, i = comp.slot(op.base), comp.slot(op.value), _member_index(op)

    def run(e, c, _op=op):
        old = tuple(e[base]) + (0,) * (i + 1 - len(e[base]))
        new = Struct((*old[:i], e[v], *old[i + 1 :]))
        new.names = e[base].names
        e[base] = new

    return run


_ = TPosition  # re-exported for type checkers
