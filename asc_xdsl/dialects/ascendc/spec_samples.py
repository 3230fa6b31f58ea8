"""A sample of each spec-defined op: a function whose arguments feed one instance.

Tests build, verify, print, parse and emit every op from its spec with these; docs
show them. Element types come from `spec.example`, else the first dtype the spec
supports, else f32. An operand that must be a constant (a template argument) is an
`arith.constant` (of `spec.example`'s value, else 0) instead of an argument.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    BFloat16Type,
    ComplexType,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float8E8M0FNUType,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
)
from xdsl.ir import Attribute, Block, Region

from asc_xdsl.dialects.ascendc.spec import Arity, OpSpec, Prop, PropKind, SpecOp

_DTYPES: dict[str, Attribute] = {
    "f16": Float16Type(),
    "bf16": BFloat16Type(),
    "f32": Float32Type(),
    # (Ascend 950's complex32 / complex64: the samples of the Reg ops that take only them)
    "complex<f16>": ComplexType(Float16Type()),
    "complex<f32>": ComplexType(Float32Type()),
    # (Ascend 950's 8-bit floats: the samples of the MX ops, which take only them)
    "f8E4M3FN": Float8E4M3FNType(),
    "f8E5M2": Float8E5M2Type(),
    "f8E8M0FNU": Float8E8M0FNUType(),
    **{
        f"{'u' if sign is Signedness.UNSIGNED else ''}i{w}": IntegerType(w, sign)
        for w in (8, 16, 32, 64)
        for sign in (Signedness.SIGNLESS, Signedness.UNSIGNED)
    },
}


def dtype(name: str) -> Attribute:
    found = _DTYPES.get(name)
    if found is None and name.startswith("!"):  # (a parameterless dialect type: half2, ...)
        from asc_xdsl.dialects.ascendc import LAZY_TYPES, lazy_type

        found = lazy_type(*LAZY_TYPES[name[1:]])()
    if found is None:
        raise KeyError(name)
    return found


def sample_vars(spec: OpSpec) -> dict[str, Attribute]:
    variables: dict[str, Attribute] = {}
    for o in (*spec.operands, *spec.results):  # (a result's variable: `Cast<T, S>`'s T)
        var = o.type.var
        if var is None or var in variables:
            continue
        name = spec.example.get(var) or (spec.dtypes.get(var) or ("f32",))[0]
        variables[var] = dtype(name)
    variables.setdefault("T", dtype("f32"))
    return variables


def sample_op(cls: type[SpecOp]) -> tuple[ModuleOp, SpecOp]:
    """A module with `func.func @sample(args) { op; return }` for `cls`."""
    spec = cls.SPEC
    variables = sample_vars(spec)
    arg_types: list[Attribute] = []
    names: list[str] = []
    groups: list[tuple[int, int]] = []  # (first argument, count) per operand
    constants: dict[str, arith.ConstantOp] = {}  # template-argument operands
    for o in spec.operands:
        if o.const:
            t = o.type.sample(variables)
            constants[o.name] = arith.ConstantOp(IntegerAttr(spec.example.get(o.name, 0), t))
            groups.append((-1, 0))
            continue
        count = {Arity.SINGLE: 1, Arity.OPTIONAL: 1, Arity.VARIADIC: 2}[o.arity]
        if o.arity is not Arity.SINGLE:
            # an API may take a fixed number (`[16]` arrays); an optional operand that
            # cannot be a function argument (a static object) is left out with 0
            count = spec.example.get(o.name, count)
        groups.append((len(arg_types), count))
        for i in range(count):
            arg_types.append(o.type.sample(variables))
            names.append(o.name if count == 1 else f"{o.name}{i}")
    block = Block(arg_types=arg_types)
    for arg, name in zip(block.args, names, strict=True):
        arg.name_hint = name
    operands: list[Any] = []
    for o, (first, count) in zip(spec.operands, groups, strict=True):
        if o.name in constants:
            operands.append(constants[o.name].result)
            continue
        values = list(block.args[first : first + count])
        operands.append(values if o.arity is Arity.VARIADIC else (values or [None])[0])
    props: Mapping[str, Any] = {p.name: _sample_prop(spec, p) for p in spec.props}
    results = [r.type.sample(variables) for r in spec.results]
    op = cls(*operands, result_types=results, **props)
    block.add_ops([*constants.values(), op, func.ReturnOp()])
    f = func.FuncOp("sample", (arg_types, []), Region(block))
    module = ModuleOp([f])
    complete = getattr(cls, "complete_sample", None)
    if complete is not None:  # an op valid only in some context (a vector function, a SoC)
        complete(module, f, op)
    return module, op


def _sample_prop(spec: OpSpec, p: Prop) -> Any:
    """`spec.example`'s value of property `p` (a type by its dtype name, or itself), else none for an
    optional one, the first enum value, a set flag, f32, "sample", `0 : i32` or 0."""
    value = spec.example.get(p.name)
    if p.kind is PropKind.TYPE:
        # a dtype name, or the type itself (`!ascendc.matmul<...>`)
        return value if isinstance(value, Attribute) else dtype(value or "f32")
    if value is not None or p.optional:
        return value
    if p.kind is PropKind.ENUM:
        return next(iter(p.enum))  # type: ignore[arg-type]
    if p.kind is PropKind.STRING:
        return "sample"
    if p.kind is PropKind.ATTR:
        return IntegerAttr(0, IntegerType(32))
    return 0 if p.kind is PropKind.INT else True
