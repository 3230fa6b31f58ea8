"""Loop batching's templates (simulator/batching.py `_Template`): a later block of a
launch that starts the loop in the state an earlier block started it in batches the whole
loop, one whose state after the loop's first unit is the one an earlier block proved
steady takes its batch a unit early -- the same arrays, warnings, errors and profile as
the loop run one by one; and the template refused where the state differs (a queue's
buffers in another order, UB bytes written before the loop), not carried into the next
launch, and used with the race checker on only after a unit and behind the proof its
block made (`_Proxy`).

The benchmark's vector add (2 KiB-element tiles, 2 blocks of 16 iterations) as in
test_sim_batching.py."""

from __future__ import annotations

import numpy as np
import pytest
from batch_runs import checker_states, random_add_inputs, traced_launch
from bench_simulator_ir import BENCH

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import batching

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


def _written_before(text: str) -> str:
    """Block 1 copies x's first tile into x's first buffer before the loop (and
    allocates and frees the other, so the buffers come in the same order): UB bytes
    marked written before the loop, which the loop's first unit marks anyway."""
    return text.replace(
        "  scf.for %t",
        "  %c1 = arith.constant 1 : i32\n  %is1 = arith.cmpi eq, %block_idx, %c1 : i32\n"
        "  scf.if %is1 {\n"
        "    %zero = arith.constant 0 : index\n"
        "    %x0 = ascendc.global_tensor.subindex %x_gm[%zero] : !ascendc.global_tensor<*xf32>, "
        "index, !ascendc.global_tensor<*xf32>\n"
        f"    %tmp = ascendc.que_bind.alloc_tensor %in_x : {Q}, {LT}\n"
        f"    ascendc.data_copy_l2 %tmp, %x0, %tile : {LT}, !ascendc.global_tensor<*xf32>, i32\n"
        f"    ascendc.que_bind.free_tensor %in_x, %tmp : {Q}, {LT}\n"
        f"    %tmp2 = ascendc.que_bind.alloc_tensor %in_x : {Q}, {LT}\n"
        f"    ascendc.que_bind.free_tensor %in_x, %tmp2 : {Q}, {LT}\n"
        "  }\n  scf.for %t",
        1,
    )


def _read_after(text: str) -> str:
    """After the loop each block copies the out queue's next buffer (whichever its free
    buffers' order gives) to its own first z tile: the queues' state, UB's data and
    written bytes after the loop, seen in z and the warnings."""
    qo = "!ascendc.queue<vecout, 2>"
    gt = "!ascendc.global_tensor<*xf32>"
    return text.replace(
        "  }\n  return",
        "  }\n"
        "  %own_i32 = arith.muli %block_idx, %tile : i32\n"
        "  %own = arith.index_cast %own_i32 : i32 to index\n"
        f"  %own_z = ascendc.global_tensor.subindex %z_gm[%own] : {gt}, index, {gt}\n"
        f"  %last = ascendc.que_bind.alloc_tensor %out_z : {qo}, {LT}\n"
        f"  ascendc.data_copy_l2 %own_z, %last, %tile : {gt}, {LT}, i32\n"
        f"  ascendc.que_bind.free_tensor %out_z, %last : {qo}, {LT}\n"
        "  return",
        1,
    )


def _last_first(text: str, only_z: bool = False) -> str:
    """The tiles from the last to the first (GM rows with a negative stride; the later
    blocks' tiles before the earlier ones'): all of them, or z's only (z then moves
    the other way from x and y between blocks)."""
    text = text.replace(
        "  scf.for %t",
        "  %one = arith.constant 1 : i32\n  %last = arith.subi %tiles, %one : i32\n  scf.for %t",
        1,
    )
    rev = (
        "%r = arith.subi %last, %t : i32\n    %roff_i32 = arith.muli %r, %tile : i32\n"
        "    %roff = arith.index_cast %roff_i32 : i32 to index\n    "
    )
    if only_z:
        return text.replace("%z_tile = ascendc.global_tensor.subindex %z_gm[%off]",
                            rev + "%z_tile = ascendc.global_tensor.subindex %z_gm[%roff]", 1)  # fmt: skip
    return text.replace("[%off]", "[%roff]").replace(
        "%off_i32 = arith.muli %t, %tile : i32", rev.rstrip() + "\n    %off_i32 = arith.muli %t, %tile : i32", 1
    )  # fmt: skip


KERNELS = {
    "last first": lambda tile: _last_first(BENCH.vector_add_ir(tile)),
    "z last first": lambda tile: _last_first(BENCH.vector_add_ir(tile), only_z=True),
    "read after": lambda tile: _read_after(BENCH.vector_add_ir(tile)),
    "written before": lambda tile: _written_before(BENCH.vector_add_ir(tile)),
    "clean": lambda tile: BENCH.vector_add_ir(tile),
    "rotated": lambda tile: _rotated(BENCH.vector_add_ir(tile)),
    "all rotated": lambda tile: _rotated(BENCH.vector_add_ir(tile), (0, 1)),
}
_kernels: dict[tuple, CompiledKernel] = {}


