"""Shared machinery of AscendC ops: emission metadata, enum keywords, verifier helpers.

Every op class states how it is spelled in Ascend C:

* ``API_NAME``  -- the C++ API name (``"DataCopy"``, ``"AllocTensor"``);
* ``EMIT_KIND`` -- the call form (free function, member call, constructor, ...);
* ``cpp_template_args()`` / ``cpp_call_args()`` -- template and call arguments,
  by default none and the operands in order.

The Ascend C printer reads these facts from the op instead of keeping a table of
its own, so most ops need no printer code at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum, auto
from functools import cache
from typing import ClassVar

from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.enums import AscEnum
from asc_xdsl.dialects.ascendc.target import checks_atlas_a2_a3
from asc_xdsl.dialects.ascendc.types import (
    AscendCType,
    GlobalTensorType,
    LocalTensorType,
    TemplateArg,
    TensorType,
)
from asc_xdsl.utils.records import FrozenRecord, init_fields

# The default syntax of pyasc's AscendC ops (338 of its 475 ops use it).
DEFAULT_FORMAT = "operands attr-dict `:` type(operands)"

GM_MEMORY_SPACE = 22
"""Memory space of a `memref` that stands for a `__gm__` pointer (as in pyasc)."""

# Discardable attributes of `func.func` (pyasc's names for the first two).
KERNEL_ATTR = "ascendc.global"
"""Unit attribute: the function is a kernel entry (`extern "C" __global__`)."""
AICORE_ATTR = "ascendc.aicore"
"""Unit attribute: the function runs on the AI Core (`__aicore__`)."""
VF_ATTR = "ascendc.vf"
"""Unit attribute: the function is a vector function (`__simd_vf__`, the Reg layer of
`reg.py`; here so the printer need not load the Reg ops to recognise one)."""
SIMT_ATTR = "ascendc.simt_vf"
"""Integer attribute: the function is a SIMT vector function (`__simt_vf__
__launch_bounds__(N)`, N its value; `simt.py`)."""
KERNEL_TYPE_ATTR = "ascendc.kernel_type"
"""String attribute of a kernel: "vector" (default), "cube" or "mix"."""
NO_INLINE = "no_inline"
"""MLIR's `func.call` flag that keeps a call a call (the `inline` pass honours it)."""
SIMT_CALLEE_ATTR = "ascendc.simt_callee"
"""Unit attribute: the function is a SIMT helper a SIMT vector function calls
(`__simt_callee__`; `simt.py`)."""


class EmitKind(Enum):
    """How an op is spelled in Ascend C."""

    FREE_FUNCTION = auto()  # AscendC::Api<T...>(args);
    MEMBER_FUNCTION = auto()  # obj.Api<T...>(args);  obj is operand 0
    CONSTRUCTOR = auto()  # Class<T...> v;  /  Class<T...> v = Class<T...>(args);
    SUBSCRIPT = auto()  # v = obj[idx];
    CALL_OPERATOR = auto()  # v = obj(idx);
    ASSIGN_MEMBER = auto()  # dst = obj.Api(args);  dst is operand 0, obj operand 1 (L3 operators)
    CUSTOM = auto()  # hand-written emission (`backends/ascendc/emitters`, by op name)


class CastArg(FrozenRecord):
    """A call argument converted to `to`: `static_cast<T>(v)` or `reinterpret_cast<T>(v)`."""

    _FIELDS = ("value", "to", "reinterpret")
    __slots__ = _FIELDS

    def __init__(self, value: SSAValue, to: Attribute, reinterpret: bool = False) -> None:
        init_fields(self, value=value, to=to, reinterpret=reinterpret)


def converted(
    name: str, to: Callable[[Operation], Attribute | None]
) -> Callable[[Operation], SSAValue | CastArg]:
    """A call item: operand `name`, as a `static_cast` to the type `to(op)` gives when that
    type is known and differs (an overload set or a deduction that the operand's own type
    would make ambiguous)."""

    def item(op: Operation) -> SSAValue | CastArg:
        value: SSAValue = getattr(op, name)
        target = to(op)
        return value if target is None or value.type == target else CastArg(value, target)

    item.__name__ = f"{name}_converted"
    return item


