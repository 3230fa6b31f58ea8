"""`asc.array(dtype, length_or_values, fill_value=None)`: a small C array on the
kernel's stack (pyasc's `asc.language.core.array`), `T a[n];` plus a store per
initial value. Structs with pointer fields (`ShapeInfo(shape)`, `MrgSort4Info`,
`VdeqInfo`) take one, or a Python list that becomes one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder import IRValue, KernelBuilder, RuntimeScalar, require_jit
from asc_xdsl.language.core.utils import describe

if TYPE_CHECKING:
    from collections.abc import Sequence

    from asc_xdsl.language._typing import Scalar


class Array(IRValue):
    """A `T a[n]` array: `a[i]` reads, `a[i] = v` writes an element."""

    __slots__ = ("dtype", "length", "values")

    def __init__(self, handle: Any, dtype: DataType, length: int, values: list[Any] | None) -> None:
        super().__init__(handle)
        self.dtype, self.length = dtype, length
        self.values = values  # the initial values when all are compile-time constants

    def __len__(self) -> int:
        return self.length

    def _index(self, g: KernelBuilder, index: Any) -> Any:
        if not isinstance(index, int):
            return g.index(index)
        if not 0 <= index < self.length:
            g.fail(f"array index {index} is out of range (the array has {self.length} elements)")
        from xdsl.dialects.arith import ConstantOp
        from xdsl.dialects.builtin import IndexType, IntegerAttr

        return g.emit(ConstantOp(IntegerAttr(index, IndexType()))).result

    def __getitem__(self, index: Any) -> RuntimeScalar:
        g = require_jit("array[i]")
        from xdsl.dialects import memref

        op = g.emit(memref.LoadOp.get(self.handle, [self._index(g, index)]))
        return RuntimeScalar(op.res, self.dtype)

    def __setitem__(self, index: Any, value: Any) -> None:
        g = require_jit("array[i] = v")
        from xdsl.dialects import memref

        self.values = None  # no longer the initial values
        g.emit(
            memref.StoreOp.get(g.scalar(value, self.dtype), self.handle, [self._index(g, index)])
        )


def array(
    dtype: DataType, length_or_values: int | Sequence[Scalar], fill_value: Scalar | None = None
) -> Array:
    """`array(dtype, n[, fill_value])` or `array(dtype, [v0, v1, ...])`."""
    g = require_jit("array")
    from xdsl.dialects import memref
    from xdsl.dialects.builtin import MemRefType

    if not isinstance(dtype, DataType):
        g.fail(f"array needs a dtype such as asc.int32, got {describe(dtype)}")
    if isinstance(length_or_values, int):
        length = length_or_values
        values = None if fill_value is None else [fill_value] * length
    elif isinstance(length_or_values, list | tuple):
        if fill_value is not None:
            g.fail("array: give initial values or a fill_value, not both")
        values, length = list(length_or_values), len(length_or_values)
    else:
        g.fail(f"array needs a length or a list of values, got {describe(length_or_values)}")
    if length <= 0:
        g.fail(f"array: the length must be positive, got {length}")
    t = MemRefType(dtype.ir_type(), [length])
    result = Array(g.emit(memref.AllocaOp.get(dtype.ir_type(), shape=[length])).memref, dtype,
                   length, None)  # fmt: skip
    assert result.handle.type == t
    for i, v in enumerate(values or ()):
        result[i] = v
    constant = values is not None and all(not isinstance(v, IRValue) for v in values)
    result.values = values if constant else None
    return result


__all__ = ["Array", "array"]
