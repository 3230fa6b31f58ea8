"""Tensor arguments on the CPU simulator (runtime/tensors.py): numpy, torch CPU, DLPack
and array-interface objects read and written in place; copies (with a warning) for
non-contiguous tensors, written back; NPU memory and tensors needing grad refused."""

from __future__ import annotations

import numpy as np
import pytest
from dlpack_fakes import ArrayInterfaceOnly, DLPackOnly, FakeNpuTensor

import asc_xdsl as asc
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.tensors import TensorCopyWarning, is_tensor, tensor_dtype

N = 64


@asc.jit
def doubled(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, t, N)


def _x() -> np.ndarray:
    return np.arange(N, dtype=np.float32)


@pytest.mark.parametrize("wrap", [DLPackOnly, ArrayInterfaceOnly], ids=["dlpack", "interface"])
def test_protocol_objects_are_read_and_written_in_place(wrap):
    x, z = _x(), np.zeros(N, np.float32)
    doubled[1](wrap(x), wrap(z), backend="cpu")
    np.testing.assert_array_equal(z, 2 * x)


def test_protocol_objects_specialise_by_their_element_type():
    x = np.zeros(4, np.float16)
    assert is_tensor(DLPackOnly(x)) and is_tensor(ArrayInterfaceOnly(x))
    assert str(tensor_dtype(DLPackOnly(x))) == "float16"
    assert tensor_dtype(ArrayInterfaceOnly(x)) == np.float16
    assert not is_tensor(DLPackOnly(np.array(1.0, np.float32)))  # 0-d: a scalar
    assert not is_tensor([1.0, 2.0]) and not is_tensor(np.ndarray)


def test_non_contiguous_output_is_copied_with_a_warning_and_written_back():
    z_full = np.zeros((N, 2), np.float32)
    with pytest.warns(TensorCopyWarning, match=r"argument 'z': the array is not contiguous") as w:
        doubled[1](_x(), z_full[:, 1], backend="cpu")
    assert w[0].filename == __file__  # points at the launch, not into asc_xdsl
    np.testing.assert_array_equal(z_full[:, 1], 2 * _x())
    assert not z_full[:, 0].any()


def test_npu_memory_on_the_simulator_is_a_clear_error():
    npu = FakeNpuTensor(np.zeros(N, np.float32))
    with pytest.raises(
        LaunchError,
        match=r"argument 'x': the CPU simulator needs a CPU tensor, got a DLPack tensor on "
        r"npu \(kDLExtDev\) 0\. hint: pass `x.cpu\(\)`",
    ):
        doubled[1](npu, np.zeros(N, np.float32), backend="cpu")


def test_something_else_names_what_a_gm_parameter_takes():
    with pytest.raises(TypeError, match=r"argument 'x'.*pass an array \(numpy, torch, or any obj"):
        doubled[1]([0.0] * N, np.zeros(N, np.float32), backend="cpu")


def test_torch_cpu_tensors_needing_grad_are_refused_with_a_hint():
    torch = pytest.importorskip("torch")
    x = torch.arange(N, dtype=torch.float32, requires_grad=True)
    z = torch.zeros(N)
    with pytest.raises(
        LaunchError,
        match=r"argument 'x' is a leaf tensor that requires grad.*hint: pass `x.detach\(\)`, "
        r"or launch inside `with torch.no_grad\(\):`",
    ):
        doubled[1](x, z, backend="cpu")
    assert not z.any()
    with pytest.raises(LaunchError, match=r"argument 'z' is a tensor that requires grad"):
        doubled[1](x.detach(), x * 1, backend="cpu")
    with torch.no_grad():  # the caller's intent: no graph to corrupt
        doubled[1](x, z, backend="cpu")
    doubled[1](x.detach(), z, backend="cpu")
    assert torch.equal(z, 2 * x.detach())


def test_torch_non_contiguous_and_dlpack_exports():
    torch = pytest.importorskip("torch")
    x = torch.arange(2 * N, dtype=torch.float32).reshape(N, 2)[:, 0]  # strided input
    z_full = torch.zeros(N, 2)
    with pytest.warns(TensorCopyWarning, match=r"argument 'x': the torch tensor"):
        doubled[1](x, z_full[:, 1], backend="cpu")
    assert torch.equal(z_full[:, 1], 2 * x) and not z_full[:, 0].any()
    z = torch.zeros(N)
    doubled[1](DLPackOnly(x.contiguous()), DLPackOnly(z), backend="cpu")  # via torch's DLPack
    assert torch.equal(z, 2 * x)
