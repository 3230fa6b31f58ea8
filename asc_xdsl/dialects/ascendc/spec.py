"""Op specs: the one declarative description every regular AscendC op is built from.

An `OpSpec` states everything about an op once: its mnemonic, its Ascend C spelling
(API name, call form, template and call arguments), its operands with typed
constraints, element-type variables and memory effects, its properties, the dtypes
Atlas A2/A3 support, the pipe it issues on, its Python API name and keywords, and the
simulator's semantics key. `define_op(spec)` derives the IRDL class from it; the
printer, the frontend, the simulator's dispatch, the passes (memory effects) and
`docs/ops.md` read the spec from the class (`cls.SPEC`).

Families with variants (pyasc's TableGen multiclasses, e.g. a vector op's L0 mask +
repeat form, L1 bit-mask form and L2 count form) are plain Python functions that
return one spec per variant; see `ops/vector.py`.

Example:

    ADD_L2 = OpSpec(
        "add_l2", "Add",
        operands=(dst("T"), src("src0", "T"), src("src1", "T"), count()),
        dtypes={"T": ("i16", "f16", "i32", "f32")}, pipe="V", py="add",
    )
    AddL2Op = define_op(ADD_L2, "AddL2Op")
"""

from __future__ import annotations

import functools
import inspect
import threading
from collections.abc import Callable, Mapping, Sequence
from enum import Enum, Flag, auto
from types import MappingProxyType
from typing import Any, ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    ComplexType,
    DenseArrayBase,
    Float16Type,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    Signedness,
    StringAttr,
    TypeAttribute,
    UnitAttr,
    i32,
)
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.constraints import (
    AnyAttr,
    AttrConstraint,
    EqAttrConstraint,
    VerificationContext,
)
from xdsl.irdl.declarative_assembly_format import CustomDirective
from xdsl.irdl.operations import AttrSizedSegments, IRDLOption, ParsePropInAttrDict, VariadicDef
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, EffectInstance, MemoryEffect, MemoryEffectKind, OpTrait
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.diagnostics import ApiTypeError
from asc_xdsl.dialects.ascendc.base import (
    ArrayArg,
    AscendCOp,
    CallArg,
    EmitKind,
    _type_directive,
    enum_directive,
    verify_enum,
)
from asc_xdsl.dialects.ascendc.enums import AscEnum
from asc_xdsl.dialects.ascendc.family_dtypes import (
    Unsupported,
    family_dtypes,
    listed_apis,
    operand_rule_problem,
)
from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
from asc_xdsl.dialects.ascendc.types import (
    AscendCType,
    GlobalTensorType,
    LocalTensorType,
    OptionalElementType,
    TemplateArg,
)
from asc_xdsl.dialects.fast_build import init_op, irdl_init
from asc_xdsl.dialects.fast_verify import accept, accepted_before, keep_verdicts, new_context
from asc_xdsl.dialects.interned import int_attr, int_type
from asc_xdsl.soc import ASCEND_950, ATLAS_A2_A3
from asc_xdsl.utils.class_tests import is_subclass
from asc_xdsl.utils.op_definition import op_definition
from asc_xdsl.utils.records import FrozenRecord, Record

# The spec records are made by the hundred as a family module loads (~550 in a vector
# add's first compile): their `__init__`s fill the instance's `__dict__` in one call
# (a slotted one, `Result`, slot by slot) instead of `records.init_fields`' loop of
# `object.__setattr__` calls over a keyword dict, a quarter of the cost
# (docs/performance.md). A frozen record refuses assignment only from outside.
_set = object.__setattr__
_EMPTY: Mapping[str, Any] = MappingProxyType({})
"""The `dtypes` and `example` of a spec that states none: one shared read-only mapping,
not an empty dict per spec (two containers fewer a record for the collector to count)."""

# ---------------------------------------------------------------------------
# Type rules: IRDL constraints with messages that say what was expected.
# ---------------------------------------------------------------------------


class _Rule(FrozenRecord, AttrConstraint):
    """A constraint that checks a predicate and names what it expected (compared by
    `expected` alone)."""

    _FIELDS = ("expected", "check")
    _COMPARE = ("expected",)

    def __init__(self, expected: str, check: Callable[[Attribute], bool]) -> None:
        _set(self, "expected", expected)
        _set(self, "check", check)

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not self.check(attr):
            raise VerifyException(f"must be {self.expected}, got {attr}")

    def mapping_type_vars(self, type_var_mapping: Any) -> _Rule:
        return self


def _is_int(t: Attribute) -> bool:
    return isinstance(t, IntegerType | IndexType)


def element_of(t: Attribute) -> Attribute:
    """The element type of a tensor, register or pointer type; a scalar type itself (a
    complex scalar is one: its `element_type` is its parts' type)."""
    if isinstance(t, ComplexType):
        return t
    return getattr(t, "element_type", t)


def _complex_type_of(op: Operation) -> Attribute | None:
    """The first complex type among `op`'s operands' and results' (element) types."""
    for v in (*op._operands, *op.results):  # type: ignore[attr-defined]
        t = v.type
        if type(t) is ComplexType:
            return t
        element = getattr(t, "element_type", None)
        if type(element) is ComplexType:
            return element
    return None


_FP8_MODULE = "asc_xdsl.dialects.ascendc.fp8_types"


@functools.cache
def _builtin_lowp_classes() -> frozenset[type[Attribute]]:
    """xDSL's builtin 8- and 4-bit float type classes (`fp8_types.FLOAT8_CLASSES` less
    ours)."""
    from xdsl.dialects.builtin import (
        Float4E2M1FNType,
        Float8E4M3FNType,
        Float8E5M2Type,
        Float8E8M0FNUType,
    )

    return frozenset({Float4E2M1FNType, Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType})


def _float8_classes() -> Any:
    """The low-precision float type classes (`fp8_types.FLOAT8_CLASSES`). Until its
    module is loaded no type of ours among them (HiFloat8, float4_e1m2) can exist, so
    the builtin ones are all there is to look for (docs/performance.md, "Cold start")."""
    import sys

    classes = getattr(sys.modules.get(_FP8_MODULE), "FLOAT8_CLASSES", None)
    return _builtin_lowp_classes() if classes is None else classes  # (None: still loading)


def float8_type_of(op: Operation) -> Attribute | None:
    """The first 8-bit float type (Ascend 950's fp8 / HiFloat8) among `op`'s operands'
    and results' (element) types and its type properties."""
    FLOAT8_CLASSES = _float8_classes()

    for v in (*op._operands, *op.results):  # type: ignore[attr-defined]
        t = v.type
        if type(t) in FLOAT8_CLASSES:
            return t
        element = getattr(t, "element_type", None)
        if type(element) in FLOAT8_CLASSES:
            return element
    for a in op.properties.values():
        if type(a) in FLOAT8_CLASSES:
            return a
    return None


_FLOAT4_IR = frozenset({"f4E2M1FN", "ascendc.float4_e1m2"})
"""The `name` of the 4-bit float IR types (f4E2M1FN's is its spelling)."""

_HYBRID_OPS = frozenset(
    {"ascendc.cast_l0", "ascendc.cast_l1", "ascendc.cast_l2", "ascendc.reg.cast"}
)


def _check_hybrid(op: Any, name: str) -> None:
    """RoundMode::CAST_HYBRID (7) is 3510's rounding of the conversions to hifloat8_t
    (and of int32_t -> half): Cast's only; each Cast checks its pairs."""
    attr = op._prop(name)
    if getattr(getattr(attr, "value", None), "data", None) != 7:
        return
    if op.name == "ascendc.reg.cast":  # (the Reg Cast: to hifloat8_t only)
        dst = element_of(op.results[0].type)
        if getattr(dst, "name", None) == "ascendc.hifloat8":
            return
        raise VerifyException(
            f"'{op.name}': RoundMode CAST_HYBRID is the rounding of Cast to hifloat8_t, not "
            f"to {dst}"
        )
    if op.name in _HYBRID_OPS:
        return
    raise VerifyException(
        f"'{op.name}': RoundMode CAST_HYBRID is Ascend 950's rounding of Cast to hifloat8_t; "
        f"{op.SPEC.api} does not take it"
    )


def _check_float8_op(op: Any, t: Attribute) -> None:
    """Only the basic-API ops that move 8-bit floats, and Cast, take them (the Reg ops
    check theirs: reg.FP8_OPS)."""
    from asc_xdsl.dialects.ascendc.fp8_types import float8_form_problem, is_float4, takes_float8

    name = op.name
    if is_float4(t) and not takes_float8(name, t):
        raise VerifyException(
            f"'{name}': {op.SPEC.api} takes no 4-bit float type ({t}) here: on Ascend 950 "
            "they go through Cast's count form (to and from bfloat16_t), Duplicate's count "
            "form, the data copies, the tensor and queue objects, LoadData with "
            "LoadData2DParamsV2, the MX matmul and the Reg layer's byte moves, Duplicate "
            "and Cast (docs/fp8.md)"
        )
    if name.startswith("ascendc.reg.") or takes_float8(name, t):
        problem = float8_form_problem(op)
        if problem is not None:
            raise VerifyException(f"'{name}': {problem} ({t})")
        return
    raise VerifyException(
        f"'{name}': {op.SPEC.api} takes no 8-bit float type ({t}) here: on Ascend 950 they "
        "go through Cast, the data copies, the tensor and queue objects, Duplicate's count "
        "form, Mmad and its LoadData forms (docs/fp8.md)"
    )


def _check_complex_scalars(op: Any) -> None:
    """A complex scalar operand (SCALAR) must have T's element type: a real tensor's op
    takes no complex scalar (C++ has no conversion from Complex<T> to a real T)."""
    for o, v in zip(op.SPEC.operands, op._operands, strict=False):
        if o.type is SCALAR and isinstance(v.type, ComplexType):
            want = op.var_type("T")
            if want != v.type:
                raise VerifyException(
                    f"'{op.name}': {o.py_name} is {v.type}, the element type of no tensor of "
                    f"this op (T = {want}); a complex scalar goes with complex tensors"
                )


