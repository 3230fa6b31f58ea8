"""Type conversions, declared as op specs (see `spec.py`), after pyasc's `OpVecVconv.td`.

* `Cast<dst, src[, isSetMask]>(dst, src, RoundMode, ...)` in L0/L1/L2 forms, checked
  against the (src, dst, round mode) triples its SoC family supports (Atlas A2/A3,
  Atlas inference);
* `CastDeq<dst, src, ...>`: dequantize int16 to int8/uint8 (or int32 to half) with the
  scale `SetDeqScale` set;
* `SetDeqScale(scale[, offset, signMode])` and its L4 form `SetDeqScale(vdeq, vdeqInfo)`;
* `AddReluCast`, `SubReluCast`: `(src0 +/- src1)` clamped at 0, converted to dst's type.

The dtype pairs come from the API reference and the dav_c220 implementation
(`kernel_operator_vec_vconv_impl.h`), which rejects the others at compile time
(`AddReluCast`, `SubReluCast`) or at run time (`Cast`, `CastDeq`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import Float32Type
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.enums import RoundMode
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    SpecOp,
    local,
    predicate,
)
from asc_xdsl.dialects.ascendc.struct_types import of_struct
from asc_xdsl.dialects.ascendc.target import ATLAS_A2_A3, ATLAS_INFERENCE, soc_family
from asc_xdsl.dialects.ascendc.vec_forms import (
    PairCheckedOp,
    ReadsRegisterOp,
    WritesRegisterOp,
    call_order,
    names,
)
from asc_xdsl.dialects.ascendc.vector import (
    COUNT,
    IS_SET_MASK,
    MASK,
    MASK_BITS,
    REPEAT_TIMES,
    _forms,
    dst,
    src,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_UNARY_PARAMS = Operand("repeat_params", of_struct("UnaryRepeatParamsType"))
_MASKS = {"l0": MASK, "l1": MASK_BITS}


# ---------------------------------------------------------------------------
# Cast
# ---------------------------------------------------------------------------

_R, _F, _C, _RD, _T = (
    RoundMode.CAST_RINT,
    RoundMode.CAST_FLOOR,
    RoundMode.CAST_CEIL,
    RoundMode.CAST_ROUND,
    RoundMode.CAST_TRUNC,
)
_NONE = frozenset({RoundMode.CAST_NONE})
_RFCRDT = frozenset({_R, _F, _C, _RD, _T})
_ALL = frozenset(RoundMode) - {RoundMode.CAST_HYBRID}  # (HYBRID: 3510's, to hifloat8 only)

# (src, dst) -> round modes Cast accepts for the pair on Atlas A2/A3.
CAST_MODES: Mapping[tuple[str, str], frozenset[RoundMode]] = {
    **{(s, "f16"): _NONE for s in ("i8", "ui8")},
    ("i16", "f32"): _NONE,
    ("f16", "f32"): _NONE,
    ("bf16", "f32"): _NONE,
    ("i32", "i16"): _NONE,
    ("i32", "i64"): _NONE,
    ("i64", "i32"): _NONE,
    ("i16", "f16"): _RFCRDT | _NONE,
    **{("f16", d): _RFCRDT | _NONE for d in ("i8", "ui8")},
    ("i32", "f32"): _RFCRDT | _NONE,
    **{("f16", d): _RFCRDT for d in ("i16", "i32")},
    ("bf16", "i32"): _RFCRDT,
    # float to float rounds to an integral value: CAST_NONE has no instruction.
    **{("f32", d): _RFCRDT for d in ("i16", "i32", "i64", "bf16", "f32")},
    ("i64", "f32"): _RFCRDT,
    ("f32", "f16"): _ALL,
    ("i32", "f16"): _ALL,  # mode ignored; needs SetDeqScale
}

# The same on Atlas inference (310P; the Cast page's "Atlas 推理系列产品AI Core" table):
# fewer pairs, and f16 -> i16 rounds only with CAST_RINT.
CAST_MODES_310P: Mapping[tuple[str, str], frozenset[RoundMode]] = {
    **{(s, "f16"): _NONE for s in ("i8", "ui8", "i16")},
    **{("f16", d): (_RFCRDT - {_R}) | _NONE for d in ("i8", "ui8")},
    ("f16", "i16"): frozenset({_R}),
    ("f16", "i32"): _RFCRDT,
    ("f16", "f32"): _NONE,
    ("i32", "i16"): _NONE,
    ("i32", "f16"): _ALL,  # mode ignored; needs SetDeqScale
    ("i32", "f32"): _NONE,
    ("f32", "f16"): frozenset({RoundMode.CAST_ODD, RoundMode.CAST_NONE}),
    ("f32", "i64"): _RFCRDT,
}

CAST_MODES_BY_FAMILY: Mapping[str, Mapping[tuple[str, str], frozenset[RoundMode]]] = {
    ATLAS_A2_A3: CAST_MODES,
    ATLAS_INFERENCE: CAST_MODES_310P,
}

# Ascend 950's complex pairs (dav_3510/kernel_operator_vec_vconv_impl.h CastImpl: the
# count form's round-mode switch; a mode its flags leave out is a run-time
# ASCENDC_ASSERT, so the compiler does not refuse it): complex64 -> complex32 casts each
# part float -> half (CAST_NONE rounds as CAST_RINT), complex64 -> complex64 rounds each
# part to an integral value (Truncate), complex32 -> complex64 widens each part. No pair
# of a complex and a real type exists; nor do the mask forms (their asserts list no
# complex type).
CAST_MODES_950_COMPLEX: Mapping[tuple[str, str], frozenset[RoundMode]] = {
    ("complex<f32>", "complex<f16>"): _RFCRDT | {RoundMode.CAST_ODD, RoundMode.CAST_NONE},
    ("complex<f32>", "complex<f32>"): _RFCRDT,
    ("complex<f16>", "complex<f32>"): _NONE,
}


# Ascend 950's 8-bit float pairs (dav_3510/kernel_operator_vec_vconv_impl.h CastImpl,
# the count form's and the mask forms' round-mode switches): float -> fp8_e4m3fn_t /
# fp8_e5m2_t with CAST_RINT; float / half -> hifloat8_t with CAST_ROUND or CAST_HYBRID;
# back to float (and hifloat8_t -> half) with CAST_NONE. fp8_e8m0_t is in none.
_HIF8 = "!ascendc.hifloat8"
CAST_MODES_950_FP8: Mapping[tuple[str, str], frozenset[RoundMode]] = {
    ("f32", "f8E4M3FN"): frozenset({_R}),
    ("f32", "f8E5M2"): frozenset({_R}),
    **{(s, _HIF8): frozenset({_RD, RoundMode.CAST_HYBRID}) for s in ("f32", "f16")},
    **{(s, "f32"): _NONE for s in ("f8E4M3FN", "f8E5M2", _HIF8)},
    (_HIF8, "f16"): _NONE,
    # the 4-bit floats (the count form's switch: bfloat16_t -> fp4x2_* in its round-all
    # list, back with CAST_NONE; the mask forms list no 4-bit type: fp8_types.FP4_BASIC_OPS)
    **{("bf16", t): _RFCRDT for t in ("f4E2M1FN", "!ascendc.float4_e1m2")},
    **{(t, "bf16"): _NONE for t in ("f4E2M1FN", "!ascendc.float4_e1m2")},
}


class _CastOp(SpecOp):
    """Cast checks its (src, dst, round mode) triple against its SoC family's table."""

    @property
    def mode(self) -> RoundMode:
        return self._call_item("roundMode")  # type: ignore[return-value]

    def verify_(self) -> None:
        super().verify_()
        family = soc_family(self)
        table = CAST_MODES_BY_FAMILY.get(family) if family is not None else None
        pair = (str(self.var_type("T")), str(self.var_type("U")))
        if "complex" in pair[0] + pair[1]:  # (a complex type: Ascend 950 only, checked before)
            if self.name != "ascendc.cast_l2":
                raise VerifyException(
                    f"'{self.name}': the mask forms of Cast take no complex type on Ascend 950 "
                    "(the count form does: cast_l2)"
                )
            table, family = CAST_MODES_950_COMPLEX, family or "Ascend 950"
        elif any(t in CAST_FP8_TYPES for t in pair):  # (Ascend 950 only, checked before)
            table, family = CAST_MODES_950_FP8, family or "Ascend 950"
        elif self.mode is RoundMode.CAST_HYBRID and pair not in _HYBRID_PAIRS:
            raise VerifyException(
                f"'{self.name}': RoundMode CAST_HYBRID is Ascend 950's (arch 3510) rounding "
                f"of float / half -> hifloat8_t and int32_t -> half, not of {pair[0]} -> "
                f"{pair[1]}"
            )
        elif self.mode is RoundMode.CAST_HYBRID and family not in (None, "Ascend 950"):
            raise VerifyException(
                f"'{self.name}': RoundMode CAST_HYBRID exists on Ascend 950 (arch 3510) only"
            )
        if table is None:
            return
        modes = table.get(pair)
        if modes is None:
            raise VerifyException(
                f"'{self.name}': Cast from {pair[0]} to {pair[1]} is not supported on {family}"
            )
        if self.mode not in modes:
            supported = ", ".join(m.name for m in sorted(modes))
            raise VerifyException(
                f"'{self.name}': Cast from {pair[0]} to {pair[1]} does not support "
                f"{self.mode.name} (supported: {supported})"
            )


