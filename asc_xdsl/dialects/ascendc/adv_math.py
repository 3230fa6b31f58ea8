"""The math library of Ascend C's advanced APIs (pyasc's `Adv/Math.td`), as op specs.

    ascendc.acosh %dst, %src, %tmp, %count, %reuse {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
        : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>,
          !ascendc.local_tensor<4096xui8>, i32, i1
    // AscendC::Acosh<float, reuse>(dst, src, tmp, count);

The unary and binary functions take an optional scratch buffer (`sharedTmpBuffer`,
which Ascend C takes as a `LocalTensor<uint8_t>`: a buffer of another element type is
passed as `tmp.ReinterpretCast<uint8_t>()`; without it the API takes the pipe's reserved
stack) and an
optional element count (without it: the whole tensor); `isReuseSource` (the API may
overwrite its source) is a template argument, so it must be a constant. Element types
are those the Atlas A2/A3 (dav-2201) implementation accepts.

`CumSum` has no Ascend C form here: pyasc's op carries the fields of `CumSumConfig`
(lastAxis, reuseSource, outputLastRow) where the API takes a `CumSumInfo` (the shape,
outter and inner), so its call cannot be written; it parses, verifies and prints as IR.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from xdsl.dialects.builtin import f32
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.adv_common import (
    REUSE_SOURCE,
    as_bytes,
    operand,
    tmp_buffer,
)
from asc_xdsl.dialects.ascendc.base import is_scalar
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    SCALAR,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    SpecOp,
    local,
    predicate,
)
from asc_xdsl.dialects.ascendc.target import checks_atlas_a2_a3
from asc_xdsl.dialects.ascendc.types import LocalTensorType

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

FLOATS = ("f16", "f32")
_DST = Operand("dst", local("T"), Effect.WRITE)
_SRC = Operand("src", local("T"), Effect.READ)
_TMP = as_bytes("shared_tmp_buffer")
_COUNT = Operand("cal_count", INT, py="count", arity=Arity.OPTIONAL)
_CALL = ("dst", "src", _TMP, "cal_count")
# pyasc's Python order: asc.adv.acos(dst, src, count=None, temp_buffer=None, is_reuse_source=False)
_PY = ("dst", "src", "count", "temp_buffer", "is_reuse_source")

# ---------------------------------------------------------------------------
# Unary: Api<T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])
# ---------------------------------------------------------------------------


class Forms(Enum):
    """Which of the optional arguments an API's overloads take."""

    ALL = "all"  # with or without a scratch buffer, with or without a count
    COUNT = "count"  # a count is required
    NO_TMP = "no_tmp"  # no scratch buffer


class _MathOp(SpecOp):
    """Checks the optional arguments against the overloads the API has (FORMS)."""

    FORMS: ClassVar[dict[str, Forms]] = {}  # mnemonic -> forms

    def verify_(self) -> None:
        super().verify_()
        forms = self.FORMS.get(self.SPEC.mnemonic, Forms.ALL)
        if forms is Forms.COUNT and self.cal_count is None:  # type: ignore[attr-defined]
            raise VerifyException(f"'{self.name}': {self.SPEC.api} needs a count (cal_count)")
        if forms is Forms.NO_TMP and self.shared_tmp_buffer is not None:  # type: ignore[attr-defined]
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} takes no shared_tmp_buffer (it uses the "
                "pipe's reserved stack)"
            )