class PointerOffset(FrozenRecord):
    """A call argument `ptr + index` (a SIMT atomic's address: `asc_atomic_add(p + i, v)`)."""

    _FIELDS = ("ptr", "index")
    __slots__ = _FIELDS

    def __init__(self, ptr: SSAValue, index: SSAValue) -> None:
        init_fields(self, ptr=ptr, index=index)


class AddressOf(FrozenRecord):
    """A call argument `&value` (`Init(&tiling, &pipe)`: the APIs take pointers to objects
    the IR holds by value)."""

    _FIELDS = ("value",)
    __slots__ = _FIELDS

    def __init__(self, value: SSAValue) -> None:
        init_fields(self, value=value)


class AsBytes(FrozenRecord):
    """A call argument Ascend C takes as a `LocalTensor<uint8_t>` (a scratch buffer): the
    tensor itself when it holds ui8, else a view `t_bytes = t.ReinterpretCast<uint8_t>()`
    the printer declares just before the call."""

    _FIELDS = ("value",)
    __slots__ = _FIELDS

    def __init__(self, value: SSAValue) -> None:
        init_fields(self, value=value)


class ArrayArg(FrozenRecord):
    """Values passed as one C array (an L1 bit mask): the printer declares
    `uint64_t name[] = {...};` before the call and passes `name`."""

    _FIELDS = ("values",)
    __slots__ = _FIELDS

    def __init__(self, values: tuple[SSAValue, ...]) -> None:
        init_fields(self, values=values)


CallArg = SSAValue | AscEnum | CastArg | ArrayArg | AddressOf | AsBytes | PointerOffset | str
"""A call argument: a value, an enum constant, a converted value, a C array of values,
or a C++ expression."""


class AscendCOp(IRDLOperation):
    """Base class of every op of the AscendC dialect."""

    API_NAME: ClassVar[str] = ""
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.FREE_FUNCTION
    NAMESPACE: ClassVar[str] = "AscendC::"
    PIPE: ClassVar[str | None] = None
    """The pipe the op is issued on ("S", "V", ...) when that does not depend on its
    operands (a DataCopy's pipe depends on its direction: None)."""

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return ()

    def cpp_call_args(self) -> Sequence[CallArg]:
        operands = list(self.operands)
        if self.EMIT_KIND in (
            EmitKind.MEMBER_FUNCTION,
            EmitKind.SUBSCRIPT,
            EmitKind.CALL_OPERATOR,
        ):
            return operands[1:]
        return operands


# ---------------------------------------------------------------------------
# Enum keywords in custom syntax (`ascendc.set_flag mte2_v, %id : i32`).
# ---------------------------------------------------------------------------


@cache
def enum_directive(enum: type[AscEnum]) -> type[CustomDirective]:
    """`custom<E>($attr)` in an assembly format: enum `E` spelled as its keyword."""

    class EnumKeyword(CustomDirective):
        attr: AttributeVariable

        def parse(self, parser: Parser, state: ParsingState) -> None:
            pos = parser.pos
            word = parser.parse_optional_identifier()
            value = enum.from_keyword(word) if word is not None else None
            if value is None:
                parser.raise_error(
                    f"expected a {enum.__name__} keyword "
                    f"({', '.join(enum.keywords())}), got '{word or parser._current_token.text}'",
                    pos,
                    parser.pos,
                )
            self.attr.set(state, value.attr())

        def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
            attr = self.attr.get(op)
            assert isinstance(attr, IntegerAttr)
            state.print_whitespace(printer)
            printer.print_string(enum.from_attr(attr).keyword)
            state.last_was_punctuation = False
            state.should_emit_space = True

    EnumKeyword.__name__ = EnumKeyword.__qualname__ = enum.__name__
    return irdl_custom_directive(EnumKeyword)


@cache
def _type_directive(type_class: type[AscendCType]) -> type[CustomDirective]:
    """A result type written without its `!ascendc.name` prefix, as MLIR prints a type
    whose class the op's format names (pyasc: `ascendc.queue : <vecin, 1>`); the full
    form parses too, and a type of another class prints in full."""

    class MaybeStrippedType(CustomDirective):
        type: TypeDirective

        def parse(self, parser: Parser, state: ParsingState) -> None:
            if parser._current_token.text == "<":
                t = type_class.new(type_class.parse_parameters(parser))
            else:
                t = parser.parse_type()
            self.type.set(state, (t,))

        def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
            (t,) = self.type.get(op)
            if type(t) is not type_class:
                self.type.print(printer, state, op)
                return
            state.print_whitespace(printer)
            t.print_parameters(printer)
            state.last_was_punctuation = False
            state.should_emit_space = True

    MaybeStrippedType.__name__ = MaybeStrippedType.__qualname__ = type_class.__name__
    return irdl_custom_directive(MaybeStrippedType)


