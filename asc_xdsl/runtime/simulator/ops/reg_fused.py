"""ExpSub, Duplicate of a register and the MERGING binaries (`dialects/ascendc/
reg_fused.py`) on the simulator.

Registers as in `ops/reg.py`. ExpSub computes in float32 (from half: each selected half
element widened first), e^x by numpy as `reg.exp` does; the disabled elements are 0
(MaskMergeMode::ZEROING). The MERGING binaries compute as `reg.add` / `max` / `min` and
keep `prior`'s elements where the mask is off.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.reg_types import RegLayout
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.ops.reg import _BINARY, _elem, _wide, _wrap, _zeroed, lanes_of


@sim_hook("reg_fused")
def _reg_fused(op, comp, key: str):
    return _BUILDERS[key](op, comp)


def _exp_sub(op, comp):
    dst, src = _elem(op.dst.type), _elem(op.src0.type)
    layout = int(RegLayout.from_attr(op.properties["layout"]))
    ratio = dst.size // src.size  # 2 from half, 1 from float (layout has no effect)
    picks = np.arange(dst.lanes) * ratio + (layout if ratio > 1 else 0)
    a, b, m, r = (comp.slot(v) for v in (op.src0, op.src1, op.mask, op.dst))

    def run(e, c, _op=op):
        x = e[a][picks].astype(np.float32) - e[b][picks].astype(np.float32)
        e[r] = _zeroed(dst, np.exp(x), e[m])

    return run


def _duplicate_reg(op, comp):
    el = _elem(op.dst.type)
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = _zeroed(el, np.full(el.lanes, e[a][0], el.dtype), e[m])

    return run


def _merging(op, comp):
    el = _elem(op.dst.type)
    f = _BINARY[op.SPEC.mnemonic.removeprefix("reg.").removesuffix("_merging")]
    slots = (op.prior, op.src0, op.src1, op.mask, op.dst)
    prior, a, b, m, r = (comp.slot(v) for v in slots)

    def run(e, c, _op=op):
        values = el.fix(_wrap(el, f(_wide(el, e[a]), _wide(el, e[b]))))
        e[r] = np.where(lanes_of(e[m], el.size), values, e[prior]).astype(el.dtype)

    return run


_BUILDERS = {
    "exp_sub": _exp_sub,
    "duplicate_reg": _duplicate_reg,
    "add_merging": _merging,
    "max_merging": _merging,
    "min_merging": _merging,
}
