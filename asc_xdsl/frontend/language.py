"""The kernel language: pyasc's Python API for the AscendC dialect slice.

Each function or method builds IR into the kernel being compiled (see `codegen.py`);
called from plain Python it raises `JitOnlyError`, as pyasc's `require_jit` does.
Names and signatures follow pyasc (`../shared/reference/python_api.tsv`).
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.enums import (
    AtomicDtype,
    AtomicOp,
    CacheLine,
    DcciDst,
    HardEvent,
    MemDsbT,
    RoundMode,
    TPosition,
)
from asc_xdsl.enums import Pipe as PipeID
from asc_xdsl.frontend import dtypes as dt
from asc_xdsl.frontend.context import require_jit
from asc_xdsl.frontend.dtypes import DataType
from asc_xdsl.frontend.values import FormatString, IRValue, RuntimeScalar

# ---------------------------------------------------------------------------
# Global memory
# ---------------------------------------------------------------------------


class GlobalAddress(IRValue):
    """A `__gm__ T*` kernel argument; `addr + offset` is a pointer `offset` elements on."""

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: DataType | None = None):
        super().__init__(handle)
        self.dtype = dtype

    def __add__(self, offset: Any) -> GlobalAddress:
        g = require_jit("GlobalAddress.__add__")
        from asc_xdsl.dialects.emitasc import PtrOffsetOp

        op = g.emit(PtrOffsetOp(self.handle, g.index(offset)))
        return GlobalAddress(op.result, self.dtype)

    __radd__ = __add__


class _Tensor(IRValue):
    __slots__ = ("dtype",)

    def _require_handle(self, g: Any) -> None:
        if self.handle is None:
            g.fail(f"use set_global_buffer before using a {type(self).__name__}")

    def _subview(self, index: Any) -> Any:
        g = require_jit(f"{type(self).__name__}[...]")
        self._require_handle(g)
        if isinstance(index, slice):
            if index.stop is not None or index.step is not None:
                g.fail("only `t[start:]` slices are supported (a view from `start` on)")
            start = 0 if index.start is None else index.start
            return self.with_handle(
                g.emit(self._SUBINDEX(self.handle, g.scalar(start, dt.int32))).result
            )
        return self.get_value(index)

    def __getitem__(self, index: Any) -> Any:
        return self._subview(index)

    def __setitem__(self, index: Any, value: Any) -> None:
        self.set_value(index, value)

    def get_value(self, index: Any) -> RuntimeScalar:
        g = require_jit(f"{type(self).__name__}.get_value")
        self._require_handle(g)
        op = g.emit(self._GET(self.handle, g.integer(index, "a tensor index")))
        return RuntimeScalar(op.results[0], self.dtype)

    def set_value(self, index: Any, value: Any) -> None:
        g = require_jit(f"{type(self).__name__}.set_value")
        self._require_handle(g)
        g.emit(
            self._SET(self.handle, g.integer(index, "a tensor index"), g.scalar(value, self.dtype))
        )


class GlobalTensor(_Tensor):
    """`AscendC::GlobalTensor<T>`; typed when bound with `set_global_buffer`."""

    def __init__(self, handle: Any = None, dtype: DataType | None = None):
        require_jit("GlobalTensor")
        super().__init__(handle)
        self.dtype = dtype

    @property
    def _SUBINDEX(self):
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorSubIndexOp

        return GlobalTensorSubIndexOp

    @property
    def _GET(self):
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorGetValueOp

        return GlobalTensorGetValueOp

    @property
    def _SET(self):
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorSetValueOp

        return GlobalTensorSetValueOp

    def set_global_buffer(
        self, buffer: GlobalAddress | None = None, buffer_size: Any = None
    ) -> None:
        g = require_jit("GlobalTensor.set_global_buffer")
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorOp, GlobalTensorSetGlobalBufferOp
        from asc_xdsl.dialects.ascendc.types import GlobalTensorType

        if not isinstance(buffer, GlobalAddress):
            g.fail(
                f"set_global_buffer needs a GlobalAddress kernel argument, got {_describe(buffer)}"
            )
        if self.handle is None:
            self.dtype = self.dtype or buffer.dtype
            self.handle = g.emit(GlobalTensorOp(GlobalTensorType(self.dtype.ir_type()))).tensor
            g.name_later(self)
        size = None if buffer_size is None else g.scalar(buffer_size, dt.int32)
        g.emit(GlobalTensorSetGlobalBufferOp(self.handle, buffer.handle, size))


class LocalTensor(_Tensor):
    """`AscendC::LocalTensor<T>`: `LocalTensor(dtype, pos, addr, tile_size)` places a
    tensor of `tile_size` elements at byte address `addr` of buffer `pos`."""

    def __init__(
        self,
        dtype: DataType | None = None,
        pos: TPosition = TPosition.VECIN,
        addr: Any = 0,
        tile_size: Any = 0,
        *,
        handle: Any = None,
    ):
        g = require_jit("LocalTensor")
        super().__init__(handle)
        self.dtype = dtype
        if handle is not None:
            return
        from asc_xdsl.dialects.ascendc.tensor import LocalTensorOp, LocalTensorV2Op
        from asc_xdsl.dialects.ascendc.types import LocalTensorType

        if not isinstance(dtype, DataType):
            g.fail(f"LocalTensor needs a dtype such as asc.float32, got {_describe(dtype)}")
        t = LocalTensorType(dtype.ir_type())
        if isinstance(addr, int) and isinstance(tile_size, int) and tile_size == 0 and addr == 0:
            self.handle = g.emit(LocalTensorOp(t)).tensor
        else:
            pos = g.enum(pos, TPosition, "pos")
            u32 = g.scalar(addr, dt.uint32), g.scalar(tile_size, dt.uint32)
            self.handle = g.emit(LocalTensorV2Op(pos, u32[0], u32[1], t)).result

    @property
    def _SUBINDEX(self):
        from asc_xdsl.dialects.ascendc.tensor import LocalTensorSubIndexOp

        return LocalTensorSubIndexOp

    @property
    def _GET(self):
        from asc_xdsl.dialects.ascendc.tensor import LocalTensorGetValueOp

        return LocalTensorGetValueOp

    @property
    def _SET(self):
        from asc_xdsl.dialects.ascendc.tensor import LocalTensorSetValueOp

        return LocalTensorSetValueOp


def _local(handle: Any, dtype: DataType) -> LocalTensor:
    t = object.__new__(LocalTensor)
    t.handle = handle
    t.dtype = dtype
    return t


# ---------------------------------------------------------------------------
# TPipe / TQue / TBuf
# ---------------------------------------------------------------------------


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
        return _local(op.tensor, dtype)

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
        return _local(op.tensor, dtype)

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
        return _local(op.tensor, dtype)


# ---------------------------------------------------------------------------
# Parameter structs
# ---------------------------------------------------------------------------


class _Struct(IRValue):
    _TYPE: str = ""

    def _build(
        self, api: str, fields: list[Any], field_dtypes: list[DataType], type_args: Any = ()
    ) -> None:
        g = require_jit(api)
        from asc_xdsl.dialects.ascendc import types as T
        from asc_xdsl.dialects.ascendc.construct import ConstructOp

        rtype = getattr(T, self._TYPE)(*type_args)
        values = [g.scalar(f, d) for f, d in zip(fields, field_dtypes, strict=True)]
        self.handle = g.emit(ConstructOp(rtype, values)).result


class DataCopyParams(_Struct):
    """`DataCopyParams{blockCount, blockLen, srcStride, dstStride}`, all in 32-byte units."""

    _TYPE = "DataCopyParamsType"

    def __init__(
        self, block_count: Any = 1, block_len: Any = 0, src_stride: Any = 0, dst_stride: Any = 0
    ):
        self._build(
            "DataCopyParams", [block_count, block_len, src_stride, dst_stride], [dt.uint16] * 4
        )


class DataCopyExtParams(_Struct):
    """`DataCopyExtParams{blockCount, blockLen (bytes), srcStride, dstStride, rsv}`."""

    _TYPE = "DataCopyExtParamsType"

    def __init__(
        self,
        block_count: Any = 1,
        block_len: Any = 0,
        src_stride: Any = 0,
        dst_stride: Any = 0,
        rsv: Any = 0,
    ):
        self._build(
            "DataCopyExtParams",
            [block_count, block_len, src_stride, dst_stride, rsv],
            [dt.uint16, dt.uint32, dt.uint32, dt.uint32, dt.uint32],
        )


class DataCopyPadExtParams(_Struct):
    """`DataCopyPadExtParams<T>{isPad, leftPadding, rightPadding, paddingValue}`."""

    _TYPE = "DataCopyPadExtParamsType"

    def __init__(
        self,
        dtype: DataType,
        is_pad: Any = False,
        left_padding: Any = 0,
        right_padding: Any = 0,
        padding_value: Any = 0,
    ):
        self._build(
            "DataCopyPadExtParams",
            [is_pad, left_padding, right_padding, padding_value],
            [dt.bool_, dt.uint8, dt.uint8, dtype],
            (dtype.ir_type(),),
        )


class ShapeInfo(_Struct):
    """`AscendC::ShapeInfo` (default-constructed)."""

    _TYPE = "ShapeInfoType"

    def __init__(self) -> None:
        self._build("ShapeInfo", [], [])


# ---------------------------------------------------------------------------
# Data copy, vector compute, cube: made from the op specs (asc_xdsl/frontend/spec_api.py),
# on first use so that `import asc_xdsl` does not load xDSL.
# ---------------------------------------------------------------------------


class _SpecFunction:
    """`asc.<name>`: the spec-derived function, built when a kernel first calls it."""

    __slots__ = ("__name__", "__qualname__", "_fn", "_modules")

    def __init__(self, name: str, modules: tuple[str, ...]):
        self.__name__ = self.__qualname__ = name
        self._modules = modules
        self._fn: Any = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._fn is None:
            require_jit(self.__name__)
            self._fn = _spec_functions(self._modules)[self.__name__]
        return self._fn(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<asc_xdsl kernel function {self.__name__}>"


def _spec_functions(modules: tuple[str, ...]) -> dict[str, Any]:
    import importlib

    from asc_xdsl.frontend.spec_api import spec_functions

    return spec_functions(
        [importlib.import_module(f"asc_xdsl.dialects.ascendc.{m}").FAMILY for m in modules]
    )


def _spec_api_names() -> dict[str, _SpecFunction]:
    from asc_xdsl.dialects.ascendc_op_index import PY_FUNCTIONS

    return {name: _SpecFunction(name, modules) for name, modules in PY_FUNCTIONS.items()}


_SPEC_FUNCTIONS = _spec_api_names()
globals().update(_SPEC_FUNCTIONS)


def _check_tensor_arg(g: Any, api: str, name: str, value: Any, doc: str) -> Any:
    """`value` is a bound tensor of the kind `doc` names (LocalTensor/GlobalTensor)."""
    kinds = {"Local": (LocalTensor,), "Global": (GlobalTensor,)}.get(
        doc.split("Tensor")[0], (LocalTensor, GlobalTensor)
    )
    _check_tensors(g, api, kinds, **{name: value})
    return value


# ---------------------------------------------------------------------------
# Synchronisation and system values
# ---------------------------------------------------------------------------


def set_flag(event: HardEvent, event_id: Any = 0) -> None:
    """`AscendC::SetFlag<event>(event_id)`."""
    g = require_jit("set_flag")
    from asc_xdsl.dialects.ascendc.sync import SetFlagOp

    g.emit(SetFlagOp(g.enum(event, HardEvent, "event"), g.scalar(event_id, dt.int32)))


def wait_flag(event: HardEvent, event_id: Any = 0) -> None:
    """`AscendC::WaitFlag<event>(event_id)`."""
    g = require_jit("wait_flag")
    from asc_xdsl.dialects.ascendc.sync import WaitFlagOp

    g.emit(WaitFlagOp(g.enum(event, HardEvent, "event"), g.scalar(event_id, dt.int32)))


def pipe_barrier(pipe: PipeID) -> None:
    """`AscendC::PipeBarrier<pipe>()`."""
    g = require_jit("pipe_barrier")
    from asc_xdsl.dialects.ascendc.sync import PipeBarrierOp

    g.emit(PipeBarrierOp(g.enum(pipe, PipeID, "pipe")))


def get_block_idx() -> RuntimeScalar:
    """Index of this block, in [0, get_block_num())."""
    g = require_jit("get_block_idx")
    from asc_xdsl.dialects.ascendc.sync import GetBlockIdxOp

    return RuntimeScalar(g.emit(GetBlockIdxOp(dt.int32.ir_type())).value, dt.int32)


def get_block_num() -> RuntimeScalar:
    """Number of blocks of the launch."""
    g = require_jit("get_block_num")
    from asc_xdsl.dialects.ascendc.sync import GetBlockNumOp

    return RuntimeScalar(g.emit(GetBlockNumOp(dt.int32.ir_type())).value, dt.int32)


# ---------------------------------------------------------------------------
# Debug and profiling
# ---------------------------------------------------------------------------


def printf(desc: Any, *params: Any) -> None:
    """`AscendC::printf(desc, params...)`; `desc` may be an f-string."""
    g = require_jit("printf")
    from asc_xdsl.dialects.ascendc.debug import PrintfOp

    if isinstance(desc, FormatString):
        if params:
            g.fail("printf with an f-string takes no further arguments")
        desc, params = desc.fmt, tuple(desc.args)
    if not isinstance(desc, str):
        g.fail(f"printf needs a format string, got {_describe(desc)}")
    g.emit(PrintfOp(desc, [g.printf_arg(p) for p in params]))


def dump_tensor(tensor: Any, desc: Any, dump_size: Any, shape_info: Any = None) -> None:
    """`AscendC::DumpTensor(tensor, desc, dump_size[, shape_info])`."""
    g = require_jit("dump_tensor")
    from asc_xdsl.dialects.ascendc.debug import DumpTensorOp

    _check_tensors(g, "dump_tensor", tensor=tensor, kinds=(LocalTensor, GlobalTensor))
    shape = None if shape_info is None else shape_info.handle
    g.emit(
        DumpTensorOp(
            tensor.handle, g.scalar(desc, dt.uint32), g.scalar(dump_size, dt.uint32), shape
        )
    )


def dump_acc_chk_point(tensor: Any, index: Any, count_off: Any, dump_size: Any) -> None:
    """`AscendC::DumpAccChkPoint(tensor, index, count_off, dump_size)`."""
    g = require_jit("dump_acc_chk_point")
    from asc_xdsl.dialects.ascendc.debug import DumpAccChkPointOp

    _check_tensors(g, "dump_acc_chk_point", tensor=tensor, kinds=(LocalTensor, GlobalTensor))
    g.emit(
        DumpAccChkPointOp(
            tensor.handle,
            g.scalar(index, dt.uint32),
            g.scalar(count_off, dt.uint32),
            g.scalar(dump_size, dt.uint32),
        )
    )


def print_time_stamp(desc_id: Any) -> None:
    """`AscendC::PrintTimeStamp(desc_id)`."""
    g = require_jit("print_time_stamp")
    from asc_xdsl.dialects.ascendc.debug import PrintTimeStampOp

    g.emit(PrintTimeStampOp(g.scalar(desc_id, dt.uint32)))


def metrics_prof_start() -> None:
    """Start of the region `msprof op` (and the CPU simulator) profiles."""
    g = require_jit("metrics_prof_start")
    from asc_xdsl.dialects.ascendc.debug import MetricsProfStartOp

    g.emit(MetricsProfStartOp())


def metrics_prof_stop() -> None:
    """End of the profiled region."""
    g = require_jit("metrics_prof_stop")
    from asc_xdsl.dialects.ascendc.debug import MetricsProfStopOp

    g.emit(MetricsProfStopOp())


# ---------------------------------------------------------------------------
# Loops
# ---------------------------------------------------------------------------


class range:
    """`for i in asc.range(...)`: a loop on the device (scf.for)."""

    def __init__(self, *args: Any):
        require_jit("range")
        self.args = args


class static_range:
    """`for i in asc.static_range(...)`: unrolled at compile time (bounds are constants)."""

    def __init__(self, *args: Any):
        require_jit("static_range")
        self.args = args


def _describe(value: Any) -> str:
    if isinstance(value, RuntimeScalar):
        return f"a runtime {value.dtype.name} value"
    if isinstance(value, IRValue):
        return f"a runtime {type(value).__name__}"
    return f"{type(value).__name__} {value!r}"


def _check_tensors(g: Any, api: str, kinds: tuple[type, ...] | None = None, **tensors: Any) -> None:
    allowed = kinds or (LocalTensor,)
    for name, t in tensors.items():
        if not isinstance(t, allowed) or t.handle is None:
            what = " or ".join(k.__name__ for k in allowed)
            g.fail(f"{api}: {name} must be a {what}, got {_describe(t)}")


__all__ = [
    *_SPEC_FUNCTIONS,
    "DataCopyExtParams",
    "DataCopyPadExtParams",
    "DataCopyParams",
    "GlobalAddress",
    "AtomicDtype",
    "AtomicOp",
    "CacheLine",
    "DcciDst",
    "GlobalTensor",
    "HardEvent",
    "LocalTensor",
    "MemDsbT",
    "PipeID",
    "RoundMode",
    "ShapeInfo",
    "TBuf",
    "TPipe",
    "TPosition",
    "TQue",
    "dump_acc_chk_point",
    "dump_tensor",
    "get_block_idx",
    "get_block_num",
    "metrics_prof_start",
    "metrics_prof_stop",
    "pipe_barrier",
    "print_time_stamp",
    "printf",
    "range",
    "set_flag",
    "static_range",
    "wait_flag",
]
