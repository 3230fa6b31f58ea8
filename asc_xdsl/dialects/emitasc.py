"""The `emitasc` dialect: C++ constructs without an Ascend C API op (pyasc's names), and
ours for the `emitc` ops pyasc's IR uses that xDSL's `emitc` dialect lacks.

Declared as op specs (`asc_xdsl/dialects/ascendc/spec.py`) with their own printers:

- `emitasc.call_opaque` (a call by name), `emitasc.dereference` (`T& r = *p`),
  `emitasc.reinterpret_cast`, `emitasc.ptr_offset` (`p + offset`: pointer arithmetic on GM
  pointers, `x + offset` in a Python kernel), `emitasc.variable` (`T v[1]{init}`),
  `emitasc.member`/`set_member`/`member_ptr`/`member_ref` (struct fields),
  `emitasc.copy_struct` (a struct copied byte by byte out of GM),
  `emitasc.declare_py_struct` (a Python-defined struct's declaration, at module level) and
  `emitasc.verbatim` (one line of C++ with `$N` naming argument N; without arguments it
  is also what pyasc writes as `emitc.verbatim`);
- `!emitasc.py_struct<"Name", [types], ["fields"]>`: a struct defined in Python;
- `#emitasc<kernel_arg explicit>`: pyasc's marker of what a kernel parameter is;
- `emitasc.include`, `emitasc.constant`, `emitasc.cast`: MLIR's `emitc.include`,
  `emitc.constant` and `emitc.cast`, which pyasc's IR uses and xDSL's `emitc` dialect
  lacks. No entry point can add ops to xDSL's `emitc` (a second universe defining
  `emitc` is refused), so they are ours, and plain `xdsl-opt` reads back all we print.
  asc-opt's context also reads pyasc's spelling of the four (`PYASC_SPELLINGS`), as
  input only (docs/dialect.md, "pyasc's emitc ops").

Names that reach the C++ text as they are (callees, struct and field names, verbatim
code) are checked so that no input can start a new statement, comment or line.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import (
    ArrayAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    TypedAttribute,
    UnitAttr,
)
from xdsl.ir import Attribute, Dialect, Operation, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    traits_def,
)
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, Pure
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.spec import (
    ANY,
    Arity,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    SpecOp,
    lazy_base,
    predicate,
)
from asc_xdsl.dialects.ascendc.types import AscendCType
from asc_xdsl.dialects.attr_def import attr_definition
from asc_xdsl.utils.class_tests import SubclassCache
from asc_xdsl.utils.cpp_identifiers import (
    callee_problem,
    code_line_problem,
    expression_problem,
    identifier_problem,
)

# ---------------------------------------------------------------------------
# Text that reaches the C++ as it is
# ---------------------------------------------------------------------------


def check_identifier(op: Operation | str, what: str, name: str) -> None:
    """`name` is a C++ identifier that is not a keyword (nor a name Ascend C sources
    already use): the printer's own rule (`names.identifier_problem`)."""
    problem = _identifier_problem(name)
    if problem is not None:
        where = op if isinstance(op, str) else f"'{op.name}'"
        raise VerifyException(f"{where}: {what} {name!r} {problem}")


@functools.lru_cache(maxsize=4096)
def _identifier_problem(name: str) -> str | None:
    """What is wrong with `name` as a C++ identifier, asked once per name (a kernel's
    struct members are read many times)."""
    return identifier_problem(name)


def check_code_line(op: Operation, what: str, text: str) -> None:
    """`text` stays on its line (`cpp_types.code_line_problem`: no line break, trailing
    backslash, open comment or literal, conditional directive)."""

    problem = code_line_problem(text)
    if problem is not None:
        raise VerifyException(f"'{op.name}': {what} {text!r} must be one line of C++ ({problem})")


# ---------------------------------------------------------------------------
# Types and attributes
# ---------------------------------------------------------------------------


