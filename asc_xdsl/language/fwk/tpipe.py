"""The framework classes: `TPipe`, `TQue`, `TBuf` (pyasc's `asc.language.fwk.tpipe`).

A TPipe owns the on-chip buffers; queues and buffers get their memory from it
(`pipe.init_buffer`) and hand out LocalTensors.
"""

from __future__ import annotations

import functools
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.enums import TPosition
from asc_xdsl.language._spec_methods import (
    TBufPoolSpecMethods,
    TPipeSpecMethods,
    TQueBindSpecMethods,
)
from asc_xdsl.language.builder import IRValue, KernelBuilder, require_jit
from asc_xdsl.language.core.tensor import LocalTensor, local_tensor, local_tensor_type
from asc_xdsl.language.core.utils import check_tensors, overloads
from asc_xdsl.language.core.utils import describe as _describe

# pyasc's two forms of TPipe/TBufPool.init_buffer (a TBuf positionally works too)
_INIT_BUFFER = overloads(lambda self, que, num=0, len=0: None, lambda self, buf, num=0: None)


class TPipe(TPipeSpecMethods, IRValue):
    """`AscendC::TPipe`: owns the on-chip buffers of the kernel. The first one a kernel
    makes is the one `get_tpipe_ptr()` gives (`GetTPipePtr()`)."""

    def __init__(self) -> None:
        g = require_jit("TPipe")
        from asc_xdsl.dialects.ascendc.framework import PipeOp

        super().__init__(g.emit(PipeOp()).pipe)
        g.note_tpipe(self)

    @_INIT_BUFFER
    def init_buffer(self, que: Any = None, num: Any = 0, len: Any = 0, *, buf: Any = None) -> None:
        """`init_buffer(que, num, len)`: `num` buffers of `len` bytes for a TQue;
        `init_buffer(buf, num)`: `num` bytes for a TBuf (pyasc's spelling)."""
        _init_buffer(self, "TPipe", que, num, len, buf, num_is_length=True)

    def get_base_addr(self, logic_pos: TPosition | None = None) -> Any:
        """`pipe.GetBaseAddr(logicPos)`: where the buffer of position `logic_pos` starts.
        The position is required (GetBaseAddr has no default): pyasc's default, None,
        is refused, as pyasc refuses it."""
        g = require_jit("TPipe.get_base_addr")
        if logic_pos is None:
            g.fail("TPipe.get_base_addr needs logic_pos, the TPosition whose buffer it asks for")
        return _spec_method("TPipe", "get_base_addr")(self, logic_pos)


def _init_buffer(
    owner: IRValue, api: str, que: Any, num: Any, len: Any, buf: Any, num_is_length: bool
) -> None:
    """`owner.InitBuffer(que, num, len)` or `owner.InitBuffer(tbuf, len)` (a TPipe's or a
    TBufPool's memory); for a TBuf, pyasc's TPipe takes the length as `num`."""
    g = require_jit(f"{api}.init_buffer")
    from asc_xdsl.dialects.ascendc import framework as fw

    target = buf if buf is not None else que
    pipe = isinstance(owner, TPipe)
    if isinstance(target, TBuf):
        length = len if len or not num_is_length else num
        op = fw.PipeInitBufferOp if pipe else fw.TBufPoolInitBufferOp
        g.emit(op(owner.handle, target.handle, g.scalar(length, dt.int32)))
    elif isinstance(target, TQueBind):
        op = fw.PipeInitQueueOp if pipe else fw.TBufPoolInitQueueOp
        g.emit(op(owner.handle, target.handle, g.scalar(num, dt.int32), g.scalar(len, dt.int32)))
    else:
        g.fail(f"{api}.init_buffer needs a TQue, TQueBind or TBuf, got {_describe(target)}")


@functools.cache
def _spec_method(cls: str, name: str) -> Any:
    """The function made from the member op spec `cls.name` (its object first)."""
    from asc_xdsl.language.spec_functions import spec_functions

    return spec_functions(cls)[name]