def _is_scalar(t: Attribute) -> bool:
    # (HiFloat8 and fp4x2_e1m2_t, no builtin types, are scalars too: Duplicate's value)
    return isinstance(t, IntegerType | IndexType | AnyFloat) or t.name in _LOWP_SCALARS


_LOWP_SCALARS = frozenset({"ascendc.hifloat8", "ascendc.float4_e1m2"})


_TENSOR_CLASSES: dict[str, tuple[type[Attribute], ...]] = {
    "local": (LocalTensorType,),
    "global": (GlobalTensorType,),
    "any": (LocalTensorType, GlobalTensorType),
}
_TENSOR_NAMES = {
    "local": "a !ascendc.local_tensor",
    "global": "a !ascendc.global_tensor",
    "any": "a local or global tensor",
}


class _TensorRule(FrozenRecord, AttrConstraint):
    """A tensor whose element type binds the element-type variable `var` (if any)."""

    _FIELDS = ("where", "var")

    def __init__(self, where: str, var: str | None) -> None:
        _set(self, "where", where)
        _set(self, "var", var)

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not isinstance(attr, _TENSOR_CLASSES[self.where]):
            raise VerifyException(f"must be {_TENSOR_NAMES[self.where]}, got {attr}")
        if self.var is not None:
            _bind(constraint_context, self.var, attr.element_type)  # type: ignore[attr-defined]

    def mapping_type_vars(self, type_var_mapping: Any) -> _TensorRule:
        return self


class _ElementScalarRule(FrozenRecord, AttrConstraint):
    """A scalar whose type is the element-type variable `var`."""

    _FIELDS = ("var",)

    def __init__(self, var: str) -> None:
        _set(self, "var", var)

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        # (complex<f16> / complex<f32>: the scalar of a complex tensor's or register's
        # element type, bound to the same variable; the ops refuse them where the
        # headers do)
        if not (_is_scalar(attr) or isinstance(attr, ComplexType)):
            raise VerifyException(f"must be a scalar, got {attr}")
        _bind(constraint_context, self.var, attr, what="scalar type")

    def mapping_type_vars(self, type_var_mapping: Any) -> _ElementScalarRule:
        return self


def _bind(ctx: VerificationContext, var: str, t: Attribute, what: str = "element type") -> None:
    existing = ctx.get_variable(var)
    if existing is None:
        ctx.set_attr_variable(var, t)
    elif existing != t:
        raise VerifyException(
            f"{what} {t} differs from {existing}, the element type of the operands before it"
        )


Sample = Callable[[Mapping[str, Attribute]], Attribute]


class TypeRule(FrozenRecord):
    """How an operand's type is constrained, with a short description for docs and a
    sample type (given the element type of each variable) for tests and examples.

    `var`: the element-type variable it binds or reads; `unique`: the one type it allows
    (an assembly format infers it). Equal rules have equal fields but `sample`. (A
    record, not a dataclass: `@dataclass` generates its methods as every process loads
    the module; docs/performance.md, "Cold start".)"""

    _FIELDS = ("constraint", "doc", "sample", "var", "unique")
    _COMPARE = ("constraint", "doc", "var", "unique")
    __slots__ = _FIELDS

    constraint: AttrConstraint
    doc: str
    sample: Sample
    var: str | None
    unique: Attribute | None

    def __init__(
        self,
        constraint: AttrConstraint,
        doc: str,
        sample: Sample,
        var: str | None = None,
        unique: Attribute | None = None,
    ) -> None:
        _set(self, "constraint", constraint)
        _set(self, "doc", doc)
        _set(self, "sample", sample)
        _set(self, "var", var)
        _set(self, "unique", unique)

    def replace(self, **changes: Any) -> TypeRule:
        """This rule with the fields `changes` names changed (`dataclasses.replace`)."""
        fields = {name: getattr(self, name) for name in self._FIELDS}
        return TypeRule(**(fields | changes))


@functools.cache  # (one rule per variable: the rules are immutable)
def local(var: str | None = "T") -> TypeRule:
    return TypeRule(
        _TensorRule("local", var),
        f"LocalTensor<{var or '*'}>",
        lambda v: LocalTensorType(v[var or "T"]),
        var,
    )


class _ComplexTensorRule(_TensorRule):
    """A local tensor of a complex element type (Ascend 950), binding `var`."""

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not (isinstance(attr, LocalTensorType) and isinstance(attr.element_type, ComplexType)):
            raise VerifyException(f"must be a !ascendc.local_tensor of a complex type, got {attr}")
        super().verify(attr, constraint_context)


def local_complex(var: str) -> TypeRule:
    """A local tensor of complex<f16> or complex<f32> (complex32 / complex64), binding
    `var`: the form of an API that only a complex tensor takes (`Abs` into its parts)."""
    return TypeRule(
        _ComplexTensorRule("local", var),
        f"LocalTensor<{var}>",
        lambda v: LocalTensorType(v[var]),
        var,
    )


def _tensor_of(kind: type[Attribute], element: Attribute, what: str | None) -> TypeRule:
    name = kind.name  # type: ignore[attr-defined]
    cpp = kind.CPP_CLASS.removeprefix("AscendC::")  # type: ignore[attr-defined]
    return predicate(
        f"a !{name} of {element}" + (f" ({what})" if what else ""),
        lambda t: isinstance(t, kind) and t.element_type == element,  # type: ignore[attr-defined]
        f"{cpp}<{element}>",
        kind(element),
    )


def local_of(element: Attribute, what: str | None = None) -> TypeRule:
    """A local tensor of exactly `element` (`LocalTensor<uint32_t>` offsets); `what`
    says why in the message."""
    return _tensor_of(LocalTensorType, element, what)


def global_of(element: Attribute, what: str | None = None) -> TypeRule:
    """A global tensor of exactly `element` (`GlobalTensor<int32_t>` flags)."""
    return _tensor_of(GlobalTensorType, element, what)


@functools.cache  # (one rule per variable: the rules are immutable)
def global_(var: str | None = "T") -> TypeRule:
    return TypeRule(
        _TensorRule("global", var),
        f"GlobalTensor<{var or '*'}>",
        lambda v: GlobalTensorType(v[var or "T"]),
        var,
    )


@functools.cache  # (one rule per variable: the rules are immutable)
def tensor(var: str | None = "T") -> TypeRule:
    return TypeRule(
        _TensorRule("any", var),
        f"Local|GlobalTensor<{var or '*'}>",
        lambda v: LocalTensorType(v[var or "T"]),
        var,
    )


@functools.cache  # (one rule per variable: the rules are immutable)
def elem(var: str = "T") -> TypeRule:
    return TypeRule(_ElementScalarRule(var), var, lambda v: v[var], var)


INT = TypeRule(_Rule("an integer", _is_int), "int", lambda v: i32)
SCALAR = TypeRule(
    _Rule("a scalar number", lambda t: _is_scalar(t) or isinstance(t, ComplexType)),
    "scalar",
    lambda v: v.get("T", i32),
)
"""A scalar operand; a complex one (Ascend 950) only where it is T's element type
(`SpecOp.verify_`), so only the ops whose 3510 dtype table takes complex T take it."""
BOOL = TypeRule(
    _Rule("i1", lambda t: isinstance(t, IntegerType) and t.width.data == 1),
    "bool",
    lambda v: IntegerType(1),
)
UINT64 = TypeRule(
    _Rule("a 64-bit integer", lambda t: isinstance(t, IntegerType) and t.width.data == 64),
    "uint64",
    lambda v: IntegerType(64, Signedness.UNSIGNED),
)
GM_POINTER = TypeRule(
    _Rule("a GM pointer (memref)", lambda t: isinstance(t, MemRefType)),
    "GM*",
    lambda v: MemRefType(v.get("T", i32), [DYNAMIC_INDEX], memory_space=IntegerAttr(22, 64)),
)
ANY = TypeRule(_Rule("any type", lambda t: True), "any", lambda v: i32)


def predicate(
    expected: str, check: Callable[[Attribute], bool], doc: str, sample: Attribute
) -> TypeRule:
    """A type for which `check` holds; messages say it must be `expected`."""
    return TypeRule(_Rule(expected, check), doc, lambda v: sample)


@functools.cache  # (one rule per type: the rules are immutable, and `str(t)` runs xDSL's printer)
def exact(t: Attribute) -> TypeRule:
    """Exactly type `t` (`GetSubBlockNum` returns `ui64`)."""
    text = _type_text_of(t)
    return TypeRule(_Rule(text, lambda a: a == t), text, lambda v: t, unique=t)


def _type_text_of(t: Attribute) -> str:
    """`str(t)`; for one of our types without parameters (`!ascendc.pipe`) without
    xDSL's printer, whose `isinstance` tests of a new attribute class each visit every
    subclass of an ABC (docs/performance.md, "Default cold start (session 11)")."""
    cls = type(t)
    if (
        is_subclass(cls, AscendCType)
        and cls.print_parameters is ParametrizedAttribute.print_parameters
        and not cls.get_irdl_definition().parameters
    ):
        return f"!{t.name}"
    return str(t)


def of_type(type_class: type[Attribute], sample: Sample | None = None) -> TypeRule:
    """A value of one AscendC type (e.g. `!ascendc.binary_repeat_params`)."""
    name = getattr(type_class, "name", type_class.__name__)
    return TypeRule(
        _Rule(f"!{name}", lambda t: isinstance(t, type_class)),
        getattr(type_class, "CPP_CLASS", name),
        sample or (lambda v: _sample_of(type_class, v)),
    )


def _sample_of(type_class: type[Attribute], variables: Mapping[str, Attribute]) -> Attribute:
    """A sample value type: a class template of an element type takes the op's `T`."""
    if issubclass(type_class, OptionalElementType):
        return type_class(variables.get("T", Float16Type()))
    return type_class()


# ---------------------------------------------------------------------------
# Operands, properties, results
# ---------------------------------------------------------------------------


