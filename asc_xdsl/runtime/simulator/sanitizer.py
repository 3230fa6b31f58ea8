"""The race checker (sanitizer): unsynchronised pipes, flag misuse, queue misuse.

The simulator runs a block's ops one after the other, so a kernel whose pipes are not
ordered still computes the right numbers here and corrupts them on an NPU. The
sanitizer replays the hardware's ordering rules (docs/ascendc_semantics.md section 4) beside
the simulation with vector clocks:

- each pipe counts the accesses it issues; `known[P][Q] = k` says pipe P knows Q's
  first k accesses complete. A pipe issues in order but overlaps its instructions, so
  P knows its own earlier work complete only after `PipeBarrier<P>` (S and M excepted:
  the scalar unit is in order, and Mmad accumulates into L0C in order);
- `SetFlag<X_Y>(id)` snapshots what X knows plus X's own count; `WaitFlag<X_Y>(id)`
  joins the snapshot into Y (into every pipe when Y is S: the scalar unit issues all
  that follows); `PipeBarrier<PIPE_ALL>` completes everything;
- TQue traffic carries the events of its positions (`transforms/hardware.py`; a TQue
  at VECCALC the device's UB -> UB pair, MTE2_MTE3 / MTE3_MTE2): EnQue sets / DeQue
  waits (first in, first out), FreeTensor sets / the AllocTensor that gets the buffer
  back waits;
- with the compile option `auto_sync` (the default, bisheng's `--cce-auto-sync`) the
  compiler orders S with V/MTE2/MTE3 both ways and V after V (the AIV table of the
  Ascend C sync docs); without it those pairs need flags and barriers too.

Every tensor operand an op's spec says it reads or writes is an access of a byte range
of its memory (UB, L1, L0A/B/C of the block, or one GM argument): count forms touch
`count` elements, `DataCopy`/`DataCopyPad` with parameter structs their bursts' span
(in GM the bursts themselves: one record of bursts `pitch` apart, intersected exactly
with `gmorder._overlap`), GetValue/SetValue one element, the cube ops their fractals (`_EXTENTS`; an op the
simulator runs as several instructions, each instruction's span), any other form the
tensor's whole window. A vector function call (`vector_function`) is one V access of the
UB and GM bytes its body touched; inside a Reg vector function's call its own accesses
are checked among themselves against `LocalMemBar` and register dependences
(`vf_order.py`). An access
that overlaps an earlier one, where one of them writes and the later pipe does not
know the earlier access complete, is a RAW, WAR or WAW race, reported at both ops'
source lines. Also reported: `WaitFlag` with no `SetFlag` before it (the pipe hangs),
`SetFlag` twice without a wait, event ids outside 0-7, flags still set when the
kernel ends, and queues left with tensors EnQue'd but never DeQue'd or allocated but
never freed.

Across cores and blocks, GM accesses are also checked against the other cores' under a
happens-before relation of cross-core flags, SyncAll, IBSet/IBWait and atomics
(`gmorder.py`); an op's helper workspace overlapping its other tensors is reported too.

Launch option `sanitize` (`ASC_XDSL_SANITIZE`): "warn" (the default: each distinct
finding becomes one `SanitizerWarning` after the launch, naming the blocks it was seen
in), "error" (the first finding raises a `RaceError` or `SyncError`) or "off" (the
program is compiled without instrumentation and pays nothing). See docs/simulator.md.
"""

from __future__ import annotations

import os
import warnings
from collections import deque
from collections.abc import Callable
from typing import Any

from xdsl.ir import Operation

from asc_xdsl.diagnostics import CodedWarning
from asc_xdsl.dialects.ascendc.data_copy import MOVE_PIPES
from asc_xdsl.dialects.ascendc.enums import TPosition
from asc_xdsl.dialects.ascendc.spec import Effect
from asc_xdsl.dialects.ascendc.types import QueueType
from asc_xdsl.enums import HardEvent, Pipe
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator import vf_order
from asc_xdsl.runtime.simulator.compile import Inline
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import (
    SimulatorError,
    _source_excerpt,
    op_location,
    op_title,
)
from asc_xdsl.runtime.simulator.float4 import elements_per_byte
from asc_xdsl.runtime.simulator.gmorder import LaunchOrder, _covers, _overlap
from asc_xdsl.runtime.simulator.gmorder import join as gmorder_join
from asc_xdsl.runtime.simulator.memory import GlobalTensor, GmBuffer, LocalTensor

# (earlier pipe, later pipe) pairs bisheng's auto-sync orders, on the cores
# `core_pipes.auto_sync_on` says: insert-sync's table, shared
from asc_xdsl.transforms.auto_sync_orders import AUTO_SYNC_PAIRS
from asc_xdsl.transforms.hardware import (
    PIPES,
    QUEUE_EVENTS,
    QUEUE_OPS,
    QueueEvents,
    op_pipe,
    queue_events,
)

SANITIZE_ENV = "ASC_XDSL_SANITIZE"
MODES = ("error", "warn", "off")
DEFAULT_MODE = "warn"

EVENT_IDS = range(8)
"""SetFlag/WaitFlag ids on Atlas A2/A3: 0-5 by hand, 6 reserved, 7 the TPipe's."""

IN_ORDER_PIPES = frozenset({"S", "M"})
"""Pipes whose later work never overtakes earlier work on the same pipe."""


_FLAG_OPS = {"ascendc.set_flag": "set", "ascendc.wait_flag": "wait"}
_COUNT_OPERANDS = ("cal_count", "count")
PAGE_SHIFT = 14
"""Records are kept per 16 KiB page of a memory (a tile or two of UB)."""
PIPE_INDEX = {p: i for i, p in enumerate(PIPES)}
PRUNE_AT = 64  # records of one page before the complete ones are dropped
MEMO_ENTRIES = 4096
"""Phase memo entries (`BlockSanitizer._root`) at most: a block's, or a launch's whose
cores run one after another (their blocks share one)."""
MEMO_WIDTH = 8
"""Entries of one memo node at most (the accesses seen next after the same ones)."""
_S = PIPE_INDEX["S"]
MAX_BURSTS = 4096
"""A strided GM access of more bursts is recorded as its whole span (in the block and
across cores)."""


def _unrolled_join(n: int) -> Callable[[list[int], list[int]], None]:
    """`row` := max(row, snap) in place, for clocks of `n` entries: unrolled, as the
    checker joins a clock at every queue handoff and flag wait (several times faster
    than `list(map(max, ...))` on the simulator's hot path)."""
    names = ", ".join(f"s{i}" for i in range(n))
    body = "".join(f"    if s{i} > row[{i}]:\n        row[{i}] = s{i}\n" for i in range(n))
    env: dict[str, Any] = {}
    exec(f"def join_row(row, snap):\n    {names}, = snap\n{body}", env)  # (generated above)
    return env["join_row"]


_join_row = _unrolled_join(len(PIPES))
_copies: Callable[[list[int]], list[list[int]]] = eval(  # (made here: one copy per pipe)
    "lambda c: [" + ", ".join("c[:]" for _ in PIPES) + "]"
)
_PIPE_ALL = Pipe.PIPE_ALL
_BARRIERS = {
    p: (p.name.removeprefix("PIPE_"), PIPE_INDEX.get(p.name.removeprefix("PIPE_"))) for p in Pipe
}
"""PipeBarrier's argument -> (its pipe's name, the pipe's number or None)."""
_ZERO = [0] * len(PIPES)  # (a clock that knows nothing complete: never written)
_NO_PAGES: dict = {}  # (a phase's pages at its start: never written)


def _meets(spread: dict, spans: list[tuple[Any, int, int, bool]]) -> bool:
    """Whether a span touches a page in `spread`'s range of its memory (memory key ->
    [first page, last page])."""
    for key, lo, hi, _ in spans:
        if hi > lo:
            r = spread.get(key)
            if r is not None and lo >> PAGE_SHIFT <= r[1] and (hi - 1) >> PAGE_SHIFT >= r[0]:
                return True
    return False


def _crosses(spans: list[tuple[Any, int, int, bool]], shared: dict) -> bool:
    """Whether a span is checked across cores too: GM, or a local memory another core
    writes (`BlockSanitizer.shared`)."""
    for key, lo, hi, _ in spans:
        if hi > lo and (key.__class__ is not str or (shared and key in shared)):
            return True
    return False


def _node_pages(node: list) -> dict:
    """The pages the memo's accesses touched on the way to `node` (memory key ->
    [first page, last page]), made when first asked for: a node is [entries, wild,
    its pages or None, the node before, the spans of the access between (None: a
    fresh one, whose pages are not the memo's)]."""
    path = []
    while node[2] is None:
        path.append(node)
        node = node[3]
    pages = node[2]
    for n in reversed(path):
        pages = n[2] = pages if n[4] is None else _widen(dict(pages), n[4])
    return pages


def _widen(spread: dict | None, spans: list[tuple[Any, int, int, bool]]) -> dict:
    """`spread` (a new one if None) with the spans' pages in its ranges."""
    if spread is None:
        spread = {}
    for key, lo, hi, _ in spans:
        if hi > lo:
            first, last = lo >> PAGE_SHIFT, (hi - 1) >> PAGE_SHIFT
            r = spread.get(key)
            if r is None:
                spread[key] = [first, last]
            else:
                spread[key] = [min(r[0], first), max(r[1], last)]
    return spread


_ALWAYS: dict[bool, tuple[tuple[bool, ...], ...]] = {}


def _summary(recs: list[tuple]) -> list:
    """A page's summary for `BlockSanitizer.access`'s shortcut (`_summ`)."""
    least = most = recs[0][0]
    end = recs[0][1]
    writes = False
    for a in recs:
        lo = a[0]
        if lo < least:
            least = lo
        elif lo > most:
            most = lo
        if a[1] > end:
            end = a[1]
        if a[4]:
            writes = True
    return [recs, len(recs), least, most, end, writes]


