"""`asc.reg` functions of `dialects/ascendc/reg_arith.py`'s ops: the multiply-adds
(`axpy`, `mul_add_dst`, `mul_dst_add`, `muls_cast`), the widening multiply `mull`, the
carry chain (`add_c`, `sub_c`, `add_carry`, `sub_carry`), shifts by a register
(`shift_left`, `shift_right`), `unsqueeze`, `move_mask`, the MaskReg forms of Select,
Interleave / DeInterleave and Pack / UnPack (`mask_select`, ...), the widening sums
(`reduce_widening`, `reduce_data_block_widening`), and the one-call unaligned `load` /
`store`.

The C++ APIs that write into a register they read (`Axpy(dst, src, scalar, mask)`) take
that register first here and return the new one: `acc = asc.reg.axpy(acc, x, a, mask)`.
The ones that write two (`Mull(dst0, dst1, ...)`, `AddC(carry, dst, ...)`) return both,
in the C++ order: `lo, hi = asc.reg.mull(a, b, mask)`, `carry, s = asc.reg.add_c(...)`.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.reg_enums import HighLowPart, RegLayout
from asc_xdsl.language.reg import (
    MaskReg,
    RegTensor,
    UbPointer,
    _dtype,
    _g,
    _mask_type,
    _need,
    _reg_type,
    _same,
    lanes,
)

__all__ = [
    "add_c",
    "add_carry",
    "axpy",
    "load",
    "mask_deinterleave",
    "mask_interleave",
    "mask_pack",
    "mask_select",
    "mask_unpack",
    "move_mask",
    "mul_add_dst",
    "mul_dst_add",
    "mull",
    "muls_cast",
    "reduce_data_block_widening",
    "reduce_widening",
    "shift_left",
    "shift_right",
    "store",
    "sub_c",
    "sub_carry",
    "unsqueeze",
]


def _emit(g: Any, cls_name: str, operands: list, results: list, **props: Any) -> Any:
    from asc_xdsl.dialects.ascendc import reg_arith

    return g.emit(getattr(reg_arith, cls_name)(*operands, result_types=results, **props))


def _registers(g: Any, api: str, *named: tuple[Any, str]) -> None:
    """Each a RegTensor, all of one dtype."""
    for value, what in named:
        _need(g, value, RegTensor, what)
    for value, _ in named[1:]:
        _same(g, named[0][0], value, api)


def axpy(dst: RegTensor, src: RegTensor, scalar: Any, mask: MaskReg) -> RegTensor:
    """`Axpy(dst, src, scalar, mask)`: scalar * src + dst in the enabled elements, 0
    elsewhere (half, float, int64, uint64; int64 / uint64 RegTraitNumTwo pairs too).
    Returns the new dst."""
    g = _g("axpy")
    _registers(g, "axpy", (dst, "dst"), (src, "src"))
    _need(g, mask, MaskReg, "mask")
    s = g.scalar(scalar, src.dtype)
    # (the result is a register of src's type: its trait too)
    op = _emit(g, "RegAxpyOp", [dst.handle, src.handle, s, mask.handle], [src.handle.type])
    return RegTensor(op.results[0], src.dtype)


def _multiply_add(cls_name: str, api: str, cpp: str, formula: str, dtypes: str):
    def f(dst: RegTensor, src0: RegTensor, src1: RegTensor, mask: MaskReg) -> RegTensor:
        g = _g(api)
        _registers(g, api, (dst, "dst"), (src0, "src0"), (src1, "src1"))
        _need(g, mask, MaskReg, "mask")
        operands = [dst.handle, src0.handle, src1.handle, mask.handle]
        op = _emit(g, cls_name, operands, [dst.handle.type])  # (dst's trait too)
        return RegTensor(op.results[0], dst.dtype)

    f.__name__ = f.__qualname__ = api
    f.__doc__ = (
        f"`{cpp}(dst, src0, src1, mask)`: {formula} in the enabled elements, 0 elsewhere, "
        f"rounded once ({dtypes}). Returns the new dst."
    )
    return f


mul_add_dst = _multiply_add(
    "RegMulAddDstOp",
    "mul_add_dst",
    "MulAddDst",
    "src0 * src1 + dst",
    "16- and 32-bit integers, half, bfloat16, float, int64, uint64 (RegTraitNumTwo pairs "
    "too); integers wrap",
)
mul_dst_add = _multiply_add(
    "RegMulDstAddOp", "mul_dst_add", "MulDstAdd", "dst * src0 + src1", "half, bfloat16, float"
)


def muls_cast(
    src: RegTensor, scalar: Any, mask: MaskReg, layout: RegLayout = RegLayout.ZERO
) -> RegTensor:
    """`MulsCast<half, float, float, layout>(dst, src, scalar, mask)`: a float register
    times `scalar`, rounded to half (CAST_ROUND), float element i's result in half
    element 2i + layout (ZERO or ONE); the rest of the half register is 0."""
    g = _g("muls_cast")
    _need(g, src, RegTensor, "src")
    _need(g, mask, MaskReg, "mask")
    lay = g.enum(layout, RegLayout, "layout")
    s = g.scalar(scalar, src.dtype)
    op = _emit(
        g, "RegMulsCastOp", [src.handle, s, mask.handle], [_reg_type(dt.float16)], layout=lay
    )
    return RegTensor(op.results[0], dt.float16)


def mull(src0: RegTensor, src1: RegTensor, mask: MaskReg) -> tuple[RegTensor, RegTensor]:
    """`Mull(dst0, dst1, src0, src1, mask)`: the 64-bit products of two int32 (uint32)
    registers, as (their low 32 bits, their high 32 bits)."""
    g = _g("mull")
    _registers(g, "mull", (src0, "src0"), (src1, "src1"))
    _need(g, mask, MaskReg, "mask")
    t = _reg_type(src0.dtype)
    op = _emit(g, "RegMullOp", [src0.handle, src1.handle, mask.handle], [t, t])
    return RegTensor(op.results[0], src0.dtype), RegTensor(op.results[1], src0.dtype)


def _with_carry(cls_name: str, api: str, cpp: str, formula: str, carry_in: bool):
    def build(src0: RegTensor, src1: RegTensor, rest: tuple) -> tuple[MaskReg, RegTensor]:
        g = _g(api)
        _registers(g, api, (src0, "src0"), (src1, "src1"))
        names = ("carry_src", "mask") if carry_in else ("mask",)
        for value, what in zip(rest, names, strict=True):
            _need(g, value, MaskReg, what)
        operands = [src0.handle, src1.handle, *(m.handle for m in rest)]
        op = _emit(g, cls_name, operands, [_mask_type(), _reg_type(src0.dtype)])
        return MaskReg(op.results[0]), RegTensor(op.results[1], src0.dtype)

    if carry_in:

        def f(src0: RegTensor, src1: RegTensor, carry_src: MaskReg, mask: MaskReg):
            return build(src0, src1, (carry_src, mask))

        args = "carry, dst, src0, src1, carrySrc, mask"
    else:

        def f(src0: RegTensor, src1: RegTensor, mask: MaskReg):  # type: ignore[misc]
            return build(src0, src1, (mask,))

        args = "carry, dst, src0, src1, mask"
    f.__name__ = f.__qualname__ = api
    f.__doc__ = (
        f"`{cpp}({args})` of int32 (uint32) registers: (carry, dst), dst = {formula} "
        "modulo 2^32 and `carry` the mask of the elements whose sum carried out of bit "
        "31 (a subtraction's: that borrowed nothing); 0 in both where `mask` is off."
    )
    return f


add_c = _with_carry("RegAddCOp", "add_c", "AddC", "src0 + src1 + carry_src", True)
sub_c = _with_carry("RegSubCOp", "sub_c", "SubC", "src0 - src1 - (1 - carry_src)", True)
add_carry = _with_carry("RegAddCarryOp", "add_carry", "Add", "src0 + src1", False)
sub_carry = _with_carry("RegSubCarryOp", "sub_carry", "Sub", "src0 - src1", False)


def _shift(cls_name: str, api: str, cpp: str, how: str):
    def f(src0: RegTensor, src1: RegTensor, mask: MaskReg) -> RegTensor:
        g = _g(api)
        _need(g, src0, RegTensor, "src0")
        _need(g, src1, RegTensor, "src1")
        _need(g, mask, MaskReg, "mask")
        # (the result is a register of src0's type: its trait too)
        op = _emit(g, cls_name, [src0.handle, src1.handle, mask.handle], [src0.handle.type])
        return RegTensor(op.results[0], src0.dtype)

    f.__name__ = f.__qualname__ = api
    f.__doc__ = (
        f"`{cpp}(dst, src0, src1, mask)`: each element of an integer register shifted "
        f"{how} by the matching element of `src1` (signed integers of src0's width: "
        "int32 for int32 and uint32, ...; int64 / uint64 RegTraitNumTwo pairs by an int64 "
        "pair); 0 where `mask` is off."
    )
    return f


shift_left = _shift(
    "RegShiftLeftOp",
    "shift_left",
    "ShiftLeft",
    "left (signed: the sign bit kept; 0 for a shift of the width or more)",
)
shift_right = _shift(
    "RegShiftRightOp",
    "shift_right",
    "ShiftRight",
    "right (signed: sign-filled; unsigned: 0 for a shift of the width or more)",
)


def unsqueeze(mask: MaskReg, dtype: dt.DataType) -> RegTensor:
    """`Unsqueeze(dst, mask)`: a register of `dtype` (8- to 32-bit integers) whose
    element i counts the elements before i that `mask` enables (element 0 is 0)."""
    g = _g("unsqueeze")
    _need(g, mask, MaskReg, "mask")
    t = _dtype(g, dtype, "dtype")
    op = _emit(g, "RegUnsqueezeOp", [mask.handle], [_reg_type(t)])
    return RegTensor(op.results[0], t)


def move_mask(dtype: dt.DataType) -> MaskReg:
    """`MoveMask<T>()`: the vector mask register the kernel set (`asc.set_vector_mask`)
    as a MaskReg of `dtype`'s elements: 16-bit (its 128 bits) or 32-bit (the low 64)."""
    g = _g("move_mask")
    t = _dtype(g, dtype, "dtype")
    op = _emit(g, "RegMoveMaskOp", [], [_mask_type()], dtype=t.ir_type())
    return MaskReg(op.results[0])


