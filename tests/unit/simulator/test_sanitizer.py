"""The simulator's race checker (`sanitize=`): seeded bugs are found at both Python lines,
synchronised kernels are not flagged."""

import pathlib
import sys
import warnings

import numpy as np
import pytest
import simkit

import asc_xdsl as asc
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.simulator.sanitizer import RaceError, SanitizerWarning, SyncError

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "examples"))
sys.path.insert(0, str(ROOT / "bench"))

TILE = 256  # float32 elements: 1 KiB
E = asc.HardEvent


def line_of(marker: str) -> int:
    """The line of this file that ends with the comment `# <marker>`."""
    lines = pathlib.Path(__file__).read_text().splitlines()
    hits = [i + 1 for i, line in enumerate(lines) if line.rstrip().endswith(f"# {marker}")]
    assert len(hits) == 1, marker
    return hits[0]


def where(marker: str) -> str:
    return f"{__file__}:{line_of(marker)}:"


def _arrays(n: int = TILE, seed: int = 0):
    rng = np.random.default_rng(seed)
    return rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32), np.zeros(n, np.float32)


# ---------------------------------------------------------------------------
# Kernels: the bug each one seeds is named by the comments on its lines
# ---------------------------------------------------------------------------


@asc.jit
def add_flags(
    x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, sync: asc.ConstExpr[bool]
):
    xg, yg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    yl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4 * TILE, TILE)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8 * TILE, TILE)
    asc.data_copy(xl, xg, TILE)  # raw-write
    asc.data_copy(yl, yg, TILE)
    if sync:
        asc.set_flag(E.MTE2_V, 0)
        asc.wait_flag(E.MTE2_V, 0)
    asc.add(zl, xl, yl, TILE)  # raw-read
    asc.set_flag(E.V_MTE3, 0)
    asc.wait_flag(E.V_MTE3, 0)
    asc.data_copy(zg, zl, TILE)


@asc.jit
def overlapping_copies(x: asc.GlobalAddress, z: asc.GlobalAddress, barrier: asc.ConstExpr[bool]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * TILE)
    asc.data_copy(t, xg, 2 * TILE)  # waw-first
    if barrier:
        asc.pipe_barrier(asc.PipeID.PIPE_MTE2)
    asc.data_copy(t[TILE:], xg, TILE)  # waw-second
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, t, 2 * TILE)


