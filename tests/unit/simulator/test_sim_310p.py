"""Atlas inference (310P) on the simulator: one AI Core per block runs vector and cube
kernels with 310P's capacities (UB 256 KiB, L0C 256 KiB), ASCEND_IS_AIC/AIV are false;
mix kernels and FFTS cross-core flags are refused with the reason."""

from __future__ import annotations

import numpy as np
import pytest
from cubekit import IR, ceil
from test_sim_cube import ACC, _load_operands, _mmad

import asc_xdsl as asc
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.memory import MemoryOverflowError
from asc_xdsl.runtime.simulator.platform import get_platform

P310 = "Ascend310P"
UB_ELEMS = 60 * 1024  # 240 KiB of f32: fits 310P's UB (256 KiB), not Atlas A2's (192 KiB)


def test_310p_platform_comes_from_the_soc_table():
    p = get_platform(P310)
    assert p.memory_sizes["UB"] == 256 * 1024 and p.memory_sizes["L0C"] == 256 * 1024
    assert p.kernel_types == ("vector", "cube") and not p.split_cores


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm, y_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    # two tensors of n f32: 2 x 120 KiB exceed Atlas A2's UB
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, n * 4, n)
    base = asc.get_block_idx() * n
    asc.data_copy(a, x_gm[base:], n)
    asc.data_copy(b, y_gm[base:], n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.add(a, a, b, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm[base:], a, n)


def test_vector_kernel_on_310p():
    n = UB_ELEMS // 2
    rng = np.random.default_rng(3)
    x = rng.standard_normal(2 * n).astype(np.float32)
    y = rng.standard_normal(2 * n).astype(np.float32)
    z = np.zeros_like(x)
    add_kernel[2](x, y, z, n, platform=P310)
    np.testing.assert_allclose(z, x + y, rtol=1e-6)
    with pytest.raises(MemoryOverflowError):
        add_kernel[2](x, y, z, n, platform="Ascend910B1")


def _cube_kernel(m: int, k: int, n: int, co1_elems: int):
    """A matmul whose L0C tile holds co1_elems accumulators. It leaves L0C by Atlas A2/A3's
    DataCopy to GM: 310P's way out (DataCopy to UB with DataCopyEnhancedParams) is not
    simulated yet, and the module names no SoC, so no verifier refuses it here."""
    ir = IR()
    a2, b2 = _load_operands(ir, "f16", m, k, n, True)
    c_gm = ir.gm("c", "f32")
    co1 = ir.local("co1", 0, co1_elems, ACC["f16"])
    _mmad(ir, co1, a2, b2, "f16", m, n, k)
    p = ir.struct(
        "data_copy_co12dst_params",
        [(n, "ui16"), (m, "ui16"), (n, "ui32"), (ceil(m, 16) * 16, "ui16"), (0, "i64"),
         (0, "ui8"), (False, "i1"), (True, "i1")],
    )  # fmt: skip
    ir.op(
        f"ascendc.data_copy_co12dst {c_gm}, {co1}, {p} : !ascendc.global_tensor<*xf32>, "
        "!ascendc.local_tensor<*xf32>, !ascendc.data_copy_co12dst_params"
    )
    return ir.kernel()


def test_cube_kernel_on_310p():
    m, k, n = 32, 48, 64
    rng = np.random.default_rng(5)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    # a 192 KiB L0C tile: within 310P's 256 KiB, beyond Atlas A2's 128 KiB
    kernel = _cube_kernel(m, k, n, 48 * 1024)
    kernel[1](a, b.T.copy(), c, platform=P310)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)
    with pytest.raises(MemoryOverflowError):
        kernel[1](a, b.T.copy(), c, platform="Ascend910B1")


@asc.jit(kernel_type="cube")
def core_type_kernel(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    flags = 0
    if asc.ascend_is_aic():
        flags = flags + 1
    if asc.ascend_is_aiv():
        flags = flags + 2
    x_gm.set_value(asc.get_block_idx(), 10 + flags)


def test_310p_ai_core_is_neither_aic_nor_aiv():
    # g_coreType is MIX on dav-m200: ASCEND_IS_AIC and ASCEND_IS_AIV are both false
    x = np.zeros(3, np.int32)
    core_type_kernel[3](x, platform=P310)
    assert x.tolist() == [10, 10, 10]
    core_type_kernel[3](x, platform="Ascend910B1")
    assert x.tolist() == [11, 11, 11]


@asc.jit(kernel_type="mix")
def mix_kernel(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    x_gm.set_value(0, 1)


@asc.jit(kernel_type="cube")
def ffts_kernel(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    asc.cross_core_set_flag(5, mode_id=0, pipe=asc.PipeID.PIPE_FIX)
    x_gm.set_value(0, 1)


def test_310p_refuses_mix_kernels_and_ffts_flags():
    x = np.zeros(4, np.int32)
    with pytest.raises(LaunchError, match=r"Ascend310P runs vector, cube kernels, not 'mix'"):
        mix_kernel[1](x, platform=P310)
    with pytest.raises(SimulatorError, match=r"no separate cube and vector cores, so no FFTS"):
        ffts_kernel[1](x, platform=P310)


@asc.jit
def neg_kernel(x: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.neg(t, t, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(x_gm, t, n)


def test_a_kernel_is_verified_for_the_platform_family():
    # launched on 310P, the kernel is compiled for it: Neg is refused at its line
    x = np.arange(128, dtype=np.float16)
    neg_kernel[1](x, 128)
    np.testing.assert_array_equal(x, -np.arange(128, dtype=np.float16))
    with pytest.raises(asc.CompileError, match=r"Neg is not supported on Atlas inference"):
        neg_kernel[1](x, 128, platform=P310)
    # compiled for Atlas A2/A3 and launched on 310P, it is verified again there
    from asc_xdsl.runtime.backends import get_backend

    compiled = neg_kernel.compile(x, 128)
    with pytest.raises(
        LaunchError,
        match=r"launched on platform Ascend310P \(Atlas inference\)"
        r"(.|\n)*Neg is not supported on Atlas inference",
    ):
        get_backend("cpu").launch(compiled, 1, [x, 128], platform=P310)
