"""A serial launch's batched loops doing their GM work late and merged across blocks
(`batching.Deferred`, issue 34 session 12) against the loops run one iteration at a
time (`ASC_XDSL_SIM_BATCH=0`).

The benchmark's vector add and variants on 8 blocks: blocks of one plan whose GM work
is done as one numpy call per op; the blocks in descending and random order; tails
(the iterations after a batch run one by one while other blocks' work waits, and with
the checker on those iterations are checked); tiles last first; a tensor-scalar op
with a scalar per block; x and z one array; y read from tiles other blocks write (the
kept work done in order); GM out of bounds in the last block and a division by zero
after the loop of the last block (the kept work done before the error); kernels whose
other ops keep the batches from waiting (two loops, a DataCopy after the loop). Each
compares arrays, warnings, errors, profiles and, with the checker on, its whole state
at each block's end; and checks the kept work was merged, done in order, or not kept,
as the case says."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from batch_runs import checker_states
from bench_simulator_ir import BENCH
from test_sim_batching import _reverse, _twice, _y_from_z

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import batching, last_profile
from asc_xdsl.runtime.simulator.errors import SimulatorError

TILE, BLOCKS = 4096, 8
LT = "!ascendc.local_tensor<*xf32>"


def _block_scale(text: str) -> str:
    """z = (x + y) * (block index + 1): a loop-invariant scalar of each block's own."""
    text = text.replace(
        "  scf.for %t",
        "  %one_i = arith.constant 1 : i32\n"
        "  %bi1 = arith.addi %block_idx, %one_i : i32\n"
        "  %scale = arith.sitofp %bi1 : i32 to f32\n"
        "  scf.for %t",
    )
    return text.replace(
        f"ascendc.add_l2 %z_local, %xa, %ya, %tile : {LT}, {LT}, {LT}, i32",
        f"ascendc.add_l2 %z_local, %xa, %ya, %tile : {LT}, {LT}, {LT}, i32\n"
        f"    ascendc.muls_l2 %z_local, %z_local, %scale, %tile {{isSetMask}} : {LT}, {LT}, f32, i32",
    )


def _y_from_z_behind(text: str) -> str:
    """z's tile t written 9 tiles on (z 9 tiles longer), y's tile t read from z's tile
    t: the tile the block before wrote in its iteration before. A tail block's last
    iteration (run one by one after its batch) reads what the block before's batch
    writes: that batch's work is done first."""
    gt = "!ascendc.global_tensor<*xf32>"
    text = text.replace(
        "  scf.for %t",
        f"  %nine = arith.constant {9 * TILE} : index\n"
        f"  %zw_gm = ascendc.global_tensor.subindex %z_gm[%nine] : {gt}, index, {gt}\n"
        "  scf.for %t",
    )
    text = text.replace(
        "%z_tile = ascendc.global_tensor.subindex %z_gm[%off]",
        "%z_tile = ascendc.global_tensor.subindex %zw_gm[%off]",
    )
    return text.replace(
        "%y_tile = ascendc.global_tensor.subindex %y_gm[%off]",
        "%y_tile = ascendc.global_tensor.subindex %z_gm[%off]",
    )


def _divide_after(text: str) -> str:
    """After the loop, 1 / (block_num - 1 - block_idx): the last block divides by zero."""
    return text.replace(
        "  return\n",
        "  %c1 = arith.constant 1 : i32\n"
        "  %bn1 = arith.subi %block_num, %c1 : i32\n"
        "  %k = arith.subi %bn1, %block_idx : i32\n"
        "  %q = arith.divsi %c1, %k : i32\n"
        "  return\n",
    )


def _copy_after(text: str) -> str:
    """After the loop, z's first tile copied to the tile past z's end (z a tile longer)
    through UB: GM read and written after the loop."""
    q = "!ascendc.queue<vecin, 2>"
    gt = "!ascendc.global_tensor<*xf32>"
    return text.replace(
        "  return\n",
        f"  %after = ascendc.que_bind.alloc_tensor %in_x : {q}, {LT}\n"
        f"  ascendc.data_copy_l2 %after, %z_gm, %tile : {LT}, {gt}, i32\n"
        f"  ascendc.que_bind.enque_tensor %in_x, %after : {q}, {LT}\n"
        f"  %after2 = ascendc.que_bind.deque_tensor %in_x : {q}, {LT}\n"
        "  %end = arith.index_cast %total : i32 to index\n"
        f"  %z_end = ascendc.global_tensor.subindex %z_gm[%end] : {gt}, index, {gt}\n"
        f"  ascendc.data_copy_l2 %z_end, %after2, %tile : {gt}, {LT}, i32\n"
        f"  ascendc.que_bind.free_tensor %in_x, %after2 : {q}, {LT}\n"
        "  return\n",
    )


