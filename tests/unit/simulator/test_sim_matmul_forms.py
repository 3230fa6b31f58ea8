"""The Matmul object's further forms on the simulator against numpy: SetQuantScalar /
SetQuantVector (int8 into half), SetHF32, SetTensorA(scalar), GetTensorC into GM and a
local tensor together, the asynchronous IterateAll + WaitIterateAll, and the cube-only
IterateBatch with SetBatchNum."""

from __future__ import annotations

import numpy as np
import pytest
from jitkit import gtensor
from matmulkit import WORKSPACE, K, M, N, gm_matmul, operands, registered
from matmulkit import tiling as _tiling

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError


@asc.jit(matmul_cube_only=True)
def mm_quant(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    q: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
    word: asc.ConstExpr[int],
    per_column: asc.ConstExpr[bool],
    blocks: asc.ConstExpr[bool],
):
    matmul, c_g = registered(a, b, c, tiling, workspace)
    q_g = gtensor(q)
    if per_column:
        matmul.set_quant_vector(q_g)
    else:
        matmul.set_quant_scalar(word)
    if blocks:
        with matmul.iterate():
            matmul.get_tensor_c(c_g)
    else:
        matmul.iterate_all(c_g)
    matmul.end()


def _int8_operands(seed):
    rng = np.random.default_rng(seed)
    return rng.integers(-5, 5, (M, K), dtype=np.int8), rng.integers(-5, 5, (K, N), dtype=np.int8)


def _scale_word(scale: np.ndarray) -> np.ndarray:
    """The docs' word: the float's bits with the low 13 cleared (kept to 1, 8, 10)."""
    return (scale.astype(np.float32).view(np.uint32) & 0xFFFFE000).astype(np.uint64)


@pytest.mark.parametrize("blocks", [False, True])
def test_quant_vector_dequantises_each_column_into_half(blocks):
    """pyasc's test_matmul_quant: int8 x int8 -> half with one scale per column."""
    a, b = _int8_operands(1)
    scale = (np.random.default_rng(2).random(N, dtype=np.float32) - 0.5) * 10
    words = _scale_word(scale)
    c = np.zeros((M, N), np.float16)
    mm_quant[1](a, b, c, words, _tiling(), WORKSPACE, 0, True, blocks)
    kept = words.astype(np.uint32).view(np.float32).astype(np.float64)
    want = (a.astype(np.int64) @ b.astype(np.int64)) * kept
    np.testing.assert_array_equal(c, want.astype(np.float16))


def test_quant_scalar_with_an_offset_requantises_into_int8():
    """REQ8: x * scale + offset, rounded to even and saturated to int8."""
    a, b = _int8_operands(3)
    scale = np.float32(0.37)
    offset = -7
    word = int(_scale_word(np.array([scale]))[0]) | ((offset & 0x1FF) << 37) | (1 << 46)
    c = np.zeros((M, N), np.int8)
    mm_quant[1](a, b, c, np.zeros(N, np.uint64), _tiling(), WORKSPACE, word, False, False)
    kept = np.float64(np.array([word & 0xFFFFE000], np.uint32).view(np.float32)[0])
    want = np.clip(np.rint((a.astype(np.int64) @ b.astype(np.int64)) * kept + offset), -128, 127)
    np.testing.assert_array_equal(c, want.astype(np.int8))


