"""Scalar bit operations and conversion on the scalar unit, declared as op specs (see
`spec.py`), as pyasc's `OpScalar.td` states them: `ScalarCast`, `ScalarGetSFFValue`,
`ScalarGetCountOfValue`, `ScalarCountLeadingZero`, `CountBitsCntSameAsSignBit`.

`ScalarGetSFFValue<countValue>` and `ScalarGetCountOfValue<countValue>` take the bit value
they look for (0 or 1) as a template argument: the IR passes it as a constant operand,
printed as the name of its `constexpr` variable (as pyasc does).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects.builtin import (
    AnyFloat,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    f32,
    i32,
    i64,
)
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind, is_scalar
from asc_xdsl.dialects.ascendc.fp8_types import HiFloat8Type, float8_name
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    SpecOp,
    exact,
    predicate,
)
from asc_xdsl.enums import RoundMode

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_UI64 = IntegerType(64, Signedness.UNSIGNED)


def _is_lowp(t: Any) -> bool:
    return float8_name(t) is not None


_SCALAR_RESULT = predicate("a scalar number", is_scalar, "U", i32)


class ScalarCastBase(SpecOp):
    """`ScalarCast<T, U, roundMode>(x)`: the result has type `dtype` (a builder without
    result types takes it from there)."""

    def __init__(self, *operands: Any, result_types: Sequence[Any] | None = None, **props: Any):
        if result_types is None and "dtype" in props:
            result_types = [props["dtype"]]
        super().__init__(*operands, result_types=result_types, **props)

    def verify_(self) -> None:
        super().verify_()
        dtype = self._prop("dtype")
        if self.results[0].type != dtype:
            raise VerifyException(
                f"'{self.name}': the result type {self.results[0].type} must be dtype {dtype}"
            )


FAMILY.add(
    "ScalarCastOp",
    OpSpec(
        "scalar_cast",
        "ScalarCast",
        # The headers convert float to half or int32_t only (CastF322F16/CastF322S32).
        (Operand("value_in", exact(f32)),),
        props=(Prop("dtype", kind=PropKind.TYPE), Prop("roundMode", RoundMode)),
        results=(Result("value_out", _SCALAR_RESULT),),
        template=(lambda op: op.value_in.type, "dtype", "roundMode"),
        dtypes={"dtype": ("f16", "i32")},
        format="$value_in attr-dict `:` type($value_in) `->` type($value_out)",
        pipe="S",
        py="scalar_cast",
        example={"dtype": "i32", "roundMode": RoundMode.CAST_ROUND},
        doc="`AscendC::ScalarCast<T, U, roundMode>(x)`: convert a float scalar to half or "
        "int32_t, rounding as `roundMode` says.",
    ),
    ScalarCastBase,
)


class CountValueOp(SpecOp):
    """An API whose template argument `countValue` is the bit value (0 or 1) it looks for."""

    def verify_(self) -> None:
        super().verify_()
        owner = self.count_value.owner  # type: ignore[attr-defined]
        attr = getattr(owner, "properties", {}).get("value")
        if isinstance(attr, IntegerAttr) and attr.value.data not in (0, 1):
            raise VerifyException(
                f"'{self.name}': count_value must be 0 or 1 (the bit value counted), "
                f"got {attr.value.data}"
            )


_VALUE_IN = Operand("value_in", exact(_UI64))
_FORMAT = "operands attr-dict `:` type(operands) `->` type(${})"
FAMILY.add(
    "ScalarGetSFFValueOp",
    OpSpec(
        "scalar_get_sff_value",
        "ScalarGetSFFValue",
        (_VALUE_IN, Operand("count_value", INT, const=True)),
        results=(Result("position", INT, i64),),
        emit=EmitKind.CUSTOM,
        format=_FORMAT.format("position"),
        pipe="S",
        py="scalar_get_sff_value",
        doc="`AscendC::ScalarGetSFFValue<countValue>(x)`: the position of the first bit "
        "equal to `countValue` from the least significant one (-1 if none).",
    ),
    CountValueOp,
)
FAMILY.add(
    "ScalarGetCountOfValueOp",
    OpSpec(
        "scalar_get_count_of_value",
        "ScalarGetCountOfValue",
        (_VALUE_IN, Operand("count_value", exact(i32), const=True)),
        results=(Result("count", exact(i64), i64),),
        emit=EmitKind.CUSTOM,
        format=_FORMAT.format("count"),
        pipe="S",
        py="scalar_get_count_of_value",
        doc="`AscendC::ScalarGetCountOfValue<countValue>(x)`: how many bits of `x` equal "
        "`countValue`.",
    ),
    CountValueOp,
)
FAMILY.add(
    "ScalarCountLeadingZeroOp",
    OpSpec(
        "scalar_count_leading_zero",
        "ScalarCountLeadingZero",
        (_VALUE_IN,),
        results=(Result("count", exact(i64), i64),),
        format=_FORMAT.format("count"),
        pipe="S",
        py="scalar_count_leading_zero",
        doc="`AscendC::ScalarCountLeadingZero(x)`: the number of leading zero bits of `x`.",
    ),
)
FAMILY.add(
    "CountBitsCntSameAsSignBitOp",
    OpSpec(
        "count_bits_cnt_same_as_sign_bit",
        "CountBitsCntSameAsSignBit",
        (Operand("value_in", exact(i64)),),
        results=(Result("count", exact(i64), i64),),
        format=_FORMAT.format("count"),
        pipe="S",
        py="count_bits_cnt_same_as_sign_bit",
        doc="`AscendC::CountBitsCntSameAsSignBit(x)`: how many bits after the sign bit equal "
        "it (-1 for 0 and -1).",
    ),
)


class FloatConstantBase(SpecOp):
    """A constant of an 8-bit float type MLIR has no builtin type for (`hifloat8_t`); the
    builtin ones (f8E4M3FN, f8E5M2, f8E8M0FNU) are `arith.constant`. `value` is an f64
    float attribute holding a value of the type exactly (or NaN / infinity where the
    format has them), so the C++ literal converts to the same code whatever the
    conversion's rounding, and the simulator encodes it without rounding."""

    def verify_(self) -> None:
        super().verify_()
        from asc_xdsl.dialects.ascendc.fp8_types import is_float4
        from asc_xdsl.utils import float8

        t, value = self.results[0].type, self._prop("value")
        name = float8_name(t)
        if name is None or (isinstance(t, AnyFloat) and not is_float4(t)):
            raise VerifyException(
                f"'{self.name}': the result type {t} is not an 8-bit float without a builtin "
                "type (hifloat8_t) or a 4-bit float (a pair of the value); a constant of "
                "f8E4M3FN, f8E5M2 or f8E8M0FNU is arith.constant"
            )
        if not isinstance(value, FloatAttr) or not isinstance(value.type, Float64Type):
            raise VerifyException(f"'{self.name}': value {value} must be an f64 float attribute")
        x = value.value.data
        f = float8.fmt(name)
        if math.isnan(x) and is_float4(t):
            raise VerifyException(f"'{self.name}': {t} has no NaN")
        if math.isnan(x):
            return
        if math.isinf(x):
            if f.inf is None:
                raise VerifyException(f"'{self.name}': {t} has no infinity")
            return
        code = int(float8.encode([x], name, "round")[0])
        if float(f.table[code]) != x:
            below, above = float8.neighbours(x, name)
            raise VerifyException(
                f"'{self.name}': {x!r} is not a value of {t} (its neighbours: {below!r}, {above!r})"
            )


FAMILY.add(
    "FloatConstantOp",
    OpSpec(
        "float_constant",
        "static_cast",
        props=(Prop("value", kind=PropKind.ATTR),),
        results=(
            Result("result", predicate("hifloat8_t", _is_lowp, "hifloat8_t", HiFloat8Type())),
        ),
        example={"value": FloatAttr(1.5, Float64Type())},
        emit=EmitKind.CUSTOM,
        format="attr-dict `:` type($result)",
        doc="`const hifloat8_t c = static_cast<hifloat8_t>(value);`: a constant of an 8-bit "
        "float type without a builtin IR type (Ascend 950; docs/fp8.md).",
    ),
    FloatConstantBase,
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.scalar import *  # noqa: F403
