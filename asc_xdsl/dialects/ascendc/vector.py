"""Vector compute ops, declared as op specs (see `spec.py`).

Each Ascend C vector API comes in up to four forms, like pyasc's TableGen multiclasses:

* L0 -- `Api<T, isSetMask>(dst, src..., mask, repeatTimes, repeatParams)`: a
  continuous mask (element count per repeat) and repeat parameters;
* L1 -- the same with a bit mask, two `uint64_t` words passed as a C array;
* L2 -- `Api(dst, src..., count)`: the first `count` elements;
* L3 -- `dst = src0 op src1` (C++ operators on LocalTensor).

The family functions below build one spec per form; the dtypes each API supports on
Atlas A2/A3 come from docs/ascendc_semantics.md section 3. Each table's rows are stated
when first asked for (`OpFamily.defer`): a kernel names a few of the module's ~115 specs.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.spec import (
    BOOL,
    INT,
    SCALAR,
    UINT64,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    SpecOp,
    local,
    local_complex,
)
from asc_xdsl.dialects.ascendc.struct_types import of_struct

ARITH_DTYPES = ("i16", "f16", "i32", "f32")
FLOAT_DTYPES = ("f16", "f32")
BIT_DTYPES = ("i16", "ui16")

_BINARY_PARAMS = of_struct("BinaryRepeatParamsType")
_UNARY_PARAMS = of_struct("UnaryRepeatParamsType")
IS_SET_MASK = Prop("isSetMask", py="is_set_mask", default=True)


@functools.cache  # (records are immutable: one per name and variable, shared by the specs)
def dst(var: str = "T") -> Operand:
    return Operand("dst", local(var), Effect.WRITE)


@functools.cache
def src(name: str, var: str = "T") -> Operand:
    return Operand(name, local(var), Effect.READ)


COUNT = Operand("cal_count", INT, py="count")
MASK = Operand("mask", INT)
MASK_BITS = Operand("mask", UINT64, arity=Arity.VARIADIC, array=True)
REPEAT_TIMES = Operand("repeat_times", INT)


def _forms(
    base: str,
    api: str,
    tensors: tuple[Operand, ...],
    params: Operand,
    *,
    levels: str,
    dtypes: tuple[str, ...] | None,
    template: tuple[str, ...],
    l2_template: tuple[str, ...] = (),
    l2_props: tuple[Prop, ...] = (),
    l3_operator: str | None = None,
    py: str | None = None,
    sim: str | None = None,
    example: dict[str, str] | None = None,
    mask_extra: tuple[Operand, ...] = (),
) -> list[tuple[str, OpSpec]]:
    """One spec per level in `levels` ("0123"); returns (class-name suffix, spec) pairs.
    `mask_extra`: operands the mask forms (L0, L1) take after their params."""
    common = {"pipe": "V", "py": py, "sim": sim, "dtypes": {"T": dtypes} if dtypes else {}}
    if example:
        common["example"] = example
    out = []
    if "0" in levels:
        out.append(
            (
                "L0Op",
                OpSpec(
                    f"{base}_l0",
                    api,
                    (*tensors, MASK, REPEAT_TIMES, params, *mask_extra),
                    props=(IS_SET_MASK,),
                    template=template,
                    **common,
                ),
            )
        )
    if "1" in levels:
        out.append(
            (
                "L1Op",
                OpSpec(
                    f"{base}_l1",
                    api,
                    (*tensors, MASK_BITS, REPEAT_TIMES, params, *mask_extra),
                    props=(IS_SET_MASK,),
                    template=template,
                    **common,
                ),
            )
        )
    if "2" in levels:
        out.append(
            (
                "L2Op",
                OpSpec(
                    f"{base}_l2",
                    api,
                    (*tensors, COUNT),
                    props=l2_props,
                    template=l2_template,
                    **common,
                ),
            )
        )
    if "3" in _stated_levels(levels, l3_operator):
        out.append(
            (
                "L3Op",
                OpSpec(
                    f"{base}_l3",
                    l3_operator,
                    tensors,
                    emit=EmitKind.ASSIGN_MEMBER,
                    # C++ operators, not a function of the Python API.
                    **{**common, "py": None},
                ),
            )
        )
    return out


FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr


def _define_all(class_prefix: str, forms: list[tuple[str, OpSpec]], base: type[SpecOp] = SpecOp):
    for suffix, spec in forms:
        FAMILY.add(f"{class_prefix}{suffix}", spec, base)


def _base(name: str | None) -> type[SpecOp]:
    """The class a row's ops subclass: `name`, one of `vector_checks`' (their checks
    beyond the spec; loaded with the first row that needs one), or SpecOp."""
    if name is None:
        return SpecOp
    from asc_xdsl.dialects.ascendc import vector_checks

    return getattr(vector_checks, name)


def _stated_levels(levels: str, l3_operator: str | None) -> str:
    """The levels of `levels` that `_forms` makes a spec of: L3 (C++ operators) only with
    its operator."""
    return levels if l3_operator is not None else levels.replace("3", "")


def _level_names(
    prefix: str, mnemonic: str, levels: str, py: str
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The names `_forms(mnemonic, ..., levels=levels)` states under `prefix`: what a
    deferred row lists (`OpFamily.defer`; its specs are made when one is first asked for:
    a kernel uses a few of this module's ~115)."""
    return (
        tuple(f"{prefix}L{n}Op" for n in levels),
        tuple(f"{mnemonic}_l{n}" for n in levels),
        (py,),
    )


