"""Vector compute, count (level-2) form: `Api(dst, src..., count)`.

Families share a base class that knows the operand layout and verifies element
types; each op states its API name and the dtypes Atlas A2/A3 support for it
(`DTYPES`, from ASCENDC_SEMANTICS.md section 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, UnitAttr
from xdsl.irdl import irdl_op_definition, operand_def, opt_prop_def, prop_def
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import (
    DEFAULT_FORMAT,
    AscendCOp,
    CallArg,
    EmitKind,
    dtype_name,
    enum_value,
    require_dtype,
    require_int,
    require_local,
    require_same_element,
    require_scalar,
    verify_enum,
)
from asc_xdsl.dialects.ascendc.enums import RoundMode
from asc_xdsl.dialects.ascendc.types import TemplateArg

ARITH_DTYPES = ("i16", "f16", "i32", "f32")
FLOAT_DTYPES = ("f16", "f32")
BIT_DTYPES = ("i16", "ui16")


class VectorOp(AscendCOp):
    """A vector instruction on local tensors (V pipe)."""

    EMIT_KIND: ClassVar[EmitKind] = EmitKind.FREE_FUNCTION
    PIPE: ClassVar[str | None] = "V"
    DTYPES: ClassVar[tuple[str, ...]] = ARITH_DTYPES
    assembly_format = DEFAULT_FORMAT
    irdl_options = (ParsePropInAttrDict(),)

    def element_type(self):
        t = self.operands[0].type
        return getattr(t, "element_type", None)


# ---------------------------------------------------------------------------
# Binary: dst = src0 op src1
# ---------------------------------------------------------------------------


class BinaryL2Op(VectorOp):
    dst = operand_def()
    src0 = operand_def()
    src1 = operand_def()
    cal_count = operand_def()

    def __init__(self, dst, src0, src1, count):
        super().__init__(operands=[dst, src0, src1, count])

    def verify_(self) -> None:
        for name in ("dst", "src0", "src1"):
            require_local(self, getattr(self, name), name)
        element = require_same_element(
            self, {"dst": self.dst, "src0": self.src0, "src1": self.src1}
        )
        require_dtype(self, element, self.DTYPES, self.API_NAME)
        require_int(self, self.cal_count, "count")


def _binary(mnemonic: str, api: str, dtypes: tuple[str, ...] = ARITH_DTYPES):
    return irdl_op_definition(
        type(
            f"{api}L2Op",
            (BinaryL2Op,),
            {
                "name": f"ascendc.{mnemonic}_l2",
                "API_NAME": api,
                "DTYPES": dtypes,
                "__annotations__": {"API_NAME": ClassVar[str], "DTYPES": ClassVar[tuple]},
                "__doc__": f"`AscendC::{api}(dst, src0, src1, count)`.",
                "__module__": __name__,
            },
        )
    )


AddL2Op = _binary("add", "Add")
SubL2Op = _binary("sub", "Sub")
MulL2Op = _binary("mul", "Mul")
DivL2Op = _binary("div", "Div", FLOAT_DTYPES)
MaxL2Op = _binary("max", "Max")
MinL2Op = _binary("min", "Min")
AndL2Op = _binary("and", "And", BIT_DTYPES)
OrL2Op = _binary("or", "Or", BIT_DTYPES)


# ---------------------------------------------------------------------------
# Unary: dst = op(src)
# ---------------------------------------------------------------------------


class UnaryL2Op(VectorOp):
    dst = operand_def()
    src = operand_def()
    cal_count = operand_def()

    def __init__(self, dst, src, count):
        super().__init__(operands=[dst, src, count])

    def verify_(self) -> None:
        require_local(self, self.dst, "dst")
        require_local(self, self.src, "src")
        element = require_same_element(self, {"dst": self.dst, "src": self.src})
        require_dtype(self, element, self.DTYPES, self.API_NAME)
        require_int(self, self.cal_count, "count")


def _unary(mnemonic: str, api: str, dtypes: tuple[str, ...]):
    return irdl_op_definition(
        type(
            f"{api}L2Op",
            (UnaryL2Op,),
            {
                "name": f"ascendc.{mnemonic}_l2",
                "API_NAME": api,
                "DTYPES": dtypes,
                "__annotations__": {"API_NAME": ClassVar[str], "DTYPES": ClassVar[tuple]},
                "__doc__": f"`AscendC::{api}(dst, src, count)`.",
                "__module__": __name__,
            },
        )
    )


AbsL2Op = _unary("abs", "Abs", FLOAT_DTYPES)
ExpL2Op = _unary("exp", "Exp", FLOAT_DTYPES)
LnL2Op = _unary("ln", "Ln", FLOAT_DTYPES)
SqrtL2Op = _unary("sqrt", "Sqrt", FLOAT_DTYPES)
RsqrtL2Op = _unary("rsqrt", "Rsqrt", FLOAT_DTYPES)
ReciprocalL2Op = _unary("reciprocal", "Reciprocal", FLOAT_DTYPES)
ReluL2Op = _unary("relu", "Relu", ("f16", "i32", "f32"))
NotL2Op = _unary("not", "Not", BIT_DTYPES)


# ---------------------------------------------------------------------------
# Tensor-scalar: dst = src op scalar
# ---------------------------------------------------------------------------


class VecScalarL2Op(VectorOp):
    """`AscendC::Api<T, isSetMask>(dst, src, scalar, count)`."""

    dst = operand_def()
    src = operand_def()
    scalar = operand_def()
    cal_count = operand_def()
    is_set_mask = opt_prop_def(UnitAttr, prop_name="isSetMask")

    def __init__(self, dst, src, scalar, count, is_set_mask: bool = True):
        super().__init__(
            operands=[dst, src, scalar, count],
            properties={"isSetMask": UnitAttr()} if is_set_mask else {},
        )

    def verify_(self) -> None:
        require_local(self, self.dst, "dst")
        require_local(self, self.src, "src")
        element = require_same_element(self, {"dst": self.dst, "src": self.src})
        require_dtype(self, element, self.DTYPES, self.API_NAME)
        require_scalar(self, self.scalar, "scalar")
        if self.scalar.type != element:
            # ASCENDC_SEMANTICS.md section 3: "scalar type == element type".
            raise VerifyException(
                f"'{self.name}': scalar type {self.scalar.type} differs from the "
                f"element type {element}"
            )
        require_int(self, self.cal_count, "count")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        # pyasc spells the bool template argument as 0/1.
        return (self.element_type(), 1 if self.is_set_mask else 0)


def _scalar(mnemonic: str, api: str):
    return irdl_op_definition(
        type(
            f"{api}L2Op",
            (VecScalarL2Op,),
            {
                "name": f"ascendc.{mnemonic}_l2",
                "API_NAME": api,
                "__annotations__": {"API_NAME": ClassVar[str]},
                "__doc__": f"`AscendC::{api}<T, isSetMask>(dst, src, scalar, count)`.",
                "__module__": __name__,
            },
        )
    )


AddsL2Op = _scalar("adds", "Adds")
MulsL2Op = _scalar("muls", "Muls")
MaxsL2Op = _scalar("maxs", "Maxs")
MinsL2Op = _scalar("mins", "Mins")


# ---------------------------------------------------------------------------
# Duplicate, Cast
# ---------------------------------------------------------------------------


@irdl_op_definition
class DuplicateL2Op(VectorOp):
    """`AscendC::Duplicate<T>(dst, scalar, count)`: fill with a scalar."""

    name = "ascendc.duplicate_l2"
    API_NAME: ClassVar[str] = "Duplicate"
    DTYPES: ClassVar[tuple[str, ...]] = ("i16", "ui16", "f16", "bf16", "i32", "ui32", "f32")

    dst = operand_def()
    scalar = operand_def()
    cal_count = operand_def()

    def __init__(self, dst, scalar, count):
        super().__init__(operands=[dst, scalar, count])

    def verify_(self) -> None:
        dst = require_local(self, self.dst, "dst")
        require_dtype(self, dst.element_type, self.DTYPES, self.API_NAME)
        require_scalar(self, self.scalar, "scalar")
        require_int(self, self.cal_count, "count")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.element_type(),)


_R, _F, _C, _RD, _T = (
    RoundMode.CAST_RINT,
    RoundMode.CAST_FLOOR,
    RoundMode.CAST_CEIL,
    RoundMode.CAST_ROUND,
    RoundMode.CAST_TRUNC,
)
_NONE = frozenset({RoundMode.CAST_NONE})
_RFCRDT = frozenset({_R, _F, _C, _RD, _T})
_ALL = frozenset(RoundMode)

# (src, dst) -> round modes Cast accepts for the pair on Atlas A2/A3.
CAST_MODES: dict[tuple[str, str], frozenset[RoundMode]] = {
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
    **{("f32", d): _RFCRDT for d in ("i16", "i32", "i64", "bf16", "f32")},
    ("i64", "f32"): _RFCRDT,
    ("f32", "f16"): _ALL,
    ("i32", "f16"): _ALL,  # mode ignored; needs SetDeqScale
}


@irdl_op_definition
class CastL2Op(VectorOp):
    """`AscendC::Cast(dst, src, RoundMode, count)`: convert element types."""

    name = "ascendc.cast_l2"
    API_NAME: ClassVar[str] = "Cast"

    dst = operand_def()
    src = operand_def()
    round_mode = prop_def(IntegerAttr, prop_name="roundMode")
    cal_count = operand_def()

    def __init__(self, dst, src, round_mode: RoundMode, count):
        super().__init__(operands=[dst, src, count], properties={"roundMode": round_mode.attr()})

    @property
    def mode(self) -> RoundMode:
        return enum_value(self, "roundMode", RoundMode)  # type: ignore[return-value]

    def verify_(self) -> None:
        dst = require_local(self, self.dst, "dst")
        src = require_local(self, self.src, "src")
        mode = verify_enum(self, "roundMode", RoundMode)
        require_int(self, self.cal_count, "count")
        pair = (dtype_name(src.element_type), dtype_name(dst.element_type))
        modes = CAST_MODES.get(pair)
        if modes is None:
            raise VerifyException(
                f"'{self.name}': Cast from {pair[0]} to {pair[1]} is not supported on Atlas A2/A3"
            )
        if mode not in modes:
            names = ", ".join(m.name for m in sorted(modes))
            raise VerifyException(
                f"'{self.name}': Cast from {pair[0]} to {pair[1]} does not support "
                f"{mode.name} (supported: {names})"
            )

    def cpp_call_args(self) -> Sequence[CallArg]:
        return [self.dst, self.src, self.mode, self.cal_count]


# ---------------------------------------------------------------------------
# Reductions (result in dst[0]; ReduceMax/Min put the index in dst[1])
# ---------------------------------------------------------------------------


class ReduceL2Op(VectorOp):
    DTYPES: ClassVar[tuple[str, ...]] = FLOAT_DTYPES

    def verify_(self) -> None:
        names = ("dst", "src", "shared_tmp_buffer")
        for name in names:
            require_local(self, getattr(self, name), name)
        element = require_same_element(self, {n: getattr(self, n) for n in names})
        require_dtype(self, element, self.DTYPES, self.API_NAME)
        require_int(self, self.count, "count")


@irdl_op_definition
class ReduceSumL2Op(ReduceL2Op):
    """`AscendC::ReduceSum(dst, src, tmp, count)`."""

    name = "ascendc.reduce_sum_l2"
    API_NAME: ClassVar[str] = "ReduceSum"

    dst = operand_def()
    src = operand_def()
    shared_tmp_buffer = operand_def()
    count = operand_def()

    def __init__(self, dst, src, tmp, count):
        super().__init__(operands=[dst, src, tmp, count])


class _ReduceWithIndexL2Op(ReduceL2Op):
    """`AscendC::ReduceMax/Min(dst, src, tmp, count, calIndex)`."""

    dst = operand_def()
    src = operand_def()
    shared_tmp_buffer = operand_def()
    count = operand_def()
    cal_index = operand_def()

    def __init__(self, dst, src, tmp, count, cal_index):
        super().__init__(operands=[dst, src, tmp, count, cal_index])

    def verify_(self) -> None:
        super().verify_()
        require_int(self, self.cal_index, "calIndex")


@irdl_op_definition
class ReduceMaxL2Op(_ReduceWithIndexL2Op):
    """`AscendC::ReduceMax(dst, src, tmp, count, calIndex)`: max in dst[0], its index in dst[1]."""

    name = "ascendc.reduce_max_l2"
    API_NAME: ClassVar[str] = "ReduceMax"


@irdl_op_definition
class ReduceMinL2Op(_ReduceWithIndexL2Op):
    """`AscendC::ReduceMin(dst, src, tmp, count, calIndex)`: min in dst[0], its index in dst[1]."""

    name = "ascendc.reduce_min_l2"
    API_NAME: ClassVar[str] = "ReduceMin"


BINARY_OPS = [AddL2Op, SubL2Op, MulL2Op, DivL2Op, MaxL2Op, MinL2Op, AndL2Op, OrL2Op]
UNARY_OPS = [AbsL2Op, ExpL2Op, LnL2Op, SqrtL2Op, RsqrtL2Op, ReciprocalL2Op, ReluL2Op, NotL2Op]
SCALAR_OPS = [AddsL2Op, MulsL2Op, MaxsL2Op, MinsL2Op]

VECTOR_OPS = [
    *BINARY_OPS,
    *UNARY_OPS,
    *SCALAR_OPS,
    DuplicateL2Op,
    CastL2Op,
    ReduceSumL2Op,
    ReduceMaxL2Op,
    ReduceMinL2Op,
]
