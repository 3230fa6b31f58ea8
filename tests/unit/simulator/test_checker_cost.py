"""The race checker's cached work against the straightforward path (issue 34):

- an op's extent rule kept per parameter struct (`sanitizer._memo`): the accesses a
  cube kernel hands the checker (ops, pipes, spans, strides) and its findings are the
  ones the rule evaluated at every call gives; a changed struct (another object) is
  evaluated again;
- a batched loop's spans kept as progressions in the bulk cross-core check's unions
  until something is checked against them (`gmorder._Union.runs`): each core's verdict
  and the unions' spans are the ones its log unfolded entry by entry gives.
"""

from __future__ import annotations

import random

import numpy as np
from bench_simulator_ir import BENCH

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import gmorder, sanitizer


def _plain(spans, keys, sized):  # the rule evaluated at every call
    return lambda e, names, tensors: sanitizer._parts(spans(e, names, tensors))


def _matmul_accesses(monkeypatch, memo: bool) -> tuple[list, np.ndarray]:
    if not memo:
        monkeypatch.setattr(sanitizer, "_memo", _plain)
    calls: list = []
    access = sanitizer.BlockSanitizer.access

    def record(self, op, pipe, spans, strides=None, exact=True):
        named = [(k if isinstance(k, str) else k.name, lo, hi, w) for k, lo, hi, w in spans]
        calls.append((self.block, op.name, pipe, named, strides, exact))
        access(self, op, pipe, spans, strides, exact)

    monkeypatch.setattr(sanitizer.BlockSanitizer, "access", record)
    # (a new kernel: its closures are built with the patched `_memo`)
    kernel = CompiledKernel(
        name="matmul_bench", module=parse_module(BENCH.matmul_ir(256)), kernel_type="cube"
    )
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 5, (256, 256)).astype(np.float16)
    b = rng.integers(-4, 5, (256, 256)).astype(np.float16)
    c = np.zeros((256, 256), np.float32)
    kernel[2](a, b, c, backend="cpu", sanitize="error", workers=1)
    monkeypatch.undo()
    return calls, c


def test_memoised_extents_are_the_rules_evaluated_each_call(monkeypatch):
    plain, c_plain = _matmul_accesses(monkeypatch, memo=False)
    cached, c_cached = _matmul_accesses(monkeypatch, memo=True)
    assert cached == plain
    assert np.array_equal(c_cached, c_plain)
    ops = {x[1] for x in plain}
    assert {"ascendc.load_data_l0", "ascendc.mmad", "ascendc.fixpipe"} <= ops
    assert any(x[4] for x in plain)  # (the ND -> NZ copies' strided GM reads)


def test_memo_evaluates_again_for_another_struct():
    seen: list = []

    def rule(e, names, tensors):
        seen.append(e[0])
        return [(0, e[0][0]), (8, 64, 16, 32)]

    memo = sanitizer._memo(sanitizer._keyed(rule, 0), (0,), False)
    one, same_values = tuple([16]), tuple([16])  # (two objects, equal)
    assert memo([one], ["dst", "src"], [None, None]) == [
        [(0, 16, None)],
        [(8, 64, (16, 32))],
    ]
    memo([one], ["dst", "src"], [None, None])  # the same object: kept
    assert seen == [one]
    memo([same_values], ["dst", "src"], [None, None])  # another object: evaluated
    got = memo([(48,)], ["dst", "src"], [None, None])
    assert len(seen) == 3 and got[0] == [(0, 48, None)]


class _Buf:
    def __init__(self, name: str):
        self.name = name


