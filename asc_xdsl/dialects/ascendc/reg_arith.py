"""The rest of the Reg layer's arithmetic (`AscendC::Reg`, Ascend 950): the multiply-adds,
the carry chain, the widening multiply, shifts by a register, and the odd ones out.

* `reg.axpy`: `Axpy(dst, src, scalar, mask)`, dst = scalar * src + dst.
* `reg.mul_add_dst`: `MulAddDst(dst, src0, src1, mask)`, dst = src0 * src1 + dst.
* `reg.mul_dst_add`: `MulDstAdd(dst, src0, src1, mask)`, dst = dst * src0 + src1.
  These three read the register they write: the op takes its prior contents as the
  operand `acc` and the printer passes `acc`'s variable (or a copy of it) as `dst`.
* `reg.muls_cast`: `MulsCast<half, float, float, layout>(dst, src, scalar, mask)`,
  half(src * scalar) rounded CAST_ROUND, into the half slot `layout` of each 32-bit lane.
* `reg.mull`: `Mull(dst0, dst1, src0, src1, mask)`, the 64-bit product of 32-bit
  elements: its low half in dst0, its high half in dst1.
* `reg.add_c`, `reg.sub_c`: `AddC(carry, dst, src0, src1, carrySrc, mask)` and SubC,
  32-bit adds with a carry in and out; `reg.add_carry`, `reg.sub_carry`: `Add(carry,
  dst, src0, src1, mask)` and Sub, the carry out alone (the first step of a chain).
  The carry of SubC is "no borrow": SubC computes src0 + ~src1 + carrySrc, as the
  3510 headers' 64-bit Sub chains it (Sub's carry out feeds SubC's carry in).
* `reg.shift_left`, `reg.shift_right`: `ShiftLeft(dst, src0, src1, mask)` and
  ShiftRight, each element shifted by the matching element of a register of signed
  integers of the same width.
* `reg.unsqueeze`: `Unsqueeze(dst, mask)`, element i the number of mask bits set among
  elements 0 .. i-1 (an exclusive prefix count).
* `reg.move_mask`: `MoveMask<T>()`, the vector mask register `SetVectorMask` set
  ({MASK1, MASK0}) as a MaskReg of b16 (128 bits) or b32 (MASK0's 64 bits) elements.
  (Not `reg.mask_move`, which is `Move` of one MaskReg to another.)
* `reg.mask_select`, `reg.mask_interleave`, `reg.mask_deinterleave`, `reg.mask_pack`,
  `reg.mask_unpack`: the MaskReg overloads of Select, Interleave<T>, DeInterleave<T>,
  Pack<part> and UnPack<part>.
* `reg.reduce_widening`, `reg.reduce_data_block_widening`: `Reduce<SUM>` and
  `ReduceDataBlock<SUM>` of int16 (uint16) elements into an int32 (uint32) register.
* `reg.load`, `reg.store`: `Load(dst, ptr)` and `Store(ptr, src, count)`, the one-call
  spellings of the unaligned load and store (the 3510 implementations are
  LoadUnAlignPre + LoadUnAlign and StoreUnAlign + StoreUnAlignPost, what `reg.load_unalign`
  / `reg.store_unalign` print): any element-aligned address.

The in-place three print from `emitters/reg_arith.py`; move_mask as create_mask does
(`MaskReg m = MoveMask<T>();`); the others as every regular Reg op
(`emitters/reg.py`, `_print_call`: the written registers first, as in the C++).

Sources: `include/basic_api/reg_compute/kernel_reg_compute_vec_ternary_scalar_intf.h`,
`kernel_reg_compute_vec_fused_intf.h`, `kernel_reg_compute_vec_binary_intf.h`,
`kernel_reg_compute_gather_mask_intf.h`, `kernel_reg_compute_maskreg_intf.h`,
`kernel_reg_compute_datacopy_intf.h`; the dtypes are the `static_assert`s of their
3510 implementations (`impl/basic_api/reg_compute/dav_3510/*_impl.h`); the semantics
are the pages under `docs/zh/api/SIMD-API/基础API/Reg矢量计算` (复合计算, 基础算术,
逻辑计算, 数据压缩/Unsqueeze, MaskReg计算/MoveMask).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.reg import (
    INT,
    MASK,
    REG_PAIRS,
    RegOp,
    _add,
    _mask_out,
    _operand_element,
    _result_element,
    reg,
    ub,
)
from asc_xdsl.dialects.ascendc.reg_types import HighLowPart, MaskRegType, RegLayout
from asc_xdsl.dialects.ascendc.spec import Effect, Operand, OpFamily, Prop, PropKind, Result, elem

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.reg_arith import *  # noqa: F403

_M = Operand("mask", MASK)


def _in(name: str, var: str = "T") -> Operand:
    return Operand(name, reg(var))


def _out(name: str = "dst", var: str = "T") -> Result:
    return Result(name, reg(var))


def _arith(cls: str, mnemonic: str, api: str, operands, results, **kw) -> None:
    _add(cls, mnemonic, api, operands, results, family=FAMILY, hook="reg_arith", sim=mnemonic, **kw)


class RegMulsCastBase(RegOp):
    """MulsCast writes half slot ZERO or ONE of each 32-bit lane (its static_assert)."""

    def verify_(self) -> None:
        super().verify_()
        layout = RegLayout.from_attr(self.properties["layout"])
        if layout not in (RegLayout.ZERO, RegLayout.ONE):
            raise VerifyException(
                f"'{self.name}': MulsCast takes RegLayout ZERO or ONE, not {layout.name} "
                "(a float lane holds two halves)"
            )


# -- multiply-adds --------------------------------------------------------------------

_arith(
    "RegAxpyOp",
    "axpy",
    "Axpy",
    (_in("acc"), _in("src"), Operand("scalar", elem("T")), _M),
    (_out(),),
    dtypes={"T": ("f16", "f32", "i64", "ui64")},
    doc="`Axpy(dst, src, scalar, mask)` with dst holding `acc`: scalar * src + acc in "
    "the enabled elements, 0 elsewhere (ZEROING; the float forms round once).",
)
_arith(
    "RegMulAddDstOp",
    "mul_add_dst",
    "MulAddDst",
    (_in("acc"), _in("src0"), _in("src1"), _M),
    (_out(),),
    dtypes={"T": ("i16", "ui16", "i32", "ui32", "f16", "bf16", "f32", "i64", "ui64")},
    doc="`MulAddDst(dst, src0, src1, mask)` with dst holding `acc`: src0 * src1 + acc "
    "in the enabled elements, 0 elsewhere (floats: one rounding; integers wrap).",
)
_arith(
    "RegMulDstAddOp",
    "mul_dst_add",
    "MulDstAdd",
    (_in("acc"), _in("src0"), _in("src1"), _M),
    (_out(),),
    dtypes={"T": ("f16", "bf16", "f32")},
    doc="`MulDstAdd(dst, src0, src1, mask)` with dst holding `acc`: acc * src0 + src1 "
    "in the enabled elements, 0 elsewhere (one rounding).",
)
REG_PAIRS["reg.muls_cast"] = (("f16", "f32"),)
_arith(
    "RegMulsCastOp",
    "muls_cast",
    "MulsCast",
    (_in("src", "S"), Operand("scalar", elem("S")), _M),
    (_out("dst", "T"),),
    props=(Prop("layout", RegLayout, default=RegLayout.ZERO),),
    template=(
        _result_element(),
        _operand_element("src"),
        lambda op: op.scalar.type,
        "layout",
    ),
    base=RegMulsCastBase,
    dtypes={"T": ("f16",), "S": ("f32",)},
    example={"T": "f16", "S": "f32"},
    doc="`MulsCast<half, float, float, layout>(dst, src, scalar, mask)`: src * scalar "
    "rounded to half (CAST_ROUND: nearest, ties away from zero), float element i's "
    "result in half element 2i + layout; the other halves, and those of disabled "
    "elements (a b32 mask), 0.",
)

# -- the widening multiply and the carry chain -------------------------------------------

_B32 = ("i32", "ui32")
_arith(
    "RegMullOp",
    "mull",
    "Mull",
    (_in("src0"), _in("src1"), _M),
    (_out("dst0"), _out("dst1")),
    dtypes={"T": _B32},
    doc="`Mull(dst0, dst1, src0, src1, mask)`: the full 64-bit product of each pair "
    "of enabled elements (signed for int32_t), its low 32 bits in dst0 and its high 32 "
    "bits in dst1; 0 in both elsewhere.",
)
for _cls, _m, _api, _how in (
    ("RegAddCOp", "add_c", "AddC", "src0 + src1 + carry_src"),
    ("RegSubCOp", "sub_c", "SubC", "src0 + ~src1 + carry_src (src0 - src1 - borrow)"),
):
    _arith(
        _cls,
        _m,
        _api,
        (_in("src0"), _in("src1"), Operand("carry_src", MASK), _M),
        (_mask_out("carry"), _out()),
        dtypes={"T": _B32},
        doc=f"`{_api}(carry, dst, src0, src1, carrySrc, mask)`: {_how} modulo 2^32 in "
        "dst, the carry out of bit 31 in `carry` (for SubC: 1 when nothing was borrowed), "
        "the carries in from `carry_src` (a b32 mask); 0 in both where `mask` is off.",
    )
for _cls, _m, _api, _how in (
    ("RegAddCarryOp", "add_carry", "Add", "src0 + src1, carry: the carry out of bit 31"),
    ("RegSubCarryOp", "sub_carry", "Sub", "src0 - src1, carry: 1 where src0 >= src1 unsigned"),
):
    _arith(
        _cls,
        _m,
        _api,
        (_in("src0"), _in("src1"), _M),
        (_mask_out("carry"), _out()),
        dtypes={"T": _B32},
        doc=f"`{_api}(carry, dst, src0, src1, mask)`: dst = {_how} (no borrow; the "
        "carry in of the next AddC / SubC of a chain); 0 in both where `mask` is off.",
    )

# -- shifts by a register --------------------------------------------------------------

REG_PAIRS["reg.shift_left"] = REG_PAIRS["reg.shift_right"] = (
    *(("i8", "i8"), ("ui8", "i8"), ("i16", "i16"), ("ui16", "i16")),
    *(("i32", "i32"), ("ui32", "i32"), ("i64", "i64"), ("ui64", "i64")),
)
for _cls, _m, _api, _how in (
    (
        "RegShiftLeftOp",
        "shift_left",
        "ShiftLeft",
        "src0 << src1: unsigned logical; signed arithmetic (the sign bit kept, the bits "
        "below it shifted); 0 for a shift of the width or more",
    ),
    (
        "RegShiftRightOp",
        "shift_right",
        "ShiftRight",
        "src0 >> src1: unsigned logical; signed arithmetic (sign-filled: -1 or 0 for a "
        "shift of the width or more); unsigned 0 for a shift of the width or more",
    ),
):
    _arith(
        _cls,
        _m,
        _api,
        (_in("src0"), _in("src1", "S"), _M),
        (_out(),),
        dtypes={
            "T": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"),
            "S": ("i8", "i16", "i32", "i64"),
        },
        example={"T": "ui32", "S": "i32"},
        doc=f"`{_api}(dst, src0, src1, mask)`: {_how}; src1 holds signed integers of "
        "src0's width (a negative shift is undefined, and refused by the simulator); 0 "
        "where `mask` is off.",
    )

# -- Unsqueeze, MoveMask ----------------------------------------------------------------

_arith(
    "RegUnsqueezeOp",
    "unsqueeze",
    "Unsqueeze",
    (_M,),
    (_out(),),
    dtypes={"T": ("i8", "ui8", "i16", "ui16", "i32", "ui32")},
    example={"T": "i32"},
    doc="`Unsqueeze(dst, mask)`: dst[0] = 0, dst[i] = the number of elements among 0 .. "
    "i-1 that `mask` enables (the last element's bit is not counted).",
)
_arith(
    "RegMoveMaskOp",
    "move_mask",
    "MoveMask",
    (),
    (Result("mask", MASK, MaskRegType()),),
    props=(Prop("dtype", kind=PropKind.TYPE),),
    template=("dtype",),
    dtypes={"dtype": ("i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")},
    doc="`MoveMask<T>()`: the vector mask register (SetVectorMask's {MASK1, MASK0}) as "
    "a MaskReg: for b16 T bit i enables element i (128 elements), for b32 T bit i of "
    "MASK0 does (64). In counter mode the register holds the count, read as bits all "
    "the same.",
)

# -- mask registers: Select, Interleave / DeInterleave, Pack / UnPack ----------------------

_MASK_T = ("i8", "ui8", "i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")
_arith(
    "RegMaskSelectOp",
    "mask_select",
    "Select",
    (Operand("src0", MASK), Operand("src1", MASK), Operand("sel", MASK)),
    (_mask_out(),),
    doc="`Select(dst, src0, src1, sel)` of mask registers: src0's bit where sel's is "
    "set, src1's elsewhere (all 256 bits).",
)
for _cls, _m, _api, _how in (
    (
        "RegMaskInterleaveOp",
        "mask_interleave",
        "Interleave",
        "the elements of src0 and src1 alternately (src0[0], src1[0], src0[1], ...): the "
        "first half in dst0, the second in dst1",
    ),
    (
        "RegMaskDeInterleaveOp",
        "mask_deinterleave",
        "DeInterleave",
        "of the elements of src0 then src1, the even ones in dst0 and the odd ones in dst1",
    ),
):
    _arith(
        _cls,
        _m,
        _api,
        (Operand("src0", MASK), Operand("src1", MASK)),
        (_mask_out("dst0"), _mask_out("dst1")),
        props=(Prop("dtype", kind=PropKind.TYPE),),
        template=("dtype",),
        dtypes={"dtype": _MASK_T},
        doc=f"`{_api}<T>(dst0, dst1, src0, src1)` of mask registers, by elements of T "
        f"(b8, b16, b32): {_how}.",
    )
for _cls, _m, _api, _how in (
    (
        "RegMaskPackOp",
        "mask_pack",
        "Pack",
        "src's even bits (128) into dst's lower (LOWEST) or upper (HIGHEST) half, the other "
        "half 0 (a b16 mask as the b8 mask of the same elements)",
    ),
    (
        "RegMaskUnpackOp",
        "mask_unpack",
        "UnPack",
        "src's lower (LOWEST) or upper (HIGHEST) 128 bits, each widened to two (the bit, "
        "then 0: a b8 mask as the b16 mask of the same elements)",
    ),
):
    _arith(
        _cls,
        _m,
        _api,
        (Operand("src", MASK),),
        (_mask_out(),),
        props=(Prop("part", HighLowPart, default=HighLowPart.LOWEST),),
        template=("part",),
        doc=f"`{_api}<part>(dst, src)` of mask registers: {_how}.",
    )

# -- the widening sums --------------------------------------------------------------------

for _cls, _m, _api, _how in (
    (
        "RegReduceWideningOp",
        "reduce_widening",
        "Reduce",
        "the sum of src's enabled elements in element 0 of dst, 0 in the others",
    ),
    (
        "RegReduceDataBlockWideningOp",
        "reduce_data_block_widening",
        "ReduceDataBlock",
        "the sum of the enabled elements of src's 32-byte block j in element j of dst "
        "(j < 8), 0 after",
    ),
):
    REG_PAIRS[f"reg.{_m}"] = (("i32", "i16"), ("ui32", "ui16"))
    _arith(
        _cls,
        _m,
        _api,
        (_in("src", "S"), _M),
        (_out("dst", "T"),),
        template=(lambda op: "AscendC::Reg::ReduceType::SUM",),
        dtypes={"T": ("i32", "ui32"), "S": ("i16", "ui16")},
        example={"T": "i32", "S": "i16"},
        doc=f"`{_api}<ReduceType::SUM>(dst, src, mask)` from 16-bit integers into 32-bit "
        f"ones: {_how} (the sum wraps to 32 bits; a b16 mask).",
    )

# -- the one-call unaligned load and store -------------------------------------------------


_arith(
    "RegLoadOp",
    "load",
    "Load",
    (Operand("ptr", ub("T"), Effect.READ), Operand("offset", INT)),
    (_out(),),
    dtypes={"T": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32", "i64", "ui64")},
    example={"T": "f32"},
    doc="`Load(dst, ptr + offset)`: 256 bytes from any element-aligned UB address (the "
    "one-call form of LoadUnAlignPre + LoadUnAlign).",
)
_arith(
    "RegStoreOp",
    "store",
    "Store",
    (
        Operand("ptr", ub("T"), Effect.WRITE),
        Operand("offset", INT),
        _in("src"),
        Operand("count", INT),
    ),
    (),
    dtypes={"T": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32", "i64", "ui64")},
    example={"T": "f32"},
    doc="`Store(ptr + offset, src, count)`: src's first `count` elements to any "
    "element-aligned UB address (the one-call form of StoreUnAlign + "
    "StoreUnAlignPost; `Store(ptr, src)` is count = a register's elements).",
)

__all__ = ["FAMILY"]