def _grown(s: list, lo: int, hi: int, write: bool) -> None:
    """A page's summary (`_summary`) after a record [lo, hi) was appended to its list."""
    s[1] += 1
    if lo < s[2]:
        s[2] = lo
    elif lo > s[3]:
        s[3] = lo
    if hi > s[4]:
        s[4] = hi
    if write:
        s[5] = True


def _always(auto_sync: bool) -> tuple[tuple[bool, ...], ...]:
    """`always[p][q]`: pipe q's work is always complete before pipe p's next (in-order
    pipes; with `auto_sync`, the pairs bisheng's auto-sync orders). Made once."""
    table = _ALWAYS.get(auto_sync)
    if table is None:
        auto = AUTO_SYNC_PAIRS if auto_sync else frozenset()
        table = _ALWAYS[auto_sync] = tuple(
            tuple(
                (q == p and PIPES[p] in IN_ORDER_PIPES) or (PIPES[q], PIPES[p]) in auto
                for q in range(len(PIPES))
            )
            for p in range(len(PIPES))
        )
    return table


def launch_order(core_list: list, one_by_one: bool = False) -> LaunchOrder:
    """The cross-core state of a launch of these cores (cores.Core, launch order);
    `one_by_one`: they run one after another without cross-core syncs (their GM
    accesses are checked in bulk as each ends: `LaunchOrder.flush`)."""
    labels, blocks = [c.label for c in core_list], [c.block for c in core_list]
    return LaunchOrder(labels, blocks, len(PIPES), _S, deferred=one_by_one)


def sanitize_mode(value: Any) -> str:
    """The launch option (or `ASC_XDSL_SANITIZE`) as one of MODES."""
    if value is None:
        value = os.environ.get(SANITIZE_ENV) or DEFAULT_MODE
    if value is True:
        value = "error"
    elif value is False:
        value = "off"
    if value not in MODES:
        raise LaunchError(f"sanitize must be one of {', '.join(MODES)} (or a bool), got {value!r}")
    return value


# ---------------------------------------------------------------------------
# Findings
# ---------------------------------------------------------------------------


class SyncError(SimulatorError):
    """A flag or queue used in a way that hangs or misbehaves on hardware."""


class RaceError(SimulatorError):
    """Two pipes touch the same bytes, one writes, and nothing orders them.

    `op` is the later access, `other` the earlier one; both are located."""

    def __init__(self, message: str, op: Operation, other: Operation, block: int | None):
        super().__init__(message, op, block)
        self.other = other

    @property
    def text(self) -> str:  # (str() adds the code and the hint: diagnostics.py)
        text = super().text
        where = op_location(self.other) or "<no location>"
        return (
            f"{text}\n{where}: the earlier access: {op_title(self.other)}"
            f"{_source_excerpt(self.other)}"
        )


class SanitizerWarning(CodedWarning):
    """A sanitizer finding in `sanitize="warn"` mode (the text of the error it would be)."""


def _kind(earlier_writes: bool, later_writes: bool) -> str:
    if earlier_writes:
        return "WAW" if later_writes else "RAW"
    return "WAR"


_KIND_TEXT = {
    "RAW": "read-after-write",
    "WAR": "write-after-read",
    "WAW": "write-after-write",
}
_FIX = {
    "RAW": "the reader needs SetFlag<{a}_{b}>/WaitFlag<{a}_{b}> (or a queue EnQue/DeQue)",
    "WAR": "the writer needs SetFlag<{a}_{b}>/WaitFlag<{a}_{b}> (or a queue FreeTensor/"
    "AllocTensor)",
    "WAW": "the second writer needs SetFlag<{a}_{b}>/WaitFlag<{a}_{b}>",
}


# ---------------------------------------------------------------------------
# The per-block state
# ---------------------------------------------------------------------------


