"""The TPipe/TQue/TBuf framework: pipe and buffer creation, queue traffic, TBuf views."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import (
    AscendCOp,
    EmitKind,
    QueueTypeDirective,
    TBufTypeDirective,
    require_int,
)
from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.dialects.ascendc.types import (
    LocalTensorType,
    PipeType,
    QueBindType,
    QueueType,
    TBufType,
    TemplateArg,
)

AnyQueue = QueueType | QueBindType


def _require_buffer_position(op: AscendCOp, pos: TPosition, what: str) -> None:
    if pos in (TPosition.GM, TPosition.MAX):
        raise VerifyException(
            f"'{op.name}': {what} position {pos.keyword} is not an on-chip buffer "
            "(use vecin/vecout/veccalc, a1/b1/c1, a2/b2, co1, c2)"
        )


# ---------------------------------------------------------------------------
# Objects
# ---------------------------------------------------------------------------


@irdl_op_definition
class PipeOp(AscendCOp):
    """`AscendC::TPipe pipe;` -- owns the on-chip buffers of a kernel."""

    name = "ascendc.pipe"
    API_NAME: ClassVar[str] = "TPipe"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CONSTRUCTOR

    pipe = result_def(PipeType())
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[PipeType()])


@irdl_op_definition
class QueueOp(AscendCOp):
    """`AscendC::TQue<pos, depth> que;`."""

    name = "ascendc.queue"
    API_NAME: ClassVar[str] = "TQue"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CONSTRUCTOR

    queue = result_def(QueueType)
    custom_directives = (QueueTypeDirective,)
    assembly_format = "attr-dict `:` custom<QueueType>(type($queue))"

    def __init__(self, queue_type: QueueType):
        super().__init__(result_types=[queue_type])

    def verify_(self) -> None:
        t = self.queue.type
        assert isinstance(t, QueueType)
        _require_buffer_position(self, t.tposition, "queue")
        if t.depth.data < 1:
            raise VerifyException(f"'{self.name}': queue depth must be at least 1")


@irdl_op_definition
class TBufOp(AscendCOp):
    """`AscendC::TBuf<pos> buf;`."""

    name = "ascendc.tbuf"
    API_NAME: ClassVar[str] = "TBuf"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CONSTRUCTOR

    buffer = result_def(TBufType)
    custom_directives = (TBufTypeDirective,)
    assembly_format = "attr-dict `:` custom<TBufType>(type($buffer))"

    def __init__(self, buffer_type: TBufType):
        super().__init__(result_types=[buffer_type])

    def verify_(self) -> None:
        t = self.buffer.type
        assert isinstance(t, TBufType)
        _require_buffer_position(self, t.tposition, "buffer")


# ---------------------------------------------------------------------------
# TPipe::InitBuffer
# ---------------------------------------------------------------------------


class _PipeMemberOp(AscendCOp):
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.MEMBER_FUNCTION


@irdl_op_definition
class PipeInitQueueOp(_PipeMemberOp):
    """`pipe.InitBuffer(que, num, len)`: `num` buffers of `len` bytes for a queue."""

    name = "ascendc.pipe.init_queue"
    API_NAME: ClassVar[str] = "InitBuffer"

    pipe = operand_def(PipeType())
    queue = operand_def(AnyQueue)
    num = operand_def()
    length = operand_def()

    assembly_format = (
        "$pipe `,` $queue `,` $num `,` $length attr-dict `:` type($queue) `,` "
        "type($num) `,` type($length)"
    )

    def __init__(self, pipe, queue, num, length):
        super().__init__(operands=[pipe, queue, num, length])

    def verify_(self) -> None:
        require_int(self, self.num, "buffer count")
        require_int(self, self.length, "buffer length")


@irdl_op_definition
class PipeInitBufferOp(_PipeMemberOp):
    """`pipe.InitBuffer(tbuf, len)`: `len` bytes for a TBuf."""

    name = "ascendc.pipe.init_buffer"
    API_NAME: ClassVar[str] = "InitBuffer"

    pipe = operand_def(PipeType())
    buffer = operand_def(TBufType)
    length = operand_def()

    assembly_format = "$pipe `,` $buffer `,` $length attr-dict `:` type($buffer) `,` type($length)"

    def __init__(self, pipe, buffer, length):
        super().__init__(operands=[pipe, buffer, length])

    def verify_(self) -> None:
        require_int(self, self.length, "buffer length")


# ---------------------------------------------------------------------------
# Queue traffic
# ---------------------------------------------------------------------------


class _QueueOp(AscendCOp):
    """A member call on a TQue/TQueBind (operand 0)."""

    EMIT_KIND: ClassVar[EmitKind] = EmitKind.MEMBER_FUNCTION


class _TensorResultOp(_QueueOp):
    """`obj.Api<T>(...)`: returns a local tensor of element type T."""

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        t = self.results[0].type
        assert isinstance(t, LocalTensorType)
        return (t.element_type,)


class _TakeTensorOp(_TensorResultOp):
    """`que.Api<T>()`: a tensor out of the queue (its operands and syntax)."""

    queue = operand_def(AnyQueue)
    tensor = result_def(LocalTensorType)

    assembly_format = "$queue attr-dict `:` type($queue) `,` type($tensor)"

    def __init__(self, queue, tensor_type: LocalTensorType):
        super().__init__(operands=[queue], result_types=[tensor_type])


class _GiveTensorOp(_QueueOp):
    """`que.Api(t)`: a tensor into the queue (its operands and syntax)."""

    queue = operand_def(AnyQueue)
    tensor = operand_def(LocalTensorType)

    assembly_format = "$queue `,` $tensor attr-dict `:` type($queue) `,` type($tensor)"

    def __init__(self, queue, tensor):
        super().__init__(operands=[queue, tensor])


@irdl_op_definition
class AllocTensorOp(_TakeTensorOp):
    """`que.AllocTensor<T>()`: take a free buffer of the queue."""

    name = "ascendc.que_bind.alloc_tensor"
    API_NAME: ClassVar[str] = "AllocTensor"


@irdl_op_definition
class DeQueOp(_TakeTensorOp):
    """`que.DeQue<T>()`: take the oldest enqueued tensor (waits for its producer pipe)."""

    name = "ascendc.que_bind.deque_tensor"
    API_NAME: ClassVar[str] = "DeQue"


@irdl_op_definition
class EnQueOp(_GiveTensorOp):
    """`que.EnQue(t)`: hand a filled tensor to the consumer pipe."""

    name = "ascendc.que_bind.enque_tensor"
    API_NAME: ClassVar[str] = "EnQue"


@irdl_op_definition
class FreeTensorOp(_GiveTensorOp):
    """`que.FreeTensor(t)`: give a tensor's buffer back to the queue."""

    name = "ascendc.que_bind.free_tensor"
    API_NAME: ClassVar[str] = "FreeTensor"


