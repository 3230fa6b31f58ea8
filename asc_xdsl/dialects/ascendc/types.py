"""Types of the AscendC dialect.

Textual syntax follows pyasc's `ascendc` dialect:

    !ascendc.global_tensor<1024xf32>   !ascendc.local_tensor<*xf16>   (rank 0 == unranked)
    !ascendc.queue<vecin, 2>           !ascendc.que_bind<vecin, vecout, 1>
    !ascendc.tbuf<veccalc>             !ascendc.pipe    !ascendc.shape_info
    !ascendc.tbuf_pool<vecin, 4>       !ascendc.local_mem_allocator<1>   (Hardware::UB)
    !ascendc.base_local_tensor<*xf16>  !ascendc.tensor_desc<f32>   (or `!ascendc.tensor_desc`)
    !ascendc.data_copy_params          !ascendc.data_copy_pad_ext_params<f16>

Each type states the C++ class it stands for (`CPP_CLASS`) and its template
arguments (`cpp_template_args`), which the Ascend C printer renders.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    IntAttr,
    NoneAttr,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from asc_xdsl import enums as _enums  # (`Hardware` is made when first named)
from asc_xdsl.dialects.ascendc.enums import AscEnum, TPosition
from asc_xdsl.dialects.attr_def import attr_definition

# A template argument as the printer sees it: a type, an enum value or a number.
TemplateArg = Attribute | AscEnum | int | str


class UnsupportedType(Exception):
    """A type with no C++ spelling; the printer turns it into a located error."""


class AscendCType(ParametrizedAttribute, TypeAttribute):
    """Base of every AscendC type: knows its C++ class and template arguments."""

    CPP_CLASS: ClassVar[str]
    # A class template whose parameters all have defaults is spelled `C<>` as a type.
    CPP_EMPTY_TEMPLATE_ARGS: ClassVar[bool] = False
    # Framework objects (TPipe, TQue, TBuf) own state and buffers: functions take
    # them by reference, never by copy.
    BY_REFERENCE: ClassVar[bool] = False

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return ()


class _OpaqueType(AscendCType):
    """A type without parameters, spelled as its bare mnemonic."""


def _parse_position(parser: AttrParser) -> TPosition:
    """A TPosition keyword; `max` is a sentinel, not a position."""
    start = parser.pos
    word = parser.parse_optional_identifier()
    value = TPosition.from_keyword(word) if word is not None else None
    if value is None or value is TPosition.MAX:
        valid = ", ".join(k for k in TPosition.keywords() if k != "max")
        parser.raise_error(
            f"unknown TPosition '{word or parser._current_token.text}', expected one of {valid}",
            start,
            parser.pos if word is not None else None,
        )
    return value  # type: ignore[return-value]


def _verify_position(type_name: str, value: int) -> None:
    if value not in {int(p) for p in TPosition} or value == TPosition.MAX:
        raise VerifyException(f"{type_name}: invalid TPosition {value}")


MAX_QUEUE_DEPTH = 64
"""A queue holds at most as many tensors as a TPipe has buffers (QBUF_MAX_LEN)."""


def _verify_depth(type_name: str, depth: int) -> None:
    if not 0 <= depth <= MAX_QUEUE_DEPTH:
        raise VerifyException(
            f"{type_name}: depth {depth} is out of range [0, {MAX_QUEUE_DEPTH}] (a queue "
            f"cannot hold more tensors than a TPipe has buffers)"
        )


class TensorType(AscendCType):
    """Shared parameters and syntax of global and local tensor types."""

    shape: ArrayAttr[IntAttr]
    element_type: Attribute

    def __init__(self, element_type: Attribute, shape: Sequence[int] = ()):
        super().__init__(ArrayAttr(IntAttr(d) for d in shape), element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            shape, element_type = parser.parse_shape()
        return (ArrayAttr(IntAttr(d) for d in (shape or ())), element_type)

    def print_parameters(self, printer: Printer) -> None:
        dims = "x".join("?" if d.data == DYNAMIC_INDEX else str(d.data) for d in self.shape)
        printer.print_string(f"<{dims}x" if dims else "<*x")
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def get_shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape)

    def static_size(self) -> int | None:
        """Number of elements when every dimension is known, else None."""
        shape = self.get_shape()
        if not shape or DYNAMIC_INDEX in shape:
            return None
        size = 1
        for d in shape:
            size *= d
        return size

    def verify(self) -> None:
        for d in self.shape:
            if d.data < 0 and d.data != DYNAMIC_INDEX:
                raise VerifyException(f"{self.name}: dimension {d.data} is negative")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.element_type,)


@attr_definition
class GlobalTensorType(TensorType):
    """`AscendC::GlobalTensor<T>`: a view of global memory."""

    name = "ascendc.global_tensor"
    CPP_CLASS = "AscendC::GlobalTensor"


@attr_definition
class LocalTensorType(TensorType):
    """`AscendC::LocalTensor<T>`: a tile in an on-chip buffer."""

    name = "ascendc.local_tensor"
    CPP_CLASS = "AscendC::LocalTensor"


@attr_definition
class BaseGlobalTensorType(TensorType):
    """`AscendC::BaseGlobalTensor<T>`: the base class of GlobalTensor (APIs that take
    either kind of tensor through its base)."""

    name = "ascendc.base_global_tensor"
    CPP_CLASS = "AscendC::BaseGlobalTensor"


@attr_definition
class BaseLocalTensorType(TensorType):
    """`AscendC::BaseLocalTensor<T>`: the base class of LocalTensor."""

    name = "ascendc.base_local_tensor"
    CPP_CLASS = "AscendC::BaseLocalTensor"


@attr_definition
class PipeType(_OpaqueType):
    name = "ascendc.pipe"
    CPP_CLASS = "AscendC::TPipe"
    BY_REFERENCE = True


class _PositionCountType(AscendCType):
    """A type written `<position, N>` (`!ascendc.queue<vecin, 2>`, `!ascendc.tbuf_pool<vecin, 4>`):
    its parameters are the position and a count, in that order."""

    @property
    def tposition(self) -> TPosition:
        return TPosition(self.parameters[0].data)  # type: ignore[attr-defined]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = _parse_position(parser)
            parser.parse_punctuation(",")
            count = parser.parse_integer(allow_negative=False, allow_boolean=False)
        return (IntAttr(int(pos)), IntAttr(count))

    def print_parameters(self, printer: Printer) -> None:
        count = self.parameters[1].data  # type: ignore[attr-defined]
        printer.print_string(f"<{self.tposition.keyword}, {count}>")


class _QueueClass:
    """QueueType's C++ class: `AscendC::TQue`, but `AscendC::TQueBind` for a queue at
    VECCALC. The headers' `TQue<pos>` derives from `TQueBind<GetBufferLogicPos(pos)>`,
    which ASSERTs pos != VECCALC: CANN's CPU-debug build rejects `TQue<VECCALC, d>`
    (the assert is not a constant expression), while the device build (ASSERT compiled
    out) gets `TQueBind<MAX, MAX, d>`: UB buffers, EnQue/free events MTE2_MTE3 and
    MTE3_MTE2. `TQueBind<VECCALC, VECCALC, d>` is that in both builds."""

    def __get__(self, obj, owner=None) -> str:
        if obj is not None and obj.tposition is TPosition.VECCALC:
            return "AscendC::TQueBind"
        return "AscendC::TQue"


@attr_definition
class QueueType(_PositionCountType):
    """`AscendC::TQue<pos, depth>` (at VECCALC spelled `TQueBind<VECCALC, VECCALC,
    depth>`: `_QueueClass`)."""

    name = "ascendc.queue"
    CPP_CLASS = _QueueClass()
    BY_REFERENCE = True

    position: IntAttr
    depth: IntAttr

    def __init__(self, position: TPosition, depth: int):
        super().__init__(IntAttr(int(position)), IntAttr(depth))

    def verify(self) -> None:
        _verify_position(self.name, self.position.data)
        _verify_depth(self.name, self.depth.data)

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        if self.tposition is TPosition.VECCALC:
            return (self.tposition, self.tposition, self.depth.data)
        return (self.tposition, self.depth.data)


@attr_definition
class QueBindType(AscendCType):
    """`AscendC::TQueBind<src, dst, depth>`."""

    name = "ascendc.que_bind"
    CPP_CLASS = "AscendC::TQueBind"
    BY_REFERENCE = True

    src_position: IntAttr
    dst_position: IntAttr
    depth: IntAttr

    def __init__(self, src: TPosition, dst: TPosition, depth: int):
        super().__init__(IntAttr(int(src)), IntAttr(int(dst)), IntAttr(depth))

    @property
    def tposition(self) -> TPosition:
        return TPosition(self.src_position.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            src = _parse_position(parser)
            parser.parse_punctuation(",")
            dst = _parse_position(parser)
            parser.parse_punctuation(",")
            depth = parser.parse_integer(allow_negative=False, allow_boolean=False)
        return (IntAttr(int(src)), IntAttr(int(dst)), IntAttr(depth))

    def print_parameters(self, printer: Printer) -> None:
        src = TPosition(self.src_position.data).keyword
        dst = TPosition(self.dst_position.data).keyword
        printer.print_string(f"<{src}, {dst}, {self.depth.data}>")

    def verify(self) -> None:
        _verify_position(self.name, self.src_position.data)
        _verify_position(self.name, self.dst_position.data)
        _verify_depth(self.name, self.depth.data)

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (
            TPosition(self.src_position.data),
            TPosition(self.dst_position.data),
            self.depth.data,
        )


@attr_definition
class TBufType(AscendCType):
    """`AscendC::TBuf<pos>`: a raw calculation buffer."""

    name = "ascendc.tbuf"
    CPP_CLASS = "AscendC::TBuf"
    BY_REFERENCE = True

    position: IntAttr

    def __init__(self, position: TPosition):
        super().__init__(IntAttr(int(position)))

    @property
    def tposition(self) -> TPosition:
        return TPosition(self.position.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = _parse_position(parser)
        return (IntAttr(int(pos)),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.tposition.keyword}>")

    def verify(self) -> None:
        _verify_position(self.name, self.position.data)

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.tposition,)


MAX_BUF_ID_SIZE = 16
"""A TBufPool hands out at most 16 buffers (its `bufIDSize`)."""


@attr_definition
class TBufPoolType(_PositionCountType):
    """`AscendC::TBufPool<pos, bufIDSize>`: a pool of `bufIDSize` buffers carved from a
    TPipe's memory, which queues and TBufs of a stage can be given instead."""

    name = "ascendc.tbuf_pool"
    CPP_CLASS = "AscendC::TBufPool"
    BY_REFERENCE = True

    position: IntAttr
    buf_id_size: IntAttr

    def __init__(self, position: TPosition, buf_id_size: int = 4):
        super().__init__(IntAttr(int(position)), IntAttr(buf_id_size))

    def verify(self) -> None:
        _verify_position(self.name, self.position.data)
        if not 1 <= self.buf_id_size.data <= MAX_BUF_ID_SIZE:
            raise VerifyException(
                f"{self.name}: bufIDSize {self.buf_id_size.data} is out of range "
                f"[1, {MAX_BUF_ID_SIZE}]"
            )

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.tposition, self.buf_id_size.data)


