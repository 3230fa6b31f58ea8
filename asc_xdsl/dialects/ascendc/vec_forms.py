"""Pieces shared by the vector families whose calls pyasc prints irregularly
(`vec_reduce`, `vec_cmpsel`, `vec_vconv`): an enum argument between the operands, L0/L1
forms printed without template arguments, ops that use a control register (CMPMASK,
DEQSCALE) no operand shows, and ops checked against the (src, dst) type pairs they convert.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.ir import Operation
from xdsl.irdl import traits_def
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import ArrayArg, converted
from asc_xdsl.dialects.ascendc.spec import CallItem, Operand, SpecOp
from asc_xdsl.dialects.ascendc.target import checks_atlas_a2_a3
from asc_xdsl.dialects.ascendc.types import TemplateArg


class ImplicitSetMaskOp(SpecOp):
    """An L0/L1 form whose call pyasc prints bare, `Api(dst, src, mask, ...)`, so that
    `isSetMask` takes its C++ default, true, whatever the op says.

    Printed bare when `isSetMask` is set (the same call), and with every template
    argument spelled out, `Api<T, ..., 0>(...)`, when it is not: dropping the flag would
    make the call overwrite the mask the kernel set with `SetVectorMask`.
    """

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        if self.flag("isSetMask"):
            return []
        return super().cpp_template_args()


class PairCheckedOp(SpecOp):
    """Checks that its API converts the element type of `T` (the source) into that of
    `U` (the destination): `PAIRS` lists the (src, dst) pairs Atlas A2/A3 support."""

    PAIRS: ClassVar[frozenset[tuple[str, str]]] = frozenset()

    def verify_(self) -> None:
        super().verify_()
        pair = (str(self.var_type("T")), str(self.var_type("U")))
        if pair not in self.PAIRS and checks_atlas_a2_a3(self):
            supported = ", ".join(f"{s} to {d}" for s, d in sorted(self.PAIRS))
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} from {pair[0]} to {pair[1]} is not supported "
                f"on Atlas A2/A3 (supported: {supported})"
            )


class WritesRegisterOp(SpecOp):
    """Also sets a control register (CMPMASK, DEQSCALE): a write no operand shows, so
    that passes keep the op (an op that only reads its operands would be dead code to
    CSE) and do not move it across the ops that read the register."""

    traits = traits_def(MemoryWriteEffect())


class ReadsRegisterOp(SpecOp):
    """Also reads a control register (CMPMASK, DEQSCALE) set by an earlier op."""

    traits = traits_def(MemoryReadEffect())


def _array(name: str) -> CallItem:
    def item(op: Operation) -> ArrayArg:
        return ArrayArg(tuple(getattr(op, name)))

    item.__name__ = f"array_{name}"
    return item


def call_order(operands: Sequence[Operand], *names: str) -> tuple[CallItem, ...]:
    """The call arguments in C++ order, by operand or property name: an array operand
    (an L1 bit mask) is passed as its C array, a property as its value."""
    arrays = {o.name for o in operands if o.array}
    return tuple(_array(n) if n in arrays else n for n in names)


def as_element(name: str, var: str = "T") -> CallItem:
    """Operand `name` (a scalar) converted to the element type `var` stands for, when its
    type differs: a call that deduces `var` from the tensors and the scalar alike would
    otherwise fail to deduce."""
    return converted(name, lambda op: op.var_type(var))  # type: ignore[attr-defined]


def names(operands: Sequence[Operand]) -> tuple[str, ...]:
    return tuple(o.name for o in operands)
