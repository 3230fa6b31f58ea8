"""The MX matmul's remaining forms on the simulator (docs/fp8.md, "MX"): LoadData with a
scale matrix and `ifTranspose` (A^T and B^T in GM, each fractal square transposed on
its way to L0A / L0B: two fractals for fp8, four for fp4), and MmadMx's bias form
(C = scaled product + a float bias row from the bias table). Expected values are exact
(Python integers), rounded once to float."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.utils import float8

A950 = "Ascend950PR_9599"
M, N, K = 64, 64, 128  # (multiples of 64: whole transposed squares for fp4 and fp8)
SK = K // 32  # e8m0 scales per row


@asc.jit(kernel_type="cube", soc_version=A950)
def mx_kernel(a: asc.GlobalAddress, sa: asc.GlobalAddress, b: asc.GlobalAddress,
              sb: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
              fp4: asc.ConstExpr, trans: asc.ConstExpr, with_bias: asc.ConstExpr):  # fmt: skip
    """C [M, N] = (sa (x) A)(sb (x) B)^T (+ bias). `trans`: GM holds A^T [K, M] and B^T
    [K, N] (row-major), loaded to L1 as Nz of those and transposed by LoadData's
    ifTranspose; else A [M, K] and B [N, K] as the asc-devkit sample has them."""
    frac = 64 if fp4 else 32  # elements per 32-byte fractal row
    ag = asc.GlobalTensor()
    sag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    sbg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    sag.set_global_buffer(sa)
    bg.set_global_buffer(b)
    sbg.set_global_buffer(sb)
    biasg.set_global_buffer(bias)
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(a.dtype, asc.TPosition.A1, 0, M * K)
    sa1 = asc.LocalTensor(asc.float8_e8m0, asc.TPosition.A1, 128 * 1024, M * SK)
    b1 = asc.LocalTensor(b.dtype, asc.TPosition.B1, 192 * 1024, N * K)
    sb1 = asc.LocalTensor(asc.float8_e8m0, asc.TPosition.B1, 320 * 1024, N * SK)
    if trans:  # Nz of the [K, M] / [K, N] matrices: K rows, 32-byte column groups
        row_a = M // 2 if fp4 else M
        row_b = N // 2 if fp4 else N
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, K, row_a, 0, row_a, K, 1, 0))
        asc.data_copy(b1, bg, asc.Nd2NzParams(1, K, row_b, 0, row_b, K, 1, 0))
    else:
        row = K // 2 if fp4 else K
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, M, row, 0, row, M, 1, 0))
        asc.data_copy(b1, bg, asc.Nd2NzParams(1, N, row, 0, row, N, 1, 0))
    asc.data_copy(sa1.reinterpret_cast(asc.half), sag,
                  asc.Dn2NzParams(1, SK // 2, M, 0, SK // 2, SK // 2, 1, 0))  # fmt: skip
    asc.data_copy(sb1.reinterpret_cast(asc.half), sbg,
                  asc.Dn2NzParams(1, SK // 2, N, 0, SK // 2, SK // 2, 1, 0))  # fmt: skip
    bias1 = asc.LocalTensor(asc.float32, asc.TPosition.C1, 448 * 1024, N)
    if with_bias:
        asc.data_copy(bias1, biasg, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(a.dtype, asc.TPosition.A2, 0, M * K)
    b2 = asc.LocalTensor(b.dtype, asc.TPosition.B2, 0, N * K)
    mx_a = asc.LoadData2DMxParams(0, 0, M // 16, SK // 2, SK // 2, SK // 2)
    mx_b = asc.LoadData2DMxParams(0, 0, N // 16, SK // 2, SK // 2, SK // 2)
    if trans:  # squares along K (mStep: K fractals of 16 rows), M / N groups as kStep
        pa = asc.LoadData2DParamsV2(0, 0, K // 16, M // frac, K // 16, M // 16, True, 0)
        pb = asc.LoadData2DParamsV2(0, 0, K // 16, N // frac, K // 16, N // 16, True, 0)
    else:
        pa = asc.LoadData2DParamsV2(0, 0, M // 16, K // frac, M // 16, M // 16, False, 0)
        pb = asc.LoadData2DParamsV2(0, 0, N // 16, K // frac, N // 16, N // 16, False, 0)
    asc.load_data(a2, a1, sa1, pa, mx_a)
    asc.load_data(b2, b1, sb1, pb, mx_b)
    bt = asc.LocalTensor(asc.float32, asc.TPosition.C2, 0, N)
    if with_bias:
        asc.data_copy(bt, bias1, N)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
    if with_bias:
        asc.mmad_mx(co1, a2, b2, bt, asc.MmadParams(m=M, n=N, k=K, cmatrix_init_val=False))
    else:
        asc.mmad_mx(co1, a2, b2, asc.MmadParams(m=M, n=N, k=K, cmatrix_init_val=True))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(cg, co1, asc.FixpipeParamsArch3510(N, M, M, N), asc.FixpipeConfig.cfg_row_major())


def _golden(av, bv, sa, sb, bias) -> np.ndarray:
    """Each C element as the exact sum (Python integers: values are integers times 2^-16,
    scales codes >= 120, so v * 2^(s - 127) = (v * 2^16 << (s - 120)) * 2^-23) plus the
    bias, rounded once to float."""

    def ints(values, scales):
        shift = np.repeat(scales.astype(np.int64) - 120, 32, axis=1)
        base = (values * 2**16).astype(np.int64)
        assert (base == values * 2**16).all()
        return np.vectorize(lambda v, e: int(v) << int(e), otypes=[object])(base, shift)

    total = ints(av, sa).dot(ints(bv, sb).T)  # times 2^-46
    out = np.empty(total.shape, np.float32)
    for (i, j), t in np.ndenumerate(total):
        q = Fraction(int(t), 2**46) + (Fraction(float(bias[j])) if bias is not None else 0)
        out[i, j] = np.float32(float(q))  # (float64 holds these sums exactly)
        assert Fraction(float(q)) == q
    return out


def _operands(name_a, name_b, rng):
    x1 = rng.uniform(-float8.fmt(name_a).max, float8.fmt(name_a).max, (M, K))
    x2 = rng.uniform(-float8.fmt(name_b).max, float8.fmt(name_b).max, (N, K))
    if name_a.startswith("float4"):
        a = asc.testing.float4_array(x1, name_a)
        b = asc.testing.float4_array(x2, name_b)
        return a, b, asc.testing.float4_decode(a), asc.testing.float4_decode(b)
    a = asc.testing.float8_array(x1, name_a, saturate=True)
    b = asc.testing.float8_array(x2, name_b, saturate=True)
    return a, b, asc.testing.float8_decode(a), asc.testing.float8_decode(b)


def _run(ta, tb, trans, with_bias, seed):
    rng = np.random.default_rng(seed)
    fp4 = ta.startswith("float4")
    a, b, av, bv = _operands(ta, tb, rng)
    s1 = rng.integers(120, 135, (M, SK)).astype(np.uint8)
    s2 = rng.integers(120, 135, (N, SK)).astype(np.uint8)
    bias = (rng.integers(-64, 64, N) / 8).astype(np.float32)
    if trans:  # GM holds the transposes (row-major [K, M] / [K, N])
        pack = asc.testing.float4_array if fp4 else asc.testing.float8_array
        a = pack(av.T.copy(), ta)
        b = pack(bv.T.copy(), tb)
    out = np.zeros((M, N), np.float32)
    mx_kernel[1](a, s1.view(np.float16), b, s2.view(np.float16), bias, out,
                 asc.ConstExpr(fp4), asc.ConstExpr(trans), asc.ConstExpr(with_bias),
                 platform=A950, sanitize="error")  # fmt: skip
    return out, _golden(av, bv, s1, s2, bias if with_bias else None)


@pytest.mark.parametrize(
    ("ta", "tb"),
    [("float4_e2m1", "float4_e1m2"), ("float8_e5m2", "float8_e4m3fn")],
    ids=["fp4", "fp8"],
)
def test_transposed_mx_loads_give_the_product_of_the_untransposed(ta, tb):
    out, want = _run(ta, tb, trans=True, with_bias=False, seed=11)
    np.testing.assert_array_equal(out, want)


def test_mmad_mx_bias_form_adds_the_bias_row_before_its_one_rounding():
    out, want = _run("float4_e2m1", "float4_e2m1", trans=False, with_bias=True, seed=5)
    np.testing.assert_array_equal(out, want)
    # (the bias really entered: without it the result differs)
    plain, _ = _run("float4_e2m1", "float4_e2m1", trans=False, with_bias=False, seed=5)
    assert not np.array_equal(plain, out)


def test_transposed_fp4_load_needs_whole_squares():
    """4-bit squares are four fractals along M: an mStep not a multiple of 4 is an error."""
    from asc_xdsl.runtime.simulator.errors import SimulatorError
    from asc_xdsl.runtime.simulator.ops.cube import v2_square_indices

    f = {"mStep": 6, "kStep": 1, "dstStride": 4, "kStartPosition": 0, "mStartPosition": 0}
    with pytest.raises(SimulatorError, match="multiple of 4, got 6"):
        v2_square_indices(f, 1, 8, "LoadData", nibbles=True)
    f["mStep"] = 8
    squares, dst = v2_square_indices(f, 1, 8, "LoadData", nibbles=True)
    assert squares == [(0, 1, 2, 3), (4, 5, 6, 7)]
    assert dst == [0, 1, 2, 3, 4, 5, 6, 7]
