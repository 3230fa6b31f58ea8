"""Loop batching (simulator/batching.py) against the loop run one iteration at a time.

The benchmark's vector add (bench/simulator.py `vector_add_ir`) and variants -- depth-1
and depth-3 queues, a tail block with one iteration more, the tiles taken last first
(GM rows with a negative stride), a race seeded in the body (a missing queue hand-off,
a buffer never released), every iteration writing the same GM tile, GM out of bounds in
a late iteration, an uninitialised read, x and z the same array, Abs and Muls after the Add, z half a tile into x
(apart across a block's iterations), z over the x tile the block reads next and over the
z tiles the other block writes read as y (cross-core races, found in bulk at the block's end) -- launched
with `ASC_XDSL_SIM_BATCH=0` and with batching, with the race checker off and on: the
same arrays, warnings (texts, order), errors and profile; and the batch taken where it
should be (`batching.trace`), refused where it must be.

Small: 2 blocks of 16-17 iterations of 8 KiB tiles (a unit of two iterations moves
each GM tensor by two 16 KiB checker pages); the file runs in about a second."""

from __future__ import annotations

import re

import numpy as np
import pytest
from batch_runs import checker_states, traced_launch
from bench_simulator_ir import BENCH

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import batching

TILE, BLOCKS = 2048, 2


def _missing_queue(text: str) -> str:
    """z reaches the copy-out without its EnQue/DeQue: a RAW race (V -> MTE3) in every
    iteration."""
    lines = [
        ln
        for ln in text.splitlines()
        if "enque_tensor %out_z" not in ln and "%z_ready = ascendc.que_bind.deque" not in ln
    ]
    return "\n".join(lines).replace("%z_ready", "%z_local")


def _no_release(text: str) -> str:
    """y's buffer allocated once before the loop, freed after it: a WAR race each time."""
    lines = text.splitlines()
    alloc = next(i for i, ln in enumerate(lines) if "alloc_tensor %in_y" in ln)
    loop = next(i for i, ln in enumerate(lines) if "scf.for" in ln)
    lines.insert(loop, lines.pop(alloc))
    free = next(i for i, ln in enumerate(lines) if "free_tensor %in_y" in ln)
    line = lines.pop(free).replace("%ya", "%y_local")
    ret = next(i for i, ln in enumerate(lines) if ln.strip() == "return")
    lines.insert(ret, line)
    return "\n".join(lines)


def _same_gm_tile(text: str) -> str:
    return text.replace(
        "%z_tile = ascendc.global_tensor.subindex %z_gm[%off]",
        "%z0 = arith.constant 0 : index\n    %z_tile = ascendc.global_tensor.subindex %z_gm[%z0]",
    )


def _y_from_z(text: str) -> str:
    """y's tile t read from z's tile t + 1 (z one tile longer), which the other block
    writes."""
    return text.replace(
        "%y_tile = ascendc.global_tensor.subindex %y_gm[%off]",
        "%zo_i32 = arith.addi %off_i32, %tile : i32\n"
        "    %zo = arith.index_cast %zo_i32 : i32 to index\n"
        "    %y_tile = ascendc.global_tensor.subindex %z_gm[%zo]",
    )


def _half_y(text: str) -> str:
    """y's copy-in fills half the tile that Add reads: an uninitialised read."""
    return text.replace(
        "ascendc.data_copy_l2 %y_local, %y_tile, %tile",
        f"%half = arith.constant {TILE // 2} : i32\n"
        "    ascendc.data_copy_l2 %y_local, %y_tile, %half",
    )


def _reverse(text: str) -> str:
    """The tiles from the last to the first: GM rows with a negative stride."""
    text = text.replace(
        "  scf.for %t",
        "  %one = arith.constant 1 : i32\n  %last = arith.subi %tiles, %one : i32\n  scf.for %t",
    )
    return text.replace(
        "%off_i32 = arith.muli %t, %tile : i32",
        "%r = arith.subi %last, %t : i32\n    %off_i32 = arith.muli %r, %tile : i32",
    )


