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
    assert "the UB of block 0's AIV 0 (Fixpipe L0C -> UB from its AIC)" in text
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
        (("VECCALC", True, "NZ"), "FixpipeParamsArch3510 is built for CO2Layout::ROW_MAJOR"),
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