class BlockSanitizer:
    """Vector clocks, flags, queue handoffs and access records of one block.

    Pipes are numbered by `PIPES`; `count[p]` is how many accesses pipe p issued and
    `known[p][q]` how many of q's pipe p knows complete. Records are kept per memory and
    `PAGE`-sized page, (lo, hi, pipe, index, writes, op, step) each, so an access looks
    only at the records of the pages it touches; `step` is a strided GM copy's (burst,
    pitch) (its bytes the bursts from lo to hi, intersected exactly with
    `gmorder._overlap`), None for a contiguous record (the span test alone).

    *Phases*: from pages holding no record (the block's start, `PipeBarrier<PIPE_ALL>`)
    until the clocks change, an access the memo (the block's, or the launch's when its
    cores run one after another: `_phase_memo`) knows to leave no finding after the same
    earlier accesses of the phase does no page work then: its records are made
    when something needs them (`records`, an access the memo does not know, a change of
    the clocks) and never if the next `PIPE_ALL` drops them first. No record of a phase
    is ordered before a later access of it whatever the clocks (no pipe knows more of
    another's accesses complete than were issued when the phase began), so the page
    work from empty pages of the same accesses is the same wherever the phase runs.
    """

    # Phases (see `records`): the memo of the accesses that leave no finding from a
    # state without records -- a node is [its entries: (op, pipe, spans, strides, the
    # next node, whether a span is checked across cores) each; (op, pipe) -> the next
    # node, for an op whose bytes change from phase to phase there; and `_node_pages`'
    # parts] (None: not made yet, `_phase_memo`); how many more entries it may have
    # (shared with it); the node the running phase is at (None: no phase); the pages
    # the phase's fresh accesses touched (memory key -> [first page, last page]); the
    # accesses whose page work waits; the clocks the phase started with; whether
    # phases run at all; races reported and prunes made (a memo entry has neither).
    # Class defaults (a block's checker often never starts a phase), set per block
    # as its first phase starts.
    _root: list | None = None
    _left: Any = (0,)
    _node: list | None = None
    _fresh: dict | None = None
    _lazy: Any = ()
    _phase_known: list[list[int]] | None = None
    _phases = True
    _marks = 0

    def __init__(
        self,
        mode: str,
        auto_sync: bool,
        block: int,
        order: LaunchOrder | None = None,
        core_no: int = 0,
        regs: dict | None = None,
    ):
        self.mode = mode
        self.block = block
        self.order = order
        """The launch's cross-core happens-before and GM records (gmorder.py)."""
        self.core_no = core_no
        self.regs = regs if regs is not None else {}
        """The core's control registers (its atomic mode: `regs["ATOMIC"]`)."""
        n = len(PIPES)
        # always[p][q]: q's work is always complete before p's next (in-order pipes,
        # compiler auto-sync); one shared table per setting, never written
        self.always = _always(auto_sync)
        self.count = [0] * n
        self.known = [[0] * n for _ in range(n)]
        self.flags: dict[tuple[HardEvent, int], tuple[list[int], Operation]] = {}
        self.fifo: dict[int, deque] = {}
        self.freed: dict[tuple[int, int], list[int]] = {}
        self.outstanding: dict[int, list] = {}  # queue id -> [label, allocs - frees, op]
        self._records: dict[tuple[Any, int], list[tuple]] = {}
        # (the phases' state: the class's defaults, set as a phase starts)
        # Per page of `records`: [the page's list, its length, the least and the
        # greatest start, the greatest end of its records, whether one writes], kept by
        # `access` for its shortcut; a summary is the page's only while it names the
        # page's list and its length (anything else that changes a page's records
        # makes a new list: batching.py)
        self._summ: dict[tuple[Any, int], list] = {}
        # GM page records a batched loop left to be made when a page is next touched
        # (batching.py): (key, page, pages per unit, units, rows) each, page + m * pages
        # holding the rows moved m units on, m in 1..units (`_unfold`)
        self.pending: list[tuple] = []
        self.findings: list[SimulatorError] = []
        self._seen: set[tuple] = set()
        # checks other modules add for the end of the block (ops/mutex.py's held locks)
        self.finish_checks: list[Callable[[BlockSanitizer], None]] = []
        # pipes this core lacks: their syncs compile to nothing (Ascend 950; core_pipes.py)
        self.absent: frozenset[str] = frozenset()
        # UB byte ranges a running vector function touched (ops/reg.py's asc_vf_call)
        self.vf_spans: list[tuple[str, int, int, bool]] | None = None
        # the running vector function call's own ordering (LocalMemBar: vf_order.py)
        self.vf_order: vf_order.CallOrder | None = None
        # Cross-core waits that held one pipe (Ascend 950): per pipe p, the index of each
        # wait on p (a pseudo-instruction of p) and the join of the snapshots acquired by
        # it and p's earlier ones; a pipe q learns them as it learns p's work after the
        # wait. `xclocks[q]`: q's cross-core clock (None while no wait held one pipe:
        # every pipe then has the core's, `LaunchOrder.clocks`).
        self.held: dict[int, tuple[list[int], list[dict[int, int]]]] = {}
        self.xclocks: list[dict[int, int]] | None = None
        self._absorbed: list[dict[int, int]] = []
        # local memories other cores write too, by name -> their key across cores (an
        # AIV's UB that its AIC's Fixpipe writes on Ascend 950: aiv_ub.py)
        self.shared: dict[str, Any] = {}

    # -- findings ------------------------------------------------------------------
    def report(self, err: SimulatorError, key: tuple) -> None:
        err.at(err.op, self.block)
        err.san_key = key  # type: ignore[attr-defined]  (one warning per key and launch)
        if self.mode == "error":
            raise err
        if key not in self._seen:
            self._seen.add(key)
            self.findings.append(err)

    # -- ordering ----------------------------------------------------------------------
    def snapshot(self, pipe: int) -> list[int]:
        snap = self.known[pipe][:]
        snap[pipe] = self.count[pipe]
        return snap

    def own_snapshot(self, pipe: int) -> dict[int, int]:
        """What `pipe` knows complete of this core's pipes, as a cross-core clock's
        entries (gmorder.py): its own work and the pipes it is ordered after."""
        base = self.core_no * len(PIPES)
        known, always, count = self.known[pipe], self.always[pipe], self.count
        out = {}
        for q, n in enumerate(count):
            k = n if (q == pipe or always[q]) else known[q]
            if k:
                out[base + q] = k
        return out

    def release(self, pipe: int) -> dict[int, int] | None:
        """A cross-core release on `pipe` (CrossCoreSetFlag, IBSet, SyncAll's arrival):
        the snapshot the waiting core acquires."""
        if self.order is None:
            return None
        clock = None if self.xclocks is None else self.xclock(pipe)
        return self.order.release(self.core_no, self.own_snapshot(pipe), clock)

    def acquire(self, snap: dict[int, int] | None, pipe: int | None = None) -> None:
        """A cross-core acquire (the wait that took the flag, a barrier's exit): into
        the whole core, or with `pipe` (an Ascend 950 CrossCoreWaitFlag, which holds
        only that pipe) into what `pipe` knows from its next instruction on."""
        order = self.order
        if order is None:
            return
        if self._node is not None:
            self._end_phase()
        if pipe is None or pipe == _S:  # the scalar unit issues everything after it
            order.acquire(self.core_no, snap)
            for row in self.xclocks or ():
                gmorder_join(row, snap)
            return
        if self.xclocks is None:
            base = order.clocks[self.core_no]
            self.xclocks = [dict(base) for _ in PIPES]
            self._absorbed = [{} for _ in PIPES]
        index = self.count[pipe]
        self.count[pipe] = index + 1  # the wait: p's later work comes after it
        idxs, snaps = self.held.setdefault(pipe, ([], []))
        cum = dict(snaps[-1]) if snaps else {}
        gmorder_join(cum, snap)
        idxs.append(index)
        snaps.append(cum)

    def xclock(self, q: int) -> dict[int, int]:
        """Pipe q's cross-core clock: the core's, and the held waits q knows passed (q
        is their pipe, is always ordered after it, or knows its later work complete)."""
        assert self.xclocks is not None
        row, done = self.xclocks[q], self._absorbed[q]
        known, always = self.known[q], self.always[q]
        for p, (idxs, snaps) in self.held.items():
            k = n = done.get(p, 0)
            if p == q or always[p]:
                k = len(idxs)
            else:
                while k < len(idxs) and known[p] > idxs[k]:
                    k += 1
            if k > n:
                gmorder_join(row, snaps[k - 1])
                done[p] = k
        return row

    def join(self, snap: list[int], pipe: int) -> None:
        """`pipe` learns what `snap` knows complete (every pipe, when `pipe` is S)."""
        if self._node is not None:
            self._end_phase()
        known = self.known
        if pipe != _S:
            _join_row(known[pipe], snap)
            return
        for row in known:
            _join_row(row, snap)

    def barrier(self, pipe: Pipe) -> None:
        name, p = _BARRIERS[pipe]
        if self.absent and name in self.absent:
            return
        if pipe is _PIPE_ALL:
            self.known = _copies(self.count)
            # every pipe now knows every access complete, and clocks only grow: no
            # record can race again (the cube's barriers between its phases)
            records = self._records
            if records.__class__ is not dict:
                self._end_phase()
            elif self._node is not None:
                self._lazy = []  # (their records go now: never made)
                self._node = None
            if records:
                records.clear()
                self._summ.clear()
            if self.pending:
                self.pending.clear()
        elif p is not None:
            if self._node is not None:
                self._end_phase()
            self.known[p][p] = self.count[p]

    # -- flags ---------------------------------------------------------------------------
    def flag(self, op: Operation, role: str, event: HardEvent, event_id: Any) -> None:
        if event.src_pipe in self.absent or event.dst_pipe in self.absent:
            return  # compiled to nothing on this core
        api = "SetFlag" if role == "set" else "WaitFlag"
        call = f"{api}<HardEvent::{event.name}>({event_id})"
        if not isinstance(event_id, int) or event_id not in EVENT_IDS:
            self.report(
                SyncError(
                    f"{call}: event id {event_id} is out of range: Atlas A2/A3 has ids 0-7 per "
                    "event (0-5 for kernels, 6 reserved, 7 used by TPipe)",
                    op,
                ),
                ("id", op),
            )
            return
        key = (event, event_id)
        if role == "set":
            if key in self.flags:
                first = self.flags[key][1]
                self.report(
                    SyncError(
                        f"{call} is set again before a WaitFlag cleared it (first set at "
                        f"{op_location(first) or '<no location>'}): a double set is undefined "
                        "on hardware",
                        op,
                    ),
                    ("double", op),
                )
            self.flags[key] = (self.snapshot(PIPE_INDEX[event.src_pipe]), op)
            return
        entry = self.flags.pop(key, None)
        if entry is None:
            self.report(
                SyncError(
                    f"deadlock: {call} waits for a flag no earlier SetFlag<HardEvent::"
                    f"{event.name}>({event_id}) set: the {event.dst_pipe} pipe hangs here on "
                    "hardware",
                    op,
                ),
                ("unset", op),
            )
            return
        self.join(entry[0], PIPE_INDEX[event.dst_pipe])

    # -- queues ----------------------------------------------------------------------------
    # TQue traffic: `events` = (enque src, enque dst, free src, free dst) pipe numbers,
    # None for positions whose queues carry no sync.
    def alloc(self, op: Operation, events: Any, queue: Any, tensor: Any) -> None:
        qid = id(queue)
        out = self.outstanding.get(qid)
        if out is None:
            out = self.outstanding[qid] = [queue.label, 0, op]
        out[1] += 1
        if self.freed:
            snap = self.freed.pop((qid, tensor.alloc.slot), None)
            if snap is not None:
                p = events[3]
                if p != _S and self._node is None:
                    _join_row(self.known[p], snap)
                else:
                    self.join(snap, p)

    def free(self, op: Operation, events: Any, queue: Any, tensor: Any) -> None:
        qid = id(queue)
        out = self.outstanding.get(qid)
        if out is not None:
            out[1] -= 1
        if events is not None:
            p = events[2]
            snap = self.known[p][:]
            snap[p] = self.count[p]
            self.freed[(qid, tensor.alloc.slot)] = snap

    def enque(self, op: Operation, events: Any, queue: Any, tensor: Any) -> None:
        if events is not None:
            p = events[0]
            snap = self.known[p][:]
            snap[p] = self.count[p]
        else:
            snap = None
        waiting = self.fifo.get(id(queue))
        if waiting is None:
            waiting = self.fifo[id(queue)] = deque()
        waiting.append((snap, op, queue.label))

    def deque(self, op: Operation, events: Any, queue: Any, tensor: Any) -> None:
        waiting = self.fifo.get(id(queue))
        if waiting:
            snap = waiting.popleft()[0]
            if snap is not None:
                p = events[1]
                if p != _S and self._node is None:
                    _join_row(self.known[p], snap)
                else:
                    self.join(snap, p)

    # -- accesses ----------------------------------------------------------------------------
    def access(
        self,
        op: Operation,
        pipe: int,
        spans: list[tuple[Any, int, int, bool]],
        strides: dict[int, tuple[int, int]] | None = None,
        exact: bool = True,
    ) -> None:
        """One op's accesses: (memory key, lo, hi, writes) each, all on pipe number `pipe`.
        `strides`: for the span of that index, (burst, pitch): its bytes are bursts of
        `burst` bytes `pitch` apart from lo (one record in the block and across cores,
        intersected exactly: gmorder.py), so copies whose rows interleave do not meet.
        `exact` False: the spans are the tensors' whole windows, a guess of the bytes
        touched, too coarse to hold against other cores (GM is not checked across cores)."""
        count = self.count
        index = count[pipe]
        count[pipe] = index + 1
        node = self._node
        if node is None and not self._records and not self.pending and self._phases:
            # no record in any page: a phase starts (see `records`)
            if self._root is None:
                self._root, self._left = self._phase_memo()
            node = self._node = self._root
            self._lazy = []
            self._phase_known = self.known
            self._fresh = None
        clash = False
        if node is not None:
            if self.known is not self._phase_known or self.pending:  # (set from outside)
                self._end_phase()
            else:
                seen = False
                for e in node[0]:
                    if e[0] is op and e[1] == pipe:
                        if e[2] != spans or e[3] != strides:
                            seen = True
                            continue
                        fresh = self._fresh
                        if fresh is not None and _meets(fresh, spans):
                            clash = True  # (its pages hold a fresh access's records)
                            break
                        # this access after the phase's earlier ones leaves no finding:
                        # its page work waits
                        self._lazy.append((op, pipe, index, spans, strides))
                        self._node = e[4]
                        if e[5]:
                            self._across(op, pipe, index, spans, strides, exact)
                        return
                else:
                    # pages no access of the phase touched, for an op whose bytes change
                    # from phase to phase here: nothing to check, the page work waits
                    fresh = self._fresh
                    wild = node[1].get((op, pipe)) if node[1] or seen else None
                    if wild is None and seen:
                        wild = node[1][op, pipe] = [[], {}, None, node, None]
                    if (
                        wild is not None
                        and len(spans) < PRUNE_AT
                        and not _meets(_node_pages(node), spans)
                        and (fresh is None or not _meets(fresh, spans))
                    ):
                        self._lazy.append((op, pipe, index, spans, strides))
                        self._fresh = _widen(fresh, spans)
                        self._node = wild
                        self._across(op, pipe, index, spans, strides, exact)
                        return
                    clash = fresh is not None and _meets(fresh, spans)
                if self._lazy:
                    self._flush()
        order = self.order
        marks = self._marks
        known, always = self.known[pipe], self.always[pipe]
        if order is None:
            self._pages(op, pipe, index, spans, strides, known, always)
        elif order.deferred:  # (logged now, checked when the core ends: gmorder.flush)
            self._across(op, pipe, index, spans, strides, exact)
            self._pages(op, pipe, index, spans, strides, known, always)
        elif not _crosses(spans, self.shared):
            self._pages(op, pipe, index, spans, strides, known, always)
        else:  # (span by span: the findings in the order they are found)
            for i, span in enumerate(spans):
                one = {0: strides[i]} if strides and i in strides else None
                self._across(op, pipe, index, [span], one, exact)
                self._pages(op, pipe, index, [span], one, known, always)
        if node is not None and self._node is node:
            if (
                not clash
                and self._marks == marks
                and len(node[0]) < MEMO_WIDTH
                and self._left[0] > 0
            ):
                # no finding, no prune, no fresh access's pages: the phase's next
                # access may skip its page work
                self._left[0] -= 1
                child: list = [[], {}, None, node, spans]
                across = order is not None and _crosses(spans, self.shared)
                node[0].append((op, pipe, spans, strides, child, across))
                self._node = child
            else:
                self._node = None

    def _phase_memo(self) -> tuple[list, list[int]]:
        """The phase memo's root and its entries left: the launch's, shared by its
        blocks, when its cores run one after another (`LaunchOrder.phases`: one at a
        time, in one thread), else the block's own. A memo entry holds for any block
        whose checker has the same `always` table and memories shared across cores (its
        page work depends on nothing else: see `records`)."""
        phases = None if self.order is None else self.order.phases
        if phases is None:
            return [[], {}, _NO_PAGES, None, None], [MEMO_ENTRIES]
        key = (id(self.always), tuple(sorted(self.shared)))
        memo = phases.get(key)
        if memo is None:
            memo = phases[key] = ([[], {}, _NO_PAGES, None, None], [MEMO_ENTRIES])
        return memo

    def _across(
        self,
        op: Operation,
        pipe: int,
        index: int,
        spans: list[tuple[Any, int, int, bool]],
        strides: dict[int, tuple[int, int]] | None,
        exact: bool,
    ) -> None:
        """An access's GM spans (exact ones only), and its spans of a local memory
        another core writes, checked against the other cores (gmorder.py)."""
        order = self.order if exact or self.shared else None
        if order is None:
            return
        shared = self.shared
        i = -1
        for key, lo, hi, write in spans:
            i += 1
            if hi <= lo or not (key.__class__ is not str or (shared and key in shared)):
                continue
            across = shared[key] if key.__class__ is str else key
            if across is key and not exact:
                continue
            step = strides.get(i) if strides else None
            atomic = write and pipe != _S and self.regs.get("ATOMIC") is not None
            entry = (self, op, pipe, index, across, lo, hi, write, atomic, step)
            if order.deferred:  # checked when the core ends (gmorder.flush)
                order.log.append(entry)
            else:
                order.access(*entry)

    def _pages(
        self,
        op: Operation,
        pipe: int,
        index: int,
        spans: list[tuple[Any, int, int, bool]],
        strides: dict[int, tuple[int, int]] | None,
        known: list[int],
        always: tuple[bool, ...],
    ) -> None:
        """An access's records in the pages it touches, checked against theirs."""
        records = self._records
        summ = self._summ
        i = -1
        for key, lo, hi, write in spans:
            i += 1
            if hi <= lo:
                continue
            step = strides.get(i) if strides else None
            new = (lo, hi, pipe, index, write, op, step)
            first, last = lo >> PAGE_SHIFT, (hi - 1) >> PAGE_SHIFT
            for page in (first,) if first == last else range(first, last + 1):
                at = (key, page)
                recs = records.get(at)
                if recs is None and (not self.pending or (recs := self._unfold(at)) is None):
                    records[at] = [new]
                    continue
                # The page's summary (`_summ`), while it is the summary of these records:
                # no record meets the access's span, or the page holds reads alone, the
                # access reads and starts past every record's start (so covers none):
                # nothing races and nothing is dropped, the record is appended.
                s = summ.get(at)
                n = len(recs)
                if s is not None and (s[0] is not recs or s[1] != n):
                    s = None
                elif (
                    s is not None
                    and n < PRUNE_AT
                    and (hi <= s[2] or s[4] <= lo or (not write and not s[5] and lo > s[3]))
                ):
                    recs.append(new)
                    _grown(s, lo, hi, write)
                    continue
                # The common case without the general scan: nothing on the page races
                # with this access. Records it does not meet are kept; of those it
                # meets (ordered before it, or reads beside a read) the ones it covers
                # are dropped, the new record standing for them.
                gone = None
                for a in recs:
                    alo, ahi, ap, ai, aw, _, ast = a
                    if ahi <= lo or hi <= alo or (ai == index and ap == pipe):
                        continue
                    # (strided records whose spans meet: do their bursts?)
                    if (step is not None or ast is not None) and _overlap(
                        lo, hi, step, alo, ahi, ast
                    ) is None:
                        continue
                    if always[ap] or known[ap] > ai:
                        if not (
                            lo <= alo
                            and ahi <= hi
                            and (write or not aw)
                            and (step is None or _covers(lo, hi, step, alo, ahi, ast))
                        ):
                            continue
                    elif write or aw:
                        break  # a race: the general scan reports it
                    elif not (
                        ap == pipe
                        and lo <= alo
                        and ahi <= hi
                        and (step is None or _covers(lo, hi, step, alo, ahi, ast))
                    ):
                        continue
                    if gone is None:
                        gone = [a]
                    else:
                        gone.append(a)
                else:
                    if gone is None:
                        if n < PRUNE_AT:
                            recs.append(new)
                            if s is None:
                                summ[at] = _summary(recs)
                            else:
                                _grown(s, lo, hi, write)
                            continue
                    elif len(gone) == n:
                        recs.clear()
                        recs.append(new)
                        if s is not None:  # (the page's list changed in place)
                            s[1], s[2], s[3], s[4], s[5] = 1, lo, lo, hi, write
                        continue
                    else:
                        for a in gone:
                            recs.remove(a)
                        recs.append(new)
                        if s is not None:
                            del summ[at]
                        if len(recs) > PRUNE_AT:
                            records[at] = self._prune(recs)
                        continue
                if s is not None:
                    del summ[at]  # (`_page` may change the records in place)
                self._page(recs, at, new, known, always, key)

    # -- phases: a run of accesses from a block's pages holding no record ----------------
    @property
    def records(self) -> dict[tuple[Any, int], list[tuple]]:
        """The records per (memory key, page), the phase's waiting accesses' made first
        (`_flush`; the phase ends: whoever reads them may change them)."""
        if self._node is not None or self._lazy:
            self._end_phase()
        return self._records

    @records.setter
    def records(self, value: dict[tuple[Any, int], list[tuple]]) -> None:
        self._lazy = []  # (their records would be in the dict this one replaces)
        self._node = None
        self._records = value
        self._summ = {}  # (summaries of the replaced pages' lists)

    def _flush(self) -> None:
        """Make the records of the accesses whose page work waits. They were made from
        pages holding none of the block's earlier records, so no record they meet is
        ordered before them whatever the clocks: `_ZERO` stands for the clocks."""
        lazy = self._lazy
        if lazy:
            self._lazy = []
            always = self.always
            for op, pipe, index, spans, strides in lazy:
                self._pages(op, pipe, index, spans, strides, _ZERO, always[pipe])

    def _end_phase(self) -> None:
        """The clocks are about to change, or the records are looked at from outside:
        the phase's accesses from now on are checked as they come."""
        self._node = None
        self._flush()

    def _unfold(self, at: tuple) -> list | None:
        """The records a batched loop left for page `at` (`pending`), made now."""
        key, page = at
        for k, first, pages, units, rows in self.pending:
            m, off = divmod(page - first, pages)
            if k is key and not off and 1 <= m <= units:
                recs = self._records[at] = [
                    (lo + m * db, hi + m * db, pipe, index + m * dv, w, op, step)
                    for lo, hi, pipe, index, dv, db, w, op, step in rows
                ]
                return recs
        return None

    def has_page(self, at: tuple) -> bool:
        """Whether page `at` holds records, made or pending."""
        if at in self.records:  # (made now if their page work waits)
            return True
        key, page = at
        for k, first, pages, units, _ in self.pending:
            m, off = divmod(page - first, pages)
            if k is key and not off and 1 <= m <= units:
                return True
        return False

    def _page(self, recs: list, at: tuple, new: tuple, known, always, key) -> None:
        """The general case of one page: `new` against the page's records `recs`."""
        lo, hi, pipe, index, write, op, step = new
        if len(recs) == 1:
            # one earlier access, ordered before this one and covered by it, which
            # stands for it from now on
            alo, ahi, ap, ai, aw, _, ast = recs[0]
            if (
                lo <= alo
                and ahi <= hi
                and (write or not aw)
                and (always[ap] or known[ap] > ai)
                and not (ai == index and ap == pipe)
                and (step is None or _covers(lo, hi, step, alo, ahi, ast))
            ):
                recs[0] = new
                return
        keep = []
        races = None
        for a in recs:
            alo, ahi, ap, ai, aw, _, ast = a
            if (
                ahi <= lo
                or hi <= alo
                or (ai == index and ap == pipe)
                or (
                    (step is not None or ast is not None)
                    and _overlap(lo, hi, step, alo, ahi, ast) is None
                )
            ):
                keep.append(a)
                continue
            in_order = always[ap] or known[ap] > ai
            if not in_order and (write or aw):
                if races is None:
                    races = []
                races.append(a)
            # a new access covering an ordered older one stands for it from now on
            if (
                (ap == pipe or in_order)
                and lo <= alo
                and ahi <= hi
                and (write or not aw)
                and (step is None or _covers(lo, hi, step, alo, ahi, ast))
            ):
                continue
            keep.append(a)
        keep.append(new)
        if len(keep) > PRUNE_AT:
            keep = self._prune(keep)
        self._records[at] = keep
        if races:
            self._marks += 1
            # the most telling first: another pipe's access, then the latest one
            races.sort(key=lambda a: (a[2] != pipe, a[3]), reverse=True)
            for a in races:
                self._race(a, op, pipe, write, key, lo, hi, step)

    def vector_function(self, op: Operation, spans: list[tuple[Any, int, int, bool]]) -> None:
        """A vector function call (`asc_vf_call`): one access on pipe V of the byte ranges
        its body read and wrote (each kind merged into maximal runs per memory: "UB", or
        a GM argument's buffer for a SIMT call's `p[i]` on GM, which is also checked
        against the other blocks' accesses)."""
        runs: dict[tuple[bool, Any], list[tuple[int, int]]] = {}
        for key, lo, hi, write in spans:
            runs.setdefault((write, key), []).append((lo, hi))
        merged: list[tuple[Any, int, int, bool]] = []
        # reads first, as an op's accesses are
        for (write, key), ranges in sorted(runs.items(), key=lambda kv: kv[0][0]):
            ranges.sort()
            lo, hi = ranges[0]
            for a, b in ranges[1:]:
                if a <= hi:
                    hi = max(hi, b)
                else:
                    merged.append((key, lo, hi, write))
                    lo, hi = a, b
            merged.append((key, lo, hi, write))
        self.access(op, PIPE_INDEX["V"], merged)

    def _prune(self, recs: list[tuple]) -> list[tuple]:
        """Drop the records every pipe that issued work knows complete (many small
        disjoint accesses in one page, e.g. GetValue in a loop)."""
        self._marks += 1
        active = [p for p, n in enumerate(self.count) if n]
        known, always = self.known, self.always
        return [
            a for a in recs if not all(always[p][a[2]] or known[p][a[2]] > a[3] for p in active)
        ]

    def _race(
        self, a: tuple, op: Operation, pipe: int, write: bool, key, lo, hi, step=None
    ) -> None:
        alo, ahi, ap, _, aw, aop, ast = a
        # the first bytes the two share (for strided records, of bursts that meet)
        x, y = _overlap(lo, hi, step, alo, ahi, ast) or (max(lo, alo), min(hi, ahi))
        kind = _kind(aw, write)
        first, second = PIPES[ap], PIPES[pipe]
        where = f"GM argument '{key.name}'" if isinstance(key, GmBuffer) else key
        what = "writes" if write else "reads"
        earlier = "wrote" if aw else "read"
        hint = _FIX[kind].format(a=first, b=second)
        if ap == pipe:
            hint = f"the same pipe overlaps its work: PipeBarrier<PIPE_{second}> between them"
        self.report(
            RaceError(
                f"{_KIND_TEXT[kind]} race ({kind}): pipe {second} {what} {where} bytes "
                f"[{x}, {y}) that pipe {first} {earlier} in "
                f"{op_title(aop)} with nothing ordering the two; {hint}",
                op,
                aop,
                self.block,
            ),
            ("race", kind, op, aop),
        )

    # -- the end of the block -------------------------------------------------------------
    def finish(self) -> None:
        # The block's page records are done with: dropped now rather than when the
        # launch ends (the launcher keeps each block's context), so they die young
        # instead of piling up for the cyclic GC's full collections.
        self._records = {}
        self._lazy = ()  # (the accesses whose page work waits: dropped with the records)
        self._node = self._root = self._phase_known = None
        self._summ = {}
        self.pending = []
        if self.order is not None and self.order.deferred:
            self.order.flush()
        for check in self.finish_checks:
            check(self)
        for (event, event_id), (_, op) in list(self.flags.items()):
            self.report(
                SyncError(
                    f"SetFlag<HardEvent::{event.name}>({event_id}) is still set when the kernel "
                    "ends (no WaitFlag cleared it): the flag leaks into the next kernel",
                    op,
                ),
                ("left", op),
            )
        for waiting in self.fifo.values():
            if waiting:
                _, op, label = waiting[0]
                self.report(
                    SyncError(
                        f"queue {label}: {len(waiting)} tensor(s) EnQue'd and never DeQue'd when "
                        "the kernel ends",
                        op,
                    ),
                    ("enque", op),
                )
        for label, n, op in self.outstanding.values():
            if n > 0:
                self.report(
                    SyncError(
                        f"queue {label}: {n} tensor(s) allocated with AllocTensor and never "
                        "given back with FreeTensor when the kernel ends",
                        op,
                    ),
                    ("alloc", op),
                )
        if self.xclocks is None:
            # The block has ended: a later replay of its cross-core log
            # (`gmorder.LaunchOrder._exact`) reads its number, block, mode, findings
            # and `xclocks` alone; its clocks and queue state are let go now rather
            # than when the launch ends, so that every block's do not pile up for the
            # cyclic GC (the launcher keeps each block's context)
            self.known = self.flags = self.fifo = self.freed = self.outstanding = None  # type: ignore[assignment]
            self.held = self._absorbed = self.finish_checks = None  # type: ignore[assignment]


