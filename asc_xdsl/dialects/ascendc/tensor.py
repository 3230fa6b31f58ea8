"""Global and local tensors and their ShapeInfo, declared as op specs (see `spec.py`), as
pyasc's `Core/Tensor.td` states them: construction (`GlobalTensor<T>`, `LocalTensor<T>`,
`LocalTensor<T>(pos, addr, tileSize)`), GM binding, views (`t[i]`, `ReinterpretCast`,
`SetAddrWithOffset`), element access (`GetValue`/`SetValue`, `t(i)`), sizes, tags,
positions, addresses, L2 cache hints, ShapeInfo, and the CPU-debug `Print`/`ToFile`.

Where pyasc's IR says something the Ascend C headers do not accept, the op says what
the headers do:

- `t(i)` (`bracket`) is `operator()`, which returns a reference to element `i`, not a
  tensor: its result is the element (pyasc types it as a tensor; the headers reject
  `GlobalTensor<T> v = g(i)`, and `LocalTensor<T> v = t(i)` would build a tensor at
  the address *value* of the element).
- `LocalTensor::GetPhyAddr()` is `uint64_t` on the device but a pointer in CANN's
  CPU-debug build: it prints as `reinterpret_cast<uint64_t>(t.GetPhyAddr())`, valid in
  both. `GlobalTensor::GetPhyAddr()` returns a `const` pointer: the offset form
  `GetPhyAddr(0)` gives the same address as a pointer the result can be.
- `Print` and `ToFile` exist only in the CPU-debug build: they print inside
  `#if ASCENDC_CPU_DEBUG`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerType, MemRefType, Signedness, i32
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import CallArg, CastArg, EmitKind
from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.dialects.ascendc.object_ops import (
    UI32,
    ElementResultOp,
    ObjectOp,
    SameTypeOp,
    add_member,
    require_element,
)
from asc_xdsl.dialects.ascendc.spec import (
    GM_POINTER,
    INT,
    SCALAR,
    UINT64,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    elem,
    exact,
    global_,
    lazy_base,
    local,
    predicate,
)
from asc_xdsl.dialects.ascendc.types import (
    GlobalTensorType,
    ShapeInfoType,
    TensorType,
)

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

MAX_SHAPE_DIM = 8
"""A ShapeInfo holds at most 8 dimensions (K_MAX_SHAPE_DIM)."""

_SHAPE_INFO = exact(ShapeInfoType())
_INTS: dict[str, Attribute] = {
    "i32": i32,
    "ui32": UI32,
    "ui64": IntegerType(64, Signedness.UNSIGNED),
}


_member = functools.partial(add_member, FAMILY)


def _getter(class_name: str, mnemonic: str, api: str, tensor: Operand, result: Result, doc: str):
    """`T r = obj.Api();`, with pyasc's `$obj attr-dict : type($obj), type($r)` syntax."""
    _member(
        class_name,
        mnemonic,
        api,
        (tensor,),
        doc,
        results=(result,),
        format=f"$tensor attr-dict `:` type($tensor) `,` type(${result.name})",
        py=_method_name(mnemonic),
    )


def _method_name(mnemonic: str) -> str:
    """The Python method of a member op: `local_tensor.get_size` -> `LocalTensor.get_size`."""
    obj, _, method = mnemonic.partition(".")
    return "".join(w.capitalize() for w in obj.split("_")) + "." + method


# ---------------------------------------------------------------------------
# ShapeInfo
# ---------------------------------------------------------------------------


for _cls, _m, _field, _what in (
    ("ShapeInfoShapeOp", "shape_info.shape", "shape", "the extent of dimension `dim`"),
    (
        "ShapeInfoOriginalShapeOp",
        "shape_info.original_shape",
        "originalShape",
        "the original extent of dimension `dim`",
    ),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _field,
            (Operand("base", _SHAPE_INFO), Operand("dim", INT)),
            results=(Result("result", INT, _INTS["i32"]),),
            emit=EmitKind.CUSTOM,
            format="$base `,` $dim attr-dict type($dim) `,` type($result)",
            doc=f"`info.{_field}[dim]`: {_what} of a ShapeInfo.",
            py="ShapeInfo." + _m.rsplit(".", 1)[1],  # pyasc's method
        ),
        ObjectOp,
    )

