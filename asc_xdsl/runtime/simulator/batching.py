"""Loop batching: the steady iterations of a straight-line `scf.for` as one numpy
operation per op (issue 34: per-iteration Python dominates a tiled kernel).

A loop is a candidate (`plan`, at compile time) when it carries no values, its body
holds no nested region and every op of it has a batched form here (`FORMS`): integer
`arith` add/sub/mul/index_cast, `GlobalTensor` sub-tensors, the TQue ops (AllocTensor,
EnQue, DeQue, FreeTensor), the count form of DataCopy between GM and UB and of the
exact element-wise vector ops (Add, Sub, Mul, Div, Max, Min, And, Or, Abs, Relu, Not;
Adds, Muls, Maxs, Mins with isSetMask and a loop-invariant scalar), all with constant
counts. At run time (`LoopPlan.run`) the loop runs its first iterations one by
one, with every SSA value of the body kept in the frame; after each `unit` of them (the
queues' buffer rotation: the lcm of their buffer counts, at least 2 iterations) it takes
the block's state. When the last two units show the steady period, the remaining whole
units run batched, and the iterations left over run one by one again.

The steady period, checked on the state itself (nothing is assumed of the ops beyond
their batched forms):

- the queues' free buffers are the same after both units and none waits; each local
  tensor of the body is the same buffer in the same phase of both units; each GM
  sub-tensor moves by the same bytes per unit (affine); every integer of the body
  (add/sub/mul/index_cast of the induction variable and loop invariants: affine) stays
  inside its type at the loop's last iteration, so nothing wraps;
- the profile counters grew by the same amounts in both units, the vector mask
  register and the control registers are unchanged;
- uninit checking (`uninit.py`): the written-bytes mask and its cache did not change
  in the second unit and nothing was found;
- the race checker (`sanitizer.py`): with `d` the accesses each pipe issued in the
  second unit, every clock entry, flag, queue snapshot and the records of each memory
  page moved by exactly `d` (a page the unit did not touch stays as it is), the GM
  pages first touched in the second unit are those of the first moved by a whole number
  of pages, the pages the remaining units will touch hold no record, nothing was
  reported, and the cross-core log grew by the first unit's entries moved. The
  checker's rules only compare and take maxima of these numbers, so every later unit
  moves its state by `d` again and reports nothing: the batch adds `units * d`, appends
  the cross-core log's entries of each unit `m` (moved m units; one `gmorder.LogRun`
  holding them all, unfolded only if the log is replayed) and leaves the records
  of the GM pages each unit touches to be made when a later access first touches one
  (`BlockSanitizer.pending`: most never are).

With the checker on, a launch's blocks prove their loops' steady period once: the
first block to batch a loop (per launch) runs its warm-up checked and keeps it as a
`_Proof` (its checker calls, its state at the loop's start and at the batch, the
steady period). A later block whose checker state at the loop's start is equal (the
same counts, clocks, flags, queue snapshots by queue, local records; no GM record,
pending page, cross-core or shared state) runs its warm-up with a `_Proxy` in place of
its checker: each call is compared with the proof's at the same place -- the same op,
pipe, local bytes, queue and buffer slot, and each GM buffer's bytes moved by one
whole number of the checker's pages throughout -- and not made; it then batches as
with the checker off (two units) and takes the proof's state, its GM bytes moved. The
checker's rules only compare offsets within a page and clock entries with each other
and take maxima, so equal calls from an equal state leave the proof's state moved and
report nothing, as the proof's block reported nothing (`_Proxy` has the argument).
At the first call that differs (a runtime scalar that changes the access pattern, a
block writing into its neighbour's tiles at another page offset), and no other proof
of the launch matches all calls so far, the calls so far are made on the checker, in
order, and the warm-up goes on checked: what differs is reported at its op, as the
loop run one by one reports it. A block's GM accesses still reach the launch's
cross-core check (`gmorder.LaunchOrder.flush`) as its own, moved entries.

Later blocks skip the warm-up (`_Template`): a block that batched a loop after two
units leaves a template in its launch (`BlockContext.loops`) -- its state at the loop's
start and after the first unit, the counter steps of a unit, the local tensors' places,
the state after each iteration of the second unit. A later block starting the loop in
the template's state (queues, vector mask, control registers, local tensors read from
outside the body, uninit's written bytes) batches the whole loop: the body's ops depend
on the block only through that state and its integers and GM sub-tensors, which only
choose the GM bytes a copy moves (checked for every batched unit); it computes those
with the body's pure ops (`LoopPlan.pure`), plans the batch on the template's local
tensors, and takes the template's state after the batch (the iterations past the whole
units included); when its GM tensors are those of an earlier such block moved by one
distance, it takes that block's plan moved (`_Template.shifted`). One whose state
matches only after its first unit batches from the second. With the checker on, a template rides with its block's proof and is used by a
block following that proof whose GM tensors are the template's moved by whole pages;
its tail (the iterations past the whole units) runs one by one in the first such block
and is batched in the later ones, which take that block's checker state moved (`_Tail`).

The batched data: GM sources are strided numpy views (one row per iteration), each
UB tile a (iterations, bytes) array that a later op of the same iteration reads back
(a UB read that is not exactly a tile written earlier in the iteration, and overlaps
one the body writes, refuses the batch); the GM writes go to strided views; UB keeps
what the last iteration of each phase wrote. GM accesses of different iterations
that overlap (one writing), out-of-bounds ones, a nonzero control register: the batch
is refused and the loop runs one by one, so every error is raised where it happens.

In a serial launch a block's batch may leave its GM work for later (`Deferred`): when
the loop is its function's only one and everything else there touches neither GM nor
UB data, the work waits until something else would touch GM (an iteration run one by
one whose GM bytes meet it, the launch's end or error) and the blocks following one
plan at GM places one distance apart are done together, one numpy call per op.

`ASC_XDSL_SIM_BATCH=0` (read at each loop) turns batching off; the differential test
(tests/unit/test_sim_batching.py) compares both ways.
"""

from __future__ import annotations

import math
import operator
import os
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import as_strided
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Operation

from asc_xdsl.dialects.ascendc import data_copy as dc
from asc_xdsl.dialects.ascendc import framework as fw
from asc_xdsl.dialects.ascendc import tensor as tn
from asc_xdsl.dialects.ascendc.types import GlobalTensorType, LocalTensorType
from asc_xdsl.runtime.simulator.dtypes import int_range, is_bf16, np_dtype
from asc_xdsl.runtime.simulator.memory import PERMANENT, Allocation, GlobalTensor, LocalTensor
from asc_xdsl.runtime.simulator.profile import C_S, I_S
from asc_xdsl.runtime.simulator.queues import Queue
from asc_xdsl.runtime.simulator.uninit import _ONES

BATCH_ENV = "ASC_XDSL_SIM_BATCH"
MIN_UNITS = 2
"""Whole units left after the warm-up below which a loop is not batched."""
MAX_WARMUP_UNITS = 6
"""Units run one by one looking for the steady period before giving up."""
GIVE_UP, RETRY_EVERY = 8, 64
"""A loop refused this many times in a row is tried again only every RETRY_EVERY-th
run (the warm-up's snapshots are wasted on a loop that is never steady; batching or
not gives the same results, so this only decides speed)."""

_AFFINE = (arith.AddiOp, arith.SubiOp, arith.MuliOp, arith.IndexCastOp)
_QUEUE = (fw.AllocTensorOp, fw.EnQueOp, fw.DeQueOp, fw.FreeTensorOp)
_EXACT_BINARY = {
    "ascendc.add_l2": np.add,
    "ascendc.sub_l2": np.subtract,
    "ascendc.mul_l2": np.multiply,
    "ascendc.div_l2": np.divide,
    "ascendc.max_l2": np.maximum,
    "ascendc.min_l2": np.minimum,
    "ascendc.and_l2": np.bitwise_and,
    "ascendc.or_l2": np.bitwise_or,
}
_EXACT_UNARY = {
    "ascendc.abs_l2": np.abs,
    "ascendc.relu_l2": lambda x, out: np.maximum(x, x.dtype.type(0), out=out),
    "ascendc.not_l2": np.invert,
}
_EXACT_SCALAR = {
    "ascendc.adds_l2": np.add,
    "ascendc.muls_l2": np.multiply,
    "ascendc.maxs_l2": np.maximum,
    "ascendc.mins_l2": np.minimum,
}
"""Element-wise ops whose results do not depend on how numpy walks the arrays
(correctly rounded IEEE operations, bitwise ops, sign and maxima): one call over all
rows gives each row what the one-by-one call gives (vector.py's count forms, the same
numpy functions). By op name: the spec-made op classes are defined only when a kernel
has one (naming the class here would define it at import)."""
_VECTOR = frozenset((*_EXACT_BINARY, *_EXACT_UNARY, *_EXACT_SCALAR))


trace: list | None = None
"""When a list (tests, debugging): each batched loop run appends ("batched", units,
unit) or ("refused", reason) of each warm-up unit that was not steady."""


def enabled() -> bool:
    return os.environ.get(BATCH_ENV, "1").strip().lower() not in ("0", "off", "false", "no")


class Refused(Exception):
    """The batch does not apply (the loop runs one by one)."""


# ---------------------------------------------------------------------------
# Compile time
# ---------------------------------------------------------------------------


class LoopPlan:
    """A candidate loop: its one-by-one body with every value in the frame (`traced`),
    the ops' batched forms (`forms`) and the slots to record."""

    def __init__(self, op: scf.ForOp, comp: Any, items: list, s: int):
        self.op = op
        self.s = s
        self.iv = comp.slot(op.body.block.args[0])
        if any(_is_inline(f) for _, f in items):  # the body with its values in the frame
            self.traced = [comp.fuse(items, keep=True)]
        else:
            self.traced = [f for _, f in items]
        self.forms: list[tuple] = []
        self.ints: list[tuple[int, int, int]] = []  # (slot, lo, hi) of each integer
        self.queues: list[int] = []
        values = set()
        for o in op.body.block.ops:
            if isinstance(o, scf.YieldOp):
                continue
            for r in o.results:
                values.add(comp.slot(r))
            if isinstance(o, _AFFINE):
                lo, hi = _int_bounds(o.results[0].type)
                self.ints.append((comp.slot(o.results[0]), lo, hi))
            elif isinstance(o, _QUEUE):
                q = comp.slot(o.operands[0])
                if q not in self.queues:
                    self.queues.append(q)
            elif isinstance(o, dc.DataCopyL2Op):
                size = np_dtype(o.dst.type.element_type).itemsize
                n = comp.constant_of(o.cal_count) * size
                self.forms.append(("copy", o, comp.slot(o.dst), comp.slot(o.src), n))
            elif o.name in _EXACT_BINARY:
                d, a, b, n = o.operands
                dt = np_dtype(o.dst.type.element_type)
                self.forms.append(
                    ("vector", o, comp.slot(d), (comp.slot(a), comp.slot(b)),
                     comp.constant_of(n), dt, _EXACT_BINARY[o.name], None)
                )  # fmt: skip
            elif o.name in _EXACT_UNARY:
                d, a, n = o.operands
                dt = np_dtype(o.dst.type.element_type)
                self.forms.append(
                    ("vector", o, comp.slot(d), (comp.slot(a),), comp.constant_of(n), dt,
                     _EXACT_UNARY[o.name], None)
                )  # fmt: skip
            elif o.name in _EXACT_SCALAR:  # the scalar a loop invariant (its frame slot)
                d, a, sc, n = o.operands
                dt = np_dtype(o.dst.type.element_type)
                self.forms.append(
                    ("vector", o, comp.slot(d), (comp.slot(a),), comp.constant_of(n), dt,
                     _EXACT_SCALAR[o.name], comp.slot(sc))
                )  # fmt: skip
        self.values = sorted(values)
        self.pure, self.locals, self.outer, self.gms, self.gm_outer = _pure_part(
            op, comp, items, self.values
        )
        self.tensors = (
            sorted((*self.locals, *self.gms)) if self.pure is not None else range(len(self.values))
        )
        """The positions of the body's values that may hold tensors."""
        self.hazards: dict = {}
        """`_gm_hazards`' and `_ub_dataflow`'s answers by their accesses."""
        self.fails = 0
        """Runs in a row that ended without a batch (see GIVE_UP)."""
        self.settled = [0, 0]
        """The warm-up units after which the last batch was taken, without and with the
        race checker (0: none yet)."""
        self.where = {x: i for i, x in enumerate(self.values)}
        """Slot -> position in a recorded frame (the body's values)."""


def _pure_part(op: scf.ForOp, comp: Any, items: list, values: list) -> tuple:
    """For another block's warm-up (`_Template`): the body's integer and GM sub-tensor
    ops alone, fused (values kept in the frame; they touch nothing else), the positions
    of its local tensors among `values`, the slots of the local tensors it reads from
    outside, the positions of its GM tensors, the slots of the GM tensors its copies
    read or write from outside; (None, ...) when some value of the body is neither a
    local tensor nor a pure op's."""
    pure_ops = (arith.ConstantOp, *_AFFINE, tn.GlobalTensorSubIndexOp)
    where = {x: i for i, x in enumerate(values)}
    locals_, outer, gms, gm_outer = [], [], [], []
    for o in op.body.block.ops:
        for r in o.results:
            if isinstance(r.type, LocalTensorType):
                locals_.append(where[comp.slot(r)])
            elif type(o) not in pure_ops:
                return None, (), (), (), ()
            elif isinstance(r.type, GlobalTensorType):
                gms.append(where[comp.slot(r)])
        for v in o.operands:
            if isinstance(v.type, LocalTensorType) and not _in_body(v, o):
                slot = comp.slot(v)
                if slot not in outer:
                    outer.append(slot)
            elif (
                isinstance(v.type, GlobalTensorType)
                and isinstance(o, dc.DataCopyL2Op)  # (what the checker's calls see)
                and not _in_body(v, o)
            ):
                slot = comp.slot(v)
                if slot not in gm_outer:
                    gm_outer.append(slot)
    pure = [(o, f) for o, f in items if type(o) in pure_ops]
    pure_f = comp.fuse(pure, keep=True) if pure else _nothing
    return pure_f, tuple(locals_), tuple(outer), tuple(gms), tuple(gm_outer)