def mask_select(src0: MaskReg, src1: MaskReg, sel: MaskReg) -> MaskReg:
    """`Select(dst, src0, src1, sel)` of mask registers: src0's bits where `sel` is set,
    src1's elsewhere."""
    g = _g("mask_select")
    for value, what in ((src0, "src0"), (src1, "src1"), (sel, "sel")):
        _need(g, value, MaskReg, what)
    op = _emit(g, "RegMaskSelectOp", [src0.handle, src1.handle, sel.handle], [_mask_type()])
    return MaskReg(op.results[0])


def _mask_pair(cls_name: str, api: str, cpp: str, how: str):
    def f(src0: MaskReg, src1: MaskReg, dtype: dt.DataType) -> tuple[MaskReg, MaskReg]:
        g = _g(api)
        _need(g, src0, MaskReg, "src0")
        _need(g, src1, MaskReg, "src1")
        t = _dtype(g, dtype, "dtype")
        m = _mask_type()
        op = _emit(g, cls_name, [src0.handle, src1.handle], [m, m], dtype=t.ir_type())
        return MaskReg(op.results[0]), MaskReg(op.results[1])

    f.__name__ = f.__qualname__ = api
    f.__doc__ = (
        f"`{cpp}<T>(dst0, dst1, src0, src1)` of mask registers, by elements of `dtype` "
        f"(8-, 16- or 32-bit): (dst0, dst1), {how}."
    )
    return f