FAMILY.add(
    "GetShapeSizeOp",
    OpSpec(
        "get_shape_size",
        "GetShapeSize",
        (Operand("shape_info", _SHAPE_INFO),),
        results=(Result("result", INT, _INTS["i32"]),),
        format="$shape_info attr-dict `:` type($shape_info) `->` type($result)",
        doc="`AscendC::GetShapeSize(shapeInfo)`: the number of elements a ShapeInfo describes.",
        py="get_shape_size",
    ),
    ObjectOp,
)

# ---------------------------------------------------------------------------
# Constructors
# ---------------------------------------------------------------------------

FAMILY.add(
    "GlobalTensorOp",
    OpSpec(
        "global_tensor",
        "GlobalTensor",
        results=(Result("tensor", global_("T")),),
        emit=EmitKind.CONSTRUCTOR,
        format="attr-dict `:` type($tensor)",
        doc="`AscendC::GlobalTensor<T> t;`: an unbound global tensor (bind it with "
        "`set_global_buffer`).",
    ),
    ObjectOp,
)
FAMILY.add(
    "LocalTensorOp",
    OpSpec(
        "local_tensor",
        "LocalTensor",
        results=(Result("tensor", local("T")),),
        emit=EmitKind.CONSTRUCTOR,
        format="attr-dict `:` type($tensor)",
        doc="`AscendC::LocalTensor<T> t;`: an empty local tensor (assigned later).",
    ),
    ObjectOp,
)


@lazy_base
def LocalTensorV2Base() -> type[ObjectOp]:
    class LocalTensorV2Base(ObjectOp):
        """`LocalTensor<T>(pos, addr, tileSize)`: `pos` must be an on-chip buffer."""

        @property
        def position(self) -> TPosition:
            return TPosition.from_attr(self.pos)  # type: ignore[attr-defined, return-value]

        def verify_(self) -> None:
            super().verify_()
            if self.position in (TPosition.GM, TPosition.MAX):
                raise VerifyException(
                    f"'{self.name}': position {self.position.keyword} is not an on-chip buffer"
                )

    return LocalTensorV2Base


FAMILY.add(
    "LocalTensorV2Op",
    OpSpec(
        "local_tensor_v2",
        "LocalTensor",
        (Operand("addr", exact(UI32)), Operand("tile_size", exact(UI32))),
        props=(Prop("pos", TPosition),),
        results=(Result("result", local("T")),),
        emit=EmitKind.CONSTRUCTOR,
        call=("pos", "addr", "tile_size"),
        # pyasc's syntax leaves out the operand types: they are uint32_t.
        format="custom<TPosition>($pos) `,` $addr `,` $tile_size attr-dict `:` type($result)",
        example={"pos": TPosition.VECIN},
        doc="`AscendC::LocalTensor<T>(pos, addr, tileSize)`: `tileSize` elements at byte "
        "address `addr` of the buffer of `pos`.",
    ),
    LocalTensorV2Base,
)

# ---------------------------------------------------------------------------
# Views: t[i], ReinterpretCast, SetAddrWithOffset
# ---------------------------------------------------------------------------

_SUBINDEX_FORMAT = (
    "$tensor `[` $index `]` attr-dict `:` type($tensor) `,` type($index) `,` type($result)"
)
for _cls, _m, _rule, _kind in (
    ("GlobalTensorSubIndexOp", "global_tensor.subindex", global_, "global"),
    ("LocalTensorSubIndexOp", "local_tensor.subindex", local, "local"),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            "operator[]",
            (Operand("tensor", _rule("T")), Operand("index", INT)),
            results=(Result("result", _rule("T")),),
            emit=EmitKind.SUBSCRIPT,
            format=_SUBINDEX_FORMAT,
            views=(("tensor", "result"),),
            doc=f"`t[i]`: the {_kind} tensor starting `i` elements further on.",
        ),
        SameTypeOp,
    )


