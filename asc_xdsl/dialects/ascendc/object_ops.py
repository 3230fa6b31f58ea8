"""Shared pieces of the ops on Ascend C objects: tensors, TPipe/TQue/TBuf/TBufPool, the
local memory allocator and tensor lists (`tensor.py`, `framework.py`,
`mem_allocator.py`, `list_tensor.py`).

- `ObjectOp`: the spec-op base whose builders take result types and enum properties
  positionally, as the frontend and simulator tests build these ops
  (`AllocTensorOp(que, LocalTensorType(f32))`, `LocalTensorV2Op(TPosition.VECIN, a, n, t)`),
  and infer the result types the operands decide (a sub-view has its tensor's type).
- Assembly-format directives: an object type written without its `!ascendc.` prefix
  (pyasc's `ascendc.queue : <vecin, 1>`).
  (`LocalTensor::Print`, `ToFile`, `TPipe::GetBaseAddr`) print inside
  `#if ASCENDC_CPU_DEBUG`, so the same source still compiles for the device.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.enums import AscEnum
from asc_xdsl.dialects.ascendc.spec import (
    Arity,
    Operand,
    OpFamily,
    OpSpec,
    PropKind,
    SpecOp,
    all_instances,
)
from asc_xdsl.dialects.ascendc.types import TensorType
from asc_xdsl.utils.class_tests import SubclassCache

UI32 = IntegerType(32, Signedness.UNSIGNED)


# ---------------------------------------------------------------------------
# The base of object ops: builders in the frontend's style
# ---------------------------------------------------------------------------


class ObjectOp(SpecOp):
    """A spec op whose builders take, besides the operands in spec order (trailing
    optional ones may be left out):

    - result types positionally, anywhere (`TBufGetTensorOp(buf, LocalTensorType(f32), n)`);
    - an enum value for the enum property of its class (`LocalTensorV2Op(TPosition.A1, ...)`).

    Result types the operands decide come from `infer_result_types`. Their formats
    name object types without their prefix (`custom<QueueType>(type($queue))`): the
    directive is made for the op's class when it is defined (`spec._format_directives`).
    """

    def __init__(self, *args: Any, result_types: Sequence[Attribute] | None = None, **props: Any):
        spec = self.SPEC
        operands: list[Any] = []
        types: list[Attribute] = []
        for a in args:
            if isinstance(a, AscEnum):  # the next enum property of its class, in order
                prop = next(
                    (
                        p
                        for p in spec.props
                        if p.kind is PropKind.ENUM and p.enum is type(a) and p.name not in props
                    ),
                    None,
                )
                if prop is None:
                    raise TypeError(f"{spec.name} takes no (further) {type(a).__name__}")
                props[prop.name] = a
            elif all_instances((a,), Attribute):
                types.append(a)
            else:
                operands.append(a)
        optional_tail = [o for o in spec.operands[len(operands) :]]
        if all(o.arity is Arity.OPTIONAL for o in optional_tail):
            operands += [None] * len(optional_tail)
        if result_types is None and types:
            result_types = types
        if result_types is None and spec.results:
            result_types = self.infer_result_types(operands)
        super().__init__(*operands, result_types=result_types, **props)

    def infer_result_types(self, operands: Sequence[Any]) -> Sequence[Attribute] | None:
        """The result types `operands` decide; None: the spec's defaults."""
        return None


def value_type(value: Any) -> Attribute:
    """The type of an operand given to a builder (a value or the op defining it)."""
    if _IS_OP[type(value)]:
        value = value.results[0]
    return value.type


_IS_OP = SubclassCache(Operation)


class SameTypeOp(ObjectOp):
    """A view of the first operand (a tensor): a builder gives the result its type; a
    result of another shape is fine, of another element type is not."""

    VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

    def infer_result_types(self, operands: Sequence[Any]) -> Sequence[Attribute]:
        return [value_type(operands[0])]

    def verify_(self) -> None:
        super().verify_()
        source, result = self.operands[0].type, self.results[0].type
        if not isinstance(source, TensorType) or not isinstance(result, TensorType):
            return  # the operand and result rules report it
        if source.element_type != result.element_type:
            raise VerifyException(
                f"'{self.name}': result element type {result.element_type} differs from "
                f"the tensor's {source.element_type}"
            )


class ElementResultOp(ObjectOp):
    """The result is one element of the first operand (a tensor)."""

    VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

    def infer_result_types(self, operands: Sequence[Any]) -> Sequence[Attribute]:
        return [value_type(operands[0]).element_type]  # type: ignore[attr-defined]

    def verify_(self) -> None:
        super().verify_()
        source, result = self.operands[0].type, self.results[0].type
        if isinstance(source, TensorType) and result != source.element_type:
            raise VerifyException(
                f"'{self.name}': result type {result} differs from the element type "
                f"{source.element_type}"
            )


def require_element(op: Operation, what: str, element: Attribute, expected: Attribute) -> None:
    """`element` (of `what`) is `expected`, the element type the op's object decides."""
    if element != expected:
        raise VerifyException(
            f"'{op.name}': {what} has element type {element}, expected {expected}"
        )


__all__ = [
    "UI32",
    "ElementResultOp",
    "ObjectOp",
    "SameTypeOp",
    "require_element",
    "value_type",
]


def add_member(
    family: OpFamily,
    class_name: str,
    mnemonic: str,
    api: str,
    operands: tuple[Operand, ...],
    doc: str,
    base: type[ObjectOp] = ObjectOp,
    **fields: Any,
) -> None:
    """Add a member call `obj.Api(...)` on operand 0 (or a custom printer: `emit=`) to
    `family`; modules bind their family: `_member = functools.partial(add_member, FAMILY)`."""
    fields.setdefault("emit", EmitKind.MEMBER_FUNCTION)
    family.add(class_name, OpSpec(mnemonic, api, operands, doc=doc, **fields), base)
