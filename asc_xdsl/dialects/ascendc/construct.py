"""`ascendc.construct`: build a parameter struct or enum value
(`AscendC::DataCopyParams v{...};`).

Which field counts a struct accepts, and each field's C++ and IR type, come from
`struct_fields.STRUCT_FIELDS`, generated from the Ascend C headers: its constructors'
parameters, or an aggregate's data members in order, or an enum's one value. The
verifier checks the count and each operand's kind; the printer converts each operand
to its field's type (a braced initialiser must not narrow).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    BFloat16Type,
    CallSiteLoc,
    ComplexType,
    FileLineColLoc,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NameLoc,
    NoneAttr,
    Signedness,
    TypeAttribute,
    UnitAttr,
    UnknownLoc,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    opt_prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc import struct_fields
from asc_xdsl.dialects.ascendc.adv_types import MatmulType
from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE, AscendCOp, EmitKind, is_scalar
from asc_xdsl.dialects.ascendc.param_types import PARAM_TYPES
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES
from asc_xdsl.dialects.ascendc.types import ASCENDC_TYPES, AscendCType, TensorType
from asc_xdsl.dialects.fast_build import irdl_init
from asc_xdsl.utils.records import FrozenRecord, init_fields

# IR spellings of the table's scalar types.
_SCALARS: dict[str, Attribute] = {
    "i1": IntegerType(1),
    **{f"i{w}": IntegerType(w) for w in (8, 16, 32, 64)},
    **{f"ui{w}": IntegerType(w, Signedness.UNSIGNED) for w in (8, 16, 32, 64)},
    "f16": Float16Type(),
    "bf16": BFloat16Type(),
    "f32": Float32Type(),
    "f64": Float64Type(),
}

_LOCATIONS = (UnknownLoc, FileLineColLoc, CallSiteLoc, NameLoc)
"""What `loc(...)` parses to (FusedLoc aside: not printed by our passes)."""


@cache
def _types_by_name() -> dict[str, type[AscendCType]]:
    return {t.name: t for t in (*ASCENDC_TYPES, *STRUCT_TYPES.values(), *PARAM_TYPES)}


class StructField(FrozenRecord):
    """One field of a braced initialiser, as the headers declare it: `cpp` is the C++
    type ("uint16_t", "AscendC::CO2Layout", "T", "__gm__ void*"), `ir` its IR type
    (None when it is the template argument, unknown), `role` value | enum | struct |
    pointer (see struct_fields)."""

    _FIELDS = ("name", "cpp", "ir", "role")
    __slots__ = _FIELDS

    def __init__(self, name: str, cpp: str, ir: Attribute | None, role: str) -> None:
        init_fields(self, name=name, cpp=cpp, ir=ir, role=role)


def _ir_type(spelling: str, element: Attribute | None) -> Attribute | None:
    """The IR type a table entry spells (`ui16`, `T`, `memref<?xui8, 22>`, `!ascendc.x<T>`)."""
    if spelling in _SCALARS:
        return _SCALARS[spelling]
    if spelling == "T":
        return element
    if spelling.startswith("memref<?x"):
        inner = spelling.removeprefix("memref<?x").removesuffix(">")
        elem, _, space = inner.partition(", ")
        memory = IntegerAttr(int(space), i32) if space else NoneAttr()
        return MemRefType(_SCALARS[elem], [DYNAMIC_INDEX], memory_space=memory)
    name, _, param = spelling.removeprefix("!").partition("<")
    cls: Any = _types_by_name()[name]
    if not param:
        return cls()
    if element is None:
        return None
    return cls(element) if not issubclass(cls, TensorType) else cls(element, ())


def struct_entry(t: Attribute) -> dict[str, Any] | None:
    """The table entry of the C++ class a type stands for, or None."""
    cpp = getattr(t, "CPP_CLASS", None)
    return struct_fields.struct_entry(cpp) if cpp else None


def carried_element(t: Attribute) -> Attribute | None:
    """The template argument a struct type carries (`!ascendc.x<f16>`), or None."""
    element = getattr(t, "element_type", None)
    return element if isinstance(element, TypeAttribute) else None


def _form(entry: dict[str, Any], count: int) -> tuple[struct_fields.Field, ...] | None:
    kind = entry["kind"]
    if kind == "aggregate":
        fields = entry["fields"]
        return fields[:count] if count <= len(fields) else None
    if kind == "enum":
        return () if count == 0 else None  # the one value is built by `fields()`
    forms = entry.get("forms", {})
    if count in forms:
        return forms[count]
    extra = struct_fields.PYASC_SHORT_FORMS.get(entry["cpp"], {})
    if count in extra:
        full = count + len(extra[count])
        return forms[full][:count] if full in forms else None
    return None


def accepted_counts(entry: dict[str, Any]) -> list[int]:
    kind = entry["kind"]
    if kind == "aggregate":
        return list(range(len(entry["fields"]) + 1))
    if kind == "enum":
        return [0, 1]
    return sorted({*entry.get("forms", {}), *struct_fields.PYASC_SHORT_FORMS.get(entry["cpp"], {})})


@irdl_op_definition
class ConstructOp(AscendCOp):
    """Construct a value of an AscendC struct type from its fields, in the order of
    one of its C++ constructors (or an aggregate's members, or an enum's value).

    `types`, when present, gives the IR type of each field; it must agree with the
    headers' field types, and it states a template argument the struct type does not
    carry (`!ascendc.aipp_padding_params(...) [ui32, i8, i8, i8, i8]` is
    `AippPaddingParams<int8_t>`).
    """

    name = "ascendc.construct"
    API_NAME: ClassVar[str] = ""
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CUSTOM

    operands_ = var_operand_def()
    types = opt_prop_def(ArrayAttr[TypeAttribute])
    is_constexpr = opt_prop_def(UnitAttr, prop_name="isConstexpr")
    is_static = opt_prop_def(UnitAttr, prop_name="isStatic")
    result = result_def()

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())
    assembly_format = (
        "type($result) `(` ($operands_^)? `)` ($types^)? (`constexpr` $isConstexpr^)? "
        "(`static` $isStatic^)? attr-dict (`:` type($operands_)^)?"
    )

    def __init__(self, result_type, fields=(), field_types=None):
        props = {}
        if field_types is not None:
            props["types"] = ArrayAttr(field_types)
        operands = [list(fields)]
        if not irdl_init(self, operands, [result_type], props):  # (IRDL's for odd arguments)
            super().__init__(operands=operands, result_types=[result_type], properties=props)

    # -- the headers' view of this construction --------------------------------------

    def entry(self) -> dict[str, Any] | None:
        return struct_entry(self.result.type)

    def template_element(self) -> Attribute | None:
        """The struct's template argument T: the type's own, else the type `[types]`
        or the operands give to fields of type T, else that of a field struct built
        by another construct. None when the struct is not a template or T is unknown."""
        entry = self.entry()
        if entry is None or not entry.get("template"):
            return None
        own = carried_element(self.result.type)
        if own is not None:
            return own
        candidates = self._element_candidates(entry)
        return candidates[0] if len(set(candidates)) == 1 else None

    def _element_candidates(self, entry: dict[str, Any]) -> list[Attribute]:
        form = _form(entry, len(self.operands_)) or ()
        given = self.types.data if self.types is not None else None
        found: list[Attribute] = []
        for i, (_, cpp, ir, role) in enumerate(form):
            value = self.operands_[i]
            if ir == "T":
                found.append(given[i] if given is not None else value.type)
            elif role == "struct" and cpp.endswith("<T>"):
                owner = value.owner
                inner = owner.template_element() if isinstance(owner, ConstructOp) else None
                inner = inner or carried_element(value.type)
                if inner is not None:
                    found.append(inner)
        return found

    def fields(self) -> list[StructField]:
        """The fields the operands initialise (VerifyException when the headers accept
        no braced initialiser with that many fields)."""
        entry = self.entry()
        rtype, n = self.result.type, len(self.operands_)
        if entry is None:
            return [
                StructField(f"field{i}", "", v.type, "value") for i, v in enumerate(self.operands_)
            ]
        if entry["kind"] == "enum":
            if n > 1:
                raise VerifyException(
                    f"'{self.name}': {entry['cpp']} is an enum: it takes one value, not {n}"
                )
            return [StructField("value", entry["cpp"], rtype, "enum")] * n
        form = _form(entry, n)
        if form is None:
            counts = ", ".join(str(c) for c in accepted_counts(entry)) or "none"
            raise VerifyException(
                f"'{self.name}': {entry['cpp']} cannot be built from {n} field{'' if n == 1 else 's'} "
                f"(accepted field counts: {counts}; see {entry.get('header', 'the headers')})"
            )
        element = self.template_element()
        return [StructField(name, cpp, _ir_type(ir, element), role) for name, cpp, ir, role in form]

    def field_types(self) -> Sequence[Attribute]:
        """The IR type each operand is converted to: an enum's underlying integer, and
        an operand's own type where it is passed as it is (structs, arrays)."""
        entry = self.entry()
        underlying = _SCALARS[entry["underlying"][1]] if entry and entry["kind"] == "enum" else None
        types: list[Attribute] = []
        for f, v in zip(self.fields(), self.operands_, strict=True):
            if f.role == "enum":
                enum = struct_entry(f.ir) if f.ir is not None else None
                scalar = underlying or (_SCALARS[enum["underlying"][1]] if enum else f.ir)
                types.append(scalar if scalar is not None and is_scalar(v.type) else v.type)
            elif f.role == "value" and f.ir is not None:
                types.append(f.ir)
            else:
                types.append(v.type)
        return types

    # -- verification -------------------------------------------------------------

    def verify_(self) -> None:
        rtype = self.result.type
        n = len(self.operands_)
        if isinstance(rtype, MatmulType):  # a matmul object: default-constructed
            if n:
                raise VerifyException(f"'{self.name}': a matmul object takes no fields")
            return
        from asc_xdsl.dialects.emitasc import PyStructType

        if isinstance(rtype, PyStructType):  # `Name v;`, its fields then set one by one
            if n:
                raise VerifyException(
                    f"'{self.name}': a Python-defined struct is built without fields "
                    "(`Name v;`); set them with emitasc.set_member"
                )
            return
        entry = self.entry()
        if entry is None:
            raise VerifyException(
                f"'{self.name}': cannot construct {rtype} (constructible: the parameter "
                "structs and enums, !ascendc.shape_info, the data copy parameters and "
                "!ascendc.matmul)"
            )
        if entry["kind"] == "undeclared":
            raise VerifyException(
                f"'{self.name}': {rtype} stands for {entry['cpp']}, which the Ascend C "
                "headers do not declare"
            )
        if entry["kind"] == "template":
            raise VerifyException(
                f"'{self.name}': {entry['cpp']} is a class template over values {rtype} "
                "does not state"
            )
        self._verify_family_constructor(entry, n)
        fields = self.fields()
        if self.types is not None and len(self.types) != n:
            raise VerifyException(f"'{self.name}': {len(self.types)} field types for {n} fields")
        self._verify_template(entry)
        given = self.types.data if self.types is not None else (None,) * n
        for i, (f, value, t) in enumerate(zip(fields, self.operands_, given, strict=True)):
            where = f"field {i} ({f.name}) of {entry['cpp']}"
            if t is not None and f.ir is not None and not _agrees(t, f):
                raise VerifyException(f"'{self.name}': {where} is {f.ir}, not {t}")
            problem = _operand_problem(value, f)
            if problem is not None and _complex_value(value.type, f, self.result.type):
                problem = None
            if problem is not None:
                raise VerifyException(f"'{self.name}': {where} {problem}, got {value.type}")
            if f.role == "enum":
                _verify_builtin_enum(self, where, f.cpp, value)

    def _verify_family_constructor(self, entry: dict[str, Any], n: int) -> None:
        """A struct whose constructors differ on the module's SoC family (family_dtypes)."""
        from asc_xdsl.dialects.ascendc.family_dtypes import FAMILY_CONSTRUCTORS
        from asc_xdsl.dialects.ascendc.target import soc_family

        family = soc_family(self)
        counts = FAMILY_CONSTRUCTORS.get(family or "", {}).get(entry["cpp"])
        if counts is not None and n not in counts:
            raise VerifyException(
                f"'{self.name}': on {family} {entry['cpp']} is constructed from "
                f"{' or '.join(map(str, counts))} fields, not {n}"
            )

    def _verify_template(self, entry: dict[str, Any]) -> None:
        if not entry.get("template") or carried_element(self.result.type) is not None:
            return
        candidates = list(dict.fromkeys(self._element_candidates(entry)))
        if len(candidates) > 1:
            raise VerifyException(
                f"'{self.name}': the fields of {entry['cpp']}<T> disagree on T: "
                f"{', '.join(str(c) for c in candidates)} (give [types])"
            )
        if not candidates:
            raise VerifyException(
                f"'{self.name}': {entry['cpp']} is a class template and {self.result.type} "
                "does not say its element type: give the fields of type T (their types, "
                "or [types], state it)"
            )


