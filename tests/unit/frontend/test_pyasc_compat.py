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


def _no_cann(monkeypatch, tmp_path):
    from asc_xdsl.runtime.cann import toolkit

    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path / "nowhere"))
    monkeypatch.delenv("ASCEND_TOOLKIT_HOME", raising=False)
    monkeypatch.setattr(toolkit, "DEFAULT_HOME", tmp_path / "nowhere")


def test_cann_backends_without_cann_name_the_variables_that_fix_it(monkeypatch, tmp_path):
    from asc_xdsl.runtime.cann.errors import ToolkitNotFoundError

    _no_cann(monkeypatch, tmp_path)
    monkeypatch.delenv("ASC_XDSL_BACKEND", raising=False)
    with pytest.raises(ToolkitNotFoundError) as info:
        config.set_platform(config.Backend.NPU)
    message = str(info.value)
    assert "Backend.NPU" in message
    assert "ASC_XDSL_BACKEND=cpu" in message
    assert "ASC_XDSL_BACKEND_MAP=NPU=cpu" in message


@pytest.mark.parametrize("backend", [config.Backend.NPU, config.Backend.Model])
@pytest.mark.parametrize("check", [True, False])
def test_cann_backends_without_cann_fall_back_when_asked_for_cpu(
    monkeypatch, tmp_path, backend, check
):
    _no_cann(monkeypatch, tmp_path)
    monkeypatch.setenv("ASC_XDSL_BACKEND", "cpu")
    config.set_platform(backend, check=check)
    assert type(backends.get_backend()).__name__ == "CpuSimulatorBackend"
    x = np.arange(8 * 64, dtype=np.float32)
    K.constant_bound_loop[1](x, 64)
    np.testing.assert_array_equal(x, np.arange(8 * 64, dtype=np.float32) + 1)


def test_cann_backends_with_cann_keep_their_backend_under_cpu(monkeypatch, tmp_path):
    # ASC_XDSL_BACKEND=cpu is the fallback without CANN, not an override of the script
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path))
    monkeypatch.setenv("ASC_XDSL_BACKEND", "cpu")
    config.set_platform(config.Backend.Model)
    assert backends._selected == "model"


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
