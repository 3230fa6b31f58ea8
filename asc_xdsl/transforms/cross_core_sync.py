"""Cube <-> vector synchronisation of mix kernels: the analysis `ascendc-insert-sync`
inserts cross-core flags with and `ascendc-verify-sync` reports from.

**The model.** A mix kernel's function runs on the block's cube core (AIC) and on its two
vector cores (AIVs, Atlas A2/A3's MIX_AIC_1_2), each op on the side that has its unit: M,
MTE1 and FIX ops and copies of L1/L0/BT tensors on the AIC, V ops and copies of UB
tensors on the AIVs, code under `if ascend_is_aic()` / `ascend_is_aiv()` on that side;
a Matmul object's calls are the AIVs' (the library synchronises with its AIC server
inside them); scalar code runs on both. The sides share only GM, so a GM access of one
side that may touch bytes an access of the other side touched earlier in program order,
one of them a write, must wait for it: a *cross-core* dependence. What orders it is a
pair of FFTS flags in mode 2 (the AIC's set gives each AIV of its block a count, both
AIVs' sets give the AIC one): the producer side's `CrossCoreSetFlag<2, pipe>(id)`
fires when its earlier work on `pipe` has completed (and the scalar unit's, when
`pipe` is ordered after it: S, and on the AIVs V, MTE2, MTE3 when the kernel is
compiled with auto-sync, `SCALAR_ORDERED`, the analysis's `auto_sync`; the AIC has no
auto-sync; other sets after a scalar access need PipeBarrier<PIPE_ALL>), and the
consumer side's `CrossCoreWaitFlag(id)` holds every pipe of it until then (on A2/A3
the wait's mode and pipe do not matter: it blocks the core; Ascend 950 holds the pipe
it names, so an inserted wait names the pipe of the access it is for,
and a 950 wait on pipe P orders the side's later accesses on P, and scalar ones after
V/MTE2/MTE3, only: `XState.held`, as the race checker; mode-1 waits between the AIVs
likewise; an intra-core SetFlag<P_Q>/WaitFlag<P_Q> after it hands the order on to Q,
`hand_on`).
On Ascend 950 a set or wait on a pipe its core lacks is compiled to nothing (the AIV
has S, V, MTE2, MTE3; the AIC S, MTE1, MTE2, FIX, M): a set there goes on the side's
default pipe after PipeBarrier<PIPE_ALL>, and a wait for a scalar access, for accesses
on several pipes or on a pipe the core lacks names PIPE_S (the header's default).
Mode 2 stays the mode on 950 too: each pair is between the AIC and *both* AIVs, which
the analysis does not tell apart; mode 4 (the AIC with one AIV) would need two sets
and two waits on the AIC for the same order. Hand-written mode-4 flags have their own
ids and counters (they take no mode-2 id) and order what they cover: the AIC's set of
id j (0-15 to AIV0, 16-31 to AIV1) and the AIVs' waits of id i, where the AIC set both
i and i + 16, order the AIC's work before both AIVs'; the AIVs' sets of id i and the
AIC's waits of i (AIV0's) and i + 16 (AIV1's) the other way (`XState.halves`). A pair
that orders only one AIV orders nothing here (the analysis does not tell them apart).

**Where a pair goes.** Both halves at the same point of the program: right before the
later op, or, when that op is under a side's `if`, before the outermost such `if` (the
*anchor*: the op of a block both sides run). Each side then sets and waits the flag the
same number of times whatever the loops and branches around (both sides take them
alike), so no count is left over and no wait starves, and a dependence from an earlier
iteration of a loop is ordered at the point in the next one. The two branches of one
`if ascend_is_aic() ... else ...` run at once on different cores: a dependence between
them is fine when the kernel's own flags order it (either way: `hand_ordered`; mode 2,
and 950's mode 4 with both AIVs' counts or a mode-1 hand-off between the AIVs),
else no pair at the anchor can order it and the pass warns, located (write the sides as
two `if`s). One pair covers everything
the producer side did before it: a set on the one pipe its pending accesses were made
on, or, when they were made on several, after `PipeBarrier<PIPE_ALL>` on that side.

    scf.for %i = %c0 to %n step %c1 {
      %aic = ascendc.ascend_is_aic : i1
      scf.if %aic { ascendc.fixpipe %ws, %co1, ... }          // the AIC writes ws
      %aiv = ascendc.ascend_is_aiv : i1
      scf.if %aiv { ascendc.data_copy_l2 %ub, %ws, ... }      // the AIVs read it
    }

becomes (the V -> C pair orders the next iteration's Fixpipe after the AIVs' read):

    scf.for %i = %c0 to %n step %c1 {
      scf.if %is_aiv { ascendc.cross_core_set_flag %id1, 2, pipe_mte2 : i32 }
      scf.if %is_aic { ascendc.cross_core_wait_flag %id1, 2, pipe_fix : i32 }
      %aic = ascendc.ascend_is_aic : i1
      scf.if %aic { ascendc.fixpipe %ws, %co1, ... }
      scf.if %is_aic { ascendc.cross_core_set_flag %id0, 2, pipe_fix : i32 }
      scf.if %is_aiv { ascendc.cross_core_wait_flag %id0, 2, pipe_mte2 : i32 }
      %aiv = ascendc.ascend_is_aiv : i1
      scf.if %aiv { ascendc.data_copy_l2 %ub, %ws, ... }
    }

**Flag ids.** One id per (producer side, pipe): a core's sets on one pipe fire in
order, so a wait that takes a count of a later set of the same id still finds the
earlier one done; sets on different pipes may fire out of order (the headers' note), so
they never share an id. Ids are 0-15 (mode 0-2); the lowest free one is taken, skipping
the ids the kernel's own cross-core flags use (`ffts_cross_core_sync`'s too), 0-7 and
15 when it has a Matmul object (the library's 0 .. 2N-1 for up to 4 objects; the cube's
start message) and 11-14 when it uses the hardware SyncAll (which uses those). Hand-written mode-2 flags count: a dependence they order gets
nothing, and so does one a `SyncAll` of all cores orders.

**AIV <-> AIV** (mode 1). The AIVs are one side above; an access of one AIV that may
touch GM the other AIV touched before (one a write) needs a mode-1 pair, the AIVs'
`CrossCoreSetFlag<1, pipe>(id)` and `CrossCoreWaitFlag<1>(id)` together (`peer`),
right before the op or before the outermost loop or branch around it the AIVs may not
run alike (`peer_point`); offsets compared as `peer_overlap` says. A hand-written
mode-1 pair, a SyncAll, and a mode-2 round trip through the AIC order it, the kernel's
own or one insert-sync made (a V -> C pair and a later C -> V one whose waits hold the
whole core: `relayed`).

Overlap of GM accesses: same kernel parameter and element offsets that may meet, where
an offset counts only when it is built from the kernel's parameters and loop indices
(values both sides have alike); an offset from GetBlockIdx, GetSubBlockIdx or another
value a core computes for itself may be anything. A GetValue/SetValue/operator()
access is the one element it touches: the tensor's offset plus the index (`_element`).

A hand-written mode-2 set covers its pipe's accesses, the scalar ones when the pipe is
ordered after S (`covers`), and every access of its side before a `PipeBarrier<PIPE_ALL>` there; a `SyncAll` of every core
orders everything (one of the AIVs only does not order the AIC).

**Auto-sync** (`CrossCoreAnalysis(auto_sync=...)`, insert-sync's and verify-sync's
option `auto_sync`, from the kernel's compile option of that name): the AIVs' scalar
unit is ordered with V, MTE2 and MTE3 only when the kernel is compiled with bisheng's
auto-sync (the default), as the race checker models it. Compiled with `auto_sync=False`,
a set on V/MTE2/MTE3 does not cover the AIV's earlier scalar GM accesses (a
`SetValue` before the set needs `PipeBarrier<PIPE_ALL>` first) and an Ascend 950 wait
that held V/MTE2/MTE3 does not order the AIV's later scalar ones; nothing changes on
the AIC, which is never auto-synced.

Between blocks (`insert_block_sync`, insert-sync's `sync_blocks` option): a `SyncAll`
before the first op whose GM accesses may meet what another block's earlier ops wrote
(or read, when it writes), offsets compared as `c * GetBlockIdx() + loop indices`
(`blocks_may_overlap`); at a kernel's top level and inside the loops and branches every
block runs alike (a loop's body also against what its previous iteration left).

A loop that only hands data one way (the AIC writes a new tile each iteration, the AIVs
read it) would let the producer run ahead, and the hardware counts up to 15 sets per id:
such a loop gets a credit the other way before its first pair (`_add_credits`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field, replace

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IntegerAttr, StringAttr, i32
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR
from asc_xdsl.enums import HardEvent, Pipe
from asc_xdsl.soc import ASCEND_950, CORE_PIPES
from asc_xdsl.transforms.diagnostics import PassDiagnostics, fail
from asc_xdsl.transforms.hardware import PIPES, core_of_buffer, core_of_pipe, op_pipe
from asc_xdsl.transforms.memory import (
    ALL,
    Access,
    MemoryMap,
    accesses,
    carries_memory,
    element_type,
)
from asc_xdsl.transforms.offsets import Linear, linear, loops_around, may_overlap
from asc_xdsl.transforms.sync_analysis import (
    BARRIER_PIPE,
    MAX_ROUNDS,
    PIPE_BARRIER,
    PIPE_OF,
    SET_FLAG,
    WAIT_FLAG,
    SyncAnalysis,
    auto_synced,
    constant_int,
    event_between,
    flag_key,
)

CUBE, VECTOR = "cube", "vector"
PEER = "peer"
"""`XState.pending`'s key for the vector side's accesses the *other* AIV of the AI Core
has not seen complete (AIV <-> AIV, mode 1)."""
OTHER = {CUBE: VECTOR, VECTOR: CUBE}
CORE = {CUBE: "AIC", VECTOR: "AIV"}
GUARDS = {"ascendc.ascend_is_aic": CUBE, "ascendc.ascend_is_aiv": VECTOR}
GUARD_OF = {v: k for k, v in GUARDS.items()}
SET, WAIT = "ascendc.cross_core_set_flag", "ascendc.cross_core_wait_flag"
SYNC_ALL_HARD, SYNC_ALL_SOFT = "ascendc.sync_all_hard", "ascendc.sync_all_soft"
MODE = 2
"""The mode between the AIC and the AIVs of one block."""
MODE1 = 1
"""The mode between the two AIVs of one block."""
MODE4 = 4
"""Ascend 950's mode between the AIC and one AIV of its block (hand-written only)."""
FLAG_IDS = range(16)
"""Flag ids of modes 0-2 (a counter each, per core)."""
SYNC_ALL_IDS = frozenset(range(11, 15))
"""The ids the hardware SyncAll uses."""
MATMUL_IDS = frozenset({*range(8), 15})
"""The ids a Matmul object's kernel may use: the library's 0 .. 2N-1 (at most 4
objects), and 15, the cube's start message (`ffts_cross_core_sync(PIPE_MTE3, 0xf21)`,
legalize-kernel-args)."""
FFTS = "ascendc.ffts_cross_core_sync"
MATMUL_OPS = ("ascendc.matmul.", "ascendc.regist_matmul_obj")
FLAG_PIPES = frozenset({"V", "M", "MTE1", "MTE2", "MTE3", "FIX"})
"""The pipes a mode 0-2 CrossCoreSetFlag/WaitFlag may name (not S, not ALL)."""
DEFAULT_SET_PIPE = {CUBE: "FIX", VECTOR: "MTE3"}
"""The pipe a set goes on after PipeBarrier<PIPE_ALL> (or for scalar accesses only)."""
SCALAR_ORDERED = frozenset({"S", "V", "MTE2", "MTE3"})
"""The pipes whose CrossCoreSetFlag covers the AIVs' earlier scalar accesses: S itself
(in order), and V, MTE2, MTE3, which bisheng's auto-sync (the default compile option
`auto_sync`) orders after S on the AIV (`sync_analysis.auto_synced`), as the race
checker does; compiled with `auto_sync=False`, S alone (`scalar_ordered`). A
set on FIX, M or MTE1 does not: a scalar store is not complete when the scalar unit
issues the set (the Matmul server orders its scalar GM messages with SetFlag<S_MTE3>
before its NotifyEvent<PIPE_MTE3>), and no S -> FIX/M/MTE1 event exists, so insert-sync
puts PipeBarrier<PIPE_ALL> first. On the AIC, which has no auto-sync, only a set on S
covers them."""


