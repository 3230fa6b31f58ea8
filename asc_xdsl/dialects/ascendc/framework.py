"""The TPipe/TQue/TQueBind/TBuf/TBufPool framework, declared as op specs (see
`spec.py`), as pyasc's `Fwk/TPipe.td`, `TQue.td`, `TBuf.td` and `TBufPool.td` state
them: the objects, buffer initialisation, event ids, queue traffic (alloc/enque/deque/
free, in place and with user positions), queue state, TBuf views and buffer pools.

Positions follow the Ascend C documentation: a TQue lives in an on-chip buffer (the
headers reject `TQue<GM>`), a TBufPool in VECIN/VECOUT/VECCALC/A1/B1/C1. A `TBuf<GM>`
compiles and may be declared, but cannot be given memory: `InitBuffer` of it aborts in
the CPU-debug build (`tools/pyasc_suite/runtime_aborts.py` runs it), so `init_buffer` of
a TBuf at GM is refused.
`TQueBind` has no `Destroy()` in the headers: `que_bind.destroy` parses but has no
Ascend C form. `TPipe::GetBaseAddr` exists only in CANN's CPU-debug build: its op prints
for that build, and 0 (the base of the device's on-chip address space, which
`GetPhyAddr` counts from) for the device.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerType, MemRefType, Signedness, i1, i32
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.object_ops import ObjectOp, add_member
from asc_xdsl.dialects.ascendc.spec import (
    BOOL,
    INT,
    UINT64,
    Arity,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    Result,
    exact,
    lazy_base,
    local,
    of_type,
    predicate,
)
from asc_xdsl.dialects.ascendc.types import (
    PipeType,
    QueBindType,
    QueueType,
    TBufPoolType,
    TBufType,
    TemplateArg,
)
from asc_xdsl.enums import TPosition

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

_PIPE = Operand("pipe", exact(PipeType()))
_QUEUE_SAMPLE = QueueType(TPosition.VECIN, 2)
ANY_QUEUE = predicate(
    "a !ascendc.queue or !ascendc.que_bind",
    lambda t: isinstance(t, QueueType | QueBindType),
    "TQue|TQueBind",
    _QUEUE_SAMPLE,
)
_QUEUE = Operand("queue", ANY_QUEUE)


def _queue_of_depth(zero: bool) -> Operand:
    """A queue operand whose depth is 0 (the in-place AllocTensor/DeQue forms) or not (the
    forms that return a tensor, and EnQue between user positions): the headers
    static_assert it."""
    what = "of depth 0" if zero else "of depth at least 1 (a queue of depth 0 works in place)"
    return Operand(
        "queue",
        predicate(
            f"a !ascendc.queue or !ascendc.que_bind {what}",
            lambda t: isinstance(t, QueueType | QueBindType) and (t.depth.data == 0) == zero,
            "TQue|TQueBind",
            QueueType(TPosition.VECIN, 0 if zero else 2),
        ),
    )


_IN_PLACE_QUEUE = _queue_of_depth(zero=True)
_BUFFERED_QUEUE = _queue_of_depth(zero=False)
_TBUF = of_type(TBufType, lambda v: TBufType(TPosition.VECCALC))
_TBUF_POOL = of_type(TBufPoolType, lambda v: TBufPoolType(TPosition.VECIN, 4))
_UI8 = IntegerType(8, Signedness.UNSIGNED)
BUF_HANDLE = predicate(
    "a TBufHandle (memref<?xui8>: uint8_t*)",
    lambda t: (
        isinstance(t, MemRefType)
        and t.element_type == _UI8
        and t.memory_space == MemRefType(_UI8, [DYNAMIC_INDEX]).memory_space
    ),
    "TBufHandle",
    MemRefType(_UI8, [DYNAMIC_INDEX]),
)
"""`TBufHandle` is `uint8_t*` (a buffer's control block)."""


def _result_element(op: Operation) -> TemplateArg:
    """The element type of the local tensor the op gives (`que.AllocTensor<T>()`)."""
    return op.results[0].type.element_type  # type: ignore[attr-defined]


def _tensor_element(op: Operation) -> TemplateArg:
    return op.tensor.type.element_type  # type: ignore[attr-defined]


_member = functools.partial(add_member, FAMILY)


# ---------------------------------------------------------------------------
# Objects
# ---------------------------------------------------------------------------

ON_CHIP = (
    TPosition.A1,
    TPosition.A2,
    TPosition.B1,
    TPosition.B2,
    TPosition.C1,
    TPosition.C2,
    TPosition.CO1,
    TPosition.CO2,
    TPosition.VECIN,
    TPosition.VECOUT,
    TPosition.VECCALC,
)
TBUF_POOL_POSITIONS = (
    TPosition.VECIN,
    TPosition.VECOUT,
    TPosition.VECCALC,
    TPosition.A1,
    TPosition.B1,
    TPosition.C1,
)
"""Where a TBufPool may be (the TBufPool constructor's documentation)."""


class _PositionedObjectOp(ObjectOp):
    """A constructor whose object type has a position that must be one of `POSITIONS`."""

    VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

    POSITIONS: ClassVar[tuple[TPosition, ...]] = ON_CHIP
    WHAT: ClassVar[str] = "buffer"

    @property
    def positions(self) -> tuple[TPosition, ...]:
        return self.POSITIONS

    def verify_(self) -> None:
        super().verify_()
        position = self.results[0].type.tposition  # type: ignore[attr-defined]
        if position not in self.positions:
            if position in (TPosition.GM, TPosition.MAX):
                allowed = "use vecin/vecout/veccalc, a1/b1/c1, a2/b2, co1, c2"
                raise VerifyException(
                    f"'{self.name}': {self.WHAT} position {position.keyword} is not an "
                    f"on-chip buffer ({allowed})"
                )
            allowed = ", ".join(p.keyword for p in self.positions)
            raise VerifyException(
                f"'{self.name}': a {self.WHAT} cannot be at {position.keyword} (allowed: {allowed})"
            )


class QueueBase(_PositionedObjectOp):
    """`TQue<pos, depth>` derives from the TQueBind its position implies (`_LOGIC_POSITIONS`).
    VECCALC has none (a TBuf's position), yet the API docs' own samples declare
    `TQue<TPosition::VECCALC, 1>` for scratch tensors (Hypot, IsInf, Rint), and bisheng
    builds them; such a queue allocates and frees, with no pipe of its own to sync."""

    WHAT: ClassVar[str] = "queue"

    @property
    def positions(self) -> tuple[TPosition, ...]:
        return (*_LOGIC_POSITIONS, TPosition.VECCALC)


@lazy_base
def TBufBase() -> type[_PositionedObjectOp]:
    class TBufBase(_PositionedObjectOp):
        """`TBuf<GM>` is a valid declaration; only its `InitBuffer` is refused."""

        POSITIONS: ClassVar[tuple[TPosition, ...]] = (TPosition.GM, *ON_CHIP)

    return TBufBase


@lazy_base
def InitTBufBase() -> type[ObjectOp]:
    class InitTBufBase(ObjectOp):
        """`x.InitBuffer(tbuf, len)`: the CPU-debug build aborts for a TBuf at GM."""

        def verify_(self) -> None:
            super().verify_()
            if self.buffer.type.tposition is TPosition.GM:  # type: ignore[attr-defined]
                raise VerifyException(
                    f"'{self.name}': a TBuf at gm cannot be given memory (InitBuffer takes "
                    "an on-chip buffer: vecin/vecout/veccalc, a1/b1/c1, a2/b2, co1, c2)"
                )

    return InitTBufBase


@lazy_base
def TBufPoolBase() -> type[_PositionedObjectOp]:
    class TBufPoolBase(_PositionedObjectOp):
        POSITIONS: ClassVar[tuple[TPosition, ...]] = TBUF_POOL_POSITIONS
        WHAT: ClassVar[str] = "TBufPool"

    return TBufPoolBase


FAMILY.add(
    "PipeOp",
    OpSpec(
        "pipe",
        "TPipe",
        results=(Result("pipe", exact(PipeType()), PipeType()),),
        emit=EmitKind.CONSTRUCTOR,
        format="attr-dict",
        doc="`AscendC::TPipe pipe;`: owns the on-chip buffers of a kernel.",
    ),
    ObjectOp,
)
# (each sample made when first asked for: a type's first instance makes its IRDL
# definition, and a kernel without a TBuf or a pool needs neither)
for _cls, _m, _api, _result, _type, _sample, _base, _doc in (
    (
        "QueueOp",
        "queue",
        "TQue",
        "queue",
        QueueType,
        lambda: _QUEUE_SAMPLE,
        QueueBase,
        "a queue of tensors",
    ),
    (
        "QueBindOp",
        "que_bind",
        "TQueBind",
        "que_bind",
        QueBindType,
        lambda: QueBindType(TPosition.GM, TPosition.VECIN, 1),
        ObjectOp,
        "a queue from position `src` to `dst`",
    ),
    (
        "TBufOp",
        "tbuf",
        "TBuf",
        "buffer",
        TBufType,
        lambda: TBufType(TPosition.VECCALC),
        TBufBase,
        "a raw calculation buffer",
    ),
    (
        "TBufPoolOp",
        "tBufPool",
        "TBufPool",
        "tbuf_pool",
        TBufPoolType,
        lambda: TBufPoolType(TPosition.VECIN, 4),
        TBufPoolBase,
        "a pool of buffers",
    ),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            results=(Result(_result, of_type(_type, lambda v, make=_sample: make())),),
            emit=EmitKind.CONSTRUCTOR,
            # pyasc writes the type without its `!ascendc.` prefix (`: <vecin, 1>`).
            format=f"attr-dict `:` custom<{_type.__name__}>(type(${_result}))",
            doc=f"`AscendC::{_api}<...> x;`: {_doc}.",
        ),
        _base,
    )

