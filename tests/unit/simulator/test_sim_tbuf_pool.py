"""TBufPool on the simulator: InitBufPool carves bytes of the pipe (or shares another
pool's), InitBuffer takes the pool's bytes in order up to its length and bufIDSize,
Reset lets buffers be given again; checked by where the tensors land in UB."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator.errors import MemoryOverflowError, QueueError

POOL = "!ascendc.tbuf_pool<veccalc, 2>"
TB = "!ascendc.tbuf<veccalc>"
SETUP = f"""
        %pool = ascendc.tBufPool : {POOL}
        %share = ascendc.tBufPool : {POOL}
        %a = ascendc.tbuf : {TB}
        %b = ascendc.tbuf : {TB}
        %c = ascendc.tbuf : {TB}
        %ok = ascendc.pipe.init_buf_pool(%pipe, %pool, %s0) : !ascendc.pipe, {POOL}, i32 -> i1
"""


def _run(body, pool_bytes, *scalars):
    k = simkit.inout_kernel(SETUP + body, ["float32"], ["i32"] * (1 + len(scalars)))
    out = np.zeros(1024, np.float32)
    k[1](out, pool_bytes, *scalars)
    return out


def test_buffers_of_a_pool_follow_each_other_and_a_shared_pool_aliases_it():
    body = f"""
        %ok2 = ascendc.pipe.init_buf_pool(%pipe, %share, %s1), %pool : !ascendc.pipe, {POOL}, i32, {POOL} -> i1
        ascendc.tbuf_pool.init_buffer %pool, %a, %s1 : {POOL}, {TB}, i32
        ascendc.tbuf_pool.init_buffer %pool, %b, %s1 : {POOL}, {TB}, i32
        ascendc.tbuf_pool.init_buffer %share, %c, %s2 : {POOL}, {TB}, i32
        %ta = ascendc.tbuf.get_tensor %a : {TB}, !ascendc.local_tensor<*xf32>
        %tb = ascendc.tbuf.get_tensor %b : {TB}, !ascendc.local_tensor<*xf32>
        %tc = ascendc.tbuf.get_tensor %c : {TB}, !ascendc.local_tensor<*xf32>
        %one = arith.constant 1.0 : f32
        %two = arith.constant 2.0 : f32
        %n64 = arith.constant 64 : i32
        %n128 = arith.constant 128 : i32
        ascendc.duplicate_l2 %ta, %one, %n64 : !ascendc.local_tensor<*xf32>, f32, i32
        ascendc.duplicate_l2 %tb, %two, %n64 : !ascendc.local_tensor<*xf32>, f32, i32
        ascendc.pipe_barrier pipe_v
        ascendc.data_copy_l2 %b0, %tc, %n128 : {{lt0}}, !ascendc.local_tensor<*xf32>, i32
    """
    out = _run(body, 1024, 256, 512)
    # c (shared pool, same start) sees a's 64 ones then b's 64 twos
    np.testing.assert_array_equal(out[:128], np.repeat([1.0, 2.0], 64))


def test_a_pool_holds_its_length_and_bufidsize_buffers_and_reset_gives_them_again():
    over = f"""
        ascendc.tbuf_pool.init_buffer %pool, %a, %s1 : {POOL}, {TB}, i32
        ascendc.tbuf_pool.init_buffer %pool, %b, %s1 : {POOL}, {TB}, i32
    """
    with pytest.raises(MemoryOverflowError, match="which has 256 of 768 left"):
        _run(over, 768, 512)
    three = over + f"        ascendc.tbuf_pool.init_buffer %pool, %c, %s1 : {POOL}, {TB}, i32\n"
    with pytest.raises(QueueError, match=r"at most 2 buffers \(bufIDSize\); 2 are taken"):
        _run(three, 1024, 64)
    reset = over + (
        f"        ascendc.tbuf_pool.reset %pool : {POOL}\n"
        f"        ascendc.tbuf_pool.init_buffer %pool, %c, %s1 : {POOL}, {TB}, i32\n"
    )
    _run(reset, 1024, 64)


def test_buffers_before_init_buf_pool_and_a_share_too_small_are_errors():
    body = f"ascendc.tbuf_pool.init_buffer %share, %a, %s1 : {POOL}, {TB}, i32"
    with pytest.raises(QueueError, match="from TBufPool share before its InitBufPool"):
        _run(body, 256, 64)
    body = f"%ok2 = ascendc.pipe.init_buf_pool(%pipe, %share, %s1), %pool : !ascendc.pipe, {POOL}, i32, {POOL} -> i1"
    with pytest.raises(QueueError, match="shareBuf pool is 256 bytes of UB"):
        _run(body, 256, 512)