@lazy_base
def ReinterpretCastBase() -> type[ObjectOp]:
    class ReinterpretCastBase(ObjectOp):
        """`t.ReinterpretCast<U>()`: the result type names U (a builder must give it)."""

        def cpp_template_args(self) -> Sequence[Any]:
            return (self.result.type.element_type,)  # type: ignore[attr-defined]

    return ReinterpretCastBase


FAMILY.add(
    "LocalTensorReinterpretCastOp",
    OpSpec(
        "reinterpret_cast",
        "ReinterpretCast",
        (Operand("tensor", local("T")),),
        results=(Result("result", local(None)),),
        emit=EmitKind.MEMBER_FUNCTION,
        format="$tensor attr-dict `:` type($tensor) `to` type($result)",
        views=(("tensor", "result"),),
        doc="`t.ReinterpretCast<U>()`: the same memory as a tensor of another element type.",
    ),
    ReinterpretCastBase,
)
_member(
    "LocalTensorSetAddrWithOffsetOp",
    "local_tensor.set_addr_with_offset",
    "SetAddrWithOffset",
    (
        Operand("tensor", local("T")),
        Operand("src", local("U")),
        Operand("offset", INT),
    ),
    "`t.SetAddrWithOffset(src, offset)`: `t` starts `offset` elements into `src` "
    "(deprecated in the headers; prefer `src[offset]`).",
    views=(("src", "tensor"),),
    py=_method_name("local_tensor.set_addr_with_offset"),
)

# ---------------------------------------------------------------------------
# Global tensors: binding, address, size, cache hint
# ---------------------------------------------------------------------------


class SetGlobalBufferBase(ObjectOp):
    """`gt.SetGlobalBuffer(ptr[, size])`. A pointer of another element type is
    reinterpreted, as Ascend C kernels do with their `GM_ADDR` (uint8_t) arguments."""

    def cpp_call_args(self) -> Sequence[CallArg]:
        tensor_type = self.tensor.type  # type: ignore[attr-defined]
        buffer_type = self.buffer.type  # type: ignore[attr-defined]
        assert isinstance(tensor_type, GlobalTensorType) and isinstance(buffer_type, MemRefType)
        buffer: CallArg = self.buffer  # type: ignore[attr-defined]
        if buffer_type.element_type != tensor_type.element_type:
            pointer = MemRefType(
                tensor_type.element_type, [DYNAMIC_INDEX], memory_space=buffer_type.memory_space
            )
            buffer = CastArg(self.buffer, pointer, reinterpret=True)  # type: ignore[attr-defined]
        size = self.size  # type: ignore[attr-defined]
        return [buffer] if size is None else [buffer, size]


_member(
    "GlobalTensorSetGlobalBufferOp",
    "global_tensor.set_global_buffer",
    "SetGlobalBuffer",
    (
        Operand("tensor", global_("T")),
        Operand("buffer", GM_POINTER),
        Operand("size", INT, arity=Arity.OPTIONAL, py="buffer_size"),
    ),
    "`gt.SetGlobalBuffer(ptr[, size])`: bind a global tensor to a `__gm__` pointer "
    "(of `size` elements).",
    base=SetGlobalBufferBase,
    format="$tensor `,` $buffer attr-dict (`,` $size^)? `:` type($tensor) `,` type($buffer) "
    "(`,` type($size)^)?",
    views=(("buffer", "tensor"),),
)


