"""Kernel arguments as the AI Core reads them: one packed little-endian buffer.

Layout (the C struct of the kernel's parameters, as bisheng lays it out and pyasc
packs it): each argument in order, at an offset aligned to its slot alignment;
a GM pointer is 8 bytes aligned to 8; a scalar of 4 or 8 bytes keeps its size and
alignment; scalars of 1 or 2 bytes (`bool`, `int8_t`, `half`, ...) take a 4-byte
slot (value in the low bytes, zero padding). The whole buffer is padded to a multiple
of 8. Hidden arguments follow the explicit ones (the manifest lists them: `ffts_addr`
for mix kernels, the dump buffer for kernels that print).

Host values: numpy arrays, CPU torch tensors, DLPack and array-interface objects in host
memory (the backend copies them to the device and back); torch_npu tensors and DLPack
`kDLExtDev` exports are device memory, passed by pointer (`runtime/tensors.py`);
a `Workspace` is device memory the launch allocates (never copied). Tiling structs
arrive as their bytes (the frontend packs them, `language/core/types.py: pack`), i.e.
as a uint8 array for the GM pointer the kernel reads the struct from.

Everything here works from a manifest's parameter records: no xDSL (a prebuilt kernel
launches without it); `encode_scalar` takes an IR type and loads xDSL on use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.tensors import device_tensor, host_array
from asc_xdsl.utils.records import FrozenRecord, Record, init_fields

POINTER_SIZE = 8

FLOAT_MAX: dict[str, float] = {
    "float16": 65504.0,
    "bfloat16": 3.3895313892515355e38,
    "float32": 3.4028234663852886e38,
    "float64": math.inf,
}
"""Largest finite value of each float parameter dtype (what an argument must fit)."""


class ScalarSpec(FrozenRecord):
    """A scalar parameter as the manifest records it: `type`, the IR type as printed
    (`i32`, `ui8`, `f16`, `bf16`, `i1`, `index`: errors name it); `dtype`, the numpy name
    of its storage (`int32`, `float16`, `bool`; `bfloat16` for bf16); `bounds`, [lo, hi]
    of an integer type (bool: 0 .. 1), None for floats."""

    _FIELDS = ("type", "dtype", "bounds")
    __slots__ = _FIELDS

    def __init__(self, type: str, dtype: str, bounds: tuple[int, int] | None = None) -> None:
        init_fields(self, type=type, dtype=dtype, bounds=bounds)

    @property
    def size(self) -> int:
        return 2 if self.dtype == "bfloat16" else np.dtype(self.dtype).itemsize

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "dtype": self.dtype}
        if self.bounds is not None:
            out["bounds"] = list(self.bounds)
        return out

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> ScalarSpec:
        bounds = d.get("bounds")
        return ScalarSpec(str(d["type"]), str(d["dtype"]), tuple(bounds) if bounds else None)


def _plain(value: Any) -> Any:
    """numpy scalars, 0-d arrays and 0-d torch tensors as Python numbers."""
    item = getattr(value, "item", None)
    if item is not None and getattr(value, "ndim", 0) == 0 and not isinstance(value, bool | int):
        try:
            return item()
        except (TypeError, ValueError):
            return value
    return value


def _bf16_bits(value: float) -> int:
    bits = int(np.array([value], dtype=np.float32).view(np.uint32)[0])
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF  # to nearest even


def _rounds_to_inf(number: float, dtype: str) -> bool:
    with np.errstate(all="ignore"):
        if dtype == "bfloat16":
            return (_bf16_bits(number) & 0x7F80) == 0x7F80
        return bool(np.isinf(np.array([number]).astype(dtype))[0])


def check_scalar(spec: ScalarSpec, value: Any, index: int, name: str | None = None) -> Any:
    """`value` checked against `spec`: the one rule (and error text) for scalar
    arguments on every backend (`runtime.scalars.scalar_argument` applies it to an IR
    type's record; a prebuilt launch to its manifest's, without xDSL)."""
    where = f" (parameter '{name}')" if name else ""
    value = _plain(value)
    if not isinstance(value, bool | int | float):
        raise LaunchError(
            f"argument {index} must be a number for parameter type {spec.type}, got "
            f"{type(value).__name__}{where}",
            code="ASC-R601",
        )
    if spec.bounds is not None:
        if isinstance(value, float):
            if not value.is_integer():
                raise LaunchError(
                    f"argument {index}: {value!r} is not an integer ({spec.type}){where}",
                    code="ASC-R601",
                )
            value = int(value)
        lo, hi = spec.bounds
        if not lo <= value <= hi:
            range_text = f": {lo} .. {hi}" if name else f" ({lo} .. {hi})"
            label = f" (parameter '{name}'{range_text})" if name else range_text
            raise LaunchError(
                f"argument {index}: {value!r} does not fit in {spec.type}{label}", code="ASC-R602"
            )
        return bool(value) if spec.dtype == "bool" else int(value)
    if spec.dtype not in FLOAT_MAX:
        raise LaunchError(
            f"kernel parameters of type {spec.type} cannot be passed from the host", code="ASC-R601"
        )
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        number = math.inf
    if math.isnan(number) or (math.isinf(number) and isinstance(value, float)):
        return number  # an explicit infinity or NaN
    if math.isinf(number) or _rounds_to_inf(number, spec.dtype):
        raise LaunchError(
            f"argument {index}: {value!r} does not fit in {spec.type} (largest finite value "
            f"{FLOAT_MAX[spec.dtype]:g}){where}",
            code="ASC-R602",
        )
    return number


def encode_value(spec: ScalarSpec, value: Any, index: int, name: str | None = None) -> bytes:
    """The bytes of scalar argument `index` for parameter `spec` (checked first)."""
    value = check_scalar(spec, value, index, name)
    if spec.dtype == "bfloat16":
        return _bf16_bits(value).to_bytes(2, "little")
    with np.errstate(all="ignore"):
        return np.array([value], dtype=spec.dtype).tobytes()


def encode_scalar(t: Any, value: Any, index: int, name: str | None = None) -> bytes:
    """The bytes of scalar argument `index` for IR parameter type `t` (loads xDSL)."""
    from asc_xdsl.runtime.scalars import scalar_spec

    return encode_value(scalar_spec(t), value, index, name)


class Slot(FrozenRecord):
    _FIELDS = ("data", "align")
    __slots__ = _FIELDS

    def __init__(self, data: bytes, align: int) -> None:
        init_fields(self, data=data, align=align)


def pointer_slot(address: int) -> Slot:
    return Slot(int(address).to_bytes(POINTER_SIZE, "little"), POINTER_SIZE)


def scalar_slot(data: bytes) -> Slot:
    if len(data) < 4:
        data = data.ljust(4, b"\0")
    return Slot(data, min(len(data), 8))


def slot_layout(sizes: Sequence[int]) -> list[tuple[int, int]]:
    """(offset, slot size) of parameters of these byte sizes (8 = a pointer)."""
    _, offsets = pack([scalar_slot(b"\0" * n) for n in sizes])
    return [(off, max(n, 4)) for off, n in zip(offsets, sizes, strict=True)]


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


def torch_device_type(value: Any) -> str | None:
    """ "cpu", "npu", ... for a torch tensor; None for anything else."""
    if type(value).__module__.split(".")[0] != "torch" or not hasattr(value, "data_ptr"):
        return None
    device = getattr(value, "device", None)
    return getattr(device, "type", None) or str(device)


class HostBuffer(Record):
    """Host memory of one GM argument: a uint8 view of its bytes (read-only for a
    read-only input, which the launch refuses to copy back into); `copied_back` copies
    the results from a contiguous copy into a non-contiguous original."""

    _FIELDS = ("view", "copied_back", "keep_alive")
    __slots__ = _FIELDS

    def __init__(
        self,
        view: np.ndarray,
        copied_back: Callable[[], None] | None = None,
        keep_alive: Any = None,
    ) -> None:
        self.view = view
        self.copied_back = copied_back
        self.keep_alive = keep_alive

    @property
    def nbytes(self) -> int:
        return int(self.view.nbytes)

    @property
    def address(self) -> int:
        return int(self.view.ctypes.data)

    def write_back(self) -> None:
        if self.copied_back is not None:
            self.copied_back()


class DevicePointer(FrozenRecord):
    """A tensor already in device memory (torch_npu, DLPack `kDLExtDev`): passed as is,
    never copied to the host (`copied_back` copies a contiguous device copy back into a
    non-contiguous original)."""

    _FIELDS = ("address", "copied_back")
    __slots__ = _FIELDS

    def __init__(self, address: int, copied_back: Callable[[], None] | None = None) -> None:
        init_fields(self, address=address, copied_back=copied_back)

    def write_back(self) -> None:
        if self.copied_back is not None:
            self.copied_back()


class Workspace(FrozenRecord):
    """GM scratch memory the launch allocates for a GM pointer parameter: `nbytes` for
    the kernel's own use, after the SoC's system workspace when `system` (the layout
    CANN's operators use: the kernel calls `SetSysWorkspace(workspace)` and finds its
    part with `GetUserWorkspace(workspace)`; `asc.adv.register_matmul(pipe, workspace,
    ...)` takes the whole buffer). Its contents are undefined at entry, as on CANN,
    and never copied to or from the host."""

    _FIELDS = ("nbytes", "system")
    __slots__ = _FIELDS

    def __init__(self, nbytes: int = 0, system: bool = True) -> None:
        init_fields(self, nbytes=nbytes, system=system)
        if isinstance(nbytes, bool) or not isinstance(nbytes, int) or nbytes < 0:
            raise LaunchError(
                f"Workspace(nbytes) takes a byte count >= 0, got {nbytes!r}", code="ASC-R602"
            )

    def size(self, system_workspace: int) -> int:
        """Bytes to allocate on a SoC whose system workspace is `system_workspace`."""
        return self.nbytes + (system_workspace if self.system else 0)


def gm_argument(value: Any, index: int) -> HostBuffer | DevicePointer | Workspace:
    """GM argument `index` as device memory the launch passes by pointer, host memory it
    copies, or a workspace it allocates (`runtime/tensors.py`)."""
    if isinstance(value, Workspace):
        return value
    device = device_tensor(value, index)
    if device is not None:
        return DevicePointer(device.address, device.write_back)
    held = host_array(value, index, "npu")
    flat = held.array.reshape(-1)
    view = flat.view(np.uint8) if flat.size else np.zeros(0, np.uint8)
    return HostBuffer(view, held.write_back, held.keep_alive)
