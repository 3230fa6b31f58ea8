"""Ascend 950 (arch 3510) on the simulator: its capacities (UB 248 KiB), its split
AIC/AIV cores (mix kernels run), its dtype rules (a kernel is verified again for them at
launch), selected by `platform=` or ASC_XDSL_SOC_VERSION."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.memory import MemoryOverflowError

A950 = "Ascend950PR_9599"
# two tensors of 28 Ki f32 = 224 KiB: fit the 950's UB (248 KiB), not Atlas A2's (192 KiB)
N = 28 * 1024


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm, y_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, n * 4, n)
    base = asc.get_block_idx() * n
    asc.data_copy(a, x_gm[base:], n)
    asc.data_copy(b, y_gm[base:], n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.add(a, a, b, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm[base:], a, n)


def _operands():
    rng = np.random.default_rng(5)
    x = rng.standard_normal(2 * N).astype(np.float32)
    y = rng.standard_normal(2 * N).astype(np.float32)
    return x, y, np.zeros_like(x)


def test_950_ub_by_platform_option():
    x, y, z = _operands()
    add_kernel[2](x, y, z, N, platform=A950)
    np.testing.assert_allclose(z, x + y, rtol=1e-6)
    with pytest.raises(MemoryOverflowError):
        add_kernel[2](x, y, z, N, platform="Ascend910B1")


def test_950_selected_by_soc_version_env(monkeypatch):
    monkeypatch.delenv("ASC_XDSL_PLATFORM", raising=False)
    monkeypatch.setenv("ASC_XDSL_SOC_VERSION", A950)
    x, y, z = _operands()
    add_kernel[2](x, y, z, N)
    np.testing.assert_allclose(z, x + y, rtol=1e-6)
    # ASC_XDSL_PLATFORM, when set, still wins
    monkeypatch.setenv("ASC_XDSL_PLATFORM", "Ascend910B1")
    with pytest.raises(MemoryOverflowError):
        add_kernel[2](x, y, z, N)


@asc.jit(kernel_type="mix")
def ids_kernel(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    idx = asc.get_block_idx()
    if asc.ascend_is_aic():
        x_gm.set_value(100 + idx, 1000 + idx)
    else:
        x_gm.set_value(idx, 2000 + idx * 10 + asc.get_sub_block_idx())


def test_950_runs_mix_kernels_on_split_cores():
    x = np.zeros(200, np.int32)
    ids_kernel[2](x, platform=A950)
    assert x[:4].tolist() == [2000 + i * 10 + i % 2 for i in range(4)]
    assert x[100:102].tolist() == [1000, 1001]


@asc.jit
def exp_sub_kernel(x: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fused_exp_sub(t, t, t, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(x_gm, t, n)


def test_950_refuses_what_3510_drops_at_its_line():
    # FusedExpSub writes float only on 3510: fine on Atlas A2/A3, refused on a 950
    x = np.zeros(128, np.float16)
    exp_sub_kernel[1](x, 128)
    np.testing.assert_array_equal(x, np.ones(128, np.float16))
    # launched on a 950, the kernel is compiled for it: refused at its line
    with pytest.raises(asc.CompileError) as e:
        exp_sub_kernel[1](x, 128, platform=A950)
    text = str(e.value)
    assert "FusedExpSub does not support element type f16 on Ascend 950" in text
    assert "test_sim_950.py" in text and "asc.fused_exp_sub(t, t, t, n)" in text
    # a kernel compiled for Atlas A2 and launched on a 950 is verified again there
    from asc_xdsl.runtime.backends import get_backend

    compiled = exp_sub_kernel.compile(x, 128)
    with pytest.raises(LaunchError) as e:
        get_backend("cpu").launch(compiled, 1, [x, 128], platform=A950)
    text = str(e.value)
    assert f"launched on platform {A950} (Ascend 950)" in text
    assert "FusedExpSub does not support element type f16 on Ascend 950" in text


def test_950_through_pyasc_set_platform(monkeypatch):
    from asc_xdsl.runtime import backends, config

    # registered with monkeypatch so the values set_platform writes are undone afterwards
    monkeypatch.setenv("ASC_XDSL_PLATFORM", "Ascend910B1")
    monkeypatch.setenv("ASC_XDSL_SOC_VERSION", "Ascend910B1")
    try:
        config.set_platform("CPU", soc_version=A950)
        x, y, z = _operands()
        add_kernel[2](x, y, z, N)  # 224 KiB of UB: runs only on the 950's
        np.testing.assert_allclose(z, x + y, rtol=1e-6)
    finally:
        backends.set_backend(None)
    assert config.Platform(A950).value == A950
