"""Ascend 950 cube forms closed for issue 30 (docs/ascend950.md): LoadData with
LoadData2DParamsV2 and ifTranspose for 8- and 32-bit elements. asc-devkit's
load_data_2dv2_l12l0 sample (examples/01_simd_cpp_api/03_basic_api/03_matrix_compute)
ported as a user writes it: its transposed scenarios 2 (int8, one call, a dirty m
fractal computed and not copied out), 6 (float) and 7 (int8, a loop of calls), on the
simulator against its gen_data golden (A @ B) with its tolerance."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc

A950 = "Ascend950PR_9599"
M, N, K = 40, 50, 70  # the sample's shape


def _align(x: int, a: int) -> int:
    return (x + a - 1) // a * a


def _cdiv(x: int, a: int) -> int:
    return (x + a - 1) // a


@asc.jit(kernel_type="cube", soc_version=A950)
def load2dv2_t(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
               t: asc.ConstExpr, u: asc.ConstExpr, ka1: asc.ConstExpr, ma1: asc.ConstExpr,
               kb1: asc.ConstExpr, nb1: asc.ConstExpr, ma0: asc.ConstExpr, c0: asc.ConstExpr,
               nb0: asc.ConstExpr, m_mmad: asc.ConstExpr, loops: asc.ConstExpr,
               a2n: asc.ConstExpr, b2n: asc.ConstExpr, cn: asc.ConstExpr,
               l0c_m: asc.ConstExpr):  # fmt: skip
    """The sample's KernelMmad<T, U, 40, 50, 70, true, false>: A [k, m] and B [k, n] to L1
    as Nz, both loaded into L0 transposed; `loops` > 0 (scenario 7): A in that many calls
    of 2 source fractals each."""
    ag, bg, cg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(t, asc.TPosition.A1, 0, ka1 * ma1)
    b1 = asc.LocalTensor(t, asc.TPosition.B1, 128 * 1024, kb1 * nb1)
    a2 = asc.LocalTensor(t, asc.TPosition.A2, 0, a2n)
    b2 = asc.LocalTensor(t, asc.TPosition.B2, 0, b2n)
    co1 = asc.LocalTensor(u, asc.TPosition.CO1, 0, cn)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, K, M, 0, M, ka1, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, K, N, 0, N, kb1, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    if loops > 0:
        for i in asc.static_range(loops):
            p = asc.LoadData2DParamsV2(2 * i, 0, 2, ma1 // c0, ka1 // 16, ma0 // 16, True, 0)
            asc.load_data(a2[i * ma0 * c0 :], a1, p)
    else:
        p = asc.LoadData2DParamsV2(0, 0, ka1 // 16, ma1 // c0, ka1 // 16, ma0 // 16, True, 0)
        asc.load_data(a2, a1, p)
    q = asc.LoadData2DParamsV2(0, 0, kb1 // 16, nb1 // c0, kb1 // 16, nb0 // 16, True, 0)
    asc.load_data(b2, b1, q)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(co1, a2, b2, asc.MmadParams(m_mmad, N, K))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    fp = asc.FixpipeParamsArch3510(N, M, l0c_m, N)
    asc.fixpipe(cg, co1, fp, asc.FixpipeConfig.cfg_row_major())


def _scenario(num: int):
    """(T, U, the L1/L0 alignments, Mmad's m, loop) of scenarios 2, 6, 7 (the sample's
    KernelMmad constructor for isAtranspose, !isBtranspose)."""
    if num == 6:
        t, u, c0, frac_num = asc.float32, asc.float32, 8, 2
        ka1, ma1 = _align(K, 16), _align(M, c0 * frac_num)
        kb1, nb1 = _align(K, 16), _align(N, c0 * frac_num)
        ma0, nb0 = _align(M, 16), _align(N, 16)
        return t, u, ka1, ma1, kb1, nb1, ma0, c0, nb0, M, 0
    t, u, c0, frac_num = asc.int8, asc.int32, 32, 2
    ka1, ma1 = _align(K, 16 * frac_num), _align(M, c0)
    kb1, nb1 = _align(K, 16 * frac_num), _align(N, c0)
    nb0 = _align(N, 16 * frac_num)
    if num == 2:
        ma0 = _align(M, 16 * frac_num)
        return t, u, ka1, ma1, kb1, nb1, ma0, c0, nb0, ma0, 0
    # (the loop: kaAlignL0 / 64 calls, each 2 K fractals of L1 into 32 K columns of L0A)
    return t, u, ka1, ma1, kb1, nb1, _align(M, 16), c0, nb0, M, _cdiv(_align(K, c0), 2 * 16)


@pytest.mark.parametrize("num", [2, 6, 7], ids=["s2_int8", "s6_float", "s7_int8_loop"])
def test_load2dv2_transposed_8_and_32_bit_match_the_sample_golden(num):
    rng = np.random.default_rng(9)
    cfg = _scenario(num)
    np_t = np.int8 if cfg[0] is asc.int8 else np.float32
    x1 = rng.uniform(1, 10, (M, K)).astype(np_t)
    x2 = rng.uniform(1, 10, (K, N)).astype(np_t)
    golden = (x1.astype(np.float32) @ x2.astype(np.float32)).astype(
        np.int32 if np_t is np.int8 else np.float32
    )
    out = np.zeros((M, N), golden.dtype)
    ka1, ma1, kb1, nb1, m_mmad = cfg[2], cfg[3], cfg[4], cfg[5], cfg[9]
    l0c_m = _align(m_mmad, 16)  # (Fixpipe's srcStride: L0C's M, as the sample sets it)
    # (L0 sizes: room for what the transposed loads write)
    sizes = (_align(ma1, 32) * ka1, kb1 * _align(nb1, 32), l0c_m * _align(N, 16), l0c_m)
    args = [asc.ConstExpr(v) for v in (*cfg, *sizes)]
    # (the race checker on: scenario 7's back-to-back 8-bit loads write 3 fractals each,
    # the checker's extent is theirs: tests/unit/simulator/test_checker_extents_950.py)
    load2dv2_t[1](np.ascontiguousarray(x1.T), x2, out, *args, platform=A950, sanitize="error")
    # the sample's verify_result.py: rtol 1e-6, atol 1e-9, at most 1e-4 of them off
    close = np.isclose(out, golden, rtol=1e-6, atol=1e-9)
    assert (~close).mean() <= 1e-4, np.argwhere(~close)[:5]


# -- a vector-quant NZ Fixpipe past 1024 columns, as dav_3510 tiles it --------------------

FM, FK, FN = 16, 16, 1280  # 1280 columns: two instructions of 512 and one of 256
NZ_STRIDE = FM * 16  # NZ's dstStride on 950: dst elements between column blocks
TILE_OFFSET = 32 * NZ_STRIDE * 32 // 2  # the header's dst offset per 512 columns (half)


@asc.jit(kernel_type="cube", soc_version=A950)
def wide_vquant(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                q: asc.GlobalAddress):  # fmt: skip
    """a (16 x 16) @ b (16 x 1280) into L0C, then Fixpipe NZ with VQF322F16_PRE (a scale
    word per column from L1) to c (half)."""
    ag, bg, cg, qg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    qg.set_global_buffer(q)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, FM * FK)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 1024, FK * FN)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, FM * FK)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, FK * FN)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, FM * FN)
    scales = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 64 * 1024, FN)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, FM, FK, 0, FK, FM, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, FK, FN, 0, FN, FK, 1, 0))
    asc.data_copy(scales, qg, asc.DataCopyParams(1, FN * 8 // 32, 0, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, FM // 16, FK // 16, FM // 16, FM // 16))
    bp = asc.LoadData2DParamsV2(0, 0, FK // 16, FN // 16, FK // 16, FN // 16, True, 0)
    asc.load_data(b2, b1, bp)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(co1, a2, b2, asc.MmadParams(FM, FN, FK))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.set_flag(asc.HardEvent.MTE2_FIX, 0)
    asc.wait_flag(asc.HardEvent.MTE2_FIX, 0)
    p = asc.FixpipeParamsArch3510(FN, FM, FM, NZ_STRIDE, layout=asc.CO2Layout.NZ,
                                  quant_pre=asc.QuantModes.VQF322F16_PRE)  # fmt: skip
    asc.fixpipe(cg, co1, scales, p, asc.FixpipeConfig.cfg_nz())


def test_nz_vector_quant_past_1024_columns_is_tiled_as_the_3510_header():
    rng = np.random.default_rng(5)
    a = rng.uniform(-1, 3, (FM, FK)).astype(np.float16)
    b = rng.uniform(-1, 3, (FK, FN)).astype(np.float16)
    # (powers of two: each product exact before the rounding to half)
    factors = (2.0 ** (np.arange(FN) % 5 - 2)).astype(np.float32)
    words = factors.view(np.uint32).astype(np.uint64)
    q = ((a.astype(np.float32) @ b.astype(np.float32)) * factors).astype(np.float16)
    c = np.full(2 * TILE_OFFSET + NZ_STRIDE * 16, 7, np.float16)
    wide_vquant[1](a, b, c, words, platform=A950)
    for i, first in enumerate(range(0, FN, 512)):
        tile = q[:, first : first + 512]
        blocks = tile.reshape(FM, -1, 16).transpose(1, 0, 2)  # (column block, row, 16)
        base = i * TILE_OFFSET
        got = c[base : base + blocks.size].reshape(blocks.shape)
        np.testing.assert_array_equal(got, blocks, err_msg=f"instruction {i}")
    # nothing between the tiles (NZ2NZ alone would have put tile 1 at 32 blocks)
    assert np.all(c[32 * NZ_STRIDE : TILE_OFFSET] == 7)


@asc.jit(kernel_type="cube", soc_version=A950)
def odd_step(a: asc.GlobalAddress, m_step: asc.ConstExpr, k_step: asc.ConstExpr):
    """One transposed LoadData V2 of a's type (L1 -> L0A) with the given steps."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    a1 = asc.LocalTensor(a.dtype, asc.TPosition.A1, 0, 4096)
    a2 = asc.LocalTensor(a.dtype, asc.TPosition.A2, 0, 4096)
    asc.data_copy(a1, ag, 4096)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, m_step, k_step, 4, 4, True, 0))


@pytest.mark.parametrize(
    ("dtype", "steps", "message"),
    [(np.int8, (1, 1), "8-bit elements needs an even mStep, got 1"),
     (np.float32, (2, 3), "32-bit elements needs an even kStep, got 3")],
)  # fmt: skip
def test_transposed_steps_the_squares_need(dtype, steps, message):
    with pytest.raises(Exception, match=message):
        odd_step[1](np.zeros(4096, dtype), *steps, platform=A950)