ADD = BENCH.vector_add_ir(TILE)

# name: (IR, total tiles, z shorter by (elements), z in x's memory at this element (None:
# its own array), block order, what the kept work does with the checker off: "merged"
# (a numpy call over several blocks), "ordered" (block by block), "none" (nothing kept))
CASES = {
    "clean": (ADD, 8 * 16, 0, None, "ascending", "merged"),
    "tails": (ADD, 8 * 16 + 3, 0, None, "ascending", "merged"),
    "descending": (ADD, 8 * 16 + 5, 0, None, "descending", "merged"),
    "random": (ADD, 8 * 16 + 5, 0, None, "random", None),
    "last tile first": (_reverse(ADD), 8 * 16 + 3, 0, None, "ascending", "merged"),
    "block scale": (_block_scale(ADD), 8 * 16, 0, None, "ascending", None),
    "in place": (ADD, 8 * 16, 0, 0, "ascending", "merged"),
    # z's tile t the back half of x's tile t and the front of t + 1, which the next
    # block reads: two GM arguments over one array, the blocks meet (in order)
    "z half a tile into x": (ADD, 8 * 16, 0, TILE // 2, "ascending", "ordered"),
    "z half a tile into x, descending": (ADD, 8 * 16, 0, TILE // 2, "descending", "ordered"),
    "z half a tile into x, tails": (ADD, 8 * 16 + 3, 0, TILE // 2, "ascending", "ordered"),
    "y from other blocks' z": (_y_from_z(ADD), 8 * 16, -TILE, None, "ascending", "ordered"),
    "y from z behind": (_y_from_z_behind(ADD), 8 * 16 + 3, -9 * TILE, None, "ascending", "ordered"),
    "GM out of bounds": (ADD, 8 * 16, 3 * TILE, None, "ascending", None),
    "division after": (_divide_after(ADD), 8 * 16, 0, None, "ascending", "merged"),
    "two loops": (_twice(ADD), 8 * 16, 0, None, "ascending", "none"),
    "copy after": (_copy_after(ADD), 8 * 16, -TILE, None, "ascending", "none"),
}

_kernels: dict[str, CompiledKernel] = {}
_RUN_ROWS = batching._run_rows


def _launch(case: str, sanitize: str, batch: bool, monkeypatch, seed: int = 3) -> tuple:
    """(z, x's whole array, warnings, error, profile), the kept work's calls: (blocks,
    in order) of each `_run_rows`."""
    text, tiles, short, alias, order, _ = CASES[case]
    monkeypatch.setenv(batching.BATCH_ENV, "1" if batch else "0")
    kernel = _kernels.get(case)
    if kernel is None:
        kernel = _kernels[case] = CompiledKernel(name="add_bench", module=parse_module(text))
    n = tiles * TILE
    rng = np.random.default_rng(0)
    base = rng.random(n + 2 * TILE, dtype=np.float32)
    x, y = base[:n], rng.random(n, dtype=np.float32)
    z = np.zeros(n - short, np.float32) if alias is None else base[alias : alias + n]
    calls: list = []

    def spy(p, scal, phases, ns, move, blocks, d):
        calls.append(blocks)
        _RUN_ROWS(p, scal, phases, ns, move, blocks, d)

    monkeypatch.setattr(batching, "_run_rows", spy)
    error = None
    random.seed(seed)  # (block_order="random": the same order both ways)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            kernel[BLOCKS](x, y, z, n, backend="cpu", sanitize=sanitize, workers=1,
                           block_order=order)  # fmt: skip
    except SimulatorError as err:
        error = str(err)
    texts = [f"{w.category.__name__}: {w.message}" for w in caught]
    profile = last_profile().blocks if error is None else None
    return (z.copy(), base.copy(), texts, error, profile), calls


@pytest.mark.parametrize("sanitize", ["off", "warn"])
@pytest.mark.parametrize("case", list(CASES))
def test_kept_work_matches_the_loop_run_one_by_one(case, sanitize, monkeypatch):
    plain, none = _launch(case, sanitize, False, monkeypatch)
    kept, calls = _launch(case, sanitize, True, monkeypatch)
    assert none == []
    assert np.array_equal(kept[0], plain[0]) and np.array_equal(kept[1], plain[1])
    assert kept[2:] == plain[2:]
    expect = CASES[case][5]
    if expect == "merged":
        assert any(b > 1 for b in calls), calls
    if expect == "ordered" and sanitize == "off":
        assert calls and all(b == 1 for b in calls), calls
    if expect == "none":
        assert calls == []
    if case == "GM out of bounds":
        assert kept[3] is not None and "outside argument 'z'" in kept[3]
    if case == "division after":
        assert kept[3] is not None and "division by zero" in kept[3]
    if case.startswith("y from") and sanitize == "warn":
        assert any("race" in t for t in kept[2])


@pytest.mark.parametrize("case", ["clean", "tails", "descending", "in place", "y from z behind"])
def test_checker_state_at_each_block_end_matches(case, monkeypatch):
    """With the checker on, its whole state at each block's end is the one-by-one
    loop's (a tail checked one by one while the kept work waits, the next block's
    tail batched with the state the first left, `batching._Tail`)."""
    states = checker_states(monkeypatch)
    _launch(case, "warn", False, monkeypatch)
    plain, states[:] = states[:], []
    tails: list = []
    follow = batching._Tail.follow

    def counted(self, *args):
        tails.append(args)
        return follow(self, *args)

    monkeypatch.setattr(batching._Tail, "follow", counted)
    _, calls = _launch(case, "warn", True, monkeypatch)
    assert calls
    assert states == plain
    if case == "tails":  # (blocks 1 and 2 follow block 0's proof with a tail each)
        assert tails


def test_error_mode_keeps_the_serial_bytes(monkeypatch):
    """sanitize="error" and a race in the last block's loop (its z tile is the block
    before's): the error and the GM bytes the blocks before left are the serial run's."""
    plain, _ = _launch("y from other blocks' z", "error", False, monkeypatch)
    kept, _ = _launch("y from other blocks' z", "error", True, monkeypatch)
    assert plain[3] is not None and kept[3] == plain[3]
    assert np.array_equal(kept[0], plain[0])


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_random_orders(seed, monkeypatch):
    plain, _ = _launch("random", "off", False, monkeypatch, seed)
    kept, _ = _launch("random", "off", True, monkeypatch, seed)
    assert np.array_equal(kept[0], plain[0]) and kept[2:] == plain[2:]


def test_lattice_meets():
    """`_lattice_meets` against the rows listed byte by byte."""
    rng = np.random.default_rng(4)
    for _ in range(400):
        base = int(rng.integers(0, 200))
        stride = int(rng.choice([-1, 1])) * int(rng.integers(0, 60))
        rows = int(rng.integers(1, 5))
        blocks = int(rng.integers(1, 4))
        d = int(rng.choice([-1, 1])) * int(rng.integers(0, 20)) if blocks > 1 else 0
        n = int(rng.integers(1, 12))
        s0, sn = int(rng.integers(-50, 400)), int(rng.integers(1, 20))
        lo = base + min(0, stride * (rows - 1)) + min(0, d * (blocks - 1))
        touched = set()
        for r in range(rows):
            for j in range(blocks):
                touched.update(range(base + r * stride + j * d, base + r * stride + j * d + n))
        meets = batching._lattice_meets(base, stride, rows, d, blocks, n, s0, sn)
        exact = bool(touched & set(range(s0, s0 + sn)))
        assert meets or not exact  # (never misses a byte; may say so of bytes between)
        hull = set(range(lo, max(touched) + 1))
        if not hull & set(range(s0, s0 + sn)):
            assert not meets


class _Buf:
    """What `Deferred` reads of a GM buffer: its bytes and size."""

    def __init__(self, u8: np.ndarray):
        self.u8, self.nbytes = u8, u8.nbytes


def test_meets_compares_memory_not_buffers():
    """`Deferred.meets`: a kept run's rows (3 blocks 64 bytes apart, 4 rows 256 apart,
    32 bytes each, written into z; read from x) against spans of the buffers and of a
    second buffer over z's memory, reading and writing."""
    mem = np.zeros(4096, np.uint8)
    x, z = _Buf(mem[:1024]), _Buf(mem[2048:])
    alias = _Buf(mem[2048 + 512 :])  # (z's bytes from 512 on)
    phases = [[("gmr", x, 0, 256, 32, 0, [False]), ("gmw", z, 0, 256, 32, 2, [False])]]
    d = batching.Deferred(None)
    d.runs = [[None, phases, [4], (), 0, 64, 3, batching._gm_rows(phases, [4])]]
    d.written = set(d.runs[0][7][1])
    assert d.meets([(z, 64, 8, False)])  # reads a row written
    assert d.meets([(z, 768 + 128 + 8, 8, True)])  # (row 3, block 2)
    assert not d.meets([(z, 192, 64, True)])  # between the blocks' rows and the next row's
    assert not d.meets([(x, 0, 32, False)])  # reads what the run reads
    assert d.meets([(x, 0, 32, True)])  # writes it
    assert d.meets([(alias, 0, 8, False)])  # z's row 2 through another buffer
    assert not d.meets([(alias, 192, 8, False)])
    assert not d.meets([(z, 1024, 32, True)])  # past the last row
