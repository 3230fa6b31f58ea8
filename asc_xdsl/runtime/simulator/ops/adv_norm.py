"""RmsNorm (normalization) of a [B, S, H] ND tensor.

The shape comes from the `RmsNormTiling` (bLength * sLength rows of hLength elements,
hLength 32-byte aligned; originalHLength <= hLength the valid ones). Per row:
dst = src / sqrt(sum(src^2) * reciprocalOfHLength + epsilon) * gamma, the sum over
the valid elements, dst written for all hLength (as the docs say, the padding of dst is
overwritten). The tiling's `reciprocalOfHLength` is used as given (the host's
GetRmsNormTilingInfo sets it to 1/originalHLength).

*Decision*: computed in float64 and rounded once to the element type.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.adv_math import charge_library, check_tmp
from asc_xdsl.runtime.simulator.ops.cube import fields

TILING_DEFAULTS = {
    "bLength": 0,
    "sLength": 0,
    "hLength": 0,
    "originalHLength": 0,
    "reciprocalOfHLength": 0.0,
}


@sim_hook("adv_rmsnorm")
def _rmsnorm(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    d, s, g = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.gamma)
    eps, t = comp.slot(op.epsilon), comp.slot(op.tiling)
    tmp = check_tmp(op, comp)

    def run(e, c, _op=op):
        f = fields(e[t], TILING_DEFAULTS, "RmsNorm's RmsNormTiling")
        rows = int(f["bLength"]) * int(f["sLength"])
        h = int(f["hLength"])
        valid = int(f["originalHLength"]) or h
        if valid > h:
            raise SimulatorError(f"RmsNormTiling: originalHLength {valid} > hLength {h}")
        x = e[s].span(rows * h, "src").reshape(rows, h).astype(np.float64)
        gamma = e[g].span(h, "gamma").astype(np.float64)
        tmp(e)
        with np.errstate(all="ignore"):
            ms = (x[:, :valid] ** 2).sum(axis=1) * float(f["reciprocalOfHLength"])
            out = x / np.sqrt(ms + float(e[eps]))[:, None] * gamma
        e[d].span(rows * h, "dst")[...] = out.astype(dt).reshape(-1)
        charge_library(c, rows * h, dt.itemsize)

    return run
