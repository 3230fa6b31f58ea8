"""`ascendc-verify-sync`: warn about synchronisation a kernel gets wrong, with locations.

Four kinds of warnings, each at the op concerned with notes at the others:

- **Unordered pipes (races).** Every pair of accesses to the same memory, one a write,
  on pipes that nothing orders (no SetFlag/WaitFlag chain, barrier or queue traffic
  between them): the later op may run before the earlier one completes. Reported at the
  later op, with the earlier one's location in a note, the kind of hazard (reads what
  ... writes, overwrites what ... reads, writes what ... writes), whether the earlier op
  ran in a previous iteration of a loop, and the sync that would order them. The
  analysis is `sync_analysis.SyncAnalysis`; it does not follow path conditions (a flag
  set under `if` and waited under a matching `if` counts as maybe set).
- **Cross-core** (a mix kernel, `cross_core_sync.CrossCoreAnalysis`): GM accesses of
  the cube and vector sides, or of the two AIVs of an AI Core, that no cross-core flag
  (mode 2, 1, Ascend 950's mode 4) or SyncAll orders, with the pair that would (and,
  where an Ascend 950 wait ordered it for another pipe only, the intra-core
  SetFlag/WaitFlag after that wait that would hand it on); flags the other core never
  matches. The AIVs' scalar unit is ordered with V/MTE2/MTE3 only in a kernel compiled
  with auto-sync (the option `auto_sync`, below).
- **Flags.** A SetFlag that sets a flag already set, a WaitFlag no SetFlag before it
  sets.
- **Queue discipline** (pyasc's checks): FreeTensor without AllocTensor or twice,
  AllocTensor without FreeTensor, DeQue without EnQue, EnQue without DeQue, a tensor used
  between its EnQue and DeQue.

Warnings do not stop compilation; IR is unchanged.

    ascendc.data_copy_l2 %t, %x, %n : ...        // MTE2 writes %t
    ascendc.abs_l2 %y, %t, %n : ...              // V reads %t: nothing waits for the copy

    k.mlir:5:3: warning: 'ascendc.abs_l2' (pipe V) reads memory that
    'ascendc.data_copy_l2' (pipe MTE2) writes, and nothing orders them: MTE2 -> V needs
    SetFlag/WaitFlag<MTE2_V> between them
    k.mlir:4:3: note: the write on MTE2 is here
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from asc_xdsl.transforms.cross_core_sync import (
    CrossCoreAnalysis,
    cross_core_message,
    race_note,
    unmatched_flags,
)
from asc_xdsl.transforms.diagnostics import PassDiagnostics
from asc_xdsl.transforms.memory import ALL, MemoryMap
from asc_xdsl.transforms.sync_analysis import (
    ALLOC,
    DEQUE,
    ENQUE,
    FREE,
    Race,
    SyncAnalysis,
    event_between,
)

PASS = "ascendc-verify-sync"


def _api(op: Operation) -> str:
    return getattr(type(op), "API_NAME", "") or op.name


def _race_message(analysis: SyncAnalysis, race: Race) -> str:
    src, dst = race.source, race.sink
    if src.write and dst.write:
        verb = "writes memory that"
        did = "also writes"
    elif src.write:
        verb = "reads memory that"
        did = "writes"
    else:
        verb = "overwrites memory that"
        did = "reads"
    when = " in an earlier iteration" if analysis.is_loop_carried(race) else ""
    if ALL in (src.pipe, dst.pipe):
        fix = "PipeBarrier<PIPE_ALL> between them (one of them may issue on any pipe)"
    elif src.pipe == dst.pipe:
        fix = f"PipeBarrier<PIPE_{src.pipe}> between them"
    else:
        event = event_between(src.pipe, dst.pipe)
        fix = (
            f"SetFlag/WaitFlag<{event.name}> between them"
            if event is not None
            else "PipeBarrier<PIPE_ALL> between them (no event joins these pipes)"
        )
    return (
        f"'{dst.op.name}' (pipe {dst.pipe}) {verb} '{src.op.name}' (pipe {src.pipe}) "
        f"{did}{when}, and nothing orders them: {src.pipe} -> {dst.pipe} needs {fix}"
    )


def _check_races(f: func.FuncOp, diags: PassDiagnostics, auto_sync: bool = False) -> None:
    analysis = SyncAnalysis(f, auto_sync=auto_sync)
    for sink, races in sorted(analysis.races.items(), key=lambda kv: analysis.order[kv[0]]):
        seen: set[tuple[Operation, bool, bool]] = set()
        order = analysis.order
        for race in sorted(races, key=lambda r: (order[r.source.op], r.source.write, r.sink.write)):
            key = (race.source.op, race.source.write, race.sink.write)
            if key in seen:
                continue  # the same two ops, another location of the same memory
            seen.add(key)
            kind = "write" if race.source.write else "read"
            diags.warning(
                sink,
                _race_message(analysis, race),
                notes=[(race.source.op, f"the {kind} on {race.source.pipe} is here")],
            )
    for op, misuse in sorted(analysis.misuses.items(), key=lambda kv: analysis.order[kv[0]]):
        diags.warning(op, misuse.message)


def _check_cross_core(f: func.FuncOp, diags: PassDiagnostics, auto_sync: bool = True) -> None:
    """A mix kernel's GM accesses of one side that nothing orders after the other's, in
    a kernel compiled with bisheng's `auto_sync` or not (`CrossCoreAnalysis.auto_sync`)."""
    analysis = CrossCoreAnalysis(f, auto_sync=auto_sync)
    if not analysis.mix:
        return
    for op, message in unmatched_flags(f):
        diags.warning(op, message)
    order = analysis.order
    for sink, races in sorted(analysis.races.items(), key=lambda kv: order[kv[0]]):
        seen: set[tuple[Operation, str, bool]] = set()
        for race in sorted(races, key=lambda r: order[r.source.acc.op]):
            key = (race.source.acc.op, race.sink.side, race.peer)
            if key in seen:
                continue
            seen.add(key)
            diags.warning(
                sink,
                cross_core_message(race, order, auto_sync),
                notes=[(race.source.acc.op, race_note(race))],
            )


