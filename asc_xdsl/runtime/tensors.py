"""Tensors as kernel arguments: what a GM pointer parameter accepts, on every backend.

A GM pointer parameter takes a numpy array, a torch tensor, or any object that exports
its memory through DLPack (`__dlpack__` / `__dlpack_device__`: JAX, CuPy, PaddlePaddle,
MindSpore, ...) or numpy's array interface (`__array_interface__`). What happens to it:

| argument | `cpu` (simulator) | `npu` / `model` (CANN) |
|---|---|---|
| host memory (numpy, torch CPU, DLPack CPU or pinned host, array interface) | read and written in place | copied to the device and back |
| NPU memory (torch_npu tensor, DLPack `kDLExtDev`) | refused: the simulator reads host memory | passed by its device pointer, no copy |
| not contiguous | a contiguous copy, with a `TensorCopyWarning`; the results are copied back into the original | the same (a torch_npu tensor: `.contiguous()` on the device, `copy_` back) |
| torch tensor with `requires_grad` while autograd records | refused: a kernel's writes are invisible to autograd; pass `.detach()` or launch under `torch.no_grad()` | the same |

DLPack has no device type of its own for Ascend NPUs: torch exports the tensors of its
out-of-tree ("PrivateUse1") backends, torch_npu's `npu` among them, as `kDLExtDev` (12),
so a DLPack producer reporting `kDLExtDev` is taken as NPU memory.

Pure Python on numpy and ctypes: no xDSL, no torch import (torch is only looked at).
"""

from __future__ import annotations

import ctypes
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.utils.records import FrozenRecord, init_fields

__all__ = [
    "DLPACK_EXT_DEV",
    "DeviceTensor",
    "HostArray",
    "TensorCopyWarning",
    "device_tensor",
    "host_array",
    "is_tensor",
    "tensor_dtype",
]


class TensorCopyWarning(UserWarning):
    """A tensor argument the launch had to copy (it is not contiguous): correct, but the
    copy costs time and memory; pass a contiguous tensor to avoid it."""


# DLPack's DLDeviceType values (dlpack.h)
DLPACK_CPU = 1
DLPACK_CUDA_HOST = 3  # pinned host memory
DLPACK_ROCM_HOST = 11
DLPACK_EXT_DEV = 12  # torch's PrivateUse1 backends: torch_npu's NPU tensors
DLPACK_CUDA_MANAGED = 13  # unified memory, readable from the host
HOST_DEVICES = {DLPACK_CPU, DLPACK_CUDA_HOST, DLPACK_ROCM_HOST, DLPACK_CUDA_MANAGED}
DLPACK_DEVICE_NAMES = {
    1: "cpu", 2: "cuda", 3: "cuda_host", 4: "opencl", 7: "vulkan", 8: "metal", 9: "vpi",
    10: "rocm", 11: "rocm_host", 12: "npu (kDLExtDev)", 13: "cuda_managed", 14: "oneapi",
    15: "webgpu", 16: "hexagon",
}  # fmt: skip

# DLPack's DLDataTypeCode and bit width -> numpy's name of the element type
_DLPACK_DTYPES = {
    (0, 8): "int8", (0, 16): "int16", (0, 32): "int32", (0, 64): "int64",
    (1, 8): "uint8", (1, 16): "uint16", (1, 32): "uint32", (1, 64): "uint64",
    (2, 16): "float16", (2, 32): "float32", (2, 64): "float64",
    (4, 16): "bfloat16", (6, 8): "bool",
}  # fmt: skip
_DLPACK_READ_ONLY = 1  # DLPACK_FLAG_BITMASK_READ_ONLY of a versioned capsule


