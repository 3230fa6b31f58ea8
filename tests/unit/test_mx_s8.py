"""Ascend 950's 4-bit floats on the simulator and the MX (microscaling) matmul
(docs/fp8.md): fp4 tensors held as packed bytes (element 2i in the low nibble), Cast
bf16 <-> fp4 by every round mode, the host helpers; the asc-devkit sample `mmad_mx`
ported as a user would (fp4 and fp8 operands, e8m0 scales loaded with DataCopy's
Dn2NzParams and LoadData's LoadData2DMxParams, MmadMx, Fixpipe out). Expected values are
computed with `fractions.Fraction`: each rounded once from the exact value."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl import jit
from asc_xdsl.utils import float8

A950 = "Ascend950PR_9599"
N4 = 256


def _fp4_value(code: int, ebits: int) -> Fraction:
    """An independent decoder: sign at bit 3, bias 1, subnormals at exponent 0."""
    mbits = 3 - ebits
    e, m = (code >> mbits) & ((1 << ebits) - 1), code & ((1 << mbits) - 1)
    v = Fraction(m, 1 << mbits) if e == 0 else (1 + Fraction(m, 1 << mbits)) * 2 ** (e - 1)
    return -v if code & 8 else v


_EBITS = {"float4_e2m1": 2, "float4_e1m2": 1}


def _round4(q: Fraction, name: str, mode: str) -> Fraction:
    """q rounded to format `name` by `mode`, saturated (the formats have no infinity)."""
    finite = sorted({_fp4_value(c, _EBITS[name]) for c in range(16)})
    q = min(max(q, finite[0]), finite[-1])
    below = max(t for t in finite if t <= q)
    above = min(t for t in finite if t >= q)
    if below == above:
        return q
    if mode == "floor":
        return below
    if mode == "ceil":
        return above
    if mode == "trunc":
        return below if q > 0 else above
    if q - below != above - q:
        return below if q - below < above - q else above
    if mode == "round":
        return above if q > 0 else below
    # ties to the even code: the one whose mantissa's last bit is 0
    return next(t for t in (below, above) if int(float8.encode([float(t)], name)[0]) % 2 == 0)


def _bf16(x: np.ndarray) -> np.ndarray:
    """float32 -> bf16 (nearest even) -> float32, computed on the bits."""
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32)


# -- 4-bit floats on the simulator ------------------------------------------------------------


@jit
def fp4_trip(q: asc.GlobalAddress, y: asc.GlobalAddress, mode: asc.ConstExpr):
    """q (4-bit, N4 elements) -> UB -> bf16 -> float y; y's first half -> bf16 -> 4-bit by
    `mode` into q's second half (q[N4 / 2]); q back to GM."""
    pipe = asc.TPipe()
    bq = asc.TBuf(asc.TPosition.VECCALC)
    bb = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bq, N4 // 2)
    pipe.init_buffer(bb, N4 * 2)
    pipe.init_buffer(by, N4 * 4)
    ql = bq.get(q.dtype)
    bl = bb.get(asc.bfloat16)
    yl = by.get(y.dtype)
    qg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    qg.set_global_buffer(q)
    yg.set_global_buffer(y)
    asc.data_copy(ql, qg, N4)
    asc.data_copy(yl, yg, N4)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.cast(bl, yl, asc.RoundMode.CAST_RINT, N4 // 2)
    asc.cast(ql[N4 // 2], bl, mode, N4 // 2)
    asc.cast(bl, ql, asc.RoundMode.CAST_NONE, N4)
    asc.cast(yl, bl, asc.RoundMode.CAST_NONE, N4)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, yl, N4)
    asc.data_copy(qg, ql, N4)


@pytest.mark.parametrize(
    ("name", "mode"),
    [("float4_e2m1", "CAST_RINT"), ("float4_e1m2", "CAST_FLOOR"), ("float4_e2m1", "CAST_ROUND")],
)
def test_fp4_tensors_copy_and_cast_exactly(name, mode):
    rng = np.random.default_rng(4)
    top = float8.fmt(name).max
    first = rng.uniform(-1.3 * top, 1.3 * top, N4)
    q = asc.testing.float4_array(first, name)
    assert q.nbytes == N4 // 2
    y = rng.uniform(-1.2 * top, 1.2 * top, N4).astype(np.float32)
    y[:4] = [top / 4 * 1.5, -top / 8 * 2.5, np.nan, np.inf]  # (ties, NaN -> 0, inf -> max)
    y0 = y.copy()
    fp4_trip[1](q, y, asc.ConstExpr(getattr(asc.RoundMode, mode)), platform=A950, sanitize="error")
    # the first half: q's codes decoded exactly
    codes = float8.encode(first, name, "rint", True)
    assert [Fraction(float(v)) for v in y[: N4 // 2]] == [
        _fp4_value(int(c), _EBITS[name]) for c in codes[: N4 // 2]
    ]
    # the second half: y0's first half through bf16, rounded once by the mode
    rounding = mode.removeprefix("CAST_").lower()
    src = _bf16(y0[: N4 // 2])
    want = [
        Fraction(0) if np.isnan(v) else _round4(
            Fraction(float(v)) if np.isfinite(v) else Fraction(int(np.sign(v)) * 10**9), name,
            rounding)
        for v in src
    ]  # fmt: skip
    got = asc.testing.float4_decode(q)[N4 // 2 :]
    assert [Fraction(float(v)) for v in got] == want
    assert [Fraction(float(v)) for v in y[N4 // 2 :]] == want


def test_fp4_host_helpers_pack_low_nibble_first_and_refuse_odd_counts():
    x = asc.testing.float4_array([0.5, 6.0, -1.0, 3.0], "float4_e2m1")
    assert x.view(np.uint8).tolist() == [0x71, 0x5A]  # 0.5 = 0x1, 6 = 0x7, -1 = 0xA, 3 = 0x5
    assert asc.testing.float4_decode(x).tolist() == [0.5, 6.0, -1.0, 3.0]
    m = asc.testing.float4_encode(np.ones((2, 4)), "float4_e1m2")
    assert m.shape == (2, 2) and asc.testing.float4_decode(m, "float4_e1m2").shape == (2, 4)
    with pytest.raises(ValueError, match="even length"):
        asc.testing.float4_encode([1.0, 2.0, 3.0], "float4_e2m1")
    with pytest.raises(ValueError, match="not a 4-bit format"):
        asc.testing.float4_encode([1.0, 2.0], "hifloat8")


@jit
def fp4_odd(q: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    bq, bb = asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bq, 128)
    pipe.init_buffer(bb, 512)
    ql = bq.get(q.dtype)
    bl = bb.get(asc.bfloat16)
    asc.cast(bl, ql, asc.RoundMode.CAST_NONE, n)  # odd-count


def test_an_odd_4_bit_count_is_refused_at_its_line():
    q = asc.testing.float4_array(np.zeros(N4), "float4_e2m1")
    with pytest.raises(Exception, match="odd number of 4-bit elements") as info:
        fp4_odd[1](q, 7, platform=A950)
    line = next(
        i for i, t in enumerate(Path(__file__).read_text().splitlines(), 1) if "# odd-count" in t
    )
    assert f"test_mx_s8.py:{line}:" in str(info.value)


# -- MX: the asc-devkit sample mmad_mx, ported ---------------------------------------------

M, N, K = 40, 50, 70  # the sample's shape
SCALE_K = -(-K // 64) * 2  # e8m0 scales per row, an even count (K / 32 rounded up to 64)
ALIGN_K = -(-K // 64) * 64
M16, N16 = -(-M // 16) * 16, -(-N // 16) * 16


@asc.jit(kernel_type="cube", soc_version=A950)
def mmad_mx_sample(a: asc.GlobalAddress, sa: asc.GlobalAddress, b: asc.GlobalAddress,
                   sb: asc.GlobalAddress, c: asc.GlobalAddress, fp4: asc.ConstExpr,
                   twice: asc.ConstExpr):  # fmt: skip
    """KernelMmadMX<float, TA, TB, 40, 50, 70>: A [M, K] and B [N, K] (GM, row-major) to L1
    as Nz, their e8m0 scales [M, SCALE_K] / [N, SCALE_K] (passed as half pairs, as the
    sample reads them) to L1 with Dn2NzParams, both into L0 with LoadData2DMxParams,
    MmadMx (`twice`: the sample's scenario 3, a second MmadMx accumulating in L0C), out
    row-major through Fixpipe."""
    frac_k = 64 if fp4 else 32  # elements per 32-byte fractal row
    packed_k = K // 2 if fp4 else K  # bytes of a row
    m16, n16 = M16, N16
    ag = asc.GlobalTensor()
    sag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    sbg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    sag.set_global_buffer(sa)
    bg.set_global_buffer(b)
    sbg.set_global_buffer(sb)
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(a.dtype, asc.TPosition.A1, 0, m16 * ALIGN_K)
    sa1 = asc.LocalTensor(asc.float8_e8m0, asc.TPosition.A1, 128 * 1024, m16 * SCALE_K)
    b1 = asc.LocalTensor(b.dtype, asc.TPosition.B1, 192 * 1024, n16 * ALIGN_K)
    sb1 = asc.LocalTensor(asc.float8_e8m0, asc.TPosition.B1, 320 * 1024, n16 * SCALE_K)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, M, packed_k, 0, packed_k, m16, 1, 0))
    asc.data_copy(sa1.reinterpret_cast(asc.half), sag,
                  asc.Dn2NzParams(1, SCALE_K // 2, M, 0, SCALE_K // 2, SCALE_K // 2, 1, 0))  # fmt: skip
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, N, packed_k, 0, packed_k, n16, 1, 0))
    asc.data_copy(sb1.reinterpret_cast(asc.half), sbg,
                  asc.Dn2NzParams(1, SCALE_K // 2, N, 0, SCALE_K // 2, SCALE_K // 2, 1, 0))  # fmt: skip
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(a.dtype, asc.TPosition.A2, 0, m16 * ALIGN_K)
    b2 = asc.LocalTensor(b.dtype, asc.TPosition.B2, 0, n16 * ALIGN_K)
    mx_a = asc.LoadData2DMxParams(0, 0, m16 // 16, SCALE_K // 2, SCALE_K // 2, SCALE_K // 2)
    asc.load_data(a2, a1, sa1,
                  asc.LoadData2DParamsV2(0, 0, m16 // 16, ALIGN_K // frac_k, m16 // 16, m16 // 16,
                                         False, 0), mx_a)  # fmt: skip
    mx_b = asc.LoadData2DMxParams(0, 0, n16 // 16, SCALE_K // 2, SCALE_K // 2, SCALE_K // 2)
    asc.load_data(b2, b1, sb1,
                  asc.LoadData2DParamsV2(0, 0, n16 // 16, ALIGN_K // frac_k, n16 // 16, n16 // 16,
                                         False, 0), mx_b)  # fmt: skip
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, m16 * n16)
    asc.mmad_mx(co1, a2, b2, asc.MmadParams(m=M, n=N, k=ALIGN_K, cmatrix_init_val=True))
    if twice:  # (C from L0C: the first product added)
        asc.mmad_mx(co1, a2, b2, asc.MmadParams(m=M, n=N, k=ALIGN_K, cmatrix_init_val=False))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(cg, co1, asc.FixpipeParamsArch3510(N, M, m16, N), asc.FixpipeConfig.cfg_row_major())


def _mx_golden(av, bv, sa, sb, twice: bool) -> np.ndarray:
    """C = (scaleA (x) A)(scaleB (x) B)^T summed exactly, rounded once to float (twice: C +
    that result, rounded once more, as the second MmadMx adds L0C's). Exact with Python
    integers: every value here is an integer times 2^-16 and every scale code >= 120, so
    v * 2^(s - 127) = (v * 2^16 << (s - 120)) * 2^-23."""
    assert sa.min() >= 120 and sb.min() >= 120

    def ints(values, scales):
        k = values.shape[1]
        shift = np.repeat(scales.astype(np.int64) - 120, 32, axis=1)[:, :k]
        base = (values * 2**16).astype(np.int64)
        assert (base == values * 2**16).all()
        return np.vectorize(lambda v, e: int(v) << int(e), otypes=[object])(base, shift)

    total = ints(av, sa).dot(ints(bv, sb).T)  # exact: Python integers times 2^-46
    once = np.vectorize(lambda t: float(Fraction(int(t), 2**46)), otypes=[np.float64])(total)
    out = once.astype(np.float32)  # (these sums have few bits: float64 holds them exactly)
    assert all(
        Fraction(float(x)) == Fraction(int(t), 2**46)
        for x, t in zip(once.flat, total.flat, strict=True)
    )
    if not twice:
        return out
    # the second MmadMx: the exact product plus L0C's rounded first result, rounded once
    again = once + out.astype(np.float64)
    assert all(Fraction(float(x)) == Fraction(int(t), 2**46) + Fraction(float(r))
               for x, t, r in zip(again.flat, total.flat, out.flat, strict=True))  # fmt: skip
    return again.astype(np.float32)


@pytest.mark.parametrize(
    ("ta", "tb", "twice"),
    [("float4_e1m2", "float4_e2m1", False), ("float8_e4m3fn", "float8_e5m2", True)],
    ids=["fp4_e1m2_x_e2m1", "fp8_e4m3_x_e5m2_accumulate"],
)
def test_mmad_mx_sample_matches_the_exact_scaled_product(ta, tb, twice):
    rng = np.random.default_rng(7)
    fp4 = ta.startswith("float4")
    top_a, top_b = float8.fmt(ta).max, float8.fmt(tb).max
    x1 = rng.uniform(-top_a, top_a, (M, K))
    x2 = rng.uniform(-top_b, top_b, (N, K))
    # scales near 2^0 (codes 120..134) keep the products in float's exact range
    s1 = rng.integers(120, 135, (M, SCALE_K)).astype(np.uint8)
    s2 = rng.integers(120, 135, (N, SCALE_K)).astype(np.uint8)
    if fp4:
        a = asc.testing.float4_array(x1, ta)
        b = asc.testing.float4_array(x2, tb)
        av, bv = asc.testing.float4_decode(a), asc.testing.float4_decode(b)
    else:
        a = asc.testing.float8_array(x1, ta, saturate=True)
        b = asc.testing.float8_array(x2, tb, saturate=True)
        av, bv = asc.testing.float8_decode(a), asc.testing.float8_decode(b)
    out = np.zeros((M, N), np.float32)
    mmad_mx_sample[1](a, s1.view(np.float16), b, s2.view(np.float16), out,
                      asc.ConstExpr(fp4), asc.ConstExpr(twice), platform=A950, sanitize="error")  # fmt: skip
    want = _mx_golden(av, bv, s1, s2, twice)
    np.testing.assert_array_equal(out, want)


def test_mx_exact_accumulation_rounds_once():
    """One float rounding of the exact sum: 2^30 + 1 + ... is not what float32 summing
    in order gives (the 1s vanish one by one)."""
    from asc_xdsl.runtime.simulator.ops.mx import _mx_product, round_f32

    av = np.array([[4.0] + [1.0] * 31 + [0.0] * 32])  # e2m1 values
    bv = np.array([[4.0] + [0.5] * 31 + [0.0] * 32]).T
    sa = np.array([[127 + 26, 127]], np.int64)  # the first group x 2^26
    sb = np.array([[127, 127]], np.int64).T.reshape(1, 2)
    got = _mx_product(av, bv, sa, sb.reshape(1, 2), ("float4_e2m1", "float4_e2m1"), 64, None)
    exact = Fraction(16 * 2**26) + Fraction(31, 2) * 2**26
    assert Fraction(float(got[0, 0])) == Fraction(float(np.float32(float(exact))))
    assert round_f32(3, -150) == 2.0**-148  # (1.5 x the smallest subnormal: ties to even)
    assert round_f32(1 << 200, 0) == float("inf")