@attr_definition
class PyStructType(AscendCType):
    """`!emitasc.py_struct<"Name", [types], ["fields"]>`: a struct defined in Python, a
    C++ struct of that name with these fields (declared by `emitasc.declare_py_struct`)."""

    name = "emitasc.py_struct"

    struct_name: StringAttr
    types: ArrayAttr[Attribute]
    names: ArrayAttr[StringAttr]

    def __init__(self, struct_name: str, types: Sequence[Attribute], names: Sequence[str]):
        super().__init__(
            StringAttr(struct_name), ArrayAttr(types), ArrayAttr([StringAttr(n) for n in names])
        )

    @property
    def CPP_CLASS(self) -> str:  # type: ignore[override]
        return self.struct_name.data

    def fields(self) -> list[tuple[str, Attribute]]:
        return [(n.data, t) for n, t in zip(self.names.data, self.types.data, strict=True)]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        struct_name = StringAttr(parser.parse_str_literal())
        parser.parse_punctuation(",")
        types = ArrayAttr(
            parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_type)
        )
        parser.parse_punctuation(",")
        names = ArrayAttr(
            parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, lambda: StringAttr(parser.parse_str_literal())
            )
        )
        parser.parse_punctuation(">")
        return (struct_name, types, names)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.struct_name)
        printer.print_string(", ")
        printer.print_attribute(self.types)
        printer.print_string(", ")
        printer.print_attribute(self.names)
        printer.print_string(">")

    def verify(self) -> None:
        where = f"!{self.name}"
        check_identifier(where, "struct name", self.struct_name.data)
        if len(self.types) != len(self.names):
            raise VerifyException(
                f"{where} {self.struct_name.data}: {len(self.types)} field types for "
                f"{len(self.names)} field names"
            )
        for n in self.names.data:
            check_identifier(where, "field name", n.data)


@attr_definition
class KernelArgAttr(ParametrizedAttribute):
    """`#emitasc<kernel_arg explicit>`: what a kernel parameter is (pyasc's marker)."""

    name = "emitasc.kernel_arg"

    kind: StringAttr

    def __init__(self, kind: str):
        super().__init__(StringAttr(kind))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        # `<explicit>` after the pretty name, or `explicit` inside `#emitasc<kernel_arg ...>`;
        # `context_msg` by keyword: xDSL 0.75 made it keyword-only
        if parser.parse_optional_punctuation("<") is not None:
            kind = parser.parse_identifier(context_msg=" for a kernel argument kind")
            parser.parse_punctuation(">")
            return (StringAttr(kind),)
        return (StringAttr(parser.parse_identifier(context_msg=" for a kernel argument kind")),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.kind.data}>")


# ---------------------------------------------------------------------------
# emitasc ops
# ---------------------------------------------------------------------------

FAMILY = OpFamily(__name__)

MEMREF = predicate(
    "a pointer (memref)", lambda t: isinstance(t, MemRefType), "T*", MemRefType(IndexType(), [1])
)


@lazy_base
def CallOpaqueBase() -> type[SpecOp]:
    class CallOpaqueBase(SpecOp):
        def verify_(self) -> None:
            super().verify_()
            callee = self.callee.data  # type: ignore[attr-defined]
            problem = callee_problem(callee)
            if problem is not None:
                raise VerifyException(f"'{self.name}': callee {callee!r} {problem}")

    return CallOpaqueBase


FAMILY.add(
    "CallOpaqueOp",
    OpSpec(
        "call_opaque",
        "call_opaque",
        (Operand("callee_operands", ANY, arity=Arity.VARIADIC),),
        props=(Prop("callee", kind=PropKind.STRING),),
        results=(Result("result", ANY, optional=True),),
        emit=EmitKind.CUSTOM,
        format="$callee `(` $callee_operands `)` attr-dict `:` "
        "functional-type($callee_operands, $result)",
        dialect="emitasc",
        doc="`callee(args...)`: a call of a C++ function by its name.",
    ),
    CallOpaqueBase,
)


def _check_element_result(op: Operation) -> None:
    """The result's type is the element type of the pointer operand `base` (what
    `*p` and a struct copy from `p` give)."""
    base, result = op.base.type, op.result.type  # type: ignore[attr-defined]
    if base.element_type != result:
        raise VerifyException(
            f"'{op.name}': the result type {result} must be the element type of {base}"
        )


