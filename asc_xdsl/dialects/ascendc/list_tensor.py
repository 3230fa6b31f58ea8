"""`AscendC::ListTensorDesc` and `TensorDesc<T>`, declared as op specs (see `spec.py`), as
pyasc's `Basic/OpListTensor.td` states them: a list of tensors packed in global memory
(a kernel's dynamic list inputs) and the description of one of them.

`TensorDesc` is a class template of the element type. pyasc's type names no element
type (`!ascendc.tensor_desc`); `ascendc.tensor_desc f32` declares one with class
template argument deduction (`AscendC::TensorDesc d = AscendC::TensorDesc<float>();`),
and a value that crosses a function boundary needs `!ascendc.tensor_desc<f32>`. Where
the element type is known, the pointers and tensors a TensorDesc gives must have it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, Operation

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.object_ops import UI32, ObjectOp, add_member, require_element
from asc_xdsl.dialects.ascendc.spec import (
    GM_POINTER,
    INT,
    UINT64,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    exact,
    global_,
    of_type,
)
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES
from asc_xdsl.dialects.ascendc.types import GlobalTensorType, TensorDescType

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

ListTensorDescType = STRUCT_TYPES["ListTensorDescType"]
_LIST = exact(ListTensorDescType())
_DESC = of_type(TensorDescType, lambda v: TensorDescType(v["T"]))
_UI64 = UINT64.sample({})


_member = functools.partial(add_member, FAMILY)


# ---------------------------------------------------------------------------
# ListTensorDesc
# ---------------------------------------------------------------------------

_DATA = (
    Operand("data", GM_POINTER),
    Operand("length", INT, default=0xFFFFFFFF),
    Operand("shape_size", INT, default=0xFFFFFFFF),
)
FAMILY.add(
    "ListTensorDescOp",
    OpSpec(
        "list_tensor_desc",
        "ListTensorDesc",
        results=(Result("result", _LIST, ListTensorDescType()),),
        emit=EmitKind.CONSTRUCTOR,
        format="attr-dict `:` type($result)",
        doc="`AscendC::ListTensorDesc l;`: an empty list (set it up with `init`).",
    ),
    ObjectOp,
)
FAMILY.add(
    "ListTensorDescV2Op",
    OpSpec(
        "list_tensor_desc_v2",
        "ListTensorDesc",
        _DATA,
        results=(Result("result", _LIST, ListTensorDescType()),),
        emit=EmitKind.CONSTRUCTOR,
        format="$data `,` $length `,` $shape_size attr-dict `:` type($result) `,` type($data) "
        "`,` type($length) `,` type($shape_size)",
        views=(("data", "result"),),
        doc="`AscendC::ListTensorDesc(data, length, shapeSize)`: the list packed at `data`.",
    ),
    ObjectOp,
)
_member(
    "ListTensorDescInitOp",
    "list_tensor_desc_init",
    "Init",
    (Operand("tensor", _LIST), *_DATA),
    "`l.Init(data, length, shapeSize)`: the list packed at `data`.",
    py="ListTensorDesc.init",
    views=(("data", "tensor"),),
)
_member(
    "ListTensorDescGetDescOp",
    "list_tensor_desc_get_desc",
    "GetDesc",
    (Operand("tensor", _LIST), Operand("desc", _DESC), Operand("index", INT)),
    "`l.GetDesc(desc, index)`: fill `desc` with the description of tensor `index`.",
    py="ListTensorDesc.get_desc",
)


class GetDataPtrBase(ObjectOp):
    """`l.GetDataPtr<T>(index)`: a `__gm__ T*` (T is `dtype`)."""

    def verify_(self) -> None:
        super().verify_()
        result = self.result.type  # type: ignore[attr-defined]
        if isinstance(result, MemRefType):
            require_element(self, "result", result.element_type, self.properties["dtype"])


_member(
    "ListTensorDescGetDataPtrOp",
    "list_tensor_desc_get_data_ptr",
    "GetDataPtr",
    (Operand("tensor", _LIST), Operand("index", exact(UI32))),
    "`l.GetDataPtr<T>(index)`: the address of tensor `index`.",
    base=GetDataPtrBase,
    props=(Prop("dtype", kind=PropKind.TYPE),),
    results=(Result("result", GM_POINTER),),
    template=("dtype",),
    # pyasc's syntax names the result type only: the list and index (uint32_t) are implied.
    format="$tensor `,` $index attr-dict `:` type($result)",
)
_member(
    "ListTensorDescGetSizeOp",
    "list_tensor_desc_get_size",
    "GetSize",
    (Operand("tensor", _LIST),),
    "`l.GetSize()`: the number of tensors in the list (uint32_t).",
    py="ListTensorDesc.get_size",
    results=(Result("result", exact(UI32), UI32),),
)

# ---------------------------------------------------------------------------
# TensorDesc
# ---------------------------------------------------------------------------


def _desc_element(op: Operation) -> Attribute | None:
    t = op.operands[0].type
    return t.element if isinstance(t, TensorDescType) else None


class TensorDescBase(ObjectOp):
    """`ascendc.tensor_desc T`: a result type naming an element type names T."""

    def verify_(self) -> None:
        super().verify_()
        element = self.tensor_desc.type.element  # type: ignore[attr-defined]
        if element is not None:
            require_element(self, "result", element, self.properties["elementType"])


FAMILY.add(
    "TensorDescOp",
    OpSpec(
        "tensor_desc",
        "TensorDesc",
        props=(Prop("elementType", kind=PropKind.TYPE, py="dtype"),),
        results=(Result("tensor_desc", _DESC),),
        emit=EmitKind.CUSTOM,
        format="$elementType attr-dict `:` type($tensor_desc)",
        doc="`AscendC::TensorDesc<T> d;`: an empty tensor description (filled by "
        "`list_tensor_desc_get_desc`).",
    ),
    TensorDescBase,
)


_DESC_OPERAND = Operand("tensor_desc", _DESC)
_member(
    "TensorDescSetShapeAddrOp",
    "tensor_desc_set_shape_addr",
    "SetShapeAddr",
    (_DESC_OPERAND, Operand("shape_ptr", UINT64)),
    "`d.SetShapeAddr(shapePtr)`: where the tensor's shape is (an address as uint64_t).",
    py="TensorDesc.set_shape_addr",
    emit=EmitKind.CUSTOM,
    format="$tensor_desc `,` $shape_ptr attr-dict `:` type($tensor_desc) `,` type($shape_ptr)",
)
for _cls, _m, _api, _doc in (
    ("TensorDescGetDimOp", "tensor_desc_get_dim", "GetDim", "the number of dimensions"),
    ("TensorDescGetIndexOp", "tensor_desc_get_index", "GetIndex", "the tensor's index in its list"),
):
    _member(
        _cls,
        _m,
        _api,
        (_DESC_OPERAND,),
        f"`d.{_api}()`: {_doc} (uint64_t).",
        py=f"TensorDesc.{_m[12:]}",
        results=(Result("result", INT, _UI64),),
        format="$tensor_desc attr-dict `:` type($tensor_desc) `,` type($result)",
    )
_member(
    "TensorDescGetShapeOp",
    "tensor_desc_get_shape",
    "GetShape",
    (_DESC_OPERAND, Operand("offset", INT)),
    "`d.GetShape(i)`: the extent of dimension `i` (uint64_t).",
    py="TensorDesc.get_shape",
    results=(Result("result", INT, _UI64),),
    format="$tensor_desc `,` $offset attr-dict `:` type($tensor_desc) `,` type($result) `,` "
    "type($offset)",
)


class DescDataBase(ObjectOp):
    """The data of a TensorDesc whose element type is known has that element type."""

    def verify_(self) -> None:
        super().verify_()
        element = _desc_element(self)
        result = self.results[0].type
        if element is not None and isinstance(result, MemRefType | GlobalTensorType):
            require_element(self, "result", result.element_type, element)


for _cls, _m, _api, _rule, _doc in (
    (
        "TensorDescGetDataPtrOp",
        "tensor_desc_get_data_ptr",
        "GetDataPtr",
        GM_POINTER,
        "the tensor's `__gm__` address",
    ),
    (
        "TensorDescGetDataObjOp",
        "tensor_desc_get_data_obj",
        "GetDataObj",
        global_("T"),
        "the tensor as a GlobalTensor",
    ),
):
    _member(
        _cls,
        _m,
        _api,
        (_DESC_OPERAND,),
        f"`d.{_api}()`: {_doc}.",
        base=DescDataBase,
        results=(Result("result", _rule),),
        format="$tensor_desc attr-dict `:` type($tensor_desc) `,` type($result)",
    )

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.list_tensor import *  # noqa: F403
