"""`ascendc-declare-py-struct`: declare each struct defined in Python once, in order.

Every `!emitasc.py_struct` that a value of the module has (a block argument or a result,
at any depth of its type: a pointer to a struct, a struct inside a struct) gets an
`emitasc.declare_py_struct` at the top of the module (after its `#define`s and
`#include`s), each after the structs its fields use, each once.

Before:

    func.func @k(%cfg: memref<?x!emitasc.py_struct<"Cfg", [!emitasc.py_struct<"Tile",
                 [i32], ["n"]>], ["tile"]>, 22>) attributes {ascendc.global} { ... }

After:

    emitasc.declare_py_struct !emitasc.py_struct<"Tile", [i32], ["n"]>
    emitasc.declare_py_struct !emitasc.py_struct<"Cfg", [!emitasc.py_struct<"Tile", ...>], ["tile"]>
    func.func @k(...) ...
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import (
    ArrayAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
)
from xdsl.ir import Attribute, ParametrizedAttribute

from asc_xdsl.dialects.emitasc import PyStructType
from asc_xdsl.transforms.generate_boilerplate import HEADERS_NEEDED, is_preamble, needed_headers
from asc_xdsl.transforms.ir_walk import ops_in, value_types
from asc_xdsl.transforms.pass_facts import offer, wanted
from asc_xdsl.utils.class_tests import is_subclass


def _structs(t: Attribute) -> Iterator[PyStructType]:
    """The py_structs in type `t`, fields before the structs that hold them."""
    parametrized, array, struct = _kind(type(t))
    if parametrized:
        for p in t.parameters:  # type: ignore[attr-defined]
            yield from _structs(p)
    elif array:
        for p in t.data:  # type: ignore[attr-defined]
            yield from _structs(p)
    if struct:
        yield t  # type: ignore[misc]


_STRUCTS_OF: dict[int, tuple[Attribute, tuple[PyStructType, ...]]] = {}
"""Type (by identity, kept alive here) -> its py_structs (`_structs`), across modules: the
frontend shares type objects between compiles."""


def _structs_of(t: Attribute) -> tuple[Attribute, tuple[PyStructType, ...]]:
    if len(_STRUCTS_OF) >= 4096:
        _STRUCTS_OF.clear()
    found = _STRUCTS_OF[id(t)] = (t, tuple(_structs(t)))
    return found


_KINDS: dict[type, tuple[bool, bool, bool]] = {}


def _kind(cls: type) -> tuple[bool, bool, bool]:
    """(parametrized, an array, a py_struct) for an attribute class, asked once per class
    (isinstance against attribute classes goes through ABCMeta)."""
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = (  # (`is_subclass`: a "no" from ABCMeta visits every subclass)
            is_subclass(cls, ParametrizedAttribute)
            and not any(is_subclass(cls, s) for s in _SCALARS),
            is_subclass(cls, ArrayAttr),
            is_subclass(cls, PyStructType),
        )
    return kind


_SCALARS = (IntegerAttr, FloatAttr, IntegerType, IndexType)
"""Parametrized attributes whose parameters hold no struct (a number and its type, a
width and signedness): not searched (a matmul type's config holds dozens)."""


_DECLARE = "emitasc.declare_py_struct"


def declare_py_structs(op: ModuleOp) -> None:
    """The pass (module docstring): each struct defined in Python declared once, in order."""
    body = op.body.block
    # (by name: a module with no struct makes no class of the declaration op)
    declared = {o.pystruct for o in body.ops if o.name == _DECLARE}
    order: list[PyStructType] = []
    ops = ops_in(op)
    types = value_types(ops)
    # Each type once, in order of first use (most values share a few type objects:
    # told apart by identity, in C, with no type hashed; equal types that are
    # different objects find the same structs, declared once).
    structs_of = _STRUCTS_OF
    for t in dict(zip(map(id, types), types, strict=True)).values():
        known = structs_of.get(id(t))
        if known is None:
            known = _structs_of(t)
        for s in known[1]:
            if s not in declared:
                declared.add(s)
                order.append(s)
    # The headers the values need, for the next pass (generate-boilerplate), when
    # the pipeline hands facts on (`pass_facts`): the declarations added need none.
    if wanted():
        offer(HEADERS_NEEDED, op, needed_headers(ops, types))
    # After the #defines and #includes the struct's field types need.
    anchor = next((o for o in body.ops if not is_preamble(o)), None)
    if order:
        from asc_xdsl.dialects.emitasc import DeclarePyStructOp
    for s in order:
        decl = DeclarePyStructOp(pystruct=s)
        if anchor is None:
            body.add_op(decl)
        else:
            body.insert_op_before(decl, anchor)
