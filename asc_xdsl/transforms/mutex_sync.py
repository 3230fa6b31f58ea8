"""`ascendc-insert-sync{mutex=true}`: the pairs insert-sync makes, as Ascend 950's
buffer-id synchronisation (`Mutex::Lock/Unlock`, dialects/ascendc/sync.py) instead of
SetFlag/WaitFlag.

insert-sync sets and waits each pair at once (`SetFlag<X_Y>(id); WaitFlag<X_Y>(id)`:
later work of Y waits for earlier work of X). With a MutexID of its own per event,

    Mutex::Lock<X>(m); Mutex::Unlock<X>(m); Mutex::Lock<Y>(m); Mutex::Unlock<Y>(m);

orders the same: Unlock<X> releases `m` once X's earlier work is done, and Lock<Y> makes
Y's later work wait for that release. The next Lock<X>(m) (the next iteration of a loop)
also waits for Unlock<Y>, an extra order that never blocks for long: that Unlock comes
earlier in program order. Barriers stay as they are, and so do the flags a kernel wrote
by hand.

MutexIDs count from 0 per event (28 are free for kernels: 0-27), skipping the constant
ids of Mutex ops the kernel has; a Mutex op with an id computed at run time, or a module
not compiled for Ascend 950 (where the headers compile Mutex to nothing), is an error.

Before (`ascendc-insert-sync`):

    ascendc.set_flag mte2_v, %event0 : i32
    ascendc.wait_flag mte2_v, %event0 : i32
    ascendc.add_l2 ...

After (`ascendc-insert-sync{mutex=true}`):

    %m0 = arith.constant 0 : i8
    %mutex0 = builtin.unrealized_conversion_cast %m0 : i8 to ui8
    ...
    ascendc.mutex_lock pipe_mte2, %mutex0 : ui8
    ascendc.mutex_unlock pipe_mte2, %mutex0 : ui8
    ascendc.mutex_lock pipe_v, %mutex0 : ui8
    ascendc.mutex_unlock pipe_v, %mutex0 : ui8
    ascendc.add_l2 ...
"""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    IntegerAttr,
    IntegerType,
    Signedness,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Operation, SSAValue

from asc_xdsl.dialects.ascendc.sync import (
    MUTEX_IDS,
    MutexLockOp,
    MutexUnlockOp,
    SetFlagOp,
    WaitFlagOp,
    constant_mutex_id,
)
from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
from asc_xdsl.enums import HardEvent, Pipe
from asc_xdsl.soc import ASCEND_950
from asc_xdsl.transforms.diagnostics import fail

_UI8 = IntegerType(8, Signedness.UNSIGNED)
_MUTEX_OPS = ("ascendc.mutex_lock", "ascendc.mutex_unlock", "ascendc.release_mutex_id")


def check_950(f: func.FuncOp, pass_name: str) -> None:
    """Buffer-id sync only means something on Ascend 950."""
    family = soc_family(f)
    if family != ASCEND_950:
        where = f"{declared_soc(f)} ({family})" if family else "no SoC (ascendc.soc)"
        raise fail(
            pass_name,
            f,
            f"mutex=true inserts Ascend 950 buffer-id sync, but the module is compiled for "
            f"{where}: name an Ascend 950 part (asc-opt --soc Ascend950PR_9599)",
        )


class _Ids:
    """One MutexID per event, from the lowest one the kernel does not use itself."""

    def __init__(self, f: func.FuncOp, pass_name: str):
        self.f = f
        used: set[int] = set()
        for op in f.walk():
            if op.name in _MUTEX_OPS or op.name == "ascendc.alloc_mutex_id":
                if op.name == "ascendc.alloc_mutex_id":
                    raise fail(
                        pass_name,
                        op,
                        "mutex=true picks MutexIDs itself, and AllocMutexID may hand out the "
                        "same ones: use one or the other",
                    )
                value = constant_mutex_id(op.operands[0])
                if value is None:
                    raise fail(
                        pass_name,
                        op,
                        "a MutexID computed at run time: mutex=true cannot tell which ids are "
                        "free (give it a constant id)",
                    )
                used.add(value)
        self.free = [i for i in MUTEX_IDS if i not in used]
        self.by_event: dict[HardEvent, SSAValue] = {}
        self.pass_name = pass_name
        self.anchor = f.body.block.first_op  # the ids go before it, in order

    def of(self, event: HardEvent, at: Operation) -> SSAValue:
        if event not in self.by_event:
            if not self.free:
                raise fail(self.pass_name, at, "every MutexID (0-27) is taken")
            number = self.free.pop(0)
            const = arith.ConstantOp(IntegerAttr(number, IntegerType(8)))
            const.result.name_hint = f"m{number}"
            cast = UnrealizedConversionCastOp.get([const.result], [_UI8])
            cast.results[0].name_hint = f"mutex{number}"
            assert self.anchor is not None
            self.f.body.block.insert_ops_before([const, cast], self.anchor)
            self.by_event[event] = cast.results[0]
        return self.by_event[event]


def to_mutexes(f: func.FuncOp, made: set[Operation], pass_name: str) -> None:
    """Turn each adjacent SetFlag/WaitFlag pair in `made` (what insert-sync inserted)
    into the Lock/Unlock sequence of its event's MutexID."""
    check_950(f, pass_name)
    ids = _Ids(f, pass_name)
    for op in list(f.walk()):
        wait = op.next_op
        if not (
            isinstance(op, SetFlagOp)
            and op in made
            and isinstance(wait, WaitFlagOp)
            and wait in made
            and wait.hard_event is op.hard_event
            and wait.event_id is op.event_id
        ):
            continue
        event = op.hard_event
        m = ids.of(event, op)
        src, dst = Pipe[f"PIPE_{event.src_pipe}"], Pipe[f"PIPE_{event.dst_pipe}"]
        block = op.parent_block()
        assert block is not None
        block.insert_ops_before(
            [
                MutexLockOp(src, m),
                MutexUnlockOp(src, m),
                MutexLockOp(dst, m),
                MutexUnlockOp(dst, m),
            ],
            op,
        )
        event_id = op.event_id
        for flag in (op, wait):
            made.discard(flag)
            flag.detach()
            flag.erase()
        owner = event_id.owner
        if isinstance(owner, Operation) and not event_id.uses:
            owner.detach()
            owner.erase()