class Effect(Flag):
    """What an op does to the buffer behind a tensor operand."""

    NONE = 0
    READ = auto()
    WRITE = auto()
    READ_WRITE = READ | WRITE


class Arity(Enum):
    SINGLE = auto()
    OPTIONAL = auto()
    VARIADIC = auto()


class Operand(FrozenRecord):
    """One operand: IR name, type rule, memory effect, Python keyword.

    `py`: the Python keyword (None: the same as `name`); `array`: a variadic printed as
    a C array (`uint64_t m[] = {...}`); `default`: the Python API's default, if any;
    `const`: the value must be a compile-time constant (a C++ template argument);
    `keyword_only`: the Python API takes it by keyword only (after pyasc's parameters)."""

    _FIELDS = (
        "name",
        "type",
        "effect",
        "py",
        "arity",
        "array",
        "default",
        "const",
        "keyword_only",
    )

    def __init__(
        self,
        name: str,
        type: TypeRule,
        effect: Effect = Effect.NONE,
        py: str | None = None,
        arity: Arity = Arity.SINGLE,
        array: bool = False,
        default: Any = inspect.Parameter.empty,
        const: bool = False,
        keyword_only: bool = False,
    ) -> None:
        _set(self, "name", name)
        _set(self, "type", type)
        _set(self, "effect", effect)
        _set(self, "py", py)
        _set(self, "arity", arity)
        _set(self, "array", array)
        _set(self, "default", default)
        _set(self, "const", const)
        _set(self, "keyword_only", keyword_only)

    @functools.cached_property  # (read for every argument of every call)
    def py_name(self) -> str:
        return self.py or self.name


class PropKind(Enum):
    """What a property holds."""

    UNIT = auto()  # a flag (`isSetMask`): present or not
    ENUM = auto()  # an `AscEnum` stored as i32 (`roundMode = 4 : i32`)
    TYPE = auto()  # a type (`dtype = f16`): a C++ template type argument
    INT = auto()  # an integer of `int_type` (`modeId = 0 : ui8`): a template value
    STRING = auto()  # a string (`callee = "add"`)
    ATTR = auto()  # any attribute (`value = 0 : ui32`, `#emitc.opaque<"...">`)


class Prop(FrozenRecord):
    """A property: a unit flag (`isSetMask`), an enum stored as i32 (`roundMode`), a type
    (`dtype`) or an integer (`modeId`).

    `name`: the property's name in IR (pyasc's camelCase); `default`: the Python default
    (a unit flag: True/False); `kind`: None means ENUM when `enum` is given, else UNIT;
    `int_type`: an INT property's integer type (`ui8`, `i32`, `index`); `optional`: it
    may be absent (a UNIT property always may)."""

    _FIELDS = ("name", "enum", "py", "default", "kind", "int_type", "optional")

    def __init__(
        self,
        name: str,
        enum: type[AscEnum] | None = None,
        py: str | None = None,
        default: Any = None,
        kind: PropKind | None = None,
        int_type: str = "i32",
        optional: bool = False,
    ) -> None:
        if kind is None:
            kind = PropKind.ENUM if enum else PropKind.UNIT
        _set(self, "name", name)
        _set(self, "enum", enum)
        _set(self, "py", py)
        _set(self, "default", default)
        _set(self, "kind", kind)
        _set(self, "int_type", int_type)
        _set(self, "optional", optional)
        if (kind is PropKind.ENUM) != (enum is not None):
            raise ValueError(f"property {name}: an enum property needs its enum")

    @functools.cached_property
    def py_name(self) -> str:
        return self.py or _snake(self.name)

    def ir_int_type(self) -> IntegerType | IndexType:
        """The integer type of an INT property (`ui8` -> IntegerType(8, unsigned))."""
        return int_type(self.int_type)