def emit_warnings(findings: list[SimulatorError]) -> None:
    """`sanitize="warn"`: one warning per distinct finding of the launch (the same
    finding in several blocks is one warning naming them)."""
    groups: dict[Any, list[SimulatorError]] = {}
    for err in findings:
        groups.setdefault(getattr(err, "san_key", id(err)), []).append(err)
    for errs in groups.values():
        text = errs[0].text
        blocks = sorted({e.block for e in errs if e.block is not None})
        if len(blocks) > 1:
            shown = ", ".join(map(str, blocks[:8])) + (", ..." if len(blocks) > 8 else "")
            text += f"\n(the same finding in {len(blocks)} blocks: {shown})"
        warnings.warn(text, SanitizerWarning, stacklevel=4)


# ---------------------------------------------------------------------------
# Instrumentation: one wrapper closure per op that syncs or touches memory
# ---------------------------------------------------------------------------

Closure = Callable[[list, Any], None]


def instrument(op: Operation, comp: Any, f: Any) -> Any:
    """The op's closure `f` followed by the sanitizer's bookkeeping (or `f` itself).

    An inlined op (`compile.Inline`) stays inlined, its bookkeeping one call pasted
    after its template, where it is a queue op or a count form; any other is compiled
    alone into a closure first. A Reg op touching UB and a LocalMemBar also get the
    bookkeeping of a vector function's own ordering (`vf_order.wrap`)."""
    return vf_order.wrap(op, comp, _instrument(op, comp, f))


