"""Synchronisation, declared as op specs (see `spec.py`): between the pipes of one core
(`SetFlag`/`WaitFlag`, `PipeBarrier`, `DataSyncBarrier`), between cores (`IBSet`/`IBWait`,
`SyncAll`, `CrossCoreSetFlag`/`CrossCoreWaitFlag`, FFTS) and between neighbouring blocks
(`NotifyNextBlock`/`WaitPreBlock`), as pyasc's `OpBlockSync.td`,
`OpDetermineComputeSync.td` and `Ops.td` state them.

The soft inter-core barriers keep their state in a GM workspace of `int32_t` flags and
a UB scratch tensor of the same type (the headers take `GlobalTensor<int32_t>` and
`LocalTensor<int32_t>`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerAttr,
    IntegerType,
    MemRefType,
    Signedness,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE, EmitKind, enum_value
from asc_xdsl.dialects.ascendc.spec import (
    INT,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    SpecOp,
    exact,
    global_of,
    local_of,
    predicate,
)
from asc_xdsl.dialects.ascendc.types import TemplateArg
from asc_xdsl.enums import HardEvent, MemDsbT, Pipe

FAMILY = OpFamily(__name__)


def __getattr__(name: str) -> Any:
    if name in ("GetBlockIdxOp", "GetBlockNumOp"):  # system values, in `sysvar` now
        from asc_xdsl.dialects.ascendc import sysvar

        return getattr(sysvar, name)
    return FAMILY.module_getattr(name)


_FLAGS = IntegerType(32)
"""The soft barriers' flags are `int32_t` in GM and UB (the headers' signatures)."""


# ---------------------------------------------------------------------------
# Between the pipes of one core
# ---------------------------------------------------------------------------


class FlagOp(SpecOp):
    """`SetFlag`/`WaitFlag`: `op(event, event_id)` builds them as the frontend does.

    `HardEvent::MAX` is accepted: the headers' SetFlag/WaitFlag switch has an explicit
    `case HardEvent::MAX: break;`, so the call compiles and does nothing (`is_no_op`);
    the simulator, its race checker and the sync analyses skip it too."""

    def __init__(self, *operands: Any, **kwargs: Any):
        if operands and isinstance(operands[0], HardEvent):
            kwargs["event"], operands = operands[0], operands[1:]
        super().__init__(*operands, **kwargs)

    @property
    def hard_event(self) -> HardEvent:
        return enum_value(self, "event", HardEvent)  # type: ignore[return-value]

    @property
    def is_no_op(self) -> bool:
        """Whether the call does nothing on the device (`HardEvent::MAX`)."""
        return self.hard_event is HardEvent.MAX


_FLAG_OPERANDS = (Operand("event_id", INT, default=0),)
_EVENT = Prop("event", HardEvent)
_FLAG_FORMAT = "custom<HardEvent>($event) `,` $event_id attr-dict `:` type($event_id)"

FAMILY.add(
    "SetFlagOp",
    OpSpec(
        "set_flag",
        "SetFlag",
        _FLAG_OPERANDS,
        props=(_EVENT,),
        template=("event",),
        format=_FLAG_FORMAT,
        doc="`AscendC::SetFlag<event>(eventId)`: signal `event` from its source pipe once "
        "earlier work there is done (Python: `asc.set_flag`, language/basic/block_sync.py).",
    ),
    FlagOp,
)
FAMILY.add(
    "WaitFlagOp",
    OpSpec(
        "wait_flag",
        "WaitFlag",
        _FLAG_OPERANDS,
        props=(_EVENT,),
        template=("event",),
        format=_FLAG_FORMAT,
        doc="`AscendC::WaitFlag<event>(eventId)`: the destination pipe of `event` waits "
        "for the matching flag (Python: `asc.wait_flag`).",
    ),
    FlagOp,
)


class PipeBarrierBase(SpecOp):
    """`PipeBarrier<pipe>()`; `op(pipe)` builds it as the frontend does."""

    VERIFY_READS_SIGNATURE: ClassVar[bool] = True  # (its verify_ reads types and attributes)

    def __init__(self, *operands: Any, **kwargs: Any):
        if operands and isinstance(operands[0], Pipe):
            kwargs["pipe"], operands = operands[0], operands[1:]
        super().__init__(*operands, **kwargs)

    @property
    def pipe_value(self) -> Pipe:
        return enum_value(self, "pipe", Pipe)  # type: ignore[return-value]

    def verify_(self) -> None:
        super().verify_()
        # The headers assert it on dav-2201 (and static_assert it on later cores).
        if self.pipe_value is Pipe.PIPE_S:
            raise VerifyException(
                f"'{self.name}': PipeBarrier<PIPE_S> is not allowed (the scalar pipe is "
                "always in order)"
            )


FAMILY.add(
    "PipeBarrierOp",
    OpSpec(
        "pipe_barrier",
        "PipeBarrier",
        props=(Prop("pipe", Pipe),),
        template=("pipe",),
        format="custom<Pipe>($pipe) attr-dict",
        example={"pipe": Pipe.PIPE_V},
        doc="`AscendC::PipeBarrier<pipe>()`: later work of a pipe waits for its earlier "
        "work (Python: `asc.pipe_barrier`).",
    ),
    PipeBarrierBase,
)
FAMILY.add(
    "DataSyncBarrierOp",
    OpSpec(
        "data_sync_barrier",
        "DataSyncBarrier",
        props=(Prop("memDsbType", MemDsbT, py="arg0"),),
        template=("memDsbType",),
        py="data_sync_barrier",
        doc="`AscendC::DataSyncBarrier<MemDsbT::X>()`: wait for the memory accesses "
        "`memDsbType` names.",
    ),
)


# ---------------------------------------------------------------------------
# Buffer-id synchronisation (Ascend 950): Mutex::Lock / Unlock on a MutexID
# ---------------------------------------------------------------------------

MUTEX_IDS = range(28)
"""The MutexIDs Lock/Unlock and AllocMutexID take: 0-27 (the headers assert `id <=
MAX_MUTEXID`, 27; impl/basic_api/kernel_event.h); 28-31 are the library's."""