def _one_of(dtype: Any, tensor: Any) -> Any:
    """The dtype, or the tensor of the in-place form given by keyword (pyasc's `tensor=`)."""
    return tensor if tensor is not None else dtype


def get_tpipe_ptr() -> TPipe:
    """`GetTPipePtr()`: the kernel's TPipe (the first one it made)."""
    g = require_jit("get_tpipe_ptr")
    pipe = g.first_tpipe()
    if pipe is None:
        g.fail("get_tpipe_ptr: the kernel has made no asc.TPipe() yet")
    return pipe


class TQueBind(TQueBindSpecMethods, IRValue):
    """`AscendC::TQueBind<src, dst, depth>`: a queue from position `src` to `dst`
    (depth 0: an in-place queue, whose tensors the caller provides)."""

    __slots__ = ()

    def __init__(
        self,
        src: TPosition = TPosition.VECIN,
        dst: TPosition = TPosition.VECIN,
        depth: int = 0,
        mask: int = 0,
    ) -> None:
        g = require_jit("TQueBind")
        from asc_xdsl.dialects.ascendc.framework import QueBindOp
        from asc_xdsl.dialects.ascendc.types import QueBindType

        src = g.enum(src, TPosition, "src")
        dst = g.enum(dst, TPosition, "dst")
        depth = g.constexpr(depth, "depth", int)
        if g.constexpr(mask, "mask", int):
            g.fail(
                "TQueBind: a non-zero mask has no Ascend C form here (TQueBind<src, dst, depth>)"
            )
        super().__init__(g.emit(QueBindOp(QueBindType(src, dst, depth))).que_bind)

    def _api(self, method: str) -> str:
        return f"{type(self).__name__}.{method}"

    def _take(self, op_name: str, dtype: Any, method: str, positions: tuple = ()) -> Any:
        """`que.AllocTensor<T>()`/`DeQue<T>()`: a new tensor of `dtype`; given a
        LocalTensor instead, the in-place form fills it and returns None."""
        g = require_jit(self._api(method))
        from asc_xdsl.dialects.ascendc import framework as fw

        if isinstance(dtype, LocalTensor):
            if positions:
                g.fail(f"{self._api(method)}: the in-place form takes no positions")
            g.emit(getattr(fw, op_name + "InPlaceOp")(self.handle, dtype.handle))
            return None
        if not isinstance(dtype, DataType):
            g.fail(
                f"{self._api(method)} needs a dtype such as asc.float32 (or a LocalTensor "
                f"to fill), got {_describe(dtype)}"
            )
        t = local_tensor_type(dtype)
        if positions:
            src, dst = self._positions(g, method, positions)
            op = g.emit(
                fw.DeQuePosOp(self.handle, src_user_pos=src, dst_user_pos=dst, result_types=[t])
            )
        else:
            op = g.emit(getattr(fw, op_name + "Op")(self.handle, t))
        return local_tensor(op.tensor, dtype)

    def _positions(
        self, g: KernelBuilder, method: str, positions: tuple
    ) -> tuple[TPosition, TPosition]:
        src, dst = positions
        if src is None or dst is None:
            g.fail(f"{self._api(method)}: give both src_user_pos and dst_user_pos, or neither")
        return g.enum(src, TPosition, "src_user_pos"), g.enum(dst, TPosition, "dst_user_pos")

    @overloads(lambda self, dtype: None, lambda self, tensor: None)
    def alloc_tensor(self, dtype: Any = None, *, tensor: Any = None) -> LocalTensor | None:
        """`alloc_tensor(dtype)` -> a LocalTensor; `alloc_tensor(tensor)`: in place."""
        return self._take("AllocTensor", _one_of(dtype, tensor), "alloc_tensor")

    @overloads(
        lambda self, dtype, src_user_pos=None, dst_user_pos=None: None,
        lambda self, tensor: None,
    )
    def deque(
        self,
        dtype: Any = None,
        src_user_pos: TPosition | None = None,
        dst_user_pos: TPosition | None = None,
        *,
        tensor: Any = None,
    ) -> LocalTensor | None:
        """`deque(dtype[, src_user_pos, dst_user_pos])` -> a LocalTensor;
        `deque(tensor)`: in place."""
        given = (src_user_pos, dst_user_pos) != (None, None)
        return self._take(
            "DeQue", _one_of(dtype, tensor), "deque", (src_user_pos, dst_user_pos) if given else ()
        )

    def _give(self, tensor: Any, method: str) -> Any:
        g = require_jit(self._api(method))
        if not isinstance(tensor, LocalTensor):
            g.fail(f"{self._api(method)} needs a LocalTensor, got {_describe(tensor)}")
        return g

    def enque(
        self,
        tensor: LocalTensor,
        src_user_pos: TPosition | None = None,
        dst_user_pos: TPosition | None = None,
    ) -> None:
        """`que.EnQue(t[, srcUserPos, dstUserPos])`: gives the tensor to the queue's consumer."""
        g = self._give(tensor, "enque")
        from asc_xdsl.dialects.ascendc import framework as fw

        if (src_user_pos, dst_user_pos) == (None, None):
            g.emit(fw.EnQueOp(self.handle, tensor.handle))
            return
        src, dst = self._positions(g, "enque", (src_user_pos, dst_user_pos))
        g.emit(fw.EnQuePosOp(self.handle, tensor.handle, src_user_pos=src, dst_user_pos=dst))

    def free_tensor(self, tensor: LocalTensor) -> None:
        """`que.FreeTensor(t)`: gives the tensor's buffer back to the queue."""
        g = self._give(tensor, "free_tensor")
        from asc_xdsl.dialects.ascendc.framework import FreeTensorOp

        g.emit(FreeTensorOp(self.handle, tensor.handle))


