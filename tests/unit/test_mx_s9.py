"""The MX matmul's remaining forms on the simulator (docs/fp8.md, "MX"): LoadData with a
scale matrix and `ifTranspose` (A^T and B^T in GM, each fractal square transposed on
its way to L0A / L0B: two fractals for fp8, four for fp4), and MmadMx's bias form
(C = scaled product + a float bias row from the bias table). Expected values are exact
(Python integers), rounded once to float."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.utils import float8

A950 = "Ascend950PR_9599"
M, N, K = 64, 64, 64  # (multiples of 64: whole transposed squares for fp4 and fp8)
SK = K // 32  # e8m0 scales per row


@asc.jit(kernel_type="cube", soc_version=A950)
def mx_kernel(a: asc.GlobalAddress, sa: asc.GlobalAddress, b: asc.GlobalAddress,
              sb: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
              fp4: asc.ConstExpr, trans: asc.ConstExpr, with_bias: asc.ConstExpr,
              bit_mode: asc.ConstExpr = 0):  # fmt: skip
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
    if bit_mode == 1:  # MmadBitModeParams from MmadParams
        p = asc.MmadBitModeParams(asc.MmadParams(m=M, n=N, k=K, cmatrix_init_val=True))
        asc.mmad_mx(co1, a2, b2, p)
    elif bit_mode:  # set field by field (m past 12 bits: its low 12 are M)
        q = asc.MmadBitModeParams()
        q.set_m(M + 4096)
        q.set_n(N)
        q.set_k(K)
        if bit_mode == 2:  # C from the bias table
            q.set_cmatrix_source(True)
        else:  # C = 0 first, then the bias form without cmatrixSource: C from L0C
            q.set_cmatrix_init_val(True)
            asc.mmad_mx(co1, a2, b2, q)
        asc.mmad_mx(co1, a2, b2, bt, q)
    elif with_bias:
        asc.mmad_mx(co1, a2, b2, bt, asc.MmadParams(m=M, n=N, k=K, cmatrix_init_val=False))
    else:
        asc.mmad_mx(co1, a2, b2, asc.MmadParams(m=M, n=N, k=K, cmatrix_init_val=True))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(cg, co1, asc.FixpipeParamsArch3510(N, M, M, N), asc.FixpipeConfig.cfg_row_major())


def _golden(av, bv, sa, sb, bias) -> np.ndarray:
    """Each C element as the exact sum plus the bias, rounded once to float. Exact in
    integers: values are integers times 2^-16 (at most 2^8 here) and scale codes >= 120, so
    v * 2^(s - 127) = (v * 2^16 << (s - 120)) * 2^-23; each 32-element group's sum of
    products fits int64, the groups are shifted and added as Python integers."""
    a = (av * 2**16).astype(np.int64)
    b = (bv * 2**16).astype(np.int64)
    assert (a == av * 2**16).all() and (b == bv * 2**16).all()
    assert sa.min() >= 120 and sb.min() >= 120
    total = np.zeros((a.shape[0], b.shape[0]), object)
    for g in range(a.shape[1] // 32):
        part = a[:, 32 * g : 32 * g + 32] @ b[:, 32 * g : 32 * g + 32].T  # (< 2^53)
        shift = sa[:, g, None].astype(np.int64) + sb[None, :, g] - 240
        total += part.astype(object) << shift.astype(object)  # times 2^-46
    add = None if bias is None else np.broadcast_to(bias, total.shape)
    out = np.empty(total.shape, np.float32)
    for (i, j), t in np.ndenumerate(total):
        q = Fraction(int(t), 2**46) + (Fraction(float(add[i, j])) if add is not None else 0)
        out[i, j] = np.float32(float(q))  # (float64 holds these sums exactly)
        assert Fraction(float(q)) == q
    return out


def _operands(name_a, name_b, rng):
    top_a, top_b = (min(float8.fmt(n).max, 256.0) for n in (name_a, name_b))
    x1 = rng.uniform(-top_a, top_a, (M, K))
    x2 = rng.uniform(-top_b, top_b, (N, K))
    if name_a.startswith("float4"):
        a = asc.testing.float4_array(x1, name_a)
        b = asc.testing.float4_array(x2, name_b)
        return a, b, asc.testing.float4_decode(a), asc.testing.float4_decode(b)
    a = asc.testing.float8_array(x1, name_a, saturate=True)
    b = asc.testing.float8_array(x2, name_b, saturate=True)
    return a, b, asc.testing.float8_decode(a), asc.testing.float8_decode(b)


def _run(ta, tb, trans, with_bias, seed, bit_mode=0):
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
                 asc.ConstExpr(bit_mode), platform=A950, sanitize="error")  # fmt: skip
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
    rng = np.random.default_rng(5)  # (the bias matters: the product alone differs)
    _, _, av, bv = _operands("float4_e2m1", "float4_e2m1", rng)
    s1 = rng.integers(120, 135, (M, SK)).astype(np.uint8)
    s2 = rng.integers(120, 135, (N, SK)).astype(np.uint8)
    assert not np.array_equal(out, _golden(av, bv, s1, s2, None))


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


def test_mmad_mx_with_mmad_bit_mode_params():
    """The MmadBitModeParams forms: from MmadParams (C = the product); set field by field
    with cmatrixSource (C from the bias table; m set past 12 bits keeps its low 12); the
    bias form without cmatrixSource (C from L0C, the bias unread: a second product added
    to the first)."""
    ta = tb = "float4_e2m1"
    plain, want = _run(ta, tb, trans=False, with_bias=False, seed=3, bit_mode=1)
    np.testing.assert_array_equal(plain, want)
    biased, want_bias = _run(ta, tb, trans=False, with_bias=True, seed=3, bit_mode=2)
    np.testing.assert_array_equal(biased, want_bias)
    twice, _ = _run(ta, tb, trans=False, with_bias=True, seed=3, bit_mode=3)
    rng = np.random.default_rng(3)
    _, _, av, bv = _operands(ta, tb, rng)
    s1 = rng.integers(120, 135, (M, SK)).astype(np.uint8)
    s2 = rng.integers(120, 135, (N, SK)).astype(np.uint8)
    np.testing.assert_array_equal(twice, _golden(av, bv, s1, s2, plain))


@pytest.mark.parametrize(
    ("soc", "body", "message"),
    [
        ("Ascend910B1", "%q = ascendc.mmad_bit_mode_params : !ascendc.mmad_bit_mode_params",
         "MmadBitModeParams exists on Ascend 950 (arch 3510) only"),
        ("Ascend950PR_9599",
         "%q = ascendc.mmad_bit_mode_params : !ascendc.mmad_bit_mode_params\n    "
         "ascendc.mmad_mx_bit_mode %c, %h, %h, %q : !ascendc.local_tensor<*xf32>, "
         "!ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*x!ascendc.hifloat8>, "
         "!ascendc.mmad_bit_mode_params",
         "MmadMx does not compute f32 <- !ascendc.hifloat8 x !ascendc.hifloat8"),
    ],
)  # fmt: skip
def test_bit_mode_forms_the_headers_refuse_are_refused_at_the_op(soc, body, message):
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    text = f"""builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @f(%c: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*x!ascendc.hifloat8>) {{
    {body}
    func.return
  }}
}}"""
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(VerifyException, match=re.escape(message)):
        module.verify()
