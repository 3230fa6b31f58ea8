"""The race checker's fast paths report what the plain bookkeeping reports.

- strided GM records (gmorder.py): one record per strided copy, intersected exactly,
  against the same accesses recorded burst by burst (the same accesses reported);
- a launch's cores checked in bulk as each ends (`LaunchOrder.flush`, cores one after
  another without cross-core syncs) against each access checked at once, and its bulk
  test (byte unions) against the pairwise span test;
- PipeBarrier<PIPE_ALL> dropping a block's records (sanitizer.py) against keeping them,
  and a page's one-record shortcut against the general scan;
- the unrolled clock join against `max` entry by entry.

Random sequences, small and seeded: each case runs in milliseconds."""

import random

from asc_xdsl.enums import Pipe
from asc_xdsl.runtime.simulator import gmorder
from asc_xdsl.runtime.simulator.sanitizer import PIPES, BlockSanitizer, _join_row


def _bursts(lo: int, hi: int, step) -> list[tuple[int, int]]:
    if step is None:
        return [(lo, hi)]
    burst, pitch = step
    return [(b, b + burst) for b in range(lo, hi, pitch)]


def _record(rng: random.Random, strided: bool) -> tuple[int, int, tuple | None]:
    lo = rng.randrange(0, 96)
    if not strided:
        return lo, lo + rng.randrange(1, 40), None
    burst = rng.randrange(1, 9)
    pitch = burst + rng.randrange(1, 12)
    n = rng.randrange(1, 7)
    return lo, lo + (n - 1) * pitch + burst, (burst, pitch)


def test_overlap_and_covers_match_burst_by_burst():
    rng = random.Random(7)
    for _ in range(600):
        a = _record(rng, rng.random() < 0.7)
        b = _record(rng, rng.random() < 0.7)
        if rng.random() < 0.3 and a[2] is not None:  # same pitch: the closed form
            lo = rng.randrange(0, 96)
            burst = rng.randrange(1, a[2][1])
            n = rng.randrange(1, 7)
            b = (lo, lo + (n - 1) * a[2][1] + burst, (burst, a[2][1]))
        bytes_a = {x for s, e in _bursts(*a) for x in range(s, e)}
        bytes_b = {x for s, e in _bursts(*b) for x in range(s, e)}
        shared = bytes_a & bytes_b
        hit = gmorder._overlap(*a, *b)
        if not shared:
            assert hit is None, (a, b)
        else:
            # the first shared bytes: a run starting at the lowest shared byte
            assert hit is not None and hit[0] == min(shared), (a, b, hit)
            assert set(range(*hit)) <= shared, (a, b, hit)
        if gmorder._covers(*a, *b):
            assert bytes_b <= bytes_a, (a, b)


class Op:
    """A stand-in for an IR op in a finding: a name and no location."""

    def __init__(self, k: int):
        self.name = f"op{k}"
        self.location = None


class _Core:
    """The part of a BlockSanitizer the cross-core records use: findings by key."""

    def __init__(self, core: int):
        self.core_no = core
        self.block = core
        self.keys: set = set()
        self.xclocks = None  # every pipe has the core's clock (no wait held one pipe)

    def report(self, err, key) -> None:
        self.keys.add(key)


def _gm_findings(events: list, per_burst: bool) -> set:
    order = gmorder.LaunchOrder(["c0", "c1", "c2"], [0, 1, 2], len(PIPES), 0)
    cores = [_Core(i) for i in range(3)]
    buf = type("Buf", (), {"name": "z"})()
    counts = [[0] * len(PIPES) for _ in cores]
    for ev in events:
        if ev[0] == "sync":  # core a releases, core b acquires
            _, a, b = ev
            order.acquire(b, order.release(a, {}))
            continue
        _, core, pipe, op, write, atomic, (lo, hi, step) = ev
        index = counts[core][pipe]
        counts[core][pipe] += 1
        san = cores[core]
        if per_burst:
            for s, e in _bursts(lo, hi, step):
                order.access(san, op, pipe, index, buf, s, e, write, atomic)
        else:
            order.access(san, op, pipe, index, buf, lo, hi, write, atomic, step)
    return set().union(*(c.keys for c in cores))