def enum_value(op: IRDLOperation, name: str, enum: type[AscEnum]) -> AscEnum:
    """Read the enum stored as i32 in property `name` of `op`."""
    attr = _enum_attr(op, name)
    assert isinstance(attr, IntegerAttr)
    return enum.from_attr(attr)


def _enum_attr(op: IRDLOperation, name: str) -> Attribute | None:
    # (IntegerAttr 0 is falsy, so no `or` here.)
    attr = op.properties.get(name)
    return attr if attr is not None else op.attributes.get(name)


def verify_enum(op: IRDLOperation, name: str, enum: type[AscEnum]) -> AscEnum:
    attr = _enum_attr(op, name)
    if not isinstance(attr, IntegerAttr):
        raise VerifyException(f"'{op.name}' needs an integer attribute '{name}'")
    try:
        return enum.from_attr(attr)
    except ValueError:
        raise VerifyException(
            f"'{op.name}': {attr.value.data} is not a valid {enum.__name__} "
            f"(valid: {', '.join(f'{m.value} ({m.keyword})' for m in enum)})"
        ) from None


# ---------------------------------------------------------------------------
# Verifier helpers: small predicates with messages that name the operand.
# ---------------------------------------------------------------------------


def is_scalar_int(t: Attribute) -> bool:
    return isinstance(t, IntegerType | IndexType)


def is_scalar(t: Attribute) -> bool:
    return isinstance(t, IntegerType | IndexType | AnyFloat)


def require_int(op: IRDLOperation, value: SSAValue, what: str) -> None:
    if not is_scalar_int(value.type):
        raise VerifyException(f"'{op.name}': {what} must be an integer, got {value.type}")


def require_scalar(op: IRDLOperation, value: SSAValue, what: str) -> None:
    if not is_scalar(value.type):
        raise VerifyException(f"'{op.name}': {what} must be a scalar, got {value.type}")


def require_local(op: IRDLOperation, value: SSAValue, what: str) -> LocalTensorType:
    if not isinstance(value.type, LocalTensorType):
        raise VerifyException(
            f"'{op.name}': {what} must be a !ascendc.local_tensor, got {value.type}"
        )
    return value.type


def require_tensor(op: IRDLOperation, value: SSAValue, what: str) -> TensorType:
    if not isinstance(value.type, GlobalTensorType | LocalTensorType):
        raise VerifyException(
            f"'{op.name}': {what} must be a global or local tensor, got {value.type}"
        )
    return value.type


def require_same_element(op: IRDLOperation, values: dict[str, SSAValue]) -> Attribute:
    """All tensors in `values` have the same element type; return it."""
    items = [(name, v.type) for name, v in values.items()]
    first_name, first = items[0]
    assert isinstance(first, TensorType)
    for name, t in items[1:]:
        assert isinstance(t, TensorType)
        if t.element_type != first.element_type:
            raise VerifyException(
                f"'{op.name}': element types differ: {first_name} has "
                f"{first.element_type}, {name} has {t.element_type}"
            )
    return first.element_type


def require_dtype(op: IRDLOperation, element: Attribute, allowed: Sequence[str], api: str) -> None:
    """`element` is one of the dtypes (short names such as 'f16', 'i32') the API supports."""
    if dtype_name(element) not in allowed and checks_atlas_a2_a3(op):
        raise VerifyException(
            f"'{op.name}': {api} does not support element type {element} on Atlas A2/A3 "
            f"(supported: {', '.join(allowed)})"
        )


def dtype_name(t: Attribute) -> str:
    """Short dtype name: i8/ui8/i16/ui16/i32/ui32/i64/ui64/f16/bf16/f32, i1, index."""
    return str(t)


def require_gm_pointer(op: IRDLOperation, value: SSAValue, what: str) -> MemRefType:
    t = value.type
    if not isinstance(t, MemRefType):
        raise VerifyException(f"'{op.name}': {what} must be a GM pointer (memref), got {t}")
    return t
