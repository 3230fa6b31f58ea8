"""`asc.property(name)`: a constant of the Ascend C headers (`TOTAL_L1_SIZE`, ...) as
a kernel value, spelled by its C++ name (pyasc's `asc.language.core.properties`)."""

from __future__ import annotations

import functools
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder import RuntimeScalar, require_jit
from asc_xdsl.utils.records import FrozenRecord, init_fields


class Property(FrozenRecord):
    """A named constant of the headers and its type: `name` is the C++ expression
    (`::AscendC::TOTAL_L1_SIZE`)."""

    _FIELDS = ("name", "dtype")
    __slots__ = _FIELDS

    def __init__(self, name: str, dtype: DataType) -> None:
        init_fields(self, name=name, dtype=dtype)


def property(prop: Property) -> RuntimeScalar:
    """The value of `prop`: `constexpr int32_t v = ::AscendC::TOTAL_L1_SIZE;`."""
    g = require_jit("property")
    if not isinstance(prop, Property):
        g.fail(f"property needs an asc property such as asc.TOTAL_L1_SIZE, got {prop!r}")
    from asc_xdsl.dialects.emitasc import ConstantOp

    op = g.emit(ConstantOp(value=_opaque(prop.name), result_types=[prop.dtype.ir_type()]))
    return RuntimeScalar(op.results[0], prop.dtype)


@functools.cache
def _opaque(name: str) -> Any:
    """`#emitc.opaque<"name">`, made once per name (attributes are immutable)."""
    from xdsl.dialects.builtin import StringAttr
    from xdsl.dialects.emitc import EmitC_OpaqueAttr

    return EmitC_OpaqueAttr(StringAttr(name))


DEFAULT_C0_SIZE = Property("::AscendC::DEFAULT_C0_SIZE", dt.int32)
ONE_BLK_SIZE = Property("::AscendC::ONE_BLK_SIZE", dt.int16)
TOTAL_L1_SIZE = Property("::AscendC::TOTAL_L1_SIZE", dt.int32)
TOTAL_L0C_SIZE = Property("::AscendC::TOTAL_L0C_SIZE", dt.int32)

__all__ = [
    "DEFAULT_C0_SIZE",
    "ONE_BLK_SIZE",
    "TOTAL_L0C_SIZE",
    "TOTAL_L1_SIZE",
    "Property",
    "property",
]