class TQue(TQueBind):
    """`AscendC::TQue<pos, depth>` (a TQueBind whose positions its position implies)."""

    __slots__ = ("depth", "pos")

    def __init__(self, pos: TPosition = TPosition.VECIN, depth: int = 1, mask: int = 0) -> None:
        g = require_jit("TQue")
        from asc_xdsl.dialects.ascendc.framework import QueueOp

        self.pos = g.enum(pos, TPosition, "pos")
        self.depth = g.constexpr(depth, "depth", int)
        if g.constexpr(mask, "mask", int):
            g.fail("TQue: a non-zero mask has no Ascend C form here (TQue<pos, depth>)")
        IRValue.__init__(self, g.emit(QueueOp(_queue_type(self.pos, self.depth))).queue)


def _tensor_shape(g: KernelBuilder, shape: Any) -> Any:
    """`shape` as a TensorShape of positive compile-time extents, or a located error."""
    from asc_xdsl.language.core.types import TensorShape

    try:
        dims = TensorShape(shape)
    except TypeError as e:
        g.fail(f"TBuf.get: shape: {e}")
    if not dims or any(d <= 0 for d in dims):
        g.fail(f"TBuf.get: shape needs positive extents, got {tuple(dims)}")
    return dims


@functools.cache
def _queue_type(pos: TPosition, depth: int) -> Any:
    """`!ascendc.queue<pos, depth>`, made once per position and depth."""
    from asc_xdsl.dialects.ascendc.types import QueueType

    return QueueType(pos, depth)


