"""`asc.reg.exp_sub` and the register form of `asc.reg.duplicate`
(`dialects/ascendc/reg_fused.py`)."""

from __future__ import annotations

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.reg_enums import RegLayout
from asc_xdsl.language.reg import MaskReg, RegTensor, _g, _need, _reg_type, _same

__all__ = ["exp_sub"]


def _op(cls_name: str):
    from asc_xdsl.dialects.ascendc import reg_fused

    return getattr(reg_fused, cls_name)


def exp_sub(
    src0: RegTensor, src1: RegTensor, mask: MaskReg, layout: RegLayout = RegLayout.ZERO
) -> RegTensor:
    """`ExpSub<float, S, layout>(dst, src0, src1, mask)`: e^(src0 - src1) as float32 (from
    float16: the elements of slot `layout` of each pair, widened)."""
    g = _g("exp_sub")
    _need(g, src0, RegTensor, "src0")
    _need(g, src1, RegTensor, "src1")
    _need(g, mask, MaskReg, "mask")
    _same(g, src0, src1, "exp_sub")
    lay = g.enum(layout, RegLayout, "layout")
    op = _op("RegExpSubOp")(
        src0.handle, src1.handle, mask.handle, result_types=[_reg_type(dt.float32)], layout=lay
    )
    return RegTensor(g.emit(op).results[0], dt.float32)


def duplicate_reg(src: RegTensor, mask: MaskReg) -> RegTensor:
    """`Duplicate(dst, src, mask)`: src's lowest element in every enabled element (what
    `duplicate(src, mask)` builds for a register)."""
    g = _g("duplicate")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    op = _op("RegDuplicateRegOp")(src.handle, mask.handle, result_types=[_reg_type(src.dtype)])
    return RegTensor(g.emit(op).results[0], src.dtype)
