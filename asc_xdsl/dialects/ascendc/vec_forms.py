"""Pieces shared by the vector families whose calls pyasc prints irregularly
(`vec_reduce`, `vec_cmpsel`, `vec_vconv`): an enum argument between the operands, L0/L1
forms printed without template arguments, and ops that use a control register (CMPMASK,
DEQSCALE) no operand shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Operation
from xdsl.irdl import traits_def
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect

from asc_xdsl.dialects.ascendc.base import ArrayArg
from asc_xdsl.dialects.ascendc.spec import CallItem, Operand, SpecOp
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


def names(operands: Sequence[Operand]) -> tuple[str, ...]:
    return tuple(o.name for o in operands)