# ---------------------------------------------------------------------------
# TBuf views
# ---------------------------------------------------------------------------


@irdl_op_definition
class TBufGetTensorOp(_TensorResultOp):
    """`buf.Get<T>([len])`: the whole buffer (or its first `len` elements) as a tensor."""

    name = "ascendc.tbuf.get_tensor"
    API_NAME: ClassVar[str] = "Get"

    buffer = operand_def(TBufType)
    len = opt_operand_def()
    tensor = result_def(LocalTensorType)

    assembly_format = (
        "$buffer attr-dict (`,` $len^)? `:` type($buffer) `,` type($tensor) (`,` type($len)^)?"
    )

    def __init__(self, buffer, tensor_type: LocalTensorType, length=None):
        super().__init__(
            operands=[buffer, [length] if length is not None else []],
            result_types=[tensor_type],
        )

    def verify_(self) -> None:
        if self.len is not None:
            require_int(self, self.len, "length")


@irdl_op_definition
class TBufGetWithOffsetOp(_TensorResultOp):
    """`buf.GetWithOffset<T>(size, byteOffset)`: `size` elements from a 32 B-aligned offset."""

    name = "ascendc.tbuf.get_with_offset"
    API_NAME: ClassVar[str] = "GetWithOffset"

    buffer = operand_def(TBufType)
    size = operand_def()
    buf_offset = operand_def()
    tensor = result_def(LocalTensorType)

    assembly_format = (
        "$buffer `,` $size `,` $buf_offset attr-dict `:` type($buffer) `,` type($size) `,` "
        "type($buf_offset) `,` type($tensor)"
    )

    def __init__(self, buffer, size, offset, tensor_type: LocalTensorType):
        super().__init__(operands=[buffer, size, offset], result_types=[tensor_type])

    def verify_(self) -> None:
        require_int(self, self.size, "size")
        require_int(self, self.buf_offset, "offset")


FRAMEWORK_OPS = [
    PipeOp,
    QueueOp,
    TBufOp,
    PipeInitQueueOp,
    PipeInitBufferOp,
    AllocTensorOp,
    DeQueOp,
    EnQueOp,
    FreeTensorOp,
    TBufGetTensorOp,
    TBufGetWithOffsetOp,
]
