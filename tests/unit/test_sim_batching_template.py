"""Loop batching's templates (simulator/batching.py `_Template`): a later block of a
launch whose state after its loop's first unit is the one an earlier block proved steady
takes its batch a unit early -- the same arrays, warnings, errors and profile as the loop
run one by one; and the template refused where the state differs (a queue's buffers in
another order before the loop), not carried into the next launch, and used with the race
checker on only behind the proof its block made (`_Proxy`).

The benchmark's vector add (2 KiB-element tiles, 2 blocks of 16 iterations) as in
test_sim_batching.py."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from bench_simulator_ir import BENCH

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import batching, last_profile
from asc_xdsl.runtime.simulator.errors import SimulatorError

TILE, BLOCKS, TILES = 2048, 2, 32
Q = "!ascendc.queue<vecin, 2>"
LT = "!ascendc.local_tensor<*xf32>"


def _rotated(text: str, blocks: tuple[int, ...] = (1,)) -> str:
    """Blocks `blocks` allocate and free one of x's buffers before the loop: its free
    buffers in the other order, so the loop's first unit leaves another state."""
    cond = "\n".join(
        f"  %c{b} = arith.constant {b} : i32\n  %is{b} = arith.cmpi eq, %block_idx, %c{b} : i32\n"
        f"  scf.if %is{b} {{\n"
        f"    %tmp{b} = ascendc.que_bind.alloc_tensor %in_x : {Q}, {LT}\n"
        f"    ascendc.que_bind.free_tensor %in_x, %tmp{b} : {Q}, {LT}\n"
        "  }"
        for b in blocks
    )
    return text.replace("  scf.for %t", cond + "\n  scf.for %t", 1)


KERNELS = {
    "clean": lambda tile: BENCH.vector_add_ir(tile),
    "rotated": lambda tile: _rotated(BENCH.vector_add_ir(tile)),
    "all rotated": lambda tile: _rotated(BENCH.vector_add_ir(tile), (0, 1)),
}
_kernels: dict[tuple, CompiledKernel] = {}


def _launch(
    name: str, sanitize: str, batch: bool, monkeypatch, blocks: int = BLOCKS, tile: int = TILE
) -> tuple:
    monkeypatch.setenv(batching.BATCH_ENV, "1" if batch else "0")
    kernel = _kernels.get((name, tile))
    if kernel is None:
        kernel = _kernels[(name, tile)] = CompiledKernel(
            name="add_bench", module=parse_module(KERNELS[name](tile))
        )
    n = TILES * blocks // BLOCKS * tile
    rng = np.random.default_rng(1)
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    z = np.zeros(n, np.float32)
    trace = batching.trace = []
    error = None
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            kernel[blocks](x, y, z, n, backend="cpu", sanitize=sanitize, workers=1)
    except SimulatorError as err:
        error = str(err)
    finally:
        batching.trace = None
    texts = [f"{w.category.__name__}: {w.message}" for w in caught]
    profile = last_profile().blocks if error is None else None
    return (z, texts, error, profile), trace


def _same(name: str, sanitize: str, monkeypatch, blocks: int = BLOCKS, tile: int = TILE) -> list:
    plain, _ = _launch(name, sanitize, False, monkeypatch, blocks, tile)
    batched, trace = _launch(name, sanitize, True, monkeypatch, blocks, tile)
    assert np.array_equal(batched[0], plain[0])
    assert batched[1:] == plain[1:]
    assert plain[2] is None
    return trace


@pytest.mark.parametrize("sanitize", ["off", "warn"])
def test_later_blocks_take_the_batch_a_unit_early(sanitize, monkeypatch):
    """4 blocks of 16 iterations (8 units of 2); tiles of one checker page, so that
    the later blocks follow block 0's proof with the checker on."""
    trace = _same("clean", sanitize, monkeypatch, blocks=4, tile=2 * TILE)
    assert [t for t in trace if t[0] == "template"] == [("template", b) for b in (1, 2, 3)]
    # block 0 ran two units one by one (four with the checker on: its state settles
    # later), the others one: 7 units in their batch
    batched = [t[1] for t in trace if t[0] == "batched"]
    assert batched == [6 if sanitize == "off" else 4, 7, 7, 7]
    if sanitize == "warn":
        assert [t for t in trace if t[0] == "reused"] == [("reused", b) for b in (1, 2, 3)]


@pytest.mark.parametrize("sanitize", ["off", "warn"])
def test_a_block_in_another_state_runs_its_own_warm_up(sanitize, monkeypatch):
    trace = _same("rotated", sanitize, monkeypatch)
    assert not any(t[0] == "template" for t in trace), trace
    assert sum(t[0] == "batched" for t in trace) == BLOCKS


def test_the_same_other_state_is_a_template_of_its_own(monkeypatch):
    """Blocks 0 and 1 both rotate their queue: block 1 uses block 0's template (which
    the plain kernel's blocks would not match)."""
    trace = _same("all rotated", "off", monkeypatch)
    assert ("template", 1) in trace


def test_templates_stay_in_their_launch(monkeypatch):
    _same("clean", "off", monkeypatch)
    _, trace = _launch("clean", "off", True, monkeypatch)
    assert trace[0][0] == "batched"  # block 0: its own warm-up again
    assert ("template", 1) in trace


def test_uninit_off_and_error(monkeypatch):
    """The template's written-bytes mask is compared only with uninit checking on; with
    it off, or in mode "error", the same results."""
    for mode in ("off", "error"):
        monkeypatch.setenv("ASC_XDSL_SIM_UNINIT", mode)
        trace = _same("clean", "off", monkeypatch)
        assert ("template", 1) in trace