def _only_on_950(op: SpecOp) -> None:
    """The buffer-id sync APIs are Ascend 950 ones: on other archs the headers compile
    them to nothing (`#if __NPU_ARCH__ == 3510`), so they would not synchronise."""
    from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
    from asc_xdsl.soc import ASCEND_950

    family = soc_family(op)
    if family is not None and family != ASCEND_950:
        raise VerifyException(
            f"'{op.name}': {op.SPEC.api} is buffer-id synchronisation of Ascend 950 (arch "
            f"3510); the module is compiled for {declared_soc(op)} ({family}), where the "
            "headers compile it to nothing: use SetFlag/WaitFlag there, or compile for an "
            "Ascend 950 part (soc_version='Ascend950PR_9599')"
        )


def _constant(value: Any) -> int | None:
    """The integer a constant operand holds (through the frontend's casts), or None."""
    op = value.owner
    while isinstance(op, UnrealizedConversionCastOp) and len(op.operands) == 1:
        op = op.operands[0].owner
    attr = getattr(op, "properties", {}).get("value") if isinstance(op, Operation) else None
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def constant_mutex_id(value: Any) -> int | None:
    """The uint8_t a constant id operand holds (through the frontend's cast from i8)."""
    got = _constant(value)
    return None if got is None else got & 0xFF


class MutexOp(SpecOp):
    """`Mutex::Lock<pipe>(id)` / `Mutex::Unlock<pipe>(id)`; `op(pipe, id)` builds it.

    Lock: later work of `pipe` waits until the work before the last Unlock of `id` (on
    any pipe) is done; Unlock: releases `id` once `pipe`'s earlier work is done. Each
    Lock is followed by its Unlock on the same pipe (docs/zh Mutex pages)."""

    # (not VERIFY_READS_SIGNATURE: its verify_ reads the module's SoC and a constant id)

    def __init__(self, *operands: Any, **kwargs: Any):
        if operands and isinstance(operands[0], Pipe):
            kwargs["pipe"], operands = operands[0], operands[1:]
        super().__init__(*operands, **kwargs)

    @property
    def pipe_value(self) -> Pipe:
        return enum_value(self, "pipe", Pipe)  # type: ignore[return-value]

    def verify_(self) -> None:
        super().verify_()
        _only_on_950(self)
        if self.pipe_value not in MUTEX_PIPES:
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} takes one of "
                f"{', '.join(p.name for p in MUTEX_PIPES)}, not {self.pipe_value.name}"
            )
        value = constant_mutex_id(self.mutex_id)
        if value is not None and value not in MUTEX_IDS:
            raise VerifyException(
                f"'{self.name}': MutexID {value} is out of range: ids are "
                f"0-{MUTEX_IDS[-1]} (28-31 are the library's)"
            )


class MutexIdOp(SpecOp):
    """AllocMutexID / ReleaseMutexID: Ascend 950 only (its verify_ reads the module's
    SoC, so its verdicts are not kept by signature)."""

    def verify_(self) -> None:
        super().verify_()
        _only_on_950(self)


MUTEX_PIPES = (
    Pipe.PIPE_S, Pipe.PIPE_M, Pipe.PIPE_V, Pipe.PIPE_MTE1, Pipe.PIPE_MTE2, Pipe.PIPE_MTE3,
    Pipe.PIPE_FIX,
)  # fmt: skip
"""The pipes Lock/Unlock take (the Lock page's template parameter table)."""