# ---------------------------------------------------------------------------
# TPipe
# ---------------------------------------------------------------------------

# pyasc's syntax leaves out the pipe's type (it has only one).
_PIPE_FORMAT = "$pipe `,` "

_member(
    "PipeInitBufferOp",
    "pipe.init_buffer",
    "InitBuffer",
    (_PIPE, Operand("buffer", _TBUF), Operand("length", INT)),
    "`pipe.InitBuffer(tbuf, len)`: `len` bytes for a TBuf.",
    base=InitTBufBase,
    format=_PIPE_FORMAT + "$buffer `,` $length attr-dict `:` type($buffer) `,` type($length)",
)
_member(
    "PipeInitQueueOp",
    "pipe.init_queue",
    "InitBuffer",
    (_PIPE, _QUEUE, Operand("num", INT), Operand("length", INT)),
    "`pipe.InitBuffer(que, num, len)`: `num` buffers of `len` bytes for a queue.",
    format=_PIPE_FORMAT + "$queue `,` $num `,` $length attr-dict `:` type($queue) `,` "
    "type($num) `,` type($length)",
)
for _cls, _m, _api, _doc in (
    ("PipeInitOp", "pipe.init", "Init", "initialise the pipe's state"),
    ("PipeDestroyOp", "pipe.destroy", "Destroy", "release the pipe's buffers and events"),
    ("PipeResetOp", "pipe.reset", "Reset", "reset the pipe's buffers and events"),
):
    _member(_cls, _m, _api, (_PIPE,), f"`pipe.{_api}()`: {_doc}.", py=f"TPipe.{_m[5:]}")