def _log(rng: random.Random, bufs: list, core: int, grain: int) -> list:
    """A core's log: single accesses and batched loops (`LogRun`s: progressions, some
    stepping down, some with spans wider than their step) of reads, writes and
    atomic writes over a few buffers; mostly tiles of `grain` bytes (the unions' cells
    mode), now and then a span off that grain (the fallback to intervals)."""
    log: list = []
    for _ in range(rng.randrange(1, 5)):
        buf = rng.choice(bufs)
        write, atomic = rng.random() < 0.5, rng.random() < 0.2
        if rng.random() < 0.8:
            lo = grain * rng.randrange(0, 1500 // grain)
            hi = lo + grain * rng.randrange(0, 3)
        else:
            lo = rng.randrange(0, 1500)
            hi = lo + rng.randrange(0, 48)  # (an empty span now and then)
        entry = (core, None, 2, 0, buf, lo, hi, write, write and atomic, None)
        if rng.random() < 0.5:
            log.append(entry)
            continue
        step = rng.choice([-1, 1]) * rng.randrange(1, 200 // grain + 1) * grain
        if rng.random() < 0.1:
            step += rng.choice([-1, 1])  # (off the grain)
        units = rng.randrange(1, 30)
        if step < 0:  # (GM offsets are never negative)
            entry = (*entry[:5], lo - step * units, hi - step * units, *entry[7:])
        log.append(gmorder.LogRun([(entry, 1, step)], units))
    return log


def test_progressions_in_the_unions_are_the_log_unfolded():
    rng = random.Random(11)
    verdicts = []
    taken, left = [], []
    enter, leave = gmorder._Union._enter, gmorder._Union._to_intervals
    gmorder._Union._enter = lambda self, *a: taken.append(1) or enter(self, *a)
    gmorder._Union._to_intervals = lambda self: left.append(1) or leave(self)
    try:
        _compare(rng, verdicts)
    finally:
        gmorder._Union._enter, gmorder._Union._to_intervals = enter, leave
    assert True in verdicts and False in verdicts
    assert len(taken) > 20 and left  # (cells mode taken, and left)


def _intervals_only(fn, *args):
    """`fn(*args)` with the unions kept as intervals (the straightforward path)."""
    cells_max, gmorder.CELLS_MAX = gmorder.CELLS_MAX, 0
    try:
        return fn(*args)
    finally:
        gmorder.CELLS_MAX = cells_max


def _compare(rng: random.Random, verdicts: list) -> None:
    for case in range(120):
        grain = (1, 8, 32)[case % 3]
        bufs = [_Buf(n) for n in "xyz"]
        lazy = gmorder.LaunchOrder(["c"] * 8, list(range(8)), 8, 0, deferred=True)
        plain = gmorder.LaunchOrder(["c"] * 8, list(range(8)), 8, 0, deferred=True)
        for core in range(8):
            log = _log(rng, bufs, core, grain)
            got = lazy._clean(log)
            assert got == _intervals_only(plain._clean, gmorder.entries(log))
            verdicts.append(got)
            if not got:
                break
        if got:
            mine, theirs = lazy.spans, _intervals_only(getattr, plain, "spans")
            assert mine.keys() == theirs.keys()
            for bid, rows in theirs.items():
                assert np.array_equal(mine[bid], rows)


def test_cells_fall_back_to_intervals_off_the_grain():
    """A union in cells mode takes an aligned progression as ranges, and a span off
    its grain turns it into intervals: the same bytes, the same verdicts."""
    buf = _Buf("z")

    def w(lo, hi):  # a plain write of z
        return (0, None, 2, 0, buf, lo, hi, True, False, None)

    order = gmorder.LaunchOrder(["c"] * 4, [0, 1, 2, 3], 8, 0, deferred=True)
    assert order._clean([gmorder.LogRun([(w(-64, -32), 1, 64)], 40)])  # [0, 32) + 64 m
    assert order._clean([gmorder.LogRun([(w(-32, 0), 1, 64)], 40)])  # the gaps between
    u = order.unions[id(buf)][0]
    assert u.cells is not None and u.grain == 32 and len(u.cells) == 40 and u.runs
    assert order._clean([w(5000, 5010)])  # off the grain: waits as a pending span
    assert len(u.cells) == 80 and not u.runs  # (the gaps taken in when it was asked)
    assert not order._clean([w(5009, 5012)])  # meets it: the union is intervals now
    assert u.cells is None and u.grain == -1
    assert (u.los, u.his) == ([0, 5000], [2560, 5010])

    # a union of a few cells asked about a huge span answers with intervals
    order = gmorder.LaunchOrder(["c"] * 3, [0, 1, 2], 8, 0, deferred=True)
    assert order._clean([gmorder.LogRun([(w(-64, -32), 1, 64)], 40)])
    assert order._clean([gmorder.LogRun([(w(-32, 0), 1, 64)], 40)])
    u = order.unions[id(buf)][0]
    assert u.cells is not None
    assert not order._clean([w(1 << 30, (1 << 30) + 64), w(0, (1 << 30) + 32)])
    assert u.cells is None and u.los == [0]
