"""`TensorDesc` and `ListTensorDesc` (pyasc's `asc.language.basic.list_tensor`): the
description of a list of GM tensors packed in one buffer (dynamic-input operators).

Methods whose op specs are regular (`get_dim`, `get_shape`, `init`, `get_desc`, ...)
come from the specs (the generated `_spec_methods.TensorDescSpecMethods` and
`ListTensorDescSpecMethods` these classes inherit); the ones that give a typed GM pointer or
tensor are written here, their element type being the description's `dtype`.
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language._spec_methods import ListTensorDescSpecMethods, TensorDescSpecMethods
from asc_xdsl.language.builder import IRValue, KernelBuilder, require_jit
from asc_xdsl.language.core.tensor import GlobalAddress, GlobalTensor
from asc_xdsl.language.core.utils import describe

_ALL = 0xFFFFFFFF  # pyasc's default length and shape size: the whole buffer


def _dtype(g: KernelBuilder, api: str, dtype: Any) -> DataType:
    if not isinstance(dtype, DataType):
        g.fail(f"{api}: dtype must be a data type (asc.float16, ...), got {describe(dtype)}")
    return dtype


class TensorDesc(TensorDescSpecMethods, IRValue):
    """`AscendC::TensorDesc<T>`: one tensor of a ListTensorDesc (filled by `get_desc`)."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: DataType = dt.float32) -> None:
        g = require_jit("TensorDesc")
        from asc_xdsl.dialects.ascendc.list_tensor import TensorDescOp
        from asc_xdsl.dialects.ascendc.types import TensorDescType

        self.dtype = _dtype(g, "TensorDesc", dtype)
        t = self.dtype.ir_type()
        super().__init__(
            g.emit(TensorDescOp(dtype=t, result_types=[TensorDescType(t)])).tensor_desc
        )

    def get_data_ptr(self) -> GlobalAddress:
        """`d.GetDataPtr()`: the tensor's `__gm__ T*`."""
        g = require_jit("TensorDesc.get_data_ptr")
        from asc_xdsl.dialects.ascendc.list_tensor import TensorDescGetDataPtrOp

        op = g.emit(TensorDescGetDataPtrOp(self.handle, result_types=[_gm_pointer(self.dtype)]))
        return GlobalAddress(op.result, self.dtype)

    def get_data_obj(self) -> GlobalTensor:
        """`d.GetDataObj()`: the tensor as a GlobalTensor<T>."""
        g = require_jit("TensorDesc.get_data_obj")
        from asc_xdsl.dialects.ascendc.list_tensor import TensorDescGetDataObjOp
        from asc_xdsl.dialects.ascendc.types import GlobalTensorType

        t = GlobalTensorType(self.dtype.ir_type())
        op = g.emit(TensorDescGetDataObjOp(self.handle, result_types=[t]))
        return GlobalTensor(op.result, self.dtype)


class ListTensorDesc(ListTensorDescSpecMethods, IRValue):
    """`AscendC::ListTensorDesc`: `ListTensorDesc()` (set up with `init`) or
    `ListTensorDesc(data, length, shape_size)`: the list packed at GM address `data`."""

    __slots__ = ()

    def __init__(self, data: Any = None, length: Any = _ALL, shape_size: Any = _ALL) -> None:
        g = require_jit("ListTensorDesc")
        from asc_xdsl.dialects.ascendc import list_tensor as lt

        if data is None:
            super().__init__(g.emit(lt.ListTensorDescOp()).result)
            return
        if not isinstance(data, GlobalAddress):
            g.fail(
                f"ListTensorDesc: data must be a GM address (GlobalAddress), got {describe(data)}"
            )
        u32 = g.integer(length, "ListTensorDesc: length", dt.uint32)
        size = g.integer(shape_size, "ListTensorDesc: shape_size", dt.uint32)
        super().__init__(g.emit(lt.ListTensorDescV2Op(data.handle, u32, size)).result)

    def get_data_ptr(self, index: Any, dtype: DataType) -> GlobalAddress:
        """`l.GetDataPtr<T>(index)`: the `__gm__ T*` of tensor `index`."""
        g = require_jit("ListTensorDesc.get_data_ptr")
        from asc_xdsl.dialects.ascendc.list_tensor import ListTensorDescGetDataPtrOp

        dtype = _dtype(g, "ListTensorDesc.get_data_ptr", dtype)
        i = g.integer(index, "ListTensorDesc.get_data_ptr: index", dt.uint32)
        op = g.emit(
            ListTensorDescGetDataPtrOp(
                self.handle, i, dtype=dtype.ir_type(), result_types=[_gm_pointer(dtype)]
            )
        )
        return GlobalAddress(op.result, dtype)


def _gm_pointer(dtype: DataType) -> Any:
    from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerAttr, MemRefType

    from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE

    space = IntegerAttr(GM_MEMORY_SPACE, 64)
    return MemRefType(dtype.ir_type(), [DYNAMIC_INDEX], memory_space=space)