@asc.jit(matmul_cube_only=True)
def mm_plain(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    matmul, c_g = registered(a, b, c, tiling, workspace)
    matmul.iterate_all(c_g)


def test_int8_into_half_without_a_quant_setting_is_an_error():
    a, b = _int8_operands(4)
    c = np.zeros((M, N), np.float16)
    with pytest.raises(SimulatorError, match="call SetQuantScalar or SetQuantVector"):
        mm_plain[1](a, b, c, _tiling(), WORKSPACE)


@asc.jit(matmul_cube_only=True)
def mm_hf32(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
    trans_mode: asc.ConstExpr[int],
):
    a_g = gtensor(a)
    b_g = gtensor(b)
    c_g = gtensor(c)
    pipe = asc.TPipe()
    matmul = gm_matmul(a_g, b_g, c_g)
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.set_hf32(True, trans_mode)
    matmul.set_tensor_a(a_g)
    matmul.set_tensor_b(b_g)
    matmul.iterate_all(c_g)


def _hf32(x: np.ndarray, ties_even: bool) -> np.ndarray:
    """12 significant bits (HF32's 11 stored): frexp's mantissa in units of 2^-12."""
    m, e = np.frexp(x.astype(np.float64))
    units = m * 4096.0
    # numpy rounds half to even; the other rule rounds ties toward zero
    units = np.round(units) if ties_even else np.sign(units) * np.ceil(np.abs(units) - 0.5)
    return np.ldexp(units / 4096.0, e).astype(np.float32)


@pytest.mark.parametrize(("trans_mode", "ties_even"), [(0, True), (1, False)])
def test_set_hf32_rounds_float_operands(trans_mode, ties_even):
    rng = np.random.default_rng(5)
    a = rng.standard_normal((M, K)).astype(np.float32)
    b = rng.standard_normal((K, N)).astype(np.float32)
    # exact ties at bit 11: the rounding mode decides them
    a[0, :8] = np.float32(1 + 2**-12 + 2**-11 * np.arange(8) % 2)
    c = np.zeros((M, N), np.float32)
    mm_hf32[1](a, b, c, _tiling(), WORKSPACE, trans_mode)
    want = _hf32(a, ties_even) @ _hf32(b, ties_even)
    np.testing.assert_allclose(c, want, rtol=1e-6, atol=1e-6)
    assert not np.allclose(c, a @ b, rtol=1e-6, atol=1e-6)


@asc.jit(matmul_cube_only=True)
def mm_scalar_a(
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    b_g = gtensor(b)
    c_g = gtensor(c)
    pipe = asc.TPipe()
    matmul = gm_matmul(b_g, b_g, c_g)
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.set_tensor_a(scalar=2.0)
    matmul.set_tensor_b(b_g)
    matmul.iterate_all(c_g, sync=False)
    matmul.wait_iterate_all()


def test_scalar_a_reduces_b_over_k_and_async_iterate_all_completes_by_the_wait():
    """SetTensorA(2): every row of C is twice B's column sums (the docs' reduce-sum use)."""
    b = np.random.default_rng(6).integers(-4, 5, (K, N)).astype(np.float16)
    c = np.zeros((1, N), np.float32)
    mm_scalar_a[1](b, c, _tiling(m=1, single_core_m=1), WORKSPACE)
    np.testing.assert_array_equal(c[0], 2 * b.astype(np.float32).sum(axis=0))


@asc.jit
def mm_two_targets(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    c_local: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    """A mix kernel: each AIV computes its half of C's columns, block by block, into GM
    and a UB copy, then copies the UB copy out (M x N/2 contiguous per AIV)."""
    idx = asc.get_block_idx()
    half = tiling.single_core_n
    a_g = gtensor(a)
    b_g = gtensor(b + idx * half)
    c_g = gtensor(c + idx * half)
    cl_g = gtensor(c_local + idx * M * half)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, M * N * 2)
    local = buf.get(asc.float32)
    matmul = gm_matmul(a_g, b_g, c_g)
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.set_tensor_a(a_g)
    matmul.set_tensor_b(b_g)
    with matmul.iterate():
        matmul.get_tensor_c(c_g, optional_tensor=local)
    matmul.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(cl_g, local, count=M * half)


def test_get_tensor_c_into_gm_and_a_local_tensor():
    a, b = operands(seed=7)
    c = np.zeros((M, N), np.float32)
    c_local = np.zeros((2, M, N // 2), np.float32)
    tiling = _tiling(used_core_num=2, single_core_n=N // 2, base_n=16)
    mm_two_targets[1](a, b, c, c_local, tiling, WORKSPACE)
    want = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_array_equal(c, want)
    np.testing.assert_array_equal(np.concatenate(list(c_local), axis=1), want)


@asc.jit(matmul_cube_only=True)
def mm_batch_cube(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
    batch_a: asc.ConstExpr[int],
    batch_b: asc.ConstExpr[int],
):
    matmul, c_g = registered(a, b, c, tiling, workspace, (asc.LayoutMode.NORMAL,) * 3)
    matmul.set_batch_num(batch_a, batch_b)
    matmul.iterate_batch(c_g, False, 0, False)


def test_cube_only_iterate_batch_takes_set_batch_num():
    rng = np.random.default_rng(8)
    a = rng.uniform(-5, 5, (1, M, K)).astype(np.float32)
    b = rng.uniform(-5, 5, (3, K, N)).astype(np.float32)
    c = np.zeros((3, M, N), np.float32)
    mm_batch_cube[1](a, b, c, _tiling(), WORKSPACE, 1, 3)
    for i in range(3):
        np.testing.assert_allclose(c[i], a[0] @ b[i], rtol=1e-5, atol=1e-4)


SINGLE = dict(m=16, n=32, k_a=16, k_b=16, single_core_m=16, single_core_n=32, single_core_k=16)


@asc.jit(matmul_cube_only=True)
def mm_partial(
    a0: asc.GlobalAddress,
    b0: asc.GlobalAddress,
    a1: asc.GlobalAddress,
    b1: asc.GlobalAddress,
    c: asc.GlobalAddress,
    c_l0c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    """Two products summed in CO1: Iterate(), then Iterate(enPartialSum=true) on new
    operands; the second round also into a CO1 tensor of ours, moved out by Fixpipe."""
    a0_g = gtensor(a0)
    b0_g = gtensor(b0)
    a1_g = gtensor(a1)
    b1_g = gtensor(b1)
    c_g = gtensor(c)
    l0c_g = gtensor(c_l0c)
    pipe = asc.TPipe()
    co1 = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=16 * 32)
    matmul = gm_matmul(a0_g, b0_g, c_g)
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.set_tensor_a(a0_g)
    matmul.set_tensor_b(b0_g)
    with matmul.iterate(False, True, co1):
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    matmul.set_tensor_a(a1_g)
    matmul.set_tensor_b(b1_g)
    with matmul.iterate(True, True, co1):
        matmul.get_tensor_c(c_g)
    matmul.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fixpipe(l0c_g, co1, asc.FixpipeParamsV220(32, 16, 16, 32))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_partial_sums_accumulate_in_co1_and_a_user_co1_holds_them():
    rng = np.random.default_rng(9)
    a0, a1 = (rng.integers(-4, 5, (16, 16)).astype(np.float16) for _ in range(2))
    b0, b1 = (rng.integers(-4, 5, (16, 32)).astype(np.float16) for _ in range(2))
    c = np.zeros((16, 32), np.float32)
    c_l0c = np.zeros((16, 32), np.float32)
    mm_partial[1](a0, b0, a1, b1, c, c_l0c, _tiling(**SINGLE), WORKSPACE)
    f = np.float32
    want = a0.astype(f) @ b0.astype(f) + a1.astype(f) @ b1.astype(f)
    np.testing.assert_array_equal(c, want)
    np.testing.assert_array_equal(c_l0c, want)


@asc.jit(matmul_cube_only=True)
def mm_partial_blocks(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    matmul, c_g = registered(a, b, c, tiling, workspace)
    with matmul.iterate(True):
        matmul.get_tensor_c(c_g)


def test_partial_sums_over_several_blocks_are_an_error():
    a = np.zeros((M, K), np.float16)
    b = np.zeros((K, N), np.float16)
    with pytest.raises(SimulatorError, match="enPartialSum=true\\) needs singleCoreM == baseM"):
        mm_partial_blocks[1](a, b, np.zeros((M, N), np.float32), _tiling(), WORKSPACE)


@asc.jit(matmul_cube_only=True)
def mm_all_atomic(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
):
    matmul, c_g = registered(a, b, c, tiling, workspace)
    matmul.iterate_all(c_g, 1)  # enAtomic 1: add into C
    matmul.iterate_all(c_g, 2)  # 2: the maximum with C (C already holds more)


def test_iterate_all_into_gm_adds_and_takes_the_maximum_with_en_atomic():
    a, b = operands(seed=10)
    c = np.full((M, N), 100, np.float32)
    mm_all_atomic[1](a, b, c, _tiling(), WORKSPACE)
    prod = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_array_equal(c, np.maximum(100 + prod, prod))
