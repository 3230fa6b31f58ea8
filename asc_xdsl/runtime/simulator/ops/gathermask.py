"""GatherMask and GetGatherMaskRemainCount (Atlas A2/A3).

Repeat r reads src0 elements e at r*src0RepeatStride blocks + (e // Eb)*src0BlockStride
blocks + e % Eb (Eb elements per 32 B block); normal mode (reduceMode false) takes the
Erep elements of a 256 B repeat, counter mode (true) `mask` elements per repeat (the A2
form: repeatTimes * mask in all). Element e is kept when bit e of the pattern is set:
a built-in pattern 1-7 (1: even, 2: odd, 3-6: one of every four, 7: all) or the bits of
the pattern tensor (U of T's width, bit 0 of its first element first), consumed
continuously within a repeat, repeat r starting src1RepeatStride blocks after r-1.
The kept elements are packed at the start of dst in order; their count is the op's
result and what GetGatherMaskRemainCount returns afterwards.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects import ascendc
from asc_xdsl.runtime.simulator.compile import handles, sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError
from asc_xdsl.runtime.simulator.memory import LocalTensor
from asc_xdsl.runtime.simulator.profile import C_V, I_V, vector_cycles

PARAMS_DEFAULTS = {
    "src0BlockStride": 1,
    "repeatTimes": 0,
    "src0RepeatStride": 8,
    "src1RepeatStride": 8,
}
# built-in pattern -> (period, kept offset within the period); 7 keeps all
BUILTIN = {1: (2, 0), 2: (2, 1), 3: (4, 0), 4: (4, 1), 5: (4, 2), 6: (4, 3), 7: (1, 0)}


def _bits(arr: np.ndarray) -> np.ndarray:
    """The bits of an unsigned array, element 0's bit 0 first."""
    return np.unpackbits(arr.view(np.uint8), bitorder="little")


@sim_hook("gather_mask")
def _gather_mask(op, comp, _arg):
    d, s0, pat, rm, mk, p, r = (
        comp.slot(op.dst),
        comp.slot(op.src0),
        comp.slot(op.src1_pattern),
        comp.slot(op.reduce_mode),
        comp.slot(op.mask),
        comp.slot(op.params),
        comp.slot(op.rsvd_cnt),
    )
    dt = np_dtype(op.dst.type.element_type)
    size = dt.itemsize
    eb, erep = 32 // size, 256 // size

    def run(e, c, _op=op):
        dst, src = e[d], e[s0]
        f = e[p].fields(PARAMS_DEFAULTS)
        reps = f["repeatTimes"]
        per = e[mk] if e[rm] else erep
        if e[rm] and per < 1:
            raise SimulatorError(f"GatherMask in counter mode needs mask >= 1, got {per}")
        idx = np.arange(per)
        rep = np.arange(reps)[:, None]
        pos = rep * f["src0RepeatStride"] * eb + (idx // eb) * f["src0BlockStride"] * eb + idx % eb
        need = int(pos.max()) + 1 if pos.size else 0
        sv = src.span(need, "src0")
        pattern = e[pat]
        if isinstance(pattern, LocalTensor):
            pt = pattern.itemsize
            if pt != size:
                raise SimulatorError(
                    f"GatherMask: the pattern's elements ({pt * 8}-bit) must be as wide as "
                    f"src0's ({size * 8}-bit)"
                )
            step = f["src1RepeatStride"] * 32 * 8  # bits between repeats
            last = (reps - 1) * step + per if reps else 0
            nbytes = -(-last // 8)
            words = -(-nbytes // pt)
            bits = _bits(pattern.span(words, "src1Pattern"))
            keep = bits[rep * step + idx].astype(bool)
        else:
            mode = int(pattern)
            if mode not in BUILTIN:
                raise SimulatorError(f"GatherMask built-in pattern {mode} is not 1-7")
            period, offset = BUILTIN[mode]
            keep = np.broadcast_to(idx % period == offset, pos.shape)
        vals = sv[pos[keep]] if reps else sv[:0]
        n = int(vals.size)
        dst.span(n, "dst")[:] = vals
        e[r] = n
        c.regs["GATHER_MASK_CNT"] = n
        k = c.cnt
        k[I_V] += 1
        k[C_V] += vector_cycles(reps * per * size)

    return run


@handles(ascendc.GetGatherMaskRemainCountOp)
def _remain(op, comp):
    r = comp.slot(op.result)

    def run(e, c, _op=op):
        if "GATHER_MASK_CNT" not in c.regs:
            raise TensorBoundsError("GetGatherMaskRemainCount before any GatherMask")
        e[r] = c.regs["GATHER_MASK_CNT"]

    return run