class TBuf(IRValue):
    """`AscendC::TBuf<pos>`: a raw calculation buffer."""

    __slots__ = ("pos",)

    def __init__(self, pos: TPosition = TPosition.VECCALC) -> None:
        g = require_jit("TBuf")
        from asc_xdsl.dialects.ascendc.framework import TBufOp
        from asc_xdsl.dialects.ascendc.types import TBufType

        self.pos = g.enum(pos, TPosition, "pos")
        super().__init__(g.emit(TBufOp(TBufType(self.pos))).buffer)

    @overloads(lambda self, dtype, shape=None: None, lambda self, dtype, len=None, shape=None: None)
    def get(self, dtype: DataType, len: Any = None, shape: Any = None) -> LocalTensor:
        """`buf.Get<T>([len])`: the whole buffer, or its first `len` elements. With a
        `shape` (a TensorShape, or a list or tuple of ints, also in `len`'s place as
        pyasc's first form has it) the tensor has that many elements (`Get<T>(size)`)
        and that `shape`; a `len` given too must be the same size."""
        g = require_jit("TBuf.get")
        from asc_xdsl.dialects.ascendc.framework import TBufGetTensorOp

        if not isinstance(dtype, DataType):
            g.fail(f"TBuf.get needs a dtype such as asc.float32, got {_describe(dtype)}")
        if shape is None and isinstance(len, list | tuple):
            len, shape = None, len  # get(dtype, shape): pyasc's first form
        dims = None if shape is None else _tensor_shape(g, shape)
        if dims is not None:
            if len is None:
                len = dims.size()
            elif isinstance(len, IRValue) or len != dims.size():
                shown = _describe(len) if isinstance(len, IRValue) else repr(len)
                g.fail(
                    f"TBuf.get: len={shown} but shape {tuple(dims)} has "
                    f"{dims.size()} elements (give one of them, or both the same)"
                )
        length = None if len is None else g.scalar(len, dt.int32)
        op = g.emit(TBufGetTensorOp(self.handle, local_tensor_type(dtype), length))
        tensor = local_tensor(op.tensor, dtype)
        tensor.shape = dims
        return tensor

    def alloc_tensor(self, dtype: DataType) -> LocalTensor:
        """`buf.AllocTensor<T>()`, which the headers define as `Get<T>()` (the whole buffer);
        built as that (pyasc's TBuf inherits TQueBind's alloc_tensor)."""
        require_jit("TBuf.alloc_tensor")
        return self.get(dtype)

    def free_tensor(self, tensor: LocalTensor) -> None:
        """`buf.FreeTensor(t)`: nothing to do (the headers' body is empty); the tensor is
        checked, no op is built."""
        g = require_jit("TBuf.free_tensor")
        check_tensors(g, "TBuf.free_tensor", tensor=tensor)

    def get_with_offset(self, size: Any, buf_offset: Any, dtype: DataType) -> LocalTensor:
        """`buf.GetWithOffset<T>(size, bufOffset)`: a tensor of `size` elements of `dtype`,
        `buf_offset` bytes into the buffer."""
        g = require_jit("TBuf.get_with_offset")
        from asc_xdsl.dialects.ascendc.framework import TBufGetWithOffsetOp

        op = g.emit(
            TBufGetWithOffsetOp(
                self.handle,
                g.scalar(size, dt.uint32),
                g.scalar(buf_offset, dt.uint32),
                local_tensor_type(dtype),
            )
        )
        return local_tensor(op.tensor, dtype)


class TBufPool(TBufPoolSpecMethods, IRValue):
    """`AscendC::TBufPool<pos, bufIDSize>`: a pool of on-chip memory that queues and
    buffers can be carved from (and that can be reset and reused)."""

    __slots__ = ()

    def __init__(self, pos: TPosition = TPosition.VECIN, buf_id_size: int = 4) -> None:
        g = require_jit("TBufPool")
        from asc_xdsl.dialects.ascendc.framework import TBufPoolOp
        from asc_xdsl.dialects.ascendc.types import TBufPoolType

        pos = g.enum(pos, TPosition, "pos")
        size = g.constexpr(buf_id_size, "buf_id_size", int)
        super().__init__(g.emit(TBufPoolOp(TBufPoolType(pos, size))).tbuf_pool)

    @_INIT_BUFFER
    def init_buffer(self, que: Any = None, num: Any = 0, len: Any = 0, *, buf: Any = None) -> None:
        """`init_buffer(que, num, len)`: `num` buffers of `len` bytes of the pool for a
        queue; `init_buffer(buf=tbuf, len=n)`: `n` bytes for a TBuf."""
        _init_buffer(self, "TBufPool", que, num, len, buf, num_is_length=False)
