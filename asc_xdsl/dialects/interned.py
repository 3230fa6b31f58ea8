"""Types and attributes the compiler makes again in every compile, made once.

Attributes are immutable, so ops may share one object; the verifier's verdict table
(`fast_verify`) recognises ops as alike by the identity of their types and attributes,
so the frontend, the specs' property builders and the enums all take them from here:
an `i32` or `4 : i32` is then the same object wherever it was made.
"""

from __future__ import annotations

import functools
from typing import Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import (
    ArrayAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import Attribute

UNIT = UnitAttr()
"""`unit` (a kernel's marks, `asc.kernel`, ...)."""


@functools.lru_cache(maxsize=1024)
def string_attr(text: str) -> StringAttr:
    """`"text"` (a struct member's name, a kernel type, ...)."""
    return StringAttr(text)


@functools.cache
def int_type(name: str) -> IntegerType | IndexType:
    """`index`, `i32`, `ui8`, ... (signless or unsigned) as a type."""
    if name == "index":
        return IndexType()
    unsigned = name.startswith("u")
    signedness = Signedness.UNSIGNED if unsigned else Signedness.SIGNLESS
    return IntegerType(int(name.lstrip("ui")), signedness)


@functools.lru_cache(maxsize=2048)
def int_attr(value: int, type_name: str) -> IntegerAttr:
    """`value : type_name` (checking the value's range costs more than most ops)."""
    return IntegerAttr(value, int_type(type_name))


def by_identity(
    table: dict[tuple[int, ...], Any], objects: tuple[Any, ...], make: Any, *args: Any
) -> Any:
    """`make(*args)`, once per sequence of objects by identity (`table` holds them with the
    result, so no id is reused while it is listed; emptied past 1,024 entries)."""
    key = tuple(map(id, objects))
    found = table.get(key)
    if found is None:
        if len(table) > 1024:
            table.clear()
        found = table[key] = (objects, make(*args))
    return found[1]


_FUNCTION_TYPES: dict[tuple[int, ...], Any] = {}


def function_type(inputs: tuple[Attribute, ...], outputs: tuple[Attribute, ...]) -> FunctionType:
    """`FunctionType.from_lists(inputs, outputs)`, once per sequence of type objects (a
    kernel's type is made again in every compile of it)."""
    return by_identity(
        _FUNCTION_TYPES, (*inputs, None, *outputs), FunctionType.from_lists, inputs, outputs
    )


_ARRAYS: dict[tuple[int, ...], Any] = {}


def array_attr(items: tuple[Attribute, ...]) -> ArrayAttr:
    """`ArrayAttr(items)`, once per sequence of attribute objects (a kernel's parameter
    attributes are the same few objects in every compile; a new array checks each)."""
    return by_identity(_ARRAYS, items, ArrayAttr, items)
