"""`asc.LocalTensorAuto`: pyasc's automatic local tensor.

`LocalTensorAuto(dtype, shape)` is a local tensor whose on-chip buffer the compiler
chooses: it builds an `ascendc.local_tensor_auto` op, and the JIT pipeline's lowering
(`ascendc-input-output-tensor`, `-hoist-ub-allocation`, `-materialize-tensor`) gives it a
VECIN/VECOUT queue (data copied in from / out to GM) or a VECCALC TBuf; a kernel that
has one gets `insert_sync` by default, as in pyasc (docs/passes.md). The shape is an
int, a list of ints (a static shape) or of runtime ints (a dynamic size, i64 operands).
Otherwise it is a LocalTensor: every API that takes one takes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder import require_jit
from asc_xdsl.language.core.tensor import LocalTensor
from asc_xdsl.language.core.types import TensorShape
from asc_xdsl.language.core.utils import describe as _describe


class LocalTensorAuto(LocalTensor):
    """`LocalTensorAuto(dtype, shape)`: a local tensor the compiler allocates."""

    def __init__(
        self, dtype: DataType | None = None, shape: Any = None, *, handle: Any = None
    ) -> None:
        g = require_jit("LocalTensorAuto")
        if handle is not None:
            super().__init__(dtype, handle=handle)
            return
        from asc_xdsl.dialects.ascendc.misc import LocalTensorAutoOp
        from asc_xdsl.dialects.ascendc.types import LocalTensorType

        if not isinstance(dtype, DataType):
            g.fail(f"LocalTensorAuto needs a dtype such as asc.float32, got {_describe(dtype)}")
        if shape is None:
            g.fail("LocalTensorAuto needs a shape: a number of elements or a list of them")
        dims = list(shape) if isinstance(shape, Iterable) else [shape]
        if not dims:
            g.fail("LocalTensorAuto needs at least one dimension")
        if all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
            bad = [d for d in dims if d <= 0]
            if bad:
                g.fail(f"LocalTensorAuto dimensions must be positive, got {dims}")
            op = LocalTensorAutoOp([], result_types=[LocalTensorType(dtype.ir_type(), dims)])
            shape = TensorShape(dims)  # `t.shape`, as pyasc's (none for a dynamic one)
        else:
            sizes = [g.scalar(d, dt.int64) for d in dims]
            op = LocalTensorAutoOp(sizes, result_types=[LocalTensorType(dtype.ir_type())])
            shape = None
        super().__init__(dtype, handle=g.emit(op).result)
        self.shape = shape


__all__ = ["LocalTensorAuto"]
