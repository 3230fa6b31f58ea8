"""The `emitasc` dialect: C++ constructs without an Ascend C API op (pyasc's names).

For now: `emitasc.ptr_offset`, pointer arithmetic on GM pointers (`x + offset` in a
Python kernel, `__gm__ float* p = x + offset;` in Ascend C).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType
from xdsl.ir import Dialect
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class PtrOffsetOp(IRDLOperation):
    """`base + offset`: a pointer `offset` elements past `base` (same type)."""

    name = "emitasc.ptr_offset"

    base = operand_def(MemRefType)
    dynamic_offset = opt_operand_def(IndexType)
    static_offset = opt_prop_def(IntegerAttr, prop_name="staticOffset")
    result = result_def(MemRefType)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())
    assembly_format = "$base `[` $dynamic_offset `]` attr-dict `:` type($base) `,` type($result)"

    def __init__(self, base, offset):
        super().__init__(operands=[base, [offset]], result_types=[base.type])

    def verify_(self) -> None:
        if (self.dynamic_offset is None) == (self.static_offset is None):
            raise VerifyException(
                f"'{self.name}' needs exactly one of a dynamic offset and staticOffset"
            )
        base, res = self.base.type, self.result.type
        assert isinstance(base, MemRefType) and isinstance(res, MemRefType)
        if base.element_type != res.element_type or base.memory_space != res.memory_space:
            raise VerifyException(
                f"'{self.name}': result {res} must point to the same element type and "
                f"memory space as the base {base}"
            )


EmitAsc = Dialect("emitasc", [PtrOffsetOp], [])
