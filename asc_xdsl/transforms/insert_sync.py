"""`ascendc-insert-sync`: the synchronisation a kernel needs, from its ops' dependences.

Which pipes must wait for which is derived from the ops' memory effects and pipes
(`sync_analysis`): an op that touches memory an earlier op on another pipe may still be
using gets, right before it, a `SetFlag<X_Y>`/`WaitFlag<X_Y>` pair per pipe X it depends
on; one pair orders all of X's earlier work, so a dependence that an earlier flag,
barrier, queue EnQue/DeQue or AllocTensor/FreeTensor already orders (directly or through
other pipes) gets nothing. A dependence within a pipe gets `PipeBarrier<pipe>`; where no
event joins the two pipes, or an op may issue on any pipe (a call, a library op without
a pipe), `PipeBarrier<PIPE_ALL>`, unless one pair orders all the op needs (a
synchronous Matmul GetTensorC into UB syncs MTE2_V itself: `sync_analysis.SYNCED_FOR_V`). Dependences across loop iterations are found by
iterating the loop's analysis to a fixpoint: their pair goes before the later op inside
the loop body, so every iteration sets and waits it. Where both sides of a branch would
start with the same syncs, they go once before it. Syncs the kernel already has are
kept and counted; run `ascendc-erase-sync` first to start from none.

In a mix kernel the cube and vector ops run on different cores: what orders them is a
pair of cross-core flags, which `cross_core_sync.insert_cross_core_sync` inserts first
(mode 2 between the AIC and the AIVs, mode 1 between the two AIVs; the analysis here
then pairs only ops of one core). Where an Ascend 950 cross-core wait that holds one
pipe P is all that orders an op on another pipe, the cross-core pass leaves it to the
analysis here (`held_reads`): a P -> op pipe pair after the wait. With `sync_blocks`, a `SyncAll`
goes first where a kernel's GM accesses may meet another block's
(`cross_core_sync.insert_block_sync`).

With `auto_sync`, the kernel is taken to be compiled with bisheng's auto-sync (the
compile option `auto_sync`), which on the vector cores orders S with V, MTE2 and MTE3
both ways and V after V: on the AIV side (a vector kernel, or the vector side of a mix
kernel) those dependences get nothing, as the race checker assumes; the AIC has no
auto-sync, so the cube side gets every pair and barrier it needs. Off by default (a
hand-written kernel gets what it needs whatever it is compiled with); `@asc2.jit`
turns it on for tile kernels compiled with `auto_sync` (the default). The cross-core
pairs depend on it too: a set on V/MTE2/MTE3 covers the AIV's earlier scalar GM
accesses only under auto-sync, which they take as the compile option's default unless
told `auto_sync=false` (the kernel is compiled with `auto_sync=False`: `@asc.jit` and
`@asc2.jit` say so), where a scalar store before a set gets `PipeBarrier<PIPE_ALL>`
(`cross_core_sync.CrossCoreAnalysis.auto_sync`).

Event ids: a pair is set and waited at once, so one id per event serves all pairs. With
a TPipe in the function, each pair takes a free id from it (`pipe.fetch_event_id`, as
the queues' own flags come from the pipe); without, the pass uses id 0 (or the lowest id
0-5 no hand-written flag of that event holds at that point).

Before:

    scf.for %i = %lb to %ub step %c1 {
      ascendc.data_copy_l2 %x, %gx, %n : ...      // MTE2 writes %x
      ascendc.abs_l2 %y, %x, %n : ...             // V reads %x, writes %y
      ascendc.data_copy_l2 %gy, %y, %n : ...      // MTE3 reads %y
    }

After (the first pair orders the V op of the previous iteration before the copy that
overwrites %x):

    scf.for %i = %lb to %ub step %c1 {
      ascendc.set_flag v_mte2, %c0 : i32
      ascendc.wait_flag v_mte2, %c0 : i32
      ascendc.data_copy_l2 %x, %gx, %n : ...
      ascendc.set_flag mte2_v, %c0 : i32
      ascendc.wait_flag mte2_v, %c0 : i32
      ascendc.set_flag mte3_v, %c0 : i32
      ascendc.wait_flag mte3_v, %c0 : i32
      ascendc.abs_l2 %y, %x, %n : ...
      ascendc.set_flag v_mte3, %c0 : i32
      ascendc.wait_flag v_mte3, %c0 : i32
      ascendc.data_copy_l2 %gy, %y, %n : ...
    }
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, i32
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass

from asc_xdsl.dialects.ascendc.sync import PipeBarrierOp, WaitFlagOp
from asc_xdsl.enums import HardEvent
from asc_xdsl.transforms.cross_core_sync import insert_block_sync, insert_cross_core_sync
from asc_xdsl.transforms.diagnostics import PassDiagnostics, fail, structured_functions
from asc_xdsl.transforms.sync_analysis import BARRIER_PIPE, Barrier, FlagPair, SyncAnalysis

PASS = "ascendc-insert-sync"
MANUAL_EVENT_IDS = range(6)
"""Event ids a kernel may use by hand (6 is reserved, 7 is the TPipe's)."""
PIPE_OP = "ascendc.pipe"


def _dominating_pipe(f: func.FuncOp, before: Operation) -> SSAValue | None:
    """A TPipe made before `before` in its block or a block around it."""
    op: Operation | None = before
    while op is not None and op is not f:
        prev = op.prev_op
        while prev is not None:
            if prev.name == PIPE_OP:
                return prev.results[0]
            prev = prev.prev_op
        op = op.parent_op()
    return None


class _Inserter:
    def __init__(self, f: func.FuncOp):
        self.made: set[Operation] = set()  # the ops this pass inserted
        self.f = f
        self.has_pipe = any(op.name == PIPE_OP for op in f.walk())
        self.constants: dict[int, SSAValue] = {}
        self.inserted = 0

    def _constant_id(self, value: int) -> SSAValue:
        if value not in self.constants:
            block = self.f.body.block
            c = arith.ConstantOp(IntegerAttr(value, i32))
            c.result.name_hint = f"event{value}"
            first = block.first_op
            assert first is not None
            block.insert_op_before(c, first)
            self.constants[value] = c.result
        return self.constants[value]

    def _event_id(self, pair: FlagPair, at: Operation, new: list[Operation]) -> SSAValue:
        from asc_xdsl.dialects.ascendc.framework import PipeFetchEventIDOp

        busy_constants = {k[1] for k in pair.busy_ids if isinstance(k, tuple)}
        busy_values = [k for k in pair.busy_ids if not isinstance(k, tuple)]
        if self.has_pipe:
            if pair.busy_ids:
                raise fail(
                    PASS,
                    at,
                    f"a hand-written SetFlag<{pair.event.name}> is still set here, and the "
                    "TPipe may hand out its id: erase the hand-written syncs first "
                    "(ascendc-erase-sync)",
                )
            pipe = _dominating_pipe(self.f, at)
            if pipe is None:
                raise fail(
                    PASS,
                    at,
                    "the kernel's TPipe is made after this op or in a region that does not "
                    "hold it: make it first (ascendc-unify-pipe puts it at the top)",
                )
            fetch = PipeFetchEventIDOp(pipe, result_types=[IntegerType(8)], event=pair.event)
            fetch.results[0].name_hint = "event_id"
            new.append(fetch)
            return fetch.results[0]
        if busy_values:
            raise fail(
                PASS,
                at,
                f"a hand-written SetFlag<{pair.event.name}> with an id computed at run time "
                "is still set here: no id is known to be free (erase the hand-written "
                "syncs first: ascendc-erase-sync)",
            )
        free = next((i for i in MANUAL_EVENT_IDS if i not in busy_constants), None)
        if free is None:
            raise fail(PASS, at, f"every event id of {pair.event.name} is set here")
        return self._constant_id(free)

    def insert(self, op: Operation, actions: list[FlagPair | Barrier]) -> None:
        from asc_xdsl.dialects.ascendc.sync import PipeBarrierOp, SetFlagOp, WaitFlagOp

        block = op.parent_block()
        assert isinstance(block, Block)
        for action in actions:
            new: list[Operation] = []
            if isinstance(action, Barrier):
                new.append(PipeBarrierOp(BARRIER_PIPE[action.pipe]))
            else:
                event: HardEvent = action.event
                event_id = self._event_id(action, op, new)
                new += [SetFlagOp(event, event_id), WaitFlagOp(event, event_id)]
            block.insert_ops_before(new, op)
            self.made.update(new)
            self.inserted += 1

    def merge_branches(self) -> None:
        """Where both sides of an `scf.if` start with the same inserted syncs, they go
        once before it (innermost first, so they may keep moving out): the waits then
        happen earlier, which orders no less, and nothing of the branch precedes the
        sets."""
        for branch in reversed([o for o in self.f.walk() if isinstance(o, scf.IfOp)]):
            if not branch.false_region.blocks:
                continue
            then_ops = list(branch.true_region.block.ops)
            else_ops = list(branch.false_region.block.ops)
            common = 0
            for a, b in zip(then_ops, else_ops, strict=False):  # (the common start)
                if a not in self.made or b not in self.made or not _same_sync(a, b):
                    break
                common += 1
            # Whole groups only: a set without its wait would not be the same sync.
            while common and then_ops[common - 1].name == "ascendc.set_flag":
                common -= 1
            if not common:
                continue
            parent = branch.parent_block()
            assert parent is not None
            for a, b in zip(then_ops[:common], else_ops[:common], strict=True):
                a.detach()
                parent.insert_op_before(a, branch)
                for old, new in zip(b.results, a.results, strict=True):
                    old.replace_all_uses_with(new)
                b.detach()
                b.erase()
                self.inserted -= isinstance(a, PipeBarrierOp | WaitFlagOp)


def _same_sync(a: Operation, b: Operation) -> bool:
    """The same sync op: name, properties (event, pipe), and operands, where an operand
    made in the branch is matched by position (the event id it fetched)."""
    if a.name != b.name or a.properties != b.properties or len(a.operands) != len(b.operands):
        return False
    for x, y in zip(a.operands, b.operands, strict=True):
        if x is y:
            continue
        fetched = [o for o in (x.owner, y.owner) if isinstance(o, Operation)]
        if len(fetched) != 2 or any(o.name != "ascendc.pipe.fetch_event_id" for o in fetched):
            return False
        if fetched[0].parent_block() is fetched[1].parent_block():
            return False
    return True


def insert_sync(
    f: func.FuncOp,
    sync_blocks: bool = False,
    diags: PassDiagnostics | None = None,
    mutex: bool = False,
    auto_sync: bool | None = None,
) -> int:
    """Insert what `f` needs; the number of pairs and barriers inserted (SyncAlls
    between blocks with `sync_blocks`, then a mix kernel's cross-core pairs:
    `cross_core_sync`). `mutex`: the pairs within the core as Ascend 950 buffer-id sync
    (mutex_sync.py). `auto_sync`: True, nothing for what the AIV's auto-sync orders;
    False, the kernel is compiled without it (the cross-core pairs do not take it
    either); None (not said), the pairs within a core take nothing as given and the
    cross-core ones the default compile option's (`InsertSyncPass.auto_sync`)."""
    if mutex:
        from asc_xdsl.transforms.mutex_sync import check_950

        check_950(f, PASS)
    crossed = insert_block_sync(f) if sync_blocks else 0
    hand_ons: dict[Operation, set[str]] = {}
    crossed += insert_cross_core_sync(f, diags, hand_ons, auto_sync is not False)
    analysis = SyncAnalysis(f, fix=True, auto_sync=auto_sync is True, held_reads=hand_ons)
    inserter = _Inserter(f)
    for op, actions in sorted(analysis.plans.items(), key=lambda kv: analysis.order[kv[0]]):
        if actions:
            inserter.insert(op, actions)
    inserter.merge_branches()
    if mutex:
        from asc_xdsl.transforms.mutex_sync import to_mutexes

        to_mutexes(f, inserter.made, PASS)
    return crossed + inserter.inserted


@dataclass(frozen=True)
class InsertSyncPass(ModulePass):
    name = PASS

    sync_blocks: bool = False
    """Also `SyncAll` where a kernel's GM accesses may meet another block's."""
    mutex: bool = False
    """Ascend 950: Mutex::Lock/Unlock (buffer-id sync) instead of SetFlag/WaitFlag."""
    auto_sync: bool | None = None
    """How the kernel is compiled (the compile option `auto_sync`): true, with bisheng's
    auto-sync, so on the AIV side nothing for S <-> V/MTE2/MTE3 and V -> V dependences
    (it orders them); false, without it, so nothing is left to it, the cross-core pairs'
    scalar accesses included; unset, the pairs within a core take nothing as given (right
    whatever the kernel is compiled with) and the cross-core ones the default's auto-sync."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from asc_xdsl.dialects.ascendc.reg import is_vector_function
        from asc_xdsl.dialects.ascendc.simt import is_simt_code

        diags = PassDiagnostics(PASS)
        for f in structured_functions(op, PASS):
            # A vector function orders its own UB accesses (LocalMemBar; flags and
            # barriers are kernel-side): its asc_vf_call carries them (memory.accesses).
            if not (is_vector_function(f) or is_simt_code(f)):
                insert_sync(f, self.sync_blocks, diags, self.mutex, self.auto_sync)
        diags.finish()
