"""`asc.reg.exp_sub`, the register form of `asc.reg.duplicate`, and the MERGING forms
`asc.reg.add_merging` / `max_merging` / `min_merging` (`dialects/ascendc/reg_fused.py`).

C++'s `Max<T, MaskMergeMode::MERGING>(acc, acc, src, mask)` keeps acc's elements where
the mask is off; here the register kept is the first argument and the result is new:
`acc = asc.reg.max_merging(acc, acc, src, mask)`."""

from __future__ import annotations

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.reg_enums import RegLayout
from asc_xdsl.language.reg import MaskReg, RegTensor, _g, _need, _reg_type, _same

__all__ = ["add_merging", "exp_sub", "max_merging", "min_merging"]


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


def duplicate_reg(src: RegTensor, mask: MaskReg, dtype: dt.DataType | None = None) -> RegTensor:
    """`Duplicate(dst, src, mask)`: src's lowest element in every enabled element (what
    `duplicate(src, mask)` builds for a register; `dtype`, if given, must be src's)."""
    g = _g("duplicate")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    if dtype is not None and dtype is not src.dtype:
        g.fail(
            f"duplicate of a register of {src.dtype.name} makes {src.dtype.name}, not "
            f"{getattr(dtype, 'name', dtype)} (cast it first)"
        )
    op = _op("RegDuplicateRegOp")(src.handle, mask.handle, result_types=[_reg_type(src.dtype)])
    return RegTensor(g.emit(op).results[0], src.dtype)


def _merging(cls_name: str, api: str):
    def f(dst: RegTensor, src0: RegTensor, src1: RegTensor, mask: MaskReg) -> RegTensor:
        g = _g(api)
        for v, w in ((dst, "dst"), (src0, "src0"), (src1, "src1")):
            _need(g, v, RegTensor, w)
            _same(g, v, src0, api)
        _need(g, mask, MaskReg, "mask")
        operands = [dst.handle, src0.handle, src1.handle, mask.handle]
        op = _op(cls_name)(*operands, result_types=[_reg_type(src0.dtype)])
        return RegTensor(g.emit(op).results[0], src0.dtype)

    f.__name__ = f.__qualname__ = api
    f.__doc__ = (
        f"`{cls_name[3:-9]}<T, MaskMergeMode::MERGING>(dst, src0, src1, mask)`: elementwise "
        "on the enabled elements; the others keep `dst`'s. Returns the new register."
    )
    return f


add_merging = _merging("RegAddMergingOp", "add_merging")
max_merging = _merging("RegMaxMergingOp", "max_merging")
min_merging = _merging("RegMinMergingOp", "min_merging")
