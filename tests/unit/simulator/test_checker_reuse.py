"""Loop batching with the race checker on: a block's checked warm-up reused by the blocks
after it (simulator/batching.py `_Proof`, `_Proxy`).

The first block of a launch to batch a loop runs its warm-up fully checked; a later
block whose checker state at the loop's start equals it follows that warm-up call by
call (its GM bytes moved by whole checker pages) and takes the proof's state, moved,
instead of checking each call. Each kernel here is launched with batching off (every
iteration checked one by one: the reference) and on: the same arrays, warnings (texts,
order), errors and profile, and the checker's whole state when each block ends. The
kernels: the benchmark's vector add (bench/simulator.py) on 8 blocks; with block 5
writing its neighbour's z tiles (a cross-core race only a block following the proof
has); with block 6's z tile fixed by a runtime scalar (a pattern no proof has: the block
leaves the proof at its second z copy and reports the race there); on tiles of half a
checker page (odd blocks sit half a page off the first block: a second proof).
"""

from __future__ import annotations

import numpy as np
import pytest
from batch_runs import checker_states, random_add_inputs, traced_launch
from bench_simulator_ir import BENCH

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import batching, sanitizer

BLOCKS, PER_BLOCK = 8, 15


def _z_tile(text: str, block: int, how: str) -> str:
    """z's tile index from a per-block scalar chosen before the loop: block `block`
    writes tile t - 1 (its neighbour's, `how` "shift") or tile t * 0 = 0 every time
    (`how` "fixed"); the other blocks tile t."""
    pick = {"shift": ("addi", -1, 0), "fixed": ("muli", 0, 1)}[how]
    setup = (
        f"  %zb = arith.constant {block} : i32\n"
        f"  %zin = arith.constant {pick[1]} : i32\n"
        f"  %zout = arith.constant {pick[2]} : i32\n"
        "  %zis = arith.cmpi eq, %block_idx, %zb : i32\n"
        "  %zk = arith.select %zis, %zin, %zout : i32\n"
        "  scf.for %t"
    )
    text = text.replace("  scf.for %t", setup, 1)
    return text.replace(
        "%z_tile = ascendc.global_tensor.subindex %z_gm[%off]",
        f"%zt = arith.{pick[0]} %t, %zk : i32\n"
        "    %zo_i32 = arith.muli %zt, %tile : i32\n"
        "    %zo = arith.index_cast %zo_i32 : i32 to index\n"
        "    %z_tile = ascendc.global_tensor.subindex %z_gm[%zo]",
    )


# name: (IR, tile elements, the blocks that follow a proof). A cross-core race found
# when a block ends turns the launch's bulk checking off (gmorder.LaunchOrder._exact):
# the blocks after it check every access at once and batch nothing.
CASES = {
    "clean": (BENCH.vector_add_ir(4096), 4096, [1, 2, 3, 4, 5, 6, 7]),
    "block 5 writes block 4's tiles": (
        _z_tile(BENCH.vector_add_ir(4096), 5, "shift"), 4096, [1, 2, 3, 4, 5]),
    "block 6's z tile fixed": (
        _z_tile(BENCH.vector_add_ir(4096), 6, "fixed"), 4096, [1, 2, 3, 4, 5]),
    # odd blocks sit half a page off block 0: they follow block 1's proof
    "half-page tiles": (BENCH.vector_add_ir(2048), 2048, [2, 3, 4, 5, 6, 7]),
}  # fmt: skip
_kernels: dict[str, CompiledKernel] = {}


def _launch(case: str, sanitize: str, batch: bool, monkeypatch, states=None) -> tuple:
    text, tile, _ = CASES[case]
    monkeypatch.setenv(batching.BATCH_ENV, "1" if batch else "0")
    kernel = _kernels.get(case)
    if kernel is None:
        kernel = _kernels[case] = CompiledKernel(name="add_bench", module=parse_module(text))
    n = BLOCKS * PER_BLOCK * tile
    return traced_launch(kernel, BLOCKS, *random_add_inputs(n), n, sanitize)


@pytest.mark.parametrize("case", list(CASES))
def test_followed_proofs_match_the_loop_checked_one_by_one(case, monkeypatch):
    states = checker_states(monkeypatch)
    plain, _ = _launch(case, "warn", False, monkeypatch)
    plain_states, states[:] = states[:], []
    batched, trace = _launch(case, "warn", True, monkeypatch)
    assert np.array_equal(batched[0], plain[0])
    assert batched[1:] == plain[1:]
    assert states == plain_states
    reused = [t[1] for t in trace if t[0] == "reused"]
    assert reused == CASES[case][2], trace
    if case == "clean" or case == "half-page tiles":
        assert batched[1] == []
    if case == "block 5 writes block 4's tiles":  # found by a block that followed a proof
        (text,) = batched[1]
        assert "block 5: ascendc.data_copy_l2" in text
        assert "cross-core write-after-write race (WAW): AIV of block 5 writes" in text
        assert "that AIV of block 4 wrote" in text
    if case == "block 6's z tile fixed":  # block 6 left the proof at its second copy of z
        assert any("block 6" in t and "PipeBarrier<PIPE_MTE3>" in t for t in batched[1])


