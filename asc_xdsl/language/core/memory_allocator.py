"""`LocalMemAllocator` (pyasc's `asc.language.core.memory_allocator`): hands out
consecutive LocalTensors of one physical memory, without a TPipe."""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.enums import Hardware, TPosition
from asc_xdsl.language._spec_methods import LocalMemAllocatorSpecMethods
from asc_xdsl.language.builder import IRValue, RuntimeScalar, require_jit
from asc_xdsl.language.core.tensor import LocalTensor, local_tensor
from asc_xdsl.language.core.utils import describe


class LocalMemAllocator(LocalMemAllocatorSpecMethods, IRValue):
    """`AscendC::LocalMemAllocator<hard>`."""

    __slots__ = ()

    def __init__(self, hard: Hardware = Hardware.UB) -> None:
        g = require_jit("LocalMemAllocator")
        from asc_xdsl.dialects.ascendc.mem_allocator import LocalMemAllocatorOp
        from asc_xdsl.dialects.ascendc.types import LocalMemAllocatorType

        hard = g.enum(hard, Hardware, "hard")
        op = LocalMemAllocatorOp(
            g.scalar(int(hard), dt.int32), result_types=[LocalMemAllocatorType(hard)]
        )
        super().__init__(g.emit(op).allocator)

    def alloc(self, pos: TPosition, data_type: DataType, tile_size: Any) -> LocalTensor:
        """`a.Alloc<pos, T, tileSize>()` for a constant `tile_size` (a template argument),
        `a.Alloc<pos, T>(tileSize)` for a runtime one."""
        g = require_jit("LocalMemAllocator.alloc")
        from asc_xdsl.dialects.ascendc import mem_allocator as ma
        from asc_xdsl.dialects.ascendc.types import LocalTensorType

        pos = g.enum(pos, TPosition, "pos")
        if not isinstance(data_type, DataType):
            g.fail(
                f"LocalMemAllocator.alloc: data_type must be a data type, got {describe(data_type)}"
            )
        dtype = data_type
        dynamic = isinstance(tile_size, RuntimeScalar)
        size = g.integer(tile_size, "LocalMemAllocator.alloc: tile_size", dt.int32)
        op_class = ma.LocalMemAllocatorAllocDynamicOp if dynamic else ma.LocalMemAllocatorAllocOp
        t = dtype.ir_type()
        op = g.emit(
            op_class(self.handle, size, pos=pos, dtype=t, result_types=[LocalTensorType(t)])
        )
        return local_tensor(op.result, dtype)