@asc.jit
def reused_buffer(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, sync: asc.ConstExpr[bool]):
    """Tiles through one UB buffer: the next copy-in must wait for the last V read."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4 * TILE, TILE)
    for i in range(n // TILE):
        if i > 0:
            asc.wait_flag(E.MTE3_V, 0)
            if sync:
                asc.wait_flag(E.V_MTE2, 0)
        asc.data_copy(a, xg[i * TILE :], TILE)  # war-write
        asc.set_flag(E.MTE2_V, 0)
        asc.wait_flag(E.MTE2_V, 0)
        asc.muls(b, a, 2.0, TILE)  # war-read
        if sync and i + 1 < n // TILE:
            asc.set_flag(E.V_MTE2, 0)
        asc.set_flag(E.V_MTE3, 0)
        asc.wait_flag(E.V_MTE3, 0)
        asc.data_copy(zg[i * TILE :], b, TILE)
        if i + 1 < n // TILE:
            asc.set_flag(E.MTE3_V, 0)


@asc.jit
def flag_misuse(z: asc.GlobalAddress, case: asc.ConstExpr[int]):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    if case == 0:
        asc.wait_flag(E.MTE2_V, 1)  # wait-never-set
    elif case == 1:
        asc.set_flag(E.MTE2_V, 2)  # first-set
        asc.set_flag(E.MTE2_V, 2)  # double-set
        asc.wait_flag(E.MTE2_V, 2)
    elif case == 2:
        asc.set_flag(E.V_MTE3, 8)  # bad-id
        asc.wait_flag(E.V_MTE3, 8)
    else:
        asc.set_flag(E.MTE3_MTE2, 3)  # left-set


@asc.jit
def scalar_after_vector(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    asc.data_copy(a, xg, TILE)
    asc.set_flag(E.MTE2_V, 0)
    asc.wait_flag(E.MTE2_V, 0)
    asc.muls(a, a, 3.0, TILE)  # scalar-write
    v = a.get_value(5)  # scalar-read
    zg.set_value(0, v)


@asc.jit
def vector_after_vector(x: asc.GlobalAddress, z: asc.GlobalAddress, barrier: asc.ConstExpr[bool]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4 * TILE, TILE)
    asc.data_copy(a, xg, TILE)
    asc.set_flag(E.MTE2_V, 0)
    asc.wait_flag(E.MTE2_V, 0)
    asc.muls(b, a, 2.0, TILE)  # vv-write
    if barrier:
        asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.adds(a, b, 1.0, TILE)  # vv-read
    asc.set_flag(E.V_MTE3, 0)
    asc.wait_flag(E.V_MTE3, 0)
    asc.data_copy(zg, a, TILE)


@asc.jit
def gm_round_trip(x: asc.GlobalAddress, z: asc.GlobalAddress, sync: asc.ConstExpr[bool]):
    """Writes z to GM, then reads it back: MTE3 -> MTE2 through GM."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4 * TILE, TILE)
    asc.data_copy(a, xg, TILE)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, a, TILE)  # gm-write
    if sync:
        asc.set_flag(E.MTE3_MTE2, 0)
        asc.wait_flag(E.MTE3_MTE2, 0)
    asc.data_copy(b, zg, TILE)  # gm-read
    asc.set_flag(E.MTE2_V, 0)
    asc.wait_flag(E.MTE2_V, 0)
    asc.muls(b, b, 2.0, TILE)
    asc.set_flag(E.V_MTE3, 0)
    asc.wait_flag(E.V_MTE3, 0)
    asc.data_copy(xg, b, TILE)


@asc.jit
def queue_misuse(x: asc.GlobalAddress, z: asc.GlobalAddress, case: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q, num=1, len=TILE * 4)
    t = q.alloc_tensor(asc.float32)  # queue-alloc
    asc.data_copy(t, xg, TILE)  # queue-write
    if case == 0:
        q.enque(t)  # queue-enque
    elif case == 1:
        q.enque(t)
        u = q.deque(asc.float32)
        asc.muls(u, u, 2.0, TILE)
    else:
        asc.muls(t, t, 2.0, TILE)  # queue-read


def _run(kernel, args, **options):
    kernel[1](*args, backend="cpu", **options)


# ---------------------------------------------------------------------------
# Races
# ---------------------------------------------------------------------------


def test_missing_flag_between_mte2_and_v_is_a_raw_at_both_lines():
    x, y, z = _arrays()
    with pytest.raises(RaceError) as info:
        _run(add_flags, (x, y, z, False), sanitize="error")
    text = str(info.value)
    assert "read-after-write race (RAW): pipe V reads UB" in text
    assert "pipe MTE2 wrote in ascendc.data_copy_l2 (DataCopy)" in text
    assert "SetFlag<MTE2_V>/WaitFlag<MTE2_V>" in text
    assert text.startswith(where("raw-read")) and "block 0" in text
    assert f"\n{where('raw-write')}5: the earlier access" in text
    assert "asc.add(zl, xl, yl, TILE)" in text and "asc.data_copy(xl, xg, TILE)" in text
    assert info.value.other is not None


def test_flagged_kernel_is_clean_and_still_computes():
    x, y, z = _arrays()
    _run(add_flags, (x, y, z, True), sanitize="error")
    np.testing.assert_array_equal(z, x + y)