@lazy_base
def DereferenceBase() -> type[SpecOp]:
    class DereferenceBase(SpecOp):
        def verify_(self) -> None:
            super().verify_()
            _check_element_result(self)

    return DereferenceBase


FAMILY.add(
    "DereferenceOp",
    OpSpec(
        "dereference",
        "operator*",
        (Operand("base", MEMREF),),
        results=(Result("result", ANY),),
        emit=EmitKind.CUSTOM,
        format="$base attr-dict `:` type($base) `,` type($result)",
        dialect="emitasc",
        doc="`T& r = *p;`: the object a pointer points to, as a reference.",
    ),
    DereferenceBase,
)


def _add_cast(class_name: str, mnemonic: str, api: str, dialect: str, doc: str):
    """A conversion of one operand to the result's type (its C++ spelling: the backend's,
    `backends/ascendc/emitters/emitasc.py`)."""
    FAMILY.add(
        class_name,
        OpSpec(
            mnemonic,
            api,
            (Operand("source", ANY),),
            results=(Result("result", ANY),),
            emit=EmitKind.CUSTOM,
            format="$source attr-dict `:` type($source) `to` type($result)",
            dialect=dialect,
            doc=doc,
        ),
    )


_add_cast(
    "ReinterpretCastOp",
    "reinterpret_cast",
    "reinterpret_cast",
    "emitasc",
    "`reinterpret_cast<T>(x)`: the same bits as another type.",
)


class PtrOffsetBase(SpecOp):
    """`base[offset]` with a dynamic (`[%i]`) or static (`[512]`) offset."""

    VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

    def __init__(self, *operands: Any, **kwargs: Any):
        if len(operands) == 2 and "result_types" not in kwargs:  # PtrOffsetOp(base, offset)
            kwargs["result_types"] = [SSAValue.get(operands[0]).type]
        super().__init__(*operands, **kwargs)

    @classmethod
    def parse(cls, parser: Parser) -> PtrOffsetBase:
        pos = parser.pos
        base = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        dynamic = parser.parse_optional_unresolved_operand()
        static = parser.parse_optional_integer() if dynamic is None else None
        parser.parse_punctuation("]")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        base_type = parser.parse_type()
        parser.parse_punctuation(",")
        result_type = parser.parse_type()
        operands = [parser.resolve_operand(base, base_type)]
        if dynamic is not None:
            operands.append(parser.resolve_operand(dynamic, IndexType()))
        if static is not None:
            attrs["staticOffset"] = IntegerAttr(static, IndexType())
        values = [operands[0], operands[1] if len(operands) > 1 else None]
        props = {k: attrs.pop(k) for k in ("staticOffset",) if k in attrs}
        del pos
        return cls.build(
            operands=values, properties=props, attributes=attrs, result_types=[result_type]
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.base)  # type: ignore[attr-defined]
        printer.print_string("[")
        if self.dynamic_offset is not None:  # type: ignore[attr-defined]
            printer.print_operand(self.dynamic_offset)  # type: ignore[attr-defined]
        elif self.static_offset is not None:  # type: ignore[attr-defined]
            printer.print_string(str(self.static_offset.value.data))  # type: ignore[attr-defined]
        printer.print_string("]")
        if self.attributes:
            printer.print_string(" ")
            printer.print_attr_dict(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.base.type)  # type: ignore[attr-defined]
        printer.print_string(", ")
        printer.print_attribute(self.result.type)  # type: ignore[attr-defined]

    def verify_(self) -> None:
        super().verify_()
        if (self.dynamic_offset is None) == (self.static_offset is None):  # type: ignore[attr-defined]
            raise VerifyException(
                f"'{self.name}' needs exactly one of a dynamic offset and staticOffset"
            )
        base, res = self.base.type, self.result.type  # type: ignore[attr-defined]
        if base.element_type != res.element_type or base.memory_space != res.memory_space:
            raise VerifyException(
                f"'{self.name}': result {res} must point to the same element type and "
                f"memory space as the base {base}"
            )


