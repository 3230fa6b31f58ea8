"""GatherMask (built-in and tensor patterns, normal and counter mode), atomic add/max/
min of DMA writes to GM, and the cache ops, on the simulator against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.errors import GmAccessError
from asc_xdsl.runtime.simulator.sanitizer import SanitizerWarning

N = 256


@asc.jit
def gather_builtin_kernel(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    cnt: asc.GlobalAddress,
    pattern: int,
    reduce: int,
    mask: int,
    reps: int,
):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    c_gm.set_global_buffer(cnt)
    pipe = asc.TPipe()
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    b2 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b1, N * 4)
    pipe.init_buffer(b2, N * 4)
    src = b1.get(asc.float32)
    dst = b2.get(asc.float32)
    asc.data_copy(src, x_gm, count=N)
    asc.data_copy(dst, y_gm, count=N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    params = asc.GatherMaskParams(1, reps, 8, 0)
    n = asc.gather_mask(dst, src, pattern, reduce != 0, mask, params, asc.GatherMaskMode.DEFAULT)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    c_gm.set_value(0, n)
    c_gm.set_value(1, asc.get_gather_mask_remain_count())
    asc.data_copy(y_gm, dst, count=N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@pytest.mark.parametrize("pattern", range(1, 8))
def test_gather_mask_builtin_normal_mode(pattern):
    x = np.arange(N, dtype=np.float32)
    y = np.full(N, -1, np.float32)
    cnt = np.zeros(2, np.int64)
    gather_builtin_kernel[1](x, y, cnt, pattern, 0, 0, 2)
    period, offset = {1: (2, 0), 2: (2, 1), 3: (4, 0), 4: (4, 1), 5: (4, 2), 6: (4, 3), 7: (1, 0)}[
        pattern
    ]
    want = x[:128][np.arange(128) % period == offset]
    assert cnt.tolist() == [want.size, want.size]
    np.testing.assert_array_equal(y[: want.size], want)
    assert (y[want.size :] == -1).all()


def test_gather_mask_counter_mode_takes_mask_elements_per_repeat():
    x = np.arange(N, dtype=np.float32)
    y = np.full(N, -1, np.float32)
    cnt = np.zeros(2, np.int64)
    gather_builtin_kernel[1](x, y, cnt, 2, 1, 10, 3)  # odd elements of 10 per repeat
    want = np.concatenate([x[r * 64 : r * 64 + 10][1::2] for r in range(3)])
    assert cnt[0] == want.size == 15
    np.testing.assert_array_equal(y[:15], want)


@asc.jit
def gather_tensor_kernel(x: asc.GlobalAddress, p: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    p_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    p_gm.set_global_buffer(p)
    y_gm.set_global_buffer(y)
    pipe = asc.TPipe()
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    b2 = asc.TBuf(asc.TPosition.VECCALC)
    b3 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b1, N * 2)
    pipe.init_buffer(b2, N * 2)
    pipe.init_buffer(b3, 64)
    src = b1.get(asc.float16)
    dst = b2.get(asc.float16)
    pat = b3.get(asc.uint16)
    asc.data_copy(src, x_gm, count=N)
    asc.data_copy(dst, y_gm, count=N)
    asc.data_copy(pat, p_gm, count=32)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    params = asc.GatherMaskParams(1, 2, 8, 1)  # repeat 2 reads its bits 32 B later
    asc.gather_mask(dst, src, pat, False, 0, params, asc.GatherMaskMode.DEFAULT)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, dst, count=N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_gather_mask_tensor_pattern():
    rng = np.random.default_rng(3)
    x = np.arange(N).astype(np.float16)
    p = rng.integers(0, 1 << 16, 32).astype(np.uint16)
    y = np.zeros(N, np.float16)
    gather_tensor_kernel[1](x, p, y)
    bits = np.unpackbits(p.view(np.uint8), bitorder="little")
    keep0 = bits[:128].astype(bool)
    keep1 = bits[256 : 256 + 128].astype(bool)  # 32 B = 256 bits later
    want = np.concatenate([x[:128][keep0], x[128:256][keep1]])
    np.testing.assert_array_equal(y[: want.size], want)


@asc.jit
def atomic_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, mode: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, 64 * 4)
    t = b.get(asc.float32)
    asc.data_copy(t, x_gm[asc.get_block_idx() * 64 :], count=64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if mode == 0:
        asc.set_atomic_add(asc.float32)
    elif mode == 1:
        asc.set_atomic_max(asc.float32)
    else:
        asc.set_atomic_min(asc.float32)
    asc.data_copy(y_gm, t, count=64)
    asc.set_atomic_none()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm[64:], t, count=64)  # not atomic: the last block's values stay
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@pytest.mark.parametrize("mode,fold", [(0, np.sum), (1, np.max), (2, np.min)])
def test_atomic_accumulation_into_gm(mode, fold):
    rng = np.random.default_rng(mode)
    x = rng.standard_normal((4, 64)).astype(np.float32)
    y = np.zeros(128, np.float32)
    y[:64] = 0.5
    # the last, plain store of every block to y[64:] is a race on purpose (the last
    # block's values stay on the simulator); the atomic ones are not
    with pytest.warns(SanitizerWarning, match=r"cross-core write-after-write race") as caught:
        atomic_kernel[4](x, y, mode, sanitize="warn")
    assert len(caught) == 1 and "bytes [256, 512)" in str(caught[0].message)
    start = np.full(64, 0.5, np.float32)
    want = fold(np.vstack([start, x]), axis=0)
    if mode == 0:  # in block order, rounding once per add
        want = start.copy()
        for b in range(4):
            want = (want + x[b]).astype(np.float32)
        np.testing.assert_array_equal(y[:64], want)
    else:
        np.testing.assert_array_equal(y[:64], want)
    np.testing.assert_array_equal(y[64:], x[3])


@asc.jit
def cache_kernel(x: asc.GlobalAddress, off: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    asc.data_cache_preload(x_gm, off)
    asc.data_cache_clean_and_invalid(
        asc.CacheLine.SINGLE_CACHE_LINE, asc.DcciDst.CACHELINE_OUT, x_gm
    )
    asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, x_gm)
    asc.icache_preload(2)
    x_gm.set_value(0, asc.get_icache_preload_status() + 5)


def test_cache_ops_change_nothing_but_check_addresses():
    x = np.zeros(16, np.uint64)
    cache_kernel[1](x, 64)
    assert x.tolist() == [5] + [0] * 15
    with pytest.raises(GmAccessError, match="DataCachePreload at byte offset 4096"):
        cache_kernel[1](x, 4096)
