"""TQueBind on the simulator: its buffers in dst's memory, the depth-0 in-place forms,
EnQue/DeQue with user positions (the race checker orders the pipes their event names:
<GM, VECIN> orders MTE2 before V; a pair without an event orders nothing)."""

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


QB0 = "!ascendc.que_bind<vecin, vecout, 0>"
LTF = "!ascendc.local_tensor<*xf32>"


def _depth0_kernel(body: str):
    """A kernel with a depth-0 TQueBind %q (two 1024-byte buffers) and a tensor %t that
    AllocTensor(t) gave a buffer; `body` follows."""
    import simkit

    return simkit.inout_kernel(
        f"""
        %q = ascendc.que_bind : {QB0}
        %two = arith.constant 2 : i32
        %len = arith.constant 1024 : i32
        ascendc.pipe.init_queue %pipe, %q, %two, %len : {QB0}, i32, i32
        %t = ascendc.local_tensor : {LTF}
        ascendc.que_bind.alloc_tensor_in_place %q, %t : {QB0}, {LTF}
        """
        + body,
        ["float32"],
    )


def test_depth0_in_place_alloc_and_deque():
    """A depth-0 TQueBind: AllocTensor(t) gives t a buffer, EnQue(t) then DeQue(t) hand
    the same buffer over (no FIFO), FreeTensor(t) gives it back."""
    x = np.arange(1024, dtype=np.float32)
    want = x.copy()
    want[:256] = 3 * x[:256] + 3
    _depth0_kernel(
        f"""
        %n = arith.constant 256 : i32
        %three = arith.constant 3.0 : f32
        ascendc.muls_l2 %t, %b0, %three, %n {{isSetMask}} : {LTF}, {LTF}, f32, i32
        ascendc.que_bind.enque_tensor %q, %t : {QB0}, {LTF}
        ascendc.que_bind.deque_tensor_in_place %q, %t : {QB0}, {LTF}
        ascendc.adds_l2 %b0, %t, %three, %n {{isSetMask}} : {LTF}, {LTF}, f32, i32
        ascendc.que_bind.free_tensor %q, %t : {QB0}, {LTF}
        """
    )[1](x)
    np.testing.assert_array_equal(x, want)


def test_depth0_deque_in_place_of_a_tensor_never_enqueued():
    from asc_xdsl.runtime.simulator import SimulatorError

    with pytest.raises(SimulatorError, match=r"DeQue\(t\) on queue .* not EnQue'd"):
        _depth0_kernel(f"ascendc.que_bind.deque_tensor_in_place %q, %t : {QB0}, {LTF}\n")[1](
            np.zeros(1024, np.float32)
        )