FAMILY.add(
    "PtrOffsetOp",
    OpSpec(
        "ptr_offset",
        "operator+",
        (
            Operand("base", MEMREF),
            Operand(
                "dynamic_offset",
                predicate("an index", lambda t: isinstance(t, IndexType), "index", IndexType()),
                arity=Arity.OPTIONAL,
            ),
        ),
        props=(Prop("staticOffset", kind=PropKind.INT, int_type="index", optional=True),),
        results=(Result("result", MEMREF),),
        emit=EmitKind.CUSTOM,
        dialect="emitasc",
        views=(("base", "result"),),
        doc="`p + offset`: a pointer `offset` elements past `p` (same type).",
    ),
    PtrOffsetBase,
)


@lazy_base
def VariableBase() -> type[SpecOp]:
    class VariableBase(SpecOp):
        """`emitasc.variable 512 : i32, memref<1xi32>` or `emitasc.variable %x : i32, ...`."""

        @classmethod
        def parse(cls, parser: Parser) -> VariableBase:
            attrs = parser.parse_optional_attr_dict()
            props: dict[str, Attribute] = {}
            operands: list[Any] = [None]
            dynamic = parser.parse_optional_unresolved_operand()
            if dynamic is not None:
                parser.parse_punctuation(":")
                operands = [parser.resolve_operand(dynamic, parser.parse_type())]
            elif parser._current_token.text != ",":
                props["staticInit"] = parser.parse_attribute()
            parser.parse_punctuation(",")
            result_type = parser.parse_type()
            props.update({k: attrs.pop(k) for k in ("staticInit",) if k in attrs})
            return cls.build(
                operands=operands, properties=props, attributes=attrs, result_types=[result_type]
            )

        def print(self, printer: Printer) -> None:
            if self.attributes:
                printer.print_string(" ")
                printer.print_attr_dict(self.attributes)
            printer.print_string(" ")
            if self.dynamic_init is not None:  # type: ignore[attr-defined]
                printer.print_operand(self.dynamic_init)  # type: ignore[attr-defined]
                printer.print_string(" : ")
                printer.print_attribute(self.dynamic_init.type)  # type: ignore[attr-defined]
            elif self.static_init is not None:  # type: ignore[attr-defined]
                printer.print_attribute(self.static_init)  # type: ignore[attr-defined]
            printer.print_string(", ")
            printer.print_attribute(self.result.type)  # type: ignore[attr-defined]

        def init_type(self) -> Attribute | None:
            if self.dynamic_init is not None:  # type: ignore[attr-defined]
                return self.dynamic_init.type  # type: ignore[attr-defined]
            init = self.static_init  # type: ignore[attr-defined]
            return init.type if isinstance(init, TypedAttribute) else None

        def verify_(self) -> None:
            super().verify_()
            if (self.dynamic_init is None) == (self.static_init is None):  # type: ignore[attr-defined]
                raise VerifyException(f"'{self.name}' needs exactly one initial value")
            init = self.static_init  # type: ignore[attr-defined]
            if init is not None and not isinstance(init, IntegerAttr | FloatAttr):
                raise VerifyException(
                    f"'{self.name}': the initial value {init} must be an integer or float"
                )
            result = self.result.type  # type: ignore[attr-defined]
            if any(d < 0 for d in result.get_shape()) or not result.get_shape():
                raise VerifyException(
                    f"'{self.name}': the result {result} must have a static, non-empty shape"
                )
            if result.element_type != self.init_type():
                raise VerifyException(
                    f"'{self.name}': the element type of {result} must be the initial value's "
                    f"type {self.init_type()}"
                )

    return VariableBase