def test_missing_barrier_between_overlapping_copies_on_one_pipe():
    x, _, _ = _arrays(2 * TILE)
    z = np.zeros(2 * TILE, np.float32)
    with pytest.raises(RaceError) as info:
        _run(overlapping_copies, (x, z, False), sanitize="error")
    text = str(info.value)
    assert "write-after-write race (WAW): pipe MTE2 writes UB bytes [1024, 2048)" in text
    assert "PipeBarrier<PIPE_MTE2>" in text
    assert text.startswith(where("waw-second")) and where("waw-first") in text
    _run(overlapping_copies, (x, z, True), sanitize="error")
    np.testing.assert_array_equal(z, np.concatenate([x[:TILE], x[:TILE]]))


def test_war_on_a_reused_buffer():
    n = 4 * TILE
    x, _, z = _arrays(n)
    with pytest.raises(RaceError) as info:
        _run(reused_buffer, (x, z, n, False), sanitize="error")
    text = str(info.value)
    assert "write-after-read race (WAR): pipe MTE2 writes UB bytes [0, 1024)" in text
    assert "pipe V read in ascendc.muls_l2 (Muls)" in text
    assert "SetFlag<V_MTE2>/WaitFlag<V_MTE2>" in text
    assert text.startswith(where("war-write")) and where("war-read") in text
    _run(reused_buffer, (x, z, n, True), sanitize="error")
    np.testing.assert_array_equal(z, 2 * x)


def test_scalar_read_of_vector_output_needs_a_flag_without_auto_sync():
    x, _, z = _arrays()
    kernel = asc.jit(auto_sync=False)(scalar_after_vector.fn)
    with pytest.raises(RaceError) as info:
        _run(kernel, (x, z), sanitize="error")
    text = str(info.value)
    assert "read-after-write race (RAW): pipe S reads UB bytes [20, 24)" in text
    assert text.startswith(where("scalar-read")) and where("scalar-write") in text
    # bisheng's auto-sync (the default) orders V -> S
    _run(scalar_after_vector, (x, z), sanitize="error")
    assert z[0] == np.float32(x[5] * np.float32(3.0))


def test_vector_to_vector_needs_a_barrier_without_auto_sync():
    x, _, z = _arrays()
    kernel = asc.jit(auto_sync=False)(vector_after_vector.fn)
    with pytest.raises(RaceError) as info:
        _run(kernel, (x, z, False), sanitize="error")
    text = str(info.value)
    assert "pipe V reads UB bytes [1024, 2048) that pipe V wrote" in text
    assert "PipeBarrier<PIPE_V>" in text
    assert text.startswith(where("vv-read")) and where("vv-write") in text
    _run(kernel, (x, z, True), sanitize="error")
    _run(vector_after_vector, (x, z, False), sanitize="error")  # auto-sync: barrier inserted
    np.testing.assert_allclose(z, 2 * x + 1, rtol=1e-6)


def test_raw_through_gm_between_mte3_and_mte2():
    x, _, z = _arrays()
    with pytest.raises(RaceError) as info:
        _run(gm_round_trip, (x.copy(), z, False), sanitize="error")
    text = str(info.value)
    assert "pipe MTE2 reads GM argument 'z' bytes [0, 1024) that pipe MTE3 wrote" in text
    assert text.startswith(where("gm-read")) and where("gm-write") in text
    x2 = x.copy()
    _run(gm_round_trip, (x2, z, True), sanitize="error")
    np.testing.assert_array_equal(x2, 2 * x)