SCALAR_ONLY = frozenset({"S"})
"""`scalar_ordered` where no auto-sync orders: the AIC, and the AIVs of a kernel
compiled with `auto_sync=False`."""


def scalar_ordered(side: str, auto_sync: bool = True) -> frozenset[str]:
    """The pipes after which `side`'s scalar unit is ordered, and which are ordered
    after it, in a kernel compiled with `auto_sync` or not (the compile option, on by
    default): `SCALAR_ORDERED` where auto-sync orders (the AIVs, with `auto_sync`),
    else S alone (the AIC always)."""
    core = CORE[VECTOR if side == PEER else side]
    return SCALAR_ORDERED if auto_sync and auto_synced(core, "mix") else SCALAR_ONLY


def covers(set_pipe: str | None, acc_pipe: str, side: str, auto_sync: bool) -> bool:
    """Whether a set on `set_pipe` covers an earlier access of `side` (its side) on
    `acc_pipe` (None: after PipeBarrier<PIPE_ALL>, which covers everything), in a
    kernel compiled with `auto_sync` or not (`scalar_ordered`)."""
    if set_pipe is None:
        return True
    return acc_pipe == set_pipe or (acc_pipe == "S" and set_pipe in scalar_ordered(side, auto_sync))


@dataclass(frozen=True)
class XAccess:
    """A GM access and the side that makes it."""

    side: str
    acc: Access


@dataclass(frozen=True)
class Handoff:
    """CrossCoreSetFlag on `src` (after PipeBarrier<PIPE_ALL> there if `barrier`) and
    CrossCoreWaitFlag on the other side, before an anchor. The wait names the pipe of
    the access that needs it (`wait_pipe`; None: the set's): Atlas A2/A3 ignore it
    and hold the whole core, Ascend 950 holds that pipe."""

    src: str
    pipe: str
    barrier: bool
    wait_pipe: str | None = None

    @property
    def dst(self) -> str:
        return OTHER.get(self.src, self.src)  # (PEER: the other AIV)

    @property
    def core(self) -> str:
        """The side that sets (PEER: the AIVs)."""
        return VECTOR if self.src == PEER else self.src


@dataclass(frozen=True)
class CrossRace:
    source: XAccess
    sink: XAccess
    same_anchor: bool  # made under the same anchor: no pair before it orders them
    peer: bool = False  # between the two AIVs of an AI Core (mode 1)
    held: str | None = None
    """A pipe whose Ascend 950 wait ordered the source for the sink's core, but not for
    the sink's pipe (an intra-core sync from it would do)."""


@dataclass
class XState:
    pending: dict[str, frozenset[XAccess]] = field(
        default_factory=lambda: {CUBE: frozenset(), VECTOR: frozenset(), PEER: frozenset()}
    )
    """Side -> the other side's GM accesses not known complete before its next op (PEER:
    the vector side's, for the other AIV)."""
    flags: dict[tuple[str, Hashable], frozenset[XAccess]] = field(default_factory=dict)
    """(setting side, id) -> what its hand-written mode-2 set covers, until waited."""
    complete: frozenset[XAccess] = frozenset()
    """Accesses a PipeBarrier<PIPE_ALL> on their side has completed (a later set of that
    side on any pipe covers them)."""
    halves: tuple[frozenset[XAccess], frozenset[XAccess]] = (frozenset(), frozenset())
    """The vector side's accesses the AIC has waited for from AIV0 and from AIV1 alone
    (mode 4); an access in both is ordered for the AIC."""
    relay: frozenset[XAccess] = frozenset()
    """The vector side's accesses the AIC has waited for (mode 2, both AIVs'): its later
    mode-2 set hands them on, so each AIV then knows the other's complete."""

    held: dict[tuple[str, XAccess], frozenset[str]] = field(default_factory=dict)
    """(side, access of the other side) -> the pipes of `side` an Ascend 950 wait that
    held only its pipe has ordered it for (not in `pending`: ordered for those pipes,
    and S after V/MTE2/MTE3, `held_orders`; the side's other pipes still wait for it)."""
    handed: dict[tuple[str, Hashable], frozenset[tuple[str, XAccess]]] = field(default_factory=dict)
    """(side, intra-core flag) -> the `held` entries a SetFlag<X_Y> of that side took
    on (X knew them ordered): its WaitFlag orders them for Y too."""

    def copy(self) -> XState:
        return XState(
            dict(self.pending),
            dict(self.flags),
            self.complete,
            self.halves,
            self.relay,
            dict(self.held),
            dict(self.handed),
        )

    def unordered(
        self, side: str, pipe: str | None = None, auto_sync: bool = True
    ) -> frozenset[XAccess]:
        """What `side`'s next access on `pipe` must wait for (None: on some pipe), in a
        kernel compiled with `auto_sync` or not (`held_orders`)."""
        if not self.held:
            return self.pending[side]
        return self.pending[side] | frozenset(
            a
            for (d, a), pipes in self.held.items()
            if d == side
            and (pipe is None or not any(held_orders(p, pipe, side, auto_sync) for p in pipes))
        )

    def order(self, side: str, covered: frozenset[XAccess], pipe: str | None) -> None:
        """A wait of `side` for `covered`: holding every pipe (`pipe` None), or only
        `pipe` (Ascend 950)."""
        self.pending[side] = self.pending[side] - covered
        for a in covered:
            if pipe is None:
                self.held.pop((side, a), None)
            else:
                self.held[side, a] = self.held.get((side, a), frozenset()) | {pipe}

    def merge(self, other: XState) -> XState:
        flags = dict(self.flags)
        for k, v in other.flags.items():
            flags[k] = flags.get(k, frozenset()) | v
        pending = {s: self.pending[s] | other.pending[s] for s in self.pending}
        halves = (self.halves[0] & other.halves[0], self.halves[1] & other.halves[1])
        complete, relay = self.complete & other.complete, self.relay & other.relay
        held = dict(self.held)
        for k, v in other.held.items():
            held[k] = held[k] & v if k in held else v
        handed = {k: v & other.handed[k] for k, v in self.handed.items() if k in other.handed}
        return XState(pending, flags, complete, halves, relay, held, handed)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, XState)
            and self.pending == other.pending
            and self.flags == other.flags
            and self.complete == other.complete
            and self.halves == other.halves
            and self.relay == other.relay
            and self.held == other.held
            and self.handed == other.handed
        )


def held_orders(held: str, pipe: str, side: str, auto_sync: bool) -> bool:
    """Whether a wait that held pipe `held` on `side` orders the side's later access on
    `pipe`: the same pipe, or the AIV's scalar unit after V/MTE2/MTE3 in a kernel
    compiled with `auto_sync` (as the race checker's `always`)."""
    return pipe == held or (pipe == "S" and held in scalar_ordered(side, auto_sync))


def _merged(a: Handoff, b: Handoff) -> Handoff:
    """One pair from a side that orders what both would (a barrier when their pipes
    differ)."""
    if a.barrier or a == b:
        return a
    if a.wait_pipe != b.wait_pipe:  # (a wait on S holds what either would)
        a = replace(a, wait_pipe=None)
    if b.barrier or a.pipe != b.pipe:
        return replace(a, pipe=DEFAULT_SET_PIPE[a.core], barrier=True)
    return a


class _Conflict(Exception):
    def __init__(self, race: CrossRace):
        self.race = race


# ---------------------------------------------------------------------------
# Sides
# ---------------------------------------------------------------------------


def guard_side(op: Operation) -> str | None:
    """The side an `scf.if` on ascend_is_aic/aiv runs its then-region on."""
    if isinstance(op, scf.IfOp) and isinstance(op.cond.owner, Operation):
        return GUARDS.get(op.cond.owner.name)
    return None


def own_side(op: Operation, memory: MemoryMap) -> str | None:
    """The side an op runs on by its unit (None: both, as scalar code)."""
    if not op.name.startswith("ascendc."):
        return None  # arith, scf, func, emitasc: scalar code
    if op.name.startswith(MATMUL_OPS):
        return VECTOR  # the library's client calls (served by the AIC inside them)
    side = core_of_pipe(op_pipe(op))
    if side is not None:
        return side
    if not any(carries_memory(v.type) for v in op.operands):
        return None
    for a in accesses(op, memory):
        side = core_of_buffer(a.loc.space)
        if side is not None:
            return side
    return None


def _regions_sides(op: Operation, side: str | None) -> Iterator[tuple[Block, str | None]]:
    guard = guard_side(op)
    for i, region in enumerate(op.regions):
        inner = side
        if guard is not None:
            inner = guard if i == 0 else OTHER[guard]
        for block in region.blocks:
            yield block, inner