@dataclass
class _Queues:
    """pyasc's queue discipline: allocations and EnQues waiting for their FreeTensor and
    DeQue, per queue (in program order)."""

    memory: MemoryMap
    diags: PassDiagnostics
    order: dict[Operation, int]

    def __post_init__(self) -> None:
        self.open: dict[object, list[Operation]] = {}
        self.deque_from: dict[Operation, Operation] = {}  # DeQue -> its EnQue

    def _alloc_of(self, tensor: SSAValue) -> Operation | None:
        op = tensor.owner
        seen: set[Operation] = set()
        while isinstance(op, Operation) and op not in seen:
            seen.add(op)
            if op.name in ALLOC:
                return op
            if op in self.deque_from:
                op = self.deque_from[op].operands[1].owner
                continue
            return None
        return None

    def visit(self, op: Operation) -> None:
        if op.name not in ALLOC | FREE | ENQUE | DEQUE:
            return
        q = self.memory.object_root(op.operands[0])
        waiting = self.open.setdefault(q, [])
        if op.name in ALLOC or op.name in ENQUE:
            waiting.append(op)
        elif op.name in FREE:
            tensor = op.operands[1]
            alloc = self._alloc_of(tensor)
            if alloc is None:
                self.diags.warning(
                    op,
                    f"{_api(op)}: there is no corresponding call to AllocTensor",
                    notes=[(tensor, "tensor declared here")],
                )
            elif alloc in waiting:
                waiting.remove(alloc)
            else:
                self.diags.warning(
                    op,
                    f"{_api(op)}: tensor memory was freed before its last use",
                    notes=[(tensor, "tensor declared here")],
                )
        else:
            enque = next((o for o in waiting if o.name in ENQUE), None)
            if enque is None:
                self.diags.warning(
                    op,
                    f"{_api(op)}: there is no corresponding call to EnQue",
                    notes=[(op.operands[0], "queue declared here")],
                )
                return
            waiting.remove(enque)
            self.deque_from[op] = enque
            tensor = enque.operands[1]
            lo, hi = self.order[enque], self.order[op]
            for use in tensor.uses:
                user = use.operation
                if lo < self.order.get(user, -1) < hi:
                    self.diags.warning(
                        user,
                        "unexpected use of tensor between EnQue and DeQue",
                        notes=[(tensor, "tensor declared here")],
                    )

    def finish(self) -> None:
        for ops in self.open.values():
            for op in ops:
                if op.name in ALLOC:
                    self.diags.warning(
                        op,
                        f"{_api(op)}: there is no corresponding call to FreeTensor for this tensor",
                    )
                else:
                    self.diags.warning(
                        op,
                        f"{_api(op)}: there is no corresponding call to DeQue for this tensor",
                        notes=[(op.operands[0], "queue declared here")],
                    )


def _check_queues(f: func.FuncOp, diags: PassDiagnostics) -> None:
    ops = list(f.walk())
    queues = _Queues(MemoryMap(f), diags, {op: i for i, op in enumerate(ops)})
    for op in ops:
        queues.visit(op)
    queues.finish()


@dataclass(frozen=True)
class VerifySyncPass(ModulePass):
    name = PASS

    auto_sync: bool | None = None
    """How the kernel is compiled, as insert-sync's option of that name takes it: true,
    what the vector cores' auto-sync (bisheng's default compile option) orders is
    ordered; false, nothing is (the cross-core checks' scalar accesses included); unset,
    the checks within a core take nothing as given and the cross-core ones the default's
    auto-sync."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        diags = PassDiagnostics(PASS)
        from asc_xdsl.dialects.ascendc.reg import is_vector_function
        from asc_xdsl.dialects.ascendc.simt import is_simt_code

        for f in op.walk():
            if not isinstance(f, func.FuncOp) or not f.body.blocks:
                continue
            if is_vector_function(f) or is_simt_code(f):  # (its asc_vf_call's accesses)
                continue
            if len(f.body.blocks) > 1:  # the checks follow structured control flow only
                diags.warning(f, "not checked: the function branches between blocks (cf ops)")
                continue
            _check_queues(f, diags)
            _check_races(f, diags, self.auto_sync is True)
            _check_cross_core(f, diags, self.auto_sync is not False)
        diags.finish()