def _nothing(e: list, c: Any) -> None:
    return None


def _is_inline(f: Any) -> bool:
    from asc_xdsl.runtime.simulator.compile import Inline

    return isinstance(f, Inline)


def _int_bounds(t) -> tuple[int, int]:
    """The values an integer of IR type `t` holds without wrapping (as the simulator
    keeps them: signless as signed)."""
    width, signed = int_range(t)
    if signed:
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return 0, (1 << width) - 1


def _candidate_op(o: Operation, comp: Any) -> bool:
    if isinstance(o, scf.YieldOp):
        return not o.operands
    if o.regions:
        return False
    if isinstance(o, arith.ConstantOp):
        return True
    if isinstance(o, _AFFINE):
        if not isinstance(o.results[0].type, (IntegerType, IndexType)):
            return False  # (a vector of integers)
        if isinstance(o, arith.MuliOp):  # affine: one factor loop-invariant
            return any(not _in_body(v, o) for v in o.operands)
        return True
    if isinstance(o, (tn.GlobalTensorSubIndexOp, *_QUEUE)):
        return type(o) in (tn.GlobalTensorSubIndexOp, *_QUEUE)
    if isinstance(o, dc.DataCopyL2Op):
        types = (type(o.dst.type), type(o.src.type))
        if types not in ((LocalTensorType, GlobalTensorType), (GlobalTensorType, LocalTensorType)):
            return False
        size = np_dtype(o.dst.type.element_type).itemsize
        n = comp.constant_of(o.cal_count)
        return type(n) is int and n > 0 and (n * size) % 32 == 0
    if o.name in _VECTOR:
        tensors = [o.dst, o.src] if o.name in _EXACT_SCALAR else o.operands[:-1]
        if o.name in _EXACT_SCALAR and (not o.flag("isSetMask") or _in_body(o.scalar, o)):
            return False  # (under the mask register; a scalar that changes)
        n = comp.constant_of(o.operands[-1])
        dt = np_dtype(o.dst.type.element_type)
        return (
            type(n) is int
            and n > 0
            and not is_bf16(o.dst.type.element_type)  # (bf16 is held as its bits)
            and all(np_dtype(v.type.element_type) == dt for v in tensors)
        )
    return False


def _in_body(v, o: Operation) -> bool:
    owner = v.owner
    block = owner if not isinstance(owner, Operation) else owner.parent_block()
    return block is o.parent_block()


def plan(op: scf.ForOp, comp: Any, items: list, s: int) -> LoopPlan | None:
    """The batching plan of a loop, or None when it is no candidate."""
    if op.iter_args or comp.wraps or comp.program.mix:
        return None
    ops = list(op.body.block.ops)
    if not all(_candidate_op(o, comp) for o in ops):
        return None
    if not any(isinstance(o, dc.DataCopyL2Op) or o.name in _VECTOR for o in ops):
        return None  # nothing worth batching
    return LoopPlan(op, comp, items, s)


# ---------------------------------------------------------------------------
# Run time
# ---------------------------------------------------------------------------


def run(p: LoopPlan, e: list, c: Any, lo: int, step: int, trips: int) -> int:
    """Run the loop's iterations from the first: the warm-up one by one, then the batch
    if the state is steady; returns how many iterations ran (the caller runs the rest
    one by one)."""
    done = _run(p, e, c, lo, step, trips)
    if done < trips:
        settle_after(p, e, c, lo, step, done, trips)
    return done


def settle_after(p: LoopPlan, e: list, c: Any, lo: int, step: int, done: int, trips: int):
    """`settle` before the iterations after a batch run one by one, unless they are
    few and no kept batch (`Deferred`) touches their GM bytes (one of the two writing:
    then the kept batches may be done after them; the body's pure ops give their GM
    tensors, as for a `_Template`)."""
    loops = c.loops
    d = None if loops is None else loops.get(DEFER)
    if d is None or not d.runs:
        return
    if p.pure is None or trips - done > 8 or not done:
        d.flush()
        return
    got = _tail_places(p, e, c, lo, step, done, trips - done)
    if got is None or d.meets(got[1]):
        d.flush()


def settle(c: Any) -> int:
    """Before a loop iteration runs one by one: the GM work kept (`Deferred`) done, so
    GM is what the serial run has there. Returns 0 (the iterations batched)."""
    loops = c.loops
    if loops is not None:
        d = loops.get(DEFER)
        if d is not None and d.runs:
            d.flush()
    return 0


def _run(p: LoopPlan, e: list, c: Any, lo: int, step: int, trips: int) -> int:
    queues = [e[q] for q in p.queues]
    unit = 1
    for q in queues:
        n = len(getattr(q, "slots", ()))
        if n < 1:  # (no InitBuffer yet: the loop raises that one by one)
            return 0
        unit = unit * n // math.gcd(unit, n)
    if unit < 2:
        unit = 2
    if trips < (2 + MIN_UNITS) * unit:
        return 0
    if p.fails >= GIVE_UP and p.fails % RETRY_EVERY:  # (a loop in a loop, never steady)
        p.fails += 1
        return 0
    san = c.san
    proxy = _Proxy.start(p, san, queues) if san is not None else None
    if proxy is None:
        return _warm_up(p, e, c, queues, unit, lo, step, trips, san, None)
    c.san = proxy  # (the block's checker again when the warm-up ends, however it ends)
    try:
        done = _warm_up(p, e, c, queues, unit, lo, step, trips, san, proxy)
        if proxy.following:  # no batch: the checker checks the rest one by one
            proxy.diverge()
        return done
    finally:
        c.san = san


def _warm_up(p, e, c, queues, unit, lo, step, trips, san, proxy) -> int:
    done = 0
    frames: list[list] = []
    # no try before the warm-up units the loop's last batch took (the units before are
    # refused again: a block's loop settles where the block before settled), and no
    # state taken that no try compares. A block following another block's proof
    # (`_Proxy`) settles as with the checker off: its checker state is that block's.
    states: list[tuple] = []
    k = c.cnt
    s, iv, traced, slots = p.s, p.iv, p.traced, p.values
    # with the checker off, a block may take its batch a unit early from the state
    # another block of the launch proved steady (`_Template`); `sig`: this block's
    # state after its first unit, kept to become a template when it batches
    store = c.loops if san is None and p.pure is not None else None
    sig = tpl = entry = mids = None
    # (a template may be made or used after the first unit: the states from the start)
    keep = p.pure is not None and (proxy is not None or (store is not None and p.settled[0] <= 2))
    for u in range(0, MAX_WARMUP_UNITS + 1):
        if u:
            if u == 1:
                settle(c)
            for j in range(unit):
                e[iv] = lo + done * step
                k[I_S] += s
                k[C_S] += s
                for f in traced:
                    f(e, c)
                frames.append([e[x] for x in slots])
                done += 1
                if mids is not None and u == 2 and j < unit - 1:  # (a template's)
                    mids.append((tuple([tuple(q.free) for q in queues]),
                                 sum([len(q.waiting) for q in queues]),
                                 (c.vmask.counter, c.vmask.bits), k[:]))  # fmt: skip
        following = proxy is not None and proxy.following
        checked = san is not None and not following  # (the checker's state settles later)
        first = max(2, p.settled[checked])
        if u >= first - 2 or (keep and u <= 2):
            states.append(_state(e, c, queues, san if checked else None))
        if u == 0 and keep:
            at0 = _Template.entry(p, e, c, queues, step, unit)
            if following:  # the template of the proof followed (its block's)
                known = [proxy.cur.template] if proxy.cur.template is not None else []
            else:
                known = store.get(p, ()) if store is not None else ()
            got = _Template.start(known, at0, p, e, c, queues, states, unit, lo, step, trips,
                                  proxy if following else None)  # fmt: skip
            if got is not None:
                got()
                p.fails = 0
                return got.done
            if at0 is not None and not following and len(known) < MAX_TEMPLATES:
                entry = (at0, None if c.uninit is None else bytes(c.ubw))  # (a template?)
                mids = [] if store is not None or proxy is not None else None
        if u == 1 and keep:
            sig = _Template.signature(p, e, c, queues, states, frames, step, unit)
            if following:  # the template of the proof followed (its block's)
                templates = [proxy.cur.template] if proxy.cur.template is not None else []
            else:
                templates = store.get(p, ()) if store is not None else ()
            got = _Template.reuse(templates, sig, p, e, c, queues, states, frames, unit, done,
                                  lo, step, trips, proxy if following else None)  # fmt: skip
            if got is not None:
                got()
                p.fails = 0
                return done + got.units * unit
        if u < 2:
            continue
        units = (trips - done) // unit
        if units < MIN_UNITS:
            p.fails += 1
            return done
        if u == 2 and sig is not None and proxy is not None and not following:
            tpl = _Template.checked(p, e, c, queues, states, frames, unit, done, units, lo,
                                    step, trips, sig, entry, mids)  # fmt: skip
        if u < first:
            continue
        try:
            batch = _steady(p, e, c, queues, states[-3:], frames[-2 * unit :], unit, done, units,
                            lo, step, trips, san if checked else None)  # fmt: skip
            if following:  # the checker's state from the proof followed (`_Proxy.jump`)
                batch = proxy.jump(batch, u, units)
        except Refused as why:
            if trace is not None:
                trace.append(("refused", str(why)))
            if following and str(why).startswith("proof"):
                proxy.diverge()  # (the checker takes over; the next tries check its state)
            continue
        if trace is not None:
            if following:
                trace.append(("reused", c.block_idx))
            trace.append(("batched", units, unit))
        if not following:
            p.settled[checked] = u
            if proxy is not None:  # this block's warm-up, for the blocks after it
                proof = proxy.prove(batch, u)
                if proof is not None:
                    proof.template = tpl
            elif sig is not None and u == 2:
                _Template.keep(store, p, sig, c, frames[-2 * unit :], unit, entry, states, e,
                               mids)  # fmt: skip
        # (the collector is the caller's: left running; the batch's log entries are
        # one LogRun, not one object per access)
        batch()
        p.fails = 0
        return done + units * unit
    p.fails += 1
    return done


def _state(e: list, c: Any, queues: list, san: Any) -> tuple:
    """The block's state after a unit (`san`: the checker's, or None: not compared)."""
    found = c.uninit
    return (
        list(c.cnt),
        [(tuple(q.free), len(q.waiting), q.slots) for q in queues],
        (c.vmask.counter, c.vmask.bits),
        bool(c.regs),
        # (the written-bytes mask changes only with a range new to `ubdone`, which
        # only grows: its size stands for both)
        None if found is None else (len(c.ubdone), len(found.errors), len(found.seen),
                                    found.pending),
        None if san is None else _san_state(san),
    )  # fmt: skip


def _san_state(san: Any) -> tuple:
    order = san.order
    return (
        list(san.count),
        [row[:] for row in san.known],
        {k: (v[0][:], v[1]) for k, v in san.flags.items()},
        {k: list(v) for k, v in san.fifo.items()},
        {k: v[:] for k, v in san.freed.items()},
        {k: tuple(v) for k, v in san.outstanding.items()},
        {k: v[:] for k, v in san.records.items()},
        (len(san.findings), len(san._seen)),
        None if order is None else len(order.log),
        bool(san.held) or san.xclocks is not None or san.vf_spans is not None
        or bool(san.shared) or (order is not None and not order.deferred),
    )  # fmt: skip


def _shift(snap, d, m: int = 1):
    """A clock (per-pipe counts) `m` units on: each entry moves by its pipe's count of
    the unit, except 0 (nothing known of that pipe), which stays: 0 is below every
    access index and neutral to the maxima, so it behaves the same in every unit."""
    if snap is None:
        return None
    return [x + m * y if x else 0 for x, y in zip(snap, d, strict=True)]


