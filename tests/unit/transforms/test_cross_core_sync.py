"""Cross-core synchronisation of a mix kernel (transforms/cross_core_sync.py): a matmul
tile on the cube core, a ReLU epilogue on the vector cores, one GM workspace between
them reused every iteration. With its CrossCoreSetFlag/WaitFlag stripped and
`insert_sync=True` it computes what the hand-synchronised kernel does, clean for the
race checker, with no more flags; verify-sync names both missing directions."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.sanitizer import RaceError, SanitizerWarning

TILES = 2
PIPE_ALL = asc.PipeID.PIPE_ALL


@asc.jit(kernel_type="mix")
def matmul_relu(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    ws: asc.GlobalAddress,
    y: asc.GlobalAddress,
    tiles: int,
    hand: asc.ConstExpr[bool] = True,
):
    """y[i] = relu(a[i] @ b) for 16 x 16 tiles: the AIC writes each product to `ws`, the
    two AIVs each read half of it back (GetSubBlockIdx), apply ReLU and store it."""
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb = asc.GlobalTensor()
    gb.set_global_buffer(b)
    gw = asc.GlobalTensor()
    gw.set_global_buffer(ws)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 512, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 128)
    for i in range(tiles):
        if asc.ascend_is_aic():
            asc.data_copy(a1, ga[i * 256 :], count=256)
            asc.data_copy(b1, gb, count=256)
            asc.pipe_barrier(PIPE_ALL)
            asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
            asc.load_data(b2, b1, asc.LoadData2DParams(0, 1, 0, 0, 0, True, 0))
            asc.pipe_barrier(PIPE_ALL)
            asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16))
            asc.pipe_barrier(PIPE_ALL)
            if hand and i > 0:  # the AIVs have read the previous product
                asc.cross_core_wait_flag(1, mode_id=2, pipe=asc.PipeID.PIPE_FIX)
            asc.fixpipe(gw, co1, asc.FixpipeParamsV220(16, 16, 16, 16))
            if hand:
                asc.cross_core_set_flag(0, mode_id=2, pipe=asc.PipeID.PIPE_FIX)
        if asc.ascend_is_aiv():
            if hand:
                asc.cross_core_wait_flag(0, mode_id=2, pipe=asc.PipeID.PIPE_MTE2)
            s = asc.get_sub_block_idx()
            asc.data_copy(ub, gw[s * 128 :], count=128)
            if hand and i + 1 < tiles:
                asc.cross_core_set_flag(1, mode_id=2, pipe=asc.PipeID.PIPE_MTE2)
            asc.pipe_barrier(PIPE_ALL)
            asc.relu(ub, ub, count=128)
            asc.pipe_barrier(PIPE_ALL)
            asc.data_copy(gy[i * 256 + s * 128 :], ub, count=128)
            asc.pipe_barrier(PIPE_ALL)


def _inputs():
    rng = np.random.default_rng(7)
    a = rng.integers(-3, 4, (TILES, 16, 16)).astype(np.float16)
    b = rng.integers(-3, 4, (16, 16)).astype(np.float16)
    return a, b, np.zeros(256, np.float32), np.zeros(TILES * 256, np.float32)


def _flags(hand: bool, insert_sync: bool) -> int:
    a, b, ws, y = _inputs()
    ir = matmul_relu.compile(a, b, ws, y, TILES, hand=hand, insert_sync=insert_sync)
    return ir.asm["lowered_ir"].count("ascendc.cross_core_set_flag")


def _run(hand: bool, insert_sync: bool, sanitize: str = "error") -> np.ndarray:
    a, b, ws, y = _inputs()
    matmul_relu[1](a, b, ws, y, TILES, hand=hand, insert_sync=insert_sync, sanitize=sanitize)
    return y


def _expected() -> np.ndarray:
    a, b, _, _ = _inputs()
    return np.maximum(a.astype(np.float32) @ b.astype(np.float32), 0).reshape(-1)


def test_stripped_kernel_gets_its_flags_back():
    hand = _run(hand=True, insert_sync=False)
    assert (hand == _expected()).all()
    assert (_run(hand=False, insert_sync=True) == hand).all()
    # one pair each way, as by hand; the hand-written ones are kept, nothing added
    assert _flags(hand=False, insert_sync=True) == _flags(hand=True, insert_sync=False) == 2
    assert _flags(hand=True, insert_sync=True) == 2


def test_stripped_kernel_is_wrong_without_them():
    """Without flags the race checker names the cross-core race, and unchecked the cores
    run one after another: the AIVs read the last product."""
    with pytest.raises(RaceError, match="cross-core read-after-write race"):
        _run(hand=False, insert_sync=False)
    assert not (_run(hand=False, insert_sync=False, sanitize="off") == _expected()).all()


@pytest.mark.parametrize("hand", [True, False])
def test_verify_sync_names_the_missing_directions(hand):
    a, b, ws, y = _inputs()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        matmul_relu.compile(a, b, ws, y, TILES, hand=hand, insert_sync=False, verify_sync=True)
    found = [str(w.message) for w in caught if "cross-core" in str(w.message)]
    if hand:
        assert found == []
        return
    assert len(found) == 2
    war, raw = found
    assert "'ascendc.fixpipe' on the cube core (AIC, pipe FIX) overwrites GM" in war
    assert "reads in an earlier iteration" in war and "PIPE_MTE2" in war
    assert "'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads GM" in raw
    assert "CrossCoreSetFlag<2, PIPE_FIX>(id) on the AIC" in raw
    assert "test_cross_core_sync.py:" in raw and "note: the cube side's access" in raw


@asc.jit
def gather_blocks(x: asc.GlobalAddress, ws: asc.GlobalAddress, y: asc.GlobalAddress):
    """Each block doubles its 8 elements of x into ws, then copies all of ws (every
    block's part) to its own 64 elements of y: a read of what other blocks wrote."""
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gw = asc.GlobalTensor()
    gw.set_global_buffer(ws)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    b = asc.get_block_idx()
    asc.data_copy(t, gx[b * 8 :], count=8)
    asc.muls(t, t, 2.0, count=8)
    asc.data_copy(gw[b * 8 :], t, count=8)
    asc.data_copy(t, gw, count=64)
    asc.data_copy(gy[b * 64 :], t, count=64)


def test_sync_blocks_inserts_sync_all_where_a_block_reads_another_s_writes():
    x = np.arange(64, dtype=np.float32)
    ws = np.zeros(64, np.float32)
    y = np.zeros(8 * 64, np.float32)
    compiled = gather_blocks.compile(x, ws, y, sync_blocks=True)
    assert compiled.asm["lowered_ir"].count("ascendc.sync_all_hard {isAIVOnly}") == 1
    gather_blocks[8](x, ws, y, sync_blocks=True, sanitize="error")
    assert (y == np.tile(2 * x, 8)).all()
    # without it the blocks run one after another: block 0 reads before the others
    # write, and the race checker names the cross-block race
    y[:] = ws[:] = 0
    with pytest.warns(
        SanitizerWarning, match="cross-core (read-after-write|write-after-read) race"
    ):
        gather_blocks[8](x, ws, y, insert_sync=True)
    assert not (y == np.tile(2 * x, 8)).all()
    with pytest.raises(asc.CompileError, match="sync_blocks=True is an option of insert-sync"):
        gather_blocks.compile(x, ws, y, sync_blocks=True, insert_sync=False)


@asc.jit
def gather_rounds(x: asc.GlobalAddress, ws: asc.GlobalAddress, y: asc.GlobalAddress):
    """gather_blocks in two rounds through one workspace: in round i each block writes
    its 8 elements of x[64 i:] doubled into ws, then copies all of ws to its 64 elements
    of y[512 i:]. Round i + 1 overwrites what the other blocks still read in round i."""
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gw = asc.GlobalTensor()
    gw.set_global_buffer(ws)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    b = asc.get_block_idx()
    for i in range(2):
        asc.data_copy(t, gx[i * 64 + b * 8 :], count=8)
        asc.muls(t, t, 2.0, count=8)
        asc.data_copy(gw[b * 8 :], t, count=8)  # round-write
        asc.data_copy(t, gw, count=64)  # round-read
        asc.data_copy(gy[i * 512 + b * 64 :], t, count=64)


def test_sync_blocks_inserts_sync_all_inside_a_loop_every_block_runs_alike():
    x = np.arange(128, dtype=np.float32)
    want = np.concatenate([np.tile(2 * x[:64], 8), np.tile(2 * x[64:], 8)])
    ws = np.zeros(64, np.float32)
    y = np.zeros(2 * 8 * 64, np.float32)
    # the bug: no SyncAll in the loop. The blocks run one after another here, so block
    # 1's write lands on the bytes block 0 read: the checker names both lines
    with pytest.raises(RaceError) as info:
        gather_rounds[8](x, ws, y, insert_sync=True, sanitize="error")
    text = str(info.value)
    assert "cross-core write-after-read race (WAR): AIV of block 1 writes GM argument 'ws'" in text
    lines = Path(__file__).read_text().splitlines()
    read = next(i for i, ln in enumerate(lines, 1) if ln.endswith("# round-read"))
    write = next(i for i, ln in enumerate(lines, 1) if ln.endswith("# round-write"))
    assert text.startswith(f"{__file__}:{write}:") and f"{__file__}:{read}:" in text
    # fixed: one SyncAll before the read (the round's writes) and one before the write
    # (the previous round's reads), both in the loop body
    ws[:] = y[:] = 0
    compiled = gather_rounds.compile(x, ws, y, sync_blocks=True)
    body = compiled.asm["lowered_ir"].split("scf.for")[1]
    assert body.count("ascendc.sync_all_hard {isAIVOnly}") == 2
    gather_rounds[8](x, ws, y, sync_blocks=True, sanitize="error")
    np.testing.assert_array_equal(y, want)


def test_the_tutorial_harness_strips_sync_statements_only():
    """tools/mix_sync_proof.py's rewrite: sync statements become `pass` on their lines,
    each `@asc.jit` gets insert_sync=True, nothing else changes."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
    from mix_sync_proof import strip

    source = (
        "@asc.jit\n"
        "def helper(x):\n"
        "    return x\n"
        "@asc.jit(always_compile=True)\n"
        "def kernel(x):\n"
        "    asc.pipe_barrier(asc.PipeID.PIPE_ALL)\n"
        "    if x:\n"
        "        asc.cross_core_set_flag(\n"
        "            1, mode_id=2, pipe=asc.PipeID.PIPE_FIX)\n"
        "    y = asc.set_flag  # not a call: kept\n"
        "    q.enque(x)\n"
    )
    stripped, dropped = strip(source)
    assert stripped.split("\n") == [
        "@asc.jit(insert_sync=True)",
        "def helper(x):",
        "    return x",
        "@asc.jit(insert_sync=True, always_compile=True)",
        "def kernel(x):",
        "    pass",
        "    if x:",
        "        pass",
        "",
        "    y = asc.set_flag  # not a call: kept",
        "    q.enque(x)",
        "",
    ]
    assert dropped == {"pipe_barrier": 1, "cross_core_set_flag": 1}