_HYBRID_PAIRS = frozenset({("f32", _HIF8), ("f16", _HIF8), ("i32", "f16")})
CAST_FP8_TYPES = frozenset(
    {"f8E4M3FN", "f8E5M2", "f8E8M0FNU", _HIF8, "f4E2M1FN", "!ascendc.float4_e1m2"}
)

_ROUND_MODE = Prop("roundMode", RoundMode, py="round_mode")
_CAST_EXAMPLE = {"T": "f16", "U": "f32", "roundMode": RoundMode.CAST_NONE}
_CAST_HEAD = (dst("U"), src("src"))

for _level, _mask in _MASKS.items():
    _operands = (*_CAST_HEAD, _mask, REPEAT_TIMES, _UNARY_PARAMS)
    FAMILY.add(
        f"Cast{_level.upper()}Op",
        OpSpec(
            f"cast_{_level}",
            "Cast",
            _operands,
            props=(_ROUND_MODE, IS_SET_MASK),
            template=("U", "T", "isSetMask"),
            call=call_order(_operands, "dst", "src", "roundMode", *names(_operands[2:])),
            example=_CAST_EXAMPLE,
            pipe="V",
            py="cast",
            py_params=("dst", "src", "round_mode", *names(_operands[2:]), "is_set_mask"),
            sim="cast",
            doc="`AscendC::Cast<dst, src, isSetMask>(dst, src, RoundMode, mask, repeatTimes, "
            "repeatParams)`: convert element types.",
        ),
        _CastOp,
    )