def _instrument(op: Operation, comp: Any, f: Any) -> Any:
    name = op.name
    if isinstance(f, Inline):
        spec = getattr(type(op), "SPEC", None)
        if (
            name not in _FLAG_OPS
            and name != "ascendc.pipe_barrier"
            and name not in QUEUE_OPS
            and (spec is None or not _spec_operands(op, spec)[0])
        ):
            return f  # scalar code, loops, sub-tensors: nothing to check
        inlined = _inline(op, comp, f)
        if inlined is not None:
            return inlined
        f = comp.closure(f)
    if name in _FLAG_OPS:
        if op.is_no_op:  # type: ignore[attr-defined]  (HardEvent::MAX: no flag)
            return f
        return _flag(op, comp, f, _FLAG_OPS[name])
    if name == "ascendc.pipe_barrier":
        pipe = op.pipe_value  # type: ignore[attr-defined]

        def barrier(e, c, _op=op):
            if f is not None:
                f(e, c)
            c.san.barrier(pipe)

        return barrier
    if name in QUEUE_OPS:
        return _queue(op, comp, f, QUEUE_OPS[name])
    spec = getattr(type(op), "SPEC", None)
    if spec is None or f is None:
        return f
    return _access(op, comp, f, spec)


def _inline(op: Operation, comp: Any, f: Inline) -> Inline | None:
    """A queue op's or count form's bookkeeping pasted after its template (None: the op
    is neither, or its operands are not plain)."""
    if op.name in QUEUE_OPS:
        plan = _queue_plan(op, QUEUE_OPS[op.name])
        events, tensor = plan
        names = {
            "san_op": op,
            "san_ev": events,
            "san_q": op.operands[0],
            "san_t": tensor,
        }
        # (a method of `c.san`: loop batching's warm-up may stand a proxy in for the
        # block's checker, batching._Proxy)
        line = f"c.san.{QUEUE_OPS[op.name]}({{san_op}}, {{san_ev}}, {{san_q}}, {{san_t}})"
        return Inline(op, [f.template, line], {**f.names, **names})
    spec = getattr(type(op), "SPEC", None)
    if spec is None:
        return None
    operands = _spec_operands(op, spec)
    if operands is None or not operands[0] or _EXTENTS.get(op.name) is not None:
        return None
    values, entries = operands
    if any(o.name in SCRATCH_OPERANDS for o in spec.operands):
        return None
    count = _count_value(op)
    pipe = op_pipe(op)
    if count is None or (pipe is None and not hasattr(type(op), "FORM")):
        return None
    names = {"san_f": _count_fn(pipe, entries), "san_op": op, "san_n": count}
    kinds = [_tensor_kind(v) for v in values]
    if None in kinds:  # a tensor of a type not known here: the general function
        args = []
        for i, v in enumerate(values):
            names[f"san_t{i}"] = v
            args.append(f"{{san_t{i}}}")
        line = "{san_f}(c.san, {san_op}, {san_n}, " + ", ".join(args) + ")"
        return Inline(op, [f.template, line], {**f.names, **names})
    # The operands' kinds are known from their IR types: the spans are one list display
    # and the call goes straight to the block's checker (no call in between).
    lines = ["san_n = {san_n}", "if san_n < 0:", "    san_n = 0"]
    for i, v in enumerate(values):
        names[f"san_v{i}"] = v
        lines.append(f"san_t{i} = {{san_v{i}}}")
    spans = []
    for i, w in entries:
        t = f"san_t{i}"
        key, lo = (f"{t}.mem_name", f"{t}.offset") if kinds[i] == "local" else (
            f"{t}.buf", f"{t}.byte_offset")  # fmt: skip
        per = elements_per_byte(op.name, getattr(values[i].type, "element_type", None))
        n = "san_n" if per == 1 else f"(san_n // {per})"  # (4-bit: two a byte)
        spans.append(f"({key}, {lo}, {lo} + {n} * {t}.itemsize, {w})")
    if pipe is not None:
        pipe_expr = str(PIPE_INDEX[pipe])
    else:  # a copy: its direction's pipe
        dst, src = entries[-1][0], entries[0][0]
        names["san_cp"] = _copy_pipe
        pipe_expr = f"{{san_cp}}(san_t{dst}, san_t{src})"
    lines.append(f"c.san.access({{san_op}}, {pipe_expr}, [{', '.join(spans)}])")
    return Inline(op, [f.template, "\n".join(lines)], {**f.names, **names})


