"""Ascend 950's cube data paths (docs/ascend950.md, "Data paths"): LoadData with
LoadData2DParamsV2 into L0A (Nz) / L0B (Zn), Mmad reading A as Nz, and Fixpipe with
FixpipeParamsArch3510 from the AIC's L0C into its AIVs' UB (one AIV by subBlockId, or
both halves by dualDstCtl), against numpy; the race checker seeing the hop, and the
refusals at the op."""

from __future__ import annotations

import pathlib
import warnings

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.runtime.simulator import SimulatorError
from asc_xdsl.runtime.simulator.sanitizer import RaceError

A950 = "Ascend950PR_9599"
M, K, N = 32, 64, 32
RNG = np.random.default_rng(7)
A = RNG.uniform(-1, 1, (M, K)).astype(np.float16)
B = RNG.uniform(-1, 1, (K, N)).astype(np.float16)
WANT = A.astype(np.float32) @ B.astype(np.float32)


def line_of(marker: str) -> int:
    lines = pathlib.Path(__file__).read_text().splitlines()
    return next(i + 1 for i, ln in enumerate(lines) if ln.rstrip().endswith(f"# {marker}"))


def body(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    dual: asc.ConstExpr[int],
    sub_block: asc.ConstExpr[int],
    b_form: asc.ConstExpr[int],
    wait: asc.ConstExpr[bool],
    mode: asc.ConstExpr[int],
):
    """a (M x K) @ b -> c (M x N, f32) through L0C and the AIVs' UB. b_form 0: b is
    given transposed (N x K) and loaded as it is; 1: b (K x N), each fractal transposed
    by the load (ifTranspose). The AIC fixpipes L0C into UB (dual: dualDstCtl; else the
    UB of AIV `sub_block`) and sets flag 8 on FIX (mode 2; mode 4: AIV0's 8 and AIV1's
    8, the AIC's 8 and 24); the AIVs wait for it (unless `wait` is false) and copy their
    part to GM."""
    ag, bg, cg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, M * N)
    if asc.ascend_is_aic():
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, M * K * 2, K * N)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K * N)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
        if b_form == 0:  # b^T (N x K) in Nz: the Zn grid B needs
            asc.data_copy(b1, bg, asc.Nd2NzParams(1, N, K, 0, K, N, 1, 0))
        else:  # b (K x N) in Nz
            asc.data_copy(b1, bg, asc.Nd2NzParams(1, K, N, 0, N, K, 1, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        # A: the whole Nz grid (K / 16 columns of M / 16 fractals), from column 1 on
        # and then column 0 (kStartPosition), to show the start positions
        half = K // 32
        a_hi = asc.LoadData2DParamsV2(0, half, M // 16, half, M // 16, M // 16, False, 0)
        asc.load_data(a2[half * M * 16 :], a1, a_hi)
        asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, M // 16, half, M // 16, M // 16))
        if b_form == 0:
            bp = asc.LoadData2DParamsV2(0, 0, N // 16, K // 16, N // 16, N // 16, False, 0)
        else:  # source columns are N blocks of K / 16 fractals: transposed into Zn
            bp = asc.LoadData2DParamsV2(0, 0, K // 16, N // 16, K // 16, N // 16, True, 0)
        asc.load_data(b2, b1, bp)
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(M, N, K))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        row = N // 2 if dual == 2 else N
        params = asc.FixpipeParamsArch3510(N, M, M, row, dual_dst_ctl=dual, sub_block_id=sub_block)
        to_ub = asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR, True)
        asc.fixpipe(x_ub, co1, params, to_ub)  # fixpipe
        if mode == 4:
            asc.cross_core_set_flag(8, mode_id=4, pipe=asc.PipeID.PIPE_FIX)
            asc.cross_core_set_flag(24, mode_id=4, pipe=asc.PipeID.PIPE_FIX)
        else:
            asc.cross_core_set_flag(8, mode_id=2, pipe=asc.PipeID.PIPE_FIX)
    else:
        if wait:
            asc.cross_core_wait_flag(8, mode_id=mode if mode == 4 else 0, pipe=asc.PipeID.PIPE_S)
        sub = asc.get_sub_block_idx()
        if dual == 1:  # rows [0, M/2) in AIV 0, [M/2, M) in AIV 1
            asc.data_copy(cg[sub * (M // 2) * N :], x_ub, M // 2 * N)  # aiv-read
        elif dual == 2:  # columns [0, N/2) in AIV 0, [N/2, N) in AIV 1, rows N/2 long
            blocks = N // 2 * 4 // 32
            asc.data_copy(cg[sub * (N // 2) :], x_ub, asc.DataCopyParams(M, blocks, 0, blocks))
        elif sub == sub_block:
            asc.data_copy(cg, x_ub, M * N)


mm_to_ub = asc.jit(kernel_type="mix", soc_version=A950)(body)


def run(dual=1, sub_block=0, b_form=0, wait=True, mode=2, **options):
    b = np.ascontiguousarray(B.T) if b_form == 0 else B
    c = np.zeros((M, N), np.float32)
    mm_to_ub[1](A, b, c, dual, sub_block, b_form, wait, mode, platform=A950, **options)
    return c


@pytest.mark.parametrize(
    ("dual", "sub_block", "b_form", "mode"), [(1, 0, 0, 2), (2, 0, 1, 4), (0, 1, 0, 2)]
)
def test_matmul_into_the_aivs_ub(dual, sub_block, b_form, mode):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no race, no read of unwritten UB
        c = run(dual, sub_block, b_form, mode=mode, sanitize="error")
    np.testing.assert_allclose(c, WANT, rtol=1e-5, atol=1e-5)


def test_a_missing_cross_core_wait_is_a_located_race():
    with pytest.raises(RaceError) as info:
        run(wait=False, sanitize="error")
    text = str(info.value)
    assert "cross-core read-after-write race" in text
    assert "the UB of block 0's AIV 0 (Fixpipe L0C -> UB / DataCopyL1ToUB from its AIC)" in text
    assert f"test_950_datapaths.py:{line_of('aiv-read')}" in text
    assert f"test_950_datapaths.py:{line_of('fixpipe')}" in text


def test_dual_destination_needs_an_even_m():
    @asc.jit(kernel_type="mix", soc_version=A950)
    def odd(c: asc.GlobalAddress):
        if asc.ascend_is_aic():
            co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 16 * 16)
            ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 16 * 16)
            p = asc.FixpipeParamsArch3510(16, 15, 16, 16, dual_dst_ctl=1)
            asc.fixpipe(ub, co1, p, asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR, True))

    with pytest.raises(SimulatorError, match=r"mSize 15 must be even"):
        odd[1](np.zeros(4, np.float32), platform=A950)


def _aic_only(dst_pos: str, to_ub: bool, layout: str = "ROW_MAJOR", soc: str = A950):
    """A cube kernel with one Fixpipe of FixpipeParamsArch3510 into `dst_pos`."""
    pos, co2 = getattr(asc.TPosition, dst_pos), getattr(asc.CO2Layout, layout)

    @asc.jit(kernel_type="cube", soc_version=soc)
    def one(c: asc.GlobalAddress):
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
        dst = asc.LocalTensor(asc.float32, pos, 0, 256)
        p = asc.FixpipeParamsArch3510(16, 16, 16, 16)
        asc.fixpipe(dst, co1, p, asc.FixpipeConfig(co2, to_ub))  # refused

    return one


@pytest.mark.parametrize(
    ("case", "message"),
    [
        (("VECCALC", False), "dst is in UB but the config's isToUB is false"),
        (("A1", True), "dst is in L1 but the config's isToUB is true"),
        (
            ("VECCALC", True, "NZ"),
            r"the config's layout is CO2Layout::NZ but the parameters are "
            r"FixpipeParamsArch3510<ROW_MAJOR>",
        ),
        (("A1", False, "ROW_MAJOR", "Ascend910B1"), "FixpipeParamsArch3510 is the Ascend 950"),
    ],
)
def test_fixpipe_refusals_are_located(case, message):
    with pytest.raises(CompileError, match=message) as info:
        _aic_only(*case)[1](np.zeros(4, np.float32), platform=case[3] if len(case) > 3 else A950)
    assert f"test_950_datapaths.py:{line_of('refused')}" in str(info.value)


def test_load_data_v2_is_refused_on_atlas_a2():
    @asc.jit(kernel_type="cube", soc_version="Ascend910B1")
    def v2(c: asc.GlobalAddress):
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
        asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, 1, 1, 1, 1, False, 0))  # v2-a2

    with pytest.raises(CompileError, match=r"LoadData2DParamsV2 is an Ascend 950") as info:
        v2[1](np.zeros(4, np.float32), platform="Ascend910B1")
    assert f"test_950_datapaths.py:{line_of('v2-a2')}" in str(info.value)


# -- Fixpipe with FixpipeParamsArch3510: NZ, ND (ndNum > 1), DN, quantisation ---------------
# asc-devkit's fixpipe_l0c2gm sample (examples/01_simd_cpp_api/03_basic_api/03_matrix_compute)
# for 950, as a user writes it in Python: one matmul, its scenarios' Fixpipe forms.

QM, QK, QN = 32, 32, 64
QA = RNG.uniform(-1, 3, (QM, QK)).astype(np.float16)
QB = RNG.uniform(-1, 3, (QK, QN)).astype(np.float16)
QC = QA.astype(np.float32) @ QB.astype(np.float32)
SIGN = 1 << 46  # the QUANT_PRE word's int8 (signed) bit


def scale_word(scale: float, offset: int = 0, signed: bool = False) -> int:
    """A QUANT_PRE word: the float's bits (the hardware keeps bits 31-13), the 9-bit
    offset at 37, the sign bit at 46 (the sample's gen_data layout)."""
    bits = int(np.array([scale], np.float32).view(np.uint32)[0])
    return bits | ((offset & 0x1FF) << 37) | (SIGN if signed else 0)


@asc.jit(kernel_type="cube", soc_version=A950)
def fixpipe_scenes(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    q: asc.GlobalAddress,
    scene: asc.ConstExpr[int],
    deq: asc.ConstExpr[int],
):
    """a @ b into L0C (f32), then scene's Fixpipe to c: 1 NZ, 2 ND of two matrices
    (ndNum 2), 3 DN, 4 QF322B8_PRE (scalar), 5 VQF322B8_PRE (per column from L1), 6
    QF322F16_PRE with ReLU, 7 NZ with the F32 channel split."""
    ag, bg, cg, qg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    qg.set_global_buffer(q)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, QM * QK)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, QM * QK * 2, QK * QN)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, QM * QK)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, QK * QN)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, QM * QN)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, QM, QK, 0, QK, QM, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, QK, QN, 0, QN, QK, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, QM // 16, QK // 16, QM // 16, QM // 16))
    bp = asc.LoadData2DParamsV2(0, 0, QK // 16, QN // 16, QK // 16, QN // 16, True, 0)
    asc.load_data(b2, b1, bp)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(co1, a2, b2, asc.MmadParams(QM, QN, QK))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    nz, dn = asc.CO2Layout.NZ, asc.CO2Layout.COLUMN_MAJOR
    if scene == 1:  # NZ2NZ: dstStride in elements on 950 (a column block: M x 16)
        p = asc.FixpipeParamsArch3510(QN, QM, QM, QM * 16, layout=nz)
        asc.fixpipe(cg, co1, p, asc.FixpipeConfig.cfg_nz())
    elif scene == 2:  # the two column halves as two ND matrices, one after the other
        half = QN // 2
        p = asc.FixpipeParamsArch3510(
            half, QM, QM, half, nd_num=2, src_nd_stride=half // 16 * QM, dst_nd_stride=QM * half
        )
        asc.fixpipe(cg, co1, p, asc.FixpipeConfig.cfg_row_major())
    elif scene == 3:  # NZ2DN: C transposed, rows of M
        p = asc.FixpipeParamsArch3510(QN, QM, QM, QM, layout=dn, src_nz_c0_stride=1)
        asc.fixpipe(cg, co1, p, asc.FixpipeConfig(dn))
    elif scene == 4:
        p = asc.FixpipeParamsArch3510(
            QN, QM, QM, QN, quant_pre=asc.QuantModes.QF322B8_PRE, deq_scalar=deq
        )
        asc.fixpipe(cg, co1, p, asc.FixpipeConfig.cfg_row_major())
    elif scene == 5:
        scales = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 0, QN)
        asc.set_flag(asc.HardEvent.FIX_MTE2, 0)
        asc.wait_flag(asc.HardEvent.FIX_MTE2, 0)
        asc.data_copy(scales, qg, asc.DataCopyParams(1, QN * 8 // 32, 0, 0))
        asc.set_flag(asc.HardEvent.MTE2_FIX, 0)
        asc.wait_flag(asc.HardEvent.MTE2_FIX, 0)
        p = asc.FixpipeParamsArch3510(QN, QM, QM, QN, quant_pre=asc.QuantModes.VQF322B8_PRE)
        asc.fixpipe(cg, co1, scales, p, asc.FixpipeConfig.cfg_row_major())
    elif scene == 6:
        quant = asc.QuantModes.QF322F16_PRE
        p = asc.FixpipeParamsArch3510(QN, QM, QM, QN, relu_en=True, quant_pre=quant, deq_scalar=deq)
        asc.fixpipe(cg, co1, p, asc.FixpipeConfig.cfg_row_major())
    else:  # the F32 channel split: 16 x 8 fractals, a column block M x 8
        p = asc.FixpipeParamsArch3510(QN, QM, QM, QM * 8, is_channel_split=True, layout=nz)
        asc.fixpipe(cg, co1, p, asc.FixpipeConfig.cfg_nz())


def int8_ref(x: np.ndarray, scales: np.ndarray, signed: bool) -> np.ndarray:
    """The sample's qf322b8_pre: x * scale rounded and saturated to 9 bits, then to int8
    (signed) or uint8; the scale is the word's float with 10 mantissa bits."""
    m1 = (scales.astype(np.uint64) & 0xFFFFE000).astype(np.uint32).view(np.float32)
    nine = np.clip(np.round(x.astype(np.float64) * m1.astype(np.float64)), -256, 255)
    lo, hi = (-128, 127) if signed else (0, 255)
    return np.clip(nine, lo, hi).astype(np.int8 if signed else np.uint8)


def nz_of(x: np.ndarray, width: int) -> np.ndarray:
    """x (M x N) as Nz column blocks `width` wide (the sample's golden for NZ)."""
    m, n = x.shape
    return x.reshape(m, n // width, width).transpose(1, 0, 2).ravel()


def run_scene(scene: int, out: np.ndarray, deq: int = 0, q=None) -> np.ndarray:
    q = np.zeros(QN, np.uint64) if q is None else q
    fixpipe_scenes[1](QA, QB, out, q, scene, deq, platform=A950, sanitize="error")
    return out


@pytest.mark.parametrize("scene", [1, 2, 3, 7])
def test_fixpipe_3510_layouts(scene):
    got = run_scene(scene, np.zeros(QM * QN, np.float32))
    half = QN // 2
    want = {
        1: nz_of(QC, 16),
        2: np.concatenate([QC[:, :half].ravel(), QC[:, half:].ravel()]),
        3: QC.T.ravel(),
        7: nz_of(QC, 8),
    }[scene]
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def test_fixpipe_3510_scalar_and_vector_quant():
    word = scale_word(2.0, signed=True)
    got = run_scene(4, np.zeros(QM * QN, np.int8), deq=word)
    np.testing.assert_array_equal(got.reshape(QM, QN), int8_ref(QC, np.full(QN, word), True))
    # one scale per column (uint8: the sign bit clear), read from L1 by the workspace form
    words = np.array([scale_word(0.25 + j / 16) for j in range(QN)], np.uint64)
    got = run_scene(5, np.zeros(QM * QN, np.uint8), q=words)
    np.testing.assert_array_equal(got.reshape(QM, QN), int8_ref(QC, words, False))


def test_fixpipe_3510_quant_to_half_with_relu():
    got = run_scene(6, np.zeros(QM * QN, np.float16), deq=scale_word(0.5))
    want = (np.maximum(QC, 0) * 0.5).astype(np.float16)
    np.testing.assert_array_equal(got.reshape(QM, QN), want)


@asc.jit(kernel_type="cube", soc_version=A950)
def refused_quant(c: asc.GlobalAddress, case: asc.ConstExpr[int]):
    """One Fixpipe (to GM) per case, each refused by the verifier."""
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    ws = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 0, 16)
    row = asc.FixpipeConfig.cfg_row_major()
    if case == 0:  # QF322B8_PRE writes int8/uint8
        p = asc.FixpipeParamsArch3510(16, 16, 16, 16, quant_pre=asc.QuantModes.QF322B8_PRE)
        asc.fixpipe(cg, co1, p, row)  # quant-refused
    elif case == 1:  # a vector mode without its workspace
        p = asc.FixpipeParamsArch3510(16, 16, 16, 16, quant_pre=asc.QuantModes.VQF322F16_PRE)
        asc.fixpipe(cg, co1, p, row)  # quant-refused
    elif case == 2:  # the workspace form with a scalar mode copies nothing on 3510
        p = asc.FixpipeParamsArch3510(16, 16, 16, 16, quant_pre=asc.QuantModes.QF322F16_PRE)
        asc.fixpipe(cg, co1, ws, p, row)  # quant-refused
    elif case == 3:
        p = asc.FixpipeParamsArch3510(16, 16, 16, 16, dual_dst_ctl=1, relu_en=True)
        asc.fixpipe(cg, co1, p, row)  # quant-refused
    else:
        p = asc.FixpipeParamsV220(16, 16, 16, 16)
        asc.fixpipe(cg, co1, p, asc.FixpipeConfig(asc.CO2Layout.COLUMN_MAJOR))  # quant-refused


@pytest.mark.parametrize(
    ("case", "dtype", "message"),
    [
        (0, np.float32, r"quantPre QF322B8_PRE converts f32 -> i8 or f32 -> ui8, not f32 -> f32"),
        (1, np.float16, r"quantPre VQF322F16_PRE reads one scale per column from cbufWorkspace"),
        (2, np.float16, r"cbufWorkspace and quantPre QF322F16_PRE: the 3510 implementation"),
        (
            3,
            np.float32,
            r"dualDstCtl 1 \(dual destination\) bypasses every other Fixpipe function, but "
            r"reluEn is set",
        ),
        (4, np.float32, r"FixpipeParamsV220 and CO2Layout::COLUMN_MAJOR does not compile on 950"),
    ],
)
def test_fixpipe_3510_quant_refusals_are_located(case, dtype, message):
    with pytest.raises(CompileError, match=message.replace("on 950", "on Ascend 950")) as info:
        refused_quant[1](np.zeros(256, dtype), case, platform=A950)
    lines = pathlib.Path(__file__).read_text().splitlines()
    marked = {i + 1 for i, ln in enumerate(lines) if ln.rstrip().endswith("# quant-refused")}
    assert any(f"test_950_datapaths.py:{n}:" in str(info.value) for n in marked)


def test_fixpipe_3510_params_of_another_layout_are_refused():
    @asc.jit(kernel_type="cube", soc_version=A950)
    def dn(c: asc.GlobalAddress):
        asc.FixpipeParamsArch3510(16, 16, 16, 16, layout=asc.CO2Layout.COLUMN_MAJOR, nd_num=2)

    with pytest.raises(CompileError, match=r"nd_num is a member of Nz2NdParams \(layout "):
        dn[1](np.zeros(4, np.float32), platform=A950)


# -- DataCopyL1ToUB<T, subBlockId>: the AIC's L1 into one AIV's UB (MTE1) ---------------------

LN = 256


@asc.jit(kernel_type="mix", soc_version=A950)
def l1_to_ub(x: asc.GlobalAddress, y: asc.GlobalAddress, wait: asc.ConstExpr[bool]):
    """The AIC loads x into L1 and copies its first half into AIV 0's UB (count form),
    its second half into AIV 1's (DataCopyParams form, two bursts); each AIV doubles its
    half and writes it to y."""
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, LN // 2)
    if asc.ascend_is_aic():
        l1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, LN)
        asc.data_copy(l1, xg, LN)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.data_copy_l1_to_ub(ub, l1, LN // 2)
        bursts = asc.DataCopyParams(2, LN // 4 * 4 // 32, 0, 0)
        asc.data_copy_l1_to_ub(ub, l1[LN // 2 :], bursts, sub_block_id=1)
        asc.cross_core_set_flag(3, mode_id=2, pipe=asc.PipeID.PIPE_MTE1)
    else:
        if wait:
            asc.cross_core_wait_flag(3, mode_id=0, pipe=asc.PipeID.PIPE_V)
        asc.muls(ub, ub, 2.0, LN // 2)  # l1-ub-read
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(yg[asc.get_sub_block_idx() * (LN // 2) :], ub, LN // 2)


def test_l1_to_ub_into_each_aiv():
    x = RNG.standard_normal(LN).astype(np.float32)
    y = np.zeros_like(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no race, no read of unwritten UB
        l1_to_ub[1](x, y, True, platform=A950, sanitize="error")
    np.testing.assert_array_equal(y, 2 * x)


def test_l1_to_ub_without_the_wait_is_a_located_race():
    x = np.zeros(LN, np.float32)
    with pytest.raises(RaceError) as info:
        l1_to_ub[1](x, x.copy(), False, platform=A950, sanitize="error")
    text = str(info.value)
    assert "cross-core read-after-write race" in text and "DataCopyL1ToUB" in text
    assert f"test_950_datapaths.py:{line_of('l1-ub-read')}" in text


def test_l1_to_ub_needs_a_mix_kernel():
    @asc.jit(kernel_type="cube", soc_version=A950)
    def cube_only(x: asc.GlobalAddress):
        ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
        l1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 64)
        asc.data_copy_l1_to_ub(ub, l1, 64)

    with pytest.raises(SimulatorError, match=r"this launch has no AIVs beside the AIC"):
        cube_only[1](np.zeros(64, np.float32), platform=A950)


# -- LoadData with LoadData2DParamsV2 from GM: GM -> L1 only ---------------------------------

GM_FRACS = 5  # a 80 x 80 half matrix in Nz: 5 x 5 fractals (the GM -> L1 page's example)


@asc.jit(kernel_type="mix", soc_version=A950)
def gm_to_l1_v2(src: asc.GlobalAddress, out: asc.GlobalAddress):
    """The GM -> L1 page's example: from fractal (m 2, k 2) of a 5 x 5 Nz grid, 2 fractals
    in M by 3 columns in K into L1 (columns 3 fractals apart); L1 goes out through AIV
    0's UB (950 has no L1 -> GM DataCopy)."""
    sg, og = asc.GlobalTensor(), asc.GlobalTensor()
    sg.set_global_buffer(src)
    og.set_global_buffer(out)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 9 * 256)
    if asc.ascend_is_aic():
        l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 9 * 256)
        asc.load_data(l1, sg, asc.LoadData2DParamsV2(2, 2, 2, 3, GM_FRACS, 3, False, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.data_copy_l1_to_ub(ub, l1, 9 * 256)
        asc.cross_core_set_flag(5, mode_id=2, pipe=asc.PipeID.PIPE_MTE1)
    elif asc.get_sub_block_idx() == 0:
        asc.cross_core_wait_flag(5, mode_id=0, pipe=asc.PipeID.PIPE_MTE3)
        asc.data_copy(og, ub, 9 * 256)


def test_load_data_v2_from_gm_into_l1():
    src = RNG.standard_normal(GM_FRACS * GM_FRACS * 256).astype(np.float16)
    out = np.zeros(9 * 256, np.float16)
    gm_to_l1_v2[1](src, out, platform=A950)
    fracs = src.reshape(GM_FRACS * GM_FRACS, 256)  # fractal k * 5 + m: K columns of 5
    want = np.zeros((9, 256), np.float16)
    for k in range(3):
        for m in range(2):
            want[k * 3 + m] = fracs[(2 + k) * GM_FRACS + 2 + m]
    got = out.reshape(9, 256)
    np.testing.assert_array_equal(got[[0, 1, 3, 4, 6, 7]], want[[0, 1, 3, 4, 6, 7]])


def test_load_data_v2_from_gm_into_l0a_is_refused():
    @asc.jit(kernel_type="cube", soc_version=A950)
    def into_l0a(src: asc.GlobalAddress):
        sg = asc.GlobalTensor()
        sg.set_global_buffer(src)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
        asc.load_data(a2, sg, asc.LoadData2DParamsV2(0, 0, 1, 1, 1, 1, False, 0))  # gm-l0a

    with pytest.raises(CompileError, match=r"from GM loads L1 \(A1/B1\) only on Ascend 950") as e:
        into_l0a[1](np.zeros(256, np.float16), platform=A950)
    assert "unsupported loaddata_2d_v2 from gm to A2" in str(e.value)
    assert f"test_950_datapaths.py:{line_of('gm-l0a')}" in str(e.value)


@asc.jit(kernel_type="mix", soc_version=A950)
def fixpipe_via_l1(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    """a @ b: Fixpipe L0C -> L1 (NZ2ND, two ND matrices of half the columns, 950's C0
    srcNdStride), DataCopyL1ToUB into AIV 0's UB, out to c there (950 has no L1 -> GM)."""
    ag, bg, cg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, QM * QN)
    if asc.ascend_is_aic():
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, QM * QK)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, QM * QK * 2, QK * QN)
        c1 = asc.LocalTensor(asc.float32, asc.TPosition.C1, 64 * 1024, QM * QN)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, QM * QK)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, QK * QN)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, QM * QN)
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, QM, QK, 0, QK, QM, 1, 0))
        asc.data_copy(b1, bg, asc.Nd2NzParams(1, QK, QN, 0, QN, QK, 1, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, QM // 16, QK // 16, QM // 16, QM // 16))
        bp = asc.LoadData2DParamsV2(0, 0, QK // 16, QN // 16, QK // 16, QN // 16, True, 0)
        asc.load_data(b2, b1, bp)
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(QM, QN, QK))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        half = QN // 2
        p = asc.FixpipeParamsArch3510(
            half, QM, QM, half, nd_num=2, src_nd_stride=half // 16 * QM, dst_nd_stride=QM * half
        )
        asc.fixpipe(c1, co1, p, asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR, False))
        asc.set_flag(asc.HardEvent.FIX_MTE1, 0)
        asc.wait_flag(asc.HardEvent.FIX_MTE1, 0)
        asc.data_copy_l1_to_ub(ub, c1, QM * QN)
        asc.cross_core_set_flag(6, mode_id=2, pipe=asc.PipeID.PIPE_MTE1)
    elif asc.get_sub_block_idx() == 0:
        asc.cross_core_wait_flag(6, mode_id=0, pipe=asc.PipeID.PIPE_MTE3)
        asc.data_copy(cg, ub, QM * QN)


def test_fixpipe_into_l1_then_out_through_the_ub():
    c = np.zeros(QM * QN, np.float32)
    fixpipe_via_l1[1](QA, QB, c, platform=A950, sanitize="error")
    half = QN // 2
    want = np.concatenate([QC[:, :half].ravel(), QC[:, half:].ravel()])
    np.testing.assert_allclose(c, want, rtol=1e-6, atol=1e-6)


# -- the GM form of the AIC -> AIV hop: asc-devkit's matmul_leakyrelu_basic_api on 950 -----
# (examples/01_simd_cpp_api/00_introduction/03_fusion_operation): each AIC fixpipes its
# tile to GM (f32 -> half) and sets a mode-2 flag on FIX; its two AIVs wait, read their
# half of the tile from GM with DataCopyPad, LeakyRelu it and write it back. Smaller
# sizes than the sample's 512 x 128 x 128 (two blocks as there).

LM, LK, LN2 = 64, 32, 32
CORE_M = LM // 2  # singleCoreM = baseM; baseK = K, baseN = N


@asc.jit(kernel_type="mix", soc_version=A950)
def matmul_leakyrelu(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    ag, bg, cg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    ag.set_global_buffer(x)
    bg.set_global_buffer(y)
    cg.set_global_buffer(z)
    if asc.ascend_is_aic():
        ag = ag[asc.get_block_idx() * CORE_M * LK :]
        cg = cg[asc.get_block_idx() * CORE_M * LN2 :]
        l1 = asc.LocalMemAllocator(asc.Hardware.L1)
        a1 = l1.alloc(asc.TPosition.A1, asc.float16, CORE_M * LK)
        b1 = l1.alloc(asc.TPosition.B1, asc.float16, LK * LN2)
        a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(
            asc.TPosition.A2, asc.float16, CORE_M * LK
        )
        b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, asc.float16, LK * LN2)
        co1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(
            asc.TPosition.CO1, asc.float32, CORE_M * LN2
        )
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, CORE_M, LK, 0, LK, CORE_M, 1, 0))
        asc.data_copy(b1, bg, asc.Nd2NzParams(1, LK, LN2, 0, LN2, LK, 1, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        m16, k16, n16 = CORE_M // 16, LK // 16, LN2 // 16
        asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, m16, k16, m16, m16, False, 0))
        asc.load_data(b2, b1, asc.LoadData2DParamsV2(0, 0, k16, n16, k16, n16, True, 0))
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(CORE_M, LN2, LK, 0, False, True))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        params = asc.FixpipeParamsV220(
            LN2, CORE_M, CORE_M, LN2, asc.QuantModes.F322F16, 0, 1, 0, 0, False, 0
        )
        asc.fixpipe(cg, co1, params, asc.FixpipeConfig.cfg_row_major())
        asc.cross_core_set_flag(0, mode_id=2, pipe=asc.PipeID.PIPE_FIX)
    else:
        half = asc.LocalMemAllocator(asc.Hardware.UB).alloc(
            asc.TPosition.VECCALC, asc.float16, CORE_M // 2 * LN2
        )
        asc.cross_core_wait_flag(0, mode_id=0, pipe=asc.PipeID.PIPE_S)
        at = asc.get_block_idx() // 2 * CORE_M * LN2 + asc.get_block_idx() % 2 * (CORE_M // 2 * LN2)
        rows = asc.DataCopyExtParams(CORE_M // 2, LN2 * 2, 0, 0, 0)
        asc.data_copy_pad(half, cg[at:], rows, asc.DataCopyPadExtParams(asc.float16, True, 0, 0, 0))
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.leaky_relu(half, half, np.float16(0.001), CORE_M // 2 * LN2)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy_pad(cg[at:], half, rows)


def test_matmul_leakyrelu_through_gm():
    rng = np.random.default_rng(9)
    x = rng.integers(-10, 10, (LM, LK)).astype(np.float16)
    y = rng.integers(-10, 10, (LK, LN2)).astype(np.float16)
    z = np.zeros((LM, LN2), np.float16)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no race
        matmul_leakyrelu[2](x, y, z, platform=A950, sanitize="error")
    golden = (x.astype(np.float32) @ y.astype(np.float32)).astype(np.float16)
    golden = np.where(golden >= 0, golden, golden * np.float16(0.001))
    # the sample's verify_result: rtol 1e-6, atol 1e-9, at most 1e-4 of the elements off
    off = ~np.isclose(z, golden, rtol=1e-6, atol=1e-9, equal_nan=True)
    assert off.mean() <= 1e-4, f"{off.sum()} of {off.size} elements differ"


def test_the_params_type_round_trips_its_layout():
    from xdsl.utils.exceptions import ParseError

    from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES
    from asc_xdsl.dialects.ir_context import parse_module

    text = (
        "func.func @f(%a: !ascendc.fixpipe_params_arch3510<nz>, "
        "%b: !ascendc.fixpipe_params_arch3510, "
        "%c: !ascendc.fixpipe_params_arch3510<column_major>) {\n  func.return\n}\n"
    )
    module = parse_module(text)
    layouts = [a.type.layout for a in module.body.block.ops.first.args]
    assert layouts == [0, 1, 2]
    assert str(module).count("fixpipe_params_arch3510<nz>") == 1
    assert STRUCT_TYPES["FixpipeParamsArch3510Type"](2).cpp_template_args() == (
        "AscendC::CO2Layout::COLUMN_MAJOR",
    )
    with pytest.raises(ParseError, match=r"unknown CO2Layout 'diagonal', expected one of nz"):
        parse_module(text.replace("<nz>", "<diagonal>"))
