"""TQueBind on the simulator: its buffers in dst's memory, EnQue/DeQue with user
positions (the race checker orders the pipes their event names: <GM, VECIN> orders
MTE2 before V; a pair without an event orders nothing)."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.sanitizer import RaceError

P = asc.TPosition


@asc.jit
def triple(x: asc.GlobalAddress, z: asc.GlobalAddress, ordered: asc.ConstExpr[bool]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQueBind(P.VECIN, P.VECOUT, 1)
    pipe.init_buffer(que=q, num=1, len=1024)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, 256)
    if ordered:
        q.enque(t, src_user_pos=P.GM, dst_user_pos=P.VECIN)
        u = q.deque(asc.float32, src_user_pos=P.GM, dst_user_pos=P.VECIN)
    else:
        q.enque(t, src_user_pos=P.VECIN, dst_user_pos=P.VECOUT)
        u = q.deque(asc.float32, src_user_pos=P.VECIN, dst_user_pos=P.VECOUT)
    asc.muls(u, u, 3.0, 256)
    q.enque(u, src_user_pos=P.VECOUT, dst_user_pos=P.GM)
    w = q.deque(asc.float32, src_user_pos=P.VECOUT, dst_user_pos=P.GM)
    asc.data_copy(zg, w, 256)
    q.free_tensor(w)


def test_user_positions_order_their_pipes():
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    triple[1](x, z, True, backend="cpu", sanitize="error")
    np.testing.assert_array_equal(z, 3 * x)
    with pytest.raises(RaceError, match=r"read-after-write race \(RAW\): pipe V reads UB"):
        triple[1](x, z, False, backend="cpu", sanitize="error")