def _mask_names_950(row: tuple) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    prefix, mnemonic = row[0], row[1]
    tensor_first = _level_names(prefix, mnemonic, "01", mnemonic)
    scalar_first = _level_names(f"{prefix}ScalarFirst", f"{mnemonic}_scalar_first", "01", mnemonic)
    return tensor_first[0] + scalar_first[0], tensor_first[1] + scalar_first[1], (mnemonic,)


# ---------------------------------------------------------------------------
# Binary: dst = src0 op src1
# ---------------------------------------------------------------------------

_BIN = (dst(), src("src0"), src("src1"))
_BIN_CAST = (dst("U"), src("src0"), src("src1"))  # dst has its own element type

# (class prefix, mnemonic base, API, dtypes, levels, L3 operator, Python name)
BINARY_TABLE: tuple[tuple[str, str, str, tuple[str, ...] | None, str, str | None, str], ...] = (
    ("Add", "add", "Add", ARITH_DTYPES, "0123", "operator+", "add"),
    ("Sub", "sub", "Sub", ARITH_DTYPES, "0123", "operator-", "sub"),
    ("Mul", "mul", "Mul", ARITH_DTYPES, "0123", "operator*", "mul"),
    ("Div", "div", "Div", FLOAT_DTYPES, "0123", "operator/", "div"),
    ("Max", "max", "Max", ARITH_DTYPES, "012", None, "max"),
    ("Min", "min", "Min", ARITH_DTYPES, "012", None, "min"),
    ("And", "and", "And", BIT_DTYPES, "012", None, "bitwise_and"),
    ("Or", "or", "Or", BIT_DTYPES, "012", None, "bitwise_or"),
    ("AddRelu", "add_relu", "AddRelu", ("i16", "f16", "f32"), "012", None, "add_relu"),
    ("SubRelu", "sub_relu", "SubRelu", ("i16", "f16", "f32"), "012", None, "sub_relu"),
    ("FusedMulAdd", "fused_mul_add", "FusedMulAdd", FLOAT_DTYPES, "012", None, "fused_mul_add"),
    (
        "FusedMulAddRelu",
        "fused_mul_add_relu",
        "FusedMulAddRelu",
        FLOAT_DTYPES,
        "012",
        None,
        "fused_mul_add_relu",
    ),
    ("FusedAbsSub", "fused_abs_sub", "FusedAbsSub", FLOAT_DTYPES, "2", None, "fused_abs_sub"),
    ("FusedExpSub", "fused_exp_sub", "FusedExpSub", FLOAT_DTYPES, "2", None, "fused_exp_sub"),
    ("Prelu", "prelu", "Prelu", FLOAT_DTYPES, "2", None, "prelu"),
)


def _binary(row: tuple) -> None:
    prefix, mnemonic, api, dtypes, levels, l3, py = row
    _define_all(
        prefix,
        _forms(
            mnemonic,
            api,
            _BIN,
            Operand("repeat_params", _BINARY_PARAMS),
            levels=levels,
            dtypes=dtypes,
            template=("T", "isSetMask"),
            l3_operator=l3,
            py=py,
            sim=f"binary:{mnemonic}",
        ),
    )


FAMILY.defer(
    BINARY_TABLE,
    lambda r: _level_names(r[0], r[1], _stated_levels(r[4], r[5]), r[6]),
    _binary,
)


# Binary ops whose dst has its own element type: `Api<Tdst, Tsrc, isSetMask>`.
_BINARY_CAST_TABLE = (
    ("AddDeqRelu", "add_deq_relu", "AddDeqRelu", "add_deq_relu", "AddDeqReluBase", "i32"),
    ("MulAddDst", "mul_add_dst", "MulAddDst", "mul_add_dst", None, None),
)