def test_strided_gm_records_report_what_bursts_report():
    rng = random.Random(3)
    total = 0
    for _ in range(40):
        events = []
        for k in range(12):
            if rng.random() < 0.15:
                events.append(("sync", rng.randrange(3), rng.randrange(3)))
                continue
            rec = _record(rng, rng.random() < 0.7)
            events.append(
                ("acc", rng.randrange(3), rng.randrange(1, 4), Op(k), rng.random() < 0.5,
                 rng.random() < 0.2, rec)
            )  # fmt: skip
        fast = _gm_findings(events, per_burst=False)
        slow = _gm_findings(events, per_burst=True)
        # every finding kept, the same accesses reported; a strided record a later
        # access covers only in part is not cut into bursts, so it may be named as a
        # further earlier partner of an access already reported
        assert slow <= fast, events
        assert {k[2] for k in fast} == {k[2] for k in slow}, events
        total += len(fast)
    assert total > 20  # the sequences do race


def _deferred_findings(cores_events: list[list[tuple]], deferred: bool, sync: bool) -> list:
    """Each core's accesses in turn; deferred: checked as each core ends. `sync`: core 0
    releases and acquires halfway (deferred checking ends there, its log replayed)."""
    n = len(cores_events)
    order = gmorder.LaunchOrder([f"c{i}" for i in range(n)], list(range(n)), len(PIPES), 0,
                                deferred=deferred)  # fmt: skip
    cores = [_Core(i) for i in range(n)]
    bufs = [type("Buf", (), {"name": name})() for name in ("x", "z")]
    for core, events in enumerate(cores_events):
        counts = [0] * len(PIPES)
        for k, (pipe, op, write, atomic, b, (lo, hi, step)) in enumerate(events):
            if sync and core == 0 and k == 4:
                order.acquire(core, order.release(core, {}))
            index = counts[pipe]
            counts[pipe] += 1
            entry = (cores[core], op, pipe, index, bufs[b], lo, hi, write, atomic, step)
            if order.deferred:
                order.log.append(entry)
            else:
                order.access(*entry)
        if order.deferred:
            order.flush()
    return [sorted(map(str, c.keys)) for c in cores]


def test_cores_checked_as_they_end_report_what_each_access_reports():
    rng = random.Random(11)
    clean = racy = 0
    for case in range(30):
        cores = []
        for c in range(4):
            base = c * 1000 if case % 2 else 0  # each core's own bytes: clean; else races
            events = []
            for k in range(8):
                lo = rng.randrange(0, 120)
                rec = (lo, lo + rng.randrange(1, 24), None)
                if rng.random() < 0.3:
                    rec = _record(rng, True)
                rec = (rec[0] + base, rec[1] + base, rec[2])
                events.append((rng.randrange(1, 4), Op(10 * c + k), rng.random() < 0.4,
                               rng.random() < 0.2, rng.randrange(2), rec))  # fmt: skip
            cores.append(events)
        sync = case % 3 == 0
        fast = _deferred_findings(cores, deferred=True, sync=sync)
        assert fast == _deferred_findings(cores, deferred=False, sync=sync)
        racy += any(fast)
        clean += not any(fast)
    assert racy > 3 and clean > 3  # both the bulk test and the replay are exercised