FAMILY.add(
    "CastL2Op",
    OpSpec(
        "cast_l2",
        "Cast",
        (*_CAST_HEAD, COUNT),
        props=(_ROUND_MODE,),
        template=("U", "T"),
        call=("dst", "src", "roundMode", "cal_count"),
        example=_CAST_EXAMPLE,
        pipe="V",
        py="cast",
        py_params=("dst", "src", "round_mode", "count"),
        sim="cast",
        doc="`AscendC::Cast<dst, src>(dst, src, RoundMode, count)`: convert element types.",
    ),
    _CastOp,
)


# ---------------------------------------------------------------------------
# CastDeq: `CastDeq<dst, src, [isSetMask,] isVecDeq, halfBlock>`
# ---------------------------------------------------------------------------


class _CastDeqOp(PairCheckedOp, ReadsRegisterOp):
    PAIRS: ClassVar[frozenset[tuple[str, str]]] = frozenset(
        {("i16", "i8"), ("i16", "ui8"), ("i32", "f16")}
    )


_IS_VEC_DEQ = Prop("isVecDeq", py="is_vec_deq", default=True)
_HALF_BLOCK = Prop("halfBlock", py="half_block", default=True)
_CAST_DEQ_EXAMPLE = {"T": "i16", "U": "i8"}
_CAST_DEQ_DOC = (
    "`AscendC::CastDeq<dst, src, {}isVecDeq, halfBlock>(dst, src, {})`: dequantize with the "
    "scale of `set_deq_scale` (a vector of 16 scales with isVecDeq; the results in the "
    "first or second half of each dst block with halfBlock)."
)

for _level, _mask in _MASKS.items():
    _operands = (dst("U"), src("src"), _mask, REPEAT_TIMES, _UNARY_PARAMS)
    FAMILY.add(
        f"CastDeq{_level.upper()}Op",
        OpSpec(
            f"cast_deq_{_level}",
            "CastDeq",
            _operands,
            props=(IS_SET_MASK, _IS_VEC_DEQ, _HALF_BLOCK),
            template=("U", "T", "isSetMask", "isVecDeq", "halfBlock"),
            example=_CAST_DEQ_EXAMPLE,
            pipe="V",
            py="cast_deq",
            sim="cast_deq",
            doc=_CAST_DEQ_DOC.format("isSetMask, ", "mask, repeatTimes, repeatParams"),
        ),
        _CastDeqOp,
    )
