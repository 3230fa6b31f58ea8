"""Kernel arguments as the AI Core reads them: one packed little-endian buffer.

Layout (the C struct of the kernel's parameters, as bisheng lays it out and pyasc
packs it): each argument in order, at an offset aligned to its slot alignment;
a GM pointer is 8 bytes aligned to 8; a scalar of 4 or 8 bytes keeps its size and
alignment; scalars of 1 or 2 bytes (`bool`, `int8_t`, `half`, ...) take a 4-byte
slot (value in the low bytes, zero padding). The whole buffer is padded to a multiple
of 8. Hidden arguments follow the explicit ones: mixed (`mix`) kernels take a last
`__gm__ uint64_t* ffts_addr` that points to device memory holding the FFTS (cube <->
vector synchronisation) base address (pyasc's `legalize_kernel_args`).

Host values: numpy arrays and CPU torch tensors are host memory (the backend copies
them to the device and back); torch_npu tensors are device memory, passed by pointer.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
)
from xdsl.ir import Attribute

from asc_xdsl.backends.ascendc.printer import HIDDEN_KERNEL_PARAMS
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.numpy_types import np_dtype
from asc_xdsl.runtime.scalars import scalar_argument

HIDDEN_ARGS: dict[str, tuple[str, ...]] = {
    kind: tuple(name for name, _, _ in params) for kind, params in HIDDEN_KERNEL_PARAMS.items()
}
"""Hidden trailing kernel parameters each kernel type needs (the printer declares them)."""

POINTER_SIZE = 8


def scalar_dtype(t: Attribute) -> np.dtype:
    """The numpy dtype of a scalar kernel parameter type (bf16 as its uint16 bits)."""
    try:
        return np_dtype(t)
    except TypeError:
        raise LaunchError(f"kernel parameters of type {t} cannot be passed from the host") from None


def encode_scalar(t: Attribute, value: Any, index: int, name: str | None = None) -> bytes:
    """The bytes of scalar argument `index` (`value` checked against parameter type `t`
    by the rule every backend shares, `runtime.scalars`)."""
    dtype = scalar_dtype(t)
    value = scalar_argument(t, value, index, name)
    if isinstance(t, BFloat16Type):
        bits = int(np.array([value], dtype=np.float32).view(np.uint32)[0])
        rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16  # to nearest even
        return (rounded & 0xFFFF).to_bytes(2, "little")
    with np.errstate(all="ignore"):
        return np.array([value], dtype=dtype).tobytes()


@dataclass(frozen=True)
class Slot:
    data: bytes
    align: int


def pointer_slot(address: int) -> Slot:
    return Slot(int(address).to_bytes(POINTER_SIZE, "little"), POINTER_SIZE)


def scalar_slot(data: bytes) -> Slot:
    if len(data) < 4:
        data = data.ljust(4, b"\0")
    return Slot(data, min(len(data), 8))


def pack(slots: Sequence[Slot]) -> tuple[bytes, list[int]]:
    """The argument buffer and the offset of each slot."""
    buf = bytearray()
    offsets = []
    for slot in slots:
        pad = -len(buf) % slot.align
        buf += b"\0" * pad
        offsets.append(len(buf))
        buf += slot.data
    buf += b"\0" * (-len(buf) % 8)
    return bytes(buf), offsets


# ---------------------------------------------------------------------------
# Host and device tensors
# ---------------------------------------------------------------------------


def _torch_device_type(value: Any) -> str | None:
    """ "cpu", "npu", ... for a torch tensor; None for anything else."""
    if type(value).__module__.split(".")[0] != "torch" or not hasattr(value, "data_ptr"):
        return None
    device = getattr(value, "device", None)
    return getattr(device, "type", None) or str(device)


@dataclass
class HostBuffer:
    """Host memory of one GM argument: a writable uint8 view of its bytes."""

    view: np.ndarray
    original: np.ndarray | None = None
    """A non-contiguous numpy array the contiguous `view` was copied from."""

    @property
    def nbytes(self) -> int:
        return int(self.view.nbytes)

    @property
    def address(self) -> int:
        return int(self.view.ctypes.data)

    def write_back(self) -> None:
        if self.original is not None:
            self.original[...] = self.view.view(self.original.dtype).reshape(self.original.shape)


@dataclass(frozen=True)
class DevicePointer:
    """A tensor already in device memory (torch_npu): passed as is, never copied."""

    address: int


def gm_argument(value: Any, index: int) -> HostBuffer | DevicePointer:
    if isinstance(value, np.ndarray):
        if value.flags.c_contiguous and value.flags.writeable:
            return HostBuffer(value.reshape(-1).view(np.uint8))
        copy = np.ascontiguousarray(value)
        return HostBuffer(copy.reshape(-1).view(np.uint8), original=value)
    device = _torch_device_type(value)
    if device == "npu":
        return DevicePointer(int(value.data_ptr()))
    if device == "cpu":
        if not value.is_contiguous():
            raise LaunchError(
                f"argument {index}: the CPU torch tensor is not contiguous; pass "
                f"tensor.contiguous() (its results are copied back in place)"
            )
        nbytes = value.numel() * value.element_size()
        raw = (ctypes.c_uint8 * nbytes).from_address(value.data_ptr()) if nbytes else None
        view = np.ctypeslib.as_array(raw) if raw is not None else np.zeros(0, np.uint8)
        return HostBuffer(view)
    if device is not None:
        raise LaunchError(
            f"argument {index}: torch tensors on device '{device}' are not supported by "
            f"the CANN backends (use a CPU tensor or a torch_npu tensor)"
        )
    raise LaunchError(
        f"argument {index} is a GM pointer parameter and needs a numpy array or a torch "
        f"tensor, got {type(value).__name__}"
    )