@pytest.mark.parametrize("case", ["block 5 writes block 4's tiles", "block 6's z tile fixed"])
def test_error_mode_raises_what_the_checked_loop_raises(case, monkeypatch):
    plain, _ = _launch(case, "error", False, monkeypatch)
    batched, _ = _launch(case, "error", True, monkeypatch)
    assert plain[2] is not None and batched[2] == plain[2]
    assert np.array_equal(batched[0], plain[0])


def test_a_proof_is_not_taken_across_launches_or_other_entry_states(monkeypatch):
    """Proofs live in the launch's cross-core state (gmorder.LaunchOrder.proofs): the
    next launch's first block proves again; a block whose checker state at the loop's
    start differs (a flag set before it) follows none."""
    _, first = _launch("clean", "warn", True, monkeypatch)
    _, again = _launch("clean", "warn", True, monkeypatch)
    assert [t for t in first if t[0] == "reused"] == [t for t in again if t[0] == "reused"]
    assert ("reused", 0) not in again

    class Stub:  # the parts of a BlockSanitizer `_entry` reads
        def __init__(self, count):
            self.pending, self.held, self.xclocks, self.shared = [], {}, None, {}
            self.vf_spans, self.regs, self.mode = None, {}, "warn"
            self.always, self.absent = sanitizer._always(True), frozenset()
            self.count, self.known = count, [[0] * len(count) for _ in count]
            self.records, self.fifo, self.freed, self.outstanding, self.flags = {}, {}, {}, {}, {}

    n = len(sanitizer.PIPES)
    quiet, busy = Stub([0] * n), Stub([1] + [0] * (n - 1))
    assert batching._entry(quiet, {}) != batching._entry(busy, {})
    busy.records = {("UB", 0): [(0, 32, 0, 0, True, None)]}
    assert batching._entry(busy, {}) is not None
    busy.records = {(object(), 0): []}  # a GM record before the loop: no proof fits it
    assert batching._entry(busy, {}) is None


def test_union_sweep_is_the_pairwise_test_and_the_merge():
    """`gmorder._Union.sweep` (a batched loop's many spans against the union they join:
    one sweep checks and merges) says what a pairwise test says, and leaves the union
    `_merged` gives; and `LaunchOrder._clean` takes it for many spans of a class."""
    import random

    from asc_xdsl.runtime.simulator import gmorder

    rng = random.Random(7)
    hits = 0
    for case in range(200):
        u = gmorder._Union()
        old = [(lo, lo + rng.randrange(1, 9)) for lo in rng.sample(range(1500), 20)]
        settled, pending = old[: case % 20], old[case % 20 :]
        u.los, u.his = gmorder._merged(sorted(settled))
        u.pending_lo, u.pending_hi = [a for a, _ in pending], [b for _, b in pending]
        new = [(lo, lo + rng.randrange(1, 4)) for lo in rng.sample(range(1500), 20)]
        got = u.sweep([a for a, _ in new], [b for _, b in new])
        meet = any(max(a, c) < min(b, d) for a, b in new for c, d in old)
        assert (got is None) == meet
        if got is not None:
            assert got == gmorder._merged(sorted(old + new))
        hits += meet
    assert 20 < hits < 180

    buf = type("Buf", (), {"name": "z"})()

    def entry(lo, hi):  # a plain write of z
        return (None, None, 0, 0, buf, lo, hi, True, False, None)

    order = gmorder.LaunchOrder(["c0", "c1"], [0, 1], len(sanitizer.PIPES), 0, deferred=True)
    assert order._clean([entry(64 * i, 64 * i + 32) for i in range(40)])
    swept = []
    sweep, cells_max = gmorder._Union.sweep, gmorder.CELLS_MAX
    gmorder._Union.sweep = lambda self, los, his: swept.append(len(los)) or sweep(self, los, his)
    gmorder.CELLS_MAX = 0  # (intervals: these spans would fit cells of 32 bytes)
    try:
        assert order._clean([entry(64 * i + 32, 64 * i + 64) for i in range(40)])  # between
        assert not order._clean([entry(64 * i + 40, 64 * i + 90) for i in range(40)])
    finally:
        gmorder._Union.sweep, gmorder.CELLS_MAX = sweep, cells_max
    assert swept == [40, 40]
    assert order.unions[id(buf)][0].los == [0]  # the first two made one


def test_a_block_that_follows_but_takes_no_batch_gives_its_checker_the_calls(monkeypatch):
    """A follower whose loop ends its warm-up without a batch (here: its first try
    refused, then too few units left) leaves the loop to the one-by-one run with the
    calls it followed made on its checker."""
    steady = batching._steady
    followed = []

    def refuse_when_following(p, e, c, *args):
        if isinstance(c.san, batching._Proxy) and c.san.following:
            followed.append(c.block_idx)
            monkeypatch.setattr(batching, "MIN_UNITS", 10**6)  # (returns after a unit)
            raise batching.Refused("test")
        return steady(p, e, c, *args)

    states = checker_states(monkeypatch)
    plain, _ = _launch("clean", "warn", False, monkeypatch)
    plain_states, states[:] = states[:], []
    monkeypatch.setattr(batching, "_steady", refuse_when_following)
    batched, trace = _launch("clean", "warn", True, monkeypatch)
    assert followed == [1] and [t[0] for t in trace].count("batched") == 1  # block 0
    assert np.array_equal(batched[0], plain[0]) and batched[1:] == plain[1:]
    assert states == plain_states