@attr_definition
class LocalMemAllocatorType(AscendCType):
    """`AscendC::LocalMemAllocator<hard>`: hands out consecutive tensors of one physical
    memory. The parameter is the `Hardware` number, as pyasc writes it
    (`!ascendc.local_mem_allocator<1>` is `Hardware::UB`)."""

    name = "ascendc.local_mem_allocator"
    CPP_CLASS = "AscendC::LocalMemAllocator"
    BY_REFERENCE = True  # it keeps the next free address

    hardware: IntAttr

    def __init__(self, hardware: _enums.Hardware):
        super().__init__(IntAttr(int(hardware)))

    @property
    def hard(self) -> _enums.Hardware:
        return _enums.Hardware(self.hardware.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            value = parser.parse_integer(allow_negative=False, allow_boolean=False)
        return (IntAttr(value),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.hardware.data}>")

    def verify(self) -> None:
        if self.hardware.data not in {int(h) for h in _enums.Hardware}:
            valid = ", ".join(f"{int(h)} ({h.name})" for h in _enums.Hardware)
            raise VerifyException(
                f"{self.name}: {self.hardware.data} is not a Hardware value (valid: {valid})"
            )

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.hard,)


class OptionalElementType(AscendCType):
    """A class template `C<T>` that pyasc's IR writes without `T` (`!ascendc.x`).

    That form has no C++ spelling except where the op that makes the value deduces `T`
    (a declaration with an initializer), so a value that crosses a function boundary
    needs the element type: `!ascendc.x<f32>`.
    """

    element_type: Attribute  # NoneAttr: not stated

    def __init__(self, element_type: Attribute | None = None):
        super().__init__(NoneAttr() if element_type is None else element_type)

    @property
    def element(self) -> Attribute | None:
        return None if isinstance(self.element_type, NoneAttr) else self.element_type

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if parser.parse_optional_punctuation("<") is None:
            return (NoneAttr(),)
        element = parser.parse_type()
        parser.parse_punctuation(">")
        return (element,)

    def print_parameters(self, printer: Printer) -> None:
        if self.element is not None:
            printer.print_string("<")
            printer.print_attribute(self.element)
            printer.print_string(">")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        if self.element is None:
            raise UnsupportedType(
                f"!{self.name} needs its element type to be spelled in C++ "
                f"({self.CPP_CLASS}<T> is a class template): write !{self.name}<T>"
            )
        return (self.element,)