FAMILY.add(
    "VariableOp",
    OpSpec(
        "variable",
        "",
        (Operand("dynamic_init", ANY, arity=Arity.OPTIONAL),),
        props=(Prop("staticInit", kind=PropKind.ATTR, optional=True),),
        results=(Result("result", MEMREF),),
        emit=EmitKind.CUSTOM,
        dialect="emitasc",
        doc="`T v[1]{init};`: a mutable local variable (a one-element array).",
    ),
    VariableBase,
)


@lazy_base
def FieldOp() -> type[SpecOp]:
    class FieldOp(SpecOp):
        """An op naming a struct field (`field`): a C++ identifier."""

        VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

        def verify_(self) -> None:
            super().verify_()
            field = self._prop("field")
            if isinstance(field, StringAttr):
                # a member path (`params.ndNum`: a nested struct's member) is identifiers
                paths = self.name in MEMBER_PATH_OPS
                for part in field.data.split(".") if paths else (field.data,):
                    check_identifier(self, "field", part)

    return FieldOp


MEMBER_PATH_OPS = frozenset({"emitasc.member", "emitasc.set_member"})
"""The ops whose field may be a member path, `params.ndNum` (a member of a nested
struct, as `FixpipeParamsArch3510`'s `params` is)."""


_IS_MEMREF = SubclassCache(MemRefType)
"""Per class: an isinstance against an xDSL attribute class is a Python call (ABCMeta)."""
_item = tuple.__getitem__
"""An item of an op's operand tuple (`SSAValues`' own `__getitem__` is a Python call)."""


_FIELD = Prop("field", kind=PropKind.STRING)
FAMILY.add(
    "MemberOp",
    OpSpec(
        "member",
        "operator.",
        (Operand("base", ANY),),
        props=(_FIELD,),
        results=(Result("result", ANY),),
        emit=EmitKind.CUSTOM,
        format="$base $field attr-dict `:` type($base) `,` type($result)",
        dialect="emitasc",
        doc="`T r = s.field;` (`p->field` through a pointer): a struct field's value.",
    ),
    FieldOp,
)
FAMILY.add(
    "SetMemberOp",
    OpSpec(
        "set_member",
        "operator.",
        (Operand("base", ANY), Operand("value", ANY)),
        props=(_FIELD,),
        emit=EmitKind.CUSTOM,
        format="$base $field `,` $value attr-dict `:` type($base) `,` type($value)",
        dialect="emitasc",
        doc="`s.field = value;`: set a struct field.",
    ),
    FieldOp,
)


_MEMBER_FORMAT = "$base `[` $index `]` ($field^)? attr-dict `:` type($base) `,` type($result)"
_MEMBER_PROPS = (
    Prop("index", kind=PropKind.INT, int_type="index"),
    Prop("field", kind=PropKind.STRING, optional=True),
)
FAMILY.add(
    "MemberPtrOp",
    OpSpec(
        "member_ptr",
        "operator->",
        (Operand("base", MEMREF),),
        props=_MEMBER_PROPS,
        results=(Result("result", MEMREF),),
        emit=EmitKind.CUSTOM,
        format=_MEMBER_FORMAT,
        dialect="emitasc",
        doc="`T* r = reinterpret_cast<T*>(&p->field);`: the address of a field "
        "(`var<index>` when unnamed).",
    ),
    FieldOp,
)
FAMILY.add(
    "MemberRefOp",
    OpSpec(
        "member_ref",
        "operator->",
        (Operand("base", MEMREF),),
        props=_MEMBER_PROPS,
        results=(Result("result", ANY),),
        emit=EmitKind.CUSTOM,
        format=_MEMBER_FORMAT,
        dialect="emitasc",
        doc="`T& r = reinterpret_cast<T&>(p->field);`: a field as a reference.",
    ),
    FieldOp,
)


@lazy_base
def CopyStructBase() -> type[SpecOp]:
    class CopyStructBase(SpecOp):
        VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

        def verify_(self) -> None:
            super().verify_()
            _check_element_result(self)

    return CopyStructBase