@lazy_base
def EventIdBase() -> type[ObjectOp]:
    class EventIdBase(ObjectOp):
        """An op on a hardware event: MAX is not one."""

        def verify_(self) -> None:
            from asc_xdsl.enums import HardEvent

            super().verify_()
            event = HardEvent.from_attr(self.event)  # type: ignore[attr-defined]
            if event is HardEvent.MAX:
                raise VerifyException(f"'{self.name}': MAX is not a hardware event")

    return EventIdBase


def _event_ids(row: tuple[()]) -> None:
    """TPipe's event-id ops (stated when first asked for: `HardEvent` is made then)."""
    from asc_xdsl.enums import HardEvent

    event = Prop("event", HardEvent, default=HardEvent.V_S)
    for cls, mnemonic, api, doc in (
        ("PipeAllocEventIDOp", "pipe.alloc_event_id", "AllocEventID", "take a free event id"),
        (
            "PipeFetchEventIDOp",
            "pipe.fetch_event_id",
            "FetchEventID",
            "the next free event id (not taken)",
        ),
    ):
        _member(
            cls,
            mnemonic,
            api,
            (_PIPE,),
            f"`pipe.{api}<event>()`: {doc} of `event`.",
            base=EventIdBase,
            props=(event,),
            results=(Result("event_id", INT, i32),),
            template=("event",),
            format=_PIPE_FORMAT + "custom<HardEvent>($event) attr-dict `:` type($event_id)",
            example={"event": HardEvent.MTE2_V},
            py=f"TPipe.{mnemonic[5:]}",
        )
    _member(
        "PipeReleaseEventIDOp",
        "pipe.release_event_id",
        "ReleaseEventID",
        (_PIPE, Operand("id", INT)),
        "`pipe.ReleaseEventID<event>(id)`: give back an event id AllocEventID took.",
        base=EventIdBase,
        props=(event,),
        template=("event",),
        example={"event": HardEvent.MTE2_V},
        py="TPipe.release_event_id",
    )


