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

The batched data: GM sources are strided numpy views (one row per iteration), each
UB tile a (iterations, bytes) array that a later op of the same iteration reads back
(a UB read that is not exactly a tile written earlier in the iteration, and overlaps
one the body writes, refuses the batch); the GM writes go to strided views; UB keeps
what the last iteration of each phase wrote. GM accesses of different iterations
that overlap (one writing), out-of-bounds ones, a nonzero control register: the batch
is refused and the loop runs one by one, so every error is raised where it happens.

`ASC_XDSL_SIM_BATCH=0` (read at each loop) turns batching off; the differential test
(tests/unit/test_sim_batching.py) compares both ways.
"""

from __future__ import annotations

import math
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
from asc_xdsl.runtime.simulator.memory import GlobalTensor, LocalTensor
from asc_xdsl.runtime.simulator.profile import C_S, I_S

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
        self.fails = 0
        """Runs in a row that ended without a batch (see GIVE_UP)."""
        self.settled = [0, 0]
        """The warm-up units after which the last batch was taken, without and with the
        race checker (0: none yet)."""
        self.where = {x: i for i, x in enumerate(self.values)}
        """Slot -> position in a recorded frame (the body's values)."""


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
    done = 0
    frames: list[list] = []
    # no try before the warm-up units the loop's last batch took (the units before are
    # refused again: a block's loop settles where the block before settled), and no
    # state taken that no try compares
    checked = c.san is not None  # (the checker's state settles later)
    first = max(2, p.settled[checked])
    states = [_state(e, c, queues)] if first == 2 else []
    k = c.cnt
    s, iv, traced, slots = p.s, p.iv, p.traced, p.values
    for u in range(1, MAX_WARMUP_UNITS + 1):
        for _ in range(unit):
            e[iv] = lo + done * step
            k[I_S] += s
            k[C_S] += s
            for f in traced:
                f(e, c)
            frames.append([e[x] for x in slots])
            done += 1
        if u >= first - 2:
            states.append(_state(e, c, queues))
        if u < 2:
            continue
        units = (trips - done) // unit
        if units < MIN_UNITS:
            p.fails += 1
            return done
        if u < first:
            continue
        try:
            batch = _steady(p, e, c, queues, states[-3:], frames[-2 * unit :], unit, done, units,
                            lo, step, trips)  # fmt: skip
        except Refused as why:
            if trace is not None:
                trace.append(("refused", str(why)))
            continue
        if trace is not None:
            trace.append(("batched", units, unit))
        p.settled[checked] = u
        # (the collector is the caller's: left running; the batch's log entries are
        # one LogRun, not one object per access)
        batch()
        p.fails = 0
        return done + units * unit
    p.fails += 1
    return done


def _state(e: list, c: Any, queues: list) -> tuple:
    san = c.san
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


def _steady(p, e, c, queues, states, frames, unit, done, units, lo, step, trips):
    """The batch of the remaining `units` units if the last two units were steady
    (a closure applying it), else `Refused`."""
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
    san_apply = None
    if s2[5] is not None:
        san_apply = _san_steady(c.san, s0[5], s1[5], s2[5], units)
    # -- values: local tensors periodic, GM tensors and integers affine --
    last_t = trips - 1
    a_frames, b_frames = frames[:unit], frames[unit:]
    where = p.where
    for slot, ilo, ihi in p.ints:
        i = where[slot]
        vals = [f[i] for f in frames]
        if any(type(v) is not int for v in vals):
            raise Refused("integer")
        diff = vals[1] - vals[0]
        if any(vals[j + 1] - vals[j] != diff for j in range(len(vals) - 1)):
            raise Refused("not affine")
        end = vals[-1] + diff * (last_t - (done - 1))
        if not (ilo <= end <= ihi and ilo <= vals[0] <= ihi):
            raise Refused("an integer wraps")
    for i in range(len(p.values)):
        for fa, fb in zip(a_frames, b_frames, strict=True):
            va, vb = fa[i], fb[i]
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
    phases = [_phase_plan(p, where, e, a_frames[ph], b_frames[ph], units) for ph in range(unit)]
    _gm_hazards(phases, units)
    _ub_dataflow(phases)

    def apply() -> None:
        _run_phases(p, e, phases, units)
        cnt = c.cnt
        for i, dv in enumerate(d_cnt):
            if dv:
                cnt[i] += dv * units
        if san_apply is not None:
            san_apply()

    return apply


def _phase_plan(p, where, e, fa, fb, units):
    """The ops of one phase as accesses with concrete places: ("gmr"/"gmw", buf, start,
    stride per unit, nbytes, op index), ("ubr"/"ubw", (mem, lo, hi), ...)."""
    out = []

    def at(frame, slot):  # a value of the body, or a loop invariant (in the frame)
        i = where.get(slot)
        return e[slot] if i is None else frame[i]

    for idx, form in enumerate(p.forms):
        if form[0] == "copy":
            _, _, dst, src, n = form
            d, s = at(fb, dst), at(fb, src)
            if isinstance(d, LocalTensor):  # GM -> UB
                g, ga = s, at(fa, src)
                t = d
                read = True
            else:
                g, ga = d, at(fa, dst)
                t = s
                read = False
            # (the tensors are those of the unit before, where the op passed its checks
            # with the same queue state: liveness is not looked at again)
            if not t.aligned or n > t.length * t.itemsize:
                raise Refused("window")
            stride = g.byte_offset - ga.byte_offset
            start = g.byte_offset + stride
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
            ts = [at(fb, x) for x in (*srcs, dst)]
            for t in ts:
                if not (t.vec_ok and count <= t.length):
                    raise Refused("vector operand")
            nbytes = count * dt.itemsize
            for t in ts[:-1]:
                out.append(("ubr", (id(t.mem), t.offset, t.offset + nbytes), idx, t.mem))
            t = ts[-1]
            out.append(("ubw", (id(t.mem), t.offset, t.offset + nbytes), idx, dt, t.mem))
    return out


def _ub_dataflow(phases) -> None:
    """Refuse unless each UB read is a tile its iteration wrote before, whole, or bytes
    no iteration writes (read where they are)."""
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


def _gm_hazards(phases, units: int) -> None:
    """Refuse when GM bytes one iteration writes are touched by another; mark the GM
    reads an iteration's own later write may change (read into a copy)."""
    accs = []
    for ph, accesses in enumerate(phases):
        for a in accesses:
            if a[0] in ("gmr", "gmw"):
                accs.append((ph, a[0] == "gmw", _address(a[1]) + a[2], a[3], a[4], a))
    for i, (ph1, w1, b1, s1, n1, a1) in enumerate(accs):
        for ph2, w2, b2, s2, n2, a2 in accs[i:]:
            if not (w1 or w2):
                continue
            lo1, hi1 = b1 + min(0, s1 * (units - 1)), b1 + max(0, s1 * (units - 1)) + n1
            lo2, hi2 = b2 + min(0, s2 * (units - 1)), b2 + max(0, s2 * (units - 1)) + n2
            if hi1 <= lo2 or hi2 <= lo1:
                continue
            if s1 != s2 or s1 == 0:
                raise Refused("GM accesses meet")
            # unit steps k (|k| < units) with [b1 + k s, +n1) meeting [b2, +n2)
            diff = b1 - b2
            k0, k1 = sorted(((-n1 - diff) / s1, (n2 - diff) / s1))
            for k in range(max(-(units - 1), math.floor(k0)), min(units - 1, math.ceil(k1)) + 1):
                x = diff + k * s1
                if -n1 < x < n2:
                    if k != 0 or ph1 != ph2:
                        raise Refused("GM overlap across iterations")
                    if a1 is not a2:  # the same iteration: the read into a copy, the
                        for r in (a1, a2):  # write through its own rows
                            r[6][0] = True


def _rows(buf, start: int, stride: int, n: int, units: int) -> np.ndarray:
    base = buf.u8[start:]
    return as_strided(base, shape=(units, n), strides=(stride, 1))


def _run_phases(p, e, phases, units) -> None:
    """Each phase's ops over its `units` iterations, then UB's last writes."""
    finals = []
    for accesses in phases:
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
                src = pending.pop()
                dst = _rows(a[1], a[2], a[3], a[4], units)
                if type(src) is _Lazy and not a[6][0]:  # computed straight into GM
                    src.into(dst)
                else:
                    dst[...] = src.rows() if type(src) is _Lazy else src
            else:  # a vector op: its reads pending, the write
                _, key, idx, dt, mem = a
                form = p.forms[idx]
                n = len(form[3])
                args = [r.rows() if type(r) is _Lazy else r for r in pending[-n:]]
                del pending[-n:]
                args = [r.view(dt) for r in args]
                if form[7] is not None:  # tensor-scalar: the scalar as the op converts it
                    args.append(dt.type(e[form[7]]))
                rows = _Lazy(form[6], args, dt)
                shadow[key] = rows
                writes.append((mem, key, rows))
        finals.append(writes)
    for writes in finals:  # phases in order: the last unit's iterations
        for mem, (_, lo, hi), rows in writes:
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
# The race checker's state
# ---------------------------------------------------------------------------


def _san_steady(san, a, b, cur, units):
    """`Refused` unless the checker's state moved steadily (module docstring); else the
    closure that moves it by `units` more units."""
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

    def rec(r, m, dbytes=0):
        lo, hi, pipe, index, w, op = r
        return (lo + m * dbytes, hi + m * dbytes, pipe, index + m * d[pipe], w, op)

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
        from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

        dbytes = dp << PAGE_SHIFT
        if recs_c[kb] != [rec(r, 1, dbytes) for r in recs_b[ka]]:
            raise Refused("GM page records")
    from asc_xdsl.runtime.simulator.sanitizer import PAGE_SHIFT

    # the pages of the remaining units, kb + m * dp (m in 1..units), hold no record: a
    # page of the buffer with records, or a pending one, on that progression refuses
    held: dict = {}
    for k, page in recs_c:
        if k in shifts:
            held.setdefault(k, []).append(page)
    for kb in new_b:
        key, dp = kb[0], shifts[kb[0]]
        for page in held.get(key, ()):
            m, off = divmod(page - kb[1], dp)
            if not off and 1 <= m <= units:
                raise Refused("GM pages not fresh")
        if any(p[0] is key for p in san.pending):  # (a loop batched before: page by page)
            for m in range(1, units + 1):
                if san.has_page((key, kb[1] + m * dp)):
                    raise Refused("GM pages not fresh")
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

    def apply() -> None:
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
        for key in moving:
            records[key] = [rec(r, units) for r in records[key]]
        for kb in new_b:  # made when touched (BlockSanitizer.pending)
            dp = shifts[kb[0]]
            db = dp << PAGE_SHIFT
            rows = [(lo, hi, pipe, index, d[pipe], db, w, op)
                    for lo, hi, pipe, index, w, op in records[kb]]  # fmt: skip
            san.pending.append((kb[0], kb[1], dp, units, rows))
        if log_entries is not None:
            from asc_xdsl.runtime.simulator.gmorder import LogRun

            order.log.append(LogRun([(y, d[y[2]], db) for y, db in log_entries], units))

    return apply
