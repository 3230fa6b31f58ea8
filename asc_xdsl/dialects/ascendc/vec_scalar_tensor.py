"""The Ascend 950 "flexible scalar position" forms of the binary-scalar APIs (Adds, Muls,
Maxs, Mins, Subs, Divs, Ands, Ors), with both sources LocalTensors: the count form and
the two mask forms (level 0: a count mask, level 1: a bit mask; repeat parameters).

`AscendC::Subs<BinaryDefaultType, isSetMask, config>(dst, src0, src1, count)` and
`(dst, src0, src1, mask, repeatTime, repeatParams)`
(basic_api/kernel_operator_vec_binary_scalar_intf.h, arch 3510): `config.scalarTensorIndex`
(`BinaryConfig`, default 1) says which source is the scalar: that source's element 0
(`src1[k]` passes element k) is broadcast and the Reg binary op runs against the other
source -- index 1: dst[i] = src0[i] op src1[0]; index 0: dst[i] = src0[0] op src1[i]
(dav_3510/kernel_operator_vec_binary_scalar_impl.h: a broadcast load, `LoadAlign` with
`DIST_BRC_B16` / `B32`, whose alignment is the element's). The mask forms take the
tensor source at the strides of `repeatParams` (UnaryRepeatParams: dst and src block and
repeat strides) and the scalar from the same element every repeat.

The dtypes are each Impl's `static_assert`s, where they are narrower than the intf's
(`AddsCommon` lists uint8_t ... uint64_t for the mask forms, `AddsImpl` half, bfloat16_t,
float, int16_t, int32_t): `COUNT_DTYPES`, `MASK_DTYPES`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import IntegerAttr
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.spec import CallItem, Operand, OpFamily, OpSpec, Prop, PropKind
from asc_xdsl.dialects.ascendc.struct_types import of_struct
from asc_xdsl.dialects.ascendc.types import TemplateArg
from asc_xdsl.dialects.ascendc.vec_forms import call_order
from asc_xdsl.dialects.ascendc.vector import (
    COUNT,
    IS_SET_MASK,
    MASK,
    MASK_BITS,
    REPEAT_TIMES,
    dst,
    src,
)
from asc_xdsl.dialects.ascendc.vector_checks import Ascend950Base

FAMILY = OpFamily(__name__)

SCALAR_TENSOR_INDEX = Prop(
    "scalarTensorIndex", py="scalar_tensor_index", default=1, kind=PropKind.INT, int_type="i8"
)

_B64 = ("i64", "ui64")
_COMPLEX = ("complex<f16>", "complex<f32>")
# The mask forms' Impl asserts (half, bfloat16_t, float, int16_t, int32_t; Divs half and
# float; Ands / Ors int16_t, uint16_t): no 8-bit, 64-bit or complex type.
_MASK_ARITH = ("f16", "bf16", "f32", "i16", "i32")
# (class prefix, API, Reg op the simulator runs, count-form dtypes, mask-form dtypes)
SCALAR_TENSOR_TABLE: tuple[tuple[str, str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("Adds", "adds", "add", ("ui8", "i8", "f16", "f32", "i16", "i32", *_B64, "bf16", *_COMPLEX),
     _MASK_ARITH),
    ("Muls", "muls", "mul", ("f16", "f32", "i16", "i32", *_B64, "bf16", *_COMPLEX), _MASK_ARITH),
    ("Maxs", "maxs", "max", ("ui8", "i8", "f16", "f32", "i16", "i32", *_B64, "bf16"), _MASK_ARITH),
    ("Mins", "mins", "min", ("ui8", "i8", "f16", "f32", "i16", "i32", *_B64, "bf16"), _MASK_ARITH),
    ("Subs", "subs", "sub", ("f16", "f32", "i16", "i32", *_B64, "bf16", *_COMPLEX), _MASK_ARITH),
    ("Divs", "divs", "div", ("f16", "f32", *_B64, *_COMPLEX), ("f16", "f32")),
    ("Ands", "ands", "and", ("ui16", "i16", *_B64), ("ui16", "i16")),
    ("Ors", "ors", "or", ("ui16", "i16", *_B64), ("ui16", "i16")),
)  # fmt: skip
"""Each API's dtypes, from dav_3510/kernel_operator_vec_binary_scalar_impl.h's
`AddsImpl(dst, src0, src1, ...)` ... `OrsImpl` (the count form's, then the mask forms')."""

_SYMBOL = {"add": "+", "mul": "*", "sub": "-", "div": "/", "and": "&", "or": "|"}
_CUSTOM = ("sub", "div")  # (printed by emitters/vec_scalar_tensor.py: a named config)
_UNARY_PARAMS = of_struct("UnaryRepeatParamsType")


class ScalarTensorOp(Ascend950Base):
    """A flexible-scalar-position form: Ascend 950 only; scalarTensorIndex 0 or 1."""

    def verify_(self) -> None:
        super().verify_()
        index = self.properties.get("scalarTensorIndex")
        if isinstance(index, IntegerAttr) and index.value.data not in (0, 1):
            raise VerifyException(
                f"'{self.name}': scalarTensorIndex must be 0 (src0[0] is the scalar) or 1 "
                f"(src1[0] is the scalar), got {index.value.data}"
            )


class ScalarTensorMaskOp(ScalarTensorOp):
    """A mask form (level 0 / 1): printed bare when `isSetMask` is set (the defaults),
    else `Api<AscendC::BinaryDefaultType, false>(...)` (T is the API's reserved
    placeholder there, not the element type)."""

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        if self.flag("isSetMask"):
            return []
        return ["AscendC::BinaryDefaultType", False]


def _scalar_first(op) -> bool:
    index = op.properties.get("scalarTensorIndex")
    return isinstance(index, IntegerAttr) and index.value.data == 0


# The commutative six print through the generic printer: scalarTensorIndex 0 as the
# default config with the sources swapped (src1[i] op src0[0], the same elements; a mask
# form's strides apply to whichever source is the tensor), which needs no named config
# constant. Subs and Divs print theirs (emitters/vec_scalar_tensor.py: a
# `static constexpr BinaryConfig` for index 0).
def _first(op):
    return op.src1 if _scalar_first(op) else op.src0


def _second(op):
    return op.src0 if _scalar_first(op) else op.src1


def _call(operands: tuple[Operand, ...], commutative: bool) -> tuple[CallItem, ...]:
    items = call_order(operands, *(o.name for o in operands))
    if not commutative:
        return items
    return tuple({"src0": _first, "src1": _second}.get(i, i) if isinstance(i, str) else i
                 for i in items)  # fmt: skip


def _what(fn: str, a: str, b: str) -> str:
    if fn in _SYMBOL:
        return f"{a} {_SYMBOL[fn]} {b}"
    return f"{fn}({a}, {b})"


def _doc(cls: str, fn: str, args: str, which: str) -> str:
    swapped = (
        ""
        if fn in _CUSTOM
        else " Index 0 prints as the default config with the sources swapped (the same elements)."
    )
    return (
        f"`AscendC::{cls}<BinaryDefaultType, isSetMask, config>(dst, src0, src1, {args})` "
        f"(Ascend 950), both sources LocalTensors: with `config.scalarTensorIndex` 1 (the "
        f"default) dst[i] = {_what(fn, 'src0[i]', 'src1[0]')}, with 0 dst[i] = "
        f"{_what(fn, 'src0[0]', 'src1[i]')}, {which} (pass `src[k:]` to take element k as "
        f"the scalar).{swapped}"
    )


_TENSORS = (dst(), src("src0"), src("src1"))
_PARAMS = Operand("repeat_params", _UNARY_PARAMS)
_FORMS = (
    # (mnemonic suffix, class suffix, operands, which elements)
    ("l2", "L2Op", (*_TENSORS, COUNT), "for the first `count` elements"),
    ("l0", "L0Op", (*_TENSORS, MASK, REPEAT_TIMES, _PARAMS),
     "on `mask` elements per repeat, `repeat_times` repeats at the strides of "
     "`repeat_params` (the scalar the same element every repeat)"),
    ("l1", "L1Op", (*_TENSORS, MASK_BITS, REPEAT_TIMES, _PARAMS),
     "on the elements the bit mask (two uint64 words) enables per repeat, `repeat_times` "
     "repeats at the strides of `repeat_params` (the scalar the same element every repeat)"),
)  # fmt: skip

for _cls, _m, _fn, _count_dt, _mask_dt in SCALAR_TENSOR_TABLE:
    for _level, _suffix, _operands, _which in _FORMS:
        _count = _level == "l2"
        FAMILY.add(
            f"{_cls}ScalarTensor{_suffix}",
            OpSpec(
                f"{_m}_scalar_tensor_{_level}",
                _cls,
                _operands,
                # (the mask forms: isSetMask positional where the Adds(dst, src, scalar,
                # mask, ...) form has it)
                props=(SCALAR_TENSOR_INDEX,) if _count else (IS_SET_MASK, SCALAR_TENSOR_INDEX),
                emit=EmitKind.CUSTOM if _fn in _CUSTOM else EmitKind.FREE_FUNCTION,
                call=None if _count and _fn in _CUSTOM else _call(_operands, _fn not in _CUSTOM),
                dtypes={"T": _count_dt if _count else _mask_dt},
                pipe="V",
                py=_m,
                sim=f"scalar_tensor:{_fn}",
                doc=_doc(_cls, _fn, "count" if _count else "mask, repeatTime, repeatParams",
                         _which),
            ),
            ScalarTensorOp if _count else ScalarTensorMaskOp,
        )  # fmt: skip


def vec_scalar_tensor_ops() -> list:
    """Every op class of this module (defines them all)."""
    return FAMILY.classes()


if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.vec_scalar_tensor import *  # noqa: F403
