"""AscendQuant (quantization), per tensor: dst = int8(round(src * scale + offset)).

As the docs' algorithm says, in half: src, scale and offset are converted to half,
`Muls` then `Adds` each round to half, and the half -> int8 cast rounds half to even
and saturates to [-128, 127]. The count is `calCount`; the optional AscendQuantConfig
(calcCount, offsetCount, scaleCount, workLocalSize) only sizes the scratch space and
the tensor forms of scale/offset, which pyasc's op does not have, so it is not read.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.ops.adv_math import charge_library, check_tmp


@sim_hook("adv_quant")
def _quant(op, comp, key: str):
    d, s = comp.slot(op.dst), comp.slot(op.src_tensor)
    sc, off, n = comp.slot(op.scale), comp.slot(op.offset), comp.slot(op.cal_count)
    tmp = check_tmp(op, comp)

    def run(e, c, _op=op):
        count = int(e[n])
        x = e[s].span(count, "src").astype(np.float16)
        tmp(e)
        with np.errstate(all="ignore"):
            y = x * np.float16(e[sc]) + np.float16(e[off])  # each step rounds to half
            q = np.clip(np.rint(y.astype(np.float32)), -128, 127)
        e[d].span(count, "dst")[...] = q.astype(np.int8)
        charge_library(c, count, 2)

    return run
