"""The seeded-bug table of docs/simulator.md ("Seeded bugs"): each hazard users of Ascend
kernel DSLs hit, a kernel with the bug reported at its Python line(s) and its fixed twin
clean. Within a core (UB reuse, event ids, unmatched flags, narrow strided DataCopyPad,
workspaces) and across cores and blocks (cross-core flags, GM shared between blocks,
SyncAll, IBSet/IBWait, atomics)."""

import pathlib
import warnings

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.cores import DeadlockError
from asc_xdsl.runtime.simulator.sanitizer import RaceError, SanitizerWarning, SyncError

E = asc.HardEvent
TILE = 64  # float32 elements: 256 B


def where(marker: str) -> str:
    """`file:line:` of the line of this file ending with the comment `# <marker>`."""
    lines = pathlib.Path(__file__).read_text().splitlines()
    hits = [i + 1 for i, ln in enumerate(lines) if ln.rstrip().endswith(f"# {marker}")]
    assert len(hits) == 1, marker
    return f"{__file__}:{hits[0]}:"


def clean(kernel, blocks, *args, **options):
    """Launch with the checker raising: the fixed twin must not be reported."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        kernel[blocks](*args, sanitize="error", **options)


def found(error, kernel, blocks, *args, **options) -> str:
    with pytest.raises(error) as info:
        kernel[blocks](*args, sanitize="error", **options)
    return str(info.value)


def f32(n, seed=0):
    return np.random.default_rng(seed).random(n, dtype=np.float32)


# ---------------------------------------------------------------------------
# Within a core
# ---------------------------------------------------------------------------


@asc.jit
def ub_reuse(x: asc.GlobalAddress, z: asc.GlobalAddress, release: asc.ConstExpr[bool]):
    """Two tiles through one UB buffer: the second copy-in overwrites what V still reads
    unless V releases the buffer (V_MTE2) first."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, TILE)
    for i in range(2):
        if i > 0:
            asc.wait_flag(E.MTE3_V, 0)
            if release:
                asc.wait_flag(E.V_MTE2, 0)
        asc.data_copy(a, xg[i * TILE :], TILE)  # reuse-write
        asc.set_flag(E.MTE2_V, 0)
        asc.wait_flag(E.MTE2_V, 0)
        asc.muls(b, a, 3.0, TILE)  # reuse-read
        if release and i == 0:
            asc.set_flag(E.V_MTE2, 0)
        asc.set_flag(E.V_MTE3, 0)
        asc.wait_flag(E.V_MTE3, 0)
        asc.data_copy(zg[i * TILE :], b, TILE)
        if i == 0:
            asc.set_flag(E.MTE3_V, 0)


def test_ub_reused_without_a_release_sync():
    x, z = f32(2 * TILE), np.zeros(2 * TILE, np.float32)
    text = found(RaceError, ub_reuse, 1, x, z, False)
    assert "write-after-read race (WAR): pipe MTE2 writes UB bytes [0, 256)" in text
    assert text.startswith(where("reuse-write")) and where("reuse-read") in text
    clean(ub_reuse, 1, x, z, True)
    np.testing.assert_array_equal(z, 3 * x)


@asc.jit
def flags(z: asc.GlobalAddress, case: asc.ConstExpr[int]):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, TILE)
    asc.duplicate(t, 1.0, TILE)
    if case == 0:
        asc.set_flag(E.V_MTE3, 8)  # id-out-of-range
        asc.wait_flag(E.V_MTE3, 8)
    elif case == 1:
        asc.wait_flag(E.V_MTE3, 1)  # wait-unset
    elif case == 2:
        asc.set_flag(E.V_MTE3, 1)
        asc.wait_flag(E.V_MTE3, 1)
        asc.set_flag(E.MTE3_V, 2)  # set-unwaited
    else:
        asc.set_flag(E.V_MTE3, 1)
        asc.wait_flag(E.V_MTE3, 1)
    asc.data_copy(zg, t, TILE)


@pytest.mark.parametrize(
    "case,marker,message",
    [
        (0, "id-out-of-range", "event id 8 is out of range: Atlas A2/A3 has ids 0-7"),
        (1, "wait-unset", "deadlock: WaitFlag<HardEvent::V_MTE3>(1) waits for a flag no"),
        (2, "set-unwaited", "is still set when the kernel ends"),
    ],
)
def test_event_ids_and_unmatched_flags(case, marker, message):
    z = np.zeros(TILE, np.float32)
    text = found(SyncError, flags, 1, z, case)
    assert message in text and text.startswith(where(marker))
    clean(flags, 1, z, 3)
    assert (z == 1).all()


