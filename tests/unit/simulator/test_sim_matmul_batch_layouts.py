"""IterateBatch of the BSNGD / SBNGD / BNGS1S2 layouts on the simulator against numpy:
where the library reads each A and B batch and writes each C batch, the one-axis
broadcast and the G reduction (batch_copy_cube_in.h, batch_scheduler_base.h)."""

from __future__ import annotations

import numpy as np
import pytest
from matmulkit import WORKSPACE, registered

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError

M, N, K = 16, 32, 16
L = asc.LayoutMode


def _tiling(a=(1, 1, 1), b=(1, 1, 1), c=(1, 1, 1)) -> asc.adv.TCubeTiling:
    """a, b, c: the (B, N, G) of A, B and C; S and D follow from M, N, K."""
    return asc.adv.TCubeTiling(
        used_core_num=1, m=M, n=N, k_a=K, k_b=K, single_core_m=M, single_core_n=N,
        single_core_k=K, base_m=16, base_n=32, base_k=16, is_bias=0, iterate_order=0,
        a_layout_info_b=a[0], a_layout_info_s=M, a_layout_info_n=a[1], a_layout_info_g=a[2],
        a_layout_info_d=K, b_layout_info_b=b[0], b_layout_info_s=K, b_layout_info_n=b[1],
        b_layout_info_g=b[2], b_layout_info_d=N, c_layout_info_b=c[0], c_layout_info_s1=M,
        c_layout_info_n=c[1], c_layout_info_g=c[2], c_layout_info_s2=N,
    )  # fmt: skip


@asc.jit(matmul_cube_only=True)
def mm_layout(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
    batch_a: asc.ConstExpr[int],
    batch_b: asc.ConstExpr[int],
    in_layout: asc.ConstExpr[int],
    out_layout: asc.ConstExpr[int],
):
    layouts = (L(in_layout), L(in_layout), L(out_layout))
    matmul, c_g = registered(a, b, c, tiling, workspace, layouts)
    matmul.iterate_batch(c_g, batch_a, batch_b, False)


def _rand(shape, seed):
    return np.random.default_rng(seed).integers(-4, 5, shape).astype(np.float16)


def _mm(x, y):
    return x.astype(np.float32) @ y.astype(np.float32)


# (A's, B's and C's (B, N, G); A's and B's batches; seeds; the layouts; C's shape; the
# axis of C its batches run along)
PER_BATCH = {
    # A [1, S=M, N=2, G=2, D=K], B [1, K, 2, 2, N]: batch i is column block i of a row;
    # C [1, 2, 2, M, N]: contiguous M x N matrices
    "bsngd_inputs_into_bngs1s2": (
        ((1, 2, 2),) * 3,
        (4, 4),
        (1, 2),
        (L.BSNGD, L.BNGS1S2),
        (4, M, N),
        0,
    ),
    # A [S=M, B=2, N=1, G=2, D=K] (4 batches along a row), C [M, 2, 1, 2, N] likewise
    "sbngd_inputs_and_output_with_a_b_axis": (
        ((2, 1, 2),) * 3,
        (4, 4),
        (3, 4),
        (L.SBNGD, L.SBNGD),
        (M, 4, N),
        1,
    ),
    "bsngd_output_writes_along_its_rows": (
        ((1, 1, 2),) * 3,
        (2, 2),
        (5, 6),
        (L.BSNGD, L.BSNGD),
        (M, 2, N),
        1,
    ),
    # A's G is 1, B's 2: both batches use A's one matrix
    "a_broadcast_along_g": (
        ((1, 1, 1), (1, 1, 2), (1, 1, 2)),
        (1, 2),
        (7, 8),
        (L.BSNGD, L.BNGS1S2),
        (2, M, N),
        0,
    ),
}


@pytest.mark.parametrize(
    "bng, batches, seeds, layouts, c_shape, axis", PER_BATCH.values(), ids=PER_BATCH.keys()
)
def test_each_batch_of_c_is_its_a_and_b_product(bng, batches, seeds, layouts, c_shape, axis):
    (na, nb), (sa, sb) = batches, seeds
    a, b = _rand((M, na, K), sa), _rand((K, nb, N), sb)
    c = np.zeros(c_shape, np.float32)
    mm_layout[1](a, b, c, _tiling(*bng), WORKSPACE, na, nb, int(layouts[0]), int(layouts[1]))
    for i in range(nb):
        np.testing.assert_array_equal(np.take(c, i, axis), _mm(a[:, i % na], b[:, i]))


def test_c_with_g_1_sums_the_g_batches():
    """C's G is 1, A's and B's 2: the library adds both products into C (atomically)."""
    a, b = _rand((M, 2, K), 9), _rand((K, 2, N), 10)
    c = np.zeros((1, M, N), np.float32)
    tiling = _tiling((1, 1, 2), (1, 1, 2), (1, 1, 1))
    mm_layout[1](a, b, c, tiling, WORKSPACE, 2, 2, int(L.BSNGD), int(L.BNGS1S2))
    np.testing.assert_array_equal(c[0], _mm(a[:, 0], b[:, 0]) + _mm(a[:, 1], b[:, 1]))


def test_bsngd_batches_beyond_one_row_are_an_error():
    a, b = _rand((2, M, 2, K), 11), _rand((2, K, 2, N), 12)
    c = np.zeros((4, M, N), np.float32)
    tiling = _tiling((2, 1, 2), (2, 1, 2), (2, 1, 2))
    with pytest.raises(SimulatorError, match="span more than one row of S"):
        mm_layout[1](a, b, c, tiling, WORKSPACE, 4, 4, int(L.BSNGD), int(L.BNGS1S2))


@asc.jit(matmul_cube_only=True)
def mm_mixed(
    a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
):  # fmt: skip
    matmul, c_g = registered(a, b, c, tiling, workspace, (L.BSNGD, L.SBNGD, L.BNGS1S2))
    matmul.iterate_batch(c_g, 2, 2, False)


def test_different_a_and_b_layouts_are_invalid():
    a, b = _rand((M, 2, K), 13), _rand((K, 2, N), 14)
    c = np.zeros((2, M, N), np.float32)
    with pytest.raises(SimulatorError, match="A's layout BSNGD and B's SBNGD must be the same"):
        mm_mixed[1](a, b, c, _tiling(), WORKSPACE)