FAMILY.add(
    "CastDeqL2Op",
    OpSpec(
        "cast_deq_l2",
        "CastDeq",
        (dst("U"), src("src"), COUNT),
        props=(_IS_VEC_DEQ, _HALF_BLOCK),
        template=("U", "T", "isVecDeq", "halfBlock"),
        example=_CAST_DEQ_EXAMPLE,
        pipe="V",
        py="cast_deq",
        sim="cast_deq",
        doc=_CAST_DEQ_DOC.format("", "count"),
    ),
    _CastDeqOp,
)


# ---------------------------------------------------------------------------
# SetDeqScale
# ---------------------------------------------------------------------------


class _SetDeqScaleOp(WritesRegisterOp):
    """`SetDeqScale(half scale)` or `SetDeqScale(float scale, int16_t offset, bool signMode)`."""

    def verify_(self) -> None:
        super().verify_()
        given = [o.py_name for o in self.SPEC.operands[1:] if getattr(self, o.name) is not None]
        if len(given) == 1:
            raise VerifyException(
                f"'{self.name}': takes a scale alone or a scale, an offset and a sign mode; "
                f"only {given[0]} was given"
            )


# "scalar": the Python API converts a float to f32 (C++ converts it to half for the
# one-argument form, as pyasc's f16 scale would be).
_FLOAT_SCALE = predicate("f16 or f32", lambda t: str(t) in ("f16", "f32"), "scalar", Float32Type())
FAMILY.add(
    "SetDeqScaleOp",
    OpSpec(
        "set_deq_scale",
        "SetDeqScale",
        (
            Operand("scale", _FLOAT_SCALE),
            Operand("offset", INT, arity=Arity.OPTIONAL),
            Operand("sign_mode", INT, arity=Arity.OPTIONAL),
        ),
        format="$scale attr-dict (`,` $offset^)? (`,` $sign_mode^)? `:` type($scale) "
        "(`,` type($offset)^)? (`,` type($sign_mode)^)?",
        pipe="S",
        py="set_deq_scale",
        sim="set_deq_scale",
        doc="`AscendC::SetDeqScale(scale[, offset, signMode])`: the scale (and int16 offset "
        "and sign mode) of the following `cast_deq` / `add_deq_relu` / int32->half `cast`.",
    ),
    _SetDeqScaleOp,
)
FAMILY.add(
    "SetDeqScaleL4Op",
    OpSpec(
        "set_deq_scale_l4",
        "SetDeqScale",
        (
            Operand("vdeq", local(), Effect.WRITE),
            Operand("vdeq_info", of_struct("VdeqInfoType")),
        ),
        dtypes={"T": ("ui64",)},
        pipe="S",
        py="set_deq_scale",
        sim="set_deq_scale_l4",
        doc="`AscendC::SetDeqScale(vdeq, vdeqInfo)`: pack the 16 scales, offsets and sign "
        "modes of vdeqInfo into vdeq (uint64) and point the deq-scale register at it.",
    ),
    WritesRegisterOp,
)


# ---------------------------------------------------------------------------
# AddReluCast, SubReluCast: `Api<dst, src, isSetMask>` (L0/L1), `Api(...)` (L2)
# ---------------------------------------------------------------------------


class _ReluCastOp(PairCheckedOp):
    PAIRS: ClassVar[frozenset[tuple[str, str]]] = frozenset(
        {("f16", "i8"), ("f32", "f16"), ("i16", "i8")}
    )


for _cls, _m, _api, _sign in (
    ("AddReluCast", "add_relu_cast", "AddReluCast", "+"),
    ("SubReluCast", "sub_relu_cast", "SubReluCast", "-"),
):
    for _suffix, _spec in _forms(
        _m,
        _api,
        (dst("U"), src("src0"), src("src1")),
        Operand("repeat_params", of_struct("BinaryRepeatParamsType")),
        levels="012",
        dtypes=None,
        template=("U", "T", "isSetMask"),
        py=_m,
        sim=f"relu_cast:{_m}",
    ):
        FAMILY.add(
            f"{_cls}{_suffix}",
            OpSpec(
                **{
                    **_spec.__dict__,
                    "example": {"T": "f32", "U": "f16"},
                    "doc": f"`AscendC::{_api}(dst, src0, src1, ...)`: "
                    f"max(src0 {_sign} src1, 0) converted to dst's type.",
                }
            ),
            _ReluCastOp,
        )

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.vec_vconv import *  # noqa: F403