_UI8 = IntegerType(8, Signedness.UNSIGNED)
_MUTEX_ID = exact(_UI8)  # `using MutexID = uint8_t;`
_MUTEX_FORMAT = "custom<Pipe>($pipe) `,` $mutex_id attr-dict `:` type($mutex_id)"
for _cls, _m, _api, _doc in (
    (
        "MutexLockOp",
        "mutex_lock",
        "Mutex::Lock",
        "later work of `pipe` waits until the work before the last Unlock of `id` is done",
    ),
    (
        "MutexUnlockOp",
        "mutex_unlock",
        "Mutex::Unlock",
        "release `id` once the earlier work of `pipe` is done",
    ),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            (Operand("mutex_id", _MUTEX_ID),),
            props=(Prop("pipe", Pipe),),
            template=("pipe",),
            format=_MUTEX_FORMAT,
            example={"pipe": Pipe.PIPE_V},
            py=_m,
            py_params=("pipe", "mutex_id"),
            doc=f"`AscendC::{_api}<pipe>(id)`: {_doc} (buffer-id sync, Ascend 950 only).",
        ),
        MutexOp,
    )
FAMILY.add(
    "AllocMutexIdOp",
    OpSpec(
        "alloc_mutex_id",
        "AllocMutexID",
        results=(Result("mutex_id", _MUTEX_ID, _UI8),),
        format="attr-dict `:` type($mutex_id)",
        py="alloc_mutex_id",
        doc="`AscendC::AllocMutexID()`: the lowest free MutexID (uint8_t), taken until "
        "ReleaseMutexID (Ascend 950 only).",
    ),
    MutexIdOp,
)
FAMILY.add(
    "ReleaseMutexIdOp",
    OpSpec(
        "release_mutex_id",
        "ReleaseMutexID",
        (Operand("mutex_id", _MUTEX_ID),),
        format="$mutex_id attr-dict `:` type($mutex_id)",
        py="release_mutex_id",
        doc="`AscendC::ReleaseMutexID(id)`: give back a MutexID AllocMutexID handed out "
        "(Ascend 950 only).",
    ),
    MutexIdOp,
)


# ---------------------------------------------------------------------------
# Between cores
# ---------------------------------------------------------------------------


class AivOnlyOp(SpecOp):
    """An API with `template <bool isAIVOnly = true>`: printed with `<false>` only when the
    `isAIVOnly` flag is absent (pyasc prints the default with none)."""

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        return () if self.flag("isAIVOnly") else (False,)


_AIV_ONLY = Prop("isAIVOnly", py="is_aiv_only", default=True)
_GM_WORKSPACE = Operand("gm_workspace", global_of(_FLAGS, "the flags"), Effect.READ_WRITE)
_UB_WORKSPACE = Operand("ub_workspace", local_of(_FLAGS, "the flags"), Effect.READ_WRITE)

for _cls, _m, _api, _doc in (
    ("IBSetOp", "ib_set", "IBSet", "set the flag of block `blockIdx` for `eventID`"),
    ("IBWaitOp", "ib_wait", "IBWait", "wait until block `blockIdx` sets its flag"),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            (
                _GM_WORKSPACE,
                _UB_WORKSPACE,
                Operand("block_idx", INT),
                Operand("event_id", INT),
            ),
            props=(_AIV_ONLY,),
            py=_m,
            doc=f"`AscendC::{_api}(gm, ub, blockIdx, eventID)`: {_doc} (flags in GM).",
        ),
        AivOnlyOp,
    )
FAMILY.add(
    "SyncAllSoftOp",
    OpSpec(
        "sync_all_soft",
        "SyncAll",
        (_GM_WORKSPACE, _UB_WORKSPACE, Operand("used_cores", INT, default=0)),
        props=(_AIV_ONLY,),
        py="sync_all",
        doc="`AscendC::SyncAll(gm, ub, usedCores)`: a barrier of all cores through flags "
        "in a GM workspace.",
    ),
    AivOnlyOp,
)
FAMILY.add(
    "SyncAllHardOp",
    OpSpec(
        "sync_all_hard",
        "SyncAll",
        props=(_AIV_ONLY,),
        format="attr-dict",
        py="sync_all",
        doc="`AscendC::SyncAll()`: the hardware barrier of all cores.",
    ),
    AivOnlyOp,
)

CROSS_CORE_MODE4_IDS = range(32)
"""The ids of a mode-4 CrossCoreSetFlag/WaitFlag (Ascend 950): 0-31 on the AIC (16-31 pair
with AIV1), 0-15 on an AIV (the simulator checks the side)."""