def _binary_cast(row: tuple) -> None:
    prefix, mnemonic, api, py, base, example = row
    _define_all(
        prefix,
        _forms(
            mnemonic,
            api,
            _BIN_CAST,
            Operand("repeat_params", _BINARY_PARAMS),
            levels="012",
            dtypes=None,
            template=("U", "T", "isSetMask"),
            py=py,
            sim=f"binary:{mnemonic}",
            example={"T": example, "U": "f16"} if example else None,
        ),
        _base(base),
    )


FAMILY.defer(_BINARY_CAST_TABLE, lambda r: _level_names(r[0], r[1], "012", r[3]), _binary_cast)

# MulCast: no template arguments and no isSetMask in any form.
for _suffix, _spec in _forms(
    "mul_cast",
    "MulCast",
    _BIN_CAST,
    Operand("repeat_params", _BINARY_PARAMS),
    levels="012",
    dtypes=None,
    template=(),
    py="mul_cast",
    sim="binary:mul_cast",
):
    FAMILY.add(f"MulCast{_suffix}", OpSpec(**{**_spec.__dict__, "props": ()}))


# ---------------------------------------------------------------------------
# Unary: dst = op(src)
# ---------------------------------------------------------------------------

UNARY_TABLE: tuple[tuple[str, str, str, tuple[str, ...], str, str], ...] = (
    ("Abs", "abs", "Abs", FLOAT_DTYPES, "012", "abs"),
    ("Exp", "exp", "Exp", FLOAT_DTYPES, "012", "exp"),
    ("Ln", "ln", "Ln", FLOAT_DTYPES, "012", "ln"),
    ("Sqrt", "sqrt", "Sqrt", FLOAT_DTYPES, "012", "sqrt"),
    ("Rsqrt", "rsqrt", "Rsqrt", FLOAT_DTYPES, "012", "rsqrt"),
    ("Reciprocal", "reciprocal", "Reciprocal", FLOAT_DTYPES, "012", "reciprocal"),
    ("Relu", "relu", "Relu", ("f16", "i32", "f32"), "012", "relu"),
    ("Not", "not", "Not", BIT_DTYPES, "012", "bitwise_not"),
    ("Neg", "neg", "Neg", ("i16", "f16", "i32", "f32"), "2", "neg"),
)


# Stated before Abs's own forms: the Python API tries forms in order, and this one's
# complex src tells it apart (`asc.abs(dst_f32, src_c64, n)`).
def _abs_complex(row: tuple) -> None:
    _define_all(
        "AbsComplex",
        [
            (
                "L2Op",
                OpSpec(
                    "abs_complex_l2",
                    "Abs",
                    (dst(), Operand("src", local_complex("U"), Effect.READ), COUNT),
                    dtypes={"T": FLOAT_DTYPES, "U": ("complex<f16>", "complex<f32>")},
                    pipe="V",
                    py="abs",
                    sim="abs_complex",
                    doc="`AscendC::Abs(dst, src, count)` of a complex32 / complex64 src "
                    "(Ascend 950): dst[i] = |src[i]|, in the parts' type (half / float).",
                ),
            )
        ],
        _base("AbsComplexBase"),
    )


FAMILY.defer(((),), lambda r: (("AbsComplexL2Op",), ("abs_complex_l2",), ("abs",)), _abs_complex)


def _unary(row: tuple) -> None:
    prefix, mnemonic, api, dtypes, levels, py = row
    _define_all(
        prefix,
        _forms(
            mnemonic,
            api,
            (dst(), src("src")),
            Operand("repeat_params", _UNARY_PARAMS),
            levels=levels,
            dtypes=dtypes,
            template=("T", "isSetMask"),
            py=py,
            sim=f"unary:{mnemonic}",
        ),
    )


FAMILY.defer(UNARY_TABLE, lambda r: _level_names(r[0], r[1], r[4], r[5]), _unary)


# ---------------------------------------------------------------------------
# Tensor-scalar: dst = src op scalar (the scalar is converted to T, as C++ does)
# ---------------------------------------------------------------------------

SCALAR_TABLE: tuple[tuple[str, str, str, tuple[str, ...], str], ...] = (
    ("Adds", "adds", "Adds", ARITH_DTYPES, "adds"),
    ("Muls", "muls", "Muls", ARITH_DTYPES, "muls"),
    ("Maxs", "maxs", "Maxs", ARITH_DTYPES, "maxs"),
    ("Mins", "mins", "Mins", ARITH_DTYPES, "mins"),
    ("LeakyRelu", "leaky_relu", "LeakyRelu", FLOAT_DTYPES, "leaky_relu"),
    ("ShiftLeft", "shift_left", "ShiftLeft", ("i16", "ui16", "i32", "ui32"), "shift_left"),
    ("ShiftRight", "shift_right", "ShiftRight", ("i16", "ui16", "i32", "ui32"), "shift_right"),
)


