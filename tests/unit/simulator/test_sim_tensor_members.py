"""LocalTensor members (GetSize, GetLength, GetPosition, Get/SetUserTag, SetSize,
SetBufferLen) and TPipe event ids (Fetch/Alloc/ReleaseEventID) on the simulator."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError, TensorBoundsError


@asc.jit
def members(out: asc.GlobalAddress, grow: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q, num=1, len=256)
    t = q.alloc_tensor(asc.float16)
    g.set_value(0, t.get_size())
    g.set_value(1, t.get_length())
    g.set_value(2, t.get_position())
    t.set_user_tag(13)
    g.set_value(3, t.get_user_tag())
    t.set_size(grow)
    g.set_value(4, t.get_size())
    t.set_buffer_len(64)
    g.set_value(5, t.get_size())
    first = pipe.fetch_event_id(event=asc.HardEvent.V_MTE3)
    taken = pipe.alloc_event_id(event=asc.HardEvent.V_MTE3)
    second = pipe.alloc_event_id(event=asc.HardEvent.V_MTE3)
    g.set_value(6, first)
    g.set_value(7, taken)
    g.set_value(8, second)
    pipe.release_event_id(taken, event=asc.HardEvent.V_MTE3)
    g.set_value(9, pipe.fetch_event_id(event=asc.HardEvent.V_MTE3))
    q.free_tensor(t)


def test_members_and_event_ids():
    out = np.full(16, -1, np.int32)
    members[1](out, 200)
    # 128 halves, 256 bytes, VECIN = 9, tag 13, SetSize(200), SetBufferLen(64 bytes)
    assert out[:6].tolist() == [128, 256, 9, 13, 200, 32]
    # fetch does not take; alloc takes 0 then 1; after releasing 0 it is free again
    assert out[6:10].tolist() == [0, 0, 1, 0]


def test_set_size_past_the_memory_is_an_error():
    with pytest.raises(TensorBoundsError, match=r"SetSize\(.*\): the tensor at UB byte 0"):
        members[1](np.zeros(16, np.int32), 10**7)


@asc.jit
def too_many_ids(out: asc.GlobalAddress):
    pipe = asc.TPipe()
    for _ in asc.static_range(9):
        pipe.alloc_event_id(event=asc.HardEvent.MTE2_V)


def test_ninth_event_id_is_an_error():
    with pytest.raises(SimulatorError, match=r"AllocEventID<MTE2_V>: all 8 event ids are taken"):
        too_many_ids[1](np.zeros(8, np.int32))


@asc.jit
def views_and_pipe(x: asc.GlobalAddress, out: asc.GlobalAddress):
    xg, og = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    og.set_global_buffer(out)
    og.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    other = asc.TBuf(asc.TPosition.VECCALC)
    for _ in range(2):  # Destroy gives the buffers back: InitBuffer may run again
        pipe.destroy()
        pipe.init()
        pipe.init_buffer(que=q, num=1, len=256)
        pipe.init_buffer(other, 32)
        t = q.alloc_tensor(asc.int32)
        asc.data_copy(t, xg, count=64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        halves = t.reinterpret_cast(asc.int16)
        og.set_value(0, halves.get_value(2))  # low half of x[1]
        og.set_value(1, halves.get_size())
        tail = other.get(asc.int32)
        tail.set_addr_with_offset(t, 10)  # now a view of t from element 10
        og.set_value(2, tail.get_value(0))
        og.set_value(3, tail.get_size())
        q.free_tensor(t)
    og.set_value(4, xg.get_size())
    og.set_value(5, og.get_size())
    p = xg.get_phy_addr(5)
    g5 = asc.GlobalTensor()
    g5.set_global_buffer(p)
    og.set_value(6, g5.get_value(0))


def test_views_global_members_and_pipe_destroy():
    x = np.arange(100, 164, dtype=np.int32)
    out = np.zeros(8, np.int32)
    views_and_pipe[1](x, out)
    # int16 view: x[1] = 101 -> halves 101, 0; 128 halves; offset 10 -> x[10], 54 left;
    # GetSize 64 (SetGlobalBuffer(x, 64)), 0 (one-argument form); x[5] through GetPhyAddr
    assert out[:7].tolist() == [101, 128, 110, 54, 64, 0, 105]