_EVENT_ID_OPS = ("alloc_event_id", "fetch_event_id", "release_event_id")
FAMILY.defer(
    ((),),
    lambda row: (
        ("PipeAllocEventIDOp", "PipeFetchEventIDOp", "PipeReleaseEventIDOp"),
        tuple(f"pipe.{name}" for name in _EVENT_ID_OPS),
        tuple(f"TPipe.{name}" for name in _EVENT_ID_OPS),
    ),
    _event_ids,
)


_member(
    "PipeGetBaseAddrOp",
    "pipe.get_base_addr",
    "GetBaseAddr",
    (_PIPE,),
    "`pipe.GetBaseAddr(logicPos)`: where the buffer of `logicPos` starts, as an integer "
    "(CANN's CPU-debug build has it; on the device on-chip addresses start at 0).",
    props=(Prop("logicPos", TPosition, py="logic_pos", default=TPosition.VECIN),),
    results=(Result("value", UINT64, IntegerType(64, Signedness.UNSIGNED)),),
    emit=EmitKind.CUSTOM,
    format=_PIPE_FORMAT + "custom<TPosition>($logicPos) attr-dict `:` type($value)",
    example={"logicPos": TPosition.VECIN},
    py="TPipe.get_base_addr",
)


@lazy_base
def SamePoolTypeBase() -> type[ObjectOp]:
    class SamePoolTypeBase(ObjectOp):
        """`pool.InitBufPool(sub, len[, share])`: the headers let a TBufPool reach the
        internals of pools of its own type only (TPipe's InitBufPool takes any pool)."""

        def verify_(self) -> None:
            super().verify_()
            own = self.origin.type  # type: ignore[attr-defined]
            for name in ("buf_pool", "share_buf"):
                value = getattr(self, name)
                if value is not None and value.type != own:
                    raise VerifyException(
                        f"'{self.name}': {name} is a {value.type}, not a {own} (a TBufPool can "
                        "only carve pools of its own type)"
                    )

    return SamePoolTypeBase


_INIT_BUF_POOL_FORMAT = (
    "`(` ${obj} `,` $buf_pool `,` $len `)` attr-dict (`,` $share_buf^)? `:` type(${obj}) "
    "`,` type($buf_pool) `,` type($len) (`,` type($share_buf)^)? `->` type($value)"
)
for _cls, _m, _obj, _rule, _what, _base, _py_class in (
    (
        "PipeInitBufPoolOp",
        "pipe.init_buf_pool",
        "pipe",
        exact(PipeType()),
        "the pipe",
        ObjectOp,
        "TPipe",
    ),
    (
        "TBufPoolInitBufPoolOp",
        "tbuf_pool.init_buf_pool",
        "origin",
        _TBUF_POOL,
        "a pool",
        SamePoolTypeBase,
        "TBufPool",
    ),
):
    _member(
        _cls,
        _m,
        "InitBufPool",
        (
            Operand(_obj, _rule),
            Operand("buf_pool", _TBUF_POOL),
            Operand("len", INT, default=0),
            Operand("share_buf", _TBUF_POOL, arity=Arity.OPTIONAL, default=None),
        ),
        f"`x.InitBufPool(pool, len[, shareBuf])`: `len` bytes of {_what} for a TBufPool "
        "(shared with `shareBuf`'s, if given).",
        base=_base,
        results=(Result("value", BOOL, i1),),
        format=_INIT_BUF_POOL_FORMAT.format(obj=_obj),
        py=f"{_py_class}.init_buf_pool",
    )

# ---------------------------------------------------------------------------
# TBufPool
# ---------------------------------------------------------------------------

