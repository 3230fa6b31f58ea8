"""The framework classes: `TPipe`, `TQue`, `TBuf` (pyasc's `asc.language.fwk.tpipe`).

A TPipe owns the on-chip buffers; queues and buffers get their memory from it
(`pipe.init_buffer`) and hand out LocalTensors.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.enums import TPosition
from asc_xdsl.frontend import dtypes as dt
from asc_xdsl.frontend.context import require_jit
from asc_xdsl.frontend.dtypes import DataType
from asc_xdsl.frontend.values import IRValue
from asc_xdsl.language.core.tensor import LocalTensor, local_tensor
from asc_xdsl.language.core.utils import describe as _describe
from asc_xdsl.language.spec_functions import install_methods


class TPipe(IRValue):
    """`AscendC::TPipe`: owns the on-chip buffers of the kernel."""

    def __init__(self) -> None:
        g = require_jit("TPipe")
        from asc_xdsl.dialects.ascendc.framework import PipeOp

        super().__init__(g.emit(PipeOp()).pipe)

    def init_buffer(self, que: Any = None, num: Any = 0, len: Any = 0, *, buf: Any = None) -> None:
        """`init_buffer(que, num, len)`: `num` buffers of `len` bytes for a TQue;
        `init_buffer(buf, num)`: `num` bytes for a TBuf (pyasc's spelling)."""
        g = require_jit("TPipe.init_buffer")
        from asc_xdsl.dialects.ascendc.framework import PipeInitBufferOp, PipeInitQueueOp

        target = buf if buf is not None else que
        if isinstance(target, TBuf):
            length = len if len else num
            g.emit(PipeInitBufferOp(self.handle, target.handle, g.scalar(length, dt.int32)))
        elif isinstance(target, TQue):
            g.emit(
                PipeInitQueueOp(
                    self.handle, target.handle, g.scalar(num, dt.int32), g.scalar(len, dt.int32)
                )
            )
        else:
            g.fail(f"init_buffer needs a TQue or TBuf, got {_describe(target)}")


class TQue(IRValue):
    """`AscendC::TQue<pos, depth>`."""

    __slots__ = ("depth", "pos")

    def __init__(self, pos: TPosition = TPosition.VECIN, depth: int = 1) -> None:
        g = require_jit("TQue")
        from asc_xdsl.dialects.ascendc.framework import QueueOp
        from asc_xdsl.dialects.ascendc.types import QueueType

        self.pos = g.enum(pos, TPosition, "pos")
        self.depth = g.constexpr(depth, "depth", int)
        super().__init__(g.emit(QueueOp(QueueType(self.pos, self.depth))).queue)

    def _take(self, op_class: Any, dtype: Any, api: str) -> LocalTensor:
        g = require_jit(f"TQue.{api}")
        from asc_xdsl.dialects.ascendc.types import LocalTensorType

        if not isinstance(dtype, DataType):
            g.fail(f"TQue.{api} needs a dtype such as asc.float32, got {_describe(dtype)}")
        op = g.emit(op_class(self.handle, LocalTensorType(dtype.ir_type())))
        return local_tensor(op.tensor, dtype)

    def alloc_tensor(self, dtype: DataType) -> LocalTensor:
        from asc_xdsl.dialects.ascendc.framework import AllocTensorOp

        return self._take(AllocTensorOp, dtype, "alloc_tensor")

    def deque(self, dtype: DataType) -> LocalTensor:
        from asc_xdsl.dialects.ascendc.framework import DeQueOp

        return self._take(DeQueOp, dtype, "deque")

    def _give(self, op_class: Any, tensor: Any, api: str) -> None:
        g = require_jit(f"TQue.{api}")
        if not isinstance(tensor, LocalTensor):
            g.fail(f"TQue.{api} needs a LocalTensor, got {_describe(tensor)}")
        g.emit(op_class(self.handle, tensor.handle))

    def enque(self, tensor: LocalTensor) -> None:
        from asc_xdsl.dialects.ascendc.framework import EnQueOp

        self._give(EnQueOp, tensor, "enque")

    def free_tensor(self, tensor: LocalTensor) -> None:
        from asc_xdsl.dialects.ascendc.framework import FreeTensorOp

        self._give(FreeTensorOp, tensor, "free_tensor")


class TBuf(IRValue):
    """`AscendC::TBuf<pos>`: a raw calculation buffer."""

    __slots__ = ("pos",)

    def __init__(self, pos: TPosition = TPosition.VECCALC) -> None:
        g = require_jit("TBuf")
        from asc_xdsl.dialects.ascendc.framework import TBufOp
        from asc_xdsl.dialects.ascendc.types import TBufType

        self.pos = g.enum(pos, TPosition, "pos")
        super().__init__(g.emit(TBufOp(TBufType(self.pos))).buffer)

    def get(self, dtype: DataType, len: Any = None) -> LocalTensor:
        g = require_jit("TBuf.get")
        from asc_xdsl.dialects.ascendc.framework import TBufGetTensorOp
        from asc_xdsl.dialects.ascendc.types import LocalTensorType

        if not isinstance(dtype, DataType):
            g.fail(f"TBuf.get needs a dtype such as asc.float32, got {_describe(dtype)}")
        length = None if len is None else g.scalar(len, dt.int32)
        op = g.emit(TBufGetTensorOp(self.handle, LocalTensorType(dtype.ir_type()), length))
        return local_tensor(op.tensor, dtype)

    def get_with_offset(self, size: Any, buf_offset: Any, dtype: DataType) -> LocalTensor:
        g = require_jit("TBuf.get_with_offset")
        from asc_xdsl.dialects.ascendc.framework import TBufGetWithOffsetOp
        from asc_xdsl.dialects.ascendc.types import LocalTensorType

        op = g.emit(
            TBufGetWithOffsetOp(
                self.handle,
                g.scalar(size, dt.uint32),
                g.scalar(buf_offset, dt.uint32),
                LocalTensorType(dtype.ir_type()),
            )
        )
        return local_tensor(op.tensor, dtype)


install_methods(TPipe)
install_methods(TQue)
install_methods(TBuf)