class DeviceTensor(FrozenRecord):
    """A tensor in NPU memory: launched by its pointer, never copied to the host
    (`write_back` copies a contiguous device copy back into a non-contiguous original)."""

    _FIELDS = ("address", "nbytes", "device", "write_back")
    __slots__ = _FIELDS

    def __init__(
        self,
        address: int,
        nbytes: int,
        device: str,
        write_back: Callable[[], None] | None = None,
    ) -> None:
        init_fields(self, address=address, nbytes=nbytes, device=device, write_back=write_back)


class HostArray(FrozenRecord):
    """A host tensor as a C-contiguous numpy array over its memory (or over a copy,
    `write_back` then copies the results into the original); `keep_alive` owns the
    memory `array` views (a DLPack capsule's producer)."""

    _FIELDS = ("array", "write_back", "keep_alive")
    __slots__ = _FIELDS

    def __init__(
        self,
        array: np.ndarray,
        write_back: Callable[[], None] | None = None,
        keep_alive: Any = None,
    ) -> None:
        init_fields(self, array=array, write_back=write_back, keep_alive=keep_alive)


# ---------------------------------------------------------------------------
# Recognising tensors (the frontend's specialisation)
# ---------------------------------------------------------------------------


def _is_torch(value: Any) -> bool:
    return type(value).__module__.split(".", 1)[0] == "torch" and hasattr(value, "data_ptr")


def is_tensor(value: Any) -> bool:
    """Does `value` go to a GM pointer parameter (an array of at least one dimension)?
    0-d arrays and numpy scalars are scalars."""
    if isinstance(value, np.ndarray):
        return value.ndim > 0
    if isinstance(value, type):
        return False
    if hasattr(value, "dtype") and hasattr(value, "shape"):
        return getattr(value, "ndim", 1) > 0
    interface = getattr(value, "__array_interface__", None)
    if isinstance(interface, dict):
        return len(interface.get("shape", ())) > 0
    if hasattr(value, "__dlpack__"):
        return _dlpack_info(value).ndim > 0
    return False


def tensor_dtype(value: Any) -> Any:
    """The element type of tensor `value`: a numpy dtype, a torch dtype or a numpy name
    (what `asc_xdsl.dialects.dtypes.from_numpy` takes)."""
    dtype = getattr(value, "dtype", None)
    if dtype is not None and not isinstance(value, type):
        return dtype
    interface = getattr(value, "__array_interface__", None)
    if isinstance(interface, dict):
        return np.dtype(interface["typestr"])
    return _dlpack_info(value).dtype


# ---------------------------------------------------------------------------
# DLPack capsules, read with ctypes (numpy reads CPU ones; device ones are ours)
# ---------------------------------------------------------------------------


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", _DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", _DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


# DLManagedTensorVersioned: version (2 x uint32), manager_ctx, deleter, flags, dl_tensor
_VERSIONED_TENSOR_OFFSET = 8 + 8 + 8 + 8
_VERSIONED_FLAGS_OFFSET = 8 + 8 + 8


