"""Tensors and GM addresses: `GlobalAddress`, `GlobalTensor`, `LocalTensor`.

Each method builds IR into the kernel being compiled (through `language/builder/`); called
from plain Python it raises `JitOnlyError`, as pyasc's `require_jit` does.
"""

from __future__ import annotations

import functools
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.enums import TPosition
from asc_xdsl.language._spec_methods import GlobalTensorSpecMethods, LocalTensorSpecMethods
from asc_xdsl.language.builder import IRValue, KernelBuilder, RuntimeScalar, require_jit
from asc_xdsl.language.core.utils import describe as _describe

# ---------------------------------------------------------------------------
# Global memory
# ---------------------------------------------------------------------------


@functools.cache
def local_tensor_type(dtype: DataType) -> Any:
    """`!ascendc.local_tensor<*xT>`, made once per dtype (types are immutable)."""
    from asc_xdsl.dialects.ascendc.types import LocalTensorType

    return LocalTensorType(dtype.ir_type())


@functools.cache
def global_tensor_type(dtype: DataType) -> Any:
    """`!ascendc.global_tensor<*xT>`, made once per dtype."""
    from asc_xdsl.dialects.ascendc.types import GlobalTensorType

    return GlobalTensorType(dtype.ir_type())


class GlobalAddress(IRValue):
    """A `__gm__ T*` kernel argument; `addr + offset` is a pointer `offset` elements on."""

    __slots__ = ("dtype",)
    dtype: DataType  # (a kernel parameter's, or the address it is offset from)

    def __init__(self, handle: Any, dtype: DataType | None = None) -> None:
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

    # pyasc's `tensor.shape`: the TensorShape a tensor was made with (`TBuf.get(dtype,
    # shape=...)`), else None. Python-side, as in pyasc: views and casts have none.
    shape: Any = None

    def _index(self, g: KernelBuilder, value: Any) -> Any:
        """An element index as the op takes it (a LocalTensor's: 32 bits)."""
        return g.integer(value, "a tensor index")

    def _require_handle(self, g: KernelBuilder) -> None:
        if self.handle is None:
            g.fail(f"use set_global_buffer before using a {type(self).__name__}")

    def _subview(self, index: Any) -> Any:
        g = require_jit(f"{type(self).__name__}[...]")
        self._require_handle(g)
        if isinstance(index, slice):
            if index.stop is not None or index.step is not None:
                g.fail("only `t[start:]` slices are supported (a view from `start` on)")
            return self.view(0 if index.start is None else index.start)
        value = self.get_value(index)
        g.note_element_read(value.handle.owner)
        return TensorElement(value.handle, self.dtype, self, index)

    def view(self, start: Any) -> Any:
        """`t[start:]` (`t[start]` in Ascend C): the tensor from element `start` on."""
        g = require_jit(f"{type(self).__name__}[...]")
        return self.with_handle(g.emit(self._SUBINDEX(self.handle, self._index(g, start))).result)

    def __getitem__(self, slices: Any) -> Any:
        return self._subview(slices)

    def __call__(self, index: Any) -> RuntimeScalar:
        """`t(i)` (`operator()`): element `i`."""
        g = require_jit(f"{type(self).__name__}(i)")
        self._require_handle(g)
        op = self._BRACKET(self.handle, self._index(g, index), result_types=[self.dtype.ir_type()])
        return RuntimeScalar(g.emit(op).result, self.dtype)

    def __setitem__(self, index: Any, value: Any) -> None:
        self.set_value(index, value)

    def get_value(self, offset: Any) -> RuntimeScalar:
        """`t.GetValue(offset)`: the element at `offset`, a runtime scalar of the tensor's dtype."""
        g = require_jit(f"{type(self).__name__}.get_value")
        self._require_handle(g)
        op = g.emit(self._GET(self.handle, self._index(g, offset)))
        return RuntimeScalar(op.results[0], self.dtype)

    def set_value(self, offset: Any, value: Any) -> None:
        """`t.SetValue(offset, value)`: writes `value` (converted to the dtype) at `offset`."""
        g = require_jit(f"{type(self).__name__}.set_value")
        self._require_handle(g)
        g.emit(self._SET(self.handle, self._index(g, offset), g.scalar(value, self.dtype)))


