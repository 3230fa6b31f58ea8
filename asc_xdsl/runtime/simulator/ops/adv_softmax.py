"""SoftMax and SimpleSoftMax (activation): row softmax of an [m, k] ND tensor.

The shape is the `SoftMaxShapeInfo` operand's (srcM rows of srcK elements; srcK is
32-byte aligned, oriSrcK <= srcK the valid columns, 0 meaning srcK), or without one
(pyasc never passes one) src's ShapeInfo (`SetShapeInfo`, ops/shape_info.py): srcM
the product of all but the last dimension, srcK the last, oriSrcK the original
shape's last. Per row, as the
docs' Python model: max = rowmax(src), e = exp(src - max), sum = rowsum(e), dst = e /
sum; the reductions run over the valid columns, dst is written for all srcK columns.
`sumTensor`/`maxTensor` hold one 32-byte block per row, every element of it the row's
value (float for half sources, or the source type). SimpleSoftMax reads them (each
block's first element) and writes dst = exp(src - max) / sum.

*Decision*: computed in float64, each output rounded once to its type (the library
works in float for half inputs; its exp approximation is not reproduced). The tiling
only splits the work on hardware and is not read; the NZ format is refused when the kernel is compiled.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, UnsupportedOpError
from asc_xdsl.runtime.simulator.ops.adv_math import charge_library, check_tmp
from asc_xdsl.runtime.simulator.ops.cube import fields
from asc_xdsl.runtime.simulator.ops.shape_info import tensor_shape

SHAPE_DEFAULTS = {"srcM": 0, "srcK": 0, "oriSrcM": 0, "oriSrcK": 0}


def _shape(value) -> tuple[int, int, int]:
    f = fields(value, SHAPE_DEFAULTS, "SoftMax's SoftMaxShapeInfo")
    m, k, ori_k = int(f["srcM"]), int(f["srcK"]), int(f["oriSrcK"]) or int(f["srcK"])
    if ori_k > k:
        raise SimulatorError(f"SoftMaxShapeInfo: oriSrcK {ori_k} is larger than srcK {k}")
    return m, k, ori_k


def _from_tensor(src) -> tuple[int, int, int]:
    shape, original = tensor_shape(src, "SoftMax's src")
    if not shape:
        raise SimulatorError("SoftMax's src has a ShapeInfo of no dimensions")
    return int(np.prod(shape[:-1], dtype=np.int64)), shape[-1], original[-1] or shape[-1]


@sim_hook("adv_softmax")
def _softmax(op, comp, key: str):
    if op.flag("dataFormatNZ"):
        raise UnsupportedOpError("SoftMax of the NZ format is not simulated (ND is)")
    dt = np_dtype(op.dst.type.element_type)
    st = np_dtype(op.sum_tensor.type.element_type)
    block = 32 // st.itemsize
    d, s = comp.slot(op.dst), comp.slot(op.src)
    sm, mx = comp.slot(op.sum_tensor), comp.slot(op.max_tensor)
    info = op.softmax_shape_info
    sh = comp.slot(info) if info is not None else None
    tmp = check_tmp(op, comp)
    computes_stats = key == "softmax"

    def run(e, c, _op=op):
        m, k, ori_k = _shape(e[sh]) if sh is not None else _from_tensor(e[s])
        if k * dt.itemsize % 32:
            raise SimulatorError(
                f"SoftMax: srcK {k} elements of {dt} is not a multiple of 32 bytes"
            )
        x = e[s].span(m * k, "src").reshape(m, k).astype(np.float64)
        sums, maxes = e[sm].span(m * block, "sum"), e[mx].span(m * block, "max")
        tmp(e)
        with np.errstate(all="ignore"):
            if computes_stats:
                row_max = x[:, :ori_k].max(axis=1, initial=-np.inf)
                ex = np.exp(x - row_max[:, None])
                row_sum = ex[:, :ori_k].sum(axis=1)
                maxes[...] = np.repeat(row_max.astype(st), block)
                sums[...] = np.repeat(row_sum.astype(st), block)
            else:
                row_max = maxes.reshape(m, block)[:, 0].astype(np.float64)
                row_sum = sums.reshape(m, block)[:, 0].astype(np.float64)
                ex = np.exp(x - row_max[:, None])
            out = (ex / row_sum[:, None]).astype(dt)
        e[d].span(m * k, "dst")[...] = out.reshape(-1)
        charge_library(c, m * k, dt.itemsize)

    return run