@asc.jit
def narrow_pad(x: asc.GlobalAddress, z: asc.GlobalAddress, pitch: asc.ConstExpr[int]):
    """Each block copies 4 rows of 4 floats (16 B, narrower than a 32 B block) to every
    other row of z: block b's rows start at byte 16 b, `pitch` bytes between bursts."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    b = asc.get_block_idx()
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)
    pad = asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0)
    asc.data_copy_pad(t, xg[b * 16 :], asc.DataCopyExtParams(4, 16, 0, 0, 0), pad)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy_pad(zg[b * 4 :], t, asc.DataCopyExtParams(4, 16, 0, pitch, 0))  # pad-out


def test_narrow_strided_data_copy_pad_between_blocks():
    x = f32(32)
    z = np.zeros(32, np.float32)
    # interleaved 16 B bursts: the bursts are checked one by one, not as their span
    clean(narrow_pad, 2, x, z, 16)
    rows = x.reshape(2, 4, 4)
    np.testing.assert_array_equal(z.reshape(4, 2, 4), rows.transpose(1, 0, 2))
    # dstStride forgotten: block 1's rows land on block 0's
    text = found(RaceError, narrow_pad, 2, x, z, 0)
    assert "cross-core write-after-write race (WAW): AIV of block 1 writes GM argument 'z'" in text
    assert "that AIV of block 0 wrote" in text and text.startswith(where("pad-out"))


@asc.jit
def workspace(x: asc.GlobalAddress, z: asc.GlobalAddress, at: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 256, TILE)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, at, 8192)
    asc.data_copy(xl, xg, count=TILE)
    asc.set_flag(E.MTE2_V, 0)
    asc.wait_flag(E.MTE2_V, 0)
    asc.adv.tanh(zl, xl, count=TILE, temp_buffer=tmp)  # workspace
    asc.set_flag(E.V_MTE3, 0)
    asc.wait_flag(E.V_MTE3, 0)
    asc.data_copy(zg, zl, count=TILE)


def test_helper_workspace_overlapping_planned_buffers():
    x, z = f32(TILE), np.zeros(TILE, np.float32)
    text = found(SyncError, workspace, 1, x, z, 0)
    assert "the helper workspace shared_tmp_buffer (UB bytes [0, 8192)) overlaps operand" in text
    assert text.startswith(where("workspace"))
    clean(workspace, 1, x, z, 1024)
    np.testing.assert_allclose(z, np.tanh(x), rtol=1e-5)


# ---------------------------------------------------------------------------
# Across cores and blocks
# ---------------------------------------------------------------------------


@asc.jit(kernel_type="mix")
def handoff(y: asc.GlobalAddress, flag: asc.ConstExpr[bool]):
    """The AIC writes y[b]; the AIVs of its block read it (after CrossCoreSetFlag mode 2)."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    if asc.ascend_is_aic():
        b = asc.get_block_idx()
        yg.set_value(b, 10 + b)  # handoff-write
        if flag:
            asc.cross_core_set_flag(3, mode_id=2, pipe=asc.PipeID.PIPE_S)
    else:
        i = asc.get_block_idx()
        if flag:
            asc.cross_core_wait_flag(3, mode_id=2, pipe=asc.PipeID.PIPE_S)
        yg.set_value(8 + i, yg.get_value(i // 2))  # handoff-read


def test_missing_cross_core_flag():
    y = np.zeros(16, np.int32)
    text = found(RaceError, handoff, 2, y, False)
    assert "cross-core read-after-write race (RAW): AIV of block 0.0 reads GM argument 'y'" in text
    assert "that AIC of block 0 wrote" in text and "CrossCoreSetFlag/CrossCoreWaitFlag" in text
    assert text.startswith(where("handoff-read")) and where("handoff-write") in text
    clean(handoff, 2, y, True)
    assert y[8:12].tolist() == [10, 10, 11, 11]


@asc.jit(kernel_type="mix")
def wrong_id(y: asc.GlobalAddress, wait_id: asc.ConstExpr[int]):
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    if asc.ascend_is_aic():
        asc.cross_core_set_flag(3, mode_id=2, pipe=asc.PipeID.PIPE_S)
    else:
        asc.cross_core_wait_flag(wait_id, mode_id=2, pipe=asc.PipeID.PIPE_S)  # wrong-id
        yg.set_value(asc.get_block_idx(), 1)


def test_unmatched_cross_core_flag_is_a_deadlock():
    y = np.zeros(4, np.int32)
    with pytest.raises(DeadlockError) as info:
        wrong_id[1](y, 4)
    text = str(info.value)
    assert "deadlock" in text and "waits for cross-core flag 4" in text
    assert where("wrong-id").rstrip(":") in text
    clean(wrong_id, 1, y, 3)
    assert y[:2].tolist() == [1, 1]


@asc.jit
def tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, split: asc.ConstExpr[bool]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    b = asc.get_block_idx()
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    asc.data_copy(t, xg[b * TILE :], TILE)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    if split:
        asc.data_copy(zg[b * TILE :], t, TILE)
    else:
        asc.data_copy(zg, t, TILE)  # same-bytes


def test_two_blocks_writing_the_same_gm_bytes():
    x = f32(2 * TILE)
    z = np.zeros(2 * TILE, np.float32)
    text = found(RaceError, tiles, 2, x, z, False)
    assert (
        "cross-core write-after-write race (WAW): AIV of block 1 writes GM argument 'z' "
        "bytes [0, 256) that AIV of block 0 wrote" in text
    )
    assert "SyncAll" in text and text.startswith(where("same-bytes"))
    assert text.count(where("same-bytes")) == 2  # both ops' lines (here the same line)
    clean(tiles, 2, x, z, True)
    np.testing.assert_array_equal(z, x)


@asc.jit
def neighbours(x: asc.GlobalAddress, y: asc.GlobalAddress, barrier: asc.ConstExpr[int]):
    """Block b writes x[b], then reads its neighbour's x[b + 1]."""
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    b = asc.get_block_idx()
    n = asc.get_block_num()
    xg.set_value(b, b * b + 1)  # neighbour-write
    if barrier == 1:
        asc.sync_all()
    yg.set_value(b, xg.get_value((b + 1) % n))  # neighbour-read


def test_read_after_write_across_blocks_without_sync_all():
    x, y = np.zeros(4, np.int32), np.zeros(4, np.int32)
    text = found(RaceError, neighbours, 4, x, y, 0)
    # block 0 reads x[1] before block 1 (run after it) writes it: a WAR at block 1's write
    assert "cross-core write-after-read race (WAR): AIV of block 1 writes GM argument 'x' " in text
    assert "that AIV of block 0 read" in text
    assert text.startswith(where("neighbour-write")) and where("neighbour-read") in text
    for order in ("ascending", "descending"):
        clean(neighbours, 4, x, y, 1, block_order=order)
        assert y.tolist() == [((b + 1) % 4) ** 2 + 1 for b in range(4)]


@asc.jit
def chain(x: asc.GlobalAddress, gm: asc.GlobalAddress, event: asc.ConstExpr[int]):
    """Block 0 writes x[0] and signals block 1 (IBSet), which waits (IBWait) and reads it."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ws = asc.GlobalTensor()
    ws.set_global_buffer(gm)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    if asc.get_block_idx() == 0:
        xg.set_value(0, 42)
        asc.ib_set(ws, ub, 0, event)
    else:
        asc.ib_wait(ws, ub, 0, 0)  # ib-wait
        xg.set_value(1, xg.get_value(0) + 1)


def test_mismatched_ib_set_and_ib_wait():
    x = np.zeros(8, np.int32)
    gm = np.zeros(64, np.int32)
    with pytest.raises(DeadlockError) as info:
        chain[2](x, gm, 1)
    text = str(info.value)
    assert "waits for IBSet of block 0, event 0" in text
    assert where("ib-wait").rstrip(":") in text
    clean(chain, 2, x, gm, 0)
    assert x[:2].tolist() == [42, 43]


@asc.jit
def accumulate(x: asc.GlobalAddress, y: asc.GlobalAddress, atomic: asc.ConstExpr[bool]):
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    asc.data_copy(t, xg[asc.get_block_idx() * TILE :], TILE)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    if atomic:
        asc.set_atomic_add(asc.float32)
    asc.data_copy(yg, t, TILE)  # accumulate
    asc.set_atomic_none()


def test_atomic_adds_do_not_race_plain_stores_do():
    x = np.arange(3 * TILE, dtype=np.float32)
    y = np.zeros(TILE, np.float32)
    clean(accumulate, 3, x, y, True)
    np.testing.assert_array_equal(y, x.reshape(3, TILE).sum(0))
    text = found(RaceError, accumulate, 3, x, y, False)
    assert "cross-core write-after-write race (WAW)" in text
    assert text.startswith(where("accumulate"))


def test_the_default_launch_warns_once_per_finding(monkeypatch):
    monkeypatch.delenv("ASC_XDSL_SANITIZE", raising=False)  # the suite may run with it set
    x = f32(4 * TILE)
    z = np.zeros(4 * TILE, np.float32)
    with pytest.warns(SanitizerWarning) as caught:
        tiles[4](x, z, False)
    texts = [str(w.message) for w in caught if w.category is SanitizerWarning]
    assert len(texts) == 1 and "(the same finding in 3 blocks: 1, 2, 3)" in texts[0]
