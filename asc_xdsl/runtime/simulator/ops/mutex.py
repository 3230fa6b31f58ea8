"""Buffer-id synchronisation of Ascend 950 (`Mutex::Lock/Unlock`, `AllocMutexID`,
`ReleaseMutexID`; dialects/ascendc/sync.py).

The simulator runs a block's ops in order, so the ops compute nothing; they check what
the headers assert (ids 0-27) and keep the block's MutexID register (`c.regs`), from
which `AllocMutexID` hands out the lowest free id, as the headers' `sff0` does.

With the race checker on (`sanitize=`), they order pipes like flags do
(runtime/simulator/sanitizer.py's vector clocks):

- `Unlock<P>(id)` waits for P's earlier work, so it records what P knows plus P's own
  work (a snapshot);
- `Lock<Q>(id)` makes Q's later work wait for the last Unlock of `id`: that snapshot is
  joined into Q. An Unlock on the same pipe does not block it again (the Lock page), so
  nothing is joined then;
- misuse the Lock page calls unpredictable is reported as a `SyncError`: a Lock of an id
  already locked, an Unlock with no Lock before it or on another pipe than its Lock, and
  a Lock still held when the kernel ends.
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation

from asc_xdsl.dialects.ascendc import sync
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.errors import SimulatorError, op_location

_TAKEN = "MutexID"
"""`c.regs` key: the bit set of ids AllocMutexID handed out (the headers' g_bufId)."""
_LAST = max(sync.MUTEX_IDS)


def _check_id(value: Any, call: str) -> int:
    if not isinstance(value, int) or value not in sync.MUTEX_IDS:
        raise SimulatorError(
            f"{call}: MutexID {value} is out of range: ids are 0-{_LAST} (28-31 are the "
            "library's; the headers assert it)"
        )
    return value


class MutexChecker:
    """The race checker's view of one block's MutexIDs (`c.san.mutexes`)."""

    def __init__(self, san: Any) -> None:
        self.san = san
        self.held: dict[int, tuple[str, Operation]] = {}  # id -> (pipe, its Lock)
        self.released: dict[int, tuple[list[int], str]] = {}  # id -> (snapshot, pipe)
        san.finish_checks.append(self.finish)

    @staticmethod
    def of(san: Any) -> MutexChecker:
        checker = getattr(san, "mutexes", None)
        if checker is None:
            checker = san.mutexes = MutexChecker(san)
        return checker

    def _error(self, message: str, op: Operation, kind: str) -> None:
        from asc_xdsl.runtime.simulator.sanitizer import SyncError

        self.san.report(SyncError(message, op), (kind, op))

    def lock(self, op: Operation, pipe: str, mutex_id: int) -> None:
        from asc_xdsl.runtime.simulator.sanitizer import PIPE_INDEX

        call = f"Mutex::Lock<PIPE_{pipe}>({mutex_id})"
        held = self.held.get(mutex_id)
        if held is not None:
            self._error(
                f"{call}: MutexID {mutex_id} is locked already (Lock<PIPE_{held[0]}> at "
                f"{op_location(held[1]) or '<no location>'}) and not unlocked: Lock and "
                "Unlock of one id come in pairs, else the hardware's behaviour is undefined",
                op,
                "relock",
            )
        self.held[mutex_id] = (pipe, op)
        last = self.released.get(mutex_id)
        if last is not None and last[1] != pipe:
            self.san.join(last[0], PIPE_INDEX[pipe])

    def unlock(self, op: Operation, pipe: str, mutex_id: int) -> None:
        from asc_xdsl.runtime.simulator.sanitizer import PIPE_INDEX

        call = f"Mutex::Unlock<PIPE_{pipe}>({mutex_id})"
        held = self.held.pop(mutex_id, None)
        if held is None:
            self._error(
                f"{call} with no Lock of MutexID {mutex_id} before it: Lock first, then "
                "Unlock, on the same pipe",
                op,
                "unlocked",
            )
        elif held[0] != pipe:
            self._error(
                f"{call} releases a Lock<PIPE_{held[0]}> (at "
                f"{op_location(held[1]) or '<no location>'}): Lock and Unlock of one id "
                "name the same pipe",
                op,
                "pipe",
            )
        self.released[mutex_id] = (self.san.snapshot(PIPE_INDEX[pipe]), pipe)

    def finish(self, san: Any) -> None:
        for mutex_id, (pipe, op) in sorted(self.held.items()):
            self._error(
                f"Mutex::Lock<PIPE_{pipe}>({mutex_id}) is still held when the kernel ends "
                "(no Unlock released it)",
                op,
                "held",
            )


@handles(sync.MutexLockOp, sync.MutexUnlockOp)
def _mutex(op, comp):
    i = comp.slot(op.mutex_id)
    pipe = op.pipe_value.name.removeprefix("PIPE_")
    locking = isinstance(op, sync.MutexLockOp)
    call = f"Mutex::{'Lock' if locking else 'Unlock'}<PIPE_{pipe}>"

    def run(e, c, _op=op):
        mutex_id = _check_id(e[i], call)
        if c.san is not None:
            checker = MutexChecker.of(c.san)
            (checker.lock if locking else checker.unlock)(_op, pipe, mutex_id)

    return run


@handles(sync.AllocMutexIdOp)
def _alloc(op, comp):
    r = comp.slot(op.mutex_id)

    def run(e, c, _op=op):
        taken = c.regs.get(_TAKEN, 0)
        free = (~taken & (taken + 1)).bit_length() - 1  # the lowest clear bit (sff0)
        if free > _LAST:
            raise SimulatorError(
                f"AllocMutexID: all {_LAST + 1} MutexIDs are taken (ReleaseMutexID gives one back)"
            )
        c.regs[_TAKEN] = taken | (1 << free)
        e[r] = free

    return run


@handles(sync.ReleaseMutexIdOp)
def _release(op, comp):
    i = comp.slot(op.mutex_id)

    def run(e, c, _op=op):
        mutex_id = _check_id(e[i], "ReleaseMutexID")
        taken = c.regs.get(_TAKEN, 0)
        if not taken >> mutex_id & 1:
            raise SimulatorError(
                f"ReleaseMutexID({mutex_id}): MutexID {mutex_id} is not allocated "
                "(AllocMutexID did not hand it out, or it was released already)"
            )
        c.regs[_TAKEN] = taken & ~(1 << mutex_id)

    return run
