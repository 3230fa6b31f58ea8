"""The Matmul object on the simulator against numpy: IterateAll, Iterate + GetTensorC,
transposed operands, bias, tails, int8, mix kernels (inferred from the object), and the
header constants `asc.property` reads."""

from __future__ import annotations

import numpy as np
import pytest
from jitkit import gtensor
from matmulkit import GM, ND, WORKSPACE, K, M, N, gm_matmul, operands, registered
from matmulkit import tiling as _tiling

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError


@asc.jit(matmul_cube_only=True)
def mm_all(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    bias: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
    trans_a: asc.ConstExpr[bool],
    trans_b: asc.ConstExpr[bool],
    with_bias: asc.ConstExpr[bool],
):
    a_g = gtensor(a)
    b_g = gtensor(b)
    c_g = gtensor(c)
    bias_g = gtensor(bias)
    pipe = asc.TPipe()
    matmul = asc.adv.Matmul(
        a=asc.adv.MatmulType(GM, ND, a_g.dtype, trans_a),
        b=asc.adv.MatmulType(GM, ND, b_g.dtype, trans_b),
        c=asc.adv.MatmulType(GM, ND, c_g.dtype),
        bias=asc.adv.MatmulType(GM, ND, bias_g.dtype),
    )
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.set_tensor_a(a_g, trans_a)
    matmul.set_tensor_b(b_g, trans_b)
    if with_bias:
        matmul.set_bias(bias_g)
    matmul.iterate_all(c_g)
    matmul.end()


@pytest.mark.parametrize(
    "trans_a, trans_b", [(False, False), (True, False), (False, True), (True, True)]
)
@pytest.mark.parametrize("with_bias", [False, True])
def test_iterate_all(trans_a, trans_b, with_bias):
    a, b = operands()
    bias = np.arange(N, dtype=np.float32) - 20
    c = np.full((M, N), -1, np.float32)
    a_in = np.ascontiguousarray(a.T) if trans_a else a  # stored K x M
    b_in = np.ascontiguousarray(b.T) if trans_b else b  # stored N x K
    tiling = _tiling(is_bias=int(with_bias))
    mm_all[1](a_in, b_in, c, bias, tiling, WORKSPACE, trans_a, trans_b, with_bias, sanitize="error")
    want = a.astype(np.float32) @ b.astype(np.float32) + (bias if with_bias else 0)
    np.testing.assert_array_equal(c, want)


def test_int8_into_int32():
    a, b = operands(np.int8, seed=1)
    a = (a * 30).astype(np.int8)  # products up to 14400: exact int32 sums
    c = np.zeros((M, N), np.int32)
    bias = np.zeros(N, np.int32)
    mm_all[1](a, b, c, bias, _tiling(), WORKSPACE, False, False, False)
    np.testing.assert_array_equal(c, a.astype(np.int64) @ b.astype(np.int64))


@asc.jit(matmul_cube_only=True)
def mm_blocks(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
    tail_m: int,
    tail_n: int,
):
    matmul, c_g = registered(a, b, c, tiling, workspace)
    matmul.set_tail(tail_m, tail_n)
    with matmul.iterate() as count:
        matmul.get_tensor_c(c_g)
    matmul.end()
    c_g.set_value(M * N, count)  # one past C: how many blocks Iterate gave


@pytest.mark.parametrize("order", [0, 1])
def test_iterate_blocks_with_a_tail(order):
    a, b = operands(seed=2)
    c = np.full(M * N + 1, -1, np.float32)
    tail_m, tail_n = 20, 40  # 2 x 2 blocks of 16 x 32, the last ones partial
    mm_blocks[1](a, b, c, _tiling(iterate_order=order), WORKSPACE, tail_m, tail_n)
    got = c[: M * N].reshape(M, N)
    want = a[:tail_m].astype(np.float32) @ b[:, :tail_n].astype(np.float32)
    np.testing.assert_array_equal(got[:tail_m, :tail_n], want)
    assert (got[tail_m:] == -1).all() and (got[:, tail_n:] == -1).all()
    assert c[-1] == 4


