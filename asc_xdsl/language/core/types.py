"""Parameter structs of the APIs (`DataCopyParams`, ...): each builds an
`ascendc.construct` of its struct type from its fields."""

from __future__ import annotations

from typing import Any

from asc_xdsl.frontend import dtypes as dt
from asc_xdsl.frontend.context import require_jit
from asc_xdsl.frontend.dtypes import DataType
from asc_xdsl.frontend.values import IRValue


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