FAMILY.add(
    "CopyStructOp",
    OpSpec(
        "copy_struct",
        "",
        (Operand("base", MEMREF),),
        results=(Result("result", ANY),),
        emit=EmitKind.CUSTOM,
        format="$base attr-dict `:` type($base) `,` type($result)",
        dialect="emitasc",
        doc="`T s;` filled byte by byte from `*p`: a local copy of a struct in GM.",
    ),
    CopyStructBase,
)


@lazy_base
def DeclarePyStructBase() -> type[SpecOp]:
    class DeclarePyStructBase(SpecOp):
        def verify_(self) -> None:
            super().verify_()
            t = self._prop("pystruct")
            if not isinstance(t, PyStructType):
                raise VerifyException(
                    f"'{self.name}': pystruct must be a !emitasc.py_struct, got {t}"
                )

    return DeclarePyStructBase


FAMILY.add(
    "DeclarePyStructOp",
    OpSpec(
        "declare_py_struct",
        "struct",
        props=(Prop("pystruct", kind=PropKind.TYPE),),
        emit=EmitKind.CUSTOM,
        format="$pystruct attr-dict",
        dialect="emitasc",
        doc="`struct Name { ... };` (packed to 8 bytes): declares a `!emitasc.py_struct`.",
    ),
    DeclarePyStructBase,
)


_ARG_REF = r"\$(\d+)"
"""A `$N` argument reference (compiled by `re` when a verbatim line is first verified)."""


@lazy_base
def VerbatimBase() -> type[SpecOp]:
    class VerbatimBase(SpecOp):
        def verify_(self) -> None:
            super().verify_()
            text = self._prop("value").data  # type: ignore[union-attr]
            check_code_line(self, "code", text)
            n = len(self.operands)
            for m in re.finditer(_ARG_REF, text):
                if int(m.group(1)) >= n and n:
                    raise VerifyException(
                        f"'{self.name}': ${m.group(1)} names no argument (there are {n})"
                    )

    return VerbatimBase


def verbatim_text(op: Operation) -> str | None:
    """The line an `emitasc.verbatim` op prints, else None (also for one that lost its
    `value`: unverified input)."""
    if op.name != "emitasc.verbatim":
        return None
    value = op.properties.get("value") or op.attributes.get("value")
    return value.data if isinstance(value, StringAttr) else None


def is_define(op: Operation) -> bool:
    """A `#define` line: it configures the headers, so it precedes every `#include`."""
    text = verbatim_text(op)
    return text is not None and text.startswith("#define")


FAMILY.add(
    "VerbatimOp",
    OpSpec(
        "verbatim",
        "",
        (Operand("args", ANY, arity=Arity.VARIADIC),),
        props=(Prop("value", kind=PropKind.STRING),),
        emit=EmitKind.CUSTOM,
        format="$value ($args^ `:` type($args))? attr-dict",
        dialect="emitasc",
        doc="One line of C++ as it is, `$N` standing for argument N.",
    ),
    VerbatimBase,
)

# ---------------------------------------------------------------------------
# MLIR's emitc ops that pyasc uses and xDSL's emitc dialect lacks, as ours
# ---------------------------------------------------------------------------


@irdl_op_definition
class IncludeOp(IRDLOperation):
    """`emitasc.include "header"` (or `<"header">` for a system header): `#include`.
    MLIR's `emitc.include`, in the same syntax."""

    name = "emitasc.include"

    include = prop_def(StringAttr)
    is_standard_include = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, header: str, standard: bool = False):
        props: dict[str, Attribute] = {"include": StringAttr(header)}
        if standard:
            props["is_standard_include"] = UnitAttr()
        super().__init__(properties=props)

    @classmethod
    def parse(cls, parser: Parser) -> IncludeOp:
        standard = parser.parse_optional_punctuation("<") is not None
        header = parser.parse_str_literal()
        if standard:
            parser.parse_punctuation(">")
        op = cls(header, standard)
        if (attrs := parser.parse_optional_attr_dict()) is not None:
            op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        # The header name as an escaped string literal: a quote, backslash or newline in
        # it must not end the literal (the parser reads the escapes back).
        standard = self.is_standard_include is not None
        printer.print_string(" <" if standard else " ")
        printer.print_string_literal(self.include.data)
        if standard:
            printer.print_string(">")
        if self.attributes:
            printer.print_op_attributes(self.attributes)