class TensorElement(RuntimeScalar):
    """`t[i]`: element `i` of a tensor. pyasc (and Ascend C's `operator[]`) mean the
    sub-tensor from element `i` on, so where a tensor is wanted (a tensor argument, a
    list of tensors, a tensor method such as `t[i].get_phy_addr()`) it is that view
    (`as_tensor`); as a number it is the element, read where `t[i]` stands (the read is
    dropped when nothing uses it as a number)."""

    __slots__ = ("index", "tensor")

    def __init__(self, handle: Any, dtype: DataType, tensor: _Tensor, index: Any):
        super().__init__(handle, dtype)
        self.tensor = tensor
        self.index = index

    def as_tensor(self) -> Any:
        return self.tensor.view(self.index)

    def __getitem__(self, index: Any) -> Any:
        return self.as_tensor()[index]  # `t[i][j]`: indexing the view

    def __setitem__(self, index: Any, value: Any) -> None:
        self.as_tensor()[index] = value

    def __getattr__(self, name: str) -> Any:
        # only names a scalar lacks get here: a tensor method is the view's
        if name.startswith("_") or not hasattr(type(self.tensor), name):
            raise AttributeError(name)
        return getattr(self.as_tensor(), name)

    def __repr__(self) -> str:
        return f"TensorElement({self.dtype.name})"


def as_tensor(value: Any) -> Any:
    """`value`, or the sub-tensor a tensor element `t[i]` stands for."""
    return value.as_tensor() if isinstance(value, TensorElement) else value


class GlobalTensor(GlobalTensorSpecMethods, _Tensor):
    """`AscendC::GlobalTensor<T>`; typed when bound with `set_global_buffer`."""

    def __init__(self, handle: Any = None, dtype: DataType | None = None) -> None:
        g = require_jit("GlobalTensor")
        super().__init__(handle)
        self.dtype = dtype
        # Declared when `set_global_buffer` gives it a type, in the block it is created
        # in (`declare`): its uses may follow the if or loop that binds it.
        self._home = g.creation_point() if handle is None else None

    def _index(self, g: KernelBuilder, value: Any) -> Any:
        """A GlobalTensor's offsets are `uint64_t` in the headers: 64-bit ones keep
        their width (`ScalarBuilder.offset`)."""
        return g.offset(value, "a tensor index")

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

    @property
    def _BRACKET(self):
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorBracketOp

        return GlobalTensorBracketOp

    def get_phy_addr(self, offset: Any = None) -> GlobalAddress:
        """`gt.GetPhyAddr([offset])`: the `__gm__ T*` of element `offset` (default 0)."""
        g = require_jit("GlobalTensor.get_phy_addr")
        self._require_handle(g)
        from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerAttr, MemRefType

        from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorGetPhyAddrOp

        space = IntegerAttr(GM_MEMORY_SPACE, 64)
        t = MemRefType(self.dtype.ir_type(), [DYNAMIC_INDEX], memory_space=space)
        index = None if offset is None else g.integer(offset, "get_phy_addr: offset", dt.uint64)
        op = g.emit(GlobalTensorGetPhyAddrOp(self.handle, index, result_types=[t]))
        return GlobalAddress(op.result, self.dtype)

    def set_global_buffer(
        self, buffer: GlobalAddress | None = None, buffer_size: Any = None
    ) -> None:
        """`t.SetGlobalBuffer(buffer[, buffer_size])`: the tensor views the GM buffer at `buffer`
        (`buffer_size` elements)."""
        g = require_jit("GlobalTensor.set_global_buffer")
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorOp, GlobalTensorSetGlobalBufferOp

        if not isinstance(buffer, GlobalAddress):
            g.fail(
                f"set_global_buffer needs a GlobalAddress kernel argument, got {_describe(buffer)}"
            )
        if self.handle is None:
            self.dtype = self.dtype or buffer.dtype
            home, loc = getattr(self, "_home", None) or (None, None)
            op = g.declare(GlobalTensorOp(global_tensor_type(self.dtype)), home, loc)
            self.handle = op.tensor
            g.name_later(self)
        size = None if buffer_size is None else g.offset(buffer_size, "the buffer size")
        g.emit(GlobalTensorSetGlobalBufferOp(self.handle, buffer.handle, size))