class DLPackInfo(FrozenRecord):
    """What a DLPack capsule says about its tensor: `address` is the first element's
    (data + byte_offset), `strides` are in elements (None: compact row-major)."""

    _FIELDS = (
        "device_type",
        "device_id",
        "address",
        "shape",
        "strides",
        "dtype",
        "itemsize",
        "read_only",
    )
    __slots__ = _FIELDS

    def __init__(
        self,
        device_type: int,
        device_id: int,
        address: int,
        shape: tuple[int, ...],
        strides: tuple[int, ...] | None,
        dtype: str,
        itemsize: int,
        read_only: bool,
    ) -> None:
        init_fields(
            self,
            device_type=device_type,
            device_id=device_id,
            address=address,
            shape=shape,
            strides=strides,
            dtype=dtype,
            itemsize=itemsize,
            read_only=read_only,
        )

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def contiguous(self) -> bool:
        if self.strides is None:
            return True
        expected = 1
        for extent, stride in zip(reversed(self.shape), reversed(self.strides), strict=True):
            if extent != 1 and stride != expected:
                return False
            expected *= extent
        return True

    @property
    def nbytes(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * self.itemsize

    @property
    def device_name(self) -> str:
        name = DLPACK_DEVICE_NAMES.get(self.device_type, f"device type {self.device_type}")
        return f"{name} {self.device_id}"


def _capsule_pointer(capsule: Any) -> tuple[int, bool]:
    """The DLManagedTensor(Versioned) address in `capsule`, and whether it is versioned."""
    api = ctypes.pythonapi
    api.PyCapsule_GetName.restype = ctypes.c_char_p
    api.PyCapsule_GetName.argtypes = [ctypes.py_object]
    api.PyCapsule_GetPointer.restype = ctypes.c_void_p
    api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    name = api.PyCapsule_GetName(capsule)
    if name not in (b"dltensor", b"dltensor_versioned"):
        raise LaunchError(
            f"__dlpack__() returned a capsule named {name!r}: not a DLPack tensor "
            "(already consumed?)",
            code="ASC-R601",
        )
    return int(api.PyCapsule_GetPointer(capsule, name) or 0), name == b"dltensor_versioned"


def _dlpack_info(value: Any) -> DLPackInfo:
    """Read the DLPack export of `value` (the capsule is dropped unconsumed: its
    destructor releases the export; the memory stays the caller's object's)."""
    try:
        capsule = value.__dlpack__()
    except Exception as e:  # a producer's own refusal (e.g. a tensor needing grad)
        raise LaunchError(
            f"{type(value).__name__}.__dlpack__() failed: {e}", code="ASC-R601"
        ) from None
    address, versioned = _capsule_pointer(capsule)
    if not address:
        raise LaunchError(
            f"{type(value).__name__}.__dlpack__() returned an empty capsule", code="ASC-R601"
        )
    read_only = False
    if versioned:
        flags = ctypes.c_uint64.from_address(address + _VERSIONED_FLAGS_OFFSET).value
        read_only = bool(flags & _DLPACK_READ_ONLY)
        address += _VERSIONED_TENSOR_OFFSET
    t = _DLTensor.from_address(address)
    code, bits, lanes = t.dtype.code, t.dtype.bits, t.dtype.lanes
    dtype = _DLPACK_DTYPES.get((code, bits))
    if dtype is None or lanes != 1:
        raise LaunchError(
            f"{type(value).__name__}: DLPack element type (code {code}, {bits} bits, "
            f"{lanes} lanes) has no kernel dtype",
            code="ASC-R601",
        )
    shape = tuple(t.shape[i] for i in range(t.ndim))
    strides = tuple(t.strides[i] for i in range(t.ndim)) if t.strides else None
    del capsule
    return DLPackInfo(
        t.device.device_type,
        t.device.device_id,
        int(t.data or 0) + int(t.byte_offset),
        shape,
        strides,
        dtype,
        max(bits // 8, 1),
        read_only,
    )


# ---------------------------------------------------------------------------
# Conversions for the backends
# ---------------------------------------------------------------------------

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _label(name: str | int) -> str:
    """How messages name an argument: by parameter name, or by position (an int)."""
    return f"argument {name}" if isinstance(name, int) else f"argument '{name}'"


def _hint_name(name: str | int) -> str:
    return "tensor" if isinstance(name, int) else name


def _warn_copy(name: str | int, what: str) -> None:
    """The copy warning, at the innermost caller outside asc_xdsl (the launch)."""
    level, frame = 2, sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        level, frame = level + 1, frame.f_back
    warnings.warn(
        f"{_label(name)}: {what} is not contiguous; the kernel runs on a contiguous "
        "copy, copied back into it after the launch (pass a contiguous tensor, e.g. "
        "`.contiguous()` or `numpy.ascontiguousarray`, to avoid the copy)",
        TensorCopyWarning,
        stacklevel=level,
    )


def _check_grad(value: Any, name: str | int) -> None:
    if not getattr(value, "requires_grad", False):
        return
    torch = sys.modules.get("torch")
    if torch is not None and not torch.is_grad_enabled():
        return  # under torch.no_grad(): in-place writes are the caller's intent
    leaf = "a leaf tensor that requires grad" if value.is_leaf else "a tensor that requires grad"
    raise LaunchError(
        f"{_label(name)} is {leaf}: a kernel reads and writes its memory behind "
        "autograd's back, so gradients would be wrong or in-place writes corrupt the graph. "
        f"hint: pass `{_hint_name(name)}.detach()`, or launch inside `with torch.no_grad():`",
        code="ASC-R602",
    )


def _torch_device(value: Any) -> str:
    device = getattr(value, "device", None)
    return getattr(device, "type", None) or str(device)


def _contiguous_numpy(
    array: np.ndarray, name: str | int, what: str, copy: bool = True
) -> HostArray:
    if array.flags.c_contiguous:
        return HostArray(array)
    if not copy:
        raise LaunchError(f"{_label(name)}: {what} must be C-contiguous", code="ASC-R602")
    _warn_copy(name, what)
    contiguous = np.ascontiguousarray(array)

    def write_back() -> None:
        array[...] = contiguous

    return HostArray(contiguous, write_back)


def _torch_host(value: Any, name: str | int, copy: bool) -> HostArray:
    t = value.detach() if hasattr(value, "detach") else value
    if not hasattr(t, "numpy"):  # a torch-like object: its bytes by data_ptr
        if not t.is_contiguous():
            raise LaunchError(f"{_label(name)}: the tensor is not contiguous", code="ASC-R602")
        nbytes = t.numel() * t.element_size()
        if not nbytes:
            return HostArray(np.zeros(0, np.uint8))
        raw = (ctypes.c_uint8 * nbytes).from_address(t.data_ptr())
        return HostArray(np.ctypeslib.as_array(raw), keep_alive=value)
    if str(t.dtype) == "torch.bfloat16":  # numpy has no bfloat16: its raw bits
        torch = sys.modules["torch"]
        t = t.view(torch.int16)
    return _contiguous_numpy(t.numpy(), name, "the torch tensor", copy)


def host_array(value: Any, name: str | int, backend: str = "cpu", copy: bool = True) -> HostArray:
    """Tensor argument `value` as host memory in a C-contiguous numpy array, or a
    LaunchError saying why it cannot be (device memory on the simulator, ...). A
    non-contiguous tensor is copied (with a TensorCopyWarning; the caller runs
    `write_back` after the launch), or refused when not `copy`."""
    if isinstance(value, np.ndarray):
        return _contiguous_numpy(value, name, "the array", copy)
    if _is_torch(value):
        _check_grad(value, name)
        device = _torch_device(value)
        if device == "cpu":
            return _torch_host(value, name, copy)
        raise LaunchError(_device_error(name, "torch", device, backend), code="ASC-R601")
    interface = getattr(value, "__array_interface__", None)
    if isinstance(interface, dict):
        array = np.asarray(value)
        return _contiguous_numpy(array, name, f"the {type(value).__name__}", copy)
    if hasattr(value, "__dlpack__"):
        return _dlpack_host(value, name, backend, copy)
    raise LaunchError(
        f"{_label(name)} is a GM pointer parameter and needs a numpy array, a torch "
        "tensor, or another tensor (an object with __dlpack__ or __array_interface__); "
        f"got {type(value).__name__}",
        code="ASC-R601",
    )


def _device_error(name: str | int, kind: str, device: str, backend: str) -> str:
    """A `kind` ("torch", "DLPack") tensor on `device` that `backend` cannot take."""
    if backend == "cpu":
        return (
            f"{_label(name)}: the CPU simulator needs a CPU tensor, got a {kind} tensor on "
            f"{device}. hint: pass `{_hint_name(name)}.cpu()` (and copy the results back), "
            "or launch NPU tensors with backend='npu'"
        )
    return (
        f"{_label(name)}: {kind} tensors on device '{device}' are not supported by the "
        "CANN backends (use a host tensor or an NPU tensor)"
    )


def _dlpack_host(value: Any, name: str | int, backend: str, copy: bool) -> HostArray:
    info = _dlpack_info(value)
    if info.device_type == DLPACK_CPU:
        array = np.from_dlpack(value)
        return _check_writable(_contiguous_numpy(array, name, "the tensor", copy), name)
    if info.device_type not in HOST_DEVICES:
        raise LaunchError(_device_error(name, "DLPack", info.device_name, backend), code="ASC-R601")
    # pinned or managed memory: the host reads it where it lies
    if info.read_only:
        raise LaunchError(f"{_label(name)}: the DLPack tensor is read-only", code="ASC-R602")
    count = int(np.prod(info.shape, dtype=np.int64))
    dtype = np.dtype(np.uint16 if info.dtype == "bfloat16" else info.dtype)
    if info.contiguous:
        raw = (ctypes.c_uint8 * (count * dtype.itemsize)).from_address(info.address)
        flat = np.ctypeslib.as_array(raw).view(dtype) if count else np.zeros(0, dtype)
        return HostArray(flat.reshape(info.shape), keep_alive=value)
    assert info.strides is not None
    span = 1 + sum((n - 1) * s for n, s in zip(info.shape, info.strides, strict=True))
    raw = (ctypes.c_uint8 * (span * dtype.itemsize)).from_address(info.address)
    base = np.ctypeslib.as_array(raw).view(dtype)
    strided = np.lib.stride_tricks.as_strided(
        base, info.shape, tuple(s * dtype.itemsize for s in info.strides)
    )
    held = _contiguous_numpy(strided, name, "the DLPack tensor", copy)
    return HostArray(held.array, held.write_back, keep_alive=value)


def _check_writable(held: HostArray, name: str | int) -> HostArray:
    if not held.array.flags.writeable:
        raise LaunchError(
            f"{_label(name)}: the tensor's memory is read-only (the kernel may write "
            "it); pass a writable copy",
            code="ASC-R602",
        )
    return held


def device_tensor(value: Any, name: str | int) -> DeviceTensor | None:
    """`value` as NPU memory (a torch_npu tensor, a DLPack `kDLExtDev` export), or None
    for anything else (host memory: `host_array`)."""
    if isinstance(value, np.ndarray):
        return None
    if _is_torch(value):
        device = _torch_device(value)
        if device != "npu":
            return None
        _check_grad(value, name)
        if hasattr(value, "is_contiguous") and not value.is_contiguous():
            _warn_copy(name, "the NPU tensor")
            copy = value.contiguous()  # on the device (torch_npu)
            return DeviceTensor(
                int(copy.data_ptr()), _torch_nbytes(copy), str(value.device),
                write_back=lambda: value.copy_(copy),
            )  # fmt: skip
        return DeviceTensor(int(value.data_ptr()), _torch_nbytes(value), str(value.device))
    if hasattr(value, "__dlpack_device__") and not hasattr(value, "__array_interface__"):
        device_type, _ = value.__dlpack_device__()
        if int(device_type) != DLPACK_EXT_DEV:
            return None
        info = _dlpack_info(value)
        if not info.contiguous:
            raise LaunchError(
                f"{_label(name)}: the NPU tensor ({info.device_name}) is not contiguous "
                f"(strides {info.strides} for shape {info.shape}); asc_xdsl cannot copy "
                "device memory of a DLPack producer. hint: pass a contiguous tensor",
                code="ASC-R602",
            )
        return DeviceTensor(info.address, info.nbytes, info.device_name)
    return None


def _torch_nbytes(t: Any) -> int:
    return int(t.numel()) * int(t.element_size())
