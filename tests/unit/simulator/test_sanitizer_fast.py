"""The race checker's fast paths report what the plain bookkeeping reports.

- strided GM records (gmorder.py): one record per strided copy, intersected exactly,
  against the same accesses recorded burst by burst (the same accesses reported);
- PipeBarrier<PIPE_ALL> dropping a block's records (sanitizer.py) against keeping them;
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


class _KeepAll(dict):
    """Records that PipeBarrier<PIPE_ALL> cannot drop: the plain bookkeeping."""

    def clear(self) -> None:
        pass


def _block_findings(steps: list, keep_all: bool) -> set:
    san = BlockSanitizer("warn", False, 0)
    if keep_all:
        san.records = _KeepAll()
    for step in steps:
        if step == "all":
            san.barrier(Pipe.PIPE_ALL)
        else:
            op, pipe, lo, hi, write = step
            san.access(op, pipe, [("UB", lo, hi, write)])
    return {e.san_key for e in san.findings}


def test_pipe_all_dropping_records_reports_what_keeping_them_reports():
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
