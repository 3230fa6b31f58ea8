"""Mix kernels and cross-core synchronisation on the simulator: one AIC and two AIVs per
block, GetBlockIdx/GetSubBlockIdx/GetSubBlockNum, CrossCoreSetFlag/WaitFlag in modes 0,
1 and 2, SyncAll, deadlocks named at the waiting ops, ops that run on one side only."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.cores import DeadlockError


@asc.jit(kernel_type="mix")
def ids_kernel(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    idx = asc.get_block_idx()
    if asc.ascend_is_aic():
        x_gm.set_value(100 + idx, 1000 + idx * 10 + asc.get_sub_block_num())
    else:
        x_gm.set_value(idx, 2000 + idx * 10 + asc.get_sub_block_idx() + asc.get_sub_block_num())


def test_mix_layout_ids():
    x = np.zeros(200, np.int32)
    ids_kernel[3](x)
    # AIVs: GetBlockIdx = 2b + sub, GetSubBlockNum 2; AIC: GetBlockIdx = b, SubBlockNum 1
    assert x[:6].tolist() == [2000 + i * 10 + i % 2 + 2 for i in range(6)]
    assert x[100:103].tolist() == [1000 + b * 10 + 1 for b in range(3)]
    assert (x[6:100] == 0).all() and (x[103:] == 0).all()


@asc.jit(kernel_type="mix")
def handshake_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    if asc.ascend_is_aic():
        b = asc.get_block_idx()
        # the AIC runs first, waits for both AIVs of its block (mode 2) ...
        asc.cross_core_wait_flag(5, mode_id=2, pipe=asc.PipeID.PIPE_MTE3)
        y_gm.set_value(b, x_gm.get_value(2 * b) + x_gm.get_value(2 * b + 1))
        # ... then releases them (from the scalar pipe, which wrote y)
        asc.cross_core_set_flag(6, mode_id=2, pipe=asc.PipeID.PIPE_S)
    else:
        i = asc.get_block_idx()
        x_gm.set_value(i, (i + 1) * 3)
        asc.cross_core_set_flag(5, mode_id=2, pipe=asc.PipeID.PIPE_MTE3)
        asc.cross_core_wait_flag(6, mode_id=2, pipe=asc.PipeID.PIPE_S)
        y_gm.set_value(16 + i, y_gm.get_value(i // 2))


def test_mode2_handshake_orders_the_cores():
    x = np.zeros(8, np.int32)
    y = np.zeros(32, np.int32)
    handshake_kernel[4](x, y)
    sums = [(2 * b + 1) * 3 + (2 * b + 2) * 3 for b in range(4)]
    assert y[:4].tolist() == sums
    assert y[16:24].tolist() == [sums[i // 2] for i in range(8)]


@asc.jit(kernel_type="mix")
def deadlock_kernel(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    if asc.ascend_is_aiv():
        asc.cross_core_wait_flag(2, mode_id=2, pipe=asc.PipeID.PIPE_V)
        x_gm.set_value(0, 1)


def test_deadlock_names_the_waiting_cores():
    x = np.zeros(8, np.int32)
    with pytest.raises(DeadlockError) as info:
        deadlock_kernel[1](x)
    msg = str(info.value)
    assert (
        "AIV of block 0.0: ascendc.cross_core_wait_flag (CrossCoreWaitFlag) waits for "
        "cross-core flag 2" in msg
    )
    assert "AIV of block 0.1" in msg
    assert "test_sim_mix.py" in msg and (x == 0).all()


@asc.jit
def sync_all_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    b = asc.get_block_idx()
    n = asc.get_block_num()
    x_gm.set_value(b, b * b + 1)
    asc.sync_all()
    y_gm.set_value(b, x_gm.get_value((b + 1) % n))


@pytest.mark.parametrize("order", ["ascending", "descending", "random"])
def test_sync_all_is_a_barrier_of_all_blocks(order):
    x = np.zeros(5, np.int32)
    y = np.zeros(5, np.int32)
    sync_all_kernel[5](x, y, block_order=order)
    assert y.tolist() == [((b + 1) % 5) ** 2 + 1 for b in range(5)]


@asc.jit(kernel_type="mix")
def aiv_pair_kernel(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    if asc.ascend_is_aiv():
        i = asc.get_block_idx()
        s = asc.get_sub_block_idx()
        x_gm.set_value(i, i + 1)
        asc.cross_core_set_flag(1, mode_id=1, pipe=asc.PipeID.PIPE_MTE3)  # both AIVs of a block
        asc.cross_core_wait_flag(1, mode_id=1, pipe=asc.PipeID.PIPE_MTE3)
        x_gm.set_value(8 + i, x_gm.get_value(i + 1 - 2 * s))  # the partner's value
        asc.cross_core_set_flag(4, mode_id=0, pipe=asc.PipeID.PIPE_MTE3)  # every AIV
        asc.cross_core_wait_flag(4, mode_id=0, pipe=asc.PipeID.PIPE_MTE3)
        x_gm.set_value(16 + i, x_gm.get_value(8 + (i + 2) % 4))


def test_mode1_pairs_and_mode0_all_aivs():
    x = np.zeros(24, np.int32)
    aiv_pair_kernel[2](x)
    assert x[:4].tolist() == [1, 2, 3, 4]
    assert x[8:12].tolist() == [2, 1, 4, 3]
    assert x[16:20].tolist() == [x[8 + (i + 2) % 4] for i in range(4)]


@asc.jit(kernel_type="mix")
def sides_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    # no ASCEND_IS_AIV guard: the UB copies and the vector op do nothing on the AIC
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 64)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, count=8)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adds(t, t, 1.0, count=8)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm[asc.get_block_idx() * 8 :], t, count=8)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_vector_ops_run_on_the_aivs_only():
    x = np.arange(8, dtype=np.float32)
    y = np.full(40, -1, np.float32)
    sides_kernel[2](x, y)
    # 4 AIVs (GetBlockIdx 0..3) write; the AICs (GetBlockIdx 0, 1) would have written
    # x unchanged over blocks 0 and 1 if their copies ran
    assert (y[:32].reshape(4, 8) == x + 1).all()
    assert (y[32:] == -1).all()