class LazyDefault:
    """A result's default type made when first needed (`Result.default`): a struct
    type, whose class a family module does not define as it loads
    (`struct_types.STRUCT_TYPES`; docs/performance.md, "Cold start")."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], Attribute]) -> None:
        self._make = make
        self._value: Attribute | None = None

    def get(self) -> Attribute:
        if self._value is None:
            self._value = self._make()
        return self._value


class Result(FrozenRecord):
    """A result: `default` is the type a builder gives it when none is passed (a
    `LazyDefault`: made when first needed, `result_default`); `optional`: the op may have
    no such result (`emitasc.call_opaque`)."""

    _FIELDS = ("name", "type", "default", "optional")
    __slots__ = _FIELDS

    def __init__(
        self,
        name: str,
        type: TypeRule,
        default: Attribute | LazyDefault | None = None,
        optional: bool = False,
    ) -> None:
        _set(self, "name", name)
        _set(self, "type", type)
        _set(self, "default", default)
        _set(self, "optional", optional)


def result_default(r: Result) -> Attribute | None:
    """The type a builder gives result `r` when none is passed (None: none)."""
    default = r.default
    return default.get() if type(default) is LazyDefault else default


# Template argument items: "T" (the element-type variable T), Prop name ("isSetMask",
# printed 0/1 or as the enum constant), or a callable of the op.
TemplateItem = str | Callable[[Operation], TemplateArg]
CallItem = str | Callable[[Operation], CallArg]


class OpSpec(FrozenRecord):
    """Everything about one op. See the module docstring.

    `mnemonic`: without the `ascendc.` prefix; `api`: the Ascend C name (`Add`,
    `operator+`, `AllocTensor`); `call`: None means the operands in order; `dtypes`:
    type variable -> the dtypes Atlas A2/A3 takes (other SoC families' tables are deltas
    on it, by `api`: family_dtypes.py); `py`: the Python API name (`asc.add`; None: not
    exposed by itself); `py_params`: the Python parameters' order by name, when it is
    not the operands' then the properties' (`data_cache_clean_and_invalid(entire_type,
    dcci_dst, dst)`); `sim`: the simulator's semantics key; `format`: an IRDL assembly
    format (None: pyasc's default); `views`: (source, view) operand/result names: `view`
    refers to the memory of `source` (`subindex`'s result views its tensor;
    `set_global_buffer` binds its buffer into its tensor), read by analyses that follow
    memory (which GM parameters a kernel writes, sync insertion); `example`: values
    tests and docs build a sample op with: element types by variable (`{"T": "f16"}`),
    property values by name, the number of values of a variadic operand by name (unset
    ones take the first supported, two values); `lowered_by`: for a virtual op without
    a C++ form, the pass that replaces it before printing (the printer refuses it,
    naming the pass). Its fields are its `__dict__` (`OpSpec(**{**spec.__dict__, ...})`
    copies one)."""

    _FIELDS = (
        "mnemonic",
        "api",
        "operands",
        "props",
        "results",
        "emit",
        "template",
        "call",
        "dtypes",
        "pipe",
        "py",
        "py_params",
        "sim",
        "doc",
        "format",
        "dialect",
        "views",
        "example",
        "lowered_by",
    )

    def __init__(
        self,
        mnemonic: str,
        api: str,
        operands: tuple[Operand, ...] = (),
        props: tuple[Prop, ...] = (),
        results: tuple[Result, ...] = (),
        emit: EmitKind = EmitKind.FREE_FUNCTION,
        template: tuple[TemplateItem, ...] = (),
        call: tuple[CallItem, ...] | None = None,
        dtypes: Mapping[str, tuple[str, ...]] | None = None,
        pipe: str | None = None,
        py: str | None = None,
        py_params: tuple[str, ...] = (),
        sim: str | None = None,
        doc: str = "",
        format: str | None = None,
        dialect: str = "ascendc",
        views: tuple[tuple[str, str], ...] = (),
        example: Mapping[str, Any] | None = None,
        lowered_by: str | None = None,
    ) -> None:
        if lowered_by is not None:  # (the printer refuses it, naming the pass)
            emit = EmitKind.CUSTOM
        _set(self, "mnemonic", mnemonic)
        _set(self, "api", api)
        _set(self, "operands", operands)
        _set(self, "props", props)
        _set(self, "results", results)
        _set(self, "emit", emit)
        _set(self, "template", template)
        _set(self, "call", call)
        _set(self, "dtypes", _EMPTY if dtypes is None else dtypes)
        _set(self, "pipe", pipe)
        _set(self, "py", py)
        _set(self, "py_params", py_params)
        _set(self, "sim", sim)
        _set(self, "doc", doc)
        _set(self, "format", format)
        _set(self, "dialect", dialect)
        _set(self, "views", views)
        _set(self, "example", _EMPTY if example is None else example)
        _set(self, "lowered_by", lowered_by)

    @property
    def name(self) -> str:
        return f"{self.dialect}.{self.mnemonic}"

    def effects(self) -> tuple[tuple[str, Effect], ...]:
        return tuple((o.name, o.effect) for o in self.operands if o.effect is not Effect.NONE)


@functools.cache  # (builders ask for each property's Python name per op)
def _snake(name: str) -> str:
    out = []
    for i, c in enumerate(name):
        if c.isupper() and i and not name[i - 1].isupper():
            out.append("_")
        out.append(c.lower())
    return "".join(out)


# ---------------------------------------------------------------------------
# Memory effects as an xDSL trait (read by passes through `get_effects`).
# ---------------------------------------------------------------------------


class SpecMemoryEffects(MemoryEffect):
    """Per-operand reads and writes, as stated by the op's spec."""

    @classmethod
    def get_effects(cls, op: Operation) -> frozenset[EffectInstance]:
        return _effect_plan(type(op))(op)

    @classmethod
    def kinds_getter(
        cls, op_class: type[Operation]
    ) -> Callable[[Operation], frozenset[EffectInstance]]:
        """For passes that read only the kinds of effects (CSE): `get_effects`, except
        that an op of fixed arity gets one set per class of value-less records, one per
        kind (`get_effects` makes and hashes a record per operand and kind)."""
        per_class = _class_effects(op_class)
        get_effects = cls.get_effects
        if per_class is None:
            return get_effects
        kinds, n_operands, n_results = per_class

        def effect_kinds(op: Operation) -> frozenset[EffectInstance]:
            if len(op._operands) == n_operands and len(op.results) == n_results:
                return kinds
            return get_effects(op)  # (unverified IR: its error, or its effects)

        return effect_kinds


_item = tuple.__getitem__
_READ, _WRITE = MemoryEffectKind.READ, MemoryEffectKind.WRITE
_UNKNOWN_WRITE = EffectInstance(_WRITE)


def _effect_kinds(spec: OpSpec) -> dict[str, tuple[MemoryEffectKind, ...]]:
    """Operand name -> the kinds of its effect (READ before WRITE), for operands with one."""
    return {
        name: tuple(k for e, k in ((Effect.READ, _READ), (Effect.WRITE, _WRITE)) if e in effect)
        for name, effect in spec.effects()
    }


def _class_effects(op_class: type) -> tuple[frozenset[EffectInstance], int, int] | None:
    """(The kinds of effect of every op of `op_class` as value-less records, its number
    of operands and of results), or None where they depend on the op (variadics)."""
    op_def = op_class.get_irdl_definition()
    if any(isinstance(d, VariadicDef) for _, d in [*op_def.operands, *op_def.results]):
        return None
    by_name = _effect_kinds(op_class.SPEC)
    kinds = {k for name, _ in op_def.operands for k in by_name.get(name, ())}
    if not op_def.results and _WRITE not in kinds:
        kinds.add(_WRITE)  # (the unknown write of `_effect_plan`)
    records = frozenset(EffectInstance(k) for k in sorted(kinds, key=lambda k: k.value))
    return records, len(op_def.operands), len(op_def.results)


@functools.cache
def _effect_plan(op_class: type) -> Any:
    """`get_effects` for one op class, made once: CSE and DCE ask for every op, several
    times, so the operands an effect names are found by position where the op has no
    variadic operands (and through the accessors otherwise)."""
    spec: OpSpec = op_class.SPEC  # type: ignore[attr-defined]
    kinds = _effect_kinds(spec)
    op_def = op_class.get_irdl_definition()
    fixed = not any(isinstance(d, VariadicDef) for _, d in op_def.operands)
    # (position, kind) of each effect, in the order of the operands
    by_position = tuple(
        (i, k) for i, (name, _) in enumerate(op_def.operands) for k in kinds.get(name, ())
    )
    writes = any(k is _WRITE for _, k in by_position)

    def effects(op: Operation) -> frozenset[EffectInstance]:
        if fixed:
            operands = op._operands  # (the tuple behind op.operands)
            # (SSAValues' own indexing is a Python call)
            found = [EffectInstance(k, _item(operands, i)) for i, k in by_position]
            if not writes and not op.results:
                found.append(_UNKNOWN_WRITE)  # (see below)
            return frozenset(found)
        found_set: set[EffectInstance] = set()
        for name, ks in kinds.items():
            values = getattr(op, name)
            if values is None:
                continue
            for v in values if isinstance(values, Sequence) else (values,):
                for k in ks:
                    found_set.add(EffectInstance(k, v))
        if not op.results and not any(e.kind is _WRITE for e in found_set):
            # An op without results that writes none of its operands acts on state the IR
            # does not name (printing, a hardware register, a trace): a write of unknown
            # target keeps dead-code elimination and CSE from dropping it.
            found_set.add(_UNKNOWN_WRITE)
        return frozenset(found_set)

    return effects


# ---------------------------------------------------------------------------
# The base class of spec-defined ops: verification, Ascend C facts, default syntax.
# ---------------------------------------------------------------------------


_UNKNOWN_FAMILY = object()
_TYPE_TEXTS: dict[Attribute, str] = {}


@functools.cache
def _verify_plan(cls: type) -> tuple[Any, dict[str, Any], dict[str, int] | None]:
    """(its enum properties; its dtype tables by SoC family as found (`_NO_TABLE` for a
    family none applies on); for an op of fixed arity, the position of the first operand
    of each element-type variable), once per op class."""
    spec: OpSpec = cls.SPEC  # type: ignore[attr-defined]
    enums = tuple((p.name, p.enum, p.optional) for p in spec.props if p.enum is not None)
    positions: dict[str, int] | None = None
    if _fixed_arity(cls):
        positions = {}
        for i, o in enumerate(spec.operands):
            if o.type.var is not None:
                positions.setdefault(o.type.var, i)
    return enums, {}, positions


_NO_TABLE = object()
"""A family no dtype table applies on, for a spec: it states none (no Atlas A2/A3
table) and the family's list does not name its API or op."""


def _family_table(cls: type, spec: OpSpec, family: str) -> Any:
    """The dtype table of `cls` on `family`: `family_dtypes`' answer, or `_NO_TABLE`.
    A spec without an Atlas A2/A3 table has one elsewhere only if that family lists
    it; the lists are Ascend 950's and the inference series' (`listed_apis`), loaded
    here only for a module compiled for one of them."""
    if not spec.dtypes:
        if family == ATLAS_A2_A3:
            return _NO_TABLE
        listed = listed_apis()
        if spec.api not in listed and cls.name not in listed:  # type: ignore[attr-defined]
            return _NO_TABLE
    return family_dtypes(family, spec.api, spec.dtypes, cls.name)  # type: ignore[attr-defined]


def _type_text(t: Attribute) -> str:
    """`str(t)` (xDSL prints it through a new Printer each time), kept per type."""
    text = _TYPE_TEXTS.get(t)
    if text is None:
        if len(_TYPE_TEXTS) > 4096:
            _TYPE_TEXTS.clear()  # bounded: a long-running process compiles many kernels
        text = _TYPE_TEXTS[t] = str(t)
    return text


_SUBCLASS: dict[tuple[type, type], bool] = {}


def _is_instance(x: Any, base: type) -> bool:
    """`isinstance(x, base)`, asked once per class of x (see `all_instances`)."""
    key = (type(x), base)
    ok = _SUBCLASS.get(key)
    if ok is None:
        ok = _SUBCLASS[key] = is_subclass(type(x), base)
    return ok


def all_instances(items: Sequence[Any], base: type) -> bool:
    """`all(isinstance(x, base) for x in items)`, asked once per class of x (an
    isinstance against xDSL's abstract classes goes through ABCMeta each time)."""
    for x in items:  # noqa: SIM110  (a loop: `all(<generator>)` resumes a frame per item)
        if not _is_instance(x, base):
            return False
    return True


def _verifies_more(base: type[SpecOp]) -> bool:
    """Whether a class between `base` and `SpecOp` has a `verify_` that may read more than
    the op's signature (one not declared `VERIFY_READS_SIGNATURE`)."""
    for k in base.__mro__:
        if k is SpecOp:
            return False
        if "verify_" in k.__dict__ and k.__dict__.get("VERIFY_READS_SIGNATURE") is not True:
            return True
    return True  # (not a SpecOp)


def _kept_verdict(
    op_class: type[SpecOp], family: str | None
) -> tuple[object, Callable[[Operation], None] | None] | None:
    """`fast_verify.keep_verdicts`' rule for the spec ops: None where `op_class`'s
    verifier may read more than its operand and result types, properties, attributes
    and SoC family (`family`, the module's): it has regions or successors, a class
    between it and `SpecOp` verifies more (or it was not made by `define_op`), or a trait
    checks something. Else the tag its verdicts are kept under (the class and the SoC
    family: a dtype table may apply on one), and whether an operand is a constant is
    still asked of each op."""
    op_def = op_class.get_irdl_definition()
    if getattr(op_class, "_VERIFIES_MORE", True) or op_def.regions or op_def.successors:
        return None
    if any(type(t).verify is not OpTrait.verify for t in op_def.traits):
        return None
    constants = _check_constants if _constant_operands(op_class) else None
    return (op_class, family), constants


@functools.cache
def _constant_operands(op_class: type[SpecOp]) -> tuple[tuple[str, str, int | None], ...]:
    """(name, Python name, position in an op of fixed arity, else None) of each operand
    that must be a constant."""
    fixed = _fixed_arity(op_class)
    return tuple(
        (o.name, o.py_name, i if fixed else None)
        for i, o in enumerate(op_class.SPEC.operands)
        if o.const
    )


def _check_constants(op: SpecOp) -> None:
    """For an op whose operand checks passed on the very same signature (a kept verdict):
    what `_verify_operands(False)` may still find, that a constant operand is not one
    (the element types it compares are the accepted op's). Only those operands are read
    (IRDL's accessor of an operand after an optional one is several Python calls)."""
    operands = op._operands
    for name, py_name, at in _constant_operands(type(op)):
        values = _item(operands, at) if at is not None else getattr(op, name)
        if values is None:
            continue
        for v in (values,) if _is_instance(values, SSAValue) else values:
            op._check_operand_rule(py_name, True, None, v, {})


@functools.cache
def _fixed_arity(op_class: type[IRDLOperation]) -> bool:
    """Whether every operand and result of `op_class` is single and it has no regions,
    successors or segment options (asked once per class)."""
    op_def = op_class.get_irdl_definition()
    return not (
        op_def.regions
        or op_def.successors
        or any(isinstance(o, AttrSizedSegments) for o in op_def.options)
        or any(isinstance(d, VariadicDef) for _, d in [*op_def.operands, *op_def.results])
    )


@functools.cache
def _operand_rules(op_class: type[SpecOp]) -> tuple[tuple[int, str, bool, str | None], ...]:
    """(position, Python name, constant, type variable) of each operand with a rule
    `verify_operands` checks without types."""
    return tuple(
        (i, o.py_name, o.const, o.type.var)
        for i, o in enumerate(op_class.SPEC.operands)
        if o.const or o.type.var is not None
    )


_UNIT = UnitAttr()  # one instance for every unit property set


class _ConstructionPlan:
    """What building an op of one class needs of its spec, found once per class."""

    __slots__ = ("default_results", "fixed_arity", "optional_results")

    def __init__(self, op_class: type[SpecOp]):
        spec = op_class.SPEC
        defaults = [result_default(r) for r in spec.results if not r.optional]
        self.default_results = None if any(t is None for t in defaults) else defaults
        self.optional_results = any(r.optional for r in spec.results)
        self.fixed_arity = _fixed_arity(op_class)


_construction_plan = functools.cache(_ConstructionPlan)


_ARGS_START = {
    EmitKind.ASSIGN_MEMBER: 2,  # dst = obj.Api(rest)
    EmitKind.MEMBER_FUNCTION: 1,  # obj.Api(rest)
    EmitKind.SUBSCRIPT: 1,
    EmitKind.CALL_OPERATOR: 1,
}
"""Emit kind -> how many leading operands are not call arguments (they name the object)."""


class _CallPlan:
    """What building an op's Ascend C call reads of its spec, found once per class: the
    printer asks every op for its template and call arguments, and IRDL's accessors
    cost a few Python calls per operand. Where the op has no variadic operands, each
    operand is read from the operand tuple by position."""

    __slots__ = ("call", "n_operands", "operand_args", "props", "template", "var_positions")

    def __init__(self, op_class: type[SpecOp]):
        spec = op_class.SPEC
        self.props = {p.name: p for p in spec.props}
        names = [o.name for o in spec.operands]
        op_def = op_class.get_irdl_definition()
        fixed = [n for n, _ in op_def.operands] == names and not any(
            isinstance(d, VariadicDef) for _, d in op_def.operands
        )
        self.n_operands = len(names)
        # type variable -> the position of the first operand of that element type
        self.var_positions: dict[str, int] | None = None
        if fixed:
            self.var_positions = {}
            for i, o in enumerate(spec.operands):
                if o.type.var is not None:
                    self.var_positions.setdefault(o.type.var, i)
        # the first operand passed when the call is the operands in order (else None)
        self.operand_args = (
            _ARGS_START.get(spec.emit, 0)
            if fixed and spec.call is None and not any(o.array for o in spec.operands)
            else None
        )
        self.template = tuple(self._template_getter(item) for item in spec.template)
        self.call = (
            tuple(self._call_getter(item, names if fixed else ()) for item in spec.call)
            if spec.call is not None
            else None
        )

    def _template_getter(self, item: TemplateItem) -> Callable[[Any], TemplateArg]:
        if callable(item):
            return item
        prop = self.props.get(item)
        if prop is not None:
            return lambda op: op._prop_value(prop)
        position = self.var_positions.get(item) if self.var_positions is not None else None
        if position is None:
            return lambda op: op._template_item(item)  # (asserts that the type is known)

        def element_type(op: Any) -> TemplateArg:
            t = _item(op._operands, position).type
            return element_of(t)

        return element_type

    def _call_getter(self, item: CallItem, fixed_names: Sequence[str]) -> Callable[[Any], CallArg]:
        if callable(item):
            return item
        prop = self.props.get(item)
        if prop is not None:

            def prop_arg(op: Any) -> CallArg:
                value = op._prop_value(prop)
                return value if isinstance(value, AscEnum) else str(value)

            return prop_arg
        if item in fixed_names:
            position = fixed_names.index(item)
            return lambda op: _item(op._operands, position)
        return lambda op: getattr(op, item)


_call_plan = functools.cache(_CallPlan)


class SpecOp(AscendCOp):
    """An op defined by an `OpSpec` (`cls.SPEC`); everything below reads the spec."""

    SPEC: ClassVar[OpSpec]
    VERIFY_READS_SIGNATURE: ClassVar[bool] = False
    """Set to True in a base class whose `verify_` reads nothing but the op's operand and
    result types, properties and attributes (and `super().verify_()`): the verdicts of
    its ops can then be kept (`_kept_verdict`)."""

    def __init__(
        self,
        *operands: SSAValue | Operation | Sequence[SSAValue] | None,
        result_types: Sequence[Attribute] | None = None,
        **props: Any,
    ):
        """Build from the operands in spec order; properties by Python or IR name.

        A unit property takes a bool, an enum property an enum member; omitted ones
        take the spec's default.
        """
        spec = self.SPEC
        if len(operands) != len(spec.operands):
            names = ", ".join(o.name for o in spec.operands)
            raise ApiTypeError(f"{spec.name} takes {len(spec.operands)} operands ({names})")
        plan = _construction_plan(type(self))
        properties: dict[str, Attribute] = {}
        for p in spec.props:
            value = props.pop(p.py_name, props.pop(p.name, p.default)) if props else p.default
            if p.kind is PropKind.UNIT:
                if value:
                    properties[p.name] = _UNIT
            elif _is_instance(value, Attribute):
                properties[p.name] = value
            elif value is None:
                continue
            elif p.kind is PropKind.ENUM:
                assert p.enum is not None
                properties[p.name] = p.enum(value).attr()
            elif p.kind is PropKind.INT:
                properties[p.name] = int_attr(int(value), p.int_type)
            elif p.kind is PropKind.STRING:
                properties[p.name] = StringAttr(str(value))
            else:
                raise ApiTypeError(
                    f"{spec.name}: property {p.name} takes an attribute, got {value!r}"
                )
        if props:
            raise ApiTypeError(f"{spec.name}: unknown properties {', '.join(props)}")
        if result_types is None:
            if plan.default_results is None:
                raise ApiTypeError(f"{spec.name}: result_types are required")
            result_types = plan.default_results
        if plan.optional_results:  # IRDL takes a list per optional result
            given = list(result_types)
            result_types = [[given.pop(0)] if given else [] for _ in spec.results]
        operands_list, types = list(operands), list(result_types)
        if (
            plan.fixed_arity
            and all_instances(operands_list, SSAValue)
            and all_instances(types, Attribute)
        ):
            # What IRDL's builder ends with, for an op of fixed arity given values and
            # types: no segments to size, nothing to convert (it stays the general path
            # for everything else, and for its messages).
            init_op(self, operands_list, types, properties)
            return
        # Optional or variadic groups: IRDL's builder's work, done directly where the
        # arguments are values and types (fast_build.irdl_init); else IRDL's builder.
        if not irdl_init(self, operands_list, types, properties):
            super().__init__(operands=operands_list, properties=properties, result_types=types)

    def verify_(self) -> None:
        spec = self.SPEC
        cls = type(self)
        plan = _verify_plan(cls)
        enums, by_family, positions = plan
        for name, enum, optional in enums:
            if not (optional and self._prop(name) is None):  # (an optional one may be absent)
                verify_enum(self, name, enum)
                if enum.__name__ == "RoundMode":
                    _check_hybrid(self, name)
        complex_type = _complex_type_of(self)
        if complex_type is not None:
            family = soc_family(self)
            if family is not None and family != ASCEND_950:
                raise VerifyException(
                    f"'{self.name}': complex types ({complex_type}) exist on Ascend 950 (arch "
                    f"3510) only; this module is compiled for {declared_soc(self)} ({family})"
                )
            _check_complex_scalars(self)
        float8 = float8_type_of(self)
        if float8 is not None:
            family = soc_family(self)
            if family is not None and family != ASCEND_950:
                bits = 4 if float8.name in _FLOAT4_IR else 8
                raise VerifyException(
                    f"'{self.name}': {bits}-bit float types ({float8}) exist on Ascend 950 "
                    f"(arch 3510) only; this module is compiled for {declared_soc(self)} "
                    f"({family})"
                )
            _check_float8_op(self, float8)
        family = soc_family(self)
        if family is None:
            return
        table = by_family.get(family, _UNKNOWN_FAMILY)
        if table is _UNKNOWN_FAMILY:
            table = by_family[family] = _family_table(cls, spec, family)
        if table is _NO_TABLE:
            return
        if isinstance(table, Unsupported):
            raise VerifyException(
                f"'{self.name}': {spec.api} is not supported on {family} "
                f"(Ascend C API reference: {table.page})"
            )
        operands = self._operands
        if positions is not None and len(operands) != len(spec.operands):
            positions = None
        for var, allowed in (table or {}).items():
            at = positions.get(var) if positions is not None else None
            if at is None:
                t = self.var_type(var)
            else:  # `var_type`'s answer for an op of fixed arity: its first such operand
                t = _item(operands, at).type
                t = element_of(t)
            if t is not None and _type_text(t) not in allowed:
                raise VerifyException(
                    f"'{self.name}': {spec.api} does not support {_var_doc(var)} {t} "
                    f"on {family} (supported: {', '.join(allowed) or 'none'})"
                )
        problem = operand_rule_problem(self, family)
        if problem is not None:
            raise VerifyException(f"'{self.name}': {spec.api} on {family} {problem}")

    def verify_operands(self, check_types: bool = True) -> None:
        """The spec's operand rules, in messages that name the op and operand; without
        `check_types` only what IRDL's constraints do not check (constant operands and
        element types shared by different kinds of operand).

        In a `verify_module`, the checks of types and properties (all but whether an
        operand is a constant) run once per set of operand and result types, properties
        and attributes, which is all they read (`fast_verify.accepted_before`)."""
        if not check_types:
            self._verify_operands(False)
            return
        cls = type(self)
        ticket = accepted_before(cls, self)
        if ticket is None:
            _check_constants(self)
            return
        if self._verify_operands(True):
            accept(ticket)

    def _verify_operands(self, check_types: bool) -> bool:
        """`verify_operands`' checks; False where IRDL's checks are left to report a
        malformed operand list."""
        spec = self.SPEC
        pairs: Any  # (operand spec, value), in spec order
        if _fixed_arity(type(self)):  # one value per operand, in spec order
            if not check_types:
                self._verify_operand_rules()
                return True
            operands = self._operands  # (the tuple `self.operands` wraps)
            if len(operands) != len(spec.operands):
                return False  # IRDL's checks report it
            pairs = zip(spec.operands, operands, strict=True)
        else:
            try:
                groups = [(o, getattr(self, o.name)) for o in spec.operands]
            except Exception:  # a malformed operand list: IRDL's checks report it
                return False
            pairs = [
                (o, v)
                for o, values in groups
                if values is not None
                for v in (values if not all_instances((values,), SSAValue) else (values,))
            ]
        bound: dict[str, tuple[str, Attribute]] = {}
        for o, v in pairs:
            t = v.type
            if check_types:
                try:
                    o.type.constraint.verify(t, new_context())
                except VerifyException as e:
                    raise VerifyException(f"'{self.name}': {o.py_name} {e}") from None
            self._check_operand_rule(o.py_name, o.const, o.type.var, v, bound)
        if not check_types:
            return True
        for p in spec.props:
            attr = self._prop(p.name)
            if attr is None and p.optional:
                continue
            if p.kind is PropKind.INT and not (
                isinstance(attr, IntegerAttr) and attr.type == p.ir_int_type()
            ):
                raise VerifyException(
                    f"'{self.name}': {p.name} must be a {p.int_type} integer, got {attr}"
                )
        for r, value in zip(spec.results, self.results, strict=False):
            try:
                r.type.constraint.verify(value.type, new_context())
            except VerifyException as e:
                raise VerifyException(f"'{self.name}': result {r.name} {e}") from None
        return True

    def _verify_operand_rules(self) -> None:
        """`verify_operands(check_types=False)` of an op of fixed arity: the same checks
        in the same order, on the operands that have a rule (positions found once per
        class)."""
        rules = _operand_rules(type(self))
        operands = self._operands
        if len(operands) != len(self.SPEC.operands):
            return  # IRDL's checks report it
        bound: dict[str, tuple[str, Attribute]] = {}
        for i, py_name, const, var in rules:
            self._check_operand_rule(py_name, const, var, operands[i], bound)

    def _check_operand_rule(
        self,
        py_name: str,
        const: bool,
        var: str | None,
        v: SSAValue,
        bound: dict[str, tuple[str, Attribute]],
    ) -> None:
        """Operand `py_name` is a constant where it must be, and its element type is the
        one `var` is bound to (`bound`: by the operands before it)."""
        if const and not _is_constant(v):
            raise VerifyException(
                f"'{self.name}': {py_name} must be a constant (it is a C++ "
                f"template argument), got {_describe_value(v)}"
            )
        if var is None:
            return
        t = v.type
        element = element_of(t)
        if var not in bound:
            bound[var] = (py_name, element)
        elif bound[var][1] != element:
            first, first_type = bound[var]
            what = "element types" if hasattr(t, "element_type") else "types"
            raise VerifyException(
                f"'{self.name}': {what} differ: {first} has {first_type}, {py_name} has {element}"
            )

    # -- facts the spec answers ---------------------------------------------------

    def var_type(self, var: str) -> Attribute | None:
        """The type bound to element-type variable `var` (from the first operand using it)."""
        plan = _call_plan(type(self))
        position = plan.var_positions.get(var) if plan.var_positions is not None else None
        if position is not None:
            t = _item(self._operands, position).type
            return element_of(t)
        for o in self.SPEC.operands:
            if o.type.var != var:
                continue
            value = getattr(self, o.name)
            if isinstance(value, Sequence):
                value = value[0] if value else None
            if value is None:
                continue
            t = value.type
            return element_of(t)
        if any(p.name == var and p.kind is PropKind.TYPE for p in self.SPEC.props):
            return self._prop(var)  # a type property (`dtype`) names the type itself
        return None

    def _prop(self, name: str) -> Attribute | None:
        # (an IntegerAttr of 0 is falsy: no `or` here)
        attr = self.properties.get(name)
        return attr if attr is not None else self.attributes.get(name)

    def flag(self, prop: str) -> bool:
        return prop in self.properties or prop in self.attributes

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        plan = _call_plan(type(self))
        return [get(self) for get in plan.template]

    def _template_item(self, item: TemplateItem) -> TemplateArg:
        if callable(item):
            return item(self)
        plan = _call_plan(type(self))
        prop = plan.props.get(item)
        if prop is None:
            t = self.var_type(item)
            assert t is not None, f"{self.name}: no type for template variable {item}"
            return t
        return self._prop_value(prop)

    def _prop_value(self, prop: Prop) -> TemplateArg:
        """A property as a C++ template or call argument."""
        if prop.kind is PropKind.UNIT:
            return 1 if self.flag(prop.name) else 0  # pyasc spells bools 0/1
        attr = self._prop(prop.name)
        if attr is None and prop.optional:
            return None  # (an absent optional property: no argument)
        if prop.kind in (PropKind.TYPE, PropKind.ATTR):
            assert attr is not None
            return attr
        if prop.kind is PropKind.STRING:
            assert isinstance(attr, StringAttr)
            return attr.data
        assert isinstance(attr, IntegerAttr)
        if prop.kind is PropKind.INT:
            return attr.value.data
        assert prop.enum is not None
        return prop.enum.from_attr(attr)

    def cpp_call_args(self) -> Sequence[CallArg]:
        plan = _call_plan(type(self))
        start = plan.operand_args
        operands = self._operands
        if start is not None and len(operands) == plan.n_operands:
            return list(_item(operands, slice(start, None)))  # the operands in order
        if self.SPEC.call is None:
            return self._operand_call_args()
        return [get(self) for get in plan.call]  # type: ignore[union-attr]

    def _operand_call_args(self) -> list[CallArg]:
        """The call's arguments when the spec lists none: the operands in spec order,
        read through their accessors (a C array as one argument, a variadic flattened),
        from the first the emission form does not take as its object."""
        spec = self.SPEC
        args: list[CallArg] = []
        for o in spec.operands:
            value = getattr(self, o.name)
            if value is None:
                continue
            if o.array:
                args.append(ArrayArg(tuple(value)))
            elif isinstance(value, Sequence):
                args.extend(value)
            else:
                args.append(value)
        return args[_ARGS_START.get(spec.emit, 0) :]

    def _call_item(self, item: CallItem) -> CallArg:
        if callable(item):
            return item(self)
        plan = _call_plan(type(self))
        prop = plan.props.get(item)
        if prop is not None:
            value = self._prop_value(prop)
            return value if isinstance(value, AscEnum) else str(value)
        return getattr(self, item)

    # -- pyasc's default syntax: `operands attr-dict : type(operands)` -------------

    @classmethod
    def parse(cls, parser: Parser) -> SpecOp:
        operands = (
            parser.parse_comma_separated_list(
                parser.Delimiter.NONE, parser.parse_unresolved_operand
            )
            # (an op without operands never takes one: a `%` is the next op's result)
            if cls.SPEC.operands and parser._current_token.text.startswith("%")
            else []
        )
        attrs_pos = parser.pos
        attrs = parser.parse_optional_attr_dict()
        types: list[Attribute] = []
        result_types: list[Attribute] = []
        if operands or parser._current_token.text == ":":
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if not operands and cls.SPEC.results:
            # pyasc's default syntax of an op without operands names its results' types.
            types, result_types = [], types
        elif not operands and len(types) == 1 and isinstance(types[0], FunctionType):
            # `: () -> ()`, as pyasc's tests write an op without operands.
            if types[0].inputs.data or types[0].outputs.data:
                parser.raise_error("expected '() -> ()' for an op without operands", attrs_pos)
            types = []
        if len(types) != len(operands):
            parser.raise_error(
                f"{len(operands)} operands but {len(types)} types", attrs_pos, parser.pos
            )
        values = [parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)]
        return cls._from_parts(parser, values, attrs, attrs_pos, result_types)

    @classmethod
    def _from_parts(
        cls,
        parser: Parser,
        values: list[SSAValue],
        attrs: dict[str, Attribute],
        pos: int,
        result_types: Sequence[Attribute] = (),
    ) -> SpecOp:
        spec = cls.SPEC
        props: dict[str, Attribute] = {}
        for p in spec.props:
            if p.name in attrs:
                props[p.name] = attrs.pop(p.name)
        segments = attrs.pop("operandSegmentSizes", None)
        groups = _split_operands(spec, values, segments)
        if isinstance(groups, str):
            parser.raise_error(f"'{spec.name}': {groups}", pos, parser.pos)
        if values and not result_types and spec.results and all(map(_fixed, spec.results)):
            # pyasc's default syntax names the operands' types only: results of one
            # possible type (`get_sort_len`'s ui32) are not written.
            result_types = [result_default(r) for r in spec.results]  # type: ignore[misc]
        if len(result_types) != len(spec.results):
            parser.raise_error(
                f"'{spec.name}' has {len(spec.results)} result(s), {len(result_types)} "
                "type(s) were given",
                pos,
                parser.pos,
            )
        return cls.build(
            operands=groups, properties=props, attributes=attrs, result_types=list(result_types)
        )

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            printer.print_list(self.operands, printer.print_operand)
        attrs: dict[str, Attribute] = {**self.attributes, **self.properties}
        if _needs_segments(self.SPEC):
            sizes = [
                len(v) if isinstance(v := getattr(self, o.name), Sequence) else int(v is not None)
                for o in self.SPEC.operands
            ]
            attrs["operandSegmentSizes"] = DenseArrayBase.from_list(i32, sizes)
        if attrs:
            printer.print_string(" ")
            printer.print_attr_dict(dict(sorted(attrs.items())))
        if self.operands:
            printer.print_string(" : ")
            printer.print_list((v.type for v in self.operands), printer.print_attribute)
        elif self.results:
            printer.print_string(" : ")
            printer.print_list((r.type for r in self.results), printer.print_attribute)


