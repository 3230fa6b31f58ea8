"""The race checker across cores and blocks: happens-before over GM.

The simulator runs a launch's cores one after another (or, when they synchronise, one
at a time in threads), so two blocks writing the same GM bytes, or a block reading
what another one writes with nothing between them, compute one answer here and
another on an NPU, where the cores run at the same time. This module gives the
launch a happens-before relation and checks every GM access of every core against it:

- **clocks**: each core has a vector clock, a dict from (core number x pipes + pipe)
  to how many of that core's pipe's accesses it knows complete (a dict: cores that
  never synchronise cost nothing, whatever block_dim is). A core's own pipes are the
  per-core checker's business (`sanitizer.BlockSanitizer`); here only other cores'
  entries matter;
- **release** (CrossCoreSetFlag on pipe P, IBSet, NotifyNextBlock, arriving at
  SyncAll): a snapshot of the core's clock plus what P knows of the core's own pipes
  (`BlockSanitizer.own_snapshot`); **acquire** (the CrossCoreWaitFlag that takes the
  flag, IBWait, WaitPreBlock, leaving SyncAll): the snapshot joined into the
  waiting core's clock, the whole core where the wait blocks the core (Atlas A2/A3,
  a wait on PIPE_S, the barriers), else (an Ascend 950 CrossCoreWaitFlag, which holds
  the pipe it names) only into what that pipe knows: the core's other pipes learn it
  as they learn that pipe's later work (`BlockSanitizer.held`). The flag counters
  themselves are in `cores.CrossCoreState`, which carries the snapshots beside its counts;
- **GM records**: each access is one record per operand of one GM argument, never per
  element: a byte interval (lo, hi), or for a strided copy (DataCopy with gaps, ND -> NZ
  rows, Fixpipe rows) the bursts `burst` bytes `pitch` apart from lo to hi in one
  record (`_overlap` intersects two such records exactly, without listing their
  bursts), kept per 64 KiB page. A new access of
  core j is checked against the other cores' records of the pages it touches: an
  overlap where one of the two writes, not both atomic (SetAtomicAdd/Max/Min: the
  memory serialises them), and j's clock not covering the other access is a race,
  reported with both cores (blocks) and both ops' lines.

Cost: a launch with no cross-core sync (its cores one after another) appends each GM
access to a log, checked in bulk when the core ends (`LaunchOrder.flush`: an
interval test against the earlier cores' spans, a batched loop's as progressions and a
union of tile-aligned spans as a set of cells, `_Union`; only when something meets, a
replay through the records below). Otherwise each access pays one page lookup and a short
list scan (the matmul's strided copies one record each, not one per row); syncs cost
O(cores x pipes) each.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import repeat
from math import gcd
from typing import Any

import numpy as np
from xdsl.ir import Operation

from asc_xdsl.runtime.simulator.errors import op_title

PAGE_SHIFT = 16
"""GM records are kept per 64 KiB page of an argument."""

Clock = dict[int, int]


def join(into: Clock, snap: Clock | None) -> None:
    """`into` := max(into, snap), entry by entry."""
    if not snap:
        return
    get = into.get
    for k, v in snap.items():
        if get(k, 0) < v:
            into[k] = v


def _mergeable(last: tuple, new: tuple) -> bool:
    """Whether the scalar-pipe record `new` extends `last` into one record: the same op
    again next to its last access (GetValue in a loop), nothing released in between (S
    is in order, so a snapshot covers both accesses or neither), both contiguous."""
    return (
        last[7] is new[7]
        and last[9] is None
        and new[9] is None
        and last[3] == new[3]
        and last[8] == new[8]
        and last[5] == new[5]
        and last[0] <= new[1]
        and new[0] <= last[1]
    )


Step = tuple[int, int] | None
"""A strided record's (burst, pitch): bursts of `burst` bytes `pitch` apart from its lo
(its hi the end of the last burst); None for a contiguous record."""


def _burst_hit(lo: int, hi: int, step: tuple[int, int], x: int, y: int) -> tuple | None:
    """The first bytes of [x, y) inside a burst of the strided record (lo, hi, step)."""
    burst, pitch = step
    k = max(0, (x - lo - burst) // pitch + 1)  # the first burst ending after x
    b = lo + k * pitch
    if b < y and b < hi:
        return max(b, x), min(b + burst, y)
    return None


def _overlap(lo: int, hi: int, step: Step, alo: int, ahi: int, astep: Step) -> tuple | None:
    """The first bytes [x, y) two records share (None: they share none). Exact for
    strided records too: a burst-by-burst check would cost one record per burst."""
    x, y = max(lo, alo), min(hi, ahi)
    if x >= y:
        return None
    if step is None and astep is None:
        return x, y
    if step is None:
        lo, hi, step, alo, ahi, astep = alo, ahi, astep, lo, hi, step
    if astep is None:
        return _burst_hit(lo, hi, step, x, y)
    (b1, p1), (b2, p2) = step, astep
    if p1 == p2:
        # burst i of one meets burst j of the other only for i - j = m with
        # (d - b1) < m * p < (d + b2), d the offset between their starts
        d = alo - lo
        n1, n2 = (hi - lo - b1) // p1 + 1, (ahi - alo - b2) // p2 + 1
        best = None
        for m in range((d - b1) // p1 + 1, -(-(d + b2) // p1)):
            j = max(0, -m)
            if j >= n2 or j + m >= n1:
                continue
            s1, s2 = lo + (j + m) * p1, alo + j * p2
            hit = (max(s1, s2), min(s1 + b1, s2 + b2))
            if best is None or hit < best:
                best = hit
        return best
    # different pitches (rare): the bursts of one inside [x, y), each against the other
    k = max(0, (x - lo - b1) // p1 + 1)
    for b in range(lo + k * p1, y, p1):
        hit = _burst_hit(alo, ahi, astep, max(b, x), min(b + b1, y))
        if hit is not None:
            return hit
    return None


def _covers(lo: int, hi: int, step: Step, alo: int, ahi: int, astep: Step) -> bool:
    """Whether record (lo, hi, step) holds every byte of (alo, ahi, astep)."""
    if not (lo <= alo and ahi <= hi):
        return False
    if step is None:
        return True
    return astep == step and (alo - lo) % step[1] == 0


class _Union:
    """A union of byte intervals: sorted, disjoint, non-touching [los[i], his[i]), and
    the spans added since it was last asked (merged in when it is asked: a class
    of spans nothing checks against -- the reads of an input no core writes -- is only
    collected: `pending_lo`, `pending_hi`, and a batched loop's progressions as they
    are, `runs`: (lo, hi, step, units) for the spans lo + m * step .. hi + m * step,
    m = 1 .. units, listed only when the union is asked).

    *Cells* (`cells`, `grain`; issue 34): a union whose spans all start and end at
    multiples of one grain (a batched loop's tiles) may hold its bytes as the set of
    grains it covers instead of `los`/`his` (then empty): the same bytes, so every
    answer is the same, and a progression of aligned tiles joins or is tested against
    it as `range`s (`set.update`, `set.isdisjoint`), with no Python step per span.
    `grain` 0: not tried yet; -1: intervals for good (a span off the grain, or more
    than `CELLS_MAX` cells)."""

    __slots__ = ("cells", "grain", "his", "los", "pending_hi", "pending_lo", "runs")

    def __init__(self) -> None:
        self.los: list[int] = []
        self.his: list[int] = []
        self.pending_lo: list[int] = []
        self.pending_hi: list[int] = []
        self.runs: list[tuple[int, int, int, int]] = []
        self.cells: set[int] | None = None
        self.grain = 0

    def empty(self) -> bool:
        return not (self.los or self.pending_lo or self.runs or self.cells)

    # -- cells ---------------------------------------------------------------------------
    def cellular(self, los: list[int], his: list[int], runs: list) -> bool:
        """Whether the union holds its bytes as cells (entering that mode now, when
        every boundary of its spans and of the spans (los, his, runs) about to join it
        is a multiple of one grain and the cells are few), its pending spans taken in."""
        if self.cells is None:
            if self.grain:
                return False
            return self._enter(los, his, runs)
        if not self._absorb():
            return False
        # (a query of many cells -- a huge span against a few cells -- is answered by
        # the intervals: a test costs at most CELLS_MAX steps)
        g = self.grain
        n = (sum(his) - sum(los)) // g
        for lo, hi, _, units in runs:
            n += (hi - lo) // g * units
        if n > CELLS_MAX:
            self._to_intervals()
            return False
        return True

    def _enter(self, los: list[int], his: list[int], runs: list) -> bool:
        self.grain = -1  # (tried once: a union that cannot stays intervals)
        g = gcd(gcd(0, *self.los, *self.his), *self.pending_lo, *self.pending_hi)
        g = gcd(gcd(g, *los), *his)
        count = sum(self.his) - sum(self.los) + sum(self.pending_hi) - sum(self.pending_lo)
        for lo, hi, db, units in (*self.runs, *runs):
            g = gcd(g, lo, hi, db)
            count += (hi - lo) * units
        if g <= 0 or count // g > CELLS_MAX:
            return False
        cells: set[int] = set()
        add = cells.update
        for lo, hi in zip(self.los + self.pending_lo, self.his + self.pending_hi, strict=True):
            add(range(lo // g, hi // g))
        _run_cells(self.runs, g, add)
        self.cells, self.grain = cells, g
        self.los, self.his, self.pending_lo, self.pending_hi, self.runs = [], [], [], [], []
        return True

    def _absorb(self) -> bool:
        """The pending spans into the cells; False (and intervals from now on) when one
        is off the grain or the cells would be too many."""
        los, his, runs = self.pending_lo, self.pending_hi, self.runs
        if not (los or runs):
            return True
        g, cells = self.grain, self.cells
        assert cells is not None
        count = len(cells) + (sum(his) - sum(los)) // g
        for lo, hi, db, units in runs:
            if lo % g or hi % g or db % g:
                self._to_intervals()
                return False
            count += (hi - lo) // g * units
        if count > CELLS_MAX or any(x % g for x in los) or any(x % g for x in his):
            self._to_intervals()
            return False
        add = cells.update
        for lo, hi in zip(los, his, strict=True):
            add(range(lo // g, hi // g))
        _run_cells(runs, g, add)
        self.pending_lo, self.pending_hi, self.runs = [], [], []
        return True

    def _to_intervals(self) -> None:
        """Leave cells mode: the cells as settled intervals (the pending spans stay)."""
        cells, g = self.cells, self.grain
        self.cells, self.grain = None, -1
        los: list[int] = []
        his: list[int] = []
        for c in sorted(cells or ()):
            lo = c * g
            if his and his[-1] == lo:
                his[-1] = lo + g
            else:
                los.append(lo)
                his.append(lo + g)
        self.los, self.his = los, his

    def meets_cells(self, los: list[int], his: list[int], runs: list) -> bool:
        """Whether a span of (los, his, runs) shares a byte with the cells (held in:
        `cellular`): the grains it touches, one `range` per tile of a progression."""
        g, cells = self.grain, self.cells
        assert cells is not None
        clear = cells.isdisjoint
        for lo, hi in zip(los, his, strict=True):
            if not clear(range(lo // g, -(-hi // g))):
                return True
        for lo, hi, db, units in runs:
            if lo % g or hi % g or db % g:  # (off the grain: span by span)
                for m in range(1, units + 1):
                    if not clear(range((lo + m * db) // g, -(-(hi + m * db) // g))):
                        return True
                continue
            step = db // g
            for j in range((lo + db) // g, (hi + db) // g):
                if not clear(range(j, j + units * step, step)):
                    return True
        return False

    def unroll(self) -> None:
        """The pending progressions (`runs`) as pending spans."""
        _unroll(self.runs, self.pending_lo, self.pending_hi)
        self.runs = []

    def settle(self) -> None:
        """Merge the pending spans in: one by one when they are few against the union,
        else in one sweep over both (cells: `_absorb`)."""
        if self.cells is not None and self._absorb():
            return
        if self.runs:
            self.unroll()
        los, his = self.pending_lo, self.pending_hi
        self.pending_lo, self.pending_hi = [], []
        if len(los) * 16 < len(self.los):
            for lo, hi in zip(los, his, strict=True):
                self.add(lo, hi)
            return
        if self.los:
            los += self.los
            his += self.his
        self.los, self.his = _merged(sorted(zip(los, his, strict=True)))

    def sweep(self, los: list[int], his: list[int]) -> tuple | None:
        """Whether spans (los, his) stay clear of the union (its pending spans
        included): None when one shares a byte with it, else the union with them made
        one, (los, his), in one sweep of both in order of their starts."""
        if self.runs:
            self.unroll()
        old = self.pending_lo + self.los
        items = sorted([
            *zip(old, self.pending_hi + self.his, repeat(False)),
            *zip(los, his, repeat(True)),
        ])  # fmt: skip
        out_lo: list[int] = []
        out_hi: list[int] = []
        top = reach_old = reach_new = -1
        for lo, hi, new in items:
            if new:
                if lo < reach_old:
                    return None
                if hi > reach_new:
                    reach_new = hi
            else:
                if lo < reach_new:
                    return None
                if hi > reach_old:
                    reach_old = hi
            if lo <= top:
                if hi > top:
                    out_hi[-1] = top = hi
            else:
                out_lo.append(lo)
                out_hi.append(hi)
                top = hi
        return out_lo, out_hi

    def meets(self, lo: int, hi: int) -> bool:
        """Whether [lo, hi) shares a byte with the union, settled (the interval before
        the first one starting at or after hi reaches furthest: the his are sorted)."""
        k = bisect_left(self.los, hi)
        return k > 0 and self.his[k - 1] > lo

    def add(self, lo: int, hi: int) -> None:
        """Add [lo, hi) to the settled union: the intervals it meets or touches become one."""
        los, his = self.los, self.his
        i = bisect_left(his, lo)  # the first interval ending at or after lo
        j = bisect_right(los, hi)  # past the last one starting at or before hi
        if i < j:
            lo, hi = min(lo, los[i]), max(hi, his[j - 1])
        los[i:j] = [lo]
        his[i:j] = [hi]


CELLS_MAX = 1 << 16
"""Cells a union holds as a set (`_Union.cells`) before it falls back to intervals."""


def _run_cells(runs: list, g: int, add: Any) -> None:
    """Add the cells (grains of `g` bytes) of aligned progressions (lo, hi, step, units)
    with `add` (a set's `update`): one `range` per grain of a tile."""
    for lo, hi, db, units in runs:
        step = db // g
        for j in range((lo + db) // g, (hi + db) // g):
            add(range(j, j + units * step, step))


def _unroll(runs: list, los: list[int], his: list[int]) -> None:
    """Progressions (lo, hi, step, units) as spans lo + m * step .. hi + m * step,
    m = 1 .. units, appended to (los, his)."""
    for lo, hi, db, units in runs:
        end = db * (units + 1)
        los += range(lo + db, lo + end, db)
        his += range(hi + db, hi + end, db)


def _classes() -> tuple:
    """Empty (los, his, runs) lists per class of `_CLASSES`."""
    return ([], [], []), ([], [], []), ([], [], [])


def _merged(spans: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Sorted intervals as a union's (los, his): those that meet or touch made one."""
    los: list[int] = []
    his: list[int] = []
    top = -1
    for lo, hi in spans:
        if lo <= top:
            if hi > top:
                his[-1] = top = hi
        else:
            los.append(lo)
            his.append(hi)
            top = hi
    return los, his


SWEEP_AT = 16
"""New spans of a class from which they are checked against that class's union in one
sweep that merges them in (`_Union.sweep`), unless the union holds over four times as
many intervals (fewer: a bisection each)."""

_CLASSES = ((1, 0), (1, 1), (0, 0))
"""A GM buffer's checked spans by (write, atomic): plain writes, atomic writes, reads."""

_AGAINST = ((0, 1, 2), (0, 2), (0, 1))
"""The classes of earlier spans each class races with: a plain write with all; an
atomic write with all but atomic writes; a read with the writes."""


class LogRun:
    """The cross-core log's entries of a batched loop's remaining units (`batching.py`),
    held as one item of `LaunchOrder.log`: each entry of `base`, (entry, its pipe's
    index step, its byte step), moved m units for m = 1 .. `units`, unit by unit -- the
    entries the loop run one by one logs, in its order (iterating yields them). Kept
    whole, the bulk check reads its spans as progressions and no tuple is made per
    entry unless something replays them."""

    __slots__ = ("base", "units")

    def __init__(self, base: list[tuple[tuple, int, int]], units: int):
        self.base = base
        self.units = units

    def __iter__(self):
        for m in range(1, self.units + 1):
            for y, dv, db in self.base:
                yield (y[0], y[1], y[2], y[3] + m * dv, y[4], y[5] + m * db, y[6] + m * db,
                       y[7], y[8], y[9])  # fmt: skip


def entries(log: list) -> list[tuple]:
    """A log's entries, its `LogRun`s unfolded."""
    out: list[tuple] = []
    for item in log:
        if item.__class__ is LogRun:
            out.extend(item)
        else:
            out.append(item)
    return out


def joined(snaps: list[Clock | None]) -> Clock:
    out: Clock = {}
    for s in snaps:
        join(out, s)
    return out


class LaunchOrder:
    """Clocks of every core of a launch and the GM access records (see the module doc).

    `npipes` is the per-core pipe count (`transforms.hardware.PIPES`)."""

    __slots__ = (
        "blocks",
        "checked",
        "clocks",
        "deferred",
        "labels",
        "log",
        "merge_pipe",
        "npipes",
        "phases",
        "proofs",
        "reads",
        "releases",
        "tails",
        "tickets",
        "unions",
        "writes",
    )

    def __init__(
        self,
        labels: list[str],
        blocks: list[int],
        npipes: int,
        merge_pipe: int,
        deferred: bool = False,
    ):
        self.deferred = deferred
        """The cores run one after another with no cross-core sync (see `flush`): a
        core's GM accesses are logged (`log`, `access`'s arguments each) and checked
        together when it ends."""
        self.log: list = []
        """The running core's logged accesses: `access`'s arguments, or a `LogRun`."""
        self.checked: list = []
        """The deferred accesses of the cores already checked (for `_exact`'s replay)."""
        self.unions: dict[int, tuple[_Union, _Union, _Union]] = {}
        """Per GM buffer (id): the byte unions of those accesses by `_CLASSES`."""
        self.merge_pipe = merge_pipe
        self.labels = labels
        self.blocks = blocks
        self.npipes = npipes
        self.clocks: list[Clock] = [{} for _ in labels]
        self.writes: dict[tuple[int, int], list[tuple]] = {}
        """Per (buffer, page): the write records."""
        self.reads: dict[tuple[int, int], dict[tuple, tuple]] = {}
        """Per (buffer, page): the read records by (core, core pipe, lo, hi): a read only
        races with a write, so a read looks at the writes alone, and many cores reading
        the same input cost each other nothing."""
        self.tails: dict[tuple[int, int], tuple] = {}
        """Per (buffer, page): the key of the last scalar read (merged with the next)."""
        self.releases = [0] * len(labels)
        """Releases per core: a record merges only with one of the same release epoch."""
        self.tickets: dict[tuple[int, int], Clock] = {}
        """Per GM atomic address (buffer id, byte): the join of the releases SIMT atomics
        made there after `asc_threadfence` (ops/simt.py `_ticket`)."""
        self.proofs: dict[Any, list] = {}
        """Per batchable loop (`batching.LoopPlan`): the checked warm-ups of this launch's
        blocks that the later blocks' warm-ups follow (`batching._Proof`)."""
        self.phases: dict[Any, tuple[list, list[int]]] | None = {} if deferred else None
        """The race checker's phase memos (`sanitizer.BlockSanitizer._phase_memo`), shared
        by the blocks of a launch whose cores run one after another (None: they do not;
        `deferred` alone ends when the cores' accesses meet, `_exact`)."""

    # -- deferred checking ----------------------------------------------------------------
    def flush(self) -> None:
        """Check the running core's logged accesses (`deferred`; the core has ended).

        With the cores one after another and no cross-core sync every clock is empty, so
        two cores' accesses of the same bytes race when one writes (and not both are
        atomic) whenever they ran. The log is first tested in bulk against the earlier
        cores' spans (byte unions, strided accesses as their whole span): nothing meets, so
        the records `access` would keep report nothing either, and the log joins the
        checked ones. Something meets: the checked accesses are replayed through
        `access` (they report nothing: each was clean against its predecessors), then
        this core's, which report as they would have at the op; from then on every
        access is checked at once."""
        log, self.log = self.log, []
        if not log:
            return
        if self._clean(log):
            self.checked += log
            return
        self.log = log
        self._exact()

    def _exact(self) -> None:
        """Leave deferred checking: the checked accesses, then the running core's
        logged ones, replayed into the records in the order they ran."""
        self.deferred = False
        checked, log = self.checked, self.log
        self.checked, self.log, self.unions = [], [], {}
        for entry in entries(checked):
            self.access(*entry)
        for entry in entries(log):
            self.access(*entry)

    def entries(self) -> list[tuple]:
        """The running core's logged accesses (its `LogRun`s unfolded)."""
        return entries(self.log)

    def _clean(self, log: list[tuple]) -> bool:
        """Whether no access of `log` meets an earlier core's (its spans then added).

        Plain Python over interval unions (`_Union`): a block's log is a few hundred
        accesses of a few buffers, where numpy's per-call cost would dominate. An empty
        access is left out (it shares no byte with anything)."""
        # per buffer, per class: the spans' los and his (ints: no tuple for the
        # collector to track while they wait in a union's pending lists), and a
        # batched loop's progressions (listed only when something is checked
        # against them: the reads of an input no core writes never are)
        new: dict[int, tuple] = {}
        for item in log:
            if item.__class__ is LogRun:
                units = item.units
                for y, _, db in item.base:
                    lo, hi = y[5], y[6]
                    if lo < hi:
                        per = new.get(id(y[4]))
                        if per is None:
                            per = new[id(y[4])] = _classes()
                        los, his, runs = per[(1 if y[8] else 0) if y[7] else 2]
                        if db:  # lo + m db, m = 1 .. units
                            runs.append((lo, hi, db, units))
                        else:
                            los.append(lo)
                            his.append(hi)
                continue
            _, _, _, _, buf, lo, hi, write, atomic, _ = item
            if lo < hi:
                per = new.get(id(buf))
                if per is None:
                    per = new[id(buf)] = _classes()
                los, his, _ = per[(1 if atomic else 0) if write else 2]
                los.append(lo)
                his.append(hi)
        unions = self.unions
        swept = []  # (union, its spans with the new ones) of the sweeps
        for bid, per in new.items():
            old = unions.get(bid)
            if old is None:
                continue
            for cls, (los, his, runs) in enumerate(per):
                for k in _AGAINST[cls] if los or runs else ():
                    u = old[k]
                    if u.empty():
                        continue
                    if (
                        u.cells is not None
                        or (
                            k == cls
                            and not u.grain
                            and len(los) + sum(r[3] for r in runs) >= SWEEP_AT
                        )
                    ) and u.cellular(los, his, runs):
                        if u.meets_cells(los, his, runs):
                            return False
                        continue  # (the new spans join it as pending, below)
                    if runs:  # (something to check them against: listed now)
                        _unroll(runs, los, his)
                        runs.clear()
                    if k == cls and len(los) >= SWEEP_AT and len(los) * 4 >= len(u.los):
                        # many against the spans they join: one sweep checks and merges
                        got = u.sweep(los, his)
                        if got is None:
                            return False
                        swept.append((u, got))
                        continue
                    if u.pending_lo or u.runs:
                        u.settle()
                    if u.los:
                        meets = u.meets
                        for lo, hi in zip(los, his, strict=True):
                            if meets(lo, hi):
                                return False
        for u, (los, his) in swept:  # (the new spans in them already)
            u.los, u.his, u.pending_lo, u.pending_hi = los, his, [], []
        done = {id(u) for u, _ in swept}
        for bid, per in new.items():
            old = unions.get(bid)
            if old is None:
                old = unions[bid] = (_Union(), _Union(), _Union())
            for u, (los, his, runs) in zip(old, per, strict=True):
                if id(u) not in done:
                    u.pending_lo += los
                    u.pending_hi += his
                    u.runs += runs
        return True

    @property
    def spans(self) -> dict[int, np.ndarray]:
        """Per GM buffer (id): the checked spans as rows (lo, hi, write, atomic)."""
        out = {}
        for bid, per in self.unions.items():
            for u in per:
                if u.cells is not None:
                    u._to_intervals()
                if u.pending_lo or u.runs:
                    u.settle()
            rows = [
                (lo, hi, w, a)
                for u, (w, a) in zip(per, _CLASSES, strict=True)
                for lo, hi in zip(u.los, u.his, strict=True)
            ]
            out[bid] = np.array(rows, dtype=np.int64).reshape(-1, 4)
        return out

    # -- ordering ------------------------------------------------------------------------
    def release(self, core: int, own: Clock, clock: Clock | None = None) -> Clock:
        """The snapshot a release of `core` hands on: its clock (`clock`: the releasing
        pipe's, when the core's pipes know different things: `BlockSanitizer.held`) and
        `own` (what the releasing pipe knows of the core's own pipes)."""
        if self.deferred:  # (a launch with cross-core syncs is not deferred)
            self._exact()
        self.releases[core] += 1
        snap = dict(self.clocks[core] if clock is None else clock)
        join(snap, own)
        return snap

    def acquire(self, core: int, snap: Clock | None) -> None:
        """A whole-core acquire: every pipe of `core` learns `snap`."""
        if self.deferred:
            self._exact()
        join(self.clocks[core], snap)

    # -- GM accesses ---------------------------------------------------------------------
    def access(
        self,
        san: Any,
        op: Operation,
        pipe: int,
        index: int,
        buf: Any,
        lo: int,
        hi: int,
        write: bool,
        atomic: bool,
        step: Step = None,
    ) -> None:
        """Core `san.core_no`'s access of bytes [lo, hi) of GM buffer `buf` (with `step`,
        bursts of `burst` bytes `pitch` apart): check it against the other cores'
        records, then record it."""
        core = san.core_no
        # a core whose pipes learnt different things (a wait that holds one pipe) checks
        # with the accessing pipe's clock
        clock = self.clocks[core] if san.xclocks is None else san.xclock(pipe)
        me = core * self.npipes + pipe
        new = (lo, hi, core, me, index, write, atomic, op, self.releases[core], step)
        first, last = lo >> PAGE_SHIFT, (hi - 1) >> PAGE_SHIFT
        pages = (first,) if first == last else range(first, last + 1)
        bid = id(buf)
        all_writes, all_reads = self.writes, self.reads
        if not write and pipe != self.merge_pipe:
            # a read races only with other cores' writes and drops no record; one read
            # record per core, pipe and bytes (the latest stands for the earlier ones)
            key = (core, me, lo, hi, step)
            for page in pages:
                at = (bid, page)
                writes = all_writes.get(at)
                if writes:
                    self._check(writes, san, new, clock, buf)
                reads = all_reads.get(at)
                if reads is None:
                    all_reads[at] = {key: new}
                else:
                    reads[key] = new
            return
        for page in pages:
            at = (bid, page)
            writes = all_writes.get(at)
            if not write:  # a scalar read: merged with the one next to it
                if writes:
                    self._check(writes, san, new, clock, buf)
                self._add_read(at, new)
                continue
            keep = self._scan(writes, san, new, clock, buf) if writes else []
            reads = all_reads.get(at)
            if reads:
                for k in [
                    k for k, a in reads.items() if self._covers_or_races(a, san, new, clock, buf)
                ]:
                    del reads[k]
            tail = keep[-1] if keep else None
            if pipe == self.merge_pipe and tail is not None and _mergeable(tail, new):
                keep[-1] = (min(lo, tail[0]), max(hi, tail[1]), *new[2:])
            else:
                keep.append(new)
            all_writes[at] = keep

    def _check(self, recs: list, san, new: tuple, clock: Clock, buf) -> None:
        """A read `new` against a page's writes `recs`: the other cores' unordered
        overlapping ones race with it."""
        lo, hi, core, _, _, _, _, op, _, step = new
        for a in recs:
            if a[2] == core or a[1] <= lo or hi <= a[0] or clock.get(a[3], 0) > a[4]:
                continue
            hit = _overlap(lo, hi, step, a[0], a[1], a[9])
            if hit is not None:
                self._race(san, op, False, False, buf, hit, a)

    def _scan(self, recs: list, san, new: tuple, clock: Clock, buf) -> list:
        """`recs` (a page's writes) checked against `new`; those it stands for dropped."""
        lo, hi, core, me, _, write, atomic, op, _, step = new
        keep = []
        for a in recs:
            alo, ahi, acore, akey, ai, _, aatomic, _, _, astep = a
            if acore == core:
                # the same core: the per-core checker orders it; a later access of the
                # same pipe covering it stands for it from now on
                if not (
                    akey == me
                    and write
                    and (aatomic or not atomic)
                    and _covers(lo, hi, step, alo, ahi, astep)
                ):
                    keep.append(a)
                continue
            keep.append(a)
            if ahi <= lo or hi <= alo or (atomic and aatomic) or clock.get(akey, 0) > ai:
                continue
            hit = _overlap(lo, hi, step, alo, ahi, astep)
            if hit is not None:
                self._race(san, op, write, atomic, buf, hit, a)
        return keep

    def _covers_or_races(self, a: tuple, san, new: tuple, clock: Clock, buf) -> bool:
        """A write `new` against a read record `a`: report a race; True when `new`
        stands for `a` from now on (the same core and pipe, covering it)."""
        lo, hi, core, me, _, _, atomic, op, _, step = new
        alo, ahi, acore, akey, ai = a[:5]
        if acore == core:
            return akey == me and _covers(lo, hi, step, alo, ahi, a[9])
        if not (ahi <= lo or hi <= alo) and clock.get(akey, 0) <= ai:
            hit = _overlap(lo, hi, step, alo, ahi, a[9])
            if hit is not None:
                self._race(san, op, True, atomic, buf, hit, a)
        return False

    def _add_read(self, at: tuple, new: tuple) -> None:
        """Record a read: one record per (core, pipe, bytes), the latest standing for
        the earlier ones; a scalar op's reads next to each other merge (`_mergeable`)."""
        reads = self.reads.get(at)
        if reads is None:
            reads = self.reads[at] = {}
        lo, hi, core, me = new[:4]
        step = new[9]
        if new[3] % self.npipes == self.merge_pipe and step is None:
            tail = self.tails.get(at)
            if tail is not None and tail in reads and _mergeable(reads[tail], new):
                last = reads.pop(tail)
                lo, hi = min(lo, last[0]), max(hi, last[1])
                new = (lo, hi, *new[2:])
            self.tails[at] = (core, me, lo, hi, None)
        reads[(core, me, lo, hi, step)] = new

    def _race(self, san, op, write, atomic, buf, hit, a) -> None:
        """Report `op`'s access racing record `a` on bytes `hit` = [lo, hi)."""
        from asc_xdsl.runtime.simulator.sanitizer import _KIND_TEXT, RaceError, _kind

        acore, aw, aatomic, aop = a[2], a[5], a[6], a[7]
        kind = _kind(aw, write)
        me, other = self.labels[san.core_no], self.labels[acore]
        what = ("atomically " if atomic else "") + ("writes" if write else "reads")
        earlier = ("atomically " if aatomic else "") + ("wrote" if aw else "read")
        same_block = self.blocks[san.core_no] == self.blocks[acore]
        # a GM argument, or a local memory of one core that another writes (aiv_ub.py)
        where = getattr(buf, "where", None) or f"GM argument '{buf.name}'"
        hint = (
            "a CrossCoreSetFlag/CrossCoreWaitFlag pair between the two cores"
            if same_block
            else "SyncAll between the two (or IBSet/IBWait, CrossCoreSetFlag mode 0), "
            "or give each block its own bytes"
        )
        san.report(
            RaceError(
                f"cross-core {_KIND_TEXT[kind]} race ({kind}): {me} {what} {where} "
                f"bytes [{hit[0]}, {hit[1]}) that {other} "
                f"{earlier} in {op_title(aop)} with nothing ordering the two cores; "
                f"they need {hint}",
                op,
                aop,
                san.block,
            ),
            ("xrace", kind, op, aop),
        )
