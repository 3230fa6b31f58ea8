"""SoftMax / SimpleSoftMax of the NZ format (isDataFormatNZ) on the simulator against
numpy: the [m, k] matrix stored as k / 16 column blocks of m rows x 16 elements."""

from __future__ import annotations

import numpy as np
import pytest
import simkit
from softmaxkit import shape_info_and_tiling

from asc_xdsl.runtime.simulator import SimulatorError

M, K = 8, 64
F32, F16 = np.float32, np.float16
TYPES = [(F32, F32), (F16, F32), (F16, F16)]  # (src/dst, sum/max)


def to_nz(a: np.ndarray) -> np.ndarray:
    m, k = a.shape
    return a.reshape(m, k // 16, 16).transpose(1, 0, 2).reshape(-1)


def from_nz(flat: np.ndarray, m: int, k: int) -> np.ndarray:
    return flat[: m * k].reshape(k // 16, m, 16).transpose(1, 0, 2).reshape(m, k)


def _body(kind: str, k: int, valid: int) -> str:
    """%b0 src, %b1 dst, %b2 sum, %b3 max (in and out, so untouched bytes show)."""
    types = "{lt0}, {lt2}, {lt2}, {lt0}, !ascendc.softmax_tiling, !ascendc.softmax_shape_info"
    return (
        shape_info_and_tiling(M, k, valid)
        + f"""ascendc.{kind} %b1, %b2, %b3, %b0, %tiling, %info {{dataFormatNZ, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 1>}} : {types}
"""
    )


def _run(kind, x, dst, sums, maxes, k=K, valid=K):
    dtypes = [x.dtype, dst.dtype, sums.dtype, sums.dtype]
    kern = simkit.inout_kernel(_body(kind, k, valid), dtypes)
    bufs = []
    for a in (x, dst, sums, maxes):
        b = np.zeros(4096 // a.dtype.itemsize, a.dtype)
        b[: a.size] = a.reshape(-1)
        bufs.append(b)
    kern[1](*bufs, sanitize="error")
    return bufs


def _stats(stat, block: int = 0):
    block = block or 32 // np.dtype(stat).itemsize
    return np.zeros(M * block, stat), np.zeros(M * block, stat)


def _tol(dtype) -> dict:
    return {"rtol": 1e-6} if dtype == F32 else {"rtol": 2e-3, "atol": 1e-4}


def _ref(x: np.ndarray, cols):
    """softmax of each row, max and sum over the columns `cols`."""
    x = x.astype(np.float64)
    mx = x[:, cols].max(axis=1)
    ex = np.exp(x - mx[:, None])
    sm = ex[:, cols].sum(axis=1)
    return ex / sm[:, None], sm, mx


def _blocks(a: np.ndarray, block: int) -> np.ndarray:
    return a[: M * block].reshape(M, block)


@pytest.mark.parametrize(("dtype", "stat"), TYPES)
def test_softmax_nz_reduces_over_the_rows_of_every_column_block(dtype, stat):
    x = (np.random.default_rng(3).standard_normal((M, K)) * 3).astype(dtype)
    block = 32 // np.dtype(stat).itemsize
    src, dst, s, mx = _run("softmax", to_nz(x), np.full(M * K, 7, dtype), *_stats(stat))
    want, sums, maxes = _ref(x, slice(None))
    np.testing.assert_allclose(from_nz(dst, M, K), want, **_tol(dtype))
    np.testing.assert_array_equal(src[: M * K], to_nz(x))
    np.testing.assert_allclose(_blocks(s, block), np.repeat(sums[:, None], block, 1), **_tol(stat))
    want_max = np.repeat(maxes[:, None], block, 1).astype(stat)
    np.testing.assert_array_equal(_blocks(mx, block), want_max)


@pytest.mark.parametrize("dtype", [F32, F16])
def test_softmax_nz_masks_the_last_column_block_only(dtype):
    """oriSrcK 50 of 64: the last block's first 2 columns are valid (50 % 16); its other
    14 are neither reduced nor computed: a float dst keeps them, a half dst gets src's."""
    valid = 50
    x = (np.random.default_rng(4).random((M, K)) * 4).astype(dtype)
    x[:, valid:] = 60  # would dominate the max and the sum if reduced
    sentinel = np.full(M * K, -3, dtype)
    _, dst, s, mx = _run("softmax", to_nz(x), sentinel, *_stats(F32), valid=valid)
    want, sums, maxes = _ref(x, slice(0, valid))
    z = from_nz(dst, M, K)
    np.testing.assert_allclose(z[:, :valid], want[:, :valid], **_tol(dtype))
    np.testing.assert_allclose(_blocks(s, 8)[:, 5], sums, rtol=1e-6)
    np.testing.assert_array_equal(_blocks(mx, 8)[:, 0], maxes.astype(F32))
    pad = x[:, valid:] if dtype == F16 else np.full((M, K - valid), -3, dtype)
    np.testing.assert_array_equal(z[:, valid:], pad)


def test_softmax_nz_reduces_whole_padded_blocks_before_the_last():
    """oriSrcK 40 of 64: the library masks only the last block (40 % 16 = 8 columns
    valid there), so columns 40..47 of the third block take part."""
    x = np.random.default_rng(5).random((M, K)).astype(F32)
    _, dst, s, _ = _run("softmax", to_nz(x), np.zeros(M * K, F32), *_stats(F32), valid=40)
    want, sums, _ = _ref(x, slice(0, 56))
    np.testing.assert_allclose(_blocks(s, 8)[:, 0], sums, rtol=1e-6)
    np.testing.assert_allclose(from_nz(dst, M, K)[:, :56], want[:, :56], rtol=1e-6)


@pytest.mark.parametrize(("dtype", "stat"), TYPES)
def test_simple_softmax_nz_reads_the_per_column_element_of_each_block(dtype, stat):
    x = (np.random.default_rng(6).random((M, K)) * 3).astype(dtype)
    block = 32 // np.dtype(stat).itemsize
    rng = np.random.default_rng(7)
    # distinct values per block element show which one each column reads
    maxes = (rng.random((M, block)) + 2).astype(stat)
    sums = (rng.random((M, block)) * 10 + 1).astype(stat)
    out = np.zeros(M * K, dtype)
    _, dst, _, _ = _run("simple_softmax", to_nz(x), out, sums.reshape(-1), maxes.reshape(-1))
    pick = (np.arange(K) % 16) % block
    ex = np.exp(x.astype(np.float64) - maxes[:, pick].astype(np.float64))
    np.testing.assert_allclose(from_nz(dst, M, K), ex / sums[:, pick], **_tol(dtype))


def test_softmax_nz_needs_whole_column_blocks():
    x = np.zeros((M, 24), F32)
    msg = r"SoftMax \(NZ\): srcK 24 is not a multiple of the 16-column NZ block"
    with pytest.raises(SimulatorError, match=msg):
        _run("softmax", x, np.zeros(M * 24, F32), *_stats(F32), k=24, valid=24)