def _launch(
    name: str,
    sanitize: str,
    batch: bool,
    monkeypatch,
    blocks: int = BLOCKS,
    tile: int = TILE,
    tiles: int | None = None,
) -> tuple:
    monkeypatch.setenv(batching.BATCH_ENV, "1" if batch else "0")
    kernel = _kernels.get((name, tile))
    if kernel is None:
        kernel = _kernels[(name, tile)] = CompiledKernel(
            name="add_bench", module=parse_module(KERNELS[name](tile))
        )
    n = (tiles or TILES * blocks // BLOCKS) * tile
    return traced_launch(kernel, blocks, *random_add_inputs(n), n, sanitize)


def _same(
    name: str, sanitize: str, monkeypatch, blocks: int = BLOCKS, tile: int = TILE, tiles=None
) -> list:
    plain, _ = _launch(name, sanitize, False, monkeypatch, blocks, tile, tiles)
    batched, trace = _launch(name, sanitize, True, monkeypatch, blocks, tile, tiles)
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
    # later), the others none: block 0 started the loop in their state (and with the
    # checker on, their checker's state and GM tensors are its proof's, moved by pages)
    batched = [t[1] for t in trace if t[0] == "batched"]
    assert batched == ([6, 8, 8, 8] if sanitize == "off" else [4, 8, 8, 8])
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


def test_written_bytes_before_the_loop(monkeypatch):
    """Block 1 starts the loop with UB bytes marked written that block 0 had not: no
    template from the loop's start; after the first unit both marked the same bytes,
    and block 1 takes block 0's template there."""
    trace = _same("written before", "off", monkeypatch)
    assert ("template", 1) in trace
    assert [t[1] for t in trace if t[0] == "batched"] == [6, 7]


@pytest.mark.parametrize("sanitize", ["off", "warn"])
@pytest.mark.parametrize("blocks", [2, 3])
def test_the_state_after_the_loop(sanitize, blocks, monkeypatch):
    """What a block reads after a batched loop is what the loop run one by one left:
    the out queue's buffer order, its data and written bytes (tiles of one checker
    page; 2 blocks: 16 iterations each; 3: 17, 17 and 16, an odd trip count, the
    iteration after the batch one by one)."""
    tiles = 32 if blocks == 2 else 50
    trace = _same("read after", sanitize, monkeypatch, blocks=blocks, tile=2 * TILE, tiles=tiles)
    assert ("template", 1) in trace


@pytest.mark.parametrize("name", ["clean", "read after", "written before"])
def test_checker_state_at_the_block_end(name, monkeypatch):
    """With the checker on, a block batching its loop from a template (behind its
    block's proof) ends with the checker state of the loop run one by one."""
    states = checker_states(monkeypatch)
    _launch(name, "warn", False, monkeypatch, blocks=4, tile=2 * TILE)
    plain, states[:] = states[:], []
    _, trace = _launch(name, "warn", True, monkeypatch, blocks=4, tile=2 * TILE)
    used = {t[1] for t in trace if t[0] == "template"}
    assert used and used <= {t[1] for t in trace if t[0] == "reused"}
    assert states == plain


def test_checker_on_gm_moves_within_a_page(monkeypatch):
    """Half-page tiles, the checker on: block 1's tiles are block 0's moved by half a
    page, so its checker calls are not the proof's moved by whole pages and the
    template is refused (it proves its own); block 2's move by a whole page takes block
    0's template for the whole loop; block 3's (a page and a half) is refused at the
    start and takes block 1's after a unit. The same arrays, warnings, profile and
    checker states as one by one."""
    states = checker_states(monkeypatch)
    plain, _ = _launch("clean", "warn", False, monkeypatch, blocks=4, tiles=64)
    plain_states, states[:] = states[:], []
    batched, trace = _launch("clean", "warn", True, monkeypatch, blocks=4, tiles=64)
    assert np.array_equal(batched[0], plain[0]) and batched[1:] == plain[1:]
    assert states == plain_states
    assert trace.count(("refused", "template: GM moves")) == 2
    assert ("template", 1) not in trace
    assert [t[1] for t in trace if t[0] == "batched"] == [4, 4, 8, 7]


@pytest.mark.parametrize("name", ["clean", "last first", "z last first"])
def test_plans_moved_from_an_earlier_block(name, monkeypatch):
    """A block whose GM tensors are an earlier one's (same template, units, memories)
    moved by one distance takes that block's plan moved (`_Template.shifted`; the tiles
    last first: moved backwards); z moving the other way from x and y is planned anew.
    The same results as one by one either way."""
    moved = []
    real = batching._Template.shifted

    def spy(*args):
        got = real(*args)
        moved.append(got is not None)
        return got

    monkeypatch.setattr(batching._Template, "shifted", staticmethod(spy))
    trace = _same(name, "off", monkeypatch, blocks=4, tile=2 * TILE)
    assert [t[1] for t in trace if t[0] == "template"] == [1, 2, 3]
    assert moved == ([False, False, False] if name == "z last first" else [False, True, True])