keep_verdicts(SpecOp, soc_family, _kept_verdict)


def _fixed(r: Result) -> bool:
    """Whether result `r` can have only its default type (an `exact` rule)."""
    default = result_default(r)
    return default is not None and r.type.unique == default


def _is_constant(value: SSAValue) -> bool:
    owner = value.owner
    return isinstance(owner, Operation) and owner.has_trait(ConstantLike)


def _describe_value(value: SSAValue) -> str:
    owner = value.owner
    if isinstance(owner, Operation):
        return f"the result of '{owner.name}'"
    return "a block argument"


def _var_doc(var: str) -> str:
    if var == "T":
        return "element type"
    return var if var[0].islower() else f"{var} type"  # a type property, or a variable


def _needs_segments(spec: OpSpec) -> bool:
    return sum(o.arity is not Arity.SINGLE for o in spec.operands) > 1


def _split_operands(
    spec: OpSpec, values: list[SSAValue], segments: Attribute | None
) -> list[SSAValue | list[SSAValue] | None] | str:
    """Group a flat operand list by the spec's operands; a message when it cannot."""
    ops = spec.operands
    if segments is not None:
        if not isinstance(segments, DenseArrayBase):
            return "operandSegmentSizes must be a dense array"
        sizes = [int(s) for s in segments.get_values()]
        if len(sizes) != len(ops) or sum(sizes) != len(values):
            return (
                f"operandSegmentSizes {sizes} does not match {len(ops)} operand groups "
                f"and {len(values)} operands"
            )
    else:
        flexible = [o for o in ops if o.arity is not Arity.SINGLE]
        fixed = len(ops) - len(flexible)
        extra = len(values) - fixed
        variadic = [o for o in flexible if o.arity is Arity.VARIADIC]
        # One variadic and optionals (ShiftRight's bit mask and roundEn): without sizes,
        # the optionals are absent (the IR written before they existed stays valid)
        absent = len(flexible) > 1 and len(variadic) == 1
        if len(flexible) > 1 and not absent:
            return "operandSegmentSizes is required (more than one optional/variadic operand)"
        if extra < 0 or (flexible and flexible[0].arity is Arity.OPTIONAL and extra > 1):
            return f"expected {_arity_doc(spec)} operands, got {len(values)}"
        if not flexible and extra != 0:
            return f"expected {fixed} operands, got {len(values)}"
        sizes = [
            1 if o.arity is Arity.SINGLE else (0 if absent and o not in variadic else extra)
            for o in ops
        ]
    groups: list[SSAValue | list[SSAValue] | None] = []
    i = 0
    for o, n in zip(ops, sizes, strict=True):
        chunk = values[i : i + n]
        i += n
        if o.arity is Arity.SINGLE:
            if n != 1:
                return f"operand '{o.name}' takes exactly one value, got {n}"
            groups.append(chunk[0])
        elif o.arity is Arity.OPTIONAL:
            if n > 1:
                return f"optional operand '{o.name}' takes at most one value, got {n}"
            groups.append(chunk[0] if chunk else None)
        else:
            groups.append(list(chunk))
    return groups