def _steady(
    p, e, c, queues, states, frames, unit, done, units, lo, step, trips, san, ahead=0, extra=0
):
    """The batch of the remaining `units` units if the last two units were steady
    (a closure applying it), else `Refused`. `san`: the block's checker, whose state
    the states hold (None: the checker is not running, or follows a proof: `_Proxy`).
    `ahead` 1 or 2 (`_Template`): the last unit's state and frames (2: both units')
    were derived, not run: the batch starts with the unit(s) not run (`units` + `ahead`
    units). `extra` (`_Template.start`): the first `extra` phases run one unit more (the
    iterations after the whole units; the caller sets the state they leave)."""
    s0, s1, s2 = states
    # -- counters, queues, registers, uninit --
    d_cnt = [b - a for a, b in zip(s1[0], s2[0], strict=True)]
    if d_cnt != [b - a for a, b in zip(s0[0], s1[0], strict=True)]:
        raise Refused("counters")
    if s1[1] != s2[1] or any(w for _, w, _ in s2[1]) or s1[2] != s2[2] or s2[3]:
        raise Refused("queues or registers")
    if s2[4] is not None and (s1[4] != s2[4] or s2[4][3] is not None):
        raise Refused("uninit")
    # -- the race checker (first: its state settles last) --
    steady = None
    if san is not None:
        if s0[5] is None or s1[5] is None:  # (taken while a proof was followed)
            raise Refused("checker state")
        steady = _san_steady(san, s0[5], s1[5], s2[5], units)
    # -- values: local tensors periodic, GM tensors and integers affine --
    a_frames, b_frames = frames[:unit], frames[unit:]
    where = p.where
    _ints(p, frames, done, trips)
    for i in p.tensors:
        for fa, fb in zip(a_frames, b_frames, strict=True):
            va, vb = fa[i], fb[i]
            if va is vb and type(vb) is LocalTensor:  # (the same tensor: periodic)
                continue
            if isinstance(vb, LocalTensor):
                if not (
                    isinstance(va, LocalTensor)
                    and va.mem is vb.mem
                    and va.offset == vb.offset
                    and va.length == vb.length
                    and va.dtype == vb.dtype
                    and va.alloc.slot == vb.alloc.slot
                    and vb.alloc.live == va.alloc.live
                ):
                    raise Refused("local tensor not periodic")
            elif isinstance(vb, GlobalTensor) and not (
                isinstance(va, GlobalTensor) and va.buf is vb.buf and vb.buf is not None
            ):
                raise Refused("GM tensor")
    # -- the data plan, per phase --
    n = units + ahead
    ns = [n + (ph < extra) for ph in range(unit)]  # (each phase's rows)
    phases = [_phase_plan(p, where, e, a_frames[ph], b_frames[ph], ns[ph], ahead)
              for ph in range(unit)]  # fmt: skip
    _gm_hazards(phases, ns, p.hazards)
    _ub_dataflow(phases, p.hazards)
    return _batch(p, e, c, phases, ns, d_cnt, n, steady, san)


def _batch(p, e, c, phases, ns, d_cnt, n, steady, san, move=0):
    """The closure applying a batch of `n` whole units (`_steady`); `move`: the GM
    starts of `phases` moved by that many bytes (`_Template.shifted`). In a serial
    launch that defers GM work (`Deferred`) the batch's numpy work may wait for the
    launch's other blocks; its counters and checker state are advanced here."""

    def apply() -> None:
        loops = c.loops
        d = None if loops is None else loops.get(DEFER)
        if d is None or not d.take(p, e, phases, ns, move):
            _run_phases(p, e, _moved(phases, move) if move else phases, ns)
        cnt = c.cnt
        for i, dv in enumerate(d_cnt):
            if dv:
                cnt[i] += dv * n
        if steady is not None:
            steady.apply(san, n)

    apply.steady = steady  # type: ignore[attr-defined]  (_Proxy.prove reads it)
    apply.units = n  # type: ignore[attr-defined]
    apply.plan = (phases, ns, d_cnt)  # type: ignore[attr-defined]  (_Template.start)
    return apply


def _ints(p, frames, done, trips) -> None:
    """`Refused` unless each integer of the body is affine over the frames (iterations
    up to `done`) and stays inside its type up to the loop's last iteration."""
    last_t = trips - 1
    where = p.where
    for slot, ilo, ihi in p.ints:
        i = where[slot]
        vals = [f[i] for f in frames]
        first = prev = vals[0]
        if type(first) is not int:
            raise Refused("integer")
        diff = vals[1] - first if type(vals[1]) is int else None
        for v in vals[1:]:
            if type(v) is not int:
                raise Refused("integer")
            if v - prev != diff:
                raise Refused("not affine")
            prev = v
        end = prev + diff * (last_t - (done - 1))
        if not (ilo <= end <= ihi and ilo <= first <= ihi):
            raise Refused("an integer wraps")


def _phase_plan(p, where, e, fa, fb, units, ahead=0):
    """The ops of one phase as accesses with concrete places: ("gmr"/"gmw", buf, start,
    stride per unit, nbytes, op index), ("ubr"/"ubw", (mem, lo, hi), ...); the first
    unit the one after `fb`'s (`ahead` 1: `fb`'s own)."""
    out = []
    get = where.get  # (a value of the body: in the frames; a loop invariant: in e)
    for idx, form in enumerate(p.forms):
        if form[0] == "copy":
            _, _, dst, src, n = form
            i, j = get(dst), get(src)
            d = e[dst] if i is None else fb[i]
            if type(d) is LocalTensor or isinstance(d, LocalTensor):  # GM -> UB
                t, read = d, True
                g, ga = (e[src], e[src]) if j is None else (fb[j], fa[j])
            else:
                t, read = (e[src] if j is None else fb[j]), False
                g, ga = d, (d if i is None else fa[i])
            # (the tensors are those of the unit before, where the op passed its checks
            # with the same queue state: liveness is not looked at again)
            if not t.aligned or n > t.length * t.itemsize:
                raise Refused("window")
            stride = g.byte_offset - ga.byte_offset
            start = g.byte_offset + stride * (1 - ahead)
            last = start + stride * (units - 1)
            if min(start, last) < 0 or max(start, last) + n > g.buf.nbytes:
                raise Refused("GM bounds")
            key = (id(t.mem), t.offset, t.offset + n)
            if read:
                out.append(("gmr", g.buf, start, stride, n, idx, [False]))
                out.append(("ubw", key, idx, None, t.mem))
            else:
                out.append(("ubr", key, idx, t.mem))
                out.append(("gmw", g.buf, start, stride, n, idx, [False]))
        else:
            _, _, dst, srcs, count, dt, _, _ = form
            ts = [e[x] if get(x) is None else fb[get(x)] for x in (*srcs, dst)]
            for t in ts:
                if not (t.vec_ok and count <= t.length):
                    raise Refused("vector operand")
            nbytes = count * dt.itemsize
            for t in ts[:-1]:
                out.append(("ubr", (id(t.mem), t.offset, t.offset + nbytes), idx, t.mem))
            t = ts[-1]
            out.append(("ubw", (id(t.mem), t.offset, t.offset + nbytes), idx, dt, t.mem))
    return out


def _ub_dataflow(phases, cache: dict | None = None) -> None:
    """Refuse unless each UB read is a tile its iteration wrote before, whole, or bytes
    no iteration writes (read where they are). `cache`: the answers by the accesses'
    kinds and places (a memory by its id: only compared with the others')."""
    if cache is not None:
        key = ("ub", *[tuple([(a[0], a[1]) for a in accesses if a[0][0] == "u"])
                       for accesses in phases])  # fmt: skip
        got = cache.get(key)
        if got is None:
            try:
                _ub_dataflow(phases)
                got = ""
            except Refused as why:
                got = str(why)
            if len(cache) >= 64:
                cache.clear()
            cache[key] = got
        if got:
            raise Refused(got)
        return
    written = [a[1] for accesses in phases for a in accesses if a[0] == "ubw"]

    def meet(x, y) -> bool:
        return x[0] == y[0] and x[1] < y[2] and y[1] < x[2]

    for accesses in phases:
        tiles: list = []
        for a in accesses:
            if a[0] == "ubw":
                tiles = [t for t in tiles if not meet(t, a[1])]
                tiles.append(a[1])
            elif a[0] == "ubr":
                key = a[1]
                if key in tiles:
                    continue
                if any(meet(w, key) for w in written):
                    raise Refused("UB read of bytes another iteration writes")


def _address(buf) -> int:
    return buf.u8.__array_interface__["data"][0]


def _gm_hazards(phases, units: list, cache: dict | None = None) -> None:
    """Refuse when GM bytes one iteration writes are touched by another; mark the GM
    reads an iteration's own later write may change (read into a copy). `units`: each
    phase's rows. `cache`: the answers by the accesses moved to the lowest address
    (they only compare addresses with each other: the same for the same accesses
    anywhere)."""
    accs = []
    at: dict = {}  # (each buffer's address once)
    for ph, accesses in enumerate(phases):
        u = units[ph]
        for a in accesses:
            kind = a[0]
            if kind == "gmr" or kind == "gmw":
                buf = a[1]
                b = at.get(id(buf))
                if b is None:
                    b = at[id(buf)] = _address(buf)
                accs.append((ph, kind == "gmw", b + a[2], a[3], a[4], a, u))
    if cache is None:
        marks = _hazards(accs)
    else:
        base = min([x[2] for x in accs], default=0)
        key = tuple([(x[0], x[1], x[2] - base, x[3], x[4], x[6]) for x in accs])
        marks = cache.get(key)
        if marks is None:
            try:
                marks = _hazards(accs)
            except Refused as why:
                marks = str(why)
            if len(cache) >= 64:
                cache.clear()
            cache[key] = marks
        if type(marks) is str:
            raise Refused(marks)
    for i in marks:  # the same iteration: the read into a copy, the write through its rows
        accs[i][5][6][0] = True


def _hazards(accs: list) -> list:
    """`_gm_hazards`' answer: the places in `accs` of the accesses to mark."""
    marks = []
    for i, (ph1, w1, b1, s1, n1, _, u1) in enumerate(accs):
        for j in range(i, len(accs)):
            ph2, w2, b2, s2, n2, _, u2 = accs[j]
            if not (w1 or w2):
                continue
            lo1, hi1 = b1 + min(0, s1 * (u1 - 1)), b1 + max(0, s1 * (u1 - 1)) + n1
            lo2, hi2 = b2 + min(0, s2 * (u2 - 1)), b2 + max(0, s2 * (u2 - 1)) + n2
            if hi1 <= lo2 or hi2 <= lo1:
                continue
            if s1 != s2 or s1 == 0:
                raise Refused("GM accesses meet")
            # unit steps k = m1 - m2 (0 <= m1 < u1, 0 <= m2 < u2) with [b1 + k s, +n1)
            # meeting [b2, +n2)
            diff = b1 - b2
            k0, k1 = sorted(((-n1 - diff) / s1, (n2 - diff) / s1))
            for k in range(max(-(u2 - 1), math.floor(k0)), min(u1 - 1, math.ceil(k1)) + 1):
                x = diff + k * s1
                if -n1 < x < n2:
                    if k != 0 or ph1 != ph2:
                        raise Refused("GM overlap across iterations")
                    if i != j:
                        marks += (i, j)
    return marks


def _extents(phases, ns) -> list:
    """(buffer, lowest byte, end) of the GM rows each buffer's accesses in `phases`
    touch (a plan moved by `move` stays inside a buffer when these moved do)."""
    got: dict = {}
    for ph, accesses in enumerate(phases):
        rows = ns[ph] - 1
        for a in accesses:
            if a[0] == "gmr" or a[0] == "gmw":
                start, last = a[2], a[2] + a[3] * rows
                lo, hi = min(start, last), max(start, last) + a[4]
                was = got.get(id(a[1]))
                if was is not None:
                    lo, hi = min(lo, was[1]), max(hi, was[2])
                got[id(a[1])] = (a[1], lo, hi)
    return list(got.values())


def _moved(phases, move: int) -> list:
    """`phases` with every GM start moved by `move` bytes."""
    return [
        [(a[0], a[1], a[2] + move, *a[3:]) if a[0] == "gmr" or a[0] == "gmw" else a
         for a in accesses]
        for accesses in phases
    ]  # fmt: skip


def _rows(buf, start: int, stride: int, n: int, units: int) -> np.ndarray:
    """GM bytes [start + m * stride, +n) of each unit m as the rows of a view (the plan
    checked they lie inside the buffer)."""
    u8 = buf.u8
    if u8.flags.c_contiguous:  # (a view straight on the buffer: a tenth of as_strided's cost)
        return np.ndarray((units, n), np.uint8, u8, start, (stride, 1))
    return as_strided(u8[start:], shape=(units, n), strides=(stride, 1))


def _run_phases(p, e, phases, ns) -> None:
    """Each phase's ops over its iterations (`ns[phase]` rows), then UB's last writes
    in the order of their iterations."""
    finals = []
    for ph, accesses in enumerate(phases):
        units = ns[ph]
        shadow: dict = {}
        writes = []
        pending: list = []
        for a in accesses:
            kind = a[0]
            if kind == "gmr":
                rows = _rows(a[1], a[2], a[3], a[4], units)
                pending.append(rows.copy() if a[6][0] else rows)
            elif kind == "ubw" and a[3] is None:  # DataCopy GM -> UB
                rows = pending.pop()
                shadow[a[1]] = rows
                writes.append((a[4], a[1], rows))
            elif kind == "ubr":
                key = a[1]
                rows = shadow.get(key)
                if rows is None:  # bytes no iteration writes
                    _, lo, hi = key
                    rows = np.broadcast_to(a[3][lo:hi], (units, hi - lo))
                pending.append(rows)
            elif kind == "gmw":
                _store(a, pending.pop(), _rows(a[1], a[2], a[3], a[4], units))
            else:  # a vector op: its reads pending, the write
                _, key, idx, _, mem = a
                form = p.forms[idx]
                scalar = None if form[7] is None else e[form[7]]
                rows = shadow[key] = _vector_rows(a, form, pending, scalar)
                writes.append((mem, key, rows))
        finals.append(writes)
    unit = len(phases)
    last = sorted(range(unit), key=lambda ph: (ns[ph] - 1) * unit + ph)  # (the last iterations)
    for ph in last:
        for mem, (_, lo, hi), rows in finals[ph]:
            mem[lo:hi] = (rows.rows() if type(rows) is _Lazy else rows)[-1]