_declarative_parse = ConstructOp.parse


def _parse_construct(cls: type[ConstructOp], parser: Any) -> ConstructOp:
    """The format's optional `$types` takes any attribute, so the `loc(...)` after a
    construction without operands reads as its types: a location there is the op's own
    (the disk cache prints modules with their locations)."""
    op = _declarative_parse.__func__(cls, parser)  # type: ignore[attr-defined]
    types = op.properties.get("types")
    if isinstance(types, _LOCATIONS):
        del op.properties["types"]
        op.location = types
    return op


ConstructOp.parse = classmethod(_parse_construct)  # type: ignore[method-assign, assignment]


def _agrees(given: Attribute, f: StructField) -> bool:
    """Whether a `[types]` entry names the field's type (any array for an array). For
    a number field any number type agrees: the printer converts the value to the type
    the headers declare (pyasc's lists often name another width or signedness)."""
    if f.role == "value" and is_scalar(given):
        return True
    if f.role == "pointer":
        return (
            isinstance(given, MemRefType)
            and isinstance(f.ir, MemRefType)
            and (given.element_type == f.ir.element_type or f.cpp.endswith("void*"))
        )
    if f.role == "enum":
        enum = struct_entry(f.ir)
        return given == f.ir or (enum is not None and given == _SCALARS[enum["underlying"][1]])
    return _same_struct(given, f.ir)


