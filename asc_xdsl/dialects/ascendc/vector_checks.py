"""The checks of the vector ops that go beyond their specs (`vector.py`): a pair of
element types the headers take (AddDeqRelu), a complex source's parts (Abs), a shift's
constant count and roundEn (Shift by a scalar), the Ascend 950 APIs (Subs, Divs, the
scalar-first forms, Shift by a tensor of counts). Their ops' classes subclass these;
`vector.py` states its rows when first asked for, and loads this module with the first
row that needs one of them: a kernel that uses none (a vector add) does not make these
classes.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ComplexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    StringAttr,
)
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.spec import SpecOp
from asc_xdsl.dialects.ascendc.vec_forms import PairCheckedOp


class AddDeqReluBase(PairCheckedOp):
    """AddDeqRelu dequantises int32 sums to half (the headers static_assert the pair)."""

    PAIRS: ClassVar[frozenset[tuple[str, str]]] = frozenset({("i32", "f16")})


class AbsComplexBase(SpecOp):
    """Abs of a complex tensor into one of its parts' type (Ascend 950 only)."""

    def verify_(self) -> None:
        super().verify_()
        t, u = self.var_type("T"), self.var_type("U")
        if isinstance(u, ComplexType) and t != u.element_type:
            raise VerifyException(
                f"'{self.name}': Abs of {u} writes its parts' type {u.element_type}, got a "
                f"destination of {t}"
            )

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        """The sample is for an Ascend 950 part (complex types exist there only)."""
        from asc_xdsl.soc import SOC_ATTR

        module.attributes[SOC_ATTR] = StringAttr("Ascend950PR_9599")


def _constant_int(value) -> int | None:
    """The integer an operand is a constant of (through the frontend's casts), or None."""
    op = value.owner
    while (
        isinstance(op, Operation)
        and op.name == "builtin.unrealized_conversion_cast"
        and len(op.operands) == 1
    ):
        op = op.operands[0].owner
    attr = op.properties.get("value") if isinstance(op, Operation) else None
    return attr.value.data if isinstance(attr, IntegerAttr) else None


class ShiftBase(SpecOp):
    """ShiftLeft / ShiftRight by a scalar: a constant count the module's SoC does not take
    (`shift_counts`: Atlas A2/A3 0..width; Ascend 950 the scalar as an int16_t >= 0,
    int64_t ShiftRight 0..32) is refused here; a run-time one by the simulator. So is
    ShiftRight's roundEn = true on Ascend 950 (a constant here, a run-time one there)."""

    def verify_(self) -> None:
        super().verify_()
        from asc_xdsl.dialects.ascendc.shift_counts import as_type, count_problem
        from asc_xdsl.dialects.ascendc.target import soc_family
        from asc_xdsl.soc import ASCEND_950

        scalar = _constant_int(self.scalar)
        et = self.dst.type.element_type
        family = soc_family(self)
        round_en = getattr(self, "round_en", None)
        if family == ASCEND_950 and round_en is not None and _constant_int(round_en):
            # (dav_3510 ShiftRightImpl takes it and ignores it)
            raise VerifyException(
                f"'{self.name}': ShiftRight's roundEn = true is not supported on Ascend 950 "
                "(the ShiftRight page: only false; the dav_3510 header ignores it)"
            )
        if scalar is None or family is None or not isinstance(et, IntegerType):
            return
        bits, signed = et.width.data, et.signedness.data != Signedness.UNSIGNED
        arch = 3510 if family == ASCEND_950 else 2201
        _, problem = count_problem(self.SPEC.api, arch, bits, signed, as_type(scalar, bits, signed))
        if problem is not None:
            raise VerifyException(f"'{self.name}': {problem}")


class Ascend950Base(SpecOp):
    """An API the Ascend 950 headers add (arch 3510; the Atlas A2/A3 ones have no
    `SubsImpl` / `DivsImpl`)."""

    def verify_(self) -> None:
        super().verify_()
        from asc_xdsl.dialects.ascendc.reg import check_soc

        check_soc(self, self.SPEC.api)

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        from asc_xdsl.soc import SOC_ATTR

        module.attributes[SOC_ATTR] = StringAttr("Ascend950PR_9599")


class ShiftByTensorBase(Ascend950Base):
    """ShiftLeft / ShiftRight by a tensor of counts (Ascend 950): the counts' type is the
    signed integer of the shifted elements' width (ShiftLeftImpl's Tuple<T, U> list)."""

    def verify_(self) -> None:
        from asc_xdsl.dialects.ascendc.reg import check_soc

        SpecOp.verify_(self)  # (not Ascend950Base's: the scalar forms exist everywhere)
        check_soc(self, f"{self.SPEC.api} by a tensor of counts")
        t, u = self.var_type("T"), self.var_type("U")
        if isinstance(t, IntegerType) and isinstance(u, IntegerType) and t.width != u.width:
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} of {t} takes counts of i{t.width.data} "
                f"(the signed integer of its width), got {u}"
            )


__all__ = ["AbsComplexBase", "AddDeqReluBase", "Ascend950Base", "ShiftBase", "ShiftByTensorBase"]
