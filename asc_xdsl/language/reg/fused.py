"""`asc.reg.exp_sub`, the register form of `asc.reg.duplicate`, and the MERGING forms
`asc.reg.add_merging` / `max_merging` / `min_merging` (`dialects/ascendc/reg_fused.py`).

C++'s `Max<T, MaskMergeMode::MERGING>(acc, acc, src, mask)` keeps acc's elements where
the mask is off; here the register kept is the first argument and the result is new:
`acc = asc.reg.max_merging(acc, acc, src, mask)`."""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.reg_enums import RegLayout
from asc_xdsl.language.reg import MaskReg, RegTensor, _g, _need, _reg_type, _same

__all__ = ["add_merging", "cast_merging", "exp_sub", "max_merging", "min_merging", "move_merging"]
# (move_unmasked, duplicate_unmasked, cast_complex: reached through asc.reg.move,
# asc.reg.duplicate and asc.reg.cast)


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
    # (the result is src's kind of register: one, or a RegTraitNumTwo pair)
    op = _op("RegDuplicateRegOp")(src.handle, mask.handle, result_types=[src.handle.type])
    return RegTensor(g.emit(op).results[0], src.dtype)


def move_unmasked(src: Any) -> Any:
    """`Move(dst, src)`: every element of a register (or every bit of a mask register)."""
    g = _g("move")
    if isinstance(src, MaskReg) and src.handle is not None:
        op = _op("RegMaskMoveUnmaskedOp")(src.handle, result_types=[src.handle.type])
        return MaskReg(g.emit(op).results[0])
    _need(g, src, RegTensor, "src")
    op = _op("RegMoveUnmaskedOp")(src.handle, result_types=[src.handle.type])
    return RegTensor(g.emit(op).results[0], src.dtype)


def duplicate_unmasked(scalar: Any, dtype: dt.DataType, trait: Any) -> RegTensor:
    """`Duplicate(dst, scalar)`: `scalar` (of `dtype`) in every element."""
    from asc_xdsl.language.reg import _dtype, _trait

    g = _g("duplicate")
    if isinstance(scalar, RegTensor):
        g.fail(
            "duplicate of a register takes a mask (the headers' Duplicate(dst, src, mask) "
            "has no maskless overload)"
        )
    t = _dtype(g, dtype, "dtype")
    tr = _trait(g, trait, t)
    op = _op("RegDuplicateUnmaskedOp")(g.scalar(scalar, t), result_types=[_reg_type(t, tr)])
    return RegTensor(g.emit(op).results[0], t)


def cast_complex(src: RegTensor, dtype: dt.DataType, mask: MaskReg, round_mode: Any) -> RegTensor:
    """complex32 <-> complex64 of a RegTraitNumTwo pair (the 3510 basic API's
    composition; the Reg Cast takes no complex type): into the first 64 elements."""
    from asc_xdsl.dialects.ascendc.enums import RoundMode
    from asc_xdsl.dialects.ascendc.reg_types import RegTrait

    g = _g("cast")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    pair = {dt.complex32, dt.complex64}
    if src.dtype not in pair or dtype not in pair or src.dtype is dtype:
        g.fail(
            f"a complex cast goes between complex32 and complex64, not {src.dtype.name} -> "
            f"{getattr(dtype, 'name', dtype)}"
        )
    if getattr(src.handle.type, "reg_num", 1) != 2:
        g.fail(
            "a complex32 <-> complex64 cast takes a RegTraitNumTwo pair (load it with "
            "trait=asc.reg.RegTrait.NUM_TWO), as the 3510 headers cast complex registers"
        )
    m = g.enum(round_mode, RoundMode, "round_mode")
    op = _op("RegCastComplexOp")(
        src.handle, mask.handle, result_types=[_reg_type(dtype, RegTrait.NUM_TWO)], round_mode=m
    )
    return RegTensor(g.emit(op).results[0], dtype)


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


def cast_merging(
    dst: RegTensor,
    src: RegTensor,
    mask: MaskReg,
    round_mode: Any = None,
    sat: Any = None,
) -> RegTensor:
    """`Cast<T, S, trait>(dst, src, mask)` with the CastTrait's MaskMergeMode::MERGING
    (RegLayout ZERO): as `cast(src, dst.dtype, mask, ...)` on the enabled elements of
    dst's type; the others keep `dst`'s. Returns the new register."""
    from asc_xdsl.enums import RoundMode
    from asc_xdsl.language.reg import SatMode

    g = _g("cast_merging")
    _need(g, dst, RegTensor, "dst")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    r = g.enum(RoundMode.CAST_RINT if round_mode is None else round_mode, RoundMode, "round_mode")
    s = g.enum(SatMode.SAT if sat is None else sat, SatMode, "sat")
    op = _op("RegCastMergingOp")(
        dst.handle,
        src.handle,
        mask.handle,
        result_types=[dst.handle.type],  # (dst's trait too: an int64 pair stays one)
        round_mode=r,
        sat=s,
    )
    return RegTensor(g.emit(op).results[0], dst.dtype)


def move_merging(dst: RegTensor, src: RegTensor, mask: MaskReg) -> RegTensor:
    """`Move(dst, src, mask)` (MaskMergeMode::MERGING, Move's only mode on 3510): src's
    enabled elements, `dst`'s elsewhere. Returns the new register."""
    g = _g("move_merging")
    _need(g, dst, RegTensor, "dst")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    _same(g, dst, src, "move_merging")
    op = _op("RegMoveMergingOp")(
        dst.handle, src.handle, mask.handle, result_types=[dst.handle.type]
    )
    return RegTensor(g.emit(op).results[0], dst.dtype)
