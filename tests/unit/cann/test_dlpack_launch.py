"""NPU-resident tensors on the CANN backend (fake ACL): a DLPack `kDLExtDev` export or a
torch_npu tensor goes to the launch by its device pointer, with no host copy."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from cann_fake import vector_add_kernel
from dlpack_fakes import DLPackOnly, FakeNpuTensor

from asc_xdsl.runtime.kernel import LaunchError

N = 64


def _copies(calls: list[str]) -> list[str]:
    return [c for c in calls if c.startswith(("aclrtMalloc", "aclrtMemcpy", "aclrtFree"))]


def test_dlpack_npu_tensors_pass_their_device_pointers(fake_toolkit):
    x = np.arange(N, dtype=np.float32)
    y = np.full(N, 0.5, np.float32)
    z_memory = np.zeros(N + 8, np.float32)  # z starts 32 bytes into its allocation
    tx, ty = FakeNpuTensor(x), FakeNpuTensor(y)
    tz = FakeNpuTensor(z_memory, shape=(N,), byte_offset=32)
    expected = x + y
    vector_add_kernel()[1](tx, ty, tz, N, backend="npu")
    assert _copies(fake_toolkit.acl_calls()) == []  # no host copy, no device allocation
    pointers = struct.unpack("<QQQ", fake_toolkit.last_args()[:24])
    assert pointers == (tx.address, ty.address, tz.address)
    assert tz.address == z_memory.ctypes.data + 32
    np.testing.assert_array_equal(z_memory[8:], expected)  # the fake kernel ran on them
    assert x[0] == -1.0  # and scribbled on the input's own memory: it was not a copy


def test_host_and_npu_tensors_mix(fake_toolkit):
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, np.float32)
    tz = FakeNpuTensor(z)
    vector_add_kernel()[1](DLPackOnly(x), np.full(N, 0.5, np.float32), tz, N, backend="npu")
    calls = fake_toolkit.acl_calls()
    # the two host tensors are copied in; the NPU one is neither copied in nor out
    assert [c for c in calls if "Memcpy" in c] == [
        "aclrtMemcpy H2D dev0<-host n=256",
        "aclrtMemcpy H2D dev1<-host n=256",
    ]
    assert struct.unpack("<Q", fake_toolkit.last_args()[16:24])[0] == tz.address
    np.testing.assert_array_equal(z, x + 0.5)


def test_strided_dlpack_npu_tensor_is_refused_before_any_device_call(fake_toolkit):
    z = FakeNpuTensor(np.zeros(2 * N, np.float32), shape=(N,), strides=(2,))
    x = np.zeros(N, np.float32)
    with pytest.raises(
        LaunchError, match=r"argument 2: the NPU tensor \(npu \(kDLExtDev\) 0\) is not contiguous"
    ):
        vector_add_kernel()[1](x, x, z, N, backend="npu")
    assert fake_toolkit.acl_calls() == []


class _Device:
    type = "npu"

    def __str__(self) -> str:
        return "npu:0"


class FakeTorchNpu:
    """Quacks like a torch_npu tensor (module 'torch', device npu), over host memory."""

    __module__ = "torch"
    device = _Device()

    def __init__(self, array: np.ndarray, requires_grad: bool = False) -> None:
        self.array = array
        self.requires_grad = requires_grad
        self.is_leaf = True
        self.copied_from: FakeTorchNpu | None = None

    def data_ptr(self) -> int:
        return int(self.array.ctypes.data)

    def is_contiguous(self) -> bool:
        return bool(self.array.flags.c_contiguous)

    def contiguous(self) -> FakeTorchNpu:
        return FakeTorchNpu(np.ascontiguousarray(self.array))

    def copy_(self, other: FakeTorchNpu) -> None:
        self.array[...] = other.array
        self.copied_from = other

    def numel(self) -> int:
        return int(self.array.size)

    def element_size(self) -> int:
        return int(self.array.itemsize)


def test_torch_npu_tensor_needing_grad_is_refused(fake_toolkit):
    x = np.zeros(N, np.float32)
    with pytest.raises(
        LaunchError, match=r"argument 0 is a leaf tensor that requires grad.*\.detach\(\)"
    ):
        vector_add_kernel()[1](FakeTorchNpu(x, requires_grad=True), x, x, N, backend="npu")
    assert fake_toolkit.acl_calls() == []


def test_strided_torch_npu_output_runs_on_a_device_copy_written_back(fake_toolkit):
    x, y = np.arange(N, dtype=np.float32), np.ones(N, np.float32)
    z_full = np.zeros((N, 2), np.float32)
    tz = FakeTorchNpu(z_full[:, 1])
    expected = x + y
    with pytest.warns(UserWarning, match=r"argument 2: the NPU tensor is not contiguous"):
        vector_add_kernel()[1](FakeTorchNpu(x), FakeTorchNpu(y), tz, N, backend="npu")
    assert _copies(fake_toolkit.acl_calls()) == []
    assert tz.copied_from is not None  # the launch wrote a contiguous copy, copy_'d back
    pointer = struct.unpack("<Q", fake_toolkit.last_args()[16:24])[0]
    assert pointer == tz.copied_from.data_ptr()
    np.testing.assert_array_equal(z_full[:, 1], expected)
    assert not z_full[:, 0].any()


def test_read_only_output_is_refused_before_any_device_call(fake_toolkit):
    x = np.zeros(N, np.float32)
    z = np.zeros(N, np.float32)
    z.flags.writeable = False
    with pytest.raises(
        LaunchError, match=r"argument 2 \(parameter '\w+'\): the array is read-only"
    ):
        vector_add_kernel()[1](x, x, z, N, backend="npu")
    assert fake_toolkit.acl_calls() == []
