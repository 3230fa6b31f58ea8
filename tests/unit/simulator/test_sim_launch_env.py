"""Running code you do not own on the simulator: pyasc's backend names mapped to ours
(ASC_XDSL_BACKEND_MAP), GM over-reads from the environment (ASC_XDSL_GM_OVERREAD), and
torch CPU tensors as kernel arguments (read and written in place)."""

import warnings

import numpy as np
import pytest

import asc_xdsl as asc
import asc_xdsl.runtime.config as config
from asc_xdsl.runtime import backends
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator import GmAccessError
from asc_xdsl.runtime.simulator.gm_overread import GmOverreadWarning

TILE = 64


@asc.jit
def twice_whole_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """z = 2 * x over whole tiles in; the last tile's read runs past x's end when n is
    not a multiple of TILE; only the valid part is written."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    for i in range((n + TILE - 1) // TILE):
        asc.data_copy(t, xg[i * TILE :], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(t, t, 2.0, TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy_pad(
            zg[i * TILE :], t, asc.DataCopyExtParams(1, min(TILE, n - i * TILE) * 4, 0, 0, 0)
        )
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


@pytest.fixture
def selected_backend():
    """set_platform selects a backend for the process: restore the default after."""
    yield
    backends.set_backend(None)


def test_npu_mapped_to_the_simulator(monkeypatch, selected_backend):
    monkeypatch.setenv("ASC_XDSL_BACKEND_MAP", "NPU=cpu, Model=cpu")
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    config.set_platform(config.Backend.NPU)  # no CANN needed: it runs on the simulator
    x = np.arange(128, dtype=np.float32) - 50
    z = np.zeros_like(x)
    twice_whole_tiles[1](x, z, 128)
    np.testing.assert_array_equal(z, 2 * x)
    assert asc.runtime.last_profile().kernel == "twice_whole_tiles"


def test_unmapped_names_keep_their_backend(monkeypatch):
    monkeypatch.setenv("ASC_XDSL_BACKEND_MAP", "Model=cpu")
    assert config.backend_name(config.Backend.Model) == "cpu"
    assert config.backend_name(config.Backend.NPU) == "npu"
    monkeypatch.delenv("ASC_XDSL_BACKEND_MAP")
    assert config.backend_name(config.Backend.Model) == "model"


@pytest.mark.parametrize("text", ["NPU", "GPU=cpu", "NPU="])
def test_bad_backend_map_is_a_clear_error(monkeypatch, text):
    monkeypatch.setenv("ASC_XDSL_BACKEND_MAP", text)
    with pytest.raises(ValueError, match=r"ASC_XDSL_BACKEND_MAP=.*is not Name=backend"):
        config.backend_name(config.Backend.NPU)


def test_map_to_an_unknown_backend_is_a_clear_error(monkeypatch, selected_backend):
    monkeypatch.setenv("ASC_XDSL_BACKEND_MAP", "NPU=tpu")
    with pytest.raises(LaunchError, match="unknown backend 'tpu'"):
        config.set_platform(config.Backend.NPU)


def test_gm_overread_from_the_environment(monkeypatch):
    n = 100  # not a multiple of TILE: the second tile reads 28 floats past x's end
    x = np.linspace(-3, 3, n, dtype=np.float32)
    z = np.zeros_like(x)
    with pytest.raises(GmAccessError, match="GM access outside argument 'x'"):
        twice_whole_tiles[1](x, z, n, backend="cpu")
    monkeypatch.setenv("ASC_XDSL_GM_OVERREAD", "pad")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        twice_whole_tiles[1](x, z, n, backend="cpu")
    assert [w.category for w in caught] == [GmOverreadWarning]
    np.testing.assert_array_equal(z, 2 * x)
    # the keyword wins over the environment
    with pytest.raises(GmAccessError):
        twice_whole_tiles[1](x, z, n, backend="cpu", gm_overread="error")
    monkeypatch.setenv("ASC_XDSL_GM_OVERREAD", "padding")
    with pytest.raises(LaunchError, match="ASC_XDSL_GM_OVERREAD must be 'error', 'zeros' or"):
        twice_whole_tiles[1](x, z, n, backend="cpu")


def test_torch_cpu_tensors_are_read_and_written_in_place():
    torch = pytest.importorskip("torch")
    x = torch.randn(256, dtype=torch.float32)
    z = torch.zeros_like(x)
    twice_whole_tiles[1](x, z, 256, backend="cpu")
    assert torch.equal(z, 2 * x)


def test_torch_tensor_off_the_host_is_a_clear_error():
    torch = pytest.importorskip("torch")
    x = torch.zeros(64, device="meta")
    with pytest.raises(LaunchError, match="argument 'x': the CPU simulator needs a CPU tensor"):
        twice_whole_tiles[1](x, torch.zeros(64), 64, backend="cpu")


def test_non_contiguous_torch_tensor_is_copied_with_a_warning():
    torch = pytest.importorskip("torch")
    x = torch.arange(128, dtype=torch.float32).reshape(64, 2)[:, 0]
    z_full = torch.zeros(64, 2)
    with pytest.warns(UserWarning, match="argument 'z': the torch tensor is not contiguous"):
        twice_whole_tiles[1](x, z_full[:, 1], 64, backend="cpu")
    assert torch.equal(z_full[:, 1], 2 * x) and not z_full[:, 0].any()


def test_harness_npu_device_is_host_memory():
    """tools/pyasc_suite's stand-in for torch_npu: device "npu" tensors are CPU tensors
    that kernels mapped to the simulator read and write."""
    torch = pytest.importorskip("torch")
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools/pyasc_suite/sandbox"))
    try:
        from _pyasc_suite_torch import npu_is_host_mode
    finally:
        sys.path.pop(0)
    with npu_is_host_mode():
        x = torch.randint(-5, 5, (128,), device="npu").to(torch.float32)
        z = torch.zeros(128, dtype=torch.float32, device="npu:0")
        y = torch.ones(2).to("npu")
    assert (x.device.type, z.device.type, y.device.type) == ("cpu", "cpu", "cpu")
    twice_whole_tiles[1](x, z, 128, backend="cpu")
    assert torch.equal(z, 2 * x)


def test_harness_groups_simulator_errors_across_blocks_and_sizes():
    """tools/pyasc_suite groups a simulator error by its kind, not by block or bytes."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
    try:
        from pyasc_suite.python_suite import _group
    finally:
        sys.path.pop(0)
    a = (
        "GmAccessError: t.py:45:5: block 8: ascendc.data_copy_l2 (DataCopy): GM access outside "
        "argument 'z': DataCopy writes dst bytes [2016, 4064) but the array has 4000 bytes"
    )
    b = a.replace("block 8", "block 15").replace("[2016, 4064)", "[39548, 41596)")
    assert _group(a) == _group(b.replace("4000 bytes", "40000 bytes"))
    assert "writes dst bytes [a, b)" in _group(a)
