"""SoftMax and SimpleSoftMax (activation): row softmax of an [m, k] tensor, ND or NZ.

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

NZ (`isDataFormatNZ`, the docs' "reduce along the last and the first axis"): src and
dst hold srcK / 16 column blocks, each srcM rows of 16 elements (element (i, c) at
(c / 16) * srcM * 16 + i * 16 + c % 16); srcK must be a multiple of 16. As the
library (membase/common/softmax_impl/softmax_generic_nz_impl.h) only the last column
block is masked: its first oriSrcK % 16 columns (all 16 when that is 0) are valid,
every column of the blocks before it is reduced. The masked columns of dst are not
computed: a float dst keeps its values there, a half dst gets src's (the library
converts the whole block to float and back). SimpleSoftMax NZ computes every column;
column c reads element (c % 16) % (elements per block) of its row's sum/max block, as
the library's copies (float: the 8-element block twice) do.

*Decision*: computed in float64, each output rounded once to its type (the library
works in float for half inputs; its exp approximation is not reproduced). The tiling
only splits the work on hardware and is not read.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.adv_math import charge_library, check_tmp
from asc_xdsl.runtime.simulator.ops.cube import fields
from asc_xdsl.runtime.simulator.ops.shape_info import tensor_shape

SHAPE_DEFAULTS = {"srcM": 0, "srcK": 0, "oriSrcM": 0, "oriSrcK": 0}
NZ_COLS = 16
"""SOFTMAX_SHAPE_NZ_BASIC_COUNT: the width of an NZ column block, whatever the type."""


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


def _nz_index(m: int, k: int) -> np.ndarray:
    """[m, k]: the flat position of element (i, c) in an NZ buffer."""
    c = np.arange(k)
    return (c // NZ_COLS * (m * NZ_COLS) + c % NZ_COLS)[None, :] + (np.arange(m) * NZ_COLS)[:, None]


def _nz_valid(k: int, ori_k: int) -> int:
    """Columns the NZ library reduces: all blocks but the last, then the last's mask."""
    return k - NZ_COLS + (ori_k % NZ_COLS or NZ_COLS)


@sim_hook("adv_softmax")
def _softmax(op, comp, key: str):
    nz = op.flag("dataFormatNZ")
    dt = np_dtype(op.dst.type.element_type)
    st = np_dtype(op.sum_tensor.type.element_type)
    block = 32 // st.itemsize
    d, s = comp.slot(op.dst), comp.slot(op.src)
    sm, mx = comp.slot(op.sum_tensor), comp.slot(op.max_tensor)
    info = op.softmax_shape_info
    sh = comp.slot(info) if info is not None else None
    tmp = check_tmp(op, comp)
    computes_stats = key == "softmax"
    api = "SoftMax" if computes_stats else "SimpleSoftMax"

    def run(e, c, _op=op):
        m, k, ori_k = _shape(e[sh]) if sh is not None else _from_tensor(e[s])
        if k * dt.itemsize % 32:
            raise SimulatorError(f"{api}: srcK {k} elements of {dt} is not a multiple of 32 bytes")
        if nz and k % NZ_COLS:
            raise SimulatorError(
                f"{api} (NZ): srcK {k} is not a multiple of the {NZ_COLS}-column NZ block"
            )
        # element (i, c) of src and dst: flat positions, row-major (ND) or NZ
        src_flat, dst_flat = e[s].span(m * k, "src"), e[d].span(m * k, "dst")
        at = _nz_index(m, k) if nz else np.arange(m * k).reshape(m, k)
        x = src_flat[at].astype(np.float64)
        sums, maxes = e[sm].span(m * block, "sum"), e[mx].span(m * block, "max")
        tmp(e)
        valid = _nz_valid(k, ori_k) if nz else ori_k
        cols = slice(None)
        with np.errstate(all="ignore"):
            if computes_stats:
                row_max = x[:, :valid].max(axis=1, initial=-np.inf)[:, None]
                ex = np.exp(x - row_max)
                row_sum = ex[:, :valid].sum(axis=1)[:, None]
                maxes[...] = np.repeat(row_max[:, 0].astype(st), block)
                sums[...] = np.repeat(row_sum[:, 0].astype(st), block)
                if nz:
                    cols = slice(0, valid)
                    if dt.itemsize == 2:  # half: the masked columns round-trip src
                        dst_flat[at[:, valid:]] = x[:, valid:].astype(dt)
            else:
                # ND: each block's first element; NZ: the library's per-column element
                pick = (np.arange(k) % NZ_COLS) % block if nz else np.zeros(k, np.intp)
                row_max = maxes.reshape(m, block)[:, pick].astype(np.float64)
                row_sum = sums.reshape(m, block)[:, pick].astype(np.float64)
                ex = np.exp(x - row_max)
            dst_flat[at[:, cols]] = (ex / row_sum)[:, cols].astype(dt)
        charge_library(c, m * k, dt.itemsize)

    return run