mask_interleave = _mask_pair(
    "RegMaskInterleaveOp",
    "mask_interleave",
    "Interleave",
    "src0's and src1's elements alternately, the first half in dst0",
)
mask_deinterleave = _mask_pair(
    "RegMaskDeInterleaveOp",
    "mask_deinterleave",
    "DeInterleave",
    "the even elements of src0 then src1 in dst0, the odd ones in dst1",
)


def _mask_half(cls_name: str, api: str, cpp: str, how: str):
    def f(src: MaskReg, part: HighLowPart = HighLowPart.LOWEST) -> MaskReg:
        g = _g(api)
        _need(g, src, MaskReg, "src")
        p = g.enum(part, HighLowPart, "part")
        return MaskReg(_emit(g, cls_name, [src.handle], [_mask_type()], part=p).results[0])

    f.__name__ = f.__qualname__ = api
    f.__doc__ = f"`{cpp}<part>(dst, src)` of a mask register: {how}."
    return f


mask_pack = _mask_half(
    "RegMaskPackOp",
    "mask_pack",
    "Pack",
    "its even bits into the lower (LOWEST) or upper (HIGHEST) half, the other half 0",
)
mask_unpack = _mask_half(
    "RegMaskUnpackOp",
    "mask_unpack",
    "UnPack",
    "its lower (LOWEST) or upper (HIGHEST) half, each bit widened to two (the bit, then 0)",
)