class _Lazy:
    """A vector op's rows, computed when first read: straight into the GM rows of the
    DataCopy that stores them when no other access meets those (no temporary)."""

    __slots__ = ("args", "dt", "fn", "out")

    def __init__(self, fn, args, dt):
        self.fn, self.args, self.dt, self.out = fn, args, dt, None

    def into(self, dst: np.ndarray) -> None:
        if self.out is not None:
            dst[...] = self.out
            return
        self.fn(*self.args, out=dst.view(self.dt))
        self.out = dst

    def rows(self) -> np.ndarray:
        if self.out is None:
            out = np.empty(self.args[0].shape, self.dt)
            self.fn(*self.args, out=out)
            self.out = out.view(np.uint8)
        return self.out


# ---------------------------------------------------------------------------
# A serial launch's GM work, deferred and merged across blocks
# ---------------------------------------------------------------------------

DEFER = "defer"
"""The key of a launch's `Deferred` in `BlockContext.loops` (a serial launch only)."""

_GM_FREE = frozenset((
    "func.return",
    "ascendc.get_block_idx",
    "ascendc.get_block_num",
    "ascendc.pipe",
    "ascendc.queue",
    "ascendc.pipe.init_queue",
    "ascendc.global_tensor",
    "ascendc.global_tensor.set_global_buffer",
    "ascendc.global_tensor.subindex",
))  # fmt: skip
"""Ops that neither read nor write GM or UB data (besides `arith`): a kernel made of
these and one batched loop touches data only in that loop."""


def _defers(fn: Operation, p: LoopPlan) -> bool:
    """Whether loop `p` may leave its GM work to `Deferred`: it is the only loop of the
    launched function `fn`, at its top level, and every other op of `fn` is one of
    `_GM_FREE` or `arith`: nothing else in a block reads or writes GM or UB data (so no
    one reads GM before the launch's end or the next loop, and the UB the loop's last
    iterations leave is never read: the block's memories are zeroed for the next)."""
    loop = p.op
    if loop.parent_op() is not fn:
        return False
    for o in fn.walk():
        if o is fn or o is loop:
            continue
        if isinstance(o, scf.ForOp):
            return False
        if o.parent_op() is loop:  # (the body: `plan`'s candidates)
            continue
        if not (o.name in _GM_FREE or o.name.startswith("arith.")):
            return False
    return True


def _tiles_only(phases) -> bool:
    """Every UB read of `phases` is a tile written earlier in its iteration (no UB byte
    is read where it lies: the batch needs no memory but GM)."""
    for accesses in phases:
        written = set()
        for a in accesses:
            if a[0] == "ubw":
                written.add(a[1])
            elif a[0] == "ubr" and a[1] not in written:
                return False
    return True


class Deferred:
    """A serial launch's batched loops whose GM work is not done yet (`_defers`): each
    block's batch is kept (its plan, GM starts moved, rows, loop-invariant scalars)
    while its counters, state and checker advance at once, and all of it is done at
    `flush` -- before anything else touches GM: a loop iteration run one by one
    (`settle`; not for the few iterations after a batch whose GM bytes no kept batch
    touches, `settle_after`), the launch's end or error (backend.py). Nothing between
    the blocks reads or writes GM, so the kept batches done in their order give the
    serial run's bytes; when no two blocks' batches meet in GM (one writing), any order
    gives them, and consecutive blocks following one plan at GM places one distance
    apart (a run) are done together: one numpy call per op over all of them (the
    vector add's rows of 16 KiB, 768 KiB apart in a block, become runs of 752 KiB: its
    numpy work ~12 -> ~8.5 ms). The UB the loops' last iterations leave is not
    written (`_defers`: nothing reads it)."""

    __slots__ = ("addr", "fn", "ok", "plans", "runs", "written")

    def __init__(self, fn: Operation):
        self.fn = fn
        self.addr: dict = {}  # id(buffer) -> (buffer, its address)
        self.runs: list[list] = []
        """[p, phases, ns, scalars, first move, distance, blocks, `_gm_rows`] each."""
        self.written: set = set()  # (the memory ranges of the GM buffers the runs write)
        self.ok: dict = {}  # LoopPlan -> (defers, the scalars' (form index, slot))
        self.plans: dict = {}  # id(phases) -> (phases, only tiles read)

    def take(self, p: LoopPlan, e: list, phases: list, ns: list, move: int) -> bool:
        """Keep the batch for later (True); else (False) do what was kept, for the
        caller to run the batch now."""
        got = self.ok.get(p)
        if got is None:
            scal = tuple((i, f[7]) for i, f in enumerate(p.forms)
                         if f[0] == "vector" and f[7] is not None)  # fmt: skip
            got = self.ok[p] = (_defers(self.fn, p), scal)
        kept = self.plans.get(id(phases))
        if kept is None or kept[0] is not phases:
            if len(self.plans) >= 16:
                self.plans.clear()
            kept = self.plans[id(phases)] = (phases, _tiles_only(phases), _gm_rows(phases, ns))
        if not (got[0] and kept[1]):
            self.flush()
            return False
        scal = tuple([(i, e[slot]) for i, slot in got[1]]) if got[1] else ()
        runs = self.runs
        if runs:
            r = runs[-1]
            if r[1] is phases and r[3] == scal:
                if r[6] == 1:
                    if move != r[4]:
                        r[5], r[6] = move - r[4], 2
                        return True
                elif move == r[4] + r[5] * r[6]:
                    r[6] += 1
                    return True
        runs.append([p, phases, ns, scal, move, 0, 1, kept[2]])
        self.written.update(kept[2][1])
        return True

    def flush(self) -> None:
        """Do the kept batches' GM work."""
        runs = self.runs
        if not runs:
            return
        self.runs = []
        self.written = set()
        if (len(runs) > 1 or runs[0][6] > 1) and not _independent(runs):
            for p, phases, ns, scal, move, d, blocks, _ in runs:  # (in order: the serial run's)
                for j in range(blocks):
                    _run_rows(p, scal, phases, ns, move + j * d, 1, 0)
            return
        for p, phases, ns, scal, move, d, blocks, _ in runs:
            _run_rows(p, scal, phases, ns, move, blocks, d)

    def meets(self, spans: list) -> bool:
        """Whether a kept batch's GM rows meet one of `spans` (buffer, start, bytes,
        written), one of the two writing, in memory (GM arguments may share it); a
        run's rows taken per iteration as the hull of its blocks' rows: may say so of
        bytes between them."""
        written, addr = self.written, self.addr
        for buf, s0, n, w in spans:
            got = addr.get(id(buf))
            if got is None or got[0] is not buf:
                got = addr[id(buf)] = (buf, _address(buf))
            s0 += got[1]
            if not (w or any(lo < s0 + n and s0 < hi for lo, hi in written)):
                continue
            for r in self.runs:
                for start, stride, rows, nb, wa, lo, hi in r[7][0]:
                    if (
                        (w or wa)
                        and lo < s0 + n
                        and s0 < hi
                        and _lattice_meets(start + r[4], stride, rows, r[5], r[6], nb, s0, n)
                    ):
                        return True
        return False


def _gm_rows(phases, ns) -> tuple:
    """A plan's GM rows for `Deferred.meets`: (address, stride, rows, bytes, written,
    the buffer's memory range) of each access; and the memory ranges of the buffers
    written."""
    out = []
    written = {}
    for ph, accesses in enumerate(phases):
        for a in accesses:
            if a[0] == "gmr" or a[0] == "gmw":
                at = _address(a[1])
                out.append((at + a[2], a[3], ns[ph], a[4], a[0] == "gmw", at,
                            at + a[1].nbytes))  # fmt: skip
                if a[0] == "gmw":
                    written[id(a[1])] = (at, at + a[1].nbytes)
    return out, tuple(written.values())