# ShiftRight's mask forms' last argument `bool roundEn = false`
# (kernel_operator_vec_binary_scalar_intf.h; dav_c220 ShiftRightImpl): absent, nothing is
# printed (the header's default); a Python keyword only, so pyasc's positional
# `is_set_mask` keeps its place.
ROUND_EN = Operand("round_en", BOOL, arity=Arity.OPTIONAL, keyword_only=True)


def _tensor_scalar(row: tuple) -> None:
    prefix, mnemonic, api, dtypes, py = row
    _define_all(
        prefix,
        _forms(
            mnemonic,
            api,
            (dst(), src("src"), Operand("scalar", SCALAR)),
            Operand("repeat_params", _UNARY_PARAMS),
            levels="012",
            dtypes=dtypes,
            template=("T", "isSetMask"),
            l2_template=("T", "isSetMask"),
            l2_props=(IS_SET_MASK,),
            py=py,
            sim=f"scalar:{mnemonic}",
            mask_extra=(ROUND_EN,) if api == "ShiftRight" else (),
        ),
        _base("ShiftBase") if api.startswith("Shift") else SpecOp,
    )


FAMILY.defer(SCALAR_TABLE, lambda r: _level_names(r[0], r[1], "012", r[4]), _tensor_scalar)


# ShiftLeft / ShiftRight by a tensor of counts (Ascend 950 only:
# dav_3510/kernel_operator_vec_binary_continuous_impl.h:320-340, :350-370): dst[i] =
# src0[i] << src1[i], T any 8- to 64-bit integer, U the signed one of its width.
_SHIFT_COUNTS = ("i8", "i16", "i32", "i64")
_SHIFT_TENSOR_TABLE = (("ShiftLeft", "shift_left", "<<"), ("ShiftRight", "shift_right", ">>"))


def _shift_by_tensor(row: tuple) -> None:
    prefix, mnemonic, op = row
    _define_all(
        f"{prefix}Tensor",
        [
            (
                "L2Op",
                OpSpec(
                    f"{mnemonic}_tensor_l2",
                    prefix,
                    (dst(), src("src0"), src("src1", "U"), COUNT),
                    dtypes={
                        "T": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"),
                        "U": _SHIFT_COUNTS,
                    },
                    pipe="V",
                    py=mnemonic,
                    sim=f"shift_tensor:{mnemonic}",
                    doc=f"`AscendC::{prefix}(dst, src0, src1, count)` (Ascend 950): dst[i] = "
                    f"src0[i] {op} src1[i] for the first `count` elements, each count of "
                    "src1 (the signed integer of src0's width) as the Reg "
                    f"{prefix} takes it (ops/shifts.py).",
                ),
            )
        ],
        _base("ShiftByTensorBase"),
    )


FAMILY.defer(
    _SHIFT_TENSOR_TABLE,
    lambda r: _level_names(f"{r[0]}Tensor", f"{r[1]}_tensor", "2", r[1]),
    _shift_by_tensor,
)


# Subs / Divs (Ascend 950: dav_3510/kernel_operator_vec_binary_scalar_impl.h), the count
# forms: dst = src - scalar (src / scalar), and with the scalar first (the overloads whose
# src0 is the scalar: SubsImpl(dst, scalar, src), Subs2: scalar - src; Divs2: scalar /
# src). Their `static_assert`s: Subs half, bfloat16_t, float, int16_t, int32_t, int64_t,
# uint64_t, complex32, complex64; Divs half, float, int64_t, uint64_t, complex32,
# complex64 (64-bit and complex32 ones on RegTraitNumTwo registers; bfloat16_t computed
# as the Reg Sub does: in float32, rounded to bfloat16).
_COMPLEX_T = ("complex<f16>", "complex<f32>")
SCALAR_950_TABLE: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    (
        "Subs",
        "subs",
        ("f16", "bf16", "f32", "i16", "i32", "i64", "ui64", *_COMPLEX_T),
        "src - scalar",
    ),
    ("Divs", "divs", ("f16", "f32", "i64", "ui64", *_COMPLEX_T), "src / scalar"),
)