def _widening(cls_name: str, api: str, cpp: str, how: str):
    def f(src: RegTensor, mask: MaskReg, dtype: dt.DataType) -> RegTensor:
        g = _g(api)
        _need(g, src, RegTensor, "src")
        _need(g, mask, MaskReg, "mask")
        t = _dtype(g, dtype, "dtype")
        return RegTensor(
            _emit(g, cls_name, [src.handle, mask.handle], [_reg_type(t)]).results[0], t
        )

    f.__name__ = f.__qualname__ = api
    f.__doc__ = (
        f"`{cpp}<ReduceType::SUM>(dst, src, mask)` of an int16 (uint16) register into an "
        f"int32 (uint32) one, `dtype`: {how}."
    )
    return f


reduce_widening = _widening(
    "RegReduceWideningOp",
    "reduce_widening",
    "Reduce",
    "the sum of the enabled elements in element 0, 0 in the others",
)
reduce_data_block_widening = _widening(
    "RegReduceDataBlockWideningOp",
    "reduce_data_block_widening",
    "ReduceDataBlock",
    "the sum of each 32-byte block's enabled elements in element j for block j",
)


def load(ptr: UbPointer, offset: Any = 0) -> RegTensor:
    """`Load(dst, ptr + offset)`: a register from any element-aligned UB address (what
    `load_unalign` does, in one call)."""
    g = _g("load")
    _need(g, ptr, UbPointer, "ptr")
    op = _emit(g, "RegLoadOp", [ptr.handle, g.integer(offset, "offset")], [_reg_type(ptr.dtype)])
    return RegTensor(op.results[0], ptr.dtype)


def store(ptr: UbPointer, src: RegTensor, count: Any = None, offset: Any = 0) -> None:
    """`Store(ptr + offset, src, count)`: src's first `count` elements (default: all of
    them, `Store(ptr, src)`) to any element-aligned UB address (what `store_unalign`
    does, in one call; a RegTraitNumTwo pair: up to its 64 elements)."""
    g = _g("store")
    _need(g, ptr, UbPointer, "ptr")
    _need(g, src, RegTensor, "src")
    every = lanes(src.dtype) * src.handle.type.reg_num
    n = g.integer(every if count is None else count, "count")
    _emit(g, "RegStoreOp", [ptr.handle, g.integer(offset, "offset"), src.handle, n], [])
