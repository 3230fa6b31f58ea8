"""On-chip addresses: `LocalTensor::GetPhyAddr([offset])` is the byte address of an
element in its memory (UB, L1, ...: each block's memories start at 0), and APIs that
take addresses (TransDataTo5HD's address forms) read and write UB through them.

An address is checked when it is used: it must lie inside the memory, and the access
must not run past its end.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc import tensor as ten
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.errors import TensorBoundsError


@handles(ten.LocalTensorGetPhyAddrOp)
def _get_phy_addr(op, comp):
    t, r = comp.slot(op.tensor), comp.slot(op.results[0])
    off = comp.slot(op.offset) if op.offset is not None else None

    def run(e, c, _op=op):
        tensor = e[t]
        index = int(e[off]) if off is not None else 0
        tensor.check(0, "GetPhyAddr's tensor", vector=False)
        e[r] = tensor.offset + index * tensor.itemsize

    return run


def ub_elements(c, address: int, count: int, dtype: np.dtype, what: str) -> np.ndarray:
    """`count` elements of `dtype` at UB byte `address` of this block (a view)."""
    ub = c.onchip.mems["UB"]
    nbytes = count * dtype.itemsize
    if address < 0 or address + nbytes > ub.size:
        raise TensorBoundsError(
            f"{what}: UB address {address} (+{nbytes} bytes) is outside UB ({ub.size} bytes)"
        )
    if address % dtype.itemsize:
        raise TensorBoundsError(f"{what}: UB address {address} is not {dtype} aligned")
    return ub[address : address + nbytes].view(dtype)