class DefaultedElementType(OptionalElementType):
    """A class template `C<T = D>`: `!ascendc.x` is `C<>` (the header's default),
    `!ascendc.x<f16>` is `C<half>`."""

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return () if self.element is None else (self.element,)


@attr_definition
class TensorDescType(OptionalElementType):
    """`AscendC::TensorDesc<T>`: one tensor's description in a ListTensorDesc
    (`ascendc.tensor_desc` deduces `T` where it declares one)."""

    name = "ascendc.tensor_desc"
    CPP_CLASS = "AscendC::TensorDesc"
    BY_REFERENCE = True  # ListTensorDesc::GetDesc fills it in place


@attr_definition
class ShapeInfoType(_OpaqueType):
    name = "ascendc.shape_info"
    CPP_CLASS = "AscendC::ShapeInfo"


@attr_definition
class DataCopyParamsType(_OpaqueType):
    """`DataCopyParams{blockCount, blockLen, srcStride, dstStride}` (32-byte units)."""

    name = "ascendc.data_copy_params"
    CPP_CLASS = "AscendC::DataCopyParams"


@attr_definition
class DataCopyExtParamsType(_OpaqueType):
    """`DataCopyExtParams{blockCount, blockLen(bytes), srcStride, dstStride, rsv}`."""

    name = "ascendc.data_copy_ext_params"
    CPP_CLASS = "AscendC::DataCopyExtParams"