@asc.jit
def mm_mix(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    """Each AIV computes the columns of its block index, as pyasc's mix tutorial."""
    idx = asc.get_block_idx()
    half = tiling.single_core_n
    matmul, c_g = registered(a, b + idx * half, c + idx * half, tiling, workspace)
    matmul.iterate_all(c_g)
    matmul.end()


def test_a_vector_kernel_with_the_object_runs_as_mix():
    from asc_xdsl.runtime.simulator.cores import kernel_type_of

    a, b = operands(seed=3)
    c = np.zeros((M, N), np.float32)
    tiling = _tiling(used_core_num=2, single_core_n=N // 2)
    mm_mix[1](a, b, c, tiling, WORKSPACE)  # one block: two AIVs, one half each
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    assert kernel_type_of(mm_mix.compile(a, b, c, tiling, WORKSPACE)) == "mix"


@asc.jit(matmul_cube_only=True)
def mm_no_iterate(
    a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
):  # fmt: skip
    matmul, c_g = registered(a, b, c, tiling, workspace)
    matmul.get_tensor_c(c_g)


def test_get_tensor_c_before_iterate_is_an_error():
    a, b = operands()
    c = np.zeros((M, N), np.float32)
    with pytest.raises(SimulatorError, match="GetTensorC without a block"):
        mm_no_iterate[1](a, b, c, _tiling(), WORKSPACE)


def test_operand_past_its_array_is_an_error():
    a, b = operands()
    c = np.zeros((M, N), np.float32)
    with pytest.raises(Exception, match="Matmul reads A"):
        mm_all[1](
            a[: M // 2], b, c, np.zeros(N, np.float32), _tiling(), WORKSPACE, False, False, False
        )


@asc.jit
def header_constants(out: asc.GlobalAddress):
    g = gtensor(out)
    g.set_value(0, asc.property(asc.DEFAULT_C0_SIZE))
    g.set_value(1, asc.property(asc.TOTAL_L1_SIZE))
    g.set_value(2, asc.property(asc.TOTAL_L0C_SIZE))


def test_header_constants():
    out = np.zeros(8, np.int32)
    header_constants[1](out)
    assert out[:3].tolist() == [32, 512 * 1024, 128 * 1024]


@asc.jit(matmul_cube_only=True)
def mm_batch(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
    batch_a: asc.ConstExpr[int],
    batch_b: asc.ConstExpr[int],
):
    """IterateBatch of NORMAL-layout matrices; Init after a REGIST_MATMUL_OBJ without one."""
    a_g = gtensor(a)
    b_g = gtensor(b)
    c_g = gtensor(c)
    pipe = asc.TPipe()
    matmul = gm_matmul(a_g, b_g, c_g, (asc.LayoutMode.NORMAL,) * 3)
    asc.adv.register_matmul(pipe, workspace, matmul)
    matmul.init(tiling)
    matmul.set_tensor_a(a_g)
    matmul.set_tensor_b(b_g)
    matmul.iterate_batch(c_g, batch_a, batch_b, False)


@pytest.mark.parametrize("batch_a, batch_b", [(2, 2), (1, 3), (4, 2)])
def test_iterate_batch(batch_a, batch_b):
    rng = np.random.default_rng(4)
    a = rng.uniform(-5, 5, (batch_a, M, K)).astype(np.float32)
    b = rng.uniform(-5, 5, (batch_b, K, N)).astype(np.float32)
    batch = max(batch_a, batch_b)
    c = np.zeros((batch, M, N), np.float32)
    mm_batch[1](a, b, c, _tiling(), WORKSPACE, batch_a, batch_b)
    for i in range(batch):
        ia, ib = i // (batch // batch_a), i // (batch // batch_b)
        np.testing.assert_allclose(c[i], a[ia] @ b[ib], rtol=1e-5, atol=1e-4)
