"""Sort (per 32 and full), MrgSort of 2-4 queues (with exhausted suspension) and
GetMrgSortResult on the simulator, from @asc.jit kernels, against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc

N = 128


@asc.jit
def sort_merge_kernel(
    x: asc.GlobalAddress,
    idx: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    r: asc.GlobalAddress,
    valid: int,
    c3: int,
):
    x_gm = asc.GlobalTensor()
    i_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    r_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    i_gm.set_global_buffer(idx)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    r_gm.set_global_buffer(r)
    pipe = asc.TPipe()
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    b2 = asc.TBuf(asc.TPosition.VECCALC)
    b3 = asc.TBuf(asc.TPosition.VECCALC)
    b4 = asc.TBuf(asc.TPosition.VECCALC)
    b5 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b1, N * 4)
    pipe.init_buffer(b2, N * 4)
    pipe.init_buffer(b3, N * 8)
    pipe.init_buffer(b4, N * 8)
    pipe.init_buffer(b5, N * 8)
    scores = b1.get(asc.float32)
    index = b2.get(asc.uint32)
    runs = b3.get(asc.float32)
    merged = b4.get(asc.float32)
    tmp = b5.get(asc.float32)
    asc.data_copy(scores, x_gm, count=N)
    asc.data_copy(index, i_gm, count=N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.sort(runs, scores, index, tmp, 4, is_full_sort=False)  # 4 runs of 32 pairs
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    lst = asc.MrgSortSrcList(asc.float32, runs, runs[64:], runs[128:], runs[192:])
    asc.mrg_sort(merged, lst, [32, 32, c3, 32], [0, 0, 0, 0], valid_bit=valid, repeat_time=1)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, merged, count=2 * N)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)  # the sort overwrites what the copy reads
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.sort(merged, scores, index, tmp, 4, is_full_sort=True)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, merged, count=2 * N)
    a, b, c, d = asc.get_mrg_sort_result()
    r_gm.set_value(0, a)
    r_gm.set_value(1, b)
    r_gm.set_value(2, c)
    r_gm.set_value(3, d)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def _unpack(out: np.ndarray):
    pairs = out.view(np.uint8).reshape(-1, 8)
    return pairs[:, :4].copy().view(np.float32).reshape(-1), pairs[:, 4:].copy().view(
        np.uint32
    ).reshape(-1)


@pytest.mark.parametrize("valid,queues", [(0b1111, 4), (0b111, 3), (0b11, 2)])
def test_sort_runs_then_merge(valid, queues):
    rng = np.random.default_rng(valid)
    x = rng.integers(-30, 30, N).astype(np.float32)  # ties: merge order decides
    idx = np.arange(N, dtype=np.uint32) + 1000
    y = np.zeros(2 * N, np.float32)
    z = np.zeros(2 * N, np.float32)
    r = np.zeros(4, np.uint16)
    sort_merge_kernel[1](x, idx, y, z, r, valid, 32)
    keys = []
    for q in range(queues):  # sorted runs, then merged: lower queue first on ties
        run = sorted(range(q * 32, q * 32 + 32), key=lambda i: -x[i])
        keys += [(-x[i], q, k, i) for k, i in enumerate(run)]
    keys.sort()
    order = [k[3] for k in keys]
    s, i = _unpack(y[: 2 * 32 * queues])
    np.testing.assert_array_equal(s, x[order])
    np.testing.assert_array_equal(i, idx[order])
    zs, zi = _unpack(z)  # the full sort: stable descending
    full = np.argsort(-x, kind="stable")
    np.testing.assert_array_equal(zs, x[full])
    np.testing.assert_array_equal(zi, idx[full])
    assert r.tolist() == [32] * queues + [0] * (4 - queues)


@asc.jit
def suspend_kernel(x: asc.GlobalAddress, r: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    r_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    r_gm.set_global_buffer(r)
    pipe = asc.TPipe()
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    b2 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b1, 64 * 8)
    pipe.init_buffer(b2, 64 * 8)
    src = b1.get(asc.float32)
    dst = b2.get(asc.float32)
    asc.data_copy(src, x_gm, count=128)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    lst = asc.MrgSortSrcList(asc.float32, src, src[64:], src, src)
    asc.mrg_sort(
        dst,
        lst,
        [32, 32, 0, 0],
        [0, 0, 0, 0],
        valid_bit=3,
        repeat_time=1,
        is_exhausted_suspension=True,
    )
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    a, b, c, d = asc.get_mrg_sort_result()
    r_gm.set_value(0, a)
    r_gm.set_value(1, b)
    r_gm.set_value(2, c)
    r_gm.set_value(3, d)


def test_exhausted_suspension_stops_at_the_first_empty_queue():
    # queue 0 holds the 32 largest scores: it runs out first, queue 1 gave nothing yet
    pairs = np.zeros((64, 2), np.float32)
    pairs[:32, 0] = np.arange(100, 68, -1)
    pairs[32:, 0] = np.arange(32, 0, -1)
    pairs[:, 1] = np.arange(64, dtype=np.uint32).view(np.float32)
    r = np.zeros(4, np.uint16)
    suspend_kernel[1](pairs.reshape(-1), r)
    assert r.tolist() == [32, 0, 0, 0]