@attr_definition
class DataCopyPadParamsType(_OpaqueType):
    """`DataCopyPadParams{isPad, leftPadding, rightPadding, paddingValue}`."""

    name = "ascendc.data_copy_pad_params"
    CPP_CLASS = "AscendC::DataCopyPadParams"


@attr_definition
class DataCopyPadExtParamsType(AscendCType):
    """`DataCopyPadExtParams<T>{isPad, leftPadding, rightPadding, paddingValue}`."""

    name = "ascendc.data_copy_pad_ext_params"
    CPP_CLASS = "AscendC::DataCopyPadExtParams"

    element_type: Attribute

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return (parser.parse_type(),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return (self.element_type,)


# Built by `ascendc.construct` from fields (its field table: struct_fields.py), besides
# the parameter structs of struct_types and param_types.
CONSTRUCTIBLE_TYPES = (
    DataCopyParamsType,
    DataCopyExtParamsType,
    DataCopyPadParamsType,
    DataCopyPadExtParamsType,
    ShapeInfoType,
)

ASCENDC_TYPES: list[type[AscendCType]] = [
    GlobalTensorType,
    LocalTensorType,
    PipeType,
    QueueType,
    QueBindType,
    TBufType,
    TBufPoolType,
    LocalMemAllocatorType,
    BaseGlobalTensorType,
    BaseLocalTensorType,
    TensorDescType,
    ShapeInfoType,
    DataCopyParamsType,
    DataCopyExtParamsType,
    DataCopyPadParamsType,
    DataCopyPadExtParamsType,
]