def _same_struct(t: Attribute, field: Attribute | None) -> bool:
    """`t` is the struct or tensor type `field`: a tensor of any shape with its element
    type; a template struct alike, or with its element type left unstated on one side
    (`!x` for `!x<i8>`: the value's T comes from its own fields)."""
    if isinstance(field, TensorType):
        return type(t) is type(field) and t.element_type == field.element_type  # type: ignore[attr-defined]
    return t == field or (
        type(t) is type(field) and (carried_element(field) is None or carried_element(t) is None)  # type: ignore[arg-type]
    )


def _complex_value(t: Attribute, f: StructField, result: Attribute) -> bool:
    """A complex value for a value field of a struct over that complex T (3510's
    `DataCopyPadExtParams<complex64>`: its `paddingValue` is a T)."""
    return f.role == "value" and isinstance(t, ComplexType) and carried_element(result) == t


def _operand_problem(value: SSAValue, f: StructField) -> str | None:
    """Why `value` cannot initialise field `f`, or None."""
    t = value.type
    if f.role == "value":
        return None if is_scalar(t) else "must be a scalar"
    if f.role == "enum":
        return None if t == f.ir or is_scalar(t) else f"must be an integer or {f.ir}"
    if f.role == "pointer":
        if not isinstance(t, MemRefType):
            return "must be an array (a memref)"
        gm = isinstance(f.ir, MemRefType) and _space(f.ir) == GM_MEMORY_SPACE
        if gm != (_space(t) == GM_MEMORY_SPACE):
            return "must be a global memory pointer" if gm else "must be a local array"
        return None
    # A struct (or tensor) field: a value of that type (any shape for a tensor).
    if f.ir is None:  # a template struct whose T is unknown: reported on its own
        return None if isinstance(t, AscendCType) else "must be a struct"
    return None if _same_struct(t, f.ir) else f"must be {f.ir}"