@lazy_base
def GlobalGetPhyAddrBase() -> type[ObjectOp]:
    class GlobalGetPhyAddrBase(ObjectOp):
        """`gt.GetPhyAddr([offset])`: a `__gm__ T*` of the tensor's element type. Without an
        offset the headers return a `const` pointer; `GetPhyAddr(0)` is the same address."""

        def verify_(self) -> None:
            super().verify_()
            tensor_type, result_type = self.tensor.type, self.result.type  # type: ignore[attr-defined]
            if isinstance(tensor_type, TensorType) and isinstance(result_type, MemRefType):
                require_element(self, "result", result_type.element_type, tensor_type.element_type)

    return GlobalGetPhyAddrBase


def _offset_or_zero(op: Operation) -> CallArg:
    offset = op.offset  # type: ignore[attr-defined]
    return "0" if offset is None else offset


_GET_PHY_ADDR_FORMAT = (
    "$tensor attr-dict (`,` $offset^)? `:` type($tensor) `,` type($result) (`,` type($offset)^)?"
)
_member(
    "GlobalTensorGetPhyAddrOp",
    "global_tensor.get_phy_addr",
    "GetPhyAddr",
    (Operand("tensor", global_("T")), Operand("offset", INT, arity=Arity.OPTIONAL, default=0)),
    "`gt.GetPhyAddr(offset)`: the `__gm__` address of element `offset`.",
    base=GlobalGetPhyAddrBase,
    results=(Result("result", GM_POINTER),),
    call=(_offset_or_zero,),
    format=_GET_PHY_ADDR_FORMAT,
)
_getter(
    "GlobalTensorGetShapeInfoOp",
    "global_tensor.get_shape_info",
    "GetShapeInfo",
    Operand("tensor", global_("T")),
    Result("shape_info", _SHAPE_INFO, ShapeInfoType()),
    "`gt.GetShapeInfo()`: the tensor's ShapeInfo.",
)
_member(
    "GlobalTensorGetSizeOp",
    "global_tensor.get_size",
    "GetSize",
    (Operand("tensor", global_("T")),),
    "`gt.GetSize()`: the number of elements bound with SetGlobalBuffer (uint64_t).",
    results=(Result("size", exact(_INTS["ui64"]), _INTS["ui64"]),),
    py=_method_name("global_tensor.get_size"),
)


def _l2_cache_hint(row: tuple[()]) -> None:
    """`SetL2CacheHint` (stated when first asked for: its enums are made then)."""
    from asc_xdsl.enums import CacheMode, CacheRwMode

    _member(
        "GlobalTensorSetL2CacheHintOp",
        "global_tensor.set_l2_cache_hint",
        "SetL2CacheHint",
        (Operand("tensor", global_("T")),),
        "`gt.SetL2CacheHint<rwMode>(mode)`: how the L2 cache treats the tensor's reads and writes.",
        props=(
            Prop("mode", CacheMode, default=CacheMode.CACHE_MODE_NORMAL),
            Prop("rwMode", CacheRwMode, py="rw_mode", default=CacheRwMode.RW),
        ),
        template=("rwMode",),
        call=("mode",),
        example={"mode": CacheMode.CACHE_MODE_DISABLE, "rwMode": CacheRwMode.RW},
        py=_method_name("global_tensor.set_l2_cache_hint"),
    )


FAMILY.defer(
    ((),),
    lambda row: (
        ("GlobalTensorSetL2CacheHintOp",),
        ("global_tensor.set_l2_cache_hint",),
        (_method_name("global_tensor.set_l2_cache_hint"),),
    ),
    _l2_cache_hint,
)


@lazy_base
def ShapeDimsBase() -> type[ObjectOp]:
    class ShapeDimsBase(ObjectOp):
        """A ShapeInfo of 1 to 8 dimensions."""

        def verify_(self) -> None:
            super().verify_()
            n = len(self.dims)  # type: ignore[attr-defined]
            if not 1 <= n <= MAX_SHAPE_DIM:
                raise VerifyException(
                    f"'{self.name}': a ShapeInfo has 1 to {MAX_SHAPE_DIM} dimensions, got {n}"
                )

    return ShapeDimsBase