def _lattice_meets(base, stride, rows, d, blocks, n, s0, sn) -> bool:
    """Whether bytes [s0, +sn) meet a row [base + r * stride + j * d, +n) (r < rows,
    j < blocks); each iteration's rows of all blocks taken as one span (their hull)."""
    if d < 0:  # (both steps forwards)
        base, d = base + d * (blocks - 1), -d
    if stride < 0:
        base, stride = base + stride * (rows - 1), -stride
    width = d * (blocks - 1) + n  # (the hull of an iteration's rows)
    if stride == 0 or rows == 1:
        return s0 < base + width and base < s0 + sn
    # iterations r with [base + r * stride, +width) meeting [s0, +sn)
    lo = max(0, -((width - 1 - (s0 - base)) // stride))  # ceil((s0 - base - width + 1) / stride)
    hi = min(rows - 1, (s0 + sn - 1 - base) // stride)
    return lo <= hi


def _independent(runs: list) -> bool:
    """Whether no GM byte one kept batch writes is touched by another, in memory (GM
    arguments may share it): the rows of every buffer whose memory meets a written
    buffer's, with their batch, sorted; a row meeting an earlier row of another batch
    refuses (rows of one batch may meet as its plan allows)."""
    bufs: dict = {}
    written = set()
    for r in runs:
        for accesses in r[1]:
            for a in accesses:
                if a[0] == "gmr" or a[0] == "gmw":
                    bufs[id(a[1])] = a[1]
                    if a[0] == "gmw":
                        written.add(id(a[1]))
    if not written:
        return True
    at = {i: _address(b) for i, b in bufs.items()}
    hot = [(at[i], at[i] + bufs[i].nbytes) for i in written]
    near = {
        i for i, b in bufs.items() if any(lo < at[i] + b.nbytes and at[i] < hi for lo, hi in hot)
    }
    parts = []  # (starts, bytes, batch)
    first = 0
    for _, phases, ns, _, move, d, blocks, _ in runs:
        idx = np.arange(first, first + blocks, dtype=np.int64)
        first += blocks
        moves = move + d * (idx - idx[0])
        for ph, accesses in enumerate(phases):
            steps = np.arange(ns[ph], dtype=np.int64)
            for a in accesses:
                if (a[0] == "gmr" or a[0] == "gmw") and id(a[1]) in near:
                    base = at[id(a[1])] + a[2]
                    starts = (moves[:, None] + (base + steps * a[3])[None, :]).ravel()
                    parts.append((starts, a[4], np.repeat(idx, ns[ph])))
    starts = np.concatenate([x[0] for x in parts])
    ends = np.concatenate([x[0] + x[1] for x in parts])
    who = np.concatenate([x[2] for x in parts])
    order = np.argsort(starts, kind="stable")
    starts, ends, who = starts[order], ends[order], who[order]
    reach = np.maximum.accumulate(ends)
    return not np.any((starts[1:] < reach[:-1]) & (who[1:] != who[:-1]))


def _run_rows(p, scal, phases, ns, move: int, blocks: int, d: int) -> None:
    """`phases`' GM work (`_run_phases` without UB's last writes) for `blocks` kept
    batches of one plan, the first's GM starts moved by `move`, each next one's `d`
    further: one numpy call per op over (rows, blocks, bytes) views."""
    sc = dict(scal)  # (form index -> the loop-invariant scalar)
    for accesses, units in zip(phases, ns, strict=True):
        shadow: dict = {}
        pending: list = []
        for a in accesses:
            kind = a[0]
            if kind == "gmr":
                rows = _rows3(a[1], a[2] + move, a[3], a[4], units, blocks, d)
                pending.append(rows.copy() if a[6][0] else rows)
            elif kind == "ubw" and a[3] is None:  # DataCopy GM -> UB
                shadow[a[1]] = pending.pop()
            elif kind == "ubr":  # (`_tiles_only`: a tile of the iteration)
                pending.append(shadow[a[1]])
            elif kind == "gmw":
                dst = _rows3(a[1], a[2] + move, a[3], a[4], units, blocks, d)
                _store(a, pending.pop(), dst)
            else:  # a vector op
                idx = a[2]
                shadow[a[1]] = _vector_rows(a, p.forms[idx], pending, sc.get(idx))


def _store(a, src, dst: np.ndarray) -> None:
    """A GM write `a` of the batch: `src` (a tile's rows, or a vector op's `_Lazy`,
    computed straight into GM when `a` needs no copy first) into its rows `dst`."""
    if type(src) is _Lazy and not a[6][0]:
        src.into(dst)
    else:
        dst[...] = src.rows() if type(src) is _Lazy else src


def _vector_rows(a, form, pending: list, scalar) -> _Lazy:
    """The rows vector op `a` (its `form`) writes: its reads taken off `pending`, viewed
    as its element type, and (a tensor-scalar op) `scalar` as the op converts it."""
    dt = a[3]
    n = len(form[3])
    args = [r.rows() if type(r) is _Lazy else r for r in pending[-n:]]
    del pending[-n:]
    args = [r.view(dt) for r in args]
    if form[7] is not None:
        args.append(dt.type(scalar))
    return _Lazy(form[6], args, dt)


def _rows3(buf, start: int, stride: int, n: int, units: int, blocks: int, d: int):
    """`_rows` of `blocks` batches whose starts are `d` bytes apart: (units, blocks,
    n) (the bounds were checked batch by batch)."""
    if blocks == 1:
        return _rows(buf, start, stride, n, units)
    u8 = buf.u8
    if u8.flags.c_contiguous:
        return np.ndarray((units, blocks, n), np.uint8, u8, start, (stride, d, 1))
    return as_strided(u8[start:], shape=(units, blocks, n), strides=(stride, d, 1))


# ---------------------------------------------------------------------------
# Another block's steady loop (checker off)
# ---------------------------------------------------------------------------

MAX_TEMPLATES = 4
"""Templates kept per loop and launch (blocks that reach the loop in other states)."""


def _queue_states(queues) -> tuple[dict[int, int], list[tuple]] | None:
    """(each queue's position by id, the state of each queue) as a template compares
    them; None when one of them is not a plain `Queue`."""
    qpos: dict[int, int] = {}
    qs = []
    for i, q in enumerate(queues):
        if type(q) is not Queue:
            return None
        qpos[id(q)] = i
        qs.append((q.depth, q.slot_bytes, q.mem_name, q.position, q.label,
                   tuple(q.free), len(q.waiting), tuple(q.slots)))  # fmt: skip
    return qpos, qs


class _Template:
    """What a block's warm-up proved of a loop, for the launch's later blocks (the race
    checker off): from the state the block had after the loop's first unit (`sig`,
    `mask`), the second unit left the state as it found it (its batch was taken after
    two units, `_steady`).

    A later block whose state after its first unit is the same -- the same counter
    increments in that unit, queue states, local tensors of that unit's values and read
    from outside the body (buffer, place, size, type, liveness, owner), vector mask and
    control registers, and with uninit checking the same written-bytes mask, ranges
    known written and nothing pending -- runs its second unit as the template's block
    did: the body's ops depend on the block only through those and through integers and
    GM sub-tensors (`plan`'s candidates: integers only move GM tensors, and a GM tensor's
    place only decides which bytes move, within bounds the batch checks for every unit
    it runs, and errors nothing else). So the block computes its second unit's integers
    and GM tensors alone (the body's pure ops, `LoopPlan.pure`), takes its first unit's
    local tensors and state for the second's, and `_steady` checks and plans the batch
    from there with the second unit in it (`ahead`): one unit fewer run one by one. Any
    refusal (or an error computing the pure ops) and the block's second unit runs one by
    one as without a template. Launch-scoped (`BlockContext.loops`): the uninit
    findings so far belong to the launch."""

    __slots__ = ("at0", "gm0", "gm1", "locs", "mask", "mask0", "mems", "mids", "plans", "sig",
                 "steps")  # fmt: skip

    @staticmethod
    def signature(p, e, c, queues, states, frames, step, unit) -> tuple | None:
        """The block's state after the loop's first unit, as a template compares it
        (None: one no template is made from or used for)."""
        s0, s1 = states[0], states[-1]
        if s1[3] or (c.uninit is not None and c.uninit.pending is not None):
            return None
        queued = _queue_states(queues)
        if queued is None:
            return None
        qpos, qs = queued
        locs = []
        for f in frames[-unit:]:
            for i in p.locals:
                locs.append(_local_sig(f[i], qpos))
        for slot in p.outer:
            locs.append(_local_sig(e[slot], qpos))
        if None in locs:
            return None
        d1 = tuple(map(operator.sub, s1[0], s0[0]))
        un = None if c.uninit is None else frozenset(c.ubdone)
        return (unit, step, d1, tuple(qs), s1[2], un, tuple(locs))

    @staticmethod
    def make(p: LoopPlan, sig: tuple, c: Any, frames: list, unit: int) -> _Template:
        """The block batched its loop after two units (`frames`): a template of its
        state after the first (the mask: unit 2 marked nothing new, so it is the one
        after unit 1) and the step of each GM tensor of the body per unit."""
        t = _Template()
        t.sig, t.mask = sig, None if c.uninit is None else bytes(c.ubw)
        t.at0 = t.mask0 = t.locs = t.gm0 = t.gm1 = t.mids = None
        t.plans, t.mems = {}, ()
        t.steps = [
            (j, i, frames[unit + j][i].byte_offset - frames[j][i].byte_offset)
            for j in range(unit)
            for i in p.gms
        ]
        return t

    @staticmethod
    def checked(p, e, c, queues, states, frames, unit, done, units, lo, step, trips, sig,
                entry, mids=None):  # fmt: skip
        """A template from a block whose checker's state settles later than the rest
        (a proof's block, `_Proxy`): its state after two units, the checker's left
        out, checked as `_Steady` checks it (None: not steady)."""
        try:
            _steady(p, e, c, queues, states[-3:], frames[-2 * unit :], unit, done, units, lo,
                    step, trips, None)  # fmt: skip
        except Refused:
            return None
        t = _Template.make(p, sig, c, frames[-2 * unit :], unit)
        t.add_entry(p, e, entry, states, frames[-2 * unit :], unit)
        t.add_mids(states, unit, mids)
        return t

    def add_mids(self, states, unit, mids) -> None:
        """The state after each iteration but the last of the second unit (`keep`)."""
        if self.at0 is not None and mids is not None and len(mids) == unit - 1:
            base = states[1][0]
            if not any(m[1] for m in mids):
                self.mids = [(m[0], m[2], list(map(operator.sub, m[3], base))) for m in mids]

    def add_entry(self, p, e, entry, states, frames, unit) -> None:
        """The block's state at the loop's start (`entry`: as `entry` has it, and the
        mask) when its first unit found nothing, its first unit's local tensors (their
        places) and GM tensors (their places, with those read from outside the body:
        the checker's calls of another block are this block's moved by whole pages)."""
        s0, s1 = states[0], states[1]
        if entry is None or (s0[4] is not None and s0[4][1:] != s1[4][1:]):
            return
        self.at0, self.mask0 = entry
        self.locs = [
            [(i, (x.mem_name, x.position, x.offset, x.length, x.dtype, x.elem_type))
             for i in p.locals for x in (frames[j][i],)]
            for j in range(unit)
        ]  # fmt: skip
        self.mems = tuple(sorted({desc[0] for locs in self.locs for _, desc in locs}))
        self.gm1 = [(j, i, frames[j][i].buf, frames[j][i].byte_offset)
                    for j in range(unit) for i in p.gms]  # fmt: skip
        self.gm0 = [(slot, e[slot].buf, e[slot].byte_offset) for slot in p.gm_outer]

    @staticmethod
    def keep(store: dict, p: LoopPlan, sig: tuple, c: Any, frames: list, unit: int,
             entry: tuple | None, states: list, e: list, mids: list | None) -> None:  # fmt: skip
        """`make`, kept for the launch's later blocks, with `add_entry`, and the state
        after each iteration but the last of the second unit (`mids`: free buffers,
        vector mask, counter steps from the unit's start; none when a tensor waits in a
        queue between iterations): a later block's iterations after its whole units
        leave it (they are the first ones of a unit from the steady state)."""
        got = store.setdefault(p, [])
        if len(got) >= MAX_TEMPLATES or any(t.sig == sig for t in got):
            return
        t = _Template.make(p, sig, c, frames, unit)
        t.add_entry(p, e, entry, states, frames, unit)
        t.add_mids(states, unit, mids)
        got.append(t)

    @staticmethod
    def entry(p, e, c, queues, step, unit) -> tuple | None:
        """The block's state at the loop's start as a template compares it, and its
        written-bytes mask (None: one no template is used for)."""
        if c.regs or (c.uninit is not None and c.uninit.pending is not None):
            return None
        queued = _queue_states(queues)
        if queued is None:
            return None
        qpos, qs = queued
        locs = [_local_sig(e[slot], qpos) for slot in p.outer]
        if None in locs:
            return None
        un = None if c.uninit is None else frozenset(c.ubdone)
        return (unit, step, tuple(qs), (c.vmask.counter, c.vmask.bits), un, tuple(locs))

    @staticmethod
    def start(templates, entry, p, e, c, queues, states, unit, lo, step, trips, proxy=None):
        """The whole loop batched (a closure, `units` its units) when a template's block
        started the loop in the block's state, else None.

        From an equal state the block's first unit runs as the template's block's did
        (its ops depend on the block only through that state and through integers and
        GM tensors, as `_Template` has it), so it leaves that block's state after its
        first unit (queues' free buffers, vector mask, written bytes; its local tensors
        freed again, nothing waiting: the template's block found its second unit
        steady), found nothing as that block's found nothing, and the second unit is
        steady from there. The batch runs both units too (`ahead` 2) on local tensors
        at the template's places in this block's memories and the pure ops' integers
        and GM tensors, and the block then takes the template's state after one unit.

        `proxy`: the block follows the proof of the template's block (the checker on;
        its checker's state at the loop's start is the proof's, `_Proxy.start`). Its
        GM tensors are the template's moved by whole pages, each buffer by one move,
        and step as the template's: its checker calls are the proof's moved, and the
        checker takes the proof's state (`_Proxy.jump`) as after a unit followed."""
        if entry is None:
            return None
        for t in templates:
            if t.at0 == entry and (t.mask0 is None or t.mask0 == c.ubw):
                break
        else:
            return None
        units, extra = divmod(trips - 2 * unit, unit)
        if units < MIN_UNITS:
            return None
        tail = rec = None
        if proxy is not None:  # the iterations after: one by one, or as a `_Tail` has them
            left, extra = extra, 0
            if left and t.mids is not None and proxy.cur.tails is not None:
                tail = (units, left)
                rec = proxy.cur.tails.get(tail)
                if rec is not None:
                    extra = left
        elif t.mids is None:  # (the iterations after run one by one)
            extra = 0
        mems = c.onchip.mems
        iv, slots = p.iv, p.values
        frames = []
        try:
            for j in range(2 * unit):
                e[iv] = lo + j * step
                p.pure(e, c)
                frames.append([e[x] for x in slots])
        except Exception:  # (the unit run one by one raises it where it happens)
            return None
        gms = [frames[j][i] for j in range(2 * unit) for i in p.gms]
        gms += [e[slot] for slot in p.gm_outer]
        key = (units, extra, *[id(mems[name]) for name in t.mems])
        try:
            batch = _Template.shifted(t, p, e, c, frames, gms, key, unit, trips)
        except Refused as why:
            if trace is not None:
                trace.append(("refused", "template: " + str(why)))
            return None
        made: dict = {}
        for j, locs in enumerate(t.locs if batch is None else ()):
            for i, desc in locs:
                x = made.get(desc)
                if x is None:
                    x = made[desc] = _planned(mems[desc[0]], desc)
                frames[j][i] = frames[unit + j][i] = x
        sig = t.sig
        qs, vmask = sig[3], sig[4]
        try:
            if batch is None:
                d1 = sig[2]
                state = ([(q[5], 0, list(q[7])) for q in qs], vmask, False)
                s0 = states[0]
                un = s0[4]
                if un is not None:  # (its first unit found nothing: the counts at the start)
                    un = (len(sig[5]), *un[1:])
                s1 = (list(map(operator.add, s0[0], d1)), *state, un, None)
                s2 = (list(map(operator.add, s1[0], d1)), *state, un, None)
                batch = _steady(p, e, c, queues, [s0, s1, s2], frames, unit, 2 * unit, units,
                                lo, step, trips, None, 2, extra)  # fmt: skip
                if len(t.plans) >= 8:
                    t.plans.clear()
                phases_, ns_, _ = batch.plan
                t.plans[key] = ([(g.buf, g.byte_offset) for g in gms], batch.plan,
                                _extents(phases_, ns_))  # fmt: skip
            run = batch if proxy is None else _Template.follow(t, e, frames, unit, proxy, batch)
            if rec is not None:  # (the checker's state after the tail: `rec`'s moved)
                run = rec.follow(p, e, c, proxy, batch, lo, step, units * unit + 2 * unit)
        except Refused as why:
            if trace is not None:
                trace.append(("refused", "template: " + str(why)))
            if proxy is not None:
                proxy.delta = {}  # (the warm-up follows the proof call by call)
            return None

        start_iv = lo  # (the loop's first iteration; `apply` names UB ranges `lo`)

        def apply() -> None:
            run()
            for q, x in zip(queues, qs, strict=True):
                q.free.clear()
                q.free.extend(x[5])
            c.vmask.counter, c.vmask.bits = vmask
            if c.uninit is not None:  # (the ranges the first unit added, all marked)
                ubw, done = c.ubw, c.ubdone
                for key in sig[5]:
                    if key not in done:
                        lo, n = key >> 20, key & 0xFFFFF
                        ubw[lo : lo + n] = _ONES[:n]
                        done.add(key)
            if extra:  # the state after the iterations past the whole units
                frees, mask, steps = t.mids[extra - 1]
                for q, free in zip(queues, frees, strict=True):
                    q.free.clear()
                    q.free.extend(free)
                c.vmask.counter, c.vmask.bits = mask
                cnt = c.cnt
                for i, dv in enumerate(steps):
                    if dv:
                        cnt[i] += dv
            if tail is not None and rec is None:  # the tail one by one, kept for the next
                _Tail.record(p, e, c, proxy, tail, start_iv, step, batch.units * unit)

        apply.units = batch.units  # type: ignore[attr-defined]
        apply.done = batch.units * unit + extra  # type: ignore[attr-defined]
        if tail is not None and rec is None:
            apply.done += tail[1]  # type: ignore[attr-defined]
        if trace is not None:
            trace.append(("template", c.block_idx))
            if proxy is not None:
                trace.append(("reused", c.block_idx))
            trace.append(("batched", batch.units, unit))
        return apply

    @staticmethod
    def shifted(t, p, e, c, frames, gms, key, unit, trips):
        """`start`'s batch from the plan an earlier block made from this template with
        the same units and memories (`plans`), when each GM tensor of this block's first
        two units is that block's moved by one distance: `_steady` would find the same
        local tensors, strides and UB places, the same hazards (they compare addresses
        with each other) and data flow, and the GM starts moved; the integers and the
        moved rows' bounds are checked here. None: no such plan (`_steady` plans)."""
        got = t.plans.get(key)
        if got is None:
            return None
        was, (phases, ns, d_cnt), extents = got
        if len(was) != len(gms):
            return None
        move = None
        for g, (buf, off) in zip(gms, was, strict=True):
            if type(g) is not GlobalTensor or g.buf is not buf:
                return None
            dl = g.byte_offset - off
            if move is None:
                move = dl
            elif dl != move:
                return None
        _ints(p, frames, 2 * unit, trips)
        for buf, lo, hi in extents:  # (each moved row inside its buffer)
            if lo + move < 0 or hi + move > buf.nbytes:
                raise Refused("GM bounds")
        return _batch(p, e, c, phases, ns, d_cnt, ns[-1], None, None, move)

    @staticmethod
    def follow(t, e, frames, unit, proxy, batch):
        """`start`'s batch with the checker's state from the proof (`Refused` when the
        block's GM tensors are not the template's moved as `start` has it)."""
        for j, i, st in t.steps:
            g = frames[unit + j][i]
            if type(g) is not GlobalTensor or g.byte_offset - frames[j][i].byte_offset != st:
                raise Refused("GM steps")
        delta: dict = {}
        mask = proxy.mask
        moves = [(buf, off, frames[j][i]) for j, i, buf, off in t.gm1]
        moves += [(buf, off, e[slot]) for slot, buf, off in t.gm0]
        for buf, off, g in moves:
            if type(g) is not GlobalTensor or g.buf is not buf:
                raise Refused("GM tensors")
            dl = g.byte_offset - off
            if delta.setdefault(id(buf), dl) != dl or dl & mask:
                raise Refused("GM moves")
        proxy.delta = delta
        try:
            return proxy.jump(batch, 0, batch.units)
        except Refused:
            proxy.delta = {}  # (the warm-up follows the proof call by call)
            raise

    @staticmethod
    def reuse(templates, sig, p, e, c, queues, states, frames, unit, done, lo, step, trips,
              proxy=None):  # fmt: skip
        """The batch from the second unit on (a closure, `units` its units) when a
        template matches the block's state after its first unit, else None. `proxy`:
        the block follows the template's block's proof (`_Proxy`; the checker on), its
        first unit's checker calls the proof's moved: with each GM tensor stepping as
        in the template, so are the second's, and the checker's state comes from the
        proof (`_Proxy.jump`, which takes a block batching before the proof's did)."""
        if sig is None:
            return None
        for t in templates:
            if t.sig == sig and (t.mask is None or t.mask == c.ubw):
                break
        else:
            return None
        units = (trips - done - unit) // unit
        if units < MIN_UNITS:
            return None
        # the second unit's integers and GM tensors (the pure ops: only frame values)
        iv, slots, locs = p.iv, p.values, p.locals
        second = []
        try:
            for j in range(unit):
                e[iv] = lo + (done + j) * step
                p.pure(e, c)
                row = [e[x] for x in slots]
                first = frames[len(frames) - unit + j]
                for i in locs:
                    row[i] = first[i]
                second.append(row)
        except Exception:  # (the unit run one by one raises it where it happens)
            return None
        s1 = states[-1]
        s2 = (list(map(operator.add, s1[0], sig[2])), *s1[1:])
        first_ = frames[-unit:]
        try:
            batch = _steady(p, e, c, queues, [states[-2], s1, s2], frames[-unit:] + second,
                            unit, done + unit, units, lo, step, trips, None, 1)  # fmt: skip
            if proxy is not None:
                for j, i, st in t.steps:
                    g = second[j][i]
                    if (
                        type(g) is not GlobalTensor
                        or g.byte_offset - first_[j][i].byte_offset != st
                    ):
                        raise Refused("GM steps")
                apply = proxy.jump(batch, 1, batch.units)
                apply.units = batch.units  # type: ignore[attr-defined]
                batch = apply
        except Refused as why:
            if trace is not None:
                trace.append(("refused", "template: " + str(why)))
            return None
        if trace is not None:
            trace.append(("template", c.block_idx))
            if proxy is not None:
                trace.append(("reused", c.block_idx))
            trace.append(("batched", batch.units, unit))
        return batch


def _tail_places(p, e, c, lo, step, first, count) -> tuple | None:
    """The GM tensors of iterations [first, +count) (the body's pure ops) and their
    copies' GM spans (buffer, start, bytes, written); None when not known."""
    iv, slots = p.iv, p.values
    gms, spans = [], []
    try:
        for i in range(first, first + count):
            e[iv] = lo + i * step
            p.pure(e, c)
            gms.append([(g.buf, g.byte_offset) for j in p.gms for g in (e[slots[j]],)])
            for form in p.forms:
                if form[0] != "copy":
                    continue
                _, _, dst, src, n = form
                g = e[dst]
                if type(g) is GlobalTensor:
                    spans.append((g.buf, g.byte_offset, n, True))
                else:
                    g = e[src]
                    if type(g) is not GlobalTensor:
                        return None
                    spans.append((g.buf, g.byte_offset, n, False))
    except Exception:  # (the iteration run one by one raises it where it happens)
        return None
    return gms, spans


class _Tail:
    """The iterations after the whole units (a tail) of a block that follows a proof
    (the checker on; `_Template.start`), as the first such block ran them one by one:
    its checker's state after them (`state`, each queue by its place), the cross-core
    log of its whole loop (`log`), its GM moves from the proof (`delta`) and the tail's
    GM tensors (`gms`). A later block following the same proof, with as many units and
    tail iterations, starts the loop in the same state (the proof's entry) and runs the
    same ops on GM tensors moved by whole pages (its first units' as `_Template.follow`
    checks, its tail's checked here); the checker's rules compare offsets within a page
    and clock entries only, so its checker ends the loop in this state with its GM
    bytes moved, having found nothing, as this block found nothing. That block batches
    its tail too (the template's `mids`) and takes the state (`follow`)."""

    __slots__ = ("delta", "gms", "log", "state")

    @staticmethod
    def record(p, e, c, proxy, key, lo, step, done) -> None:
        """Run the tail (`key`: units, iterations) from iteration `done` one by one and
        keep it in the followed proof when it found nothing."""
        left = key[1]
        got = _tail_places(p, e, c, lo, step, done, left)
        loops = c.loops
        d = None if loops is None else loops.get(DEFER)
        if d is not None and d.runs and (got is None or d.meets(got[1])):
            d.flush()
        k, s, iv, traced = c.cnt, p.s, p.iv, p.traced
        for i in range(done, done + left):
            e[iv] = lo + i * step
            k[I_S] += s
            k[C_S] += s
            for f in traced:
                f(e, c)
        san, proof = proxy.san, proxy.cur
        if got is None or (len(san.findings), len(san._seen)) != proxy.found:
            return
        delta, qpos = proxy.delta, proxy.qpos
        log = san.order.log[proxy.log0 :]
        bufs = [at[0] for at in san.records if at[0].__class__ is not str]
        bufs += [x[0] for x in san.pending]
        for y in log:
            bufs += [z[0][4] for z in y.base] if y.__class__ is not tuple else [y[4]]
        if any(id(b) not in delta for b in bufs):
            return
        if any(qpos.get(q) is None for q in (*san.fifo, *san.outstanding)) or any(
            qpos.get(q) is None for q, _ in san.freed
        ):
            return
        t = _Tail()
        t.delta, t.gms, t.log = dict(delta), got[0], log
        t.state = (
            san.count[:],
            [row[:] for row in san.known],
            {k: (v[0][:], v[1]) for k, v in san.flags.items()},
            {qpos[q]: [(None if x[0] is None else x[0][:], x[1]) for x in w]
             for q, w in san.fifo.items() if w},
            {(qpos[q], slot): v[:] for (q, slot), v in san.freed.items()},
            {qpos[q]: v[1:] for q, v in san.outstanding.items()},
            {at: list(rs) for at, rs in san.records.items()},
            [(x[0], x[1], x[2], x[3], list(x[4])) for x in san.pending],
        )  # fmt: skip
        if len(proof.tails) < 4:
            proof.tails[key] = t

    def follow(self, p, e, c, proxy, batch, lo, step, done):
        """The block's batch (its tail included) with the checker's state this tail
        left, moved onto the block's GM bytes (`Refused` when its GM tensors are not
        this tail's block's moved by one whole number of pages per buffer)."""
        delta, mask = proxy.delta, proxy.mask
        move = {}
        for b, dl in self.delta.items():
            got = delta.get(b)
            if got is None or (got - dl) & mask:
                raise Refused("tail: GM moves")
            move[b] = got - dl
        places = _tail_places(p, e, c, lo, step, done, len(self.gms))
        if places is None:
            raise Refused("tail: GM tensors")
        for row, want in zip(places[0], self.gms, strict=True):
            for (buf, off), (b2, o2) in zip(row, want, strict=True):
                if buf is not b2 or off - o2 != move.get(id(buf)):
                    raise Refused("tail: GM tensors")
        san, queues = proxy.san, proxy.queues

        def apply() -> None:
            batch()
            self.restore(san, queues, move)
            proxy.following = False  # (done: the checker holds the tail's state)

        return apply

    def restore(self, san, queues, move: dict) -> None:
        """Give `san` this tail's state and log, GM bytes moved by `move`."""
        from collections import deque

        from asc_xdsl.runtime.simulator.gmorder import LogRun
        from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

        count, known, flags, fifo, freed, out, records, pending = self.state
        san.count[:] = count
        san.known = [row[:] for row in known]
        san.flags = {k: (v[0][:], v[1]) for k, v in flags.items()}
        san.fifo = {
            id(queues[pos]): deque(
                (None if x[0] is None else x[0][:], x[1], queues[pos].label) for x in w
            )
            for pos, w in fifo.items()
        }
        san.freed = {(id(queues[pos]), slot): v[:] for (pos, slot), v in freed.items()}
        san.outstanding = {id(queues[pos]): [queues[pos].label, *v] for pos, v in out.items()}
        recs = {}
        for (key, page), rs in records.items():
            if key.__class__ is str:
                recs[(key, page)] = rs[:]
            else:
                dl = move[id(key)]
                recs[(key, page + (dl >> PAGE_SHIFT))] = [
                    (r[0] + dl, r[1] + dl, *r[2:]) for r in rs
                ]
        san.records = recs
        san.pending = [
            (key, first + (move[id(key)] >> PAGE_SHIFT), dp, units,
             [(r[0] + move[id(key)], r[1] + move[id(key)], *r[2:]) for r in rows])
            for key, first, dp, units, rows in pending
        ]  # fmt: skip
        log = san.order.log

        def moved(y):
            dl = move[id(y[4])]
            return (san, y[1], y[2], y[3], y[4], y[5] + dl, y[6] + dl, y[7], y[8], y[9])

        for y in self.log:
            if y.__class__ is tuple:
                log.append(moved(y))
            else:
                log.append(LogRun([(moved(z), dv, db) for z, dv, db in y.base], y.units))


def _planned(mem: np.ndarray, desc: tuple) -> LocalTensor:
    """A local tensor at a template's place, for planning a batch only (the fields
    `_steady` and `_phase_plan` read; the program never sees it)."""
    name, pos, off, length, dt, et = desc
    t = object.__new__(LocalTensor)
    t.mem, t.mem_name, t.position, t.offset, t.length = mem, name, pos, off, length
    t.dtype, t.elem_type, t.itemsize, t.alloc = dt, et, dt.itemsize, _PLANNED
    t.aligned = off % 32 == 0
    t.vec_ok = t.aligned and name == "UB"
    return t


_PLANNED = Allocation()


def _local_sig(t: Any, qpos: dict) -> tuple | None:
    """A local tensor as a template compares it (its memory by name, its owner queue
    by place in the loop's queues)."""
    if type(t) is not LocalTensor:
        return None
    a = t.alloc
    owner = -1 if a.queue is None else qpos.get(id(a.queue), -2)
    return (t.mem_name, t.position, t.offset, t.length, len(t.arr), t.dtype, t.elem_type,
            t.aligned, t.vec_ok, t.shape_info, t.user_tag, a is PERMANENT, a.live, a.slot,
            owner)  # fmt: skip


# ---------------------------------------------------------------------------
# The race checker's state
# ---------------------------------------------------------------------------


def _san_steady(san, a, b, cur, units) -> _Steady:
    """`Refused` unless the checker's state moved steadily (module docstring); else
    what moves it by `units` more units (`_Steady.apply`)."""
    if cur[9] or b[9]:
        raise Refused("cross-core state")
    if cur[7] != a[7]:
        raise Refused("a finding")
    d = [y - x for x, y in zip(b[0], cur[0], strict=True)]
    if d != [y - x for x, y in zip(a[0], b[0], strict=True)]:
        raise Refused("pipe counts")
    if cur[1] != [_shift(row, d) for row in b[1]]:
        raise Refused("clocks")
    if cur[2].keys() != b[2].keys() or any(
        cur[2][k] != (_shift(v[0], d), v[1]) for k, v in b[2].items()
    ):
        raise Refused("flags")
    if cur[3].keys() != b[3].keys() or any(
        cur[3][k] != [(_shift(x[0], d), *x[1:]) for x in v] for k, v in b[3].items()
    ):
        raise Refused("queue handoffs")
    if cur[4].keys() != b[4].keys() or any(cur[4][k] != _shift(v, d) for k, v in b[4].items()):
        raise Refused("freed buffers")
    if cur[5] != b[5]:
        raise Refused("outstanding")
    from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

    def rec(r, m, dbytes=0):
        lo, hi, pipe, index, w, op, step = r
        return (lo + m * dbytes, hi + m * dbytes, pipe, index + m * d[pipe], w, op, step)

    recs_a, recs_b, recs_c = a[6], b[6], cur[6]
    if not (recs_a.keys() <= recs_b.keys() <= recs_c.keys()):
        raise Refused("records dropped")
    moving = []
    for key, rs in recs_b.items():
        now = recs_c[key]
        if now == rs:
            continue
        if now != [rec(r, 1) for r in rs]:
            raise Refused("page records")
        moving.append(key)
    new_b = [k for k in recs_c if k not in recs_b]
    new_a = [k for k in recs_b if k not in recs_a]
    if len(new_a) != len(new_b):
        raise Refused("new pages")
    shifts: dict = {}
    for ka, kb in zip(new_a, new_b, strict=True):
        if ka[0].__class__ is str or ka[0] is not kb[0]:
            raise Refused("new local pages")
        dp = kb[1] - ka[1]
        if shifts.setdefault(kb[0], dp) != dp or dp == 0:
            raise Refused("GM pages not shifting")
        dbytes = dp << PAGE_SHIFT
        if recs_c[kb] != [rec(r, 1, dbytes) for r in recs_b[ka]]:
            raise Refused("GM page records")
    new = [(key, page, shifts[key]) for key, page in new_b]
    _fresh(recs_c, san.pending, san.has_page, new, units)
    # the cross-core log
    log_entries = None
    order = san.order
    if order is not None:
        la, lb, lc = a[8], b[8], cur[8]
        ea, eb = order.log[la:lb], order.log[lb:lc]
        if len(ea) != len(eb):
            raise Refused("log")
        log_entries = []
        for x, y in zip(ea, eb, strict=True):
            # (self, op, pipe, index, across, lo, hi, write, atomic, stride)
            if (
                x[0] is not y[0] or x[1] is not y[1] or x[2] != y[2] or x[4] is not y[4]
                or x[7:] != y[7:] or y[3] - x[3] != d[y[2]] or y[6] - y[5] != x[6] - x[5]
            ):  # fmt: skip
                raise Refused("log entries")
            log_entries.append((y, y[5] - x[5]))
    return _Steady(d, moving, new, log_entries)


def _fresh(records, pending, has_page, new: list, units: int) -> None:
    """`Refused` unless the pages of the remaining units, page + m * dp (m in 1..units)
    of each GM page first touched in the last unit, hold no record: a page of the
    buffer with records, or a pending one, on that progression refuses."""
    held: dict = {}
    keys = {key for key, _, _ in new}
    for k, page in records:
        if k in keys:
            held.setdefault(k, []).append(page)
    for key, first, dp in new:
        for page in held.get(key, ()):
            m, off = divmod(page - first, dp)
            if not off and 1 <= m <= units:
                raise Refused("GM pages not fresh")
        if any(p[0] is key for p in pending):  # (a loop batched before: page by page)
            for m in range(1, units + 1):
                if has_page((key, first + m * dp)):
                    raise Refused("GM pages not fresh")


class _Steady:
    """The checker's steady period (`_san_steady`): `d`, the accesses of each pipe per
    unit; `moving`, the record pages whose records move by `d` alone each unit; `new`,
    (key, page, dp) of each GM page first touched in the last unit, the next unit
    touching page + dp; `log`, (entry, byte step) of the last unit's cross-core log
    entries (None: no cross-core log)."""

    __slots__ = ("d", "log", "moving", "new")

    def __init__(self, d: list, moving: list, new: list, log: list | None):
        self.d, self.moving, self.new, self.log = d, moving, new, log

    def apply(self, san: Any, units: int) -> None:
        """Move `san`'s state `units` units on."""
        d = self.d
        cnt = san.count
        for i, dv in enumerate(d):
            cnt[i] += units * dv
        san.known = [_shift(row, d, units) for row in san.known]
        for k, (snap, op) in list(san.flags.items()):
            san.flags[k] = (_shift(snap, d, units), op)
        for waiting in san.fifo.values():
            for i, x in enumerate(waiting):
                waiting[i] = (_shift(x[0], d, units), *x[1:])
        for k, v in san.freed.items():
            san.freed[k] = _shift(v, d, units)
        records = san.records
        for key in self.moving:
            records[key] = [
                (lo, hi, pipe, index + units * d[pipe], w, op, step)
                for lo, hi, pipe, index, w, op, step in records[key]
            ]
        from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

        for key, page, dp in self.new:  # made when touched (BlockSanitizer.pending)
            db = dp << PAGE_SHIFT
            rows = [(lo, hi, pipe, index, d[pipe], db, w, op, step)
                    for lo, hi, pipe, index, w, op, step in records[(key, page)]]  # fmt: skip
            san.pending.append((key, page, dp, units, rows))
        if self.log is not None:
            from asc_xdsl.runtime.simulator.gmorder import LogRun

            san.order.log.append(LogRun([(y, d[y[2]], db) for y, db in self.log], units))


# ---------------------------------------------------------------------------
# Another block's proof (the checker's warm-up, done once per launch and loop)
# ---------------------------------------------------------------------------

MAX_PROOFS = 4
"""Proofs kept per loop and launch (blocks whose tiles sit at other offsets in the
checker's pages, or that run another access pattern, each prove their own)."""

_QUEUE_CALLS = ("alloc", "free", "enque", "deque")
"""The checker's queue methods; a recorded call's kind is 1 + the index here (0: an
access)."""


class _Proof:
    """A block's checked warm-up of a loop, for the blocks after it (`_Proxy`):

    - `entry`: the checker's state at the loop's start (`_entry`), which the other
      block's must equal;
    - `calls`: the checker calls of its warm-up (`units` units), each queue by its
      place in the loop's queues; periodic from the first unit (`_periodic`);
    - `state`: the checker's state when the batch was taken (`_snapshot`), `steady`
      its steady period (`_Steady`), `log` the cross-core log entries of the warm-up;
    - `prog`: the warm-up's GM page records and log entries as progressions over the
      units from a unit 0 before the first (`_progression`), or None;
    - `finals`: per count of units after the warm-up, the state they leave (`final`);
    - `bufs`: the GM buffers of its records and log."""

    __slots__ = ("bufs", "calls", "entry", "finals", "log", "prog", "state", "steady",
                 "tails", "template", "units")  # fmt: skip

    def final(self, extra: int) -> tuple | None:
        """The checker's state `extra` units after the warm-up, but the GM records
        (held apart by key: local, GM), or None when the pages of those units are not
        fresh."""
        got = self.finals.get(extra, False)
        if got is not False:
            return got
        count, known, flags, fifo, freed, out, records = self.state
        st = self.steady
        d = st.d
        try:
            _fresh(records, (), None, st.new, extra)
        except Refused:
            self.finals[extra] = None
            return None
        moving = set(st.moving)
        local, gm = {}, {}
        for at, rs in records.items():
            if at in moving:
                rs = [(lo, hi, q, i + extra * d[q], w, op, st) for lo, hi, q, i, w, op, st in rs]
            (local if at[0].__class__ is str else gm)[at] = rs
        got = self.finals[extra] = (
            [x + extra * dv for x, dv in zip(count, d, strict=True)],
            [_shift(row, d, extra) for row in known],
            {k: (_shift(v[0], d, extra), v[1]) for k, v in flags.items()},
            {pos: [(_shift(x[0], d, extra), x[1]) for x in w] for pos, w in fifo.items()},
            {k: _shift(v, d, extra) for k, v in freed.items()},
            out,
            local,
            gm,
        )
        return got


def _progression(state: tuple, steady: _Steady, log: list, k: int) -> tuple | None:
    """The warm-up's (`k` units) GM page records and cross-core log entries as
    progressions: (pending, log base) each from a unit 0 before the first, so that unit
    m's are unit 0's moved m units (`BlockSanitizer.pending`, `gmorder.LogRun`); None
    when they are not (pages holding records of several units, ...)."""
    from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

    d, records = steady.d, state[6]
    if any(at[0].__class__ is not str for at in steady.moving):
        return None
    pending, want = [], set()
    for key, page, dp in steady.new:
        db = dp << PAGE_SHIFT
        rows = records[(key, page)]
        want.add((key, page))
        for j in range(1, k):
            at = (key, page - j * dp)
            moved = [(lo - j * db, hi - j * db, q, i - j * d[q], w, op, st)
                     for lo, hi, q, i, w, op, st in rows]  # fmt: skip
            if records.get(at) != moved:
                return None
            want.add(at)
        pending.append((key, page - k * dp, dp, [
            (lo - k * db, hi - k * db, q, i - k * d[q], d[q], db, w, op, st)
            for lo, hi, q, i, w, op, st in rows
        ]))  # fmt: skip
    if want != {at for at in records if at[0].__class__ is not str}:
        return None
    if steady.log is None:
        return pending, None
    per = len(steady.log)
    if len(log) != k * per:
        return None
    for j in range(k):  # unit j + 1 of the warm-up: the last unit moved k - 1 - j back
        m = k - 1 - j
        for (y, db), x in zip(steady.log, log[j * per : (j + 1) * per], strict=True):
            dv = d[y[2]]
            if x != (y[0], y[1], y[2], y[3] - m * dv, y[4], y[5] - m * db, y[6] - m * db,
                     y[7], y[8], y[9]):  # fmt: skip
                return None
    base = [((y[0], y[1], y[2], y[3] - k * d[y[2]], y[4], y[5] - k * db, y[6] - k * db,
              y[7], y[8], y[9]), d[y[2]], db) for y, db in steady.log]  # fmt: skip
    return pending, base


class _Remap:
    """Another block's checker keys and cross-core log entries moved onto this block's
    GM bytes: each GM buffer by `delta[id(buffer)]` bytes (a whole number of the
    checker's pages), local memories as they are."""

    __slots__ = ("delta", "san", "shift")

    def __init__(self, delta: dict, san: Any):
        from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

        self.delta, self.san, self.shift = delta, san, PAGE_SHIFT

    def key(self, at: tuple) -> tuple:
        key, page = at
        if key.__class__ is str:
            return at
        return key, page + (self.delta[id(key)] >> self.shift)

    def entry(self, y: tuple) -> tuple:
        dl = self.delta[id(y[4])]
        return (self.san, y[1], y[2], y[3], y[4], y[5] + dl, y[6] + dl, y[7], y[8], y[9])

    def rows(self, key: Any, rows: list) -> list:
        dl = self.delta[id(key)]
        return [(lo + dl, hi + dl, *r) for lo, hi, *r in rows]


_EMPTY: dict = {}


def _entry(san: Any, qpos: dict) -> tuple | None:
    """The checker's state at a loop's start, each queue by its place in the loop's
    queues, for comparing blocks (None: a state no proof is reused from: GM records,
    pending pages, cross-core or shared state, traffic of a queue outside the loop)."""
    if (
        san.pending
        or san.held
        or san.xclocks is not None
        or san.shared
        or san.vf_spans is not None
        or san.regs.get("ATOMIC") is not None
    ):
        return None
    head = (san.mode, id(san.always), san.absent, tuple(san.count))
    if not (san.records or san.fifo or san.freed or san.outstanding or san.flags or any(head[3])):
        return head  # (a loop at the block's start: nothing else to compare)
    recs = {}
    for at, rs in san.records.items():
        if at[0].__class__ is not str:
            return None
        recs[at] = tuple(rs)
    fifo = {}
    for qid, waiting in san.fifo.items():
        if waiting:
            pos = qpos.get(qid)
            if pos is None:
                return None
            fifo[pos] = tuple((None if x[0] is None else tuple(x[0]), x[1]) for x in waiting)
    freed = {}
    for (qid, slot), v in san.freed.items():
        pos = qpos.get(qid)
        if pos is None:
            return None
        freed[(pos, slot)] = tuple(v)
    out = {}
    for qid, v in san.outstanding.items():
        pos = qpos.get(qid)
        if pos is None:
            return None
        out[pos] = (v[1], v[2])
    flags = {k: (tuple(v[0]), v[1]) for k, v in san.flags.items()}
    return (*head, tuple(map(tuple, san.known)), flags, fifo, freed, out, recs)


def _snapshot(san: Any, qpos: dict) -> tuple:
    """The checker's state, each queue by its place in the loop's queues (`_entry`
    held that no other queue has any)."""
    return (
        san.count[:],
        [row[:] for row in san.known],
        dict(san.flags),
        {qpos[q]: [x[:2] for x in w] for q, w in san.fifo.items() if w},
        {(qpos[q], slot): v for (q, slot), v in san.freed.items()},
        {qpos[q]: v[1:] for q, v in san.outstanding.items()},
        {at: list(rs) for at, rs in san.records.items()},
    )


def _materialize(san: Any, proof: _Proof, final: tuple, extra: int, queues: list, to: _Remap):
    """Give `san` the state the proof's block has `extra` units after its warm-up
    (`_Proof.final`), its GM bytes moved by `to`, and the cross-core log entries of
    the whole loop (its warm-up's and the batch's)."""
    from collections import deque

    from asc_xdsl.runtime.simulator.gmorder import LogRun

    count, known, flags, fifo, freed, out, local, gm = final
    san.count[:] = count
    san.known = [row[:] for row in known]
    san.flags = dict(flags)
    san.fifo = {
        id(queues[pos]): deque((x[0], x[1], queues[pos].label) for x in w)
        for pos, w in fifo.items()
    }
    san.freed = {(id(queues[pos]), slot): v for (pos, slot), v in freed.items()}
    san.outstanding = {id(queues[pos]): [queues[pos].label, *v] for pos, v in out.items()}
    records = {at: rs[:] for at, rs in local.items()}
    steady, log = proof.steady, san.order.log
    if proof.prog is not None:  # the whole loop's GM records and log as progressions
        pend, base = proof.prog
        units = proof.units + extra
        delta, shift = to.delta, to.shift
        pending = []
        for key, first, dp, rows in pend:
            dl = delta[id(key)]
            pending.append((key, first + (dl >> shift), dp, units, [
                (r[0] + dl, r[1] + dl, *r[2:]) for r in rows
            ]))  # fmt: skip
        san.pending = pending
        if base is not None:
            runs = []
            for y, dv, db in base:
                dl = delta[id(y[4])]
                runs.append(((san, y[1], y[2], y[3], y[4], y[5] + dl, y[6] + dl, y[7], y[8],
                              y[9]), dv, db))  # fmt: skip
            log.append(LogRun(runs, units))
    else:
        for at, rs in gm.items():
            records[to.key(at)] = to.rows(at[0], rs)
        from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

        d = steady.d
        san.pending = [
            (*to.key((key, page)), dp, extra, to.rows(key, [
                (lo, hi, q, i, d[q], dp << PAGE_SHIFT, w, op, st)
                for lo, hi, q, i, w, op, st in gm[(key, page)]
            ]))
            for key, page, dp in steady.new
        ]  # fmt: skip
        log.extend(to.entry(y) for y in proof.log)
        if steady.log is not None:
            log.append(LogRun([(to.entry(y), d[y[2]], db) for y, db in steady.log], extra))
    san.records = records


def _spans_match(spans: list, want: list, delta: dict, mask: int) -> bool:
    """An access's spans are a proof's moved by `delta` (a GM buffer met first here: its
    move, a whole number of pages, set now)."""
    if len(spans) != len(want):
        return False
    for (key, lo, hi, w), (k2, lo2, hi2, w2) in zip(spans, want, strict=True):
        if w != w2:
            return False
        if key.__class__ is str:
            if key != k2 or lo != lo2 or hi != hi2:
                return False
            continue
        dl = lo - lo2
        if key is not k2 or hi - hi2 != dl:
            return False
        got = delta.get(id(key))
        if got is None:
            if dl & mask:
                return False
            delta[id(key)] = dl
        elif got != dl:
            return False
    return True


def _call_matches(x: tuple, y: tuple, qpos: dict, delta: dict, mask: int) -> bool:
    """A checker call made (`_Proxy.seen`) against a proof's (`_Proof.calls`)."""
    if x[0] != y[0] or x[1] is not y[1]:
        return False
    if x[0] == 0:
        return (
            x[2] == y[2]
            and x[4] is None
            and y[4] is None
            and x[5] == y[5]
            and _spans_match(x[3], y[3], delta, mask)
        )
    return qpos.get(id(x[3])) == y[2] and (x[0] > 2 or x[4].alloc.slot == y[3])


def _normal(x: tuple, qpos: dict) -> tuple:
    """A recorded call as a proof keeps it (a queue by its place, a tensor by its
    buffer)."""
    if x[0] == 0:
        return x
    return (x[0], x[1], qpos[id(x[3])], x[4].alloc.slot if x[0] <= 2 else None)


def _periodic(calls: list, n: int, units: int) -> bool:
    """Whether the calls of every unit are the first unit's, each GM span moved by its
    own step per unit (the second unit's move) and every other argument the same."""
    first, second = calls[:n], calls[n : 2 * n]
    steps = []
    for x, y in zip(first, second, strict=True):
        if x[0] != y[0] or x[1] is not y[1] or x[2] != y[2]:
            return False
        if x[0]:
            if x[3] != y[3]:
                return False
            steps.append(None)
            continue
        if x[4] is not None or y[4] is not None or x[5] != y[5] or len(x[3]) != len(y[3]):
            return False
        row = []
        for (k1, lo1, hi1, w1), (k2, lo2, hi2, w2) in zip(x[3], y[3], strict=True):
            if (k1 is not k2 and k1 != k2) or w1 != w2 or hi2 - lo2 != hi1 - lo1:
                return False
            if k1.__class__ is str and lo1 != lo2:
                return False
            row.append(lo2 - lo1)
        steps.append(row)
    for m in range(2, units):
        for j, x in enumerate(first):
            y = calls[m * n + j]
            if x[0] != y[0] or x[1] is not y[1] or x[2] != y[2]:
                return False
            if x[0]:
                if x[3] != y[3]:
                    return False
                continue
            if len(x[3]) != len(y[3]) or y[4] is not None or x[5] != y[5]:
                return False
            for (k1, lo1, hi1, w1), (k2, lo2, hi2, w2), st in zip(x[3], y[3], steps[j], strict=True):  # fmt: skip
                if (k1 is not k2 and k1 != k2) or w1 != w2 or lo2 != lo1 + m * st or hi2 != hi1 + m * st:  # fmt: skip
                    return False
    return True


def _queue_call(kind: int):
    """`_Proxy`'s queue method of kind `kind` (1 + its index in `_QUEUE_CALLS`)."""
    name = _QUEUE_CALLS[kind - 1]
    slotted = kind <= 2  # (AllocTensor/FreeTensor: the buffer slot is compared too)

    def call(self, op, events, queue, tensor) -> None:
        seen = self.seen
        i = len(seen)
        seen.append((kind, op, events, queue, tensor))
        if not self.following:
            getattr(self.san, name)(op, events, queue, tensor)
            return
        calls = self.calls
        if i < len(calls):
            y = calls[i]
            if (
                y[1] is op
                and y[0] == kind
                and self.qpos.get(id(queue)) == y[2]
                and (not slotted or tensor.alloc.slot == y[3])
            ):
                return
        self._mismatch()

    call.__name__ = call.__qualname__ = name
    return call


class _Proxy:
    """Stands in for a block's checker (`c.san`) during a loop's warm-up.

    *Recording* (no proof of this loop in this launch fits yet): every call goes on to
    the checker and is kept; when the block takes its batch, its warm-up becomes a
    `_Proof` for the blocks after it (`prove`).

    *Following* a proof: each call is compared with the proof's call at the same place
    and not made. The checker's rules only compare byte offsets with each other
    (within a page of `PAGE_SHIFT` bytes: records are kept per page) and clock entries
    with each other, and take maxima of the clocks; so from an equal state, calls that
    are the proof's with the same ops, pipes, local bytes, queue places and buffer
    slots, and each GM buffer's bytes moved by one whole number of pages, leave the
    proof's state with those GM bytes moved, and report nothing where the proof's
    block reported nothing (a proof is made only from a warm-up without findings).
    The first call that differs (and no other proof matches all calls so far) ends
    the following: the calls so far are made on the checker (`diverge`, which reports
    what that call reports, at its op) and the warm-up goes on checked. When the block
    takes its batch (`jump`), the checker gets the proof's state at its batch, moved,
    and the rest of the steady period; the proof's block took its batch `k` units in,
    this block `u` units in: its units u+1..k are the proof's moved (the proof's calls
    are periodic from its first unit, this block's unit u is the proof's unit u moved,
    and its later units repeat unit u with each GM span stepping as the batch's data
    plan proves), so the proof's state at unit k stands for this block's there too.
    """

    __slots__ = (
        "calls",
        "cands",
        "cur",
        "delta",
        "entry",
        "following",
        "found",
        "log0",
        "mask",
        "plan",
        "qpos",
        "queues",
        "san",
        "seen",
    )

    @staticmethod
    def start(p: LoopPlan, san: Any, queues: list) -> _Proxy | None:
        order = san.order
        if order is None or not order.deferred:
            return None
        qpos = {id(q): i for i, q in enumerate(queues)}
        entry = _entry(san, qpos)
        if entry is None:
            return None
        proofs = order.proofs.get(p, ())
        cands = [x for x in proofs if x.entry == entry]
        if not cands and len(proofs) >= MAX_PROOFS:
            return None
        from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

        self = _Proxy()
        self.san, self.plan, self.queues, self.qpos, self.entry = san, p, queues, qpos, entry
        self.mask = (1 << PAGE_SHIFT) - 1
        self.cands = cands
        self.following = bool(cands)
        self.cur = cands[0] if cands else None
        self.calls = self.cur.calls if cands else []
        self.delta: dict = {}
        self.seen: list = []
        self.log0 = len(order.log)
        self.found = (len(san.findings), len(san._seen))
        return self

    # -- the checker's calls in a batchable loop body ---------------------------------
    # (each call of a following block is one of these and a comparison: kept flat, no
    # call in between; `_spans_match` and `_call_matches` say the same at a mismatch)
    def access(self, op, pipe, spans, strides=None, exact=True) -> None:
        seen = self.seen
        i = len(seen)
        seen.append((0, op, pipe, spans, strides, exact))
        if not self.following:
            self.san.access(op, pipe, spans, strides, exact)
            return
        calls = self.calls
        if i < len(calls):
            y = calls[i]
            want = y[3]
            if (
                y[1] is op
                and y[0] == 0
                and y[2] == pipe
                and strides is None
                and y[4] is None
                and exact == y[5]
                and len(spans) == len(want)
            ):
                delta = self.delta
                for (key, lo, hi, w), (k2, lo2, hi2, w2) in zip(
                    spans, want, strict=False
                ):  # (lengths equal)
                    if w != w2:
                        break
                    if key.__class__ is str:
                        if key != k2 or lo != lo2 or hi != hi2:
                            break
                        continue
                    dl = lo - lo2
                    if key is not k2 or hi - hi2 != dl:
                        break
                    got = delta.get(id(key))
                    if got is None:  # (a GM buffer met first here: its move set now)
                        if dl & self.mask:
                            break
                        delta[id(key)] = dl
                    elif got != dl:
                        break
                else:
                    return
        self._mismatch()

    alloc = _queue_call(1)
    free = _queue_call(2)
    enque = _queue_call(3)
    deque = _queue_call(4)

    # -- leaving a proof ---------------------------------------------------------------
    def _mismatch(self) -> None:
        """The last call is not the proof's: another proof that matches every call so
        far is followed, else the checker takes over."""
        for cand in self.cands:
            if cand is self.cur or len(cand.calls) < len(self.seen):
                continue
            delta: dict = {}
            if all(
                _call_matches(x, y, self.qpos, delta, self.mask)
                for x, y in zip(self.seen, cand.calls, strict=False)
            ):
                self.cur, self.calls, self.delta = cand, cand.calls, delta
                return
        self.diverge()

    def diverge(self) -> None:
        """Stop following: the calls so far made on the block's checker, in order (only
        the last can report: the ones before are the proof's moved)."""
        self.following = False
        san = self.san
        for x in self.seen:
            if x[0] == 0:
                san.access(x[1], x[2], x[3], x[4], x[5])
            else:
                getattr(san, _QUEUE_CALLS[x[0] - 1])(x[1], x[2], x[3], x[4])

    # -- batches ---------------------------------------------------------------------
    def jump(self, batch: Any, u: int, units: int) -> Any:
        """The batch (taken `u` units in, `units` units more) with the checker's state
        from the proof followed: `Refused` ("proof: ...") when it does not reach."""
        proof = self.cur
        extra = units - (proof.units - u)
        if extra < 0:
            raise Refused("proof: fewer units than its warm-up")
        if any(id(b) not in self.delta for b in proof.bufs):
            raise Refused("proof: a GM buffer not met")
        final = proof.final(extra)
        if final is None:
            raise Refused("proof: GM pages not fresh")
        san, queues = self.san, self.queues
        to = _Remap(self.delta, san)

        def apply() -> None:
            batch()
            _materialize(san, proof, final, extra, queues, to)
            self.following = False  # (done: the checker holds the proof's state)

        return apply

    def prove(self, batch: Any, u: int) -> _Proof | None:
        """This block's warm-up (checked, without findings) as a proof for the blocks
        after it, when its calls are periodic from the first unit."""
        san, steady = self.san, batch.steady
        order = san.order
        if steady is None or (len(san.findings), len(san._seen)) != self.found:
            return
        proofs = order.proofs.setdefault(self.plan, [])
        seen = self.seen
        n = len(seen) // u
        if len(proofs) >= MAX_PROOFS or n * u != len(seen) or not n:
            return
        log = order.log[self.log0 :]
        if any(y.__class__ is not tuple for y in log):
            return
        qpos = self.qpos
        calls = [_normal(x, qpos) for x in seen]
        if not _periodic(calls, n, u):
            return
        proof = _Proof()
        proof.entry, proof.calls, proof.units = self.entry, calls, u
        proof.state, proof.steady, proof.log = _snapshot(san, qpos), steady, log
        proof.prog = _progression(proof.state, steady, log, u)
        proof.finals = {}
        bufs = {id(y[4]): y[4] for y in log}
        for key, _ in proof.state[6]:
            if key.__class__ is not str:
                bufs[id(key)] = key
        for x in calls:
            for sp in x[3] if x[0] == 0 else ():
                if sp[0].__class__ is not str:
                    bufs[id(sp[0])] = sp[0]
        proof.bufs = list(bufs.values())
        proof.template = None
        proof.tails = {}
        proofs.append(proof)
        return proof