def test_bulk_test_is_the_pairwise_span_test():
    """`LaunchOrder._clean` (byte unions per class) says a core's log meets the earlier
    cores' exactly when some pair of spans shares a byte, one writes and not both are
    atomic; the unions hold the spans' bytes per class (a few spans against many too; a
    batched loop's `LogRun` read as the entries it stands for)."""
    rng = random.Random(5)
    bufs = [type("Buf", (), {"name": name})() for name in ("x", "z")]
    met = 0
    for case in range(60):
        order = gmorder.LaunchOrder(["c0", "c1", "c2"], [0, 1, 2], len(PIPES), 0, deferred=True)
        earlier: list[tuple] = []
        for core in range(3):
            n = 1 if case % 3 == 0 and core else 60  # few against many: inserted one by one
            log = []
            for _ in range(n):
                lo = rng.randrange(0, 2000)
                hi = lo + rng.randrange(0, 20)  # empty spans too, and touching ones
                write = rng.random() < (0.1 if case % 2 else 0.5)
                log.append((None, None, 0, 0, bufs[rng.randrange(2)], lo, hi, write,
                            write and rng.random() < 0.3, None))  # fmt: skip
            if case % 4 == 1 and n > 4:  # a batched loop's run: steps up, down and none
                base = [(e, 1, rng.choice((0, -7, 13, 40))) for e in log[-4:]]
                log[-4:] = [gmorder.LogRun(base, rng.randrange(1, 6))]
            flat = gmorder.entries(log)
            want = any(
                a[4] is b[4] and max(a[5], b[5]) < min(a[6], b[6])
                and (a[7] or b[7]) and not (a[8] and b[8])
                for a in flat for b in earlier
            )  # fmt: skip
            assert order._clean(log) == (not want)
            if want:
                met += 1
                break
            earlier += flat
            for b in bufs:
                cover = {
                    (w, at): {x for e in earlier if e[4] is b and (e[7], e[8]) == (w, at)
                              for x in range(e[5], e[6])}
                    for w, at in gmorder._CLASSES
                }  # fmt: skip
                rows = order.spans.get(id(b))
                got = {k: set() for k in cover}
                for lo, hi, w, at in [] if rows is None else rows.tolist():
                    got[(bool(w), bool(at))] |= set(range(lo, hi))
                assert got == {(bool(w), bool(at)): v for (w, at), v in cover.items()}
    assert 10 < met < 60  # both verdicts


class _KeepAll(dict):
    """Records that PipeBarrier<PIPE_ALL> cannot drop: the plain bookkeeping."""

    def clear(self) -> None:
        pass


def _block_findings(steps: list, keep_all: bool, sentinel: bool = False) -> set:
    san = BlockSanitizer("warn", False, 0)
    if keep_all:
        san.records = _KeepAll()
    if sentinel:  # a far record in the page no access meets: never one record alone
        san.records[("UB", 0)] = [(16000, 16001, 0, 0, False, Op(-1), None)]
    for step in steps:
        if step == "all":
            san.barrier(Pipe.PIPE_ALL)
        else:
            op, pipe, lo, hi, write = step
            san.access(op, pipe, [("UB", lo, hi, write)])
    return {e.san_key for e in san.findings}


def test_dropping_records_and_the_one_record_shortcut_report_what_a_scan_reports():
    rng = random.Random(5)
    total = 0
    for _ in range(40):
        steps: list = []
        for k in range(16):
            if rng.random() < 0.15:
                steps.append("all")
                continue
            lo = rng.randrange(0, 64)
            steps.append((Op(k), rng.randrange(len(PIPES)), lo, lo + rng.randrange(1, 32),
                          rng.random() < 0.5))  # fmt: skip
        fast = _block_findings(steps, keep_all=False)
        assert fast == _block_findings(steps, keep_all=True)
        assert fast == _block_findings(steps, keep_all=True, sentinel=True)
        total += len(fast)
    assert total > 20


def test_unrolled_join_is_the_entrywise_max():
    rng = random.Random(1)
    for _ in range(50):
        row = [rng.randrange(5) for _ in PIPES]
        snap = [rng.randrange(5) for _ in PIPES]
        want = list(map(max, row, snap))
        _join_row(row, snap)
        assert row == want