def _arity_doc(spec: OpSpec) -> str:
    fixed = sum(o.arity is Arity.SINGLE for o in spec.operands)
    return (
        f"{fixed} or {fixed + 1}"
        if any(o.arity is Arity.OPTIONAL for o in spec.operands)
        else f"at least {fixed}"
    )


# ---------------------------------------------------------------------------
# IRDL class generation, on demand
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=512)
def _typed_names(fmt: str) -> frozenset[str]:
    r"""The `$names` an assembly format writes inside `type(...)` (`type($x, $y)`,
    `type(operands)` aside): what `re.search(rf"type\([^)]*\${name}\b", fmt)` finds, for
    every name at once and without compiling a pattern per operand name (a first
    compile met ~10 of them, each a regex compile; docs/performance.md)."""
    names = set()
    for group in fmt.split("type(")[1:]:
        for piece in group.partition(")")[0].split("$")[1:]:
            end = 0
            while end < len(piece) and (piece[end].isalnum() or piece[end] == "_"):
                end += 1
            names.add(piece[:end])
    return frozenset(names)


def define_op(
    spec: OpSpec,
    class_name: str,
    base: type[SpecOp] = SpecOp,
    module: str | None = None,
    attrs: Mapping[str, Any] | None = None,
) -> type[SpecOp]:
    """The IRDL op class for `spec` (subclassing `base`, which may add hand-written code;
    `attrs`: class attributes of its own, `__annotations__` among them)."""
    body: dict[str, Any] = {
        **(attrs or {}),
        "name": spec.name,
        "__module__": module or base.__module__,
        "__doc__": spec.doc or f"`{base.NAMESPACE}{spec.api}`.",
    }
    # An assembly format checks types while it parses, with the bare constraint's message;
    # `verify_operands` checks the same rules and names the op and operand.
    checked_later = spec.format is not None

    def late(name: str, rule: TypeRule, group: str) -> AttrConstraint:
        # A type the format does not spell must be inferable from its constraint.
        fmt = spec.format or ""
        written = f"type({group})" in fmt or name in _typed_names(fmt)
        if rule.unique is not None and not written:
            return EqAttrConstraint(rule.unique)
        return AnyAttr()

    for o in spec.operands:
        constraint = late(o.name, o.type, "operands") if checked_later else o.type.constraint
        if o.arity is Arity.SINGLE:
            body[o.name] = operand_def(constraint)
        elif o.arity is Arity.OPTIONAL:
            body[o.name] = opt_operand_def(constraint)
        else:
            body[o.name] = var_operand_def(constraint)
    for r in spec.results:
        result = opt_result_def if r.optional else result_def
        body[r.name] = result(
            late(r.name, r.type, "results") if checked_later else r.type.constraint
        )
    for p in spec.props:
        attr_name = _snake(p.name)
        constraint: Any = {
            PropKind.UNIT: UnitAttr,
            PropKind.ENUM: IntegerAttr,
            PropKind.TYPE: TypeAttribute,
            PropKind.STRING: StringAttr,
            PropKind.ATTR: AnyAttr(),
        }.get(p.kind)  # type: ignore[arg-type]
        if p.kind is PropKind.INT:
            constraint = IntegerAttr.constr(type=p.ir_int_type())
        optional = p.optional or p.kind is PropKind.UNIT
        body[attr_name] = (opt_prop_def if optional else prop_def)(constraint, prop_name=p.name)
    options: list[IRDLOption] = list(getattr(base, "irdl_options", ()))
    if _needs_segments(spec):
        options.append(AttrSizedOperandSegments(as_property=True))
    if spec.format is not None:
        body["assembly_format"] = spec.format
        # The format replaces SpecOp's default syntax (IRDL refuses a class that has
        # both a format and its own parse/print).
        body["parse"] = classmethod(Operation.parse.__func__)  # type: ignore[attr-defined]
        body["print"] = Operation.print
        # pyasc (MLIR) prints properties inside the attribute dictionary.
        options.append(ParsePropInAttrDict())
    if options:
        body["irdl_options"] = tuple(options)
    # Effects are known when the spec states some, and for pure views (a result that
    # names part of an operand's memory, like `subindex`): those have none, so CSE may
    # merge them. Other ops without stated effects stay unknown to xDSL (never merged
    # or dropped: object creation, flags, system registers).
    result_names = {r.name for r in spec.results}
    pure_view = any(view in result_names for _, view in spec.views)
    if pure_view or any(o.effect is not Effect.NONE for o in spec.operands):
        body["traits"] = traits_def(SpecMemoryEffects())
    # (its format compiled, and the format's custom directives made, on first use)
    directives = (
        None if spec.format is None else functools.partial(_format_directives, spec.format, base)
    )
    cls = op_definition(type(class_name, (base,), body), directives)
    # `verify_operands` says what is wrong with an operand naming the op and operand (and,
    # for an element type mismatch, both operands). Where IRDL checks the same constraints
    # (no assembly format), it runs only to word a fault IRDL found, and the constants a
    # C++ template argument needs are checked after; with a format it checks first.
    irdl_verify = cls.verify_
    irdl_checks_types = spec.format is None
    has_rules = any(o.const or o.type.var is not None for o in spec.operands)

    def verify_all(op: SpecOp) -> None:
        if not irdl_checks_types:
            op.verify_operands()
            irdl_verify(op)
            return
        try:
            irdl_verify(op)
        except VerifyException:
            op.verify_operands()
            raise
        if has_rules:  # constants, and element types across kinds of operand
            op.verify_operands(check_types=False)

    # Where every check above reads only the op's operand and result types, properties
    # and attributes, and the SoC family (`_kept_verdict`), `fast_verify.verify_module`
    # keeps its verdict; only whether an operand is a constant is asked of every op.
    cls.verify_ = verify_all
    cls._VERIFIES_MORE = _verifies_more(base)
    # Class facts are set after IRDL has read the class body (they are not fields).
    cls.SPEC = spec
    cls.API_NAME = spec.api
    cls.EMIT_KIND = spec.emit
    cls.PIPE = spec.pipe
    return cls


