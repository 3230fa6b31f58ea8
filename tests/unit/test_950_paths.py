"""The data paths Ascend 950 adds (docs/ascend950.md, "Data paths"): L1 -> UB and Fixpipe
L0C -> UB (and L0C -> L1, which Atlas A2/A3 has too): refused at the op for another SoC,
run on the simulator against numpy; and the DataCopy paths 950 drops (L1 -> UB, L1 -> GM:
DataCopyL1ToUB and test_950_datapaths.py instead)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl.dialects.ascendc.target import set_soc

sys.path.insert(0, str(Path(__file__).parent / "simulator"))
from cubekit import IR, ceil, gt, load_2d, lt
from test_sim_cube import _fixpipe, _load_operands, _mmad

A950 = "Ascend950PR_9599"
RNG = np.random.default_rng(11)


def _matmul_via(pos: str, m: int = 32, k: int = 32, n: int = 32, a_loads=None):
    """f16 (m x k) @ (k x n) -> f32 in L0C; Fixpipe (row major) into a local tensor at
    `pos`, then DataCopy from there to GM. On Ascend 950 Mmad reads A as Nz (Mmad.md),
    which is what L1 holds: one 2D load copies it (the Zz loads of Atlas A2/A3 would
    reorder it)."""
    ir = IR()
    _, b2 = _load_operands(ir, "f16", m, k, n, False)
    m1, k1 = ceil(m, 16), ceil(k, 16)
    a1 = ir.local("a1", 0, m1 * 16 * k1 * 16, "f16")
    a2 = ir.local("a2", 0, m1 * k1 * 256, "f16")
    for first, start, reps, stride in a_loads or [(0, 0, m1 * k1, 1)]:
        load_2d(ir, ir.sub(a2, first * 256, "f16"), a1, "f16", start, reps, stride)
    co1 = ir.local("co1", 0, ceil(m, 16) * ceil(n, 16) * 256, "f32")
    _mmad(ir, co1, a2, b2, "f16", m, n, k)
    staged = ir.local(pos, 64 * 1024, m * n, "f32")
    _fixpipe(ir, staged, co1, "f32", "f32", m, n)
    ir.lines[-2] = ir.lines[-2].replace(gt("f32"), lt("f32"), 1)  # a local dst
    c_gm = ir.gm("c", "f32")
    count = ir.const(m * n, "i32")
    ir.op(f"ascendc.data_copy_l2 {c_gm}, {staged}, {count} : {gt('f32')}, {lt('f32')}, i32")
    return ir.kernel()


def test_load_data_2d_params_run_as_the_v2_instruction_on_950():
    # The 3510 headers run LoadData2DParams as the V2 instruction (kStartPosition
    # startIndex, kStep repeatTimes, mStep 1): source fractal (startIndex + i) *
    # srcStride, where Atlas A2/A3 read startIndex + i * srcStride. Fractals 2 and 3
    # of A's Nz copy come from startIndex 1 with srcStride 2 and 3 (A2/A3: both 1).
    m = k = n = 32
    kernel = _matmul_via("vecout", a_loads=[(0, 0, 2, 1), (2, 1, 1, 2), (3, 1, 1, 3)])
    set_soc(kernel.module, "Ascend950")
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    kernel[1](a, b, c, platform=A950)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize(("pos", "on_a2"), [("vecout", False), ("a1", True)])
def test_fixpipe_to_a_local_tensor(pos, on_a2):
    m = k = n = 32
    kernel = _matmul_via(pos)
    set_soc(kernel.module, "Ascend950")
    if pos == "a1":  # 950 has no DataCopy L1 -> GM: test_950_datapaths takes L1 out via UB
        with pytest.raises(VerifyException, match=r"DataCopy L1 -> GM is not supported on"):
            kernel.module.verify()
        set_soc(kernel.module, "Ascend910B")
        kernel.module.verify()  # L0C -> L1 exists on Atlas A2/A3 too
        return
    kernel.module.verify()
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    kernel[1](a, b, c, platform=A950)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)
    set_soc(kernel.module, "Ascend910B")
    if on_a2:  # L0C -> L1 exists on Atlas A2/A3 too
        kernel.module.verify()
    else:
        with pytest.raises(
            VerifyException, match=r"Fixpipe L0C -> UB is a data path of Ascend 950"
        ):
            kernel.module.verify()


N = 512


@asc.jit
def through_l1(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    back = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, N * 4, N)
    l1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, N)
    asc.data_copy(ub, xg, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    # UB -> L1 in two bursts of half the tensor each, then L1 -> UB in one
    asc.data_copy(l1, ub, asc.DataCopyParams(2, N * 4 // 64, 0, 0))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(back, l1, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.muls(back, back, 2.0, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, back, N)


def test_l1_to_ub_by_data_copy_is_refused_on_950_at_its_line():
    # dav_3510's DataCopyL12UBIntf only asserts "unsupported": on 950 L1 -> UB is
    # DataCopyL1ToUB<T, subBlockId> on the AIC (test_950_datapaths.py)
    x = np.zeros(N, np.float32)
    with pytest.raises(asc.CompileError) as e:
        through_l1.compile(x, x, soc_version=A950)
    text = str(e.value)
    assert "DataCopy L1 -> UB is not supported on Ascend 950" in text
    assert "asc.data_copy_l1_to_ub" in text and "asc.data_copy(back, l1, N)" in text


def test_l1_to_ub_is_refused_on_atlas_a2_at_its_line():
    x = np.zeros(N, np.float32)
    with pytest.raises(asc.CompileError) as e:
        through_l1.compile(x, x)
    text = str(e.value)
    assert "DataCopy L1 -> UB is a data path of Ascend 950 (arch 3510)" in text
    assert "Ascend910B (Atlas A2/A3)" in text and "asc.data_copy(back, l1, N)" in text


@asc.jit(kernel_type="cube")
def l1_round_trip(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    l1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, N)
    asc.data_copy(l1, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(yg, l1, N)


def test_l1_to_gm_is_atlas_a2s_only():
    # Atlas A2/A3's AIC copies L1 -> GM on MTE3; 950's headers do not (DataCopyL12GMImpl
    # only asserts; the L1ToGM pages: 950 not supported): refused at the line
    x = RNG.standard_normal(N).astype(np.float32)
    y = np.zeros_like(x)
    l1_round_trip[1](x, y, sanitize="error")
    np.testing.assert_array_equal(y, x)
    with pytest.raises(asc.CompileError, match=r"DataCopy L1 -> GM is not supported on Ascend 950"):
        l1_round_trip.compile(x, y, soc_version=A950)
