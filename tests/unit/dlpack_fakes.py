"""Stand-ins for tensors of other frameworks (tests of runtime/tensors.py).

`DLPackOnly` and `ArrayInterfaceOnly` expose a numpy array through one protocol only;
`FakeNpuTensor` is what a DLPack producer of NPU memory hands out: a `kDLExtDev` (12)
capsule whose data pointer is the tensor's device address. The fake ACL of the CANN
tests treats device memory as host memory, so a numpy array stands in for it there.
"""

from __future__ import annotations

import ctypes

import numpy as np

KDL_EXT_DEV = 12  # dlpack.h: torch's PrivateUse1 backends (torch_npu) export this


class DLPackOnly:
    def __init__(self, array: np.ndarray) -> None:
        self._array = array

    def __dlpack__(self, **kwargs):
        return self._array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


class ArrayInterfaceOnly:
    def __init__(self, array: np.ndarray) -> None:
        self._array = array

    @property
    def __array_interface__(self):
        return self._array.__array_interface__


class _Device(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _Managed(ctypes.Structure):  # DLManagedTensor: DLTensor, manager_ctx, deleter
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", _Device),
        ("ndim", ctypes.c_int32),
        ("dtype", _DType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p),
    ]


_CODES = {"f": 2, "i": 0, "u": 1, "b": 6}


class FakeNpuTensor:
    """A tensor `device_id` says is on the NPU: `__dlpack__` gives a legacy capsule
    of `memory`'s address (+ `byte_offset`) with `shape` and element `strides`."""

    def __init__(
        self,
        memory: np.ndarray,
        shape: tuple[int, ...] | None = None,
        strides: tuple[int, ...] | None = None,
        byte_offset: int = 0,
        device_id: int = 0,
    ) -> None:
        self.memory = memory
        self.shape = shape or memory.shape
        self.byte_offset = byte_offset
        dtype = memory.dtype
        self._shape = (ctypes.c_int64 * len(self.shape))(*self.shape)
        self._strides = (ctypes.c_int64 * len(strides))(*strides) if strides else None
        self._managed = _Managed(
            memory.ctypes.data,
            _Device(KDL_EXT_DEV, device_id),
            len(self.shape),
            _DType(_CODES[dtype.kind], dtype.itemsize * 8, 1),
            self._shape,
            self._strides,
            byte_offset,
            None,
            None,
        )
        self.exports = 0

    @property
    def address(self) -> int:
        """The device address a launch must be handed."""
        return int(self.memory.ctypes.data) + self.byte_offset

    def __dlpack_device__(self):
        return (KDL_EXT_DEV, 0)

    def __dlpack__(self, **kwargs):
        new = ctypes.pythonapi.PyCapsule_New
        new.restype = ctypes.py_object
        new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        self.exports += 1
        return new(ctypes.addressof(self._managed), b"dltensor", None)
