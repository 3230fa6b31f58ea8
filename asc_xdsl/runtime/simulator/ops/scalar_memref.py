"""Local scalar arrays and GM element access: the `memref` dialect's ops (their own
family: a kernel without them does not import xDSL's memref dialect, ~50 M instructions
of a fresh process's first launch)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects import memref
from xdsl.dialects.builtin import MemRefType

from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import np_dtype, to_scalar
from asc_xdsl.runtime.simulator.errors import GmAccessError, SimulatorError
from asc_xdsl.runtime.simulator.memory import GmPtr


@handles(memref.AllocaOp, memref.AllocOp)
def _alloca(op, comp):
    t = op.memref.type
    assert isinstance(t, MemRefType)
    shape = tuple(t.get_shape())
    dtype = np_dtype(t.element_type)
    dyn = comp.slots_of(op.dynamic_sizes)
    r = comp.slot(op.memref)

    def run(e, c, _op=op):
        dims = iter(e[d] for d in dyn)
        e[r] = np.zeros(tuple(next(dims) if s < 0 else s for s in shape), dtype)

    return run


@handles(memref.DeallocOp)
def _dealloc(op, comp):
    return None


def _gm_element(p: GmPtr, idx: int, dtype) -> np.ndarray:
    start = p.byte_offset + idx * p.itemsize
    if start < 0 or start + p.itemsize > p.buf.nbytes:
        raise GmAccessError(
            f"GM access outside argument '{p.buf.name}': element {start // p.itemsize} of "
            f"{p.buf.nbytes // p.itemsize}"
        )
    return p.buf.u8[start : start + p.itemsize].view(dtype)


@handles(memref.LoadOp)
def _load(op: memref.LoadOp, comp):
    m, idx, r = comp.slot(op.memref), comp.slots_of(op.indices), comp.slot(op.res)
    dtype = np_dtype(op.res.type)
    rt = op.res.type
    is_int = dtype.kind in "iub"

    def run(e, c, _op=op):
        arr = e[m]
        if isinstance(arr, GmPtr):
            v = _gm_element(arr, e[idx[0]], dtype)[0]
        else:
            try:
                v = arr[tuple(e[i] for i in idx)]
            except IndexError:
                raise SimulatorError(
                    f"memref.load index out of range of shape {arr.shape}"
                ) from None
        e[r] = to_scalar(rt, v) if is_int else v

    return run


@handles(memref.StoreOp)
def _store(op: memref.StoreOp, comp):
    v, m, idx = comp.slot(op.value), comp.slot(op.memref), comp.slots_of(op.indices)
    dtype = np_dtype(op.value.type)

    def run(e, c, _op=op):
        arr = e[m]
        if isinstance(arr, GmPtr):
            _gm_element(arr, e[idx[0]], dtype)[0] = e[v]
            return
        try:
            arr[tuple(e[i] for i in idx)] = e[v]
        except IndexError:
            raise SimulatorError(f"memref.store index out of range of shape {arr.shape}") from None

    return run