def _tensor_kind(v: Any) -> str | None:
    """ "local" or "global" from an operand's IR type (None: neither, or not known)."""
    from asc_xdsl.dialects.ascendc.types import GlobalTensorType, LocalTensorType

    if isinstance(v.type, LocalTensorType):
        return "local"
    if isinstance(v.type, GlobalTensorType):
        return "global"
    return None


def _count_fn(static_pipe: str | None, entries: list[tuple[int, bool]]) -> Callable:
    """The bookkeeping of a count form with these (operand, writes) entries."""
    pipe_no = None if static_pipe is None else PIPE_INDEX[static_pipe]
    first, second = entries[0][0], entries[-1][0]
    local, glob = LocalTensor, GlobalTensor

    def run(san, op, n, *ts):
        if n < 0:
            n = 0
        spans = []
        for s, w in entries:
            t = ts[s]
            if t.__class__ is local:
                lo = t.offset
                spans.append((t.mem_name, lo, lo + n * t.itemsize, w))
            elif t.__class__ is glob and t.buf is not None:
                lo = t.byte_offset
                spans.append((t.buf, lo, lo + n * t.itemsize, w))
        pipe = pipe_no if pipe_no is not None else _copy_pipe(ts[second], ts[first])
        san.access(op, pipe, spans)

    return run


def _spec_operands(op: Operation, spec: Any) -> tuple[list, list[tuple[int, bool]]] | None:
    """(tensor operand values, (index, writes) reads first) of the op's spec."""
    values, entries = [], []
    for o in spec.operands:
        if o.effect is Effect.NONE:
            continue
        v = getattr(op, o.name, None)
        if v is None or isinstance(v, list | tuple):  # variadic tensor lists: not tracked
            continue
        if Effect.READ in o.effect:
            entries.append((len(values), False))
        if Effect.WRITE in o.effect:
            entries.append((len(values), True))
        values.append(v)
    entries.sort(key=lambda x: x[1])
    return values, entries


def _count_value(op: Operation) -> Any:
    for n in _COUNT_OPERANDS:
        v = getattr(op, n, None)
        if v is not None and not isinstance(v, list | tuple) and v in op.operands:
            return v
    return None


def _flag(op: Operation, comp: Any, f: Closure | None, role: str) -> Closure:
    i = comp.slot(op.event_id)
    event = op.hard_event

    def run(e, c, _op=op):
        if f is not None:
            f(e, c)
        c.san.flag(_op, role, event, e[i])

    return run


# A TQue at VECCALC has no TQueBind base in the dialect's table; the device builds it as
# TQueBind<MAX, MAX>, both sides UB, whose events (the headers' GetQueEvt(UB, UB)) are
# MTE2_MTE3 on EnQue and MTE3_MTE2 on FreeTensor.
_VECCALC_QUEUE = QueueEvents(HardEvent.MTE2_MTE3, HardEvent.MTE3_MTE2)


def _queue_plan(op: Operation, role: str) -> tuple[Any, Any]:
    """(events, the tensor value) of a queue op: `events` the pipe numbers (enque src,
    enque dst, free src, free dst), None for positions whose queues carry no sync."""
    qt = op.operands[0].type
    ev = queue_events(qt)
    if ev is None and isinstance(qt, QueueType) and qt.tposition is TPosition.VECCALC:
        ev = _VECCALC_QUEUE
    events = None
    if ev is not None:
        events = tuple(
            PIPE_INDEX[p]
            for p in (ev.enque.src_pipe, ev.enque.dst_pipe, ev.free.src_pipe, ev.free.dst_pipe)
        )
    if "srcUserPos" in op.properties:  # EnQue/DeQue<srcUserPos, dstUserPos>: their event
        pair = (op._call_item("srcUserPos"), op._call_item("dstUserPos"))  # type: ignore[attr-defined]
        user = QUEUE_EVENTS.get(pair)
        events = (
            None
            if user is None
            else (
                PIPE_INDEX[user.enque.src_pipe],
                PIPE_INDEX[user.enque.dst_pipe],
            )
        )
    if role in ("enque", "free") or len(op.operands) > 1:
        return events, op.operands[1]
    return events, op.results[0]


def _queue(op: Operation, comp: Any, f: Closure | None, role: str) -> Closure | None:
    if f is None:
        return None
    events, tensor = _queue_plan(op, role)
    q = comp.slot(op.operands[0])
    t = comp.slot(tensor)

    def run(e, c, _op=op):
        f(e, c)
        getattr(c.san, role)(_op, events, e[q], e[t])

    return run


def _access(op: Operation, comp: Any, f: Closure, spec: Any) -> Closure:
    slots, entries = [], []
    for o in spec.operands:
        if o.effect is Effect.NONE:
            continue
        v = getattr(op, o.name, None)
        if v is None or isinstance(v, list | tuple):  # variadic tensor lists: not tracked
            continue
        if Effect.READ in o.effect:
            entries.append((len(slots), False))
        if Effect.WRITE in o.effect:
            entries.append((len(slots), True))
        slots.append((comp.slot(v), o.name))
    if not slots:
        return f
    scratch = [i for i, (_, n) in enumerate(slots) if n in SCRATCH_OPERANDS]
    if scratch and len(slots) > 1:
        # ReduceSum/Max/Min allow dst inside their sharedTmpBuffer (the docs' constraints)
        shared = SCRATCH_MAY_HOLD.get(op.name.split("_l")[0], ())
        checked = [i for i, (_, n) in enumerate(slots) if i not in scratch and n not in shared]
        f = _scratch_check(op, f, [s for s, _ in slots], [n for _, n in slots], scratch, checked)
    entries.sort(key=lambda x: x[1])  # reads first: a read-modify-write reports its read
    static_pipe = op_pipe(op)
    if static_pipe is None and not hasattr(type(op), "FORM"):
        # No pipe: a library object or debug call (Matmul, DumpTensor, soft barriers)
        # that runs on several pipes and syncs inside; it orders like PIPE_ALL.
        def library(e, c, _op=op):
            f(e, c)
            c.san.barrier(Pipe.PIPE_ALL)

        return library
    pipe_no = None if static_pipe is None else PIPE_INDEX[static_pipe]
    names = [n for _, n in slots]
    extent = _extent_rule(op, comp)
    rule = getattr(extent, "rule", None)
    if rule is not None:  # (kept per parameter struct: `_memo`)
        return _keyed_access(op, f, slots, entries, pipe_no, names, rule, extent.keys)
    count = _count_slot(op, comp) if extent is None else None
    if count is not None:
        return _count_access(op, f, pipe_no, count, [(slots[i][0], w) for i, w in entries])
    exact = extent is not None

    def run(e, c, _op=op):
        f(e, c)
        tensors = [e[s] for s, _ in slots]
        pipe = pipe_no if pipe_no is not None else _copy_pipe(tensors[0], tensors[1])
        # per tensor: (lo, nbytes, (burst, pitch) of a GM span or None) of each span it
        # touches, relative to the tensor's start
        parts = extent(e, names, tensors) if extent else _parts([_window(t) for t in tensors])
        spans, strides = [], None
        for i, w in entries:
            t = tensors[i]
            if t.__class__ is LocalTensor:
                key, base = t.mem_name, t.offset
                for rlo, nbytes, _ in parts[i]:
                    spans.append((key, base + rlo, base + rlo + nbytes, w))
            elif t.__class__ is GlobalTensor and t.buf is not None:
                key, base = t.buf, t.byte_offset
                for rlo, nbytes, gap in parts[i]:
                    if gap is not None:  # GM bursts with gaps: exact across cores
                        strides = strides or {}
                        strides[len(spans)] = gap
                    spans.append((key, base + rlo, base + rlo + nbytes, w))
        c.san.access(_op, pipe, spans, strides, exact)

    return run


def _keyed_access(
    op: Operation,
    f: Closure,
    slots: list[tuple[int, str]],
    entries: list[tuple[int, bool]],
    pipe_no: int | None,
    names: list[str],
    spans: Extent,
    keys: tuple[int, ...],
) -> Closure:
    """`_access`'s bookkeeping for an op whose extent rule is a function of parameter
    structs (`_keyed`) and (`sized`) its tensors' element sizes alone, generated for its
    operands: the rule's `_parts` kept as `_memo` keeps them (computed again only when a
    struct is another object than last time or an element size differs); each tensor's
    spans at its offset; one call of `access`."""
    sized = getattr(spans, "sized", False)
    n = len(slots)
    unset = object()
    last: list = [unset] * (len(keys) + (n if sized else 0) + 1)
    at_parts = len(last) - 1
    tensors = "[" + ", ".join(f"t{j}" for j in range(n)) + "]"

    def refresh(e: list, ts: list) -> list:
        for q, k in enumerate(keys):
            last[q] = e[k]
        if sized:
            for j, t in enumerate(ts):
                last[len(keys) + j] = getattr(t, "itemsize", None)
        got = last[at_parts] = _parts(spans(e, names, ts))
        return got

    lines = ["def run(e, c, _op=_op):", "    f(e, c)"]
    lines += [f"    t{j} = e[{slot}]" for j, (slot, _) in enumerate(slots)]
    stale = [f"e[{k}] is not last[{q}]" for q, k in enumerate(keys)]
    if sized:
        stale += [f"getattr(t{j}, 'itemsize', None) != last[{len(keys) + j}]" for j in range(n)]
    lines += [
        f"    if {' or '.join(stale)}:",
        f"        parts = refresh(e, {tensors})",
        "    else:",
        f"        parts = last[{at_parts}]",
        "    spans = []",
        "    strides = None",
    ]
    for i, w in entries:
        lines += [
            f"    if t{i}.__class__ is LocalTensor:",
            f"        k, b = t{i}.mem_name, t{i}.offset",
            f"        for lo, nb, _ in parts[{i}]:",
            f"            spans.append((k, b + lo, b + lo + nb, {w}))",
            f"    elif t{i}.__class__ is GlobalTensor and t{i}.buf is not None:",
            f"        k, b = t{i}.buf, t{i}.byte_offset",
            f"        for lo, nb, gap in parts[{i}]:",
            "            if gap is not None:  # GM bursts with gaps: exact across cores",
            "                if strides is None:",
            "                    strides = {}",
            "                strides[len(spans)] = gap",
            f"            spans.append((k, b + lo, b + lo + nb, {w}))",
        ]
    pipe = str(pipe_no) if pipe_no is not None else "_copy_pipe(t0, t1)"
    lines.append(f"    c.san.access(_op, {pipe}, spans, strides, True)")
    env: dict[str, Any] = {
        "f": f,
        "_op": op,
        "last": last,
        "refresh": refresh,
        "LocalTensor": LocalTensor,
        "GlobalTensor": GlobalTensor,
        "_copy_pipe": _copy_pipe,
    }
    exec(compile("\n".join(lines) + "\n", f"<checker {op.name}>", "exec"), env)  # (made above)
    return env["run"]


