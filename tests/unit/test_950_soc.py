"""A kernel selects its SoC the usual way (`soc_version=`, the simulator's `platform=`,
ASC_XDSL_PLATFORM / ASC_XDSL_SOC_VERSION, pyasc's `config.set_platform`) and the
frontend compiles its module for it: the verifiers' rules, plan-memory's capacities and
the simulator all see the 950 part (docs/ascend950.md, "Selecting it")."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl import soc as soc_table

A950 = "Ascend950PR_9599"
N = 256
# a tensor that ends past 192 KiB (Atlas A2's UB) but inside 248 KiB (the 950's)
HIGH = 200 * 1024


@asc.jit
def high_kernel(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, HIGH, N)
    asc.data_copy(t, x_gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adds(t, t, 1.0, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(x_gm, t, N)


@asc.jit(soc_version=A950)
def exp_sub_950(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, N)
    asc.fused_exp_sub(t, t, t, N)


def _soc(compiled) -> str:
    return compiled.module.attributes[soc_table.SOC_ATTR].data


def test_the_module_names_the_selected_soc(monkeypatch):
    monkeypatch.delenv("ASC_XDSL_PLATFORM", raising=False)
    monkeypatch.delenv("ASC_XDSL_SOC_VERSION", raising=False)
    x = np.zeros(N, np.float32)
    assert _soc(high_kernel.compile(x, run_passes=False)) == "Ascend910B"
    # a part compiles as its series (every 950 part alike): one module, one cache entry
    assert soc_table.compile_target(A950) == "Ascend950"
    assert _soc(high_kernel.compile(x, soc_version=A950, run_passes=False)) == "Ascend950"
    monkeypatch.setenv("ASC_XDSL_SOC_VERSION", A950)
    assert _soc(high_kernel.compile(x, run_passes=False)) == "Ascend950"
    monkeypatch.setenv("ASC_XDSL_PLATFORM", "Ascend910B1")  # the simulator's, first
    assert _soc(high_kernel.compile(x, run_passes=False)) == "Ascend910B"


def test_plan_memory_and_the_simulator_see_the_950(monkeypatch):
    monkeypatch.delenv("ASC_XDSL_PLATFORM", raising=False)
    monkeypatch.delenv("ASC_XDSL_SOC_VERSION", raising=False)
    x = np.arange(N, dtype=np.float32)
    with pytest.raises(asc.CompileError, match=r"Ascend910B1 has 196608 bytes of UB"):
        high_kernel.compile(x)
    # the launch's platform is the SoC it is compiled for, and the memory cache keys it
    high_kernel[1](x, platform=A950)
    np.testing.assert_array_equal(x, np.arange(N) + 1)
    high_kernel[1](x, soc_version=A950)  # the option sets the simulator's platform too
    np.testing.assert_array_equal(x, np.arange(N) + 2)
    with pytest.raises(asc.CompileError, match=r"196608 bytes of UB"):
        high_kernel[1](x, platform="Ascend910B1")


def test_pyasc_set_platform_selects_it(monkeypatch):
    from asc_xdsl.runtime import backends, config

    monkeypatch.setenv("ASC_XDSL_PLATFORM", "Ascend910B1")
    monkeypatch.setenv("ASC_XDSL_SOC_VERSION", "Ascend910B1")
    x = np.zeros(N, np.float32)
    try:
        config.set_platform("CPU", soc_version=config.Platform(A950))
        high_kernel[1](x)
    finally:
        backends.set_backend(None)
    assert (x == 1).all()
    assert _soc(high_kernel.compile(x, soc_version=config.Platform(A950))) == "Ascend950"


def test_a_3510_rule_is_reported_at_the_line():
    with pytest.raises(asc.CompileError) as e:
        exp_sub_950.compile(np.zeros(N, np.float16))
    text = str(e.value)
    assert "FusedExpSub does not support element type f16 on Ascend 950" in text
    assert "test_950_soc.py" in text and "asc.fused_exp_sub(t, t, t, N)" in text


def test_bad_selections_are_errors():
    x = np.zeros(N, np.float32)
    with pytest.raises(TypeError, match=r"option soc_version must be a SoC asc_xdsl knows"):
        high_kernel.compile(x, soc_version="Ascend999")
    with pytest.raises(TypeError, match=r"name different SoCs"):
        high_kernel[1](x, soc_version=A950, platform="Ascend910B1")
    with pytest.raises(TypeError, match=r"option soc_version must be"):
        asc.jit(soc_version=950)(high_kernel.fn)