# ---------------------------------------------------------------------------
# Flags and queues
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case,marker,message",
    [
        (0, "wait-never-set", "WaitFlag<HardEvent::MTE2_V>(1) waits for a flag no earlier"),
        (1, "double-set", "SetFlag<HardEvent::MTE2_V>(2) is set again before a WaitFlag"),
        (2, "bad-id", "SetFlag<HardEvent::V_MTE3>(8): event id 8 is out of range"),
        (3, "left-set", "SetFlag<HardEvent::MTE3_MTE2>(3) is still set when the kernel ends"),
    ],
)
def test_flag_misuse(case, marker, message):
    z = np.zeros(8, np.float32)
    with pytest.raises(SyncError) as info:
        _run(flag_misuse, (z, case), sanitize="error")
    text = str(info.value)
    assert message in text
    assert text.startswith(where(marker))
    if case == 0:
        assert "the V pipe hangs here on hardware" in text
    if case == 1:
        assert where("first-set") in text


@pytest.mark.parametrize(
    "case,error,marker,message",
    [
        (0, SyncError, "queue-enque", "1 tensor(s) EnQue'd and never DeQue'd"),
        (1, SyncError, "queue-alloc", "1 tensor(s) allocated with AllocTensor and never"),
        (2, RaceError, "queue-read", "pipe V reads UB bytes [0, 1024) that pipe MTE2 wrote"),
    ],
)
def test_queue_misuse(case, error, marker, message):
    x, _, z = _arrays()
    with pytest.raises(error) as info:
        _run(queue_misuse, (x, z, case), sanitize="error")
    assert message in str(info.value)
    assert str(info.value).startswith(where(marker))


# ---------------------------------------------------------------------------
# Modes and options
# ---------------------------------------------------------------------------


def test_warn_mode_reports_each_finding_once_and_runs_to_the_end():
    n = 4 * TILE
    x, _, z = _arrays(n)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        reused_buffer[2](x, z, n, False, backend="cpu", sanitize="warn")
    found = [str(w.message) for w in caught if w.category is SanitizerWarning]
    # the WAR (and the same pipe's WAW) of the copy-in, and the two blocks writing the
    # same z (the kernel does not split its work, found by the second block to run): once
    # per launch despite 3 repeats and 2 blocks, naming the blocks it was seen in
    assert len(found) == 3
    assert sum("write-after-read race (WAR)" in m for m in found) == 1
    assert sum("cross-core write-after-write race (WAW): AIV of block 1 writes GM argument "
               "'z'" in m and "that AIV of block 0 wrote" in m for m in found) == 1  # fmt: skip
    assert sum("(the same finding in 2 blocks: 0, 1)" in m for m in found) == 2
    np.testing.assert_array_equal(z, 2 * x)


def test_warn_is_the_default_and_the_environment_switches_it(monkeypatch):
    monkeypatch.delenv("ASC_XDSL_SANITIZE", raising=False)  # the suite may run with it set
    x, y, z = _arrays()
    with pytest.warns(SanitizerWarning, match=r"read-after-write race \(RAW\)"):
        _run(add_flags, (x, y, z, False))  # the default: warned, run to the end
    np.testing.assert_array_equal(z, x + y)
    monkeypatch.setenv("ASC_XDSL_SANITIZE", "error")
    with pytest.raises(RaceError):
        _run(add_flags, (x, y, z, False))
    monkeypatch.setenv("ASC_XDSL_SANITIZE", "off")
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        _run(add_flags, (x, y, z, False))  # off: not checked
        _run(add_flags, (x, y, z, False), sanitize=False)  # the keyword wins
    with pytest.raises(RaceError):
        _run(add_flags, (x, y, z, False), sanitize=True)


def test_bad_mode_is_refused():
    x, y, z = _arrays()
    with pytest.raises(LaunchError, match="sanitize must be one of error, warn, off"):
        _run(add_flags, (x, y, z, True), sanitize="strict")


# ---------------------------------------------------------------------------
# Clean kernels are not flagged
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("blocks", [1, 4])
def test_examples_are_clean(blocks):
    import vector_add
    import vector_add_manual_flags as manual

    x, y, z = _arrays(blocks * 2048, seed=blocks)
    vector_add.vadd_kernel[blocks](x, y, z, 2048, 256, backend="cpu", sanitize="error")
    np.testing.assert_array_equal(z, x + y)
    x, y, z = _arrays(blocks * 4 * manual.TILE, seed=blocks)
    manual.vadd_manual[blocks](x, y, z, 4 * manual.TILE, backend="cpu", sanitize="error")
    np.testing.assert_array_equal(z, x + y)


