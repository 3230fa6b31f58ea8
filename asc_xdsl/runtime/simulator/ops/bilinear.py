"""BilinearInterpolation (half): gather 32-byte blocks, weight them, sum horizontally.

As the Ascend C docs describe the A2 implementation (Gatherb, Brcb, Mul, Add): there are
hRepeat x vRepeat iterations; iteration i gathers 8 DataBlocks (16 halves each) of
src0, block j from byte src0Offset[8i + j] of src0; each is multiplied by src1[i]
(repeatMode false) or block j by src1[8i + j] (true), rounding to half; then for each
vertical step v the hRepeat weighted iterations v*hRepeat .. are added in order (each
Add rounding to half) and written to dst from element v * vROffset, DataBlock j at
j * dstBlkStride blocks, only the lanes the mask enables (128 per iteration).

A src0Offset that is not 32-byte aligned or leaves src0, and vROffset outside
[128, 65535) or not 32-byte aligned, are errors. The scratch buffer must be a live
local tensor (its contents are not modelled).
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.errors import SimulatorError, TensorBoundsError
from asc_xdsl.runtime.simulator.ops.instr import VectorCall, charge
from asc_xdsl.runtime.simulator.vmask import full_lanes

LANES = 128  # halves per iteration: 8 DataBlocks of 16
BLOCK = 16


def _enabled(ln) -> np.ndarray:
    """The 128 lanes the mask enables (counter mode: the first `count`)."""
    if ln.row is None:
        return np.arange(LANES) < min(ln.count, LANES)
    return ((ln.row >> np.arange(LANES, dtype=object)) & 1).astype(bool)


@sim_hook("bilinear_interpolation")
def _bilinear(op, comp, key: str):
    call = VectorCall(op, comp)
    d, s0, so, s1 = (comp.slot(v) for v in (op.dst, op.src0, op.src0_offset, op.src1))
    hs, ms, bs, vos, vs = (
        comp.slot(v)
        for v in (op.h_repeat, op.repeat_mode, op.dst_blk_stride, op.v_r_offset, op.v_repeat)
    )
    tmp = comp.slot(op.shared_tmp_buffer)

    def run(e, c, _op=op):
        ln = call.lanes(e, c, LANES)
        h, v, mode = int(e[hs]), int(e[vs]), bool(e[ms])
        blk, vro = int(e[bs]), int(e[vos])
        if not (1 <= h <= 255 and 1 <= v <= 255):
            raise SimulatorError(
                f"BilinearInterpolation: hRepeat {h} / vRepeat {v} outside [1, 255]"
            )
        if not 128 <= vro < 65535 or vro * 2 % 32:
            raise SimulatorError(
                f"BilinearInterpolation: vROffset {vro} must be in [128, 65535) and a multiple "
                "of 16 halves (32 bytes)"
            )
        iters = h * v
        src0 = e[s0]
        src0.check(0, "src0")
        offs = e[so].span(8 * iters, "src0Offset").astype(np.int64)
        bad = (offs % 32 != 0) | (offs < 0) | (offs + 32 > src0.length * 2)
        if bad.any():
            k = int(np.argmax(bad))
            raise TensorBoundsError(
                f"BilinearInterpolation: src0Offset[{k}] = {int(offs[k])} is not a 32-byte "
                f"block of src0 ({src0.length * 2} bytes)"
            )
        gathered = src0.arr[(offs // 2)[:, None] + np.arange(BLOCK)].reshape(v, h, LANES)
        weights = e[s1].span(8 * iters if mode else iters, "src1")
        w = np.repeat(weights.reshape(v, h, 8 if mode else 1), BLOCK * (1 if mode else 8), axis=2)
        e[tmp].check(0, "sharedTmpBuffer", vector=False)
        with np.errstate(all="ignore"):
            prod = gathered * w  # float16: each product rounds to half
            acc = prod[:, 0]
            for j in range(1, h):
                acc = acc + prod[:, j]
        lanes = _enabled(ln)
        place = (np.arange(8) * blk * BLOCK)[:, None] + np.arange(BLOCK)
        rows = np.arange(v)[:, None] * vro + place.reshape(-1)[None, :]
        idx, vals = rows[:, lanes], acc[:, lanes]
        dst = e[d]
        need = int(idx.max()) + 1 if idx.size else 0
        dst.span(need, "dst")[idx.reshape(-1)] = vals.reshape(-1)
        charge(c, full_lanes(LANES, 3 * iters + v))

    return run