SCRATCH_OPERANDS = frozenset({"shared_tmp_buffer", "tmp"})
"""Operands that are an op's own workspace (the library writes them while it reads its
sources): they must not share bytes with the op's other tensors."""


SCRATCH_MAY_HOLD = {
    "ascendc.reduce_sum": ("dst",),
    "ascendc.reduce_max": ("dst",),
    "ascendc.reduce_min": ("dst",),
}
"""Operands the docs allow inside an op's workspace (by op name without its `_l0/_l1/_l2`
form suffix): ReduceSum/Max/Min's dst ("支持dst与sharedTmpBuffer地址重叠"); the
advanced APIs (Tanh, ...) allow neither src nor dst there."""


def _scratch_check(
    op: Operation,
    f: Closure,
    slots: list[int],
    names: list[str],
    scratch: list[int],
    checked: list[int],
) -> Closure:
    """Before the op runs: its helper workspace overlapping one of its `checked` tensors
    (a planned buffer) is a finding; the library would overwrite data it still needs."""

    def run(e, c, _op=op):
        for k in scratch:
            w = e[slots[k]]
            if w.__class__ is not LocalTensor:
                continue
            wlo, whi = w.offset, w.offset + w.length * w.itemsize
            for j in checked:
                t = e[slots[j]]
                if t.__class__ is not LocalTensor or t.mem_name != w.mem_name:
                    continue
                lo, hi = t.offset, t.offset + t.length * t.itemsize
                if lo < whi and wlo < hi:
                    c.san.report(
                        SyncError(
                            f"the helper workspace {names[k]} ({w.mem_name} bytes [{wlo}, "
                            f"{whi})) overlaps operand {names[j]} (bytes [{lo}, {hi})): the "
                            f"library overwrites {names[j]} while it still reads or writes it; "
                            "give the workspace its own buffer (TBuf / InitBuffer)",
                            _op,
                        ),
                        ("scratch", _op, names[k], names[j]),
                    )
        f(e, c)

    return run


def _count_access(
    op: Operation, f: Closure, pipe_no: int | None, count: int, entries: list[tuple[int, bool]]
) -> Closure:
    """The common case, a count form: `count` elements of every tensor (kept lean)."""
    first, second = entries[0][0], entries[-1][0]

    def run(e, c, _op=op):
        f(e, c)
        n = e[count]
        if n < 0:
            n = 0
        spans = []
        for s, w in entries:
            t = e[s]
            if t.__class__ is LocalTensor:
                lo = t.offset
                spans.append((t.mem_name, lo, lo + n * t.itemsize, w))
            elif t.__class__ is GlobalTensor and t.buf is not None:
                lo = t.byte_offset
                spans.append((t.buf, lo, lo + n * t.itemsize, w))
        pipe = pipe_no if pipe_no is not None else _copy_pipe(e[second], e[first])
        c.san.access(_op, pipe, spans)

    return run


def _copy_pipe(dst: Any, src: Any) -> int:
    """The pipe number of a copy between these tensors' memories."""
    d = "GM" if isinstance(dst, GlobalTensor) else getattr(dst, "mem_name", None)
    s = "GM" if isinstance(src, GlobalTensor) else getattr(src, "mem_name", None)
    return PIPE_INDEX[MOVE_PIPES.get((d, s), "MTE2" if s == "GM" else "MTE3")]


def _window(t: Any) -> tuple[int, int]:
    """The bytes an access of unknown extent may touch: the tensor's whole window."""
    if isinstance(t, LocalTensor):
        return 0, t.length * t.itemsize
    if isinstance(t, GlobalTensor) and t.buf is not None:
        return 0, max(t.buf.nbytes - t.byte_offset, 0)
    return 0, 0


# -- extents: which bytes of each tensor operand an op touches -------------------------

Extent = Callable[[list, list, list], list]


def _extent_rule(op: Operation, comp: Any) -> Extent | None:
    """The op's own extent rule (`_EXTENTS`), if it has one, as `_parts` of its
    result (kept while the frame values it reads are the same objects: `_memo`)."""
    rule = _EXTENTS.get(op.name)
    if rule is None:
        return None
    spans = rule(op, comp)
    keys = getattr(spans, "keys", None)
    if keys is None:
        return lambda e, names, tensors: _parts(spans(e, names, tensors))
    return _memo(spans, keys, getattr(spans, "sized", False))


def _parts(sizes: list) -> list[list[tuple]]:
    """An extent rule's result (per tensor: (start, nbytes) or (start, nbytes, burst,
    pitch), or a list of those) as (start, nbytes, (burst, pitch) or None) each, the
    gaps kept where the span can be checked burst by burst (`MAX_BURSTS`; GM only)."""
    out = []
    for size in sizes:
        mine = []
        # (a list: an op of several instructions, each its own span)
        for one in size if size.__class__ is list else (size,):
            nbytes = one[1]
            gap = None
            if len(one) == 4 and one[3] > one[2] and nbytes // one[3] < MAX_BURSTS:
                gap = one[2:]
            mine.append((one[0], nbytes, gap))
        out.append(mine)
    return out


def _memo(spans: Extent, keys: tuple[int, ...], sized: bool) -> Extent:
    """`spans` as `_parts`, computed again only when a frame value it reads (`keys`:
    frame slots, a parameter struct each) is another object than last time, or (`sized`)
    a tensor's element size differs: the rules are functions of those alone (a struct
    is an immutable tuple; a loop's LoadData/Mmad/Fixpipe parameters are built once
    outside it, so the fields are not read again at every call). Its `rule`, `keys`
    and `sized`: what `_keyed_access` generates an op's bookkeeping from, with this
    same memo in it."""
    last: list = [None, None, None]

    def memo(e, names, tensors):
        vals = [e[k] for k in keys]
        sizes = [getattr(t, "itemsize", None) for t in tensors] if sized else None
        old = last[0]
        if (
            old is not None
            and sizes == last[1]
            and all(a is b for a, b in zip(vals, old, strict=True))
        ):
            return last[2]
        got = _parts(spans(e, names, tensors))
        last[0], last[1], last[2] = vals, sizes, got
        return got

    memo.rule, memo.keys, memo.sized = spans, keys, sized  # type: ignore[attr-defined]
    return memo


def _count_slot(op: Operation, comp: Any) -> int | None:
    """The slot of a count form's element count (`count` elements of every tensor)."""
    for n in _COUNT_OPERANDS:
        v = getattr(op, n, None)
        if v is not None and not isinstance(v, list | tuple) and v in op.operands:
            return comp.slot(v)
    return None


def _keyed(spans: Extent, *keys: int, sized: bool = False) -> Extent:
    """Mark an extent rule as a function of the frame values at `keys` (parameter
    structs) and (`sized`) its tensors' element sizes alone (`_memo`)."""
    spans.keys = keys  # type: ignore[attr-defined]
    spans.sized = sized  # type: ignore[attr-defined]
    return spans


def _element(op: Operation, comp: Any) -> Extent:
    i = comp.slot(op.operands[1])

    def one(e, names, tensors):
        t = tensors[0]
        return [(e[i] * t.itemsize, t.itemsize)]

    return one


def _bursts(count: int, length: int, pitch: int) -> int:
    return 0 if count <= 0 or length <= 0 else (count - 1) * pitch + length


def _strided(count: int, length: int, pitch: int) -> tuple[int, int, int, int]:
    """`count` bursts of `length` bytes `pitch` apart: (0, span, length, pitch)."""
    return (0, _bursts(count, length, pitch), length, pitch)


def _copy_params(op: Operation, comp: Any) -> Extent:
    """DataCopy with DataCopyParams: blockLen and gaps in 32 B units on both sides."""
    p = comp.slot(op.repeat_params)

    def spans(e, names, tensors):
        n, blen, sgap, dgap = e[p][:4]
        out = {"dst": _strided(n, blen * 32, (blen + dgap) * 32)}
        out["src"] = _strided(n, blen * 32, (blen + sgap) * 32)
        return [out[k] for k in names]

    return _keyed(spans, p)


