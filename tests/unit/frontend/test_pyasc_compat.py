"""pyasc's launch-side names: asc.runtime.config, asc.lib.runtime, kernel[n, stream]."""

import numpy as np
import pytest
import run_kernels as K

import asc_xdsl.lib.runtime as rt
import asc_xdsl.runtime.config as config
from asc_xdsl.runtime import backends


@pytest.fixture(autouse=True)
def _reset_backend():
    yield
    backends.set_backend(None)


def test_launch_with_a_stream_and_constant_loop_bounds():
    config.set_platform(config.Backend.CPU)
    x = np.arange(8 * 64, dtype=np.float32)
    expected = x + 1
    K.constant_bound_loop[1, rt.current_stream()](x, 64)
    np.testing.assert_array_equal(x, expected)


def test_set_platform_selects_the_backend(monkeypatch):
    # registered with monkeypatch so the values set_platform writes are undone afterwards
    monkeypatch.setenv("ASC_XDSL_PLATFORM", "Ascend910B1")
    monkeypatch.setenv("ASC_XDSL_SOC_VERSION", "Ascend910B1")
    config.set_platform("CPU", soc_version=config.Platform.Ascend910B2)
    assert type(backends.get_backend()).__name__ == "CpuSimulatorBackend"
    import os

    assert os.environ["ASC_XDSL_PLATFORM"] == "Ascend910B2"


def test_cann_backends_without_cann_fail_at_once(monkeypatch, tmp_path):
    from asc_xdsl.runtime.cann.errors import ToolkitNotFoundError

    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path / "nowhere"))
    with pytest.raises(ToolkitNotFoundError, match="no CANN toolkit found"):
        config.set_platform(config.Backend.Model)


def test_unknown_backend():
    with pytest.raises(ValueError, match="unknown backend 'GPU'"):
        config.set_platform("GPU")


def test_pyasc_kernel_type_enum():
    x = np.zeros(64, np.float32)
    compiled = K.constant_bound_loop.compile(
        x, 64, always_compile=True, kernel_type=config.KernelType.MIX_AIC_1_2
    )
    assert compiled.kernel_type == "mix"
    compiled = K.constant_bound_loop.compile(
        x, 64, always_compile=True, kernel_type=config.KernelType.AIV_ONLY
    )
    assert compiled.kernel_type == "vector"


def test_bad_grid():
    with pytest.raises(TypeError, match="takes block_dim and optionally a stream"):
        K.constant_bound_loop[1, 2, 3]