_POOL = Operand("buf_pool", _TBUF_POOL)
_member(
    "TBufPoolInitBufferOp",
    "tbuf_pool.init_buffer",
    "InitBuffer",
    (_POOL, Operand("buffer", _TBUF), Operand("length", INT)),
    "`pool.InitBuffer(tbuf, len)`: `len` bytes of the pool for a TBuf.",
    base=InitTBufBase,
    format="$buf_pool `,` $buffer `,` $length attr-dict `:` type($buf_pool) `,` "
    "type($buffer) `,` type($length)",
)
_member(
    "TBufPoolInitQueueOp",
    "tbuf_pool.init_queue",
    "InitBuffer",
    (_POOL, _QUEUE, Operand("num", INT), Operand("length", INT)),
    "`pool.InitBuffer(que, num, len)`: `num` buffers of `len` bytes of the pool for a queue.",
    format="$buf_pool `,` $queue `,` $num `,` $length attr-dict `:` type($buf_pool) `,` "
    "type($queue) `,` type($num) `,` type($length)",
)
_member(
    "TBufPoolResetOp",
    "tbuf_pool.reset",
    "Reset",
    (_POOL,),
    "`pool.Reset()`: free every buffer of the pool.",
    py="TBufPool.reset",
)

# ---------------------------------------------------------------------------
# Queue traffic
# ---------------------------------------------------------------------------

_TAKE_FORMAT = "$queue attr-dict `:` type($queue) `,` type($tensor)"
_GIVE_FORMAT = "$queue `,` $tensor attr-dict `:` type($queue) `,` type($tensor)"
_RESULT_TENSOR = Result("tensor", local("T"))
_TENSOR = Operand("tensor", local("T"))
for _cls, _m, _api, _doc in (
    ("AllocTensorOp", "que_bind.alloc_tensor", "AllocTensor", "take a free buffer of the queue"),
    (
        "DeQueOp",
        "que_bind.deque_tensor",
        "DeQue",
        "take the oldest enqueued tensor (waits for its producer pipe)",
    ),
):
    _member(
        _cls,
        _m,
        _api,
        (_BUFFERED_QUEUE,),
        f"`que.{_api}<T>()`: {_doc}.",
        results=(_RESULT_TENSOR,),
        template=(_result_element,),
        format=_TAKE_FORMAT,
    )
for _cls, _m, _api, _doc in (
    (
        "AllocTensorInPlaceOp",
        "que_bind.alloc_tensor_in_place",
        "AllocTensor",
        "a free buffer of the queue, into `t`",
    ),
    (
        "DeQueInPlaceOp",
        "que_bind.deque_tensor_in_place",
        "DeQue",
        "the oldest enqueued tensor, into `t`",
    ),
):
    _member(
        _cls,
        _m,
        _api,
        (_IN_PLACE_QUEUE, _TENSOR),
        f"`que.{_api}<T>(t)`: {_doc} (a queue of depth 0).",
        template=(_tensor_element,),
        format=_GIVE_FORMAT,
    )
for _cls, _m, _api, _doc in (
    ("EnQueOp", "que_bind.enque_tensor", "EnQue", "hand a filled tensor to the consumer pipe"),
    ("FreeTensorOp", "que_bind.free_tensor", "FreeTensor", "give a tensor's buffer back"),
):
    _member(_cls, _m, _api, (_QUEUE, _TENSOR), f"`que.{_api}(t)`: {_doc}.", format=_GIVE_FORMAT)

_USER_POSITIONS = (
    Prop("srcUserPos", TPosition, py="src_user_pos"),
    Prop("dstUserPos", TPosition, py="dst_user_pos"),
)
_POSITIONS_FORMAT = "custom<TPosition>($srcUserPos) `,` custom<TPosition>($dstUserPos) attr-dict"
_member(
    "DeQuePosOp",
    "que_bind.deque_tensor_pos",
    "DeQue",
    (_BUFFERED_QUEUE,),
    "`que.DeQue<srcUserPos, dstUserPos, T>()`: DeQue between user-given positions.",
    props=_USER_POSITIONS,
    results=(_RESULT_TENSOR,),
    template=("srcUserPos", "dstUserPos", _result_element),
    format=f"$queue `,` {_POSITIONS_FORMAT} `:` type($queue) `,` type($tensor)",
    example={"srcUserPos": TPosition.GM, "dstUserPos": TPosition.VECIN},
)
_member(
    "EnQuePosOp",
    "que_bind.enque_tensor_pos",
    "EnQue",
    (_BUFFERED_QUEUE, _TENSOR),
    "`que.EnQue<srcUserPos, dstUserPos>(t)`: EnQue between user-given positions.",
    props=_USER_POSITIONS,
    template=("srcUserPos", "dstUserPos"),
    format=f"$queue `,` $tensor `,` {_POSITIONS_FORMAT} `:` type($queue) `,` type($tensor)",
    example={"srcUserPos": TPosition.GM, "dstUserPos": TPosition.VECIN},
)