def _pad_in(op: Operation, comp: Any) -> Extent:
    """DataCopyPad GM -> local: blockLen/srcStride in bytes, dstStride in 32 B blocks."""
    p, pp = comp.slot(op.data_copy_params), comp.slot(op.pad_params)

    def spans(e, names, tensors):
        n, blen, sstride, dstride = e[p][:4]
        _, left, right, _ = e[pp]
        size = tensors[0].itemsize
        burst = -(-(left * size + blen + right * size) // 32) * 32
        out = {"src": _strided(n, blen, blen + sstride)}
        out["dst"] = _strided(n, burst, burst + dstride * 32)
        return [out[k] for k in names]

    return _keyed(spans, p, pp, sized=True)


def _pad_out(op: Operation, comp: Any) -> Extent:
    """DataCopyPad local -> GM: srcStride in 32 B blocks, blockLen/dstStride in bytes."""
    p = comp.slot(op.data_copy_params)

    def spans(e, names, tensors):
        n, blen, sstride, dstride = e[p][:4]
        burst = -(-blen // 32) * 32
        out = {"src": _strided(n, blen, burst + sstride * 32)}
        out["dst"] = _strided(n, blen, blen + dstride)
        return [out[k] for k in names]

    return _keyed(spans, p)


def _load_2d(op: Operation, comp: Any) -> Extent:
    """LoadData 2D: repeat r moves one 512 B fractal from source fractal startIndex +
    r*srcStride (backwards with addrMode) to destination fractal r*(1 + dstGap)."""
    from asc_xdsl.runtime.simulator.ops.cube import FRACTAL, LOAD_2D_DEFAULTS, fields

    p = comp.slot(op.operands[2])

    def spans(e, names, tensors):
        f = fields(e[p], LOAD_2D_DEFAULTS, "LoadData")
        reps = f["repeatTimes"]
        if reps <= 0:
            return [(0, 0) for _ in names]
        step = -f["srcStride"] if f["addrMode"] else f["srcStride"]
        first, last = f["startIndex"], f["startIndex"] + (reps - 1) * step
        lo = max(min(first, last), 0)
        out = {
            "dst": (0, (reps - 1) * (1 + f["dstGap"]) * FRACTAL + FRACTAL),
            "src": (lo * FRACTAL, (max(first, last) - lo + 1) * FRACTAL),
        }
        return [out[k] for k in names]

    return _keyed(spans, p)


def _load_2d_v2(op: Operation, comp: Any) -> Extent:
    """LoadData with LoadData2DParamsV2 (Ascend 950): the fractals from the first it
    reads (writes) to the last (ops/cube.py `_load_2d_v2`); transposed 4/8/32-bit elements
    move squares of two (four) fractals (`cube.v2_square_indices`, the simulator's own)."""
    from asc_xdsl.runtime.simulator.float4 import is_float4
    from asc_xdsl.runtime.simulator.ops.cube import (
        FRACTAL,
        LOAD_2D_V2_DEFAULTS,
        fields,
        v2_square_indices,
    )

    p = comp.slot(op.operands[2])
    itemsize = np_dtype(op.dst.type.element_type).itemsize
    nibbles = is_float4(op.dst.type.element_type)  # (4-bit: squares of four fractals)

    def spans(e, names, tensors):
        f = fields(e[p], LOAD_2D_V2_DEFAULTS, "LoadData")
        ms, ks = f["mStep"], f["kStep"]
        if ms <= 0 or ks <= 0:
            return [(0, 0) for _ in names]
        stride = abs(f["srcStride"])
        if f["ifTranspose"] and itemsize != 2:
            squares, dst = v2_square_indices(f, itemsize, stride, "LoadData", nibbles)
            read = [i for pair in squares for i in pair]
            written = [i for i in dst if i >= 0]
            first, last = min(read), max(read)
            dst_first, dst_last = min(written), max(written)
        else:
            first = f["kStartPosition"] * stride + f["mStartPosition"]
            last = first + (ks - 1) * stride + ms - 1
            dst_first = 0
            if f["ifTranspose"]:
                dst_last = (ms - 1) * f["dstStride"] + ks - 1
            else:
                dst_last = (ks - 1) * f["dstStride"] + ms - 1
        out = {
            "dst": (dst_first * FRACTAL, (dst_last - dst_first + 1) * FRACTAL),
            "src": (first * FRACTAL, (last - first + 1) * FRACTAL),
        }
        return [out[k] for k in names]

    return _keyed(spans, p)


def _mmad(op: Operation, comp: Any) -> Extent:
    """Mmad: the m x k (L0A), k x n (L0B) and m x n (L0C) fractal grids; bias: n elements."""
    from asc_xdsl.runtime.simulator.ops.cube import FRACTAL, MMAD_DEFAULTS, fields

    p = comp.slot(op.mmad_params)
    k0 = 32 // np_dtype(op.fm.type.element_type).itemsize
    c_size = np_dtype(op.dst.type.element_type).itemsize

    def spans(e, names, tensors):
        f = fields(e[p], MMAD_DEFAULTS, "Mmad")
        m1, n1 = -(-f["m"] // 16), -(-f["n"] // 16)
        kk = f["k"] if not (f["kDirectionAlign"] and k0 == 8) else -(-f["k"] // 16) * 16
        k1 = -(-kk // k0)
        out = {
            "dst": (0, m1 * n1 * 256 * c_size),
            "fm": (0, m1 * k1 * FRACTAL),
            "filter": (0, k1 * n1 * FRACTAL),
        }
        return [out.get(k) or (0, f["n"] * t.itemsize) for k, t in zip(names, tensors, strict=True)]

    return _keyed(spans, p, sized=True)


def _nd2nz(op: Operation, comp: Any) -> Extent:
    """DataCopy ND -> NZ: ndNum source matrices of nValue rows (srcDValue apart) and
    their NZ images (column blocks dstNzC0Stride, rows dstNzNStride 32-byte units)."""
    from asc_xdsl.runtime.simulator.ops.cube import ND2NZ_DEFAULTS, fields

    p = comp.slot(op.intri_params)
    size = np_dtype(op.dst.type.element_type).itemsize

    def spans(e, names, tensors):
        f = fields(e[p], ND2NZ_DEFAULTS, "DataCopy (Nd2NzParams)")
        nd, rows, cols = f["ndNum"], f["nValue"], f["dValue"]
        if nd <= 0 or rows <= 0 or cols <= 0:
            return [(0, 0) for _ in names]
        d1 = -(-cols // (32 // size))
        span = (d1 - 1) * f["dstNzC0Stride"] * 32 + (rows - 1) * f["dstNzNStride"] * 32 + 32
        src = (nd - 1) * f["srcNdMatrixStride"] * size + ((rows - 1) * f["srcDValue"] + cols) * size
        out = {
            "src": (0, src, cols * size, f["srcDValue"] * size) if nd == 1 else (0, src),
            "dst": (0, (nd - 1) * f["dstNzMatrixStride"] * size + span),
        }  # fmt: skip
        return [out[k] for k in names]

    return _keyed(spans, p)


def _fixpipe(op: Operation, comp: Any) -> Extent:
    """Fixpipe L0C -> GM/L1: the Nz column blocks it reads, the ND rows (dstStride
    apart, ndNum matrices dstNdStride apart), DN rows or Nz blocks it writes, nSize scale
    words (`cube.fixpipe_extents`: Atlas A2/A3's units, or Ascend 950's)."""
    from asc_xdsl.dialects.ascendc.cube import uses_arch3510_params
    from asc_xdsl.dialects.ascendc.target import soc_family
    from asc_xdsl.runtime.simulator.ops.cube import (
        FIXPIPE_CONFIG_DEFAULTS,
        FIXPIPE_DEFAULTS,
        fields,
        fixpipe_extents,
    )
    from asc_xdsl.soc import ASCEND_950

    p, cfg = comp.slot(op.intri_params), comp.slot(op.fixpipe_config)
    isz = np_dtype(op.src.type.element_type).itemsize
    osz = np_dtype(op.dst.type.element_type).itemsize
    arch3510 = uses_arch3510_params(op) or soc_family(op) == ASCEND_950

    def spans(e, names, tensors):
        f = fields(e[p], FIXPIPE_DEFAULTS, "Fixpipe")
        layout = fields(e[cfg], FIXPIPE_CONFIG_DEFAULTS, "FixpipeConfig")["format"]
        out = fixpipe_extents(f, layout, isz, osz, arch3510)  # (a list per tensor when tiled)
        return [out[k] for k in names]

    return _keyed(spans, p, cfg)


def _l1_to_ub(op: Operation, comp: Any) -> Extent:
    """DataCopyL1ToUB: the L1 bytes it reads; its write is into an AIV's UB, which the
    op records itself (`cube._mark_ub`), not the AIC's own UB at dst's address."""
    if op.name.endswith("_params"):
        copy = _copy_params(op, comp)

        def spans(e, names, tensors):
            got = copy(e, names, tensors)
            return [s if n == "src" else (0, 0) for n, s in zip(names, got, strict=True)]

        return _keyed(spans, *copy.keys)
    count = comp.slot(op.cal_count)

    def whole(e, names, tensors):
        return [(0, e[count] * tensors[1].itemsize) if n == "src" else (0, 0) for n in names]

    return whole


_EXTENTS: dict[str, Callable[[Operation, Any], Extent]] = {
    "ascendc.data_copy_nd2nz": _nd2nz,
    "ascendc.fixpipe": _fixpipe,
    "ascendc.fixpipe_with_workspace": _fixpipe,
    "ascendc.data_copy_l1_to_ub": _l1_to_ub,
    "ascendc.data_copy_l1_to_ub_params": _l1_to_ub,
    "ascendc.load_data_l0": _load_2d,
    "ascendc.load_data_g2l": _load_2d,
    "ascendc.load_data_l0_v2": _load_2d_v2,
    "ascendc.load_data_g2l_v2": _load_2d_v2,
    "ascendc.mmad": _mmad,
    "ascendc.mmad_with_bias": _mmad,
    "ascendc.local_tensor.get_value": _element,
    "ascendc.local_tensor.set_value": _element,
    "ascendc.global_tensor.get_value": _element,
    "ascendc.global_tensor.set_value": _element,
    "ascendc.data_copy_l0": _copy_params,
    "ascendc.data_copy_pad_l0": _pad_in,
    "ascendc.data_copy_pad_l0_ext": _pad_in,
    "ascendc.data_copy_pad_l2": _pad_out,
    "ascendc.data_copy_pad_l2_ext": _pad_out,
}
"""Ops whose extent is not `count` elements or the whole window, by name."""