def _twice(text: str) -> str:
    """The loop again, now z = z + y: its reads of z meet the first loop's writes, whose
    records the batch left to be made when touched (`BlockSanitizer.pending`)."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("  scf.for"))
    end = next(i for i in range(start, len(lines)) if lines[i] == "  }")
    loop = "\n".join(lines[start : end + 1]).replace("%x_gm[%off]", "%z_gm[%off]")
    names = set(re.findall(r"(%\w+) =", loop)) | {"%t"}
    again = re.sub(r"%\w+", lambda m: m[0] + "_2" if m[0] in names else m[0], loop)
    return "\n".join([*lines[: end + 1], again, *lines[end + 1 :]])


def _abs_scale(text: str) -> str:
    """z = |x + y| * 0.75 (unary and tensor-scalar count forms, the scalar invariant)."""
    lt = "!ascendc.local_tensor<*xf32>"
    text = text.replace("  scf.for %t", "  %scale = arith.constant 0.75 : f32\n  scf.for %t")
    return text.replace(
        f"ascendc.add_l2 %z_local, %xa, %ya, %tile : {lt}, {lt}, {lt}, i32",
        f"ascendc.add_l2 %z_local, %xa, %ya, %tile : {lt}, {lt}, {lt}, i32\n"
        f"    ascendc.abs_l2 %z_local, %z_local, %tile : {lt}, {lt}, i32\n"
        f"    ascendc.muls_l2 %z_local, %z_local, %scale, %tile {{isSetMask}} : {lt}, {lt}, f32, i32",
    )


# name: (IR, total tiles, z shorter by (elements), z in x's memory at this element (None:
# its own array), batched with the checker on: True, None (refused), False (either))
CASES = {
    "clean": (BENCH.vector_add_ir(TILE), 32, 0, None, True),
    "depth 1": (BENCH.vector_add_ir(TILE, depth=1), 32, 0, None, True),
    "depth 3": (BENCH.vector_add_ir(TILE, depth=3), 36, 0, None, False),
    "tail": (BENCH.vector_add_ir(TILE), 33, 0, None, False),
    "two loops": (_twice(BENCH.vector_add_ir(TILE)), 32, 0, None, True),
    "abs and scale": (_abs_scale(BENCH.vector_add_ir(TILE)), 32, 0, None, True),
    "last tile first": (_reverse(BENCH.vector_add_ir(TILE)), 33, 0, None, False),
    "missing queue": (_missing_queue(BENCH.vector_add_ir(TILE)), 32, 0, None, True),
    "no release": (_no_release(BENCH.vector_add_ir(TILE)), 32, 0, None, True),
    "same GM tile": (_same_gm_tile(BENCH.vector_add_ir(TILE)), 32, 0, None, None),
    "GM out of bounds": (BENCH.vector_add_ir(TILE), 32, 3 * TILE, None, None),
    "uninitialised": (_half_y(BENCH.vector_add_ir(TILE)), 32, 0, None, None),
    "in place": (BENCH.vector_add_ir(TILE), 32, 0, 0, True),
    # z's tile t is the back half of x's tile t and the front of t + 1, which the other
    # block reads: nothing meets across one block's iterations (two GM arguments over
    # one array: the batch compares addresses)
    "z half a tile into x": (BENCH.vector_add_ir(TILE), 32, 0, TILE // 2, True),
    # z's tile t overwrites half of x's tile t + 2, which the same block reads next
    "z onto the next x tile": (BENCH.vector_add_ir(TILE), 32, 0, TILE + TILE // 2, None),
    # y read from z's next tile, which the other block writes: the first block batched,
    # its run replayed when the cross-core races are found
    "y from the other block's z": (_y_from_z(BENCH.vector_add_ir(TILE)), 32, -TILE, None, False),
}


def _launch(case: str, sanitize: str, batch: bool, monkeypatch) -> tuple:
    text, tiles, short, alias, _ = CASES[case]
    monkeypatch.setenv(batching.BATCH_ENV, "1" if batch else "0")
    kernel = _kernels.get(case)
    if kernel is None:
        kernel = _kernels[case] = CompiledKernel(name="add_bench", module=parse_module(text))
    n = tiles * TILE
    rng = np.random.default_rng(0)
    base = rng.random(n + 2 * TILE, dtype=np.float32)
    x, y = base[:n], rng.random(n, dtype=np.float32)
    z = np.zeros(n - short, np.float32) if alias is None else base[alias : alias + n]
    outcome, trace = traced_launch(kernel, BLOCKS, x, y, z, n, sanitize)
    return (*outcome, base), trace


_kernels: dict[str, CompiledKernel] = {}


@pytest.mark.parametrize("sanitize", ["off", "warn"])
@pytest.mark.parametrize("case", list(CASES))
def test_batched_loop_matches_the_loop_run_one_by_one(case, sanitize, monkeypatch):
    plain, none = _launch(case, sanitize, False, monkeypatch)
    batched, trace = _launch(case, sanitize, True, monkeypatch)
    assert none == []
    z, texts, error, profile, _ = batched
    assert np.array_equal(z, plain[0]) and np.array_equal(batched[4], plain[4])
    assert texts == plain[1]
    assert error == plain[2]
    assert profile == plain[3]
    took = [t for t in trace if t[0] == "batched"]
    expect = CASES[case][4]
    if expect is None:  # refused: the loop ran one by one
        assert not took, trace
    elif sanitize == "off" or expect:
        loops = 2 if case == "two loops" and sanitize == "off" else 1
        assert len(took) == BLOCKS * loops, trace  # (warn: the 2nd loop meets the 1st's pages)
    if case == "GM out of bounds":
        assert error is not None and "outside argument 'z'" in error
    if case in ("missing queue", "no release", "y from the other block's z") and sanitize == "warn":
        assert any("race" in t for t in texts)
    if case == "uninitialised":
        assert any("UninitializedRead" in t for t in texts)


@pytest.mark.parametrize("case", ["clean", "two loops", "missing queue"])
def test_checker_state_at_the_block_end_matches(case, monkeypatch):
    """The race checker's whole state when each block ends -- clocks, queue snapshots,
    every page's records (the batch's pending GM pages made), the cross-core log --
    is the one-by-one loop's."""
    states = checker_states(monkeypatch)
    _launch(case, "warn", False, monkeypatch)
    plain, states[:] = states[:], []
    _, trace = _launch(case, "warn", True, monkeypatch)
    assert any(t[0] == "batched" for t in trace)
    assert states == plain


def test_error_mode_and_switch(monkeypatch):
    """sanitize="error": the clean add batched, the same result; the seeded race raises
    the same error either way (in its first iteration: nothing to batch)."""
    plain, _ = _launch("clean", "error", False, monkeypatch)
    batched, trace = _launch("clean", "error", True, monkeypatch)
    assert np.array_equal(plain[0], batched[0]) and plain[3] == batched[3]
    assert [t[0] for t in trace].count("batched") == BLOCKS
    plain, _ = _launch("missing queue", "error", False, monkeypatch)
    batched, _ = _launch("missing queue", "error", True, monkeypatch)
    assert plain[2] is not None and plain[2] == batched[2]
    monkeypatch.setenv(batching.BATCH_ENV, "off")
    assert not batching.enabled()