# ---------------------------------------------------------------------------
# Queue state
# ---------------------------------------------------------------------------

_STATE_FORMAT = "$queue attr-dict `:` type($queue) `,` type($value)"
_member(
    "GetTensorCountInQueOp",
    "que_bind.get_tensor_count_in_que",
    "GetTensorCountInQue",
    (_QUEUE,),
    "`que.GetTensorCountInQue()`: how many tensors are enqueued (int32_t).",
    results=(Result("value", INT, i32),),
    format=_STATE_FORMAT,
    py="TQueBind.get_tensor_count_in_que",
)
for _cls, _m, _api, _doc in (
    ("HasIdleBufferOp", "que_bind.has_idle_buffer", "HasIdleBuffer", "a buffer is free"),
    ("HasTensorInQueOp", "que_bind.has_tensor_in_que", "HasTensorInQue", "a tensor is enqueued"),
    ("VacantInQueOp", "que_bind.vacant_in_que", "VacantInQue", "the queue can take a tensor"),
):
    _member(
        _cls,
        _m,
        _api,
        (_QUEUE,),
        f"`que.{_api}()`: whether {_doc}.",
        results=(Result("value", BOOL, i1),),
        format=_STATE_FORMAT,
        py=f"TQueBind.{_m[9:]}",
    )


_member(
    "FreeAllEventOp",
    "que_bind.free_all_event",
    "FreeAllEvent",
    (_BUFFERED_QUEUE,),
    "`que.FreeAllEvent()`: wait for the events of the buffers FreeTensor gave back and "
    "release their ids (event ids are few; a queue's buffers each hold one until the next "
    "AllocTensor waits on it). No tensor may be EnQue'd then; depth >= 1, as the headers "
    "static_assert.",
    format="$queue attr-dict `:` type($queue)",
    py="TQueBind.free_all_event",
)


_member(
    "QueBindDestroyOp",
    "que_bind.destroy",
    "Destroy",
    (_QUEUE,),
    "pyasc's `que.Destroy()`: IR only (TQueBind has no Destroy in the headers).",
    emit=EmitKind.CUSTOM,
    format="$queue attr-dict `:` type($queue)",
)

# ---------------------------------------------------------------------------
# TQue -> TQueBind, custom buffer handles
# ---------------------------------------------------------------------------

_LOGIC_POSITIONS: dict[TPosition, tuple[TPosition, TPosition]] = {
    TPosition.A1: (TPosition.GM, TPosition.A1),
    TPosition.B1: (TPosition.GM, TPosition.B1),
    TPosition.C1: (TPosition.GM, TPosition.C1),
    TPosition.A2: (TPosition.A1, TPosition.A2),
    TPosition.B2: (TPosition.B1, TPosition.B2),
    TPosition.C2: (TPosition.C1, TPosition.C2),
    TPosition.CO1: (TPosition.CO1, TPosition.CO2),
    TPosition.CO2: (TPosition.CO2, TPosition.GM),
    TPosition.VECIN: (TPosition.GM, TPosition.VECIN),
    TPosition.VECOUT: (TPosition.VECOUT, TPosition.GM),
}
"""`TQue<pos, depth>` derives from `TQueBind<src, dst, depth>` (the headers'
`GetBufferLogicPos`); a queue at any other position has no TQueBind base."""


def que_bind_of(t: Attribute) -> QueBindType | None:
    """The TQueBind type a queue type is (a TQue's base class), if any."""
    if isinstance(t, QueBindType):
        return t
    if isinstance(t, QueueType) and t.tposition in _LOGIC_POSITIONS:
        src, dst = _LOGIC_POSITIONS[t.tposition]
        return QueBindType(src, dst, t.depth.data)
    return None