@lazy_base
def ConstantBase() -> type[SpecOp]:
    class ConstantBase(SpecOp):
        """`emitasc.constant`: an integer, float or `#emitc.opaque<"C++ expression">` value.

        MLIR's `emitc.constant`, which has no custom syntax: it is read and written in the
        generic form (`"emitasc.constant"() <{value = 0 : ui32}> : () -> ui32`)."""

        VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

        traits = traits_def(ConstantLike(), Pure())

        parse = classmethod(Operation.parse.__func__)  # type: ignore[attr-defined, assignment]
        print = Operation.print  # type: ignore[assignment]

        def verify_(self) -> None:
            super().verify_()
            value, t = self._prop("value"), self.results[0].type
            if isinstance(value, opaque_attr()):
                text = value.value.data
                problem = expression_problem(text)
                if problem is not None:
                    raise VerifyException(
                        f"'{self.name}': opaque value {text!r} must be one C++ expression ({problem})"
                    )
            elif not isinstance(value, IntegerAttr | FloatAttr):
                raise VerifyException(
                    f"'{self.name}': value {value} must be an integer, a float or #emitc.opaque"
                )
            elif value.type != t:
                raise VerifyException(f"'{self.name}': value {value} must have the result type {t}")

    return ConstantBase


FAMILY.add(
    "ConstantOp",
    OpSpec(
        "constant",
        "constexpr",
        props=(Prop("value", kind=PropKind.ATTR),),
        results=(Result("result", ANY),),
        emit=EmitKind.CUSTOM,
        dialect="emitasc",
        doc="`constexpr T v = value;` (an opaque value is a C++ expression).",
    ),
    ConstantBase,
)


_add_cast("CastOp", "cast", "(T)", "emitasc", "`T v = (T) x;`: a C cast (MLIR's `emitc.cast`).")

EMITASC_OPS = tuple(FAMILY.entries)
"""Class names of the spec-defined `emitasc` ops (`IncludeOp` is hand-written)."""

PYASC_SPELLINGS: dict[str, str] = {
    "emitc.include": "emitasc.include",
    "emitc.constant": "emitasc.constant",
    "emitc.cast": "emitasc.cast",
    "emitc.verbatim": "emitasc.verbatim",
}
"""pyasc's name of an op (MLIR's `emitc` op) -> ours. asc-opt's context reads pyasc's
spelling as ours (input only: we print ours); plain `xdsl-opt` cannot, as xDSL's `emitc`
takes every `emitc.` name."""


PYASC_COMPAT_ATTRS = {"emitc.opaque": "EmitC_OpaqueAttr"}
"""Attributes of xDSL's `emitc` dialect that pyasc modules use (`#emitc.opaque<"...">`),
by name: importing that dialect costs a twentieth of a first compile, so `AscContext`
loads them when the parser first meets one."""


def opaque_attr() -> type[Attribute]:
    """`#emitc.opaque<"C++ expression">` (xDSL's, imported on first use)."""
    from xdsl.dialects.emitc import EmitC_OpaqueAttr

    return EmitC_OpaqueAttr


EmitAscCore = Dialect("emitasc", [], [KernelArgAttr, PyStructType])
"""The dialect's attributes and types; `AscContext` makes its ops as IR names them."""


@cache
def _emitasc_dialect() -> Dialect:
    ops = [IncludeOp, *(FAMILY.get(c) for c in EMITASC_OPS)]
    return Dialect("emitasc", ops, [KernelArgAttr, PyStructType])


HANDWRITTEN_OPS: dict[str, type[Operation]] = {IncludeOp.name: IncludeOp}
"""The ops not defined by specs, by name (`AscContext` finds them when IR names them)."""


def __getattr__(name: str) -> Any:
    # The dialect makes its op classes: only when asked for.
    if name == "EmitAsc":
        return _emitasc_dialect()
    return FAMILY.module_getattr(name)