@pytest.mark.parametrize(
    "path",
    [
        "examples/vector_add_tque.mlir",
        "tests/filecheck/backend/ascendc/kernels/vector_add_tque.mlir",
    ],
)
def test_tque_ir_kernels_are_clean(path):
    k = simkit.kernel_file(path)
    x, y, z = _arrays(8 * 2048, seed=3)
    k[8](x, y, z, x.size, sanitize="error")
    np.testing.assert_array_equal(z, x + y)


def test_bench_vector_add_is_clean():
    import simulator as bench

    x, y, z = _arrays(48 * 4096 * 2, seed=4)
    bench.build_kernel(4096)[48](x, y, z, x.size, backend="cpu", sanitize="error")
    np.testing.assert_array_equal(z, x + y)


def test_bench_matmul_is_clean_and_cube_extents_are_exact():
    """The cube path's LoadData loops write disjoint fractal rows of L0A/L0B: the checker
    knows each LoadData's and Mmad's bytes (not the tensors' whole windows), so the
    tiled matmul is clean; without the barrier between the loads and Mmad it is not."""
    import simulator as bench

    from asc_xdsl.frontend.ir_context import parse_module
    from asc_xdsl.runtime.kernel import CompiledKernel

    size = 256
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 5, (size, size)).astype(np.float16)
    b = rng.integers(-4, 5, (size, size)).astype(np.float16)
    text = bench.matmul_ir(size)
    for t, expect_race in ((text, False), (_without_barrier_before_mmad(text), True)):
        module = parse_module(t)
        module.verify()
        kernel = CompiledKernel(name="matmul_bench", module=module, kernel_type="cube")
        c = np.zeros((size, size), np.float32)
        if expect_race:
            with pytest.raises(RaceError, match=r"pipe M reads L0A .* that pipe MTE1 wrote"):
                kernel[4](a, b, c, backend="cpu", sanitize="error")
        else:
            kernel[4](a, b, c, backend="cpu", sanitize="error")
            np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def _without_barrier_before_mmad(text: str) -> str:
    lines = text.splitlines()
    mmad = next(i for i, line in enumerate(lines) if "ascendc.mmad " in line)
    barrier = max(i for i in range(mmad) if "pipe_barrier pipe_all" in lines[i])
    return "\n".join(lines[:barrier] + lines[barrier + 1 :])


@asc.jit
def through_veccalc_queue(
    x: asc.GlobalAddress, z: asc.GlobalAddress, to_vector: asc.ConstExpr[bool]
):
    """A tile through a TQue at VECCALC: its EnQue/DeQue order MTE2 before MTE3 (the
    device's UB -> UB events), not MTE2 before V."""
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(que=q, num=1, len=TILE * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, TILE)  # veccalc-write
    q.enque(t)
    u = q.deque(asc.float32)
    if to_vector:
        asc.muls(u, u, 2.0, TILE)  # veccalc-read
        asc.set_flag(E.V_MTE3, 0)
        asc.wait_flag(E.V_MTE3, 0)
    asc.data_copy(zg, u, TILE)
    q.free_tensor(u)


def test_veccalc_queue_orders_mte2_before_mte3_only():
    x, _, z = _arrays()
    through_veccalc_queue[1](x, z, False, backend="cpu", sanitize="error")
    np.testing.assert_array_equal(z, x)
    with pytest.raises(RaceError, match="read-after-write race") as err:
        through_veccalc_queue[1](x, z, True, backend="cpu", sanitize="error")
    assert where("veccalc-read") in str(err.value)
    assert f":{line_of('veccalc-write')}:" in str(err.value)