# (class name, mnemonic, API, the overloads it has)
_A, _C, _N = Forms.ALL, Forms.COUNT, Forms.NO_TMP
UNARY_TABLE: tuple[tuple[str, str, str, Forms], ...] = (
    ("AcosOp", "acos", "Acos", _A),
    ("AcoshOp", "acosh", "Acosh", _A),
    ("AsinOp", "asin", "Asin", _A),
    ("AsinhOp", "asinh", "Asinh", _A),
    ("AtanOp", "atan", "Atan", _A),
    ("AtanhOp", "atanh", "Atanh", _A),
    ("CeilOp", "ceil", "Ceil", _C),
    ("CosOp", "cos", "Cos", _A),
    ("CoshOp", "cosh", "Cosh", _A),
    ("DigammaOp", "digamma", "Digamma", _C),
    ("ErfOp", "erf", "Erf", _A),
    ("ErfcOp", "erfc", "Erfc", _A),
    ("FloorOp", "floor", "Floor", _C),
    ("FracOp", "frac", "Frac", _A),
    ("LgammaOp", "lgamma", "Lgamma", _C),
    ("LogOp", "log", "Log", _N),
    ("RoundOp", "round", "Round", _C),
    ("SignOp", "sign", "Sign", _A),
    ("SinOp", "sin", "Sin", _A),
    ("SinhOp", "sinh", "Sinh", _A),
    ("TanOp", "tan", "Tan", _A),
    ("TanhOp", "tanh", "Tanh", _A),
    ("TruncOp", "trunc", "Trunc", _A),
)
_FORM_DOC = {
    _A: "[, sharedTmpBuffer][, calCount]",
    _C: "[, sharedTmpBuffer], calCount",
    _N: "[, calCount]",
}
for _cls, _m, _api, _forms in UNARY_TABLE:
    _MathOp.FORMS[_m] = _forms
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            (_DST, _SRC, tmp_buffer(), _COUNT, REUSE_SOURCE),
            template=("T", operand("is_reuse_source")),
            call=_CALL,
            dtypes={"T": FLOATS},
            pipe="V",
            py=f"adv.{_m}",
            py_params=_PY,
            sim=f"adv_unary:{_m}",
            # a sample that every form accepts
            example={"shared_tmp_buffer": 0} if _forms is _N else {},
            doc=f"`AscendC::{_api}<T, isReuseSource>(dst, src{_FORM_DOC[_forms]})`: "
            f"elementwise {_m} (all of `src` without a count).",
        ),
        _MathOp,
    )


# ---------------------------------------------------------------------------
# Binary: Api<T, isReuseSource>(dst, src0, src1[, sharedTmpBuffer][, calCount])
# ---------------------------------------------------------------------------

# Power also takes a scalar for either source (`Power(dst, x, 2.0f)`).
_TENSOR_OR_SCALAR = predicate(
    "a !ascendc.local_tensor or a scalar",
    lambda t: isinstance(t, LocalTensorType) or is_scalar(t),
    "LocalTensor<T>|T",
    LocalTensorType(f32),
).replace(
    sample=lambda v: LocalTensorType(v["T"]),
)


class _PowerOp(SpecOp):
    """Each source of `Power` is a LocalTensor<T> or a scalar; not both scalars."""

    def verify_(self) -> None:
        super().verify_()
        element = self.dst.type.element_type  # type: ignore[attr-defined]
        tensors = 0
        for name in ("src0", "src1"):
            t = getattr(self, name).type
            if isinstance(t, LocalTensorType):
                tensors += 1
                if t.element_type != element:
                    raise VerifyException(
                        f"'{self.name}': element types differ: dst has {element}, "
                        f"{name} has {t.element_type}"
                    )
        if not tensors:
            raise VerifyException(f"'{self.name}': src0 or src1 must be a tensor")


# (class name, mnemonic, API, source rule, dtypes, base)
BINARY_TABLE: tuple[tuple[str, str, str, Any, tuple[str, ...], type[SpecOp]], ...] = (
    ("PowerOp", "power", "Power", _TENSOR_OR_SCALAR, ("f16", "f32", "i32"), _PowerOp),
    ("XorOp", "xor", "Xor", local("T"), ("i16", "ui16"), SpecOp),
)
for _cls, _m, _api, _rule, _dt, _base in BINARY_TABLE:
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            (
                _DST,
                Operand("src0", _rule, Effect.READ),
                Operand("src1", _rule, Effect.READ),
                tmp_buffer(),
                _COUNT,
                REUSE_SOURCE,
            ),
            template=("T", operand("is_reuse_source")),
            call=("dst", "src0", "src1", _TMP, "cal_count"),
            dtypes={"T": _dt},
            pipe="V",
            py=f"adv.{_m}",
            py_params=("dst", "src0", "src1", "count", "temp_buffer", "is_reuse_source"),
            sim=f"adv_binary:{_m}",
            doc=f"`AscendC::{_api}<T, isReuseSource>(dst, src0, src1[, sharedTmpBuffer]"
            "[, calCount])`: elementwise "
            + (
                "src0 to the power src1 (either may be a scalar)"
                if _m == "power"
                else "bitwise xor"
            )
            + ".",
        ),
        _base,
    )


# ---------------------------------------------------------------------------
# Axpy, ClampMax/Min, CumSum, Exp
# ---------------------------------------------------------------------------

# Axpy<T, U>: dst (T) += src (U) * scalar, for these (T, U).
AXPY_PAIRS = frozenset({("f16", "f16"), ("f32", "f32"), ("f32", "f16")})