def _space(t: MemRefType) -> int | None:
    space = t.memory_space
    return space.value.data if isinstance(space, IntegerAttr) else None


MISC_OPS = [ConstructOp]


def _verify_builtin_enum(op: Operation, where: str, cpp: str, value: SSAValue) -> None:
    """A constant of a compiler-builtin enum (`cube.BUILTIN_ENUMS`: QuantMode_t, pad_t) is
    one of the language's numbers: the printer names it, and no name has another."""
    owner = value.owner
    attr = owner.properties.get("value") if isinstance(owner, Operation) else None
    if not isinstance(attr, IntegerAttr) or owner.name != "arith.constant":
        return
    from asc_xdsl.dialects.ascendc.cube import BUILTIN_ENUMS

    known = BUILTIN_ENUMS.get(cpp)
    if known is None:
        return
    names, common = known
    number = attr.value.data
    if not 0 <= number < len(names):
        raise VerifyException(
            f"'{op.name}': {where} is {number}, not a {cpp} (0 .. {len(names) - 1}: "
            f"{', '.join(names)})"
        )
    from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
    from asc_xdsl.soc import ATLAS_A2_A3

    if number >= common and soc_family(op) == ATLAS_A2_A3:
        raise VerifyException(
            f"'{op.name}': {where} is {cpp}::{names[number]}, an Ascend 950 mode; the module "
            f"is compiled for {declared_soc(op)} ({ATLAS_A2_A3}), whose {cpp} ends at "
            f"{names[common - 1]}"
        )
