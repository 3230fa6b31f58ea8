"""Ascend C of the irregular ops of `dialects/emitasc.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

import re
from typing import Any

from xdsl.dialects.builtin import (
    IntegerAttr,
    MemRefType,
)
from xdsl.ir import Attribute, Operation

from asc_xdsl.backends.ascendc.errors import EmissionError
from asc_xdsl.dialects.emitasc import (
    _ARG_REF,
    _IS_MEMREF,
    PyStructType,
    _item,
    opaque_attr,
)


def _cpp(emitter: Any, op: Operation, t: Attribute) -> str:
    return emitter.ctype(op, t)


CAST_SPELLINGS: dict[str, str] = {
    "emitasc.reinterpret_cast": "reinterpret_cast<{t}>({x})",
    "emitasc.cast": "({t}) {x}",
}
"""Conversion op -> `T v = <spelling>;`, `{t}` the C++ type, `{x}` the operand."""


def _print_cast(emitter: Any, op: Any) -> None:
    ctype = _cpp(emitter, op, op.result.type)
    spelling = CAST_SPELLINGS[op.name]
    emitter.declare(op, op.result, spelling.format(t=ctype, x=emitter.name(op.source)))


def _statement(emitter: Any, op: Operation, expr: str) -> None:
    """`expr;`, or `T r = expr;` for an op with a result."""
    if op.results:
        emitter.declare(op, op.results[0], expr)
    else:
        emitter.line(f"{expr};")


def _print_call_opaque(emitter: Any, op: Any) -> None:
    args = ", ".join(emitter.name(v) for v in op.callee_operands)
    _statement(emitter, op, f"{emitter.callee(op, op.callee.data)}({args})")


def _reference(emitter: Any, op: Any, pointer: MemRefType, t: Attribute) -> str:
    """`T&` for an object behind `pointer`, in the pointer's address space (`__gm__ T&`):
    a plain reference cannot bind to GM on the device."""
    from asc_xdsl.backends.ascendc.cpp_types import ADDRESS_SPACES, memory_space

    space = ADDRESS_SPACES.get(memory_space(pointer) or -1)
    return f"{space + ' ' if space else ''}{_cpp(emitter, op, t)}&"


def _print_dereference(emitter: Any, op: Any) -> None:
    ref = _reference(emitter, op, op.base.type, op.result.type)
    name = emitter.names.define(op.result)
    emitter.line(f"{ref} {name} = *{emitter.name(op.base)};")


def _print_ptr_offset(emitter: Any, op: Any) -> None:
    if op.dynamic_offset is not None:
        offset = emitter.name(op.dynamic_offset)
    else:
        offset = str(op.static_offset.value.data)
    emitter.declare(op, op.result, f"{emitter.name(op.base)} + {offset}")


def _print_variable(emitter: Any, op: Any) -> None:
    from asc_xdsl.backends.ascendc.cpp_types import float_literal, int_literal

    t = op.result.type
    if op.dynamic_init is not None:
        init = emitter.name(op.dynamic_init)
    elif isinstance(op.static_init, IntegerAttr):
        init = int_literal(op.static_init.value.data, t.element_type)
    else:
        init = float_literal(op.static_init.value.data, t.element_type)
    name = emitter.names.define(op.result)
    dims = "".join(f"[{d}]" for d in t.get_shape())
    emitter.line(f"{_cpp(emitter, op, t.element_type)} {name}{dims}{{{init}}};")


def _access(emitter: Any, op: Any) -> str:
    """`base.field`, or `base->field` through a pointer."""
    # (the fields behind `base`, `base.type` and `field`: the accessors cost a call each)
    base = _item(op._operands, 0)
    arrow = "->" if _IS_MEMREF[type(base._type)] else "."
    # a member path (`params.ndNum`) is identifiers joined by dots
    path = op.properties["field"].data.split(".")
    field = ".".join(emitter.identifier(op, "field", part) for part in path)
    return f"{emitter.name(base)}{arrow}{field}"


def _print_member(emitter: Any, op: Any) -> None:
    (result,) = op.results
    emitter.declare(op, result, _access(emitter, op))


def _print_set_member(emitter: Any, op: Any) -> None:
    emitter.line(f"{_access(emitter, op)} = {emitter.name(op.value)};")


def _field_name(op: Any) -> str:
    """The `field` named, else field `index` of a Python struct, else `var<index>`."""
    if op.field is not None:
        return op.field.data
    index, element = op.index.value.data, op.base.type.element_type
    if isinstance(element, PyStructType) and 0 <= index < len(element.names):
        return element.names.data[index].data
    return f"var{index}"


def _print_member_ptr(emitter: Any, op: Any) -> None:
    ctype = _cpp(emitter, op, op.result.type)
    field = emitter.identifier(op, "field", _field_name(op))
    expr = f"reinterpret_cast<{ctype}>(&{emitter.name(op.base)}->{field})"
    emitter.declare(op, op.result, expr)


def _print_member_ref(emitter: Any, op: Any) -> None:
    ref = _reference(emitter, op, op.base.type, op.result.type)
    name = emitter.names.define(op.result)
    field = f"{emitter.name(op.base)}->{emitter.identifier(op, 'field', _field_name(op))}"
    emitter.line(f"{ref} {name} = reinterpret_cast<{ref}>({field});")


def _print_copy_struct(emitter: Any, op: Any) -> None:
    """Copy the struct out of GM byte by byte (GM has no struct loads), as pyasc does."""
    from asc_xdsl.backends.ascendc.cpp_types import ADDRESS_SPACES, memory_space

    base_type = op.base.type
    space = ADDRESS_SPACES.get(memory_space(base_type) or -1)
    qualifier = f"{space} " if space else ""
    name = emitter.names.define(op.result)
    base = emitter.name(op.base)
    i, byte = emitter.names.claim("i"), emitter.names.claim("byte")
    emitter.line(f"{_cpp(emitter, op, op.result.type)} {name};")
    emitter.line(f"for (size_t {i} = 0; {i} < sizeof({name}); {i}++) {{")
    emitter.level += 1
    emitter.line(f"auto {byte} = reinterpret_cast<{qualifier}uint8_t*>({base})[{i}];")
    emitter.line(f"reinterpret_cast<uint8_t*>(&{name})[{i}] = {byte};")
    emitter.level -= 1
    emitter.line("};")
    emitter.names.release(i, byte)  # the loop's scope ended


def _print_declare_py_struct(emitter: Any, op: Any) -> None:
    t = op.pystruct
    if not isinstance(t, PyStructType):  # (unverified IR)
        raise EmissionError(op, f"pystruct must be a !emitasc.py_struct, got {t}")
    name = emitter.identifier(op, "struct name", t.struct_name.data)
    if len(t.types) != len(t.names):
        raise EmissionError(op, f"{len(t.types)} field types for {len(t.names)} field names")
    fields = [
        (emitter.identifier(op, "field name", field), _cpp(emitter, op, ftype))
        for field, ftype in t.fields()
    ]
    emitter.line("#pragma pack(push, 8)")
    emitter.line(f"struct {name} {{")
    emitter.level += 1
    for field, ctype in fields:
        emitter.line(f"{ctype} {field};")
    emitter.level -= 1
    emitter.line("};")
    emitter.line("#pragma pack(pop)")


def _print_verbatim(emitter: Any, op: Any) -> None:
    text = emitter.code_line(op, "code", op.value.data)
    args = list(op.args) if hasattr(op, "args") else []
    if args:  # `$N` is argument N's name
        text = re.sub(_ARG_REF, lambda m: emitter.name(args[int(m.group(1))]), text)
    emitter.line(text)


def _print_constant(emitter: Any, op: Any) -> None:
    from asc_xdsl.backends.ascendc.cpp_types import constant_qualifier, float_literal, int_literal

    value, result = op.value, op.results[0]
    if isinstance(value, opaque_attr()):
        literal = emitter.expression(op, "opaque value", value.value.data)
    elif isinstance(value, IntegerAttr):
        literal = int_literal(value.value.data, result.type)
    else:
        literal = float_literal(value.value.data, result.type)
    name = emitter.names.define(result)
    ctype = _cpp(emitter, op, result.type)
    emitter.line(f"{constant_qualifier(result.type)} {ctype} {name} = {literal};")