class CrossCoreFlagOp(SpecOp):
    """CrossCoreSetFlag / CrossCoreWaitFlag: the module's SoC decides the modes (Atlas
    A2/A3: 0, 1, 2; Ascend 950 adds 4, the AIC with one AIV of its AI Core, which takes
    any pipe but PIPE_ALL and ids 0-31). Target-neutral IR may use 4."""

    # (not VERIFY_READS_SIGNATURE: its verify_ reads the module's SoC and a constant id)

    def verify_(self) -> None:
        from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
        from asc_xdsl.soc import ASCEND_950

        super().verify_()
        attr = self.properties.get("modeId")
        mode = 0 if attr is None else attr.value.data  # type: ignore[union-attr]
        family = soc_family(self)
        modes = (0, 1, 2, 4) if family in (None, ASCEND_950) else (0, 1, 2)
        if mode not in modes:
            on = f"{declared_soc(self)} ({family})" if family is not None else "any SoC"
            hint = (
                "; mode 4 (the AIC with one AIV) is Ascend 950's: compile for an Ascend 950 "
                "part (soc_version='Ascend950PR_9599') or use mode 2"
                if mode == 4
                else ""
            )
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} mode {mode} does not exist on {on}: modes "
                f"are {', '.join(map(str, modes))}{hint}"
            )
        if mode != 4:
            return
        if enum_value(self, "pipe", Pipe) is Pipe.PIPE_ALL:
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api}<4, PIPE_ALL>: mode 4 takes any pipe but PIPE_ALL"
            )
        value = _constant(self.operands[0])
        if value is not None and value not in CROSS_CORE_MODE4_IDS:
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api}<4> flag id {value} is out of range: mode 4 "
                "ids are 0-31 on the AIC (16-31 pair with AIV1) and 0-15 on an AIV"
            )


_CROSS_CORE_FORMAT = "$flag_id `,` $modeId `,` custom<Pipe>($pipe) attr-dict `:` type($flag_id)"
for _cls, _m, _api, _doc in (
    ("CrossCoreSetFlagOp", "cross_core_set_flag", "CrossCoreSetFlag", "set flag `flagId`"),
    ("CrossCoreWaitFlagOp", "cross_core_wait_flag", "CrossCoreWaitFlag", "wait for `flagId`"),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            (Operand("flag_id", INT),),
            props=(
                Prop("modeId", py="mode_id", kind=PropKind.INT, int_type="ui8"),
                Prop("pipe", Pipe),
            ),
            template=("modeId", "pipe"),
            format=_CROSS_CORE_FORMAT,
            py=_m,
            doc=f"`AscendC::{_api}<modeId, pipe>(flagId)`: {_doc} between cube and vector "
            "cores (FFTS; mode 4 on Ascend 950: the AIC with one AIV).",
        ),
        CrossCoreFlagOp,
    )


class GlobalFunctionOp(SpecOp):
    """A CCE builtin outside namespace AscendC (`ffts_cross_core_sync(...)`)."""

    NAMESPACE: ClassVar[str] = ""


FAMILY.add(
    "FftsCrossCoreSyncOp",
    OpSpec(
        "ffts_cross_core_sync",
        "ffts_cross_core_sync",
        (Operand("config", INT),),
        props=(Prop("pipe", Pipe),),
        call=("pipe", "config"),
        doc="`ffts_cross_core_sync(pipe, config)`: the FFTS message under CrossCoreSetFlag.",
    ),
    GlobalFunctionOp,
)


_UI64 = IntegerType(64, Signedness.UNSIGNED)
FFTS_ADDRESS = predicate(
    "a GM pointer to ui64 (memref<?xui64, 22>)",
    lambda t: isinstance(t, MemRefType) and t.element_type == _UI64,
    "__gm__ uint64_t*",
    MemRefType(_UI64, [DYNAMIC_INDEX], memory_space=IntegerAttr(GM_MEMORY_SPACE, 64)),
)

FAMILY.add(
    "SetFftsBaseAddrOp",
    OpSpec(
        "set_ffts_base_addr",
        "set_ffts_base_addr",
        (Operand("address", FFTS_ADDRESS),),
        emit=EmitKind.CUSTOM,
        doc="`set_ffts_base_addr(*addr)`: the FFTS base address mixed kernels sync cube and "
        "vector cores through (their hidden `ffts_addr` parameter points at it).",
    ),
)


# ---------------------------------------------------------------------------
# Between neighbouring blocks (deterministic accumulation order)
# ---------------------------------------------------------------------------

for _cls, _m, _api, _doc in (
    ("NotifyNextBlockOp", "notify_next_block", "NotifyNextBlock", "tell the next block"),
    ("WaitPreBlockOp", "wait_pre_block", "WaitPreBlock", "wait for the previous block"),
):
    FAMILY.add(
        _cls,
        OpSpec(
            _m,
            _api,
            (_GM_WORKSPACE, _UB_WORKSPACE),
            py=_m,
            doc=f"`AscendC::{_api}(gm, ub)`: {_doc} that this one is done.",
        ),
    )

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.sync import *  # noqa: F403
