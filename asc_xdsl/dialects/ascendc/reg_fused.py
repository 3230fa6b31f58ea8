"""Reg-layer compute ops the best-practice samples fuse with (`AscendC::Reg`, Ascend 950).

* `reg.exp_sub`: `ExpSub<T, U, layout>(dst, src0, src1, mask)`, e^(src0 - src1) in one
  instruction (softmax's numerator), f32 from f32, or f32 from half (the half elements
  of one layout slot, widened).
* `reg.duplicate_reg`: `Duplicate(dst, src, mask)`, the lowest element of a register
  in every enabled element (the register form of Duplicate; the scalar form is
  `reg.duplicate`).

* `reg.move_unmasked`, `reg.mask_move_unmasked`, `reg.duplicate_unmasked`: the overloads
  of Move and Duplicate that take no mask (`Move(dst, src)`: every element, of a register
  or a mask register; `Duplicate(dst, scalar)`: the scalar in every element).
* `reg.cast_complex`: complex32 <-> complex64 of RegTraitNumTwo pairs, which the Reg
  `Cast` does not take (its `static_assert` lists no complex pair): the 3510 basic API's
  `CastIntrinsicsB64ImplVF` composes it from the parts' registers (`pair.reg[0]` the real
  parts, `reg[1]` the imaginary), and so does the printer.

* `reg.add_merging`, `reg.max_merging`, `reg.min_merging`: `Add<T,
  MaskMergeMode::MERGING>(dst, src0, src1, mask)` and Max, Min (the binaries 3510 runs
  with MERGING): the elements the mask leaves off keep dst's contents, which the C++
  register holds before the call and the op takes as its operand `prior`.

ExpSub and Duplicate print as the other regular Reg ops do (`emitters/reg.py`,
`_print_call`); the MERGING ops print from `emitters/reg_address.py` (dst first set to
`prior`).

Sources: `include/basic_api/reg_compute/kernel_reg_compute_vec_fused_intf.h`,
`kernel_reg_compute_vec_duplicate_intf.h`, the 3510 `static_assert`s
(`impl/basic_api/reg_compute/dav_3510/kernel_reg_compute_vec_fused_impl.h`), the
pages 复合计算/ExpSub.md and 数据填充/Duplicate.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.enums import RoundMode
from asc_xdsl.dialects.ascendc.reg import (
    ALL_NUMERIC,
    ARITH,
    B8_FLOATS,
    COMPLEX,
    MASK,
    MIN_MAX,
    REG_DTYPES,
    REG_PAIRS,
    TRAIT_TWO_OPS,
    RegOp,
    _format,
    _operand_element,
    _result_element,
    cast_form_error,
    reg,
)
from asc_xdsl.dialects.ascendc.reg_types import (
    MaskRegType,
    RegLayout,
    RegTensorType,
    RegTrait,
    SatMode,
)
from asc_xdsl.dialects.ascendc.spec import (
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    Result,
    TypeRule,
    elem,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.reg_fused import *  # noqa: F403


def _add(
    cls: str,
    mnemonic: str,
    api: str,
    operands: tuple[Operand, ...],
    results: tuple[Result, ...],
    *,
    props: tuple[Prop, ...] = (),
    template: tuple = (),
    dtypes: dict[str, tuple[str, ...]],
    example: dict | None = None,
    doc: str,
    base: type = RegOp,
) -> None:
    example = dict(example or {})
    for var, allowed in dtypes.items():
        example.setdefault(var, "f32" if "f32" in allowed else allowed[-1])
    spec = OpSpec(
        f"reg.{mnemonic}",
        f"Reg::{api}",
        operands,
        props=props,
        results=results,
        emit=EmitKind.CUSTOM,  # (emitters/reg.py prints every ascendc.reg.* op)
        template=template,
        pipe="V",
        py=None,  # (the Python API is asc_xdsl.language.reg.fused)
        sim=f"reg_fused:{mnemonic}",
        doc=doc,
        format=_format(operands, results),
        example=example,
    )
    REG_DTYPES[spec.mnemonic] = dtypes
    FAMILY.add(cls, spec, base)


REG_PAIRS["reg.exp_sub"] = (("f32", "f32"), ("f32", "f16"))

_add(
    "RegExpSubOp",
    "exp_sub",
    "ExpSub",
    (Operand("src0", reg("S")), Operand("src1", reg("S")), Operand("mask", MASK)),
    (Result("dst", reg("T")),),
    props=(Prop("layout", RegLayout, default=RegLayout.ZERO),),
    template=(_result_element(), _operand_element("src0"), "layout"),
    dtypes={"T": ("f32",), "S": ("f16", "f32")},
    example={"T": "f32", "S": "f32"},
    doc="`ExpSub<T, S, layout>(dst, src0, src1, mask)`: e^(src0 - src1) in the enabled "
    "elements, 0 elsewhere. From half (S = f16) element i of dst takes the half "
    "elements 2i + layout (ZERO or ONE), widened to float first.",
)
_add(
    "RegDuplicateRegOp",
    "duplicate_reg",
    "Duplicate",
    (Operand("src", reg("T")), Operand("mask", MASK)),
    (Result("dst", reg("T")),),
    # (int64 / uint64: DuplicateB64Impl, one register or a RegTraitNumTwo pair; the 8- and
    # 4-bit floats: its fp8 / fp4x2 branch, a vdup of RegTensor<int8_t>)
    dtypes={"T": (*ALL_NUMERIC, "i64", "ui64", *COMPLEX, *B8_FLOATS)},
    doc="`Duplicate(dst, src, mask)`: src's lowest element in the enabled elements, 0 "
    "elsewhere (complex T or int64 / uint64, one register or a RegTraitNumTwo pair: the "
    "header duplicates `reg[0]` and `reg[1]`, the element's two parts / 32-bit halves).",
)

# -- the overloads without a mask (kernel_reg_compute_copy_intf.h, _maskreg_intf.h,
# _vec_duplicate_intf.h); Move's dtypes: 3510's CopyImpl static_assert (no complex) --
_MOVE_TYPES = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
_add(
    "RegMoveUnmaskedOp",
    "move_unmasked",
    "Move",
    (Operand("src", reg("T")),),
    (Result("dst", reg("T")),),
    dtypes={"T": _MOVE_TYPES},
    doc="`Move(dst, src)`: every element of src (one register, or a RegTraitNumTwo pair "
    "of 64-bit elements).",
)
_add(
    "RegMaskMoveUnmaskedOp",
    "mask_move_unmasked",
    "Move",
    (Operand("src", MASK),),
    (Result("dst", MASK, MaskRegType()),),
    dtypes={},
    doc="`Move(dst, src)` of mask registers: all 256 bits of src.",
)
_add(
    "RegDuplicateUnmaskedOp",
    "duplicate_unmasked",
    "Duplicate",
    (Operand("scalar", elem("T")),),
    (Result("dst", reg("T")),),
    dtypes={"T": (*ALL_NUMERIC, "i64", "ui64", *COMPLEX, *B8_FLOATS)},  # (vbr of int8)
    doc="`Duplicate(dst, scalar)`: the scalar in every element (complex T: a complex "
    "scalar, `complex.create`; one register or a RegTraitNumTwo pair).",
)


class CastComplexOp(RegOp):
    """complex32 <-> complex64 between RegTraitNumTwo pairs; the narrowing takes a round
    mode, the widening (exact) none (CAST_NONE, or the default CAST_RINT)."""

    def verify_(self) -> None:
        super().verify_()
        src, dst = self.src.type, self.dst.type  # type: ignore[attr-defined]
        for what, t in (("src", src), ("dst", dst)):
            if t.reg_num != 2:
                raise VerifyException(
                    f"'{self.name}': {what} must be a RegTraitNumTwo pair (the 3510 "
                    f"headers cast complex registers as pairs), got {t}"
                )
        mode = RoundMode.from_attr(self.properties["roundMode"])
        if str(src.element_type) == "complex<f16>":
            if mode not in (RoundMode.CAST_NONE, RoundMode.CAST_RINT):
                raise VerifyException(
                    f"'{self.name}': complex32 -> complex64 is exact; it takes no round mode "
                    f"(got {mode.name}; CAST_NONE or the default CAST_RINT)"
                )
            return
        if mode is RoundMode.CAST_NONE:
            raise VerifyException(
                f"'{self.name}': complex64 -> complex32 rounds by CAST_RINT, CAST_FLOOR, "
                f"CAST_CEIL, CAST_ROUND, CAST_TRUNC or CAST_ODD, not {mode.name}"
            )


def _pair(var: str) -> TypeRule:
    """A RegTraitNumTwo register of element type `var` (samples build pairs)."""
    rule = reg(var)
    return TypeRule(rule.constraint, f"RegTensor<{var}, RegTraitNumTwo>",
                    lambda v: RegTensorType(v[var], RegTrait.NUM_TWO), var)  # fmt: skip


REG_PAIRS["reg.cast_complex"] = (("complex<f32>", "complex<f16>"), ("complex<f16>", "complex<f32>"))
_add(
    "RegCastComplexOp",
    "cast_complex",
    "Cast",
    (Operand("src", _pair("S")), Operand("mask", MASK)),
    (Result("dst", _pair("T")),),
    props=(Prop("roundMode", RoundMode, py="round_mode", default=RoundMode.CAST_RINT),),
    dtypes={"T": COMPLEX, "S": COMPLEX},
    example={"T": "complex<f32>", "S": "complex<f16>", "roundMode": RoundMode.CAST_RINT},
    base=CastComplexOp,
    doc="complex32 <-> complex64 of RegTraitNumTwo pairs, as the 3510 basic API's "
    "CastIntrinsicsB64ImplVF does it (the Reg `Cast` takes no complex type): widening, "
    "`UnPack` of each part register and `Cast<float, half>` (exact) into dst's 64 "
    "elements; narrowing, `Cast<half, float>` of each part by `roundMode` (SAT) and "
    "`Pack`, into the first 64 of dst's 128 elements, 0 after. `mask` is a complex64 "
    "pair's (b32: element i is bit 4i); the elements it leaves off are 0.",
)
TRAIT_TWO_OPS.update(
    ("reg.duplicate_reg", "reg.duplicate_unmasked", "reg.move_unmasked", "reg.cast_complex")
)

for _api, _dt in (("Add", ARITH), ("Max", MIN_MAX), ("Min", MIN_MAX)):
    _add(
        f"Reg{_api}MergingOp",
        f"{_api.lower()}_merging",
        _api,
        (
            Operand("prior", reg()),
            Operand("src0", reg()),
            Operand("src1", reg()),
            Operand("mask", MASK),
        ),
        (Result("dst", reg()),),
        template=(_result_element(), lambda op: "AscendC::Reg::MaskMergeMode::MERGING"),
        dtypes={"T": _dt},
        doc=f"`{_api}<T, MaskMergeMode::MERGING>(dst, src0, src1, mask)` with dst holding "
        "`prior`: elementwise on the enabled elements, `prior`'s elsewhere.",
    )


class CastMergingOp(RegOp):
    """Cast with MaskMergeMode::MERGING: RegLayout ZERO only (3510's CastImpl
    `static_assert`: MERGING "for RegLayout::UNKNOWN/ZERO")."""

    def verify_(self) -> None:
        super().verify_()
        layout = RegLayout.from_attr(self.properties["layout"])
        if layout is not RegLayout.ZERO:
            raise VerifyException(
                f"'{self.name}': Cast with MaskMergeMode::MERGING takes RegLayout ZERO only "
                f"(the 3510 header's static_assert), not {layout.name}"
            )
        # (the pairs 3510's CastImpl takes: reg.REG_CAST_FORMS, as for reg.cast)
        t, s = (str(v.type.element_type) for v in (self.results[0], self.operands[1]))
        why = cast_form_error(t, s, layout, RoundMode.from_attr(self.properties["roundMode"]))
        if why is not None:
            raise VerifyException(f"'{self.name}': {why}")
        for v, e in ((self.results[0], t), (self.operands[1], s)):
            if v.type.reg_num == 2 and e != "i64":
                raise VerifyException(
                    f"'{self.name}': a Cast's RegTraitNumTwo register is its int64 side, not {e}"
                )

    def _mixes_traits(self) -> bool:
        """int64 <-> int32 / float: the int64 side (dst and prior, or src) may be a
        RegTraitNumTwo pair, the other one register (as `reg.cast`)."""
        dst, src = self.results[0].type, self.operands[1].type
        return self.operands[0].type == dst and all(
            t.reg_num == 1 or str(t.element_type) == "i64" for t in (dst, src)
        )


_CAST_TYPES = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "f16", "bf16", "f32")
_add(
    "RegCastMergingOp",
    "cast_merging",
    "Cast",
    (Operand("prior", reg("T")), Operand("src", reg("S")), Operand("mask", MASK)),
    (Result("dst", reg("T")),),
    props=(
        Prop("roundMode", RoundMode, py="round_mode", default=RoundMode.CAST_RINT),
        Prop("sat", SatMode, default=SatMode.SAT),
        Prop("layout", RegLayout, default=RegLayout.ZERO),
    ),
    template=(_result_element(), _operand_element("src")),
    dtypes={"T": _CAST_TYPES, "S": _CAST_TYPES},
    example={"T": "f32", "S": "i32", "roundMode": RoundMode.CAST_RINT},
    base=CastMergingOp,
    doc="`Cast<T, S, trait>(dst, src, mask)` with the `CastTrait` {ZERO, sat, "
    "MaskMergeMode::MERGING, roundMode} and dst holding `prior`: as `reg.cast`, then (the "
    "3510 header's `CopyMerging`) element i of dst is the cast's where the mask's bit of "
    "its first byte is set, `prior`'s elsewhere.",
)
_add(
    "RegMoveMergingOp",
    "move_merging",
    "Move",
    (Operand("prior", reg()), Operand("src", reg()), Operand("mask", MASK)),
    (Result("dst", reg()),),
    dtypes={"T": _MOVE_TYPES},
    doc="`Move(dst, src, mask)` with dst holding `prior` (3510's Move runs MaskMergeMode::"
    "MERGING only): src's enabled elements, `prior`'s elsewhere (a RegTraitNumTwo pair: "
    "each register under the b32 mask, as the header moves `reg[0]` and `reg[1]`).",
)
TRAIT_TWO_OPS.update(("reg.move_merging", "reg.cast_merging"))

__all__ = ["FAMILY"]