_member(
    "GlobalTensorSetShapeInfoV2Op",
    "global_tensor.set_shape_info_v2",
    "SetShapeInfo",
    (Operand("tensor", global_("T")), Operand("dims", INT, arity=Arity.VARIADIC)),
    "`gt.SetShapeInfo(ShapeInfo(n, dims))`: the tensor's shape, from its dimensions.",
    base=ShapeDimsBase,
    emit=EmitKind.CUSTOM,
)

# ---------------------------------------------------------------------------
# Element access: GetValue / SetValue / operator()
# ---------------------------------------------------------------------------

for _cls, _m, _rule, _index, _mem in (
    ("GlobalTensorGetValueOp", "global_tensor.get_value", global_, "offset", "global memory"),
    ("LocalTensorGetValueOp", "local_tensor.get_value", local, "index", "an on-chip tensor"),
):
    _member(
        _cls,
        _m,
        "GetValue",
        (Operand("tensor", _rule("T"), Effect.READ), Operand(_index, INT)),
        f"`t.GetValue(i)`: read one element of {_mem} (scalar pipe).",
        base=ElementResultOp,
        results=(Result("value", elem("T")),),
        format=f"$tensor `,` ${_index} attr-dict `:` type($tensor) `,` type(${_index}) `,` "
        "type($value)",
        pipe="S",
    )
for _cls, _m, _rule, _index, _mem in (
    ("GlobalTensorSetValueOp", "global_tensor.set_value", global_, "offset", "global memory"),
    ("LocalTensorSetValueOp", "local_tensor.set_value", local, "index", "an on-chip tensor"),
):
    _member(
        _cls,
        _m,
        "SetValue",
        (
            Operand("tensor", _rule("T"), Effect.WRITE),
            Operand(_index, INT),
            Operand("value", SCALAR),
        ),
        f"`t.SetValue(i, v)`: write one element of {_mem} (scalar pipe).",
        format=f"$tensor `,` ${_index} `,` $value attr-dict `:` type($tensor) `,` "
        f"type(${_index}) `,` type($value)",
        pipe="S",
    )


@lazy_base
def BracketBase() -> type[ElementResultOp]:
    class BracketBase(ElementResultOp):
        """`t(i)` is `operator()`: a reference to element `i`, so the result is the element."""

        def verify_(self) -> None:
            if isinstance(self.results[0].type, TensorType):
                raise VerifyException(
                    f"'{self.name}': t(i) (operator()) returns element i, not a tensor: the "
                    "result must be the element type (for a view from element i, use "
                    "subindex, t[i])"
                )
            super().verify_()

    return BracketBase


# Any type here: BracketBase explains why a tensor is wrong.
_ELEMENT = predicate("the element type", lambda t: True, "T", i32).replace(sample=lambda v: v["T"])
for _cls, _m, _rule in (
    ("GlobalTensorBracketOp", "global_tensor.bracket", global_),
    ("LocalTensorBracketOp", "local_tensor.bracket", local),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            "operator()",
            (Operand("tensor", _rule("T"), Effect.READ), Operand("index", INT)),
            results=(Result("result", _ELEMENT),),
            emit=EmitKind.CALL_OPERATOR,
            format="$tensor `(` $index `)` attr-dict `:` type($tensor) `,` type($index) `,` "
            "type($result)",
            pipe="S",
            doc="`T v = t(i);`: element `i` through `operator()` (scalar pipe).",
        ),
        BracketBase,
    )

# ---------------------------------------------------------------------------
# Local tensors: sizes, position, tags, address, ShapeInfo
# ---------------------------------------------------------------------------