def _format_directives(fmt: str, base: type[SpecOp]) -> tuple[type[CustomDirective], ...]:
    """The custom directives `fmt` names: the base class's own, `custom<E>` for an
    enum `E` of `asc_xdsl.enums` (its lower-case keywords, as `ascendc.set_flag mte2_v`),
    and `custom<T>(type($x))` for an AscendC type class `T` (written without its prefix)."""
    import re

    from asc_xdsl import enums
    from asc_xdsl.dialects.ascendc import types

    directives = {d.__name__: d for d in base.custom_directives}
    for name in re.findall(r"custom<(\w+)>", fmt):
        if name in directives:
            continue
        type_class = getattr(types, name, None)
        if isinstance(type_class, type) and issubclass(type_class, types.AscendCType):
            directives[name] = _type_directive(type_class)
            continue
        enum = getattr(enums, name, None)
        if not (isinstance(enum, type) and issubclass(enum, AscEnum)):
            raise ValueError(f"format {fmt!r}: no custom directive or enum named {name}")
        directives[name] = enum_directive(enum)
    return tuple(directives.values())


class _Entry(Record):
    _FIELDS = ("class_name", "spec", "base", "module", "cls", "attrs")
    __slots__ = _FIELDS

    def __init__(
        self,
        class_name: str,
        spec: OpSpec,
        base: type[SpecOp] | LazyBase,
        module: str,
        cls: type[SpecOp] | None = None,
        attrs: Mapping[str, Any] | None = None,
    ) -> None:
        self.class_name = class_name
        self.spec = spec
        self.base = base
        self.module = module
        self.cls = cls
        self.attrs = attrs