@lazy_base
def ToQueBindBase() -> type[ObjectOp]:
    class ToQueBindBase(ObjectOp):
        """The result is the TQueBind the source queue is; a builder may leave it out."""

        def infer_result_types(self, operands: Sequence[Any]) -> Sequence[Attribute] | None:
            source = operands[0]
            t = que_bind_of((source.results[0] if isinstance(source, Operation) else source).type)
            return None if t is None else [t]

        def verify_(self) -> None:
            super().verify_()
            source, result = self.source.type, self.result.type  # type: ignore[attr-defined]
            base = que_bind_of(source)
            if base is None:
                raise VerifyException(f"'{self.name}': {source} has no TQueBind base class")
            if base != result:
                raise VerifyException(f"'{self.name}': {source} is a {base}, not a {result}")

    return ToQueBindBase


FAMILY.add(
    "ToQueBindOp",
    OpSpec(
        "to_que_bind",
        "TQueBind",
        (Operand("source", ANY_QUEUE),),
        results=(
            Result(
                "result",
                of_type(QueBindType, lambda v: QueBindType(TPosition.GM, TPosition.VECIN, 2)),
            ),
        ),
        emit=EmitKind.CUSTOM,
        format="$source attr-dict `:` type($source) `,` type($result)",
        doc="`AscendC::TQueBind<src, dst, depth>& b = que;`: a TQue as its TQueBind base.",
    ),
    ToQueBindBase,
)


_HANDLE = Operand("buf_handle", BUF_HANDLE)
_member(
    "InitBufHandleOp",
    "que_bind.init_buf_handle",
    "InitBufHandle",
    (
        _QUEUE,
        _POOL,
        Operand("index", INT),
        _HANDLE,
        Operand("cur_pool_addr", INT),
        Operand("len", INT),
    ),
    "`que.InitBufHandle(&pool, index, handle, addr, len)`: give buffer `index` of a "
    "custom TBufPool to the queue.",
    py="TQueBind.init_buf_handle",
    emit=EmitKind.CUSTOM,
    format="$queue `,` $buf_pool `,` $index `,` $buf_handle `,` $cur_pool_addr `,` $len "
    "attr-dict `:` type($queue) `,` type($buf_pool) `,` type($index) `,` type($buf_handle) "
    "`,` type($cur_pool_addr) `,` type($len)",
)
_member(
    "InitStartBufHandleOp",
    "que_bind.init_start_buf_handle",
    "InitStartBufHandle",
    (_QUEUE, Operand("start_buf_handle", BUF_HANDLE), Operand("num", INT), Operand("len", INT)),
    "`que.InitStartBufHandle(handle, num, len)`: the queue's buffers start at `handle`.",
    py="TQueBind.init_start_buf_handle",
    format="$queue `,` $start_buf_handle `,` $num `,` $len attr-dict `:` type($queue) `,` "
    "type($start_buf_handle) `,` type($num) `,` type($len)",
)

# ---------------------------------------------------------------------------
# TBuf views
# ---------------------------------------------------------------------------

_BUFFER = Operand("buffer", _TBUF)
_member(
    "TBufGetTensorOp",
    "tbuf.get_tensor",
    "Get",
    (_BUFFER, Operand("len", INT, arity=Arity.OPTIONAL, default=None)),
    "`buf.Get<T>([len])`: the whole buffer (or its first `len` elements) as a tensor.",
    results=(_RESULT_TENSOR,),
    template=(_result_element,),
    format="$buffer attr-dict (`,` $len^)? `:` type($buffer) `,` type($tensor) (`,` type($len)^)?",
)
_member(
    "TBufGetWithOffsetOp",
    "tbuf.get_with_offset",
    "GetWithOffset",
    (_BUFFER, Operand("size", INT), Operand("buf_offset", INT)),
    "`buf.GetWithOffset<T>(size, bufOffset)`: `size` elements from a 32-byte aligned byte offset.",
    results=(_RESULT_TENSOR,),
    template=(_result_element,),
    format="$buffer `,` $size `,` $buf_offset attr-dict `:` type($buffer) `,` type($size) "
    "`,` type($buf_offset) `,` type($tensor)",
)

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.framework import *  # noqa: F403