class _AxpyOp(SpecOp):
    """The advanced `Axpy` exists only with a scratch buffer (without one, the basic
    `ascendc.axpy_l2` is the API), for the (dst, src) element types in AXPY_PAIRS."""

    def verify_(self) -> None:
        super().verify_()
        if self.shared_tmp_buffer is None:  # type: ignore[attr-defined]
            raise VerifyException(
                f"'{self.name}': the advanced Axpy takes a shared_tmp_buffer (without "
                "one, use the basic API, ascendc.axpy_l2)"
            )
        pair = (str(self.var_type("T")), str(self.var_type("U")))
        if pair not in AXPY_PAIRS and checks_atlas_a2_a3(self):
            valid = ", ".join(f"{d}+={s}" for d, s in sorted(AXPY_PAIRS))
            raise VerifyException(
                f"'{self.name}': Axpy does not support dst {pair[0]} with src {pair[1]} "
                f"on Atlas A2/A3 (supported dst+=src: {valid})"
            )


FAMILY.add(
    "AxpyOp",
    OpSpec(
        "axpy",
        "Axpy",
        (
            Operand("dst", local("T"), Effect.READ_WRITE),
            Operand("src", local("U"), Effect.READ),
            Operand("scalar", SCALAR),
            tmp_buffer(),
            Operand("cal_count", INT, py="count"),
            REUSE_SOURCE,
        ),
        template=("T", "U", operand("is_reuse_source")),
        call=("dst", "src", "scalar", _TMP, "cal_count"),
        dtypes={"T": FLOATS, "U": FLOATS},
        pipe="V",
        py="adv.axpy",
        py_params=("dst", "src", "scalar", "count", "temp_buffer", "is_reuse_source"),
        sim="adv_axpy",
        doc="`AscendC::Axpy<T, U, isReuseSource>(dst, src, scalar, sharedTmpBuffer, "
        "calCount)`: dst += src * scalar (the buffer is optional in pyasc's syntax only).",
    ),
    _AxpyOp,
)

for _cls, _m, _api, _what in (
    ("ClampMaxOp", "clamp_max", "ClampMax", "min(src, scalar)"),
    ("ClampMinOp", "clamp_min", "ClampMin", "max(src, scalar)"),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            (
                _DST,
                _SRC,
                tmp_buffer(),
                Operand("scalar", SCALAR),
                Operand("cal_count", INT, py="count"),
                REUSE_SOURCE,
            ),
            template=("T", operand("is_reuse_source")),
            call=("dst", "src", _TMP, "scalar", "cal_count"),
            dtypes={"T": FLOATS},
            pipe="V",
            py_params=("dst", "src", "scalar", "count", "temp_buffer", "is_reuse_source"),
            sim=f"adv_clamp:{_m}",
            doc=f"`AscendC::{_api}<T, isReuseSource>(dst, src[, sharedTmpBuffer], scalar, "
            f"calCount)`: dst = {_what}.",
        ),
    )


FAMILY.add(
    "CumSumOp",
    OpSpec(
        "cumsum",
        "CumSum",
        (
            _DST,
            Operand("last_row", local("T"), Effect.WRITE),
            _SRC,
            tmp_buffer(),
            Operand("last_axis", INT),
            Operand("reuse_source", INT),
            Operand("output_last_row", INT),
        ),
        dtypes={"T": FLOATS},
        pipe="V",
        sim="adv_cumsum",
        doc="pyasc's `CumSum` (prefix sums along the last or first axis, and the last row "
        "on its own); it has no Ascend C form (see the module docstring).",
    ),
)

FAMILY.add(
    "ExpOp",
    OpSpec(
        "exp",
        "Exp",
        (
            _DST,
            _SRC,
            Operand("cal_count", INT, py="count"),
            Operand("taylor_expand_level", INT, const=True),
            tmp_buffer(),
            REUSE_SOURCE,
        ),
        template=("T", operand("taylor_expand_level"), operand("is_reuse_source")),
        call=("dst", "src", _TMP, "cal_count"),
        dtypes={"T": FLOATS},
        pipe="V",
        py="adv.exp",
        py_params=("dst", "src", "count", "taylor_expand_level", "temp_buffer", "is_reuse_source"),
        sim="adv_exp",
        doc="`AscendC::Exp<T, taylorExpandLevel, isReuseSource>(dst, src[, sharedTmpBuffer], "
        "calCount)`: e^src, the fractional part by a Taylor expansion of the given level.",
    ),
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.adv_math import *  # noqa: F403