_BY_OP_NAME: dict[str, _Entry] = {}
_DEFERRING: list[OpFamily] = []
"""The families that have tables of specs not all stated yet (`OpFamily.defer`)."""
_STATING = threading.RLock()
"""Held while a deferred row is stated (a row may ask for another's specs: reentrant)."""


class _Table:
    """Rows of specs a family states on first use (`OpFamily.defer`): `names(row)` gives
    a row's class names, op mnemonics and Python names without stating it; `state(row)`
    states its specs. `done` and `busy` have a bit per row (stated; being stated); `rank`
    is the first row's place in the family's statement order."""

    __slots__ = ("busy", "done", "names", "rank", "rows", "state")

    def __init__(
        self, rows: Sequence[Any], names: Callable[[Any], _RowNames], state: Any, rank: int
    ):
        self.rows, self.names, self.state, self.rank = rows, names, state, rank
        self.done = self.busy = 0


_RowNames = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""A deferred row's class names, op mnemonics (the dialect's prefix omitted) and the
Python names of its functions."""


_RANK_STEP = 1 << 8
"""Ranks of entries: one step per statement (an `add`, or a deferred row), the specs a
row states numbered within it (a row states fewer than 256: `add` refuses more)."""


class OpFamily:
    """The specs of one module; their IRDL classes are made on first use.

    Making an IRDL class costs ~0.3 ms, and the dialect has hundreds of ops while a
    kernel uses a handful: so a family module only states specs, and a class is
    defined when it is imported by name (the module's `__getattr__`), parsed (see
    `asc_xdsl.dialects.context.AscContext`) or listed (`classes()`).

        FAMILY = OpFamily(__name__)
        FAMILY.add("AddL2Op", OpSpec(...))
        __getattr__ = FAMILY.module_getattr

    A table of similar APIs can be stated row by row on first use (`defer`): a row's
    specs are made when one of its classes, ops or its Python function is first asked
    for, or when `entries` (every spec) is read. `entries` lists the specs in statement
    order whatever was stated first.
    """

    def __init__(self, module: str):
        self.module = module
        self._entries: dict[str, _Entry] = {}
        self._tables: list[_Table] = []
        self._rank: dict[str, int] = {}
        self._next = 0  # (the next statement's rank)
        self._stating = -1  # (the rank of the row being stated; -1: none)
        self._declared: _RowNames | None = None
        self._in_order = True

    @property
    def entries(self) -> dict[str, _Entry]:
        """Every spec of the family by class name, in statement order (states the
        deferred rows)."""
        for table in self._tables:
            for i in range(len(table.rows)):
                self._state_row(table, i)
        if not self._in_order:
            rank = self._rank
            self._entries = dict(sorted(self._entries.items(), key=lambda kv: rank[kv[0]]))
            self._in_order = True
        return self._entries

    def add(
        self,
        class_name: str,
        spec: OpSpec,
        base: type[SpecOp] | LazyBase = SpecOp,
        attrs: Mapping[str, Any] | None = None,
    ) -> None:
        """Declare the op `class_name` of `spec`; its class subclasses `base` (a class,
        or a `lazy_base` made then), with the class attributes `attrs`
        (`__annotations__` among them: a `ClassVar` each) when it is made."""
        if spec.name in _BY_OP_NAME:
            raise ValueError(f"op {spec.name} is specified twice")
        if class_name in self._entries:
            raise ValueError(f"{self.module}: class {class_name} is specified twice")
        declared = self._declared
        if self._stating >= 0:
            if (
                declared is None
                or class_name not in declared[0]
                or spec.mnemonic not in declared[1]
                or (spec.py is not None and spec.py not in declared[2])  # (`named` misses it)
            ):
                raise ValueError(
                    f"{self.module}: a deferred row states {class_name} ({spec.name}), which "
                    f"its names do not list ({declared})"
                )
            rank = self._stating
            self._stating += 1
            if rank % _RANK_STEP == _RANK_STEP - 1:  # (the next statement's first rank)
                raise ValueError(f"{self.module}: a deferred row states {_RANK_STEP} specs")
        else:
            rank = self._next * _RANK_STEP
            self._next += 1
        entry = _Entry(class_name, spec, base, self.module, attrs=attrs)
        self._entries[class_name] = entry
        self._rank[class_name] = rank
        _BY_OP_NAME[spec.name] = entry

    def defer(self, rows: Sequence[Any], names: Callable[[Any], _RowNames], state: Any) -> None:
        """State the specs of each of `rows` (`state(row)`) when first asked for:
        `names(row)` lists what `state(row)` states (checked when it runs)."""
        if not rows:
            return
        self._tables.append(_Table(rows, names, state, self._next))
        self._next += len(rows)
        if len(self._tables) == 1:
            _DEFERRING.append(self)

    def _state_row(self, table: _Table, i: int) -> None:
        bit = 1 << i
        if table.done & bit:
            return
        with _STATING:  # (another thread asking meanwhile waits for the whole row)
            if (table.done | table.busy) & bit:
                return
            table.busy |= bit
            row = table.rows[i]
            outer = self._stating, self._declared  # (a row may ask for another's specs)
            self._declared = names = table.names(row)
            self._stating = (table.rank + i) * _RANK_STEP
            try:
                table.state(row)
            finally:
                self._stating, self._declared = outer
                table.busy &= ~bit
                table.done |= bit  # (a row that failed is not stated again: its error stands)
                self._in_order = False
            missing = [c for c in names[0] if c not in self._entries]
            if missing:
                raise ValueError(f"{self.module}: a deferred row does not state {missing}")

    def _find(self, index: int, name: str) -> None:
        """State the deferred rows whose `names(row)[index]` has `name`."""
        for table in self._tables:
            for i, row in enumerate(table.rows):
                if not table.done & (1 << i) and name in table.names(row)[index]:
                    self._state_row(table, i)

    def _entry(self, class_name: str) -> _Entry | None:
        entry = self._entries.get(class_name)
        if entry is None and self._tables:
            self._find(0, class_name)
            entry = self._entries.get(class_name)
        return entry

    def has(self, class_name: str) -> bool:
        return self._entry(class_name) is not None

    def named(self, py: str) -> list[_Entry]:
        """The specs whose Python name is `py`, in statement order (states the deferred
        rows of that name only)."""
        if self._tables:
            self._find(2, py)
        rank = self._rank
        found = [(rank[c], e) for c, e in self._entries.items() if e.spec.py == py]
        return [e for _, e in sorted(found, key=lambda re: re[0])]

    def get(self, class_name: str) -> type[SpecOp]:
        entry = self._entry(class_name)
        if entry is None:
            raise KeyError(class_name)
        return _materialize(entry)

    def classes(self) -> list[type[SpecOp]]:
        return [_materialize(e) for e in self.entries.values()]

    def specs(self) -> list[OpSpec]:
        return [e.spec for e in self.entries.values()]

    def module_getattr(self, name: str) -> type[SpecOp]:
        entry = self._entry(name)
        if entry is None:
            raise AttributeError(f"module {self.module!r} has no attribute {name!r}")
        return _materialize(entry)


class LazyBase:
    """A hand-written base class of spec ops, made when the first op class on it is
    (`lazy_base`). Making an op base class costs ~0.25 M instructions (`ABCMeta`, and
    CPython's slot lookups along a deep MRO), and a family's rarer bases (TBuf's,
    struct copies, ShapeInfo's, ...) are not a given kernel's."""

    __slots__ = ("__name__", "_cls", "_make")

    def __init__(self, make: Callable[[], type[SpecOp]]):
        self._make: Callable[[], type[SpecOp]] | None = make
        self._cls: type[SpecOp] | None = None
        self.__name__ = make.__name__

    def __call__(self) -> type[SpecOp]:
        """The class (made on the first call)."""
        if self._cls is None:
            with _STATING:  # (one class however many threads ask)
                if self._cls is None:
                    assert self._make is not None
                    made = self._make()
                    made.__qualname__ = made.__name__  # (as if stated at module level)
                    self._cls, self._make = made, None
        return self._cls

    def __repr__(self) -> str:
        return f"<lazy op base {self.__name__}{'' if self._cls is None else ' (made)'}>"


def lazy_base(make: Callable[[], type[SpecOp]]) -> LazyBase:
    """Decorate a function that defines and returns an op base class: `FAMILY.add(...,
    base)` takes the result, and the class is made with the first op class on it
    (`LazyBase`). Another lazy base subclasses it as `class B(A()):`."""
    return LazyBase(make)


def base_class(entry: _Entry) -> type[SpecOp]:
    """The base class of `entry`'s op class (a `LazyBase` made now)."""
    base = entry.base
    return base() if isinstance(base, LazyBase) else base


def _materialize(entry: _Entry) -> type[SpecOp]:
    if entry.cls is None:
        entry.cls = define_op(
            entry.spec, entry.class_name, base_class(entry), entry.module, attrs=entry.attrs
        )
        # Later lookups of the module attribute skip __getattr__.
        import sys

        setattr(sys.modules[entry.module], entry.class_name, entry.cls)
    return entry.cls


def spec_op_class(op_name: str) -> type[SpecOp] | None:
    """The class of a spec-defined op by its name (`ascendc.add_l2`), made if needed.

    Only families whose modules have been imported are known; see
    `asc_xdsl.dialects.ascendc.families`.
    """
    entry = _BY_OP_NAME.get(op_name)
    if entry is None and _DEFERRING:
        mnemonic = op_name.partition(".")[2]
        for family in _DEFERRING:
            family._find(1, mnemonic)
        entry = _BY_OP_NAME.get(op_name)
    return None if entry is None else _materialize(entry)


__all__ = [
    "ANY",
    "BOOL",
    "GM_POINTER",
    "INT",
    "SCALAR",
    "UINT64",
    "Arity",
    "ArrayArg",
    "Effect",
    "OpFamily",
    "OpSpec",
    "Operand",
    "Prop",
    "PropKind",
    "Result",
    "SpecOp",
    "TypeRule",
    "define_op",
    "elem",
    "exact",
    "global_",
    "local",
    "of_type",
    "predicate",
    "spec_op_class",
    "tensor",
]