_LOCAL = Operand("tensor", local("T"))
for _cls, _m, _api, _default, _doc in (
    (
        "LocalTensorGetLengthOp",
        "local_tensor.get_length",
        "GetLength",
        "ui32",
        "in bytes (deprecated in the headers)",
    ),
    ("LocalTensorGetSizeOp", "local_tensor.get_size", "GetSize", "ui32", "in elements"),
    (
        "LocalTensorGetPositionOp",
        "local_tensor.get_position",
        "GetPosition",
        "i32",
        "the TPosition, as an int32_t",
    ),
    (
        "LocalTensorGetUserTagOp",
        "local_tensor.get_user_tag",
        "GetUserTag",
        "i32",
        "the tag SetUserTag gave it",
    ),
):
    _getter(
        _cls,
        _m,
        _api,
        _LOCAL,
        Result("result", INT, _INTS[_default]),
        f"`t.{_api}()`: {_doc}.",
    )
_getter(
    "LocalTensorGetShapeInfoOp",
    "local_tensor.get_shape_info",
    "GetShapeInfo",
    _LOCAL,
    Result("shape_info", _SHAPE_INFO, ShapeInfoType()),
    "`t.GetShapeInfo()`: the tensor's ShapeInfo.",
)
for _cls, _m, _api, _operand, _doc in (
    (
        "LocalTensorSetSizeOp",
        "local_tensor.set_size",
        "SetSize",
        Operand("size", INT, default=0),  # pyasc's Python default
        "the number of elements",
    ),
    (
        "LocalTensorSetBufferLenOp",
        "local_tensor.set_buffer_len",
        "SetBufferLen",
        Operand("data_len", INT),
        "the length in bytes",
    ),
    (
        "LocalTensorSetUserTagOp",
        "local_tensor.set_user_tag",
        "SetUserTag",
        Operand("tag", INT, default=0),  # pyasc's Python default
        "a user tag (int32_t)",
    ),
    (
        "LocalTensorSetShapeInfoOp",
        "local_tensor.set_shape_info",
        "SetShapeInfo",
        Operand("shape_info", _SHAPE_INFO),
        "the ShapeInfo",
    ),
    (
        "GlobalTensorSetShapeInfoOp",
        "global_tensor.set_shape_info",
        "SetShapeInfo",
        Operand("shape_info", _SHAPE_INFO),
        "the ShapeInfo",
    ),
):
    _tensor = Operand("tensor", global_("T")) if _m.startswith("global") else _LOCAL
    _member(_cls, _m, _api, (_tensor, _operand), f"`t.{_api}(x)`: set {_doc}.", py=_method_name(_m))


_member(
    "LocalTensorGetPhyAddrOp",
    "local_tensor.get_phy_addr",
    "GetPhyAddr",
    (_LOCAL, Operand("offset", INT, arity=Arity.OPTIONAL, default=0)),
    "`t.GetPhyAddr([offset])`: the on-chip address of element `offset`, as a uint64_t.",
    py=_method_name("local_tensor.get_phy_addr"),
    results=(Result("result", UINT64, _INTS["ui64"]),),
    emit=EmitKind.CUSTOM,
    format=_GET_PHY_ADDR_FORMAT,
)

# ---------------------------------------------------------------------------
# CPU-debug only: Print, ToFile
# ---------------------------------------------------------------------------


_member(
    "LocalTensorPrintOp",
    "local_tensor.print",
    "Print",
    (
        Operand("tensor", local("T"), Effect.READ),
        Operand("len", INT, arity=Arity.OPTIONAL, py="data_len"),
    ),
    "`t.Print([len])`: print the tensor's first `len` elements (CANN's CPU-debug build "
    "only: printed inside `#if ASCENDC_CPU_DEBUG`).",
    py=_method_name("local_tensor.print"),
    emit=EmitKind.CUSTOM,
)
_member(
    "LocalTensorToFileOp",
    "local_tensor.to_file",
    "ToFile",
    (Operand("tensor", local("T"), Effect.READ),),
    "`t.ToFile(fileName)`: write the tensor to a file (CANN's CPU-debug build only: "
    "printed inside `#if ASCENDC_CPU_DEBUG`).",
    props=(Prop("fileName", kind=PropKind.STRING, py="file_name"),),
    py=_method_name("local_tensor.to_file"),
    emit=EmitKind.CUSTOM,
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.tensor import *  # noqa: F403
