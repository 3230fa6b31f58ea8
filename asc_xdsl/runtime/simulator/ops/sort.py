"""Sort32 and the sorted-layout helpers GetSortOffset/GetSortLen (Atlas A2/A3).

**Sort32(dst, src0, src1, repeatTime)**: each repeat sorts 32 scores of src0 with their
uint32 indices from src1, descending, into 32 (score, index) pairs of 8 bytes: the
score in the low 4 bytes (float) or low 2 bytes (half, the next 2 bytes reserved and
left untouched), the index in the high 4 bytes. Repeat r reads elements [32r, 32r+32)
and writes pairs [32r, 32r+32). Equal scores keep their input order and NaN sorts
last (*decision*: neither is documented).

**GetSortOffset<float>(n)** and **GetSortLen<float>(n)**: n pairs of float scores span
2n float elements.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc import vec_proposal as prop
from asc_xdsl.runtime.simulator.compile import handles, sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.instr import charge
from asc_xdsl.runtime.simulator.vmask import full_lanes

FLOAT_SORTED_ELEMENTS = 2  # float elements per (score, index) pair


@sim_hook("sort32")
def _sort32(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    d, a, b, rt = (comp.slot(v) for v in (op.dst, op.src0, op.src1, op.repeat_time))

    def run(e, c, _op=op):
        repeats = int(e[rt])
        if not 0 <= repeats <= 255:
            raise SimulatorError(f"repeatTime {repeats} is outside [0, 255]")
        n = 32 * repeats
        dst, scores, index = e[d], e[a], e[b]
        scores.check(n, "src0")
        index.check(n, "src1")
        dst.check(n * 8 // dt.itemsize, "dst")
        s = scores.arr[:n].reshape(repeats, 32)
        order = np.argsort(-s.astype(np.float64), axis=1, kind="stable")
        sorted_scores = np.take_along_axis(s, order, axis=1).reshape(-1)
        sorted_index = np.take_along_axis(index.arr[:n].reshape(repeats, 32), order, axis=1)
        raw = dst.arr.view(np.uint8)[: n * 8].reshape(n, 8)
        raw[:, : dt.itemsize] = sorted_scores.view(np.uint8).reshape(n, dt.itemsize)
        raw[:, 4:] = sorted_index.reshape(-1).view(np.uint8).reshape(n, 4)
        charge(c, full_lanes(32, repeats), 2)

    return run


@handles(prop.GetSortOffsetOp, prop.GetSortLenOp)
def _sort_layout(op, comp):
    (n,) = comp.slots_of(op.operands)
    r = comp.slot(op.result)

    def run(e, c, _op=op):
        e[r] = (int(e[n]) * FLOAT_SORTED_ELEMENTS) & 0xFFFFFFFF

    return run