def op_sides(function: func.FuncOp, memory: MemoryMap) -> dict[Operation, str | None]:
    """Each op's side: its guard's, else its unit's (None: both sides run it)."""
    out: dict[Operation, str | None] = {}

    def visit(block: Block, side: str | None) -> None:
        for op in block.ops:
            out[op] = side if side is not None else own_side(op, memory)
            for inner, s in _regions_sides(op, side):
                visit(inner, s)

    if function.body.blocks:
        visit(function.body.block, None)
    return out


def is_split(function: func.FuncOp) -> bool:
    """Whether the kernel runs on separate cube and vector cores (not on 310P)."""
    module = function.parent_op()
    while module is not None and "ascendc.soc" not in module.attributes:
        module = module.parent_op()
    soc = module.attributes.get("ascendc.soc") if module is not None else None
    return not (isinstance(soc, StringAttr) and soc.data.startswith("Ascend310P"))


# ---------------------------------------------------------------------------
# The analysis
# ---------------------------------------------------------------------------


def _uniform(offset) -> bool:
    """An offset both sides compute alike: from parameters and loop indices only."""
    return offset is not None and all(isinstance(v, BlockArgument) for v in offset.coeffs())


class CrossCoreAnalysis:
    """Cross-core dependences of one function (see the module docstring). With
    `fix=True`, `plans` holds the handoffs to insert before each anchor; otherwise
    `races` holds the unordered pairs."""

    condition = SyncAnalysis.condition  # branches on induction variables, as intra-core

    def __init__(self, function: func.FuncOp, fix: bool = False, auto_sync: bool = True):
        self.function = function
        self.fix = fix
        self.auto_sync = auto_sync
        """The kernel is compiled with bisheng's auto-sync (the compile option, on by
        default): the AIVs' scalar unit is ordered with V/MTE2/MTE3 (`scalar_ordered`)."""
        self.memory = MemoryMap(function)
        self.sides = op_sides(function, self.memory)
        self.order = {op: i for i, op in enumerate(function.walk())}
        self.plans: dict[Operation, list[Handoff]] = {}
        self.peer_plans: dict[Operation, Handoff] = {}
        self.hand_ons: dict[Operation, set[str]] = {}
        """Ops that must follow an Ascend 950 cross-core wait held on another pipe (the
        pipes P): the intra-core analysis inserts the P -> op pipe sync
        (`SyncAnalysis(held_reads=...)`)."""
        """Mode-1 pairs (the AIVs' set and wait) to insert before an op (`peer_point`)."""
        self.races: dict[Operation, list[CrossRace]] = {}
        self.facts: dict = {}
        self.reporting = True
        self.current_anchor: Operation | None = None
        self._branch_events: dict[Operation, tuple] = {}
        self._acc: dict[Operation, list[XAccess]] = {}
        self._loops: dict[Operation, list[Operation]] = {}
        self.pipes = _side_pipes(function)  # Ascend 950: each side's pipes, else None
        present = {s for s in self.sides.values() if s is not None}
        self.mix = bool(function.body.blocks) and is_split(function) and present == {CUBE, VECTOR}
        if self.mix:
            self.block(function.body.block, XState(), None)

    # -- accesses ----------------------------------------------------------------------

    def gm_accesses(self, op: Operation, side: str | None) -> list[XAccess]:
        if op not in self._acc:
            acc = [_element(a) for a in accesses(op, self.memory) if a.loc.space == "GM"]
            sides = [side] if side is not None else [CUBE, VECTOR]
            self._acc[op] = [XAccess(s, a) for a in acc for s in sides]
        return self._acc[op]

    def _loops_of(self, op: Operation) -> list[Operation]:
        if op not in self._loops:
            self._loops[op] = loops_around(op)
        return self._loops[op]

    def overlap(self, a: Access, b: Access) -> bool:
        if not a.loc.may_alias(b.loc):
            return False
        la, lb = a.loc, b.loc
        if (
            la.root is None
            or la.elem != lb.elem
            or not (_uniform(la.offset) and _uniform(lb.offset))
        ):
            return True
        inner = set(self._loops_of(b.op))
        common = [lp for lp in self._loops_of(a.op) if lp in inner]
        first = self.order[a.op] < self.order[b.op]
        return may_overlap(la.offset, a.extent, lb.offset, b.extent, common, first)

    def conflicts(self, pending: frozenset[XAccess], new: list[XAccess]) -> list[CrossRace]:
        return [
            CrossRace(p, n, False)
            for n in new
            for p in pending
            if p.side != n.side and (p.acc.write or n.acc.write) and self.overlap(p.acc, n.acc)
        ]

    # -- the walk ----------------------------------------------------------------------

    def block(self, block: Block, state: XState, side: str | None, entry=None) -> XState:
        for op in block.ops:
            state = self.op(op, state, side, entry)
        return state

    def op(self, op: Operation, state: XState, side: str | None, entry) -> XState:
        """`entry`: inside an anchor, the state before it (None: `op` is not under a
        side's `if`)."""
        if side is None and entry is None and (guard_side(op) is not None or not op.regions):
            return self.anchor(op, state)
        if isinstance(op, scf.ForOp) and (constant_int(op.step) or 0) > 0:
            return self.peeled_loop(op, state, side, entry)
        if isinstance(op, scf.ForOp):
            return self.loop(op.body.block, None, state, side, entry)
        if isinstance(op, scf.WhileOp):
            return self.loop(op.after_region.block, op.before_region.block, state, side, entry)
        if op.regions:
            return self.branches(op, state, side, entry)
        return self.leaf(op, state, side, entry)

    def anchor(self, op: Operation, entry: XState) -> XState:
        """An op both sides reach: resolve what its accesses need by pairs before it."""
        handoffs: list[Handoff] = []
        start = entry.copy()
        while True:
            peer_plans = dict(self.peer_plans)
            hand_ons = {k: set(v) for k, v in self.hand_ons.items()}
            try:
                out = self.inside(op, start.copy(), start)
                break
            except _Conflict as c:
                # (the mode-1 pairs this attempt planned may be ordered by the pair
                # it lacked: the AIC relays the AIVs' work, `relay`)
                self.peer_plans, self.hand_ons = peer_plans, hand_ons
                race = c.race
                dst = race.sink.side
                h, covered = self.handoff(op, start.unordered(dst), dst)
                if race.sink.acc.pipe in FLAG_PIPES:
                    h = replace(h, wait_pipe=race.sink.acc.pipe)
                handoffs.append(h)
                held = self.held_pipe(dst, h.wait_pipe)
                start.order(dst, covered, held)
                self.relayed(start, dst, covered, held)
        if self.reporting and self.fix:
            have = self.plans.setdefault(op, [])
            for h in handoffs:  # each iteration analysed may need one: one pair a side
                k = next((i for i, g in enumerate(have) if g.src == h.src), None)
                if k is None:
                    have.append(h)
                else:
                    have[k] = _merged(have[k], h)
        return out

    @staticmethod
    def relayed(state: XState, dst: str, covered: frozenset[XAccess], held: str | None) -> None:
        """An inserted mode-2 pair to `dst` as a round trip through the AIC, like the
        kernel's own (`sync`): the AIC's wait for both AIVs' sets (`covered`) lets its
        later sets hand their work on (`XState.relay`), and the AIVs' wait for the AIC's
        set orders each AIV after what the AIC relays of the other (no mode-1 pair
        needed). Only for waits that hold the whole core (`held` None: A2/A3, PIPE_S):
        one that held a pipe (Ascend 950) orders the rest of its core for nothing."""
        if held is not None:
            return
        if dst == CUBE:
            state.relay = state.relay | frozenset(a for a in covered if a.side == VECTOR)
        else:
            state.order(PEER, state.relay, None)

    def held_pipe(self, side: str, pipe: str | None) -> str | None:
        """The one pipe a CrossCoreWaitFlag on `pipe` holds on `side` (None: the whole
        core: Atlas A2/A3, PIPE_S, or a pipe the side lacks, which an inserted wait
        replaces by PIPE_S)."""
        if self.pipes is None or pipe is None or pipe == "S" or pipe not in self.pipes[side]:
            return None
        return pipe

    def held_only(self, state: XState, key: str, race: CrossRace) -> CrossRace:
        """`race` with the pipe (`held`) of the 950 wait that ordered its source for
        `key`'s core on another pipe only, when that is all that orders it."""
        pipes = () if race.source in state.pending[key] else state.held.get((key, race.source))
        if not pipes:
            return race
        q = race.sink.acc.pipe
        best = min(pipes, key=lambda p: (event_between(p, q) is None, PIPES.index(p)))
        return replace(race, held=best)

    def hand_on_race(self, op: Operation, state: XState, key: str, race: CrossRace) -> bool:
        """With `fix`: order a race whose source a held wait ordered on another pipe by
        an intra-core sync from that pipe (`hand_ons`; `state` updated); whether it
        does."""
        race = self.held_only(state, key, race)
        if race.held is None:
            return False
        q, k = race.sink.acc.pipe, (key, race.source)
        if q in (ALL, "S"):
            del state.held[k]  # (a barrier of every pipe, or a wait on S, orders it)
        else:
            state.held[k] = state.held[k] | {q}
        if self.reporting:
            self.hand_ons.setdefault(op, set()).add(race.held)
        return True

    # -- the two branches of one `if ascend_is_aic() ... else ...` ------------------------

    def _events(self, region) -> list[tuple] | None:
        """What a branch does in order: ("acc", op), ("set", mode, id, pipe), ("wait",
        mode, id, pipe) for cross-core flags of modes 1, 2 and 4, ("all",) for
        PipeBarrier<PIPE_ALL>; None when a loop makes the order unclear."""
        out: list[tuple] = []
        for o in region.walk():
            if isinstance(o, scf.ForOp | scf.WhileOp):
                return None
            if o.name in (SET, WAIT):
                mode = o.properties["modeId"]
                mode = mode.value.data if isinstance(mode, IntegerAttr) else None
                if mode in (MODE1, MODE, MODE4):
                    fid = constant_int(o.operands[0])
                    pipe = PIPE_OF.get(Pipe(o.properties["pipe"].value.data))  # type: ignore[union-attr]
                    out.append(("set" if o.name == SET else "wait", mode, fid, pipe))
            elif o.name == PIPE_BARRIER and PIPE_OF.get(o.pipe_value) == ALL:  # type: ignore[attr-defined]
                out.append(("all",))
            elif not o.regions:
                out.append(("acc", o))
        return out

    def _issued(self, side: str, pipe: str | None) -> bool:
        """Whether a cross-core call on `pipe` runs on `side` (Ascend 950 compiles one
        on a pipe the core lacks to nothing)."""
        return self.pipes is None or pipe in self.pipes[side]

    def _nth(self, events: list[tuple], kind: str, mode: int, fid: int, side: str) -> list[int]:
        """The indices of `side`'s `kind` calls of (mode, fid) in `events`, in order."""
        return [
            i
            for i, e in enumerate(events)
            if e[0] == kind and e[1] == mode and e[2] == fid and self._issued(side, e[3])
        ]

    def _held_for(self, wait: tuple, pipe: str, side: str) -> bool:
        """Does a wait of `side` order its later access on `pipe` (a 950 wait holds its
        pipe only, `held_orders`)?"""
        held = self.held_pipe(side, wait[3])
        return held is None or held_orders(held, pipe, side, self.auto_sync)

    def _covering(self, events: list[tuple], lo: int, j: int, pipe: str, side: str) -> bool:
        """Does the set at `events[j]` cover an access of `side` on `pipe` at `lo`: on
        its pipe, or after a PipeBarrier<PIPE_ALL> between them?"""
        barrier = any(e[0] == "all" for e in events[lo + 1 : j])
        return barrier or covers(events[j][3], pipe, side, self.auto_sync)

    def _before(
        self, first: list[tuple], second: list[tuple], a: Access, b: Access, side: str
    ) -> bool:
        """Does a hand-written pair order `a` (in branch `first`, on `side`) before `b`
        (in `second`, the other side's): a set after `a` covering it whose matching
        waits (the same ids, the same count of them) come before `b` and hold its pipe?
        Mode 2 (the AIC with both AIVs); Ascend 950's mode 4, where the AIC's id j is
        AIV(j // 16)'s j % 16: both AIVs' counts are needed, or one AIV's when a mode-1
        pair of the AIVs between `a` and its set hands the other's work to it."""
        ia = next((i for i, e in enumerate(first) if e == ("acc", a.op)), None)
        ib = next((i for i, e in enumerate(second) if e == ("acc", b.op)), None)
        if ia is None or ib is None:
            return False
        other = OTHER[side]

        def waited(mode: int, fid: int, n: int) -> bool:  # the n-th wait, before b
            waits = self._nth(second, "wait", mode, fid, other)
            return (
                n < len(waits) and waits[n] < ib and self._held_for(second[waits[n]], b.pipe, other)
            )

        for j in range(ia + 1, len(first)):
            e = first[j]
            mode, fid = e[1:3] if e[0] == "set" else (None, None)
            if mode not in (MODE, MODE4) or fid is None or not self._issued(side, e[3]):
                continue
            if not self._covering(first, ia, j, a.pipe, side):
                continue
            n = self._nth(first, "set", mode, fid, side).index(j)
            if mode == MODE:
                ordered = waited(MODE, fid, n)
            elif self.pipes is None:
                ordered = False  # (mode 4 is Ascend 950's)
            elif side == VECTOR:  # the AIVs' id fid: AIV0's is the AIC's fid, AIV1's fid + 16
                got = [waited(MODE4, fid, n), waited(MODE4, fid + 16, n)]
                ordered = all(got) or (any(got) and self._peer_handed(first, ia, j, a))
            else:  # the AIC's ids fid (AIV0's) and fid + 16 (AIV1's), each set after `a`
                pair = self._nth(first, "set", MODE4, fid + 16, side) if fid < 16 else []
                ordered = (
                    n < len(pair)
                    and pair[n] > ia
                    and self._covering(first, ia, pair[n], a.pipe, side)
                    and waited(MODE4, fid, n)
                )
            if ordered:
                return True
        return False

    def _peer_handed(self, first: list[tuple], ia: int, j: int, a: Access) -> bool:
        """In the AIVs' branch, a mode-1 pair between `a` and the set at `j`: a set
        covering `a` and its wait (the same count), which the set at `j` comes after on
        a pipe the wait held (so each AIV's set at `j` covers the other's `a` too)."""
        for k in range(ia + 1, j):
            e = first[k]
            if e[0] != "set" or e[1] != MODE1 or e[2] is None or not self._issued(VECTOR, e[3]):
                continue
            if not self._covering(first, ia, k, a.pipe, VECTOR):
                continue
            n = self._nth(first, "set", MODE1, e[2], VECTOR).index(k)
            waits = self._nth(first, "wait", MODE1, e[2], VECTOR)
            if n < len(waits) and k < waits[n] < j:
                w = waits[n]
                if self._held_for(first[w], first[j][3], VECTOR) or any(
                    x[0] == "all" for x in first[w + 1 : j]
                ):
                    return True
        return False

    def hand_ordered(self, race: CrossRace) -> bool:
        """Whether the kernel's own flags order a pair made in the two branches of the
        anchor (an `if` on the core's kind), in either direction: the branches run on
        different cores at once, and their flags say which goes first."""
        anchor = self.current_anchor
        if anchor is None or guard_side(anchor) is None or len(anchor.regions) < 2:
            return False
        if anchor not in self._branch_events:
            self._branch_events[anchor] = tuple(self._events(r) for r in anchor.regions[:2])
        then, other = self._branch_events[anchor]
        if then is None or other is None:
            return False
        src, dst = race.source.acc, race.sink.acc
        in_then = anchor.regions[0].is_ancestor(src.op)
        first, second = (then, other) if in_then else (other, then)
        return self._before(first, second, src, dst, race.source.side) or self._before(
            second, first, dst, src, race.sink.side
        )

    def inside(self, op: Operation, state: XState, entry: XState) -> XState:
        side = guard_side(op)
        self.current_anchor = op
        try:
            if side is None:
                return self.leaf(op, state, None, entry)
            return self.branches(op, state, None, entry)
        finally:
            self.current_anchor = None

    def handoff(
        self, anchor: Operation, pending: frozenset[XAccess], dst: str
    ) -> tuple[Handoff, frozenset[XAccess]]:
        """The pair before `anchor` that orders every pending access its `dst`-side
        accesses depend on, and what it orders: a set on the one pipe they were made
        on (it orders that pipe's and the scalar's), else after PIPE_ALL (everything)."""
        src = OTHER[dst]
        mine = [
            a
            for o in anchor.walk()
            for a in self.gm_accesses(o, self.sides.get(o))
            if a.side == dst and o.name not in (SET, WAIT)
        ]
        needed = {p for p in pending if self.conflicts(frozenset({p}), mine)}
        return _pair(src, src, needed, pending, self.auto_sync)

    def branches(self, op: Operation, state: XState, side: str | None, entry) -> XState:
        if guard_side(op) is not None:
            # Each side runs its own region, always: one after the other, as written
            # (what the then-region's side does is not skipped on the other's path).
            for block, inner in _regions_sides(op, side):
                state = self.block(block, state, inner, entry)
            return state
        known = self.condition(op.cond) if isinstance(op, scf.IfOp) else None
        out: XState | None = None
        for i, (block, inner) in enumerate(_regions_sides(op, side)):
            if known is (i == 1):
                continue
            s = self.block(block, state.copy(), inner, entry)
            out = s if out is None else out.merge(s)
        if out is None:
            return state
        if isinstance(op, scf.IfOp) and not op.false_region.blocks and known is None:
            out = out.merge(state)
        return out

    def loop(self, body: Block, before: Block | None, entry_state: XState, side, entry) -> XState:
        reporting, self.reporting = self.reporting, False
        head = entry_state
        try:
            for _ in range(MAX_ROUNDS):
                s = self.block(before, head.copy(), side, entry) if before is not None else head
                new = head.merge(self.block(body, s.copy(), side, entry))
                if new == head:
                    break
                head = new
            else:
                raise RuntimeError("cross-core analysis: a loop's state did not settle")
        finally:
            self.reporting = reporting
        s = self.block(before, head.copy(), side, entry) if before is not None else head
        self.block(body, s.copy(), side, entry)
        return s if before is not None else head

    def peeled_loop(self, loop: scf.ForOp, entry_state: XState, side, entry) -> XState:
        """First, middle and last iterations apart (as `SyncAnalysis.peeled_loop`), so
        hand-written flags under `if i > 0` / `if i + 1 < n` count where they run."""
        body = loop.body.block
        iv = body.args[0]
        step = constant_int(loop.step)

        def iteration(state: XState, where: str) -> XState:
            self.facts[iv] = (where, loop, step)
            try:
                return self.block(body, state.copy(), side, entry)
            finally:
                del self.facts[iv]

        only = iteration(entry_state, "only")
        head = iteration(entry_state, "first")
        reporting, self.reporting = self.reporting, False
        try:
            for _ in range(MAX_ROUNDS):
                new = head.merge(iteration(head, "middle"))
                if new == head:
                    break
                head = new
            else:
                raise RuntimeError("cross-core analysis: a loop's state did not settle")
        finally:
            self.reporting = reporting
        iteration(head, "middle")
        last = iteration(head, "last")
        return entry_state.merge(only).merge(last)

    def leaf(self, op: Operation, state: XState, side: str | None, entry) -> XState:
        if op.name in (SET, WAIT, SYNC_ALL_HARD, SYNC_ALL_SOFT):
            return self.sync(op, state, side)
        if op.name in (SET_FLAG, WAIT_FLAG):
            return self.hand_on(op, state, side)
        if op.name == PIPE_BARRIER and PIPE_OF.get(op.pipe_value) == ALL:  # type: ignore[attr-defined]
            sides = {side} if side is not None else {CUBE, VECTOR}
            done = frozenset(a for p in state.pending.values() for a in p if a.side in sides)
            state = state.copy()
            state.complete = state.complete | done
            # the held waits of these sides have passed: their later work is after them
            if VECTOR in sides:
                sides.add(PEER)
            state.held = {k: v for k, v in state.held.items() if k[0] not in sides}
            return state
        own = side if side is not None else self.sides.get(op)
        acc = self.gm_accesses(op, own)
        if not acc:
            return state
        state = state.copy()
        self.peer(op, state, [a for a in acc if a.side == VECTOR])
        for dst in (CUBE, VECTOR):
            mine = [a for a in acc if a.side == dst]
            races = (
                [
                    r
                    for a in mine
                    for r in self.conflicts(state.unordered(dst, a.acc.pipe, self.auto_sync), [a])
                ]
                if mine
                else []
            )
            if entry is not None:  # made under this anchor: no pair before it orders them
                before = entry.unordered(dst)
                races = [CrossRace(r.source, r.sink, r.source not in before) for r in races]
                races = [r for r in races if not (r.same_anchor and self.hand_ordered(r))]
            fixable = [r for r in races if not r.same_anchor]
            if self.fix:
                fixable = [r for r in fixable if not self.hand_on_race(op, state, dst, r)]
            else:
                races = [self.held_only(state, dst, r) for r in races]
            if self.fix and fixable:
                raise _Conflict(min(fixable, key=lambda r: self.order[r.source.acc.op]))
            if self.reporting:
                have = self.races.setdefault(op, [])
                have += [r for r in races if r not in have and (r.same_anchor or not self.fix)]
                if not have:
                    del self.races[op]
        for a in acc:
            dst = OTHER[a.side]
            state.pending[dst] = state.pending[dst] | {a}
            if a.side == VECTOR:
                state.pending[PEER] = state.pending[PEER] | {a}
        state.complete = state.complete - frozenset(acc)  # issued again: not complete
        return state

    def sync(self, op: Operation, state: XState, side: str | None) -> XState:
        state = state.copy()
        if op.name in (SYNC_ALL_HARD, SYNC_ALL_SOFT):
            if "isAIVOnly" not in op.properties:  # a barrier of every core
                state.pending = {k: frozenset() for k in state.pending}
                state.held = {}
            else:  # of the AIVs: orders them among themselves
                state.pending[PEER] = frozenset()
                state.held = {k: v for k, v in state.held.items() if k[0] != PEER}
            return state
        mode = op.properties["modeId"]
        mode = mode.value.data if isinstance(mode, IntegerAttr) else None
        if mode == MODE1:
            return self._mode1(op, state, side)
        if mode not in (MODE, MODE4) or (mode == MODE4 and self.pipes is None):
            return state  # mode 0 orders cores of one kind across AI Cores
        fid = op.operands[0]
        key = constant_int(fid)
        if mode == MODE4 and key is None:
            return state  # (which AIV a run-time mode-4 id names is not known)
        ident: Hashable = ("const", key) if key is not None else fid
        sides = [side] if side is not None else [CUBE, VECTOR]
        pipe = PIPE_OF.get(Pipe(op.properties["pipe"].value.data))  # type: ignore[union-attr]
        for s in sides:
            if self.pipes is not None and pipe not in self.pipes[s]:
                continue  # compiled to nothing on this side (Ascend 950)
            if op.name == SET:
                covered = frozenset(
                    a
                    for a in state.unordered(OTHER[s])
                    if covers(pipe, a.acc.pipe, a.side, self.auto_sync) or a in state.complete
                )
                if mode == MODE and s == CUBE:
                    covered = covered | state.relay  # what the AIC knows of both AIVs
                for k in _mode4_keys(s, key) if mode == MODE4 else [(s, ident)]:
                    state.flags[k] = state.flags.get(k, frozenset()) | covered
            elif mode == MODE:
                covered = state.flags.pop((OTHER[s], ident), None)
                if covered is not None:
                    state.order(s, covered, self.held_pipe(s, pipe))
                    if s == CUBE:
                        state.relay = state.relay | covered
                    else:
                        state.order(PEER, covered, self.held_pipe(s, pipe))
            else:
                self._wait4(state, s, key, self.held_pipe(s, pipe))  # type: ignore[arg-type]
        return state

    @staticmethod
    def _wait4(state: XState, side: str, fid: int, held: str | None) -> None:
        """A mode-4 CrossCoreWaitFlag(fid) on `side`: the AIVs each take their own
        count (AIV0 the AIC's id fid, AIV1 its fid + 16) and are ordered where both
        are; the AIC's id fid orders what AIV fid // 16 set (`XState.halves`)."""
        if side == VECTOR:
            got = [state.flags.pop((CUBE, ("m4", fid + 16 * sub)), None) for sub in (0, 1)]
            if got[0] is not None and got[1] is not None:
                state.order(VECTOR, got[0] & got[1], held)
            return
        got = state.flags.pop((VECTOR, ("m4", fid)), None)
        if got is None:
            return
        halves = list(state.halves)
        halves[fid // 16] = halves[fid // 16] | got
        both = halves[0] & halves[1]
        state.order(CUBE, both, held)
        state.halves = (halves[0] - both, halves[1] - both)

    def hand_on(self, op: Operation, state: XState, side: str | None) -> XState:
        """An intra-core SetFlag<X_Y>/WaitFlag<X_Y> after an Ascend 950 cross-core wait
        that held one pipe: Y learns what X knew the wait ordered (as the race checker's
        held waits reach a pipe that learns the held pipe's later work complete), all
        pipes when Y is S (the scalar unit issues everything)."""
        if op.is_no_op or (op.name == SET_FLAG and not state.held):  # type: ignore[attr-defined]
            return state
        key = flag_key(op)
        event: HardEvent = key[0]
        state = state.copy()
        for s in [side] if side is not None else [CUBE, VECTOR]:
            if op.name == SET_FLAG:
                holders = {s, PEER} if s == VECTOR else {s}
                state.handed[s, key] = frozenset(
                    k
                    for k, pipes in state.held.items()
                    if k[0] in holders
                    and any(held_orders(p, event.src_pipe, s, self.auto_sync) for p in pipes)
                )
                continue
            for k in state.handed.pop((s, key), frozenset()):
                if k not in state.held:
                    continue  # (ordered for every pipe since)
                if event.dst_pipe == "S":
                    del state.held[k]
                else:
                    state.held[k] = state.held[k] | {event.dst_pipe}
        return state

    def _mode1(self, op: Operation, state: XState, side: str | None) -> XState:
        """A mode-1 CrossCoreSetFlag/WaitFlag of the AIVs: the set covers what each AIV
        did on its pipe (and before a PipeBarrier<PIPE_ALL>), the wait orders it
        before the other AIV's later work: all of it (A2/A3, a wait on PIPE_S), or on
        Ascend 950 the work of the pipe it holds (`XState.held`, as for mode 2)."""
        if side == CUBE:
            return state  # (the simulator refuses mode 1 on the AIC)
        pipe = PIPE_OF.get(Pipe(op.properties["pipe"].value.data))  # type: ignore[union-attr]
        if self.pipes is not None and pipe not in self.pipes[VECTOR]:
            return state  # compiled to nothing (Ascend 950)
        key = constant_int(op.operands[0])
        ident: Hashable = ("const", key) if key is not None else op.operands[0]
        if op.name == SET:
            covered = frozenset(
                a
                for a in state.unordered(PEER)
                if covers(pipe, a.acc.pipe, VECTOR, self.auto_sync) or a in state.complete
            )
            k = (PEER, ident)
            state.flags[k] = state.flags.get(k, frozenset()) | covered
        else:
            covered = state.flags.pop((PEER, ident), None)
            if covered is not None:
                state.order(PEER, covered, self.held_pipe(VECTOR, pipe))
        return state

    # -- AIV <-> AIV -----------------------------------------------------------------------

    def peer(self, op: Operation, state: XState, mine: list[XAccess]) -> None:
        """`op`'s vector-side accesses against what the other AIV did before (`state`
        updated): with `fix`, a mode-1 pair at `peer_point(op)`, else a race. (On
        Ascend 950 a mode-1 wait orders only its pipe's later work: `unordered`.)"""
        if not mine or not (state.pending[PEER] or state.held):
            return
        races = [
            CrossRace(p, n, False, True)
            for n in mine
            for p in state.unordered(PEER, n.acc.pipe, self.auto_sync)
            if (p.acc.write or n.acc.write) and self.peer_overlap(p.acc, n.acc)
        ]
        if not races:
            return
        at = self.peer_point(op)
        if at is not op:
            # both under a branch or loop the AIVs may not run alike (`if sub == 0`: one
            # AIV only): which AIVs make them is not known here (the checker sees it)
            races = [r for r in races if not at.is_ancestor(r.source.acc.op)]
        if self.fix:
            races = [r for r in races if not self.hand_on_race(op, state, PEER, r)]
        else:
            races = [self.held_only(state, PEER, r) for r in races]
        if not races:
            return
        if self.fix:
            pending = state.unordered(PEER)
            h, covered = _pair(PEER, VECTOR, {r.source for r in races}, pending, self.auto_sync)
            if at is not op:  # a pair before `at` orders nothing made inside it
                covered = frozenset(p for p in covered if not at.is_ancestor(p.acc.op))
            pipes = {r.sink.acc.pipe for r in races} & FLAG_PIPES
            if len(pipes) == 1:
                h = replace(h, wait_pipe=pipes.pop())
            state.order(PEER, covered, self.held_pipe(VECTOR, h.wait_pipe))
            if self.reporting:
                have = self.peer_plans.get(at)
                self.peer_plans[at] = h if have is None else _merged(have, h)
        elif self.reporting:
            have = self.races.setdefault(op, [])
            have += [r for r in races if r not in have]

    def peer_point(self, op: Operation) -> Operation:
        """Where a mode-1 pair for `op` goes: right before it, or before the outermost
        loop or branch around it that the two AIVs may not run alike (a condition or
        bound from GetSubBlockIdx, GetBlockIdx or another value of one core: one AIV
        would wait for a set the other never makes)."""
        point, parent = op, op.parent_op()
        while parent is not None and not isinstance(parent, func.FuncOp):
            if isinstance(parent, scf.IfOp):
                alike = guard_side(parent) is not None or _alike(parent.cond)
            else:
                alike = isinstance(parent, scf.ForOp) and _alike_loop(parent)
            if not alike:
                point = parent
            parent = parent.parent_op()
        return point

    def peer_overlap(self, a: Access, b: Access) -> bool:
        """May `a` on one AIV and `b` on the other touch the same element? Offsets must
        be linear in the kernel's parameters, loop indices, GetBlockIdx and
        GetSubBlockIdx (which differ by 1 between the AIVs of an AI Core: GetBlockIdx is
        2 x block + sub there), with a known extent (the indices of loops with
        constant bounds over their whole range on each AIV: `_span`); an access at
        another offset or of unknown extent (a library call's, one computed from data)
        counts as each AIV's own (*decision*: the AIVs of a mix kernel split their GM
        by such indices; the race checker sees the rest). A GetValue/SetValue/operator() element (`_element`:
        the tensor's offset plus the index, one element) is compared the same way, but
        at an offset that is not known it may be anywhere, unless that offset is
        computed from GetBlockIdx/GetSubBlockIdx (`_per_core`: the AIV's own part, as
        above): both AIVs compute a value from the parameters or GM data alike, so they
        may well touch the same element."""
        if not a.loc.may_alias(b.loc):
            return False
        wa, wb = _where(a), _where(b)
        if ANYWHERE in (wa, wb):
            return True
        if OWN in (wa, wb):
            return False
        if a.loc.elem != b.loc.elem:  # one element vs another type's elements
            return ELEMENT_INDEX.keys() & {a.op.name, b.op.name} != set()
        (ba, ka, ra), (bb, kb, rb) = wa, wb  # type: ignore[misc]
        if ba != bb:
            return True  # (the AI Core's index does not cancel out)
        inner = set(self._loops_of(b.op))
        common = [lp for lp in self._loops_of(a.op) if lp in inner]
        first = self.order[a.op] < self.order[b.op]
        # a on sub-AIV x, b on 1 - x: a - b = ka x - kb (1 - x) + ra - rb, x in {0, 1}
        return any(
            not _apart(_span(ra + Linear(d), a.extent), _span(rb, b.extent))
            and may_overlap(ra + Linear(d), a.extent, rb, b.extent, common, first)
            for d in {ka, -kb}
        )


def _span(offset: Linear, extent: Linear | None) -> tuple[Linear, int, int] | None:
    """The elements an access may touch over every iteration of its loops: its offset's
    part from the kernel's parameters (alike on both AIVs) and the range [lo, hi) the
    rest adds, where that rest is built from the indices of `scf.for` loops with constant
    bounds (None: not known). The AIVs run their loops apart, so the two accesses'
    indices are unrelated: each takes its whole range."""
    size = None if extent is None else extent.constant
    if size is None or size <= 0:
        return None
    fixed, lo, hi = Linear(0), offset.const, offset.const
    for v, c in offset.coeffs().items():
        if isinstance(v, BlockArgument) and isinstance(v.block.parent_op(), func.FuncOp):
            fixed = fixed + Linear.atom(v).scale(c)
            continue
        bounds = _iv_range(v)
        if bounds is None:
            return None
        ends = (c * bounds[0], c * bounds[1])
        lo, hi = lo + min(ends), hi + max(ends)
    return fixed, lo, hi + size


def _apart(a: tuple[Linear, int, int] | None, b: tuple[Linear, int, int] | None) -> bool:
    """Whether two `_span`s cannot meet (the same parameter part, disjoint ranges)."""
    if a is None or b is None or a[0] != b[0]:
        return False
    return a[2] <= b[1] or b[2] <= a[1]


ELEMENT_INDEX = {
    "ascendc.global_tensor.get_value": "offset",
    "ascendc.global_tensor.set_value": "offset",
    "ascendc.global_tensor.bracket": "index",
}
"""Scalar GM element accesses and the operand of their element index."""


def _element(acc: Access) -> Access:
    """A GetValue/SetValue/operator() access as the one element it touches: at the
    tensor's offset plus the index (`Loc.shifted`: None when not known), extent 1."""
    index = ELEMENT_INDEX.get(acc.op.name)
    if index is None:
        return acc
    by = linear(getattr(acc.op, index))
    elem = element_type(acc.op.operands[0].type)
    return replace(acc, loc=acc.loc.shifted(by, elem), extent=Linear(1))


OWN, ANYWHERE = "own", "anywhere"


def _where(acc: Access) -> tuple[int, int, Linear] | str:
    """Where an AIV's access lies for `peer_overlap`: `_per_aiv` of its offset, or OWN
    (the AIV's own part: a vector access at an offset or of an extent not known, an
    element at an offset computed from the AIV's index), or ANYWHERE (an element at
    another offset not known)."""
    loc = acc.loc
    split = None if loc.root is None else _per_aiv(loc.offset)
    if split is not None and acc.extent is not None:
        return split
    if acc.op.name not in ELEMENT_INDEX:
        return OWN
    if loc.root is not None and loc.offset is not None:
        memo: dict[SSAValue, bool] = {}
        unknown = [v for v in loc.offset.coeffs() if _per_aiv(Linear.atom(v)) is None]
        if any(_per_core(v, memo) for v in unknown):
            return OWN
    return ANYWHERE


def _per_core(value: SSAValue, memo: dict[SSAValue, bool]) -> bool:
    """Whether `value` is computed from GetBlockIdx/GetSubBlockIdx (through the operands
    of the ops that compute it, and a loop's bounds for its index)."""
    if value in memo:
        return memo[value]
    memo[value] = False  # (a cycle through a loop's carried values)
    if isinstance(value, BlockArgument):
        loop = value.block.parent_op()
        operands = (
            [loop.lb, loop.ub, loop.step]
            if isinstance(loop, scf.ForOp) and value.index == 0
            else []
        )
    else:
        owner = value.owner
        if owner.name in AIV_INDEX:
            memo[value] = True
            return True
        operands = list(owner.operands)
    memo[value] = any(_per_core(v, memo) for v in operands)
    return memo[value]


BLOCK_IDX, SUB_BLOCK_IDX = "ascendc.get_block_idx", "ascendc.get_sub_block_idx"
AIV_INDEX = frozenset({BLOCK_IDX, SUB_BLOCK_IDX})


def _per_aiv(offset: Linear | None) -> tuple[int, int, Linear] | None:
    """An offset as `(b, k, rest)`: `b` the coefficient of GetBlockIdx (2 x AI Core +
    sub on an AIV of a mix kernel: `2b` per AI Core, alike on its two AIVs), `k` the
    coefficient of the AIV's sub-index (GetBlockIdx's plus GetSubBlockIdx's) and
    `rest` built from the kernel's parameters and loop indices (None: a term of
    another value)."""
    if offset is None:
        return None
    b, k, rest = 0, 0, Linear(offset.const)
    for v, c in offset.coeffs().items():
        name = v.owner.name if isinstance(v.owner, Operation) else None
        if name == BLOCK_IDX:
            b, k = b + c, k + c
        elif name == SUB_BLOCK_IDX:
            k += c
        elif isinstance(v, BlockArgument):
            rest = rest + Linear.atom(v).scale(c)
        else:
            return None
    return b, k, rest


def _pair(
    src: str, set_side: str, needed: set[XAccess], pending: frozenset[XAccess], auto_sync: bool
) -> tuple[Handoff, frozenset[XAccess]]:
    """The set that covers every `needed` access of `set_side` and what of `pending` it
    covers: on the one pipe they were made on (and the scalar unit's, `covers`, in a
    kernel compiled with `auto_sync` or not), else after PipeBarrier<PIPE_ALL>
    (everything)."""
    scalar = any(p.acc.pipe == "S" for p in needed)
    pipes = {p.acc.pipe for p in needed} - {"S"}
    if not pipes:  # scalar accesses only
        pipes = {DEFAULT_SET_PIPE[set_side]}
    if (
        len(pipes) == 1
        and ALL not in pipes
        and (not scalar or covers(min(pipes), "S", set_side, auto_sync))
    ):
        pipe = pipes.pop()
        covered = frozenset(p for p in pending if covers(pipe, p.acc.pipe, set_side, auto_sync))
        return Handoff(src, pipe, False), covered
    return Handoff(src, DEFAULT_SET_PIPE[set_side], True), pending


def _mode4_keys(side: str, fid: int) -> list[tuple[str, Hashable]]:
    """The counters a mode-4 CrossCoreSetFlag(fid) of `side` gives, as (setter, id of
    the waiting core's view): the AIC's id names one AIV's counter (0-15 AIV0's, 16-31
    AIV1's, kept as fid); both AIVs set fid, AIV0's for the AIC's fid, AIV1's for its
    fid + 16."""
    if side == CUBE:
        return [(CUBE, ("m4", fid))]
    return [(VECTOR, ("m4", fid)), (VECTOR, ("m4", fid + 16))]


def cross_core_message(race: CrossRace, order: dict[Operation, int], auto_sync: bool) -> str:
    """verify-sync's words for an unordered cross-core pair in a kernel compiled with
    `auto_sync` or not."""
    src, dst = race.source, race.sink
    verb = {
        (True, True): "writes GM that",
        (True, False): "reads GM that",
        (False, True): "overwrites GM that",
    }[(src.acc.write, dst.acc.write)]
    did = "writes" if src.acc.write else "reads"
    when = " in an earlier iteration" if order[src.acc.op] >= order[dst.acc.op] else ""
    pipe = src.acc.pipe if src.acc.pipe not in ("S", ALL) else DEFAULT_SET_PIPE[src.side]
    first = "" if covers(pipe, src.acc.pipe, src.side, auto_sync) else "PipeBarrier<PIPE_ALL> and "
    # what auto-sync would have ordered: say why it does not here
    manual = not auto_sync and (
        covers(pipe, src.acc.pipe, src.side, True) != covers(pipe, src.acc.pipe, src.side, False)
        or (race.held is not None and held_orders(race.held, dst.acc.pipe, dst.side, True))
    )
    why = (
        " (compiled with auto_sync=False: nothing orders the AIV's scalar unit with V, "
        "MTE2 and MTE3)"
        if manual
        else ""
    )
    if race.held is not None:
        q = dst.acc.pipe
        event = event_between(race.held, q)
        sync = f"SetFlag/WaitFlag<{event.name}>" if event else "PipeBarrier<PIPE_ALL>"
        first = (
            f"{sync} after the CrossCoreWaitFlag on PIPE_{race.held} (on Ascend 950 it "
            f"holds only that pipe, not {q}), or " + first
        )
    if race.peer:
        fix = (
            f"{first}CrossCoreSetFlag<1, PIPE_{pipe}>(id) and CrossCoreWaitFlag<1>(id) on "
            "the AIVs between them"
        )
        return (
            f"'{dst.acc.op.name}' on one vector core (AIV, pipe {dst.acc.pipe}) {verb} "
            f"'{src.acc.op.name}' on the other AIV of its AI Core (pipe {src.acc.pipe}) "
            f"{did}{when}, and no cross-core flag orders them: it needs {fix}{why}"
        )
    fix = (
        f"{first}CrossCoreSetFlag<2, PIPE_{pipe}>(id) on the {CORE[src.side]} after it and "
        f"CrossCoreWaitFlag(id) on the {CORE[dst.side]} before this"
    )
    if race.same_anchor:
        fix += (
            " (both are under one `if ascend_is_aic()/aiv()`: write the sides as two `if`s, "
            "the producer's first)"
        )
    return (
        f"'{dst.acc.op.name}' on the {dst.side} core ({CORE[dst.side]}, pipe {dst.acc.pipe}) "
        f"{verb} '{src.acc.op.name}' on the {src.side} core ({CORE[src.side]}, pipe "
        f"{src.acc.pipe}) {did}{when}, and no cross-core flag orders them: it needs {fix}{why}"
    )


def race_note(race: CrossRace) -> str:
    """The note at the earlier access of an unordered cross-core pair."""
    if race.peer:
        return "the other AIV's access is here"
    return f"the {race.source.side} side's access is here"


# ---------------------------------------------------------------------------
# Insertion
# ---------------------------------------------------------------------------


def _busy_ids(function: func.FuncOp, planned_sync_all: bool) -> set[int]:
    busy: set[int] = set()
    for op in function.walk():
        mode = op.properties.get("modeId") if op.name in (SET, WAIT) else None
        if isinstance(mode, IntegerAttr) and mode.value.data == 4:
            continue  # Ascend 950's mode 4 counts apart from modes 0-2 (its own ids)
        if op.name in (SET, WAIT):
            value = constant_int(op.operands[0])
            if value is None:
                raise fail(
                    "ascendc-insert-sync",
                    op,
                    "a hand-written cross-core flag with an id computed at run time: no "
                    "flag id is known to be free for the inserted ones",
                )
            busy.add(value)
        elif op.name == FFTS:  # config 1 | mode << 4 | id << 8
            config = constant_int(op.operands[0])
            busy |= set(FLAG_IDS) if config is None else {(config >> 8) & 0xF}
        elif op.name.startswith(MATMUL_OPS):
            busy |= MATMUL_IDS
        elif op.name == SYNC_ALL_HARD:
            busy |= SYNC_ALL_IDS
    if planned_sync_all:
        busy |= SYNC_ALL_IDS
    return busy


SIDE_PIPES_950 = {side: CORE_PIPES[(ASCEND_950, CORE[side])] for side in (VECTOR, CUBE)}
"""The pipes whose cross-core set/wait the Ascend 950 headers issue on each side
(`soc.CORE_PIPES`)."""


def _side_pipes(function: func.FuncOp) -> dict[str, frozenset[str]] | None:
    """Each side's pipes when the module is for Ascend 950 (arch 3510), whose headers
    compile a CrossCoreSetFlag/WaitFlag on a pipe the core lacks to nothing; None
    elsewhere (A2/A3 issue every call)."""
    from asc_xdsl.dialects.ascendc.target import soc_family

    return SIDE_PIPES_950 if soc_family(function) == ASCEND_950 else None


class _Builder:
    def __init__(self, function: func.FuncOp):
        self.function = function
        self.busy = _busy_ids(function, False)
        self.pipes = _side_pipes(function)
        self.ids: dict[tuple[str, str], int] = {}
        self.constants: dict[int, SSAValue] = {}

    def flag_id(self, h: Handoff, at: Operation) -> SSAValue:
        key = (h.src, h.pipe)
        if key not in self.ids:
            free = next((i for i in FLAG_IDS if i not in self.busy), None)
            if free is None:
                raise fail(
                    "ascendc-insert-sync",
                    at,
                    "every cross-core flag id (0-15) is taken here (by the kernel's own "
                    "flags, a Matmul object's 0-7 and 15 or SyncAll's 11-14)",
                )
            self.busy.add(free)
            self.ids[key] = free
        value = self.ids[key]
        if value not in self.constants:
            block = self.function.body.block
            c = arith.ConstantOp(IntegerAttr(value, i32))
            c.result.name_hint = f"cross_flag{value}"
            first = block.first_op
            assert first is not None
            block.insert_op_before(c, first)
            self.constants[value] = c.result
        return self.constants[value]

    def ops(self, h: Handoff, at: Operation, guarded: bool = True) -> list[Operation]:
        """The pair's ops: each side's under `if ascend_is_aic/aiv()`; a mode-1 pair
        (PEER) is the AIVs' set and wait together, unguarded when `guarded` is False
        (`at` is in the AIVs' code already)."""
        from asc_xdsl.dialects.ascendc.sync import (
            CrossCoreSetFlagOp,
            CrossCoreWaitFlagOp,
            PipeBarrierOp,
        )
        from asc_xdsl.dialects.ascendc.sysvar import AscendIsAICOp, AscendIsAIVOp

        guard_ops = {CUBE: AscendIsAICOp, VECTOR: AscendIsAIVOp}
        src, dst = h.core, VECTOR if h.src == PEER else h.dst
        if self.pipes is not None and h.pipe not in self.pipes[src]:
            h = replace(h, pipe=DEFAULT_SET_PIPE[src], barrier=True)  # e.g. MTE3 on an AIC
        fid = self.flag_id(h, at)
        pipe = BARRIER_PIPE[h.pipe]
        wait_pipe = h.wait_pipe or h.pipe
        if self.pipes is not None and (h.wait_pipe is None or wait_pipe not in self.pipes[dst]):
            # on 3510 the wait holds only its pipe: the scalar one (the header's default)
            # holds what a scalar access or an access on several pipes needs
            wait_pipe = "S"
        wait = BARRIER_PIPE[wait_pipe]
        mode = MODE1 if h.src == PEER else MODE
        setting = [PipeBarrierOp(Pipe.PIPE_ALL)] * h.barrier + [
            CrossCoreSetFlagOp(fid, modeId=mode, pipe=pipe)
        ]
        waiting = [CrossCoreWaitFlagOp(fid, modeId=mode, pipe=wait)]
        if h.src == PEER:
            if not guarded:
                return setting + waiting
            groups = [(VECTOR, setting + waiting)]
        else:
            groups = [(src, setting), (dst, waiting)]
        out: list[Operation] = []
        for side, body in groups:
            cond = guard_ops[side](result_types=None)
            cond.results[0].name_hint = f"is_{CORE[side].lower()}"
            out += [cond, scf.IfOp(cond.results[0], [], [*body, scf.YieldOp()])]
        return out


def held_waits(function: func.FuncOp) -> dict[Operation, str]:
    """The CrossCoreWaitFlags of an Ascend 950 function that hold one pipe (the pipe
    they name, when their core has it and it is not S): what a later op of another
    pipe needs an intra-core sync after (`CrossCoreAnalysis.hand_ons`)."""
    pipes = _side_pipes(function)
    if pipes is None:
        return {}
    sides = op_sides(function, MemoryMap(function))
    out: dict[Operation, str] = {}
    for op in function.walk():
        if op.name != WAIT:
            continue
        pipe = PIPE_OF.get(Pipe(op.properties["pipe"].value.data))  # type: ignore[union-attr]
        side = sides.get(op)
        have = pipes[side] if side is not None else pipes[CUBE] | pipes[VECTOR]
        if pipe is not None and pipe != "S" and pipe in have:
            out[op] = pipe
    return out


def _mode2_setters(loop: Operation) -> set[str]:
    """The sides whose own mode-2 CrossCoreSetFlags are in `loop` (by their guard)."""
    out: set[str] = set()
    for op in loop.walk():
        mode = op.properties.get("modeId") if op.name == SET else None
        if not isinstance(mode, IntegerAttr) or mode.value.data != MODE:
            continue
        side, child = None, op
        parent = op.parent_op()
        while parent is not None and parent is not loop and side is None:
            g = guard_side(parent)
            if g is not None:
                side = g if parent.regions[0].is_ancestor(child) else OTHER[g]
            child, parent = parent, parent.parent_op()
        out |= {side} if side is not None else {CUBE, VECTOR}
    return out


def _add_credits(plans: dict[Operation, list[Handoff]], order: dict[Operation, int]) -> None:
    """A loop whose pairs all go one way (X -> Y) and where Y sets no flag of its own
    lets X run ahead of Y, and a flag counts at most 15 sets: before the loop's first
    X -> Y pair goes a Y -> X one (a credit: X waits until Y has reached the same
    point), so X is at most an iteration ahead."""
    by_loop: dict[Operation, list[Operation]] = {}
    for anchor in (a for a, handoffs in plans.items() if handoffs):
        loop = anchor.parent_op()
        while loop is not None and not isinstance(loop, scf.ForOp | scf.WhileOp):
            loop = loop.parent_op()
        if loop is not None:
            by_loop.setdefault(loop, []).append(anchor)
    for loop, anchors in by_loop.items():
        sources = {h.src for a in anchors for h in plans[a]}
        if len(sources) != 1:
            continue
        src = sources.pop()
        if OTHER[src] in _mode2_setters(loop):
            continue
        first = min(anchors, key=order.__getitem__)
        # the producer's next work on the pipe it hands data from waits for the credit
        credit = Handoff(OTHER[src], DEFAULT_SET_PIPE[OTHER[src]], False, plans[first][0].pipe)
        plans[first] = [credit, *plans[first]]


def insert_cross_core_sync(
    function: func.FuncOp,
    diags: PassDiagnostics | None = None,
    hand_ons: dict[Operation, set[str]] | None = None,
    auto_sync: bool = True,
) -> int:
    """Insert the cube <-> vector flags a mix kernel needs; the number of pairs. What
    no pair can order (the two branches of one `if` on the core's kind, not ordered by
    the kernel's own flags) is a warning in `diags`. `hand_ons` gets the ops that an
    intra-core sync after an Ascend 950 wait held on another pipe orders instead of a
    pair (`CrossCoreAnalysis.hand_ons`: insert-sync's intra-core analysis inserts it).
    `auto_sync`: the kernel is compiled with bisheng's auto-sync (the compile option, on
    by default; `CrossCoreAnalysis.auto_sync`)."""
    analysis = CrossCoreAnalysis(function, fix=True, auto_sync=auto_sync)
    if hand_ons is not None:
        hand_ons.update(analysis.hand_ons)
    for sink, races in sorted(analysis.races.items(), key=lambda kv: analysis.order[kv[0]]):
        if diags is None:
            break
        race = min(races, key=lambda r: analysis.order[r.source.acc.op])
        diags.warning(
            sink,
            "not ordered (insert-sync cannot put a pair between the two branches of one "
            f"`if`): {cross_core_message(race, analysis.order, auto_sync)}",
            notes=[(race.source.acc.op, race_note(race))],
        )
    if not analysis.plans and not analysis.peer_plans:
        return 0
    _add_credits(analysis.plans, analysis.order)
    builder = _Builder(function)
    count = 0
    for at, h in sorted(analysis.peer_plans.items(), key=lambda kv: analysis.order[kv[0]]):
        block = at.parent_block()
        assert block is not None
        guarded = analysis.sides.get(at) != VECTOR
        block.insert_ops_before(builder.ops(h, at, guarded), at)
        count += 1
    for anchor, handoffs in sorted(analysis.plans.items(), key=lambda kv: analysis.order[kv[0]]):
        block = anchor.parent_block()
        assert block is not None
        # a guard's condition is computed right before it: the pairs go before both
        at = anchor
        prev = anchor.prev_op
        if (
            guard_side(anchor) is not None
            and prev is not None
            and prev.results
            and any(u.operation is anchor for u in prev.results[0].uses)
        ):
            at = prev
        for h in handoffs:
            block.insert_ops_before(builder.ops(h, anchor), at)
            count += 1
    return count


# ---------------------------------------------------------------------------
# Between blocks (`sync_blocks`)
# ---------------------------------------------------------------------------

BLOCK_IDX = "ascendc.get_block_idx"


def _iv_range(value: SSAValue) -> tuple[int, int] | None:
    """The values an `scf.for` induction variable with constant bounds takes."""
    if not isinstance(value, BlockArgument) or value.index != 0:
        return None
    loop = value.block.parent_op()
    if not isinstance(loop, scf.ForOp) or loop.body.block is not value.block:
        return None
    lb, ub, step = (constant_int(v) for v in (loop.lb, loop.ub, loop.step))
    if lb is None or ub is None or step is None or step <= 0 or ub <= lb:
        return None
    return lb, lb + (ub - 1 - lb) // step * step


def _split(offset) -> tuple[int, dict[SSAValue, int], dict[SSAValue, int]] | None:
    """An offset as GetBlockIdx's coefficient, the kernel parameters' and the loop
    indices' (None: a term of another value)."""
    bid, params, ivs = 0, {}, {}
    for v, c in offset.coeffs().items():
        if isinstance(v.owner, Operation) and v.owner.name == BLOCK_IDX:
            bid += c
        elif isinstance(v, BlockArgument) and isinstance(v.block.parent_op(), func.FuncOp):
            params[v] = c
        elif _iv_range(v) is not None:
            ivs[v] = c
        else:
            return None
    return bid, params, ivs


def blocks_may_overlap(a: Access, b: Access) -> bool:
    """May `a` in one block and `b` in another touch the same element? Both at
    `c * GetBlockIdx() + k + loop indices` (the same c and parameter terms, each loop
    index over its constant range, independently: the blocks' iterations are not in
    step) with constant extents are apart when no block distance d != 0 brings them
    together."""
    if not a.loc.may_alias(b.loc):
        return False
    la, lb = a.loc, b.loc
    if la.root is None or la.elem != lb.elem or la.offset is None or lb.offset is None:
        return True
    ea = a.extent.constant if a.extent is not None else None
    eb = b.extent.constant if b.extent is not None else None
    sa, sb = _split(la.offset), _split(lb.offset)
    if sa is None or sb is None or not ea or not eb or ea < 0 or eb < 0:
        return True
    (ca, pa, ia), (cb, pb, ib) = sa, sb
    if ca != cb or ca == 0 or pa != pb:
        return True
    # a - b = c * d + r, r in [lo, hi]: the constants and the loop indices' spans
    lo = hi = la.offset.const - lb.offset.const
    for terms, sign in ((ia, 1), (ib, -1)):
        for v, c in terms.items():
            first, last = _iv_range(v)  # type: ignore[misc]
            x, y = sign * c * first, sign * c * last
            lo, hi = lo + min(x, y), hi + max(x, y)
    # overlap: -ea < a - b < eb for some d != 0
    c = abs(ca)
    d_lo = -((eb - 1 + hi) // c) - 1  # a generous range of d; each checked exactly
    d_hi = (ea - 1 - lo) // c + 1
    for d in range(max(d_lo, -64), min(d_hi, 64) + 1):
        if d == 0:
            continue
        if c * d + hi > -ea and c * d + lo < eb:
            return True
    return d_lo < -64 or d_hi > 64


def _top_accesses(op: Operation, memory: MemoryMap) -> list[Access]:
    """The GM accesses of `op` and the ops in it (a region op's own are theirs)."""
    return [
        a for o in op.walk() if not o.regions for a in accesses(o, memory) if a.loc.space == "GM"
    ]


ALIKE_OPS = frozenset({"ascendc.get_block_num", "builtin.unrealized_conversion_cast"})
"""Ops other than `arith`'s whose result is the same on every block when their operands
are (GetBlockIdx, GetSubBlockIdx and GM loads are not)."""


def _alike(value: SSAValue, seen: dict[SSAValue, bool] | None = None) -> bool:
    """Whether every block computes the same `value`: built from constants, the kernel's
    parameters, GetBlockNum and the induction variables of loops with such bounds."""
    memo = {} if seen is None else seen
    if value in memo:
        return memo[value]
    memo[value] = False  # a cycle through a loop's carried values: not known alike
    if isinstance(value, BlockArgument):
        owner = value.block.parent_op()
        if isinstance(owner, func.FuncOp):
            out = True
        else:
            out = isinstance(owner, scf.ForOp) and value.index == 0 and _alike_loop(owner, memo)
    else:
        op = value.owner
        out = (
            isinstance(op, Operation)
            and (op.name.startswith("arith.") or op.name in ALIKE_OPS)
            and not op.regions
            and all(_alike(o, memo) for o in op.operands)
        )
    memo[value] = out
    return out


def _alike_loop(loop: scf.ForOp, memo: dict[SSAValue, bool] | None = None) -> bool:
    """Whether every block runs this loop's iterations alike (its bounds are alike)."""
    return all(_alike(v, memo) for v in (loop.lb, loop.ub, loop.step))


def _union(a: list[Access], b: list[Access]) -> list[Access]:
    """`a` and the accesses of `b` not in it (nested loops would repeat them)."""
    have = {id(x) for x in a}
    return a + [x for x in b if id(x) not in have]


@dataclass
class _BlockSync:
    """`insert_block_sync`'s walk: the function's memory map and the SyncAll it inserts."""

    memory: MemoryMap
    aiv_only: bool
    count: int = 0

    def is_barrier(self, op: Operation) -> bool:
        return op.name in (SYNC_ALL_HARD, SYNC_ALL_SOFT) and (
            "isAIVOnly" not in op.properties or self.aiv_only
        )

    def region(self, block: Block, seen: list[Access]) -> list[Access]:
        """SyncAll before each op of `block` that meets `seen` (the accesses since the
        last SyncAll) or an earlier op of the block; the accesses seen after it."""
        from asc_xdsl.dialects.ascendc.sync import SyncAllHardOp

        seen = list(seen)
        for op in list(block.ops):
            if self.is_barrier(op):
                seen = []
                continue
            if isinstance(op, scf.ForOp) and _alike_loop(op):
                # every block runs the same iterations, so a SyncAll in the body is
                # reached alike: the body twice, the second time from the end of the
                # first (what an iteration leaves for the next); zero trips leave `seen`
                first = self.region(op.body.block, seen)
                seen = _union(seen, self.region(op.body.block, first))
                continue
            if isinstance(op, scf.IfOp) and _alike(op.cond):
                after = seen
                for r in op.regions:
                    if r.blocks:
                        after = _union(after, self.region(r.block, seen))
                seen = after
                continue
            mine = _top_accesses(op, self.memory)
            if any((s.write or m.write) and blocks_may_overlap(s, m) for m in mine for s in seen):
                block.insert_op_before(SyncAllHardOp(isAIVOnly=self.aiv_only), op)
                self.count += 1
                seen = []
            seen += mine
        return seen


def insert_block_sync(function: func.FuncOp) -> int:
    """`SyncAll` before each op of the function's body whose GM accesses may meet what
    another block's earlier ops wrote (or read, when it writes) since the last SyncAll;
    the number inserted. At the body's top level, which every block runs once, and
    inside the loops and branches every block runs alike (bounds and conditions that do
    not depend on GetBlockIdx: `_alike`): a loop's body is checked twice, the second
    time against what its end leaves for the next iteration. A loop or branch whose
    blocks may differ is one op to the walk: a SyncAll goes before it, never in it
    (a block that skipped it would leave the others waiting)."""
    if not function.body.blocks or KERNEL_ATTR not in function.attributes:
        return 0  # a device function may be called where not every block is
    memory = MemoryMap(function)
    sides = {s for s in op_sides(function, memory).values() if s is not None}
    walk = _BlockSync(memory, aiv_only=CUBE not in sides)  # a SyncAll of the AIVs, or all
    walk.region(function.body.block, [])
    return walk.count


def unmatched_flags(function: func.FuncOp) -> list[tuple[Operation, str]]:
    """A mix kernel's mode-2 flags that nothing on the other core matches: a wait whose
    id the other side never sets (it waits forever: the kernel hangs) and a set whose
    id the other side never waits for (its counts pile up, past 15 an error); mode-1
    flags likewise between the AIVs."""
    memory = MemoryMap(function)
    sides = op_sides(function, memory)
    flags: list[tuple[Operation, list[str], int]] = []
    for op in function.walk():
        mode = op.properties.get("modeId") if op.name in (SET, WAIT) else None
        fid = constant_int(op.operands[0]) if mode is not None else None
        if isinstance(mode, IntegerAttr) and mode.value.data == MODE and fid is not None:
            side = sides.get(op)
            flags.append((op, [side] if side is not None else [CUBE, VECTOR], fid))
    out: list[tuple[Operation, str]] = []
    made = {(s, f) for op, ss, f in flags if op.name == SET for s in ss}
    taken = {(s, f) for op, ss, f in flags if op.name == WAIT for s in ss}
    for op, ss, fid in flags:
        if op.name == WAIT and not any((OTHER[s], fid) in made for s in ss):
            other = " or ".join(CORE[OTHER[s]] for s in ss)
            out.append(
                (
                    op,
                    f"CrossCoreWaitFlag({fid}) (mode 2) on the {' and '.join(CORE[s] for s in ss)} "
                    f"waits for a flag the {other} never sets: it waits forever (the kernel "
                    "hangs on the NPU)",
                )
            )
        elif op.name == SET and not any((OTHER[s], fid) in taken for s in ss):
            other = " or ".join(CORE[OTHER[s]] for s in ss)
            out.append(
                (
                    op,
                    f"CrossCoreSetFlag<2>({fid}) on the {' and '.join(CORE[s] for s in ss)} "
                    f"sets a flag the {other} never waits for: its counts pile up (more than "
                    "15 is an error on the NPU)",
                )
            )
    return out + _unmatched_mode1(function)


def _unmatched_mode1(function: func.FuncOp) -> list[tuple[Operation, str]]:
    """Mode-1 flags (the AIVs of a block) with no partner: a wait for an id no mode-1
    set makes (both AIVs wait forever) and a set of an id no mode-1 wait takes."""
    flags = []
    for op in function.walk():
        mode = op.properties.get("modeId") if op.name in (SET, WAIT) else None
        fid = constant_int(op.operands[0]) if mode is not None else None
        if isinstance(mode, IntegerAttr) and mode.value.data == MODE1 and fid is not None:
            flags.append((op, fid))
    made = {f for op, f in flags if op.name == SET}
    taken = {f for op, f in flags if op.name == WAIT}
    out = []
    for op, fid in flags:
        if op.name == WAIT and fid not in made:
            out.append(
                (
                    op,
                    f"CrossCoreWaitFlag<1>({fid}) waits for a mode-1 flag the AIVs never set: "
                    "both AIVs wait forever (the kernel hangs on the NPU)",
                )
            )
        elif op.name == SET and fid not in taken:
            out.append(
                (
                    op,
                    f"CrossCoreSetFlag<1>({fid}) sets a mode-1 flag the AIVs never wait for: "
                    "its counts pile up (more than 15 is an error on the NPU)",
                )
            )
    return out
