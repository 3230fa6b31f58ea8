"""A tensor's ShapeInfo (local or global): `SetShapeInfo` keeps the dimensions on the tensor (the
adv APIs that take their shape from it read them), `GetShapeInfo` gives them back
(`info.shape[i]`, `info.originalShape[i]` read them; past the rank an error).

`AscendC::ShapeInfo(dim, shape[, originalDim, originalShape], format)` copies the
dimensions out of the arrays when it is built; here they are read when SetShapeInfo
runs (the IR's ShapeInfo value holds the arrays). Without an original shape it is the
shape. A local sub-tensor (`t[i:]`) does not carry its parent's ShapeInfo; a global one
(`gt[i]`, operator[] copies `*this`) does. `GetShapeSize(info)` is the product of the
shape's dimensions (1 for none, as the header's loop gives), kept to uint64.
"""

from __future__ import annotations

import math

import numpy as np

from asc_xdsl.dialects.ascendc import tensor as ten
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import to_scalar
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.memory import LocalTensor
from asc_xdsl.runtime.simulator.ops.cube import fields
from asc_xdsl.runtime.simulator.ops.framework import Struct

MAX_DIM = 8
# The constructors' fields by their number of arguments (kernel_tensor.h).
FORMS = {
    2: ("inputShapeDim", "inputShape"),
    3: ("inputShapeDim", "inputShape", "inputFormat"),
    5: (
        "inputShapeDim",
        "inputShape",
        "inputOriginalShapeDim",
        "inputOriginalShape",
        "inputFormat",
    ),
}
DEFAULTS = {
    "inputShapeDim": 0,
    "inputShape": None,
    "inputOriginalShapeDim": 0,
    "inputOriginalShape": None,
}


def _dims(n: int, arr, what: str) -> tuple[int, ...]:
    if not 0 <= n <= MAX_DIM:
        raise SimulatorError(f"ShapeInfo: {what} has {n} dimensions (at most {MAX_DIM})")
    if n == 0:
        return ()
    if not isinstance(arr, np.ndarray) or arr.size < n:
        raise SimulatorError(f"ShapeInfo: {what} needs an array of {n} dimensions")
    return tuple(int(v) for v in arr.reshape(-1)[:n])


def shape_of(value) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(shape, original shape) of a ShapeInfo value built by ascendc.construct."""
    if not value.names:  # ShapeInfo has several constructors: its fields by arity
        value.names = FORMS.get(len(value), ())
    f = fields(value, DEFAULTS, "ShapeInfo")
    shape = _dims(int(f["inputShapeDim"]), f["inputShape"], "the shape")
    original = _dims(int(f["inputOriginalShapeDim"]), f["inputOriginalShape"], "the original shape")
    return shape, original or shape


def tensor_shape(t: LocalTensor, what: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ShapeInfo a local tensor was given, or an error naming the tensor."""
    if t.shape_info is None:
        raise SimulatorError(
            f"{what} has no ShapeInfo: the API takes the shape from it (call SetShapeInfo "
            "on the tensor first)"
        )
    return t.shape_info


@handles(ten.LocalTensorSetShapeInfoOp, ten.GlobalTensorSetShapeInfoOp)
def _set(op, comp):
    t, s = comp.slot(op.tensor), comp.slot(op.shape_info)

    def run(e, c, _op=op):
        e[t].shape_info = shape_of(e[s])

    return run


@handles(ten.GlobalTensorSetShapeInfoV2Op)
def _set_dims(op, comp):
    """`gt.SetShapeInfo(ShapeInfo(n, dims))`: the dimensions as uint32 (the array's type)."""
    t, dims = comp.slot(op.tensor), comp.slots_of(op.dims)

    def run(e, c, _op=op):
        shape = tuple(int(e[d]) & 0xFFFFFFFF for d in dims)
        e[t].shape_info = (shape, shape)

    return run


@handles(ten.GetShapeSizeOp)
def _size(op, comp):
    s, r = comp.slot(op.shape_info), comp.slot(op.result)
    rtype = op.result.type

    def run(e, c, _op=op):
        size = math.prod(shape_of(e[s])[0]) & 0xFFFFFFFFFFFFFFFF  # the header's uint64_t
        e[r] = to_scalar(rtype, size)

    return run


@handles(ten.LocalTensorGetShapeInfoOp, ten.GlobalTensorGetShapeInfoOp)
def _get(op, comp):
    """`t.GetShapeInfo()`: a ShapeInfo of the tensor's dimensions (none when it was
    never given one: the headers' default ShapeInfo)."""
    t, r = comp.slot(op.tensor), comp.slot(op.shape_info)

    def run(e, c, _op=op):
        shape, original = e[t].shape_info or ((), ())
        value = Struct(
            (
                len(shape),
                np.array(shape, np.uint32),
                len(original),
                np.array(original, np.uint32),
                0,
            )
        )
        value.names = FORMS[5]
        e[r] = value

    return run


@handles(ten.ShapeInfoShapeOp, ten.ShapeInfoOriginalShapeOp)
def _dim(op, comp):
    """`info.shape[dim]` / `info.originalShape[dim]`."""
    b, d, r = comp.slot(op.base), comp.slot(op.dim), comp.slot(op.result)
    which = 0 if isinstance(op, ten.ShapeInfoShapeOp) else 1
    name = ("shape", "originalShape")[which]

    def run(e, c, _op=op):
        dims, k = shape_of(e[b])[which], int(e[d])
        if not 0 <= k < len(dims):
            raise SimulatorError(f"ShapeInfo.{name}[{k}] of {len(dims)} dimensions")
        e[r] = dims[k]

    return run
