"""Which memory accesses of a function the hardware may run out of order: the analysis
`ascendc-verify-sync` reports from and `ascendc-insert-sync` inserts synchronisation with.

**The model.** Each op that touches memory issues on a pipe (`memory.accesses`). A pipe
runs its work in order but overlaps it, and pipes run in parallel, so an access is
*pending* for a pipe Y until something guarantees it has completed before Y's next op
starts:

- `SetFlag<X_Y>` fires when every earlier op of X has completed (and after every wait X
  did before it); the matching `WaitFlag<X_Y>` holds Y until then. After the wait,
  what stays pending for Y is what was pending for X at the set, minus X's own ops.
- A wait on the scalar pipe S holds the scalar unit, which issues every later op: all
  pipes gain what S gains.
- `PipeBarrier<X>` completes X's earlier ops before X's later ones; `PipeBarrier<PIPE_ALL>`
  completes everything.
- A TQue's traffic synchronises (`hardware.QUEUE_EVENTS`): EnQue sets and the DeQue that
  takes the tensor waits (first in, first out); FreeTensor sets and the AllocTensor that
  gets the buffer back waits. Which buffer an allocation gets is not known statically,
  but every earlier access to it was made through a tensor freed since (a buffer is
  handed out only when free): so at an AllocTensor, the accesses through freed tensors
  of the queue that their FreeTensor's flag covers are complete for the queue's
  producer pipe. (The ordering holds for the buffer the allocation gets; the others can
  only be reached again through a later allocation, which waits for them.)
- The scalar pipe is in order with itself; nothing else is.
- A library call without a pipe may issue on any (its accesses are on ALL), except
  what it synchronises itself: a synchronous Matmul GetTensorC leaves its local tensor
  complete for V (`SYNCED_FOR_V`).

Two accesses *conflict* when they may touch the same memory and one writes. An access
of op B on pipe Y that conflicts with an access still pending for Y is **unordered**: a
race. The state is the pending set per pipe, the flags set and not yet waited, and the
queues' pending EnQues and recent frees, carried through the function's structured
control flow: both branches of an `scf.if` are merged (anything pending on either path
stays pending), a loop is iterated to a fixpoint (so a dependence from one iteration to
the next, across the back edge, is seen).

`SyncAnalysis(function, fix=False)` records the unordered pairs (`findings`). With
`fix=True` it resolves each as it meets it, just before the later op, with the fewest
syncs that order it given everything already ordered: a SetFlag/WaitFlag pair per
source pipe (one pair covers all the pipe's earlier work), a `PipeBarrier` for a
dependence within a pipe, `PipeBarrier<PIPE_ALL>` where no event between the two pipes
exists or an op may issue on any pipe (unless one pair orders every dependence of the
op: its pipe waited for the library call, say); these plans (`plans`) are what insert-sync
materialises. `held_reads` (from the cross-core analysis) adds the ops that must follow
an Ascend 950 cross-core wait that held another pipe, so that the same resolution
inserts the sync handing the wait's order on (`_held_accesses`).

With `auto_sync=True` the analysis takes the orders bisheng's auto-sync (the compile
option `auto_sync`) gives as given, as the race checker does, from the same tables
(`auto_sync_orders.py`: `AUTO_SYNC_PAIRS`, `auto_synced`): a dependence from S to V,
MTE2 or MTE3, from those to S, or from V to V, between accesses of the AIV side (a
vector kernel, or the vector side of a mix kernel: `sides`), is no race. The cube side
keeps every dependence: the compiler inserts no sync on the AIC (the Ascend C sync
docs; docs/sync.md).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Block, Operation, SSAValue

from asc_xdsl.enums import HardEvent, Pipe, TPosition
from asc_xdsl.transforms.auto_sync_orders import AUTO_SYNC_PAIRS, auto_synced
from asc_xdsl.transforms.hardware import PIPES, QUEUE_OPS, QueueEvents, queue_events
from asc_xdsl.transforms.memory import ALL, Access, Loc, MemoryMap, accesses
from asc_xdsl.transforms.offsets import Linear, linear, loops_around, may_overlap

EVENTS_AIV = ("S_V", "S_MTE2", "S_MTE3", "V_S", "V_MTE2", "V_MTE3", "MTE2_S", "MTE2_V")
EVENTS_AIV += ("MTE2_MTE3", "MTE3_S", "MTE3_V", "MTE3_MTE2")
EVENTS_AIC = ("M_MTE1", "M_MTE2", "M_FIX", "MTE1_M", "MTE1_MTE2", "MTE1_MTE3", "MTE1_FIX")
EVENTS_AIC += ("MTE2_M", "MTE2_MTE1", "MTE2_MTE3", "MTE3_MTE1", "MTE3_MTE2", "FIX_M", "FIX_MTE1")
EVENTS = frozenset(HardEvent[e] for e in (*EVENTS_AIV, *EVENTS_AIC))
"""The SetFlag/WaitFlag events between two pipes of one core of Atlas A2/A3 (the
headers' table of legal intra-core syncs)."""

PIPE_OF: dict[Pipe, str] = {
    Pipe.PIPE_S: "S",
    Pipe.PIPE_V: "V",
    Pipe.PIPE_M: "M",
    Pipe.PIPE_MTE1: "MTE1",
    Pipe.PIPE_MTE2: "MTE2",
    Pipe.PIPE_MTE3: "MTE3",
    Pipe.PIPE_FIX: "FIX",
    Pipe.PIPE_ALL: ALL,
}
BARRIER_PIPE = {v: k for k, v in PIPE_OF.items()}

SET_FLAG = "ascendc.set_flag"
WAIT_FLAG = "ascendc.wait_flag"
PIPE_BARRIER = "ascendc.pipe_barrier"
ENQUE = frozenset(n for n, r in QUEUE_OPS.items() if r == "enque")
DEQUE = frozenset(n for n, r in QUEUE_OPS.items() if r == "deque")
ALLOC = frozenset(n for n, r in QUEUE_OPS.items() if r == "alloc")
FREE = frozenset(n for n, r in QUEUE_OPS.items() if r == "free")

MAX_ENQUEUED = 16
"""EnQues of one queue tracked at once (a queue's depth is far less)."""
MAX_ROUNDS = 200
"""Rounds of a loop's fixpoint before the analysis gives up (it converges in a few)."""

Snapshot = frozenset[Access]

HELD = "HELD"
"""The pseudo-memory space of `SyncAnalysis._held_accesses`."""
_HELD_ROOTS = {p: object() for p in PIPES}


SYNCED_FOR_V = frozenset({"ascendc.matmul.get_tensor_c"})
"""Library calls that end with a sync of their own: a synchronous (`sync` true)
GetTensorC into a local tensor copies the block from the workspace into UB on MTE2 and
then sets and waits MTE2_V itself (asc-devkit's Matmul client), so the vector pipe may
use the tensor at once (`synced_inside`); what else the call touches stays pending on
any pipe, like every library call's."""


def synced_inside(op: Operation, acc: Sequence[Access]) -> frozenset[Access]:
    """The accesses of `op` its own sync completes for the vector pipe (`SYNCED_FOR_V`):
    a synchronous GetTensorC's writes of a local tensor."""
    if op.name not in SYNCED_FOR_V:
        return frozenset()
    sync = getattr(op, "sync", None)
    if not isinstance(sync, SSAValue) or not constant_int(sync):
        return frozenset()
    return frozenset(a for a in acc if a.write and a.loc.space != "GM")


def event_between(src: str, dst: str) -> HardEvent | None:
    """The event that orders pipe `src` before pipe `dst`, if the core has one."""
    event = HardEvent.__members__.get(f"{src}_{dst}")
    return event if event in EVENTS else None


def constant_int(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def flag_key(op: Operation) -> tuple[HardEvent, Hashable]:
    """(event, id) of a SetFlag/WaitFlag: a constant id by value, another by its value."""
    event = op.hard_event  # type: ignore[attr-defined]
    value = op.event_id  # type: ignore[attr-defined]
    const = constant_int(value)
    return event, ("const", const) if const is not None else value


# ---------------------------------------------------------------------------
# The state at a point of the program
# ---------------------------------------------------------------------------


@dataclass
class State:
    pending: dict[str, Snapshot] = field(default_factory=lambda: {p: frozenset() for p in PIPES})
    flags: dict[tuple[HardEvent, Hashable], Snapshot] = field(default_factory=dict)
    enqueued: dict[object, tuple[Snapshot, ...] | None] = field(default_factory=dict)
    released: dict[object, Snapshot] = field(default_factory=dict)
    """Queue -> accesses through its freed tensors that their FreeTensor's flag covers
    (still pending somewhere: complete before the producer pipe's next AllocTensor)."""

    def copy(self) -> State:
        return State(dict(self.pending), dict(self.flags), dict(self.enqueued), dict(self.released))

    def merge(self, other: State) -> State:
        """What holds after either of two paths (anything pending on one stays pending)."""
        pending = {p: self.pending[p] | other.pending[p] for p in PIPES}
        flags = dict(self.flags)
        for k, v in other.flags.items():
            flags[k] = flags.get(k, frozenset()) | v
        enqueued: dict[object, tuple[Snapshot, ...] | None] = {}
        for q in self.enqueued.keys() | other.enqueued.keys():
            a, b = self.enqueued.get(q, ()), other.enqueued.get(q, ())
            same = a is not None and b is not None and len(a) == len(b)
            enqueued[q] = tuple(x | y for x, y in zip(a, b, strict=True)) if same else None
        # Released on one path, and on the other released too or not pending at all.
        live = (self.pending_for(ALL) - self.all_released()) | (
            other.pending_for(ALL) - other.all_released()
        )
        released = {
            q: frozenset(
                a
                for a in self.released.get(q, frozenset()) | other.released.get(q, frozenset())
                if a not in live
            )
            for q in self.released.keys() | other.released.keys()
        }
        return State(pending, flags, enqueued, released)

    def all_released(self) -> Snapshot:
        return frozenset().union(*self.released.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and (
            self.pending == other.pending
            and self.flags == other.flags
            and self.enqueued == other.enqueued
            and self.released == other.released
        )

    # -- what ops do to it -------------------------------------------------------

    def snapshot(self, pipe: str) -> Snapshot:
        """What stays pending after a SetFlag on `pipe` fires: what was pending for it,
        but not its own earlier ops (the flag waits for them)."""
        return frozenset(a for a in self.pending[pipe] if a.pipe != pipe)

    def wait(self, snapshot: Snapshot, pipe: str) -> None:
        """A WaitFlag on `pipe` for a flag set with `snapshot`."""
        for p in PIPES if pipe == "S" else (pipe,):  # the scalar unit issues everything
            self.pending[p] = self.pending[p] & snapshot

    def barrier(self, pipe: str) -> None:
        if pipe == ALL:
            self.pending = {p: frozenset() for p in PIPES}
        elif pipe in self.pending:
            self.pending[pipe] = frozenset(a for a in self.pending[pipe] if a.pipe != pipe)

    def issue(self, acc: Sequence[Access]) -> None:
        pipe = acc[0].pipe
        for p in PIPES:
            if p == "S" == pipe:
                continue  # the scalar pipe is in order with itself
            self.pending[p] = self.pending[p] | frozenset(acc)

    def pending_for(self, pipe: str) -> Snapshot:
        if pipe == ALL:
            return frozenset().union(*self.pending.values())
        return self.pending[pipe]


# ---------------------------------------------------------------------------
# Plans (insert-sync) and findings (verify-sync)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FlagPair:
    """SetFlag<event>(id); WaitFlag<event>(id), right before the op."""

    event: HardEvent
    busy_ids: frozenset[Hashable]  # ids of hand-written flags of `event` set at that point


@dataclass(frozen=True)
class Barrier:
    pipe: str  # a pipe of PIPES (not S) or ALL


Action = FlagPair | Barrier


@dataclass(frozen=True)
class Race:
    """`sink` may run before `source` completes (or, loop-carried, across iterations)."""

    source: Access
    sink: Access


@dataclass(frozen=True)
class FlagMisuse:
    op: Operation
    message: str


class SyncAnalysis:
    """The analysis of one function; see the module docstring."""

    def __init__(
        self,
        function: func.FuncOp,
        fix: bool = False,
        auto_sync: bool = False,
        held_reads: dict[Operation, set[str]] | None = None,
    ):
        self.function = function
        self.fix = fix
        self.memory = MemoryMap(function)
        self.plans: dict[Operation, list[Action]] = {}
        self.races: dict[Operation, list[Race]] = {}
        self.misuses: dict[Operation, FlagMisuse] = {}
        self.order = {op: i for i, op in enumerate(function.walk())}
        self._accesses: dict[Operation, list[Access]] = {}
        if held_reads:
            self._held_accesses(function, held_reads)
        self._loops_of: dict[Operation, list[Operation]] = {}
        self.reporting = True  # off while a loop's fixpoint is being found
        self.facts: dict[SSAValue, tuple[str, scf.ForOp, int]] = {}
        self.sides = _split_sides(function, self.memory)
        # auto_sync: the sides of the function whose AUTO_SYNC_PAIRS auto-sync orders
        self.auto_sides = (
            _auto_sides(function, self.sides, self.memory) if auto_sync else frozenset()
        )
        if function.body.blocks:
            self.exit = self.block(function.body.block, State())

    # -- facts about the function --------------------------------------------------

    def access_list(self, op: Operation) -> list[Access]:
        if op not in self._accesses:
            self._accesses[op] = accesses(op, self.memory)
        return self._accesses[op]

    def _held_accesses(self, function: func.FuncOp, reads: dict[Operation, set[str]]) -> None:
        """Ascend 950 cross-core waits that hold one pipe P, and the ops that must follow
        them on another pipe (`held_reads`: op -> the P's, from the cross-core
        analysis), as accesses of a pseudo-memory per P: each wait writes it on P, each
        such op reads it on its own pipe, so the pair (or barrier) ordering the read
        after the writes is what hands the wait's order on to that pipe."""
        from asc_xdsl.transforms.cross_core_sync import held_waits

        for op, pipe in held_waits(function).items():
            self._accesses[op] = [Access(op, pipe, Loc(HELD, root=_HELD_ROOTS[pipe]), True)]
        for op, pipes in reads.items():
            own = self.access_list(op)
            if own:
                own += [
                    Access(op, own[0].pipe, Loc(HELD, root=_HELD_ROOTS[p]), False)
                    for p in sorted(pipes)
                ]

    # -- the walk -----------------------------------------------------------------

    def block(self, block: Block, state: State) -> State:
        for op in block.ops:
            state = self.op(op, state)
        return state

    def op(self, op: Operation, state: State) -> State:
        if isinstance(op, scf.ForOp):
            step = constant_int(op.step)
            if step is not None and step > 0:
                return self.peeled_loop(op, step, state)
            return self.loop(op.body.block, None, state)
        if isinstance(op, scf.WhileOp):
            return self.loop(op.after_region.block, op.before_region.block, state)
        if isinstance(op, scf.IfOp | scf.IndexSwitchOp):
            return self.branches(op, state)
        if op.regions and hasattr(op, "argument_effects"):  # __VEC_SCOPE__: one V access
            acc = self.access_list(op)
            return self.access(op, acc, state) if acc else state
        if op.regions:  # a region op we do not know: everything in it, on any pipe
            acc = [Access(op, ALL, a.loc, a.write) for o in op.walk() for a in self.access_list(o)]
            return self.access(op, acc, state) if acc else state
        if op.name in (SET_FLAG, WAIT_FLAG, PIPE_BARRIER) or op.name in QUEUE_OPS:
            return self.sync(op, state)
        acc = self.access_list(op)
        return self.access(op, acc, state) if acc else state

    def branches(self, op: Operation, state: State) -> State:
        known = self.condition(op.cond) if isinstance(op, scf.IfOp) else None
        out: State | None = None
        for i, region in enumerate(op.regions):
            if not region.blocks or known is (i == 1):  # the branch this iteration skips
                continue
            s = self.block(region.block, state.copy())
            out = s if out is None else out.merge(s)
        if out is None:
            return state
        if known is None and isinstance(op, scf.IfOp) and not op.false_region.blocks:
            out = out.merge(state)  # no else: may skip the branch
        return out

    def loop(self, body: Block, before: Block | None, entry: State) -> State:
        """A loop (`before` is a while loop's condition region, run before each body and
        once more on exit), iterated until the state at its head is stable; then once
        more to record what it finds."""
        reporting, self.reporting = self.reporting, False
        head = entry
        for _ in range(MAX_ROUNDS):
            s = self.block(before, head.copy()) if before is not None else head
            new = head.merge(self.block(body, s.copy()))
            if new == head:
                break
            head = new
        else:
            raise RuntimeError("sync analysis: a loop's state did not settle")  # a bug of ours
        self.reporting = reporting
        s = self.block(before, head.copy()) if before is not None else head
        self.block(body, s.copy())
        return s if before is not None else head

    def peeled_loop(self, loop: scf.ForOp, step: int, entry: State) -> State:
        """An `scf.for` whose first and last iterations are analysed on their own, so
        that branches on the induction variable (`if i > 0`, `if i + 1 < n`: a flag
        waited in all but the first iteration, set in all but the last) take the side
        they take there."""
        body = loop.body.block
        iv = body.args[0]

        def iteration(state: State, where: str) -> State:
            self.facts[iv] = (where, loop, step)
            try:
                return self.block(body, state.copy())
            finally:
                del self.facts[iv]

        only = iteration(entry, "only")  # a single iteration: the first and the last
        head = iteration(entry, "first")
        reporting, self.reporting = self.reporting, False
        for _ in range(MAX_ROUNDS):
            new = head.merge(iteration(head, "middle"))
            if new == head:
                break
            head = new
        else:
            raise RuntimeError("sync analysis: a loop's state did not settle")  # a bug of ours
        self.reporting = reporting
        iteration(head, "middle")
        last = iteration(head, "last")
        return entry.merge(only).merge(last)

    # -- conditions on induction variables -------------------------------------------

    def condition(self, cond: SSAValue) -> bool | None:
        """The value of an `arith.cmpi` between an induction variable (plus a constant)
        and its loop's bound (plus a constant), in the iteration being analysed."""
        op = cond.owner
        if not isinstance(op, arith.CmpiOp) or not self.facts:
            return None
        d = linear(op.lhs) - linear(op.rhs)
        for iv, (where, loop, step) in self.facts.items():
            s = d.coeff(iv)
            if s not in (1, -1):
                continue
            for bound, spans in ((loop.lb, _FROM_LB), (loop.ub, _FROM_UB)):
                rest = d - (Linear.atom(iv) - linear(bound)).scale(s)
                if rest.constant is None:
                    continue
                lo, hi = spans(where, step)
                if s == -1:
                    lo, hi = (None if hi is None else -hi), (None if lo is None else -lo)
                c = rest.constant
                return _compare(
                    op.predicate.value.data,
                    None if lo is None else lo + c,
                    None if hi is None else hi + c,
                )
        return None

    # -- sync ops -------------------------------------------------------------------

    def sync(self, op: Operation, state: State) -> State:
        state = state.copy()
        name = op.name
        if name in (SET_FLAG, WAIT_FLAG) and op.is_no_op:  # type: ignore[attr-defined]
            return state  # HardEvent::MAX: the headers' no-op
        if name == SET_FLAG:
            key = flag_key(op)
            if key in state.flags and self.reporting:
                self.misuses[op] = FlagMisuse(
                    op,
                    f"SetFlag<{key[0].name}> sets a flag that is already set (its WaitFlag "
                    "has not run): the second set is lost",
                )
            state.flags[key] = state.flags.get(key, frozenset()) | state.snapshot(key[0].src_pipe)
        elif name == WAIT_FLAG:
            key = flag_key(op)
            snapshot = state.flags.pop(key, None)
            if snapshot is None and self.reporting:
                self.misuses[op] = FlagMisuse(
                    op,
                    f"WaitFlag<{key[0].name}> waits for a flag no SetFlag before it sets: "
                    "it would wait forever",
                )
            elif snapshot is not None:
                state.wait(snapshot, key[0].dst_pipe)
        elif name == PIPE_BARRIER:
            pipe = PIPE_OF.get(op.pipe_value)  # type: ignore[attr-defined]
            if pipe is not None:
                state.barrier(pipe)
        else:
            self.queue_traffic(op, state)
        return state

    def _events(self, op: Operation) -> QueueEvents | None:
        if "srcUserPos" in op.properties:  # EnQue/DeQue between positions the user gives
            from asc_xdsl.dialects.ascendc.base import enum_value
            from asc_xdsl.transforms.hardware import QUEUE_EVENTS

            src = enum_value(op, "srcUserPos", TPosition)  # type: ignore[arg-type]
            dst = enum_value(op, "dstUserPos", TPosition)  # type: ignore[arg-type]
            return QUEUE_EVENTS.get((src, dst))  # type: ignore[arg-type]
        return queue_events(op.operands[0].type)

    def queue_traffic(self, op: Operation, state: State) -> None:
        events = self._events(op)
        if events is None:
            return
        q = self.memory.object_root(op.operands[0])
        role = QUEUE_OPS[op.name]
        if role == "enque":
            have = state.enqueued.get(q, ())
            snap = state.snapshot(events.enque.src_pipe)
            fits = have is not None and len(have) < MAX_ENQUEUED
            state.enqueued[q] = (*have, snap) if fits else None  # type: ignore[misc]
        elif role == "deque":
            have = state.enqueued.get(q, ())
            if have:  # the oldest EnQue's flag
                state.wait(have[0], events.enque.dst_pipe)
                state.enqueued[q] = have[1:]
        elif role == "free":
            allocs = {loc.alloc for loc in self.memory.locs(op.operands[1]) if loc.root is q}
            if allocs and None not in allocs:
                covered = state.snapshot(events.free.src_pipe)
                done = frozenset(
                    a
                    for a in state.pending_for(ALL)
                    if a.loc.root is q and a.loc.alloc in allocs and a not in covered
                )
                state.released[q] = state.released.get(q, frozenset()) | done
        else:  # alloc: the producer pipe waits for the free of the buffer it gets
            released = state.released.get(q, frozenset())
            pipe = events.free.dst_pipe
            state.pending[pipe] = state.pending[pipe] - released
            # This allocation's tensor is live again.
            state.released[q] = frozenset(a for a in released if a.loc.alloc is not op)

    # -- accesses ---------------------------------------------------------------------

    def access(self, op: Operation, acc: Sequence[Access], state: State) -> State:
        state = state.copy()
        pipe = acc[0].pipe
        races = self.races_with(state.pending_for(pipe), acc)
        if self.fix:  # resolve (the state needs it) and record, in every iteration analysed
            actions = self._resolve(state, pipe, acc) if races else []
            if self.reporting:
                self.plans[op] = _union(self.plans.get(op, []), actions)
        elif races and self.reporting:
            have = self.races.setdefault(op, [])
            have += [r for r in races if r not in have]
        state.issue(acc)
        done = synced_inside(op, acc)
        if done:
            state.pending["V"] = state.pending["V"] - done
        return state

    def _resolve(self, state: State, pipe: str, acc: Sequence[Access]) -> list[Action]:
        """Syncs before an op that order every access it races with (applied to `state`).

        Each step takes the source pipe whose flag leaves the fewest races (a flag from
        one pipe also orders what that pipe already waited for) and, of those, the one
        that leaves the least pending (so that later ops need fewer flags); then
        barriers."""
        actions: list[Action] = []
        while races := self.races_with(state.pending_for(pipe), acc):
            sources = {r.source.pipe for r in races}

            def left(src: str) -> tuple[int, int, int, int]:
                kept = state.pending[pipe] & state.snapshot(src)
                rest = self.races_with(kept, acc)
                across = sum(r.source.pipe != pipe for r in rest)
                return across, len(rest), len(kept), PIPES.index(src)

            # Any pipe's flag may order the sources (through what it waited for); a
            # dependence within the pipe takes a barrier (cheaper than a wait) unless
            # a flag the op needs anyway orders it.
            across = sum(r.source.pipe != pipe for r in races)
            cross = [p for p in PIPES if p != pipe and event_between(p, pipe)]
            cross = [p for p in cross if left(p)[0] < across] if pipe in PIPES else []
            if ALL in sources:  # a flag instead of the barrier only if it orders them all
                cross = [p for p in cross if left(p)[1] == 0]
            if cross:
                src = min(cross, key=left)
                event = event_between(src, pipe)
                assert event is not None
                busy = frozenset(k[1] for k in state.flags if k[0] is event)
                actions.append(FlagPair(event, busy))
                state.wait(state.snapshot(src), pipe)
            elif sources == {pipe} and pipe != ALL:
                actions.append(Barrier(pipe))  # a dependence within the pipe
                state.barrier(pipe)
            else:  # no event joins the pipes, or an op may issue on any pipe
                actions.append(Barrier(ALL))
                state.barrier(ALL)
        return actions

    def races_with(self, pending: Iterable[Access], acc: Sequence[Access]) -> list[Race]:
        return [
            Race(a, b)
            for a in pending
            for b in acc
            if a.conflicts(b)
            and not (b.write and b.loc.space == HELD)  # (a wait waits for nothing here)
            and self._overlap(a, b)
            and self._same_core(a, b)
            and not self._auto_ordered(a, b)
        ]

    def _auto_ordered(self, a: Access, b: Access) -> bool:
        """`a` before `b` is ordered by the AIV's auto-sync (`auto_sync`)."""
        if not self.auto_sides or (a.pipe, b.pipe) not in AUTO_SYNC_PAIRS:
            return False
        # (scalar code both sides of a mix kernel run meets the vector side's access on
        # the AIV only)
        sides = {self.sides.get(a.op), self.sides.get(b.op)}
        return bool(sides & self.auto_sides) and sides <= self.auto_sides | {None}

    def _same_core(self, a: Access, b: Access) -> bool:
        """In a mix kernel a cube op and a vector op run on different cores: what orders
        them is a cross-core flag (`cross_core_sync`), not this analysis's syncs."""
        if not self.sides:
            return True
        sa, sb = self.sides.get(a.op), self.sides.get(b.op)
        return sa is None or sb is None or sa == sb

    def _loops(self, op: Operation) -> list[Operation]:
        if op not in self._loops_of:
            self._loops_of[op] = loops_around(op)
        return self._loops_of[op]

    def _overlap(self, a: Access, b: Access) -> bool:
        """May the two touch the same elements (given their offsets into one allocation,
        across the iterations of the loops around both)?"""
        la, lb = a.loc, b.loc
        if la.root is None or la.root is not lb.root or la.elem != lb.elem:
            return True
        inner = set(self._loops(b.op))
        common = [lp for lp in self._loops(a.op) if lp in inner]
        first = self.order[a.op] < self.order[b.op]
        return may_overlap(la.offset, a.extent, lb.offset, b.extent, common, first)

    def is_loop_carried(self, race: Race) -> bool:
        """The source runs after the sink in program order: from an earlier iteration."""
        return self.order[race.source.op] >= self.order[race.sink.op]


def _split_sides(function: func.FuncOp, memory: MemoryMap) -> dict[Operation, str | None]:
    """Each op's core side when the function has ops of both (a mix kernel on separate
    cube and vector cores); empty otherwise."""
    from asc_xdsl.transforms.cross_core_sync import is_split, op_sides

    if not function.body.blocks or not is_split(function):
        return {}
    sides = op_sides(function, memory)
    return sides if {"cube", "vector"} <= set(sides.values()) else {}


def _auto_sides(
    function: func.FuncOp, sides: dict[Operation, str | None], memory: MemoryMap
) -> frozenset[str | None]:
    """The sides whose ops auto-sync orders in `function` (`auto_synced`; None: the ops
    every core of it runs): in a mix kernel the side of the cores it orders (the AIVs:
    not the AIC, not the scalar code both run); in a kernel with one kind of core,
    everything when that core has auto-sync (an AIV, or 310P's AI Core running a
    vector kernel: a kernel not cube or mix, with no op of the cube core)."""
    from asc_xdsl.dialects.ascendc.base import KERNEL_TYPE_ATTR
    from asc_xdsl.transforms.cross_core_sync import CORE, CUBE, VECTOR, own_side

    if sides:
        return frozenset(s for s in (CUBE, VECTOR) if auto_synced(CORE[s], "mix"))
    kind = function.attributes.get(KERNEL_TYPE_ATTR)
    kind = "vector" if kind is None else getattr(kind, "data", None)
    if kind != "vector" or any(
        own_side(op, memory) not in (None, VECTOR) for op in function.walk()
    ):
        return frozenset()  # (a cube kernel's AIC, or a mix kernel on unsplit cores)
    return frozenset({None, VECTOR}) if auto_synced("AIV", kind) else frozenset()


def _FROM_LB(where: str, step: int) -> tuple[int | None, int | None]:
    """Bounds of i - lb: 0 in the first iteration, at least one step later on."""
    return (0, 0) if where in ("first", "only") else (step, None)


def _FROM_UB(where: str, step: int) -> tuple[int | None, int | None]:
    """Bounds of i - ub: within a step below the bound in the last iteration, more
    than a step below before it."""
    return (-step, -1) if where in ("last", "only") else (None, -step - 1)


_CMPI = {0: "eq", 1: "ne", 2: "slt", 3: "sle", 4: "sgt", 5: "sge"}


def _compare(predicate: int, lo: int | None, hi: int | None) -> bool | None:
    """`d <pred> 0` for every d in [lo, hi], if the same for all (signed predicates)."""
    kind = _CMPI.get(predicate)
    if kind is None:
        return None
    below = hi is not None and hi < 0  # d < 0 throughout
    above = lo is not None and lo > 0
    zero = lo == hi == 0
    table = {
        "eq": True if zero else (False if below or above else None),
        "ne": False if zero else (True if below or above else None),
        "slt": True if below else (False if lo is not None and lo >= 0 else None),
        "sle": True if hi is not None and hi <= 0 else (False if above else None),
        "sgt": True if above else (False if hi is not None and hi <= 0 else None),
        "sge": True if lo is not None and lo >= 0 else (False if below else None),
    }
    return table[kind]


def _union(have: list[Action], new: list[Action]) -> list[Action]:
    """The syncs an op needs in every iteration analysed: one pair per event (a flag
    busy in any of them is busy), each barrier once."""
    out = list(have)
    for a in new:
        same = next(
            (
                i
                for i, b in enumerate(out)
                if isinstance(a, FlagPair) and isinstance(b, FlagPair) and a.event is b.event
            ),
            None,
        )
        if same is not None:
            b = out[same]
            assert isinstance(a, FlagPair) and isinstance(b, FlagPair)
            out[same] = FlagPair(a.event, a.busy_ids | b.busy_ids)
        elif a not in out:
            out.append(a)
    return out