def _tensor_scalar_950(row: tuple) -> None:
    prefix, mnemonic, dtypes, what = row
    _define_all(
        prefix,
        [
            (
                "L2Op",
                OpSpec(
                    f"{mnemonic}_l2",
                    prefix,
                    (dst(), src("src"), Operand("scalar", SCALAR), COUNT),
                    dtypes={"T": dtypes},
                    pipe="V",
                    py=mnemonic,
                    sim=f"scalar:{mnemonic}",
                    doc=f"`AscendC::{prefix}(dst, src, scalar, count)` (Ascend 950): dst[i] = "
                    f"{what} for the first `count` elements (complex: each element as the "
                    f"Reg {prefix[:-1]} computes it, the scalar duplicated first).",
                ),
            ),
        ],
        _base("Ascend950Base"),
    )


FAMILY.defer(SCALAR_950_TABLE, lambda r: _level_names(r[0], r[1], "2", r[1]), _tensor_scalar_950)

# The scalar-first overloads (`Adds(dst, scalar, src, count)`: the 3510 intf's count form
# with a scalar src0; Ascend 950 only): Adds and Muls compute as their tensor-first form (AddsImpl(dst, src,
# scalar)); Subs and Divs take the scalar as the left operand.
SCALAR_FIRST_TABLE: tuple[tuple[str, str, tuple[str, ...] | None, str], ...] = (
    ("Adds", "adds", ARITH_DTYPES, "scalar + src"),
    ("Muls", "muls", ARITH_DTYPES, "scalar * src"),
    ("Subs", "subs", SCALAR_950_TABLE[0][2], "scalar - src"),
    ("Divs", "divs", SCALAR_950_TABLE[1][2], "scalar / src"),
)


def _scalar_first(row: tuple) -> None:
    prefix, mnemonic, dtypes, what = row
    _define_all(
        f"{prefix}ScalarFirst",
        [
            (
                "L2Op",
                OpSpec(
                    f"{mnemonic}_scalar_first_l2",
                    prefix,
                    (dst(), Operand("scalar", SCALAR), src("src"), COUNT),
                    dtypes={"T": dtypes},
                    pipe="V",
                    py=mnemonic,
                    sim=f"scalar:{mnemonic}",
                    doc=f"`AscendC::{prefix}(dst, scalar, src, count)`, the scalar first: dst[i] "
                    f"= {what} for the first `count` elements.",
                ),
            ),
        ],
        _base(
            "Ascend950Base"
        ),  # the 2201 headers have no scalar-first overload, even of Adds / Muls
    )


FAMILY.defer(
    SCALAR_FIRST_TABLE,
    lambda r: _level_names(f"{r[0]}ScalarFirst", f"{r[1]}_scalar_first", "2", r[1]),
    _scalar_first,
)


# The mask forms of Subs / Divs on Ascend 950 (level 0: a count mask, level 1: a bit
# mask; tensor-first and scalar-first, `SubsImpl(dst, src, scalar, mask, repeatTime,
# repeatParams)` and `SubsImpl(dst, scalar, src, ...)`): Duplicate of the scalar, then Reg
# Sub / Div, on one register a repeat. Their `static_assert`s: Subs half, bfloat16_t,
# float, int16_t, int32_t; Divs half, float (no 64-bit or complex type).
SCALAR_950_MASK_TABLE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Subs", "subs", ("f16", "bf16", "f32", "i16", "i32")),
    ("Divs", "divs", ("f16", "f32")),
)


def _tensor_scalar_950_masks(row: tuple) -> None:
    prefix, mnemonic, dtypes = row
    _define_all(
        prefix,
        _forms(
            mnemonic,
            prefix,
            (dst(), src("src"), Operand("scalar", SCALAR)),
            Operand("repeat_params", _UNARY_PARAMS),
            levels="01",
            dtypes=dtypes,
            template=("T", "isSetMask"),
            py=mnemonic,
            sim=f"scalar:{mnemonic}",
        ),
        _base("Ascend950Base"),
    )
    _define_all(
        f"{prefix}ScalarFirst",
        _forms(
            f"{mnemonic}_scalar_first",
            prefix,
            (dst(), Operand("scalar", SCALAR), src("src")),
            Operand("repeat_params", _UNARY_PARAMS),
            levels="01",
            dtypes=dtypes,
            template=("T", "isSetMask"),
            py=mnemonic,
            sim=f"scalar:{mnemonic}_first",
        ),
        _base("Ascend950Base"),
    )


FAMILY.defer(SCALAR_950_MASK_TABLE, _mask_names_950, _tensor_scalar_950_masks)


# (Duplicate: vec_misc.py; Cast: vec_vconv.py; reductions: vec_reduce.py)


def vector_ops() -> list[type[SpecOp]]:
    """Every op class of this module (defines them all)."""
    return FAMILY.classes()


if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.vector import *  # noqa: F403
