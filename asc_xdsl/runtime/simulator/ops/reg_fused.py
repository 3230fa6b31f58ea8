"""ExpSub, Duplicate of a register and the MERGING binaries (`dialects/ascendc/
reg_fused.py`) on the simulator.

Registers as in `ops/reg.py`. ExpSub computes in float32 (from half: each selected half
element widened first), e^x by numpy as `reg.exp` does; the disabled elements are 0
(MaskMergeMode::ZEROING). The MERGING binaries compute as `reg.add` / `max` / `min` and
keep `prior`'s elements where the mask is off. The maskless Move copies the register
(or mask register) whole, the maskless Duplicate fills every element. `cast_complex`
converts each part as the 3510 basic API's composition does (`ops/reg.py`
`complex_cast`'s per-part rounding, CAST_RINT ... CAST_ODD, a finite part past half's
range to +-65504, inf and NaN kept: the trait's SAT acts only while CTRL[60] is clear,
Cast.md table 5, and the samples set CTRL bits to get float saturation; half -> float
exact), under the complex64 pair's b32 mask.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc.enums import RoundMode
from asc_xdsl.dialects.ascendc.reg_types import RegLayout
from asc_xdsl.runtime.simulator.compile import sim_hook, simulates_float4
from asc_xdsl.runtime.simulator.ops.reg import (
    _BINARY,
    _complex,
    _elem,
    _wide,
    _wrap,
    _zeroed,
    lanes_of,
)

simulates_float4(
    "Duplicate of a register's lowest pair and the maskless Duplicate",
    "ascendc.reg.duplicate_reg",
    "ascendc.reg.duplicate_unmasked",
)


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


def _move_merging(op, comp):
    """Move (MERGING): src where the mask's bit of the element's first byte (of a pair:
    of its 32-bit half) is set, `prior` elsewhere."""
    el = _elem(op.dst.type)
    prior, a, m, r = (comp.slot(v) for v in (op.prior, op.src, op.mask, op.dst))

    def run(e, c, _op=op):
        on = lanes_of(e[m], el.step)[: el.lanes]
        e[r] = np.where(on, e[a], e[prior]).astype(el.dtype)

    return run


def _cast_merging(op, comp, key: str):
    """Cast with MERGING, as 3510's CastImpl does it: the ZEROING op into a
    copy, then `CopyMerging(dst, copy, mask)`, a Move of dst's element width (element i
    taken where the mask's bit of its first byte is set)."""
    from asc_xdsl.runtime.simulator.ops.reg import _BUILDERS as REG_BUILDERS

    zeroing = REG_BUILDERS[key](op, comp, "")  # (writes the cast into dst's slot)
    el = _elem(op.dst.type)
    prior, m, r = comp.slot(op.prior), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        zeroing(e, c)
        # (a 64-bit pair's mask is b32: CopyMerging moves its two registers under it)
        e[r] = np.where(lanes_of(e[m], el.step), e[r], e[prior]).astype(el.dtype)

    return run


def _move_unmasked(op, comp):
    a, r = comp.slot(op.src), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = e[a].copy()

    return run


def _duplicate_unmasked(op, comp):
    el = _elem(op.dst.type)
    s, r = comp.slot(op.scalar), comp.slot(op.dst)

    def run(e, c, _op=op):
        e[r] = el.fix(np.full(el.lanes, el.scalar(e[s]), el.dtype))

    return run


_PAIR_LANES = 64  # (a complex64 pair's elements: what one cast converts)


def _cast_complex(op, comp):
    from asc_xdsl.runtime.simulator.ops.cast import cast_array

    src, dst = _elem(op.src.type), _elem(op.dst.type)
    mode = RoundMode.from_attr(op.properties["roundMode"])
    a, m, r = comp.slot(op.src), comp.slot(op.mask), comp.slot(op.dst)

    def run(e, c, _op=op):
        on = lanes_of(e[m], 4)[:_PAIR_LANES]  # (the complex64 pair's b32 mask)
        re, im = src.parts(e[a][:_PAIR_LANES])
        with np.errstate(all="ignore"):
            parts = (cast_array(p, False, dst.part, False, mode) for p in (re, im))
            values = _complex(*parts)
        out = np.zeros(dst.lanes, np.complex64)
        out[:_PAIR_LANES] = np.where(on, values, 0)
        e[r] = dst.fix(out)

    return run


_BUILDERS = {
    "move_unmasked": _move_unmasked,
    "mask_move_unmasked": _move_unmasked,
    "duplicate_unmasked": _duplicate_unmasked,
    "cast_complex": _cast_complex,
    "exp_sub": _exp_sub,
    "duplicate_reg": _duplicate_reg,
    "add_merging": _merging,
    "max_merging": _merging,
    "min_merging": _merging,
    "cast_merging": lambda op, comp: _cast_merging(op, comp, "cast"),
    "move_merging": _move_merging,
}
