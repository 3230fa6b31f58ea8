"""Data movement between GM and on-chip buffers: `DataCopy` and `DataCopyPad`.

Pipes: GM->UB/L1 is MTE2, UB->GM is MTE3, UB->UB is V (see ASCENDC_SEMANTICS.md).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import irdl_op_definition, operand_def
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import (
    DEFAULT_FORMAT,
    AscendCOp,
    EmitKind,
    require_int,
    require_same_element,
    require_tensor,
)
from asc_xdsl.dialects.ascendc.types import (
    DataCopyExtParamsType,
    DataCopyPadExtParamsType,
    DataCopyPadParamsType,
    DataCopyParamsType,
    GlobalTensorType,
    LocalTensorType,
)


class DataCopyBaseOp(AscendCOp):
    """`AscendC::DataCopy[Pad](dst, src, ...)`: operands 0 and 1 are dst and src.

    `DIRECTIONS` lists the legal (dst, src) tensor kinds of the form.
    """

    EMIT_KIND: ClassVar[EmitKind] = EmitKind.FREE_FUNCTION
    DIRECTIONS: ClassVar[tuple[tuple[type, type], ...]] = (
        (LocalTensorType, GlobalTensorType),
        (GlobalTensorType, LocalTensorType),
        (LocalTensorType, LocalTensorType),
    )
    assembly_format = DEFAULT_FORMAT

    # Subclasses declare `dst` and `src` first (IRDL takes operands in class order).

    def verify_(self) -> None:
        dst = require_tensor(self, self.dst, "dst")
        src = require_tensor(self, self.src, "src")
        if (type(dst), type(src)) not in self.DIRECTIONS:
            legal = ", ".join(f"{_kind(d)} <- {_kind(s)}" for d, s in self.DIRECTIONS)
            raise VerifyException(
                f"'{self.name}': cannot copy {_kind(type(src))} to {_kind(type(dst))} "
                f"(this form copies {legal})"
            )
        require_same_element(self, {"dst": self.dst, "src": self.src})


def _kind(t: type) -> str:
    return "GM" if t is GlobalTensorType else "local"


@irdl_op_definition
class DataCopyL2Op(DataCopyBaseOp):
    """`DataCopy(dst, src, count)`: one burst of count*sizeof(T) bytes (32 B multiple)."""

    name = "ascendc.data_copy_l2"
    API_NAME: ClassVar[str] = "DataCopy"

    dst = operand_def()
    src = operand_def()
    cal_count = operand_def()

    def __init__(self, dst, src, count):
        super().__init__(operands=[dst, src, count])

    def verify_(self) -> None:
        super().verify_()
        require_int(self, self.cal_count, "count")


@irdl_op_definition
class DataCopyL0Op(DataCopyBaseOp):
    """`DataCopy(dst, src, DataCopyParams)`: strided bursts in 32-byte units."""

    name = "ascendc.data_copy_l0"
    API_NAME: ClassVar[str] = "DataCopy"

    dst = operand_def()
    src = operand_def()
    repeat_params = operand_def(DataCopyParamsType())

    def __init__(self, dst, src, params):
        super().__init__(operands=[dst, src, params])


class _PadGmToLocal(DataCopyBaseOp):
    DIRECTIONS: ClassVar[tuple[tuple[type, type], ...]] = ((LocalTensorType, GlobalTensorType),)


class _PadLocalToGm(DataCopyBaseOp):
    DIRECTIONS: ClassVar[tuple[tuple[type, type], ...]] = ((GlobalTensorType, LocalTensorType),)


@irdl_op_definition
class DataCopyPadL0Op(_PadGmToLocal):
    """`DataCopyPad(dstLocal, srcGlobal, DataCopyParams, DataCopyPadParams)`."""

    name = "ascendc.data_copy_pad_l0"
    API_NAME: ClassVar[str] = "DataCopyPad"

    dst = operand_def()
    src = operand_def()
    data_copy_params = operand_def(DataCopyParamsType())
    pad_params = operand_def(DataCopyPadParamsType())

    def __init__(self, dst, src, params, pad_params):
        super().__init__(operands=[dst, src, params, pad_params])


@irdl_op_definition
class DataCopyPadL2Op(_PadLocalToGm):
    """`DataCopyPad(dstGlobal, srcLocal, DataCopyParams)`."""

    name = "ascendc.data_copy_pad_l2"
    API_NAME: ClassVar[str] = "DataCopyPad"

    dst = operand_def()
    src = operand_def()
    data_copy_params = operand_def(DataCopyParamsType())

    def __init__(self, dst, src, params):
        super().__init__(operands=[dst, src, params])


@irdl_op_definition
class DataCopyPadL0ExtOp(_PadGmToLocal):
    """`DataCopyPad(dstLocal, srcGlobal, DataCopyExtParams, DataCopyPadExtParams<T>)`."""

    name = "ascendc.data_copy_pad_l0_ext"
    API_NAME: ClassVar[str] = "DataCopyPad"

    dst = operand_def()
    src = operand_def()
    data_copy_params = operand_def(DataCopyExtParamsType())
    pad_params = operand_def(DataCopyPadExtParamsType)

    def __init__(self, dst, src, params, pad_params):
        super().__init__(operands=[dst, src, params, pad_params])

    def verify_(self) -> None:
        super().verify_()
        pad = self.pad_params.type
        assert isinstance(pad, DataCopyPadExtParamsType)
        dst = self.dst.type
        assert isinstance(dst, LocalTensorType)
        if pad.element_type != dst.element_type:
            raise VerifyException(
                f"'{self.name}': pad parameters are for {pad.element_type} but the "
                f"tensors hold {dst.element_type}"
            )


@irdl_op_definition
class DataCopyPadL2ExtOp(_PadLocalToGm):
    """`DataCopyPad(dstGlobal, srcLocal, DataCopyExtParams)`."""

    name = "ascendc.data_copy_pad_l2_ext"
    API_NAME: ClassVar[str] = "DataCopyPad"

    dst = operand_def()
    src = operand_def()
    data_copy_params = operand_def(DataCopyExtParamsType())

    def __init__(self, dst, src, params):
        super().__init__(operands=[dst, src, params])


DATA_COPY_OPS = [
    DataCopyL2Op,
    DataCopyL0Op,
    DataCopyPadL0Op,
    DataCopyPadL2Op,
    DataCopyPadL0ExtOp,
    DataCopyPadL2ExtOp,
]
