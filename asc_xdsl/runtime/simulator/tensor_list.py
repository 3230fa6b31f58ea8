"""Tensor lists (`ListTensorDesc`) on the simulator: the packed layout and the GM
addresses it holds.

A kernel that takes a list of tensors gets one GM buffer of uint64 words, laid out as
the headers' `ListTensorDecode` reads it:

    word 0            dataPtrOffset: bytes from the start to the data pointers
    then per tensor   dim | index << 32, shape[0], ..., shape[dim - 1]
    then per tensor   the tensor's GM address

`pack_tensor_list(shapes, addresses)` builds it for any addresses (a device's, too);
`tensor_list(arrays)` for numpy arrays or torch CPU tensors, whose addresses are their
host addresses: passed as a kernel argument, the simulator binds the arrays with it, so
`GetDataPtr` / `GetDesc` resolve those addresses to them (`GmAddresses`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.errors import GmAccessError
from asc_xdsl.runtime.simulator.memory import GmBuffer, GmPtr


def pack_tensor_list(shapes: Sequence[Sequence[int]], addresses: Sequence[int]) -> np.ndarray:
    """The uint64 words of a list of tensors of these shapes (all of one rank) at these
    GM addresses."""
    if len(shapes) != len(addresses) or not shapes:
        raise LaunchError(
            "a tensor list needs one address per shape, and at least one tensor", code="ASC-R602"
        )
    dims = {len(s) for s in shapes}
    if len(dims) != 1 or 0 in dims:
        raise LaunchError(
            f"the tensors of a list have one rank (at least 1), got {sorted(dims)}", code="ASC-R602"
        )
    dim = dims.pop()
    words = [8 + len(shapes) * (1 + dim) * 8]
    for i, shape in enumerate(shapes):
        words += [dim | (i << 32), *(int(n) for n in shape)]
    words += [int(a) for a in addresses]
    return np.array(words, np.uint64)


class TensorList(np.ndarray):
    """A packed tensor list (uint64 words) that keeps the arrays it points to."""

    tensors: tuple[np.ndarray, ...] = ()

    def __array_finalize__(self, obj: Any) -> None:
        self.tensors = getattr(obj, "tensors", ())


def tensor_list(arrays: Sequence[Any]) -> TensorList:
    """The packed list of `arrays` (numpy arrays or torch CPU tensors, C-contiguous), to
    pass as the kernel argument a `ListTensorDesc` reads."""
    from asc_xdsl.runtime.simulator.backend import as_array  # (backend imports this module)

    arrs = tuple(as_array(a, f"tensor_list[{i}]") for i, a in enumerate(arrays))
    for i, a in enumerate(arrs):
        if not a.flags.c_contiguous:
            raise LaunchError(f"tensor_list[{i}] must be C-contiguous", code="ASC-R602")
    packed = pack_tensor_list([a.shape for a in arrs], [a.ctypes.data for a in arrs])
    out = packed.view(TensorList)
    out.tensors = arrs
    return out


class GmAddresses:
    """The GM buffers of one launch by host address: its array arguments and the arrays
    of its tensor lists, so a pointer read from GM resolves to a buffer."""

    def __init__(self) -> None:
        self.spans: list[tuple[int, int, GmBuffer]] = []

    def add(self, buf: GmBuffer, array: np.ndarray) -> None:
        self.spans.append((array.ctypes.data, array.nbytes, buf))

    def pointer(self, address: int, itemsize: int, what: str) -> GmPtr:
        for start, nbytes, buf in self.spans:
            if start <= address < start + nbytes:
                return GmPtr(buf, address - start, itemsize)
        raise GmAccessError(
            f"{what}: address {address:#x} is in no GM buffer of this launch (pass the "
            "tensors of a list with asc_xdsl.runtime.simulator.tensor_list)"
        )
