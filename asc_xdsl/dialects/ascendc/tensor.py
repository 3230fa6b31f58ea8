"""Global and local tensors: creation, GM binding, sub-views, scalar access."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerAttr, IntegerType, MemRefType, Signedness
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import (
    AscendCOp,
    CallArg,
    CastArg,
    EmitKind,
    TPositionKeyword,
    require_int,
    require_scalar,
    verify_enum,
)
from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.dialects.ascendc.types import (
    GlobalTensorType,
    LocalTensorType,
    TensorType,
)

ui32 = IntegerType(32, Signedness.UNSIGNED)

# ---------------------------------------------------------------------------
# Constructors
# ---------------------------------------------------------------------------


@irdl_op_definition
class GlobalTensorOp(AscendCOp):
    """Declare an (unbound) `AscendC::GlobalTensor<T>`."""

    name = "ascendc.global_tensor"
    API_NAME: ClassVar[str] = "GlobalTensor"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CONSTRUCTOR

    tensor = result_def(GlobalTensorType)
    assembly_format = "attr-dict `:` type($tensor)"

    def __init__(self, result_type: GlobalTensorType):
        super().__init__(result_types=[result_type])


@irdl_op_definition
class LocalTensorOp(AscendCOp):
    """Declare an empty `AscendC::LocalTensor<T>` (assigned later)."""

    name = "ascendc.local_tensor"
    API_NAME: ClassVar[str] = "LocalTensor"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CONSTRUCTOR

    tensor = result_def(LocalTensorType)
    assembly_format = "attr-dict `:` type($tensor)"

    def __init__(self, result_type: LocalTensorType):
        super().__init__(result_types=[result_type])


@irdl_op_definition
class LocalTensorV2Op(AscendCOp):
    """`LocalTensor<T>(pos, addr, tileSize)`: a tensor at an explicit on-chip byte address.

    `addr` is a byte offset into the buffer of `pos`; `tileSize` counts elements.
    """

    name = "ascendc.local_tensor_v2"
    API_NAME: ClassVar[str] = "LocalTensor"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CONSTRUCTOR

    pos = prop_def(IntegerAttr)
    addr = operand_def(ui32)
    tile_size = operand_def(ui32)
    result = result_def(LocalTensorType)

    irdl_options = (ParsePropInAttrDict(),)
    custom_directives = (TPositionKeyword,)
    assembly_format = "custom<TPosition>($pos) `,` $addr `,` $tile_size attr-dict `:` type($result)"

    def __init__(self, pos: TPosition, addr, tile_size, result_type: LocalTensorType):
        super().__init__(
            operands=[addr, tile_size],
            properties={"pos": pos.attr()},
            result_types=[result_type],
        )

    @property
    def position(self) -> TPosition:
        return TPosition.from_attr(self.pos)  # type: ignore[return-value]

    def verify_(self) -> None:
        pos = verify_enum(self, "pos", TPosition)
        if pos in (TPosition.GM, TPosition.MAX):
            raise VerifyException(f"'{self.name}': position {pos.keyword} is not an on-chip buffer")

    def cpp_call_args(self) -> Sequence[CallArg]:
        return [self.position, self.addr, self.tile_size]


# ---------------------------------------------------------------------------
# Global tensors
# ---------------------------------------------------------------------------


@irdl_op_definition
class GlobalTensorSetGlobalBufferOp(AscendCOp):
    """`gt.SetGlobalBuffer(ptr[, size])`: bind a global tensor to a `__gm__` pointer."""

    name = "ascendc.global_tensor.set_global_buffer"
    API_NAME: ClassVar[str] = "SetGlobalBuffer"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.MEMBER_FUNCTION

    tensor = operand_def(GlobalTensorType)
    buffer = operand_def(MemRefType)
    size = opt_operand_def()

    assembly_format = (
        "$tensor `,` $buffer attr-dict (`,` $size^)? `:` type($tensor) `,` "
        "type($buffer) (`,` type($size)^)?"
    )

    def __init__(self, tensor, buffer, size=None):
        super().__init__(operands=[tensor, buffer, [size] if size is not None else []])

    def verify_(self) -> None:
        if self.size is not None:
            require_int(self, self.size, "size")

    def cpp_call_args(self) -> Sequence[CallArg]:
        # A pointer of another element type is reinterpreted, as Ascend C kernels do
        # with their `GM_ADDR` (uint8_t) arguments.
        tensor_type = self.tensor.type
        buffer_type = self.buffer.type
        assert isinstance(tensor_type, GlobalTensorType) and isinstance(buffer_type, MemRefType)
        buffer: CallArg = self.buffer
        if buffer_type.element_type != tensor_type.element_type:
            pointer = MemRefType(
                tensor_type.element_type, [DYNAMIC_INDEX], memory_space=buffer_type.memory_space
            )
            buffer = CastArg(self.buffer, pointer, reinterpret=True)
        return [buffer] if self.size is None else [buffer, self.size]


class _SubViewOp(AscendCOp):
    """`t[i]`: the tensor starting `i` elements further on."""

    traits = traits_def(Pure())

    def verify_(self) -> None:
        require_int(self, self.index, "index")
        src, res = self.operands[0].type, self.results[0].type
        assert isinstance(src, TensorType) and isinstance(res, TensorType)
        if src.element_type != res.element_type:
            raise VerifyException(
                f"'{self.name}': result element type {res.element_type} differs from "
                f"the tensor's {src.element_type}"
            )


@irdl_op_definition
class GlobalTensorSubIndexOp(_SubViewOp):
    """`gt[i]`: the global tensor starting `i` elements further on."""

    name = "ascendc.global_tensor.subindex"
    API_NAME: ClassVar[str] = "operator[]"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.SUBSCRIPT

    tensor = operand_def(GlobalTensorType)
    index = operand_def()
    result = result_def(GlobalTensorType)

    assembly_format = (
        "$tensor `[` $index `]` attr-dict `:` type($tensor) `,` type($index) `,` type($result)"
    )

    def __init__(self, tensor, index, result_type=None):
        super().__init__(operands=[tensor, index], result_types=[result_type or tensor.type])


@irdl_op_definition
class LocalTensorSubIndexOp(_SubViewOp):
    """`lt[i]`: the local tensor starting `i` elements further on."""

    name = "ascendc.local_tensor.subindex"
    API_NAME: ClassVar[str] = "operator[]"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.SUBSCRIPT

    tensor = operand_def(LocalTensorType)
    index = operand_def()
    result = result_def(LocalTensorType)

    assembly_format = (
        "$tensor `[` $index `]` attr-dict `:` type($tensor) `,` type($index) `,` type($result)"
    )

    def __init__(self, tensor, index, result_type=None):
        super().__init__(operands=[tensor, index], result_types=[result_type or tensor.type])


# ---------------------------------------------------------------------------
# Scalar access
# ---------------------------------------------------------------------------


class _GetValueOp(AscendCOp):
    """`t.GetValue(i)`: read one element (scalar pipe)."""

    API_NAME: ClassVar[str] = "GetValue"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.MEMBER_FUNCTION
    PIPE: ClassVar[str | None] = "S"

    def verify_(self) -> None:
        require_int(self, self.operands[1], "index")
        tensor_type = self.operands[0].type
        assert isinstance(tensor_type, TensorType)
        if self.results[0].type != tensor_type.element_type:
            raise VerifyException(
                f"'{self.name}': result type {self.results[0].type} differs from the "
                f"element type {tensor_type.element_type}"
            )


class _SetValueOp(AscendCOp):
    """`t.SetValue(i, v)`: write one element (scalar pipe)."""

    API_NAME: ClassVar[str] = "SetValue"
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.MEMBER_FUNCTION
    PIPE: ClassVar[str | None] = "S"

    def verify_(self) -> None:
        require_int(self, self.operands[1], "index")
        require_scalar(self, self.operands[2], "value")


@irdl_op_definition
class GlobalTensorGetValueOp(_GetValueOp):
    """`gt.GetValue(i)`: read one element of global memory (scalar pipe)."""

    name = "ascendc.global_tensor.get_value"

    tensor = operand_def(GlobalTensorType)
    offset = operand_def()
    value = result_def()

    assembly_format = (
        "$tensor `,` $offset attr-dict `:` type($tensor) `,` type($offset) `,` type($value)"
    )

    def __init__(self, tensor, offset):
        super().__init__(operands=[tensor, offset], result_types=[tensor.type.element_type])


@irdl_op_definition
class GlobalTensorSetValueOp(_SetValueOp):
    """`gt.SetValue(i, v)`: write one element of global memory (scalar pipe)."""

    name = "ascendc.global_tensor.set_value"

    tensor = operand_def(GlobalTensorType)
    offset = operand_def()
    value = operand_def()

    assembly_format = (
        "$tensor `,` $offset `,` $value attr-dict `:` type($tensor) `,` "
        "type($offset) `,` type($value)"
    )

    def __init__(self, tensor, offset, value):
        super().__init__(operands=[tensor, offset, value])


@irdl_op_definition
class LocalTensorGetValueOp(_GetValueOp):
    """`lt.GetValue(i)`: read one element of an on-chip tensor (scalar pipe)."""

    name = "ascendc.local_tensor.get_value"

    tensor = operand_def(LocalTensorType)
    index = operand_def()
    value = result_def()

    assembly_format = (
        "$tensor `,` $index attr-dict `:` type($tensor) `,` type($index) `,` type($value)"
    )

    def __init__(self, tensor, index):
        super().__init__(operands=[tensor, index], result_types=[tensor.type.element_type])


@irdl_op_definition
class LocalTensorSetValueOp(_SetValueOp):
    """`lt.SetValue(i, v)`: write one element of an on-chip tensor (scalar pipe)."""

    name = "ascendc.local_tensor.set_value"

    tensor = operand_def(LocalTensorType)
    index = operand_def()
    value = operand_def()

    assembly_format = (
        "$tensor `,` $index `,` $value attr-dict `:` type($tensor) `,` "
        "type($index) `,` type($value)"
    )

    def __init__(self, tensor, index, value):
        super().__init__(operands=[tensor, index, value])


TENSOR_OPS = [
    GlobalTensorOp,
    LocalTensorOp,
    LocalTensorV2Op,
    GlobalTensorSetGlobalBufferOp,
    GlobalTensorSubIndexOp,
    LocalTensorSubIndexOp,
    GlobalTensorGetValueOp,
    GlobalTensorSetValueOp,
    LocalTensorGetValueOp,
    LocalTensorSetValueOp,
]
