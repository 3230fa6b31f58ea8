"""Integer types and attributes made once per spelling and value.

Attributes are immutable, so ops may share one object; the verifier's verdict table
(`fast_verify`) recognises ops as alike by the identity of their types and attributes,
so the frontend, the specs' property builders and the enums all take them from here:
an `i32` or `4 : i32` is then the same object wherever it was made.
"""

from __future__ import annotations

import functools

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, Signedness


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
