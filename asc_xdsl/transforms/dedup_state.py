"""`ascendc-dedup-state`: drop set-ups that change nothing, and hoist loop-invariant ones.

Kernels (and lowerings) write a set-up before each instruction that needs it:
`SetMaskCount(); SetVectorMask(n); Add(...); SetMaskNorm(); ResetMask();` around every
vector op, `SetAtomicAdd` before every copy out. The pass works on the set-up fields
of `dialects/ascendc/setup_state.py` (the mask, its mode, the atomic mode, DeqScale,
the Load3D and Fixpipe set-ups, ...), in three steps, repeated until nothing changes:

1. **Hoist**: a set-up in a loop body whose operands come from outside the loop, that
   is the only writer of its fields in the body and comes before every reader of them,
   moves in front of the loop -- when the loop surely runs (constant bounds), or the
   fields are written again after the loop before anything reads them.
2. **Dead set-ups**: within a block, a set-up whose fields are all written again
   before anything reads them goes (`SetMaskNorm(); ResetMask();` just before the next
   `SetMaskCount(); SetVectorMask(n);`).
3. **Redundant set-ups**: a set-up that writes what its fields already hold goes (the
   same op with the same properties and the same SSA operands, all plain scalars, and
   nothing that may write the fields in between; state is carried into `scf.if`
   branches, and into loop bodies for fields the body does not write).

An op the facts do not describe (a call, an advanced API, an unknown dialect) may read
and write every field: the pass keeps what it cannot prove idle.

Before:

    ascendc.set_mask_count
    ascendc.set_vector_mask_l0 %n {dtype = f32, mode = counter}
    ascendc.add_l0 ... (isSetMask false)
    ascendc.set_mask_norm
    ascendc.reset_mask
    ascendc.set_mask_count
    ascendc.set_vector_mask_l0 %n {dtype = f32, mode = counter}
    ascendc.mul_l0 ... (isSetMask false)
    ascendc.set_mask_norm
    ascendc.reset_mask

After: the middle four set-ups are gone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerAttr, IntegerType, ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.hints import isa

from asc_xdsl.dialects.ascendc import setup_state as facts
from asc_xdsl.transforms.hardware import op_pipe
from asc_xdsl.transforms.plain_pass import PlainPass

_NONE: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Effect:
    """The set-up fields an op reads, and those it may write (with an unknown value
    unless the op is a set-up)."""

    reads: frozenset[str]
    writes: frozenset[str]


_ALL = Effect(facts.FIELDS, facts.FIELDS)
_INERT = Effect(_NONE, _NONE)


def own_effect(op: Operation) -> Effect:
    """What `op` itself (not its nested ops) does to the set-up fields."""
    name = op.name
    if name in facts.SETTERS:
        return Effect(_NONE, facts.written_fields(op))
    if name in facts.CLOBBERS_ALL:
        return _ALL
    read = facts.READERS.get(name)
    if read is not None:
        return Effect(read, _NONE)
    pipe = op_pipe(op)
    if pipe == "V":
        return Effect(
            facts.VECTOR_FIELDS, facts.VECTOR_WRITES if facts.sets_own_mask(op) else _NONE
        )
    if pipe in facts.CUBE_PIPES:
        return Effect(facts.CUBE_FIELDS | {facts.DEQ_SCALE}, facts.CUBE_FIELDS)
    if pipe in facts.COPY_PIPES:
        return Effect(facts.COPY_FIELDS, _NONE)
    if name.startswith(facts.INERT_PREFIXES) or pipe == "S":
        return _INERT
    if isinstance(op, scf.ForOp | scf.IfOp | scf.WhileOp | scf.IndexSwitchOp):
        return _INERT  # (their nested ops speak for them)
    return _ALL


def effect(op: Operation) -> Effect:
    """What `op` and everything nested in it may do to the set-up fields."""
    mine = own_effect(op)
    if not op.regions or mine is _ALL:
        return mine
    reads, writes = set(mine.reads), set(mine.writes)
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                e = effect(inner)
                reads |= e.reads
                writes |= e.writes
    return Effect(frozenset(reads), frozenset(writes))


_PLAIN = (IntegerType, IndexType, *AnyFloat.__args__)  # (a scalar: its SSA value is its value)


def _plain(value: SSAValue) -> bool:
    return isinstance(value.type, _PLAIN)


def setup_key(op: Operation) -> tuple | None:
    """What a set-up writes, as a comparable key: None when its value cannot be told
    from the IR (an operand that is a tensor, whose contents may change)."""
    if not all(_plain(v) for v in op.operands):
        return None
    return (op.name, tuple(op.operands), tuple(sorted(op.properties.items())))


# -- 1. hoisting -----------------------------------------------------------------------


def _runs_at_least_once(loop: scf.ForOp) -> bool:
    bounds = []
    for v in (loop.lb, loop.ub, loop.step):
        owner = v.owner
        value = getattr(owner, "value", None)
        if getattr(owner, "name", None) != "arith.constant" or not isa(value, IntegerAttr):
            return False
        bounds.append(value.value.data)
    lb, ub, step = bounds
    return step > 0 and lb < ub


def _overwritten_after(op: Operation, fields: frozenset[str]) -> bool:
    """Whether every field is written by a set-up after `op` in its block before
    anything reads (or may write) it."""
    pending = set(fields)
    nxt = op.next_op
    while nxt is not None and pending:
        e = effect(nxt)
        if e.reads & pending:
            return False
        if nxt.name in facts.SETTERS:
            pending -= e.writes
        elif e.writes & pending:
            return False
        nxt = nxt.next_op
    return not pending


def _hoistable(setup: Operation, loop: scf.ForOp) -> bool:
    fields = facts.written_fields(setup)
    body = loop.body.block
    if any(v.owner is not None and _inside(v, loop) for v in setup.operands):
        return False
    before = True
    for op in body.ops:
        if op is setup:
            before = False
            continue
        e = effect(op)
        if e.writes & fields:
            return False  # another writer of its fields in the body
        if before and e.reads & fields:
            return False
    return _runs_at_least_once(loop) or _overwritten_after(loop, fields)


def _inside(value: SSAValue, loop: Operation) -> bool:
    owner = value.owner
    op = owner.parent_op() if isinstance(owner, Block) else owner
    while op is not None:
        if op is loop:
            return True
        op = op.parent_op()
    return False


def _hoist(root: Operation) -> int:
    moved = 0
    loops = [op for op in root.walk() if isinstance(op, scf.ForOp)]
    for loop in reversed(loops):  # (inner loops first: a set-up may climb several)
        for op in list(loop.body.block.ops):
            if op.name in facts.SETTERS and _hoistable(op, loop):
                op.detach()
                loop.parent_block().insert_op_before(op, loop)  # type: ignore[union-attr]
                moved += 1
    return moved


# -- 2. dead set-ups ------------------------------------------------------------------


def _drop_dead(block: Block) -> int:
    dropped = 0
    dead: set[str] = set()  # fields written later in the block before any read
    op = block.last_op
    while op is not None:
        prev = op.prev_op
        for region in op.regions:
            for inner in region.blocks:
                dropped += _drop_dead(inner)
        e = effect(op)
        if op.name in facts.SETTERS:
            if e.writes <= dead:
                op.detach()
                op.erase()
                dropped += 1
            else:
                dead |= e.writes
        else:
            dead -= e.reads | e.writes
        op = prev
    return dropped


# -- 3. redundant set-ups -------------------------------------------------------------

State = dict[str, tuple]
"""Field -> key of the set-up whose value it holds (absent: unknown)."""


def _forget(state: State, fields: Iterable[str]) -> None:
    for f in fields:
        state.pop(f, None)


def _drop_redundant(block: Block, state: State) -> int:
    dropped = 0
    op = block.first_op
    while op is not None:
        nxt = op.next_op
        if op.name in facts.SETTERS:
            fields = facts.written_fields(op)
            key = setup_key(op)
            if key is not None and all(state.get(f) == key for f in fields):
                op.detach()
                op.erase()
                dropped += 1
            else:
                for f in fields:
                    if key is None:
                        state.pop(f, None)
                    else:
                        state[f] = key
        elif op.regions:
            e = effect(op)
            if isinstance(op, scf.IfOp | scf.IndexSwitchOp):
                entry = state  # (each branch starts from here)
            elif isinstance(op, scf.ForOp | scf.WhileOp):
                entry = {f: k for f, k in state.items() if f not in e.writes}
            else:
                entry = {}
            for region in op.regions:
                for inner in region.blocks:
                    dropped += _drop_redundant(inner, dict(entry))
            _forget(state, e.writes)
        else:
            _forget(state, own_effect(op).writes)
        op = nxt
    return dropped


class DedupStatePass(PlainPass):
    name = "ascendc-dedup-state"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        dedup_state(op)


@dataclass
class Counts:
    hoisted: int = 0
    dead: int = 0
    redundant: int = 0

    @property
    def removed(self) -> int:
        return self.dead + self.redundant


def dedup_state(module: ModuleOp) -> Counts:
    """Run the pass on every function of `module`; what it moved and removed."""
    counts = Counts()
    for f in module.walk():
        if not isinstance(f, func.FuncOp) or not f.body.blocks:
            continue
        while True:
            hoisted = _hoist(f)
            dead = sum(_drop_dead(b) for b in f.body.blocks)
            redundant = sum(_drop_redundant(b, {}) for b in f.body.blocks)
            counts.hoisted += hoisted
            counts.dead += dead
            counts.redundant += redundant
            if not (hoisted or dead or redundant):
                break
    return counts