class LocalTensor(LocalTensorSpecMethods, _Tensor):
    """`AscendC::LocalTensor<T>`: `LocalTensor(dtype, pos, addr, tile_size)` places a
    tensor of `tile_size` elements (positive) at byte address `addr` of buffer `pos`
    (default VECIN, address 0); `LocalTensor(dtype)` alone declares a tensor to be
    assigned an allocated one later (`LocalTensor<T>()`)."""

    def __init__(
        self,
        dtype: DataType | None = None,
        pos: TPosition | None = None,
        addr: Any = None,
        tile_size: Any = None,
        *,
        handle: Any = None,
    ) -> None:
        g = require_jit("LocalTensor")
        super().__init__(handle)
        self.dtype = dtype
        if handle is not None:
            return
        from asc_xdsl.dialects.ascendc.tensor import LocalTensorOp, LocalTensorV2Op

        if not isinstance(dtype, DataType):
            g.fail(f"LocalTensor needs a dtype such as asc.float32, got {_describe(dtype)}")
        t = local_tensor_type(dtype)
        if pos is None and addr is None and tile_size is None:
            self.handle = g.emit(LocalTensorOp(t)).tensor
        else:
            if tile_size is None:
                g.fail("LocalTensor at a position and address needs tile_size (its elements)")
            if isinstance(tile_size, int) and tile_size <= 0:
                g.fail(f"LocalTensor: tile_size must be positive (elements), got {tile_size}")
            pos = g.enum(TPosition.VECIN if pos is None else pos, TPosition, "pos")
            u32 = g.scalar(0 if addr is None else addr, dt.uint32), g.scalar(tile_size, dt.uint32)
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

    @property
    def _BRACKET(self):
        from asc_xdsl.dialects.ascendc.tensor import LocalTensorBracketOp

        return LocalTensorBracketOp

    # pyasc names a LocalTensor's element `index` (a GlobalTensor's `offset`)
    def get_value(self, index: Any) -> RuntimeScalar:  # type: ignore[override]
        """`t.GetValue(index)`: the element at `index`, a runtime scalar of the tensor's dtype."""
        return super().get_value(index)

    def set_value(self, index: Any, value: Any) -> None:  # type: ignore[override]
        """`t.SetValue(index, value)`: writes `value` (converted to the dtype) at `index`."""
        super().set_value(index, value)

    def reinterpret_cast(self, dtype: DataType) -> LocalTensor:
        """`t.ReinterpretCast<U>()`: the same memory as a tensor of `dtype`."""
        g = require_jit("LocalTensor.reinterpret_cast")
        from asc_xdsl.dialects.ascendc.tensor import LocalTensorReinterpretCastOp

        if not isinstance(dtype, DataType):
            g.fail(f"reinterpret_cast needs a dtype such as asc.float32, got {_describe(dtype)}")
        t = local_tensor_type(dtype)
        op = g.emit(LocalTensorReinterpretCastOp(self.handle, result_types=[t]))
        return local_tensor(op.result, dtype)


class MrgSortSrcList(IRValue):
    """`AscendC::MrgSortSrcList<T>(src1, src2, src3, src4)`: the four sorted queues
    `mrg_sort` merges (the C++ constructor takes all four)."""

    __slots__ = ("dtype",)

    def __init__(
        self, dtype: DataType, src1: Any, src2: Any, src3: Any = None, src4: Any = None
    ) -> None:
        g = require_jit("MrgSortSrcList")
        from asc_xdsl.language.core.types import construct
        from asc_xdsl.language.core.utils import check_tensors

        if not isinstance(dtype, DataType):
            g.fail(f"MrgSortSrcList: dtype must be a data type, got {_describe(dtype)}")
        if src3 is None or src4 is None:
            g.fail(
                "MrgSortSrcList: give four source tensors (AscendC::MrgSortSrcList has only "
                "the four-tensor constructor; valid_bit says how many mrg_sort reads)"
            )
        srcs = tuple(as_tensor(t) for t in (src1, src2, src3, src4))
        check_tensors(g, "MrgSortSrcList", **{f"src{i + 1}": t for i, t in enumerate(srcs)})
        for i, t in enumerate(srcs):
            if t.dtype is not dtype:
                g.fail(f"MrgSortSrcList: src{i + 1} holds {t.dtype.name}, not {dtype.name}")
        types = [t.handle.type for t in srcs]
        self.dtype = dtype
        super().__init__(construct("MrgSortSrcList", dtype, [t.handle for t in srcs], types))


def local_tensor(handle: Any, dtype: DataType) -> LocalTensor:
    """A LocalTensor around an existing SSA value (an op's result)."""
    t = object.__new__(LocalTensor)
    t.handle = handle
    t.dtype = dtype
    return t
