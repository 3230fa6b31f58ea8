"""Blocks on worker processes (runtime/simulator/workers.py): the same results, output,
profile and findings as one process; the serial fallback; an error in a worker."""

from __future__ import annotations

import contextlib
import mmap
import os
import signal
import time
import warnings

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import last_profile, workers
from asc_xdsl.runtime.simulator.errors import GmAccessError

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers need fork()")

TILE = 64
BLOCKS = 6


def _ir(count: int = TILE, z_step: int = 1, y_shift: int = 0, extra: str = "") -> str:
    """z[b * z_step] tile = x[b] tile + y tile, y being z's tile (b + y_shift) % blocks
    when y_shift else x's own; a printf per block; `count` elements added (fewer than
    the tile leaves UB bytes the copy out reads unwritten)."""
    q, qo = "!ascendc.queue<vecin, 1>", "!ascendc.queue<vecout, 1>"
    lt, gt = "!ascendc.local_tensor<*xf32>", "!ascendc.global_tensor<*xf32>"
    y_src = "%z" if y_shift else "%x"
    return f"""
func.func @wk(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {{ascendc.aicore, ascendc.global}} {{
  %tile = arith.constant {TILE} : i32
  %count = arith.constant {count} : i32
  %bytes = arith.constant {TILE * 4} : i32
  %one = arith.constant 1 : i32
  %b = ascendc.get_block_idx : i32
  %n = ascendc.get_block_num : i32
  ascendc.printf %b {{desc = "block %d\\n"}} : i32
  %pipe = ascendc.pipe
  %qx = ascendc.queue : {q}
  %qy = ascendc.queue : {q}
  %qz = ascendc.queue : {qo}
  ascendc.pipe.init_queue %pipe, %qx, %one, %bytes : {q}, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %one, %bytes : {q}, i32, i32
  ascendc.pipe.init_queue %pipe, %qz, %one, %bytes : {qo}, i32, i32
  %x_gm = ascendc.global_tensor : {gt}
  %y_gm = ascendc.global_tensor : {gt}
  %z_gm = ascendc.global_tensor : {gt}
  ascendc.global_tensor.set_global_buffer %x_gm, %x : {gt}, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %y_gm, {y_src} : {gt}, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %z_gm, %z : {gt}, memref<?xf32, 22>
  %shift = arith.constant {y_shift} : i32
  %zstep = arith.constant {z_step} : i32
  %yb0 = arith.addi %b, %shift : i32
  %yb = arith.remsi %yb0, %n : i32
  %zb = arith.muli %b, %zstep : i32
  %xo = arith.muli %b, %tile : i32
  %yo = arith.muli %yb, %tile : i32
  %zo = arith.muli %zb, %tile : i32
  %xl = ascendc.que_bind.alloc_tensor %qx : {q}, {lt}
  %yl = ascendc.que_bind.alloc_tensor %qy : {q}, {lt}
  %xt = ascendc.global_tensor.subindex %x_gm[%xo] : {gt}, i32, {gt}
  %yt = ascendc.global_tensor.subindex %y_gm[%yo] : {gt}, i32, {gt}
  ascendc.data_copy_l2 %xl, %xt, %tile : {lt}, {gt}, i32
  ascendc.data_copy_l2 %yl, %yt, %tile : {lt}, {gt}, i32
  ascendc.que_bind.enque_tensor %qx, %xl : {q}, {lt}
  ascendc.que_bind.enque_tensor %qy, %yl : {q}, {lt}
  %xa = ascendc.que_bind.deque_tensor %qx : {q}, {lt}
  %ya = ascendc.que_bind.deque_tensor %qy : {q}, {lt}
  %zl = ascendc.que_bind.alloc_tensor %qz : {qo}, {lt}
  ascendc.add_l2 %zl, %xa, %ya, %count : {lt}, {lt}, {lt}, i32
  ascendc.que_bind.enque_tensor %qz, %zl : {qo}, {lt}
  ascendc.que_bind.free_tensor %qx, %xa : {q}, {lt}
  ascendc.que_bind.free_tensor %qy, %ya : {q}, {lt}
  %zr = ascendc.que_bind.deque_tensor %qz : {qo}, {lt}
  %zt = ascendc.global_tensor.subindex %z_gm[%zo] : {gt}, i32, {gt}
  ascendc.data_copy_l2 %zt, %zr, %tile : {gt}, {lt}, i32
  ascendc.que_bind.free_tensor %qz, %zr : {qo}, {lt}
  {extra}
  return
}}
"""


def _kernel(**kw) -> CompiledKernel:
    module = parse_module(_ir(**kw))
    module.verify()
    return CompiledKernel(name="wk", module=module)


def _launch(k, w: int, x_len: int = TILE * BLOCKS, capsys=None, **options):
    """(z, stdout, warnings as (category, text), profile figures) of one launch."""
    x = np.arange(x_len, dtype=np.float32)
    z = np.linspace(-1, 1, TILE * BLOCKS, dtype=np.float32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        k[BLOCKS](x, z, workers=w, **options)
    out = capsys.readouterr().out if capsys else ""
    prof = last_profile()
    figures = [(b.block, b.whole, b.regions) for b in prof.blocks]
    return z, out, [(w.category, str(w.message)) for w in caught], figures


@pytest.fixture
def seen(monkeypatch):
    """What the launches did: ("taken", bool) per parallel run, ("serial", why) per
    fallback."""
    log: list[tuple[str, object]] = []
    take, serial = workers._take, workers._serial

    def logged_take(*a):
        log.append(("taken", take(*a)))
        return log[-1][1]

    monkeypatch.setattr(workers, "_take", logged_take)
    monkeypatch.setattr(workers, "_serial", lambda s, w: log.append(("serial", w)) or serial(s, w))
    return log


def _same_as_serial(k, capsys, **options):
    serial = _launch(k, 1, capsys=capsys, **options)
    parallel = _launch(k, 2, capsys=capsys, **options)
    np.testing.assert_array_equal(parallel[0], serial[0])
    assert parallel[1:] == serial[1:]
    return serial


def test_results_output_profile_and_findings_match_serial(capsys, seen):
    # half a tile added: the copy out reads unwritten UB (one uninit finding, block 0);
    # a flag left set in every block (one checker finding naming all blocks)
    left_set = "%ev = arith.constant 0 : i32\n  ascendc.set_flag v_mte3, %ev : i32"
    k = _kernel(count=TILE // 2, extra=left_set)
    z, out, found, figures = _same_as_serial(k, capsys, sanitize="warn")
    assert seen == [("taken", True)]  # the workers' outcome was taken, not rerun
    assert out.splitlines() == [f"[AIV Block {b}/{BLOCKS}] block {b}" for b in range(BLOCKS)]
    texts = [t for _, t in found]
    assert len(texts) == 2 and "unwritten" not in texts[0]
    assert f"the same finding in {BLOCKS} blocks" in texts[0]
    assert "block 0" in texts[1] and "nothing wrote" in texts[1]
    assert [f[0] for f in figures] == list(range(BLOCKS))
    x = np.arange(TILE * BLOCKS, dtype=np.float32)
    half = (np.arange(TILE * BLOCKS) % TILE) < TILE // 2
    np.testing.assert_array_equal(z[half], (x + x)[half])


def test_descending_order_and_checker_off(capsys, seen):
    k = _kernel()
    z = _same_as_serial(k, capsys, sanitize="off", block_order="descending", uninit="off")[0]
    assert seen == [("taken", True)]
    x = np.arange(TILE * BLOCKS, dtype=np.float32)
    np.testing.assert_array_equal(z, x + x)


@pytest.mark.parametrize("sanitize", ["off", "warn"])
def test_blocks_writing_the_same_bytes_run_serially(capsys, seen, sanitize):
    """Every block writes tile 0 of z with its own values: the last block's win, as
    in the serial run (found by the byte merge, or by the checker's records)."""
    z, _, found, _ = _same_as_serial(_kernel(z_step=0), capsys, sanitize=sanitize)
    x = np.arange(TILE * BLOCKS, dtype=np.float32)
    last = slice((BLOCKS - 1) * TILE, BLOCKS * TILE)
    np.testing.assert_array_equal(z[:TILE], x[last] + x[last])
    merge, records = "two blocks change the same GM bytes", "touches GM bytes another block"
    assert seen[0][0] == "serial" and (records if sanitize == "warn" else merge) in seen[0][1]
    assert bool(found) == (sanitize == "warn")  # the checker's cross-core race


@pytest.mark.parametrize("shift", [1, BLOCKS // 2])
def test_a_block_reading_another_blocks_output_runs_serially(capsys, seen, shift):
    """Block b adds z's tile b + shift, which block b + shift writes: the result depends
    on the order, and the checker's records send the launch back to one process (with
    shift = BLOCKS / 2 only blocks of different chunks meet: each process's own checker,
    which defers a launch without cross-core syncs to a bulk check per core, finds
    nothing, and the chunks' records must still meet)."""
    _, _, found, _ = _same_as_serial(_kernel(y_shift=shift), capsys, sanitize="warn")
    assert seen == [("serial", "a block touches GM bytes another block writes"), ("taken", False)]
    assert any("cross-core" in t for _, t in found)


def test_an_error_in_a_worker_is_the_serial_runs(capsys, seen):
    """The last block reads x past its end (in the second chunk, a worker): the same
    located error as one process gives, and GM as the serial run leaves it."""
    import multiprocessing

    for leftover in multiprocessing.active_children():  # another test's (autotune's)
        leftover.join()
    k = _kernel()
    outcomes = []
    for w in (1, 2):
        z = np.zeros(TILE * BLOCKS, np.float32)
        x = np.arange(TILE * (BLOCKS - 1), dtype=np.float32)
        before = signal.getsignal(signal.SIGINT)
        with pytest.raises(GmAccessError) as err:
            k[BLOCKS](x, z, workers=w)
        assert signal.getsignal(signal.SIGINT) is before
        outcomes.append((str(err.value), z, capsys.readouterr().out))
    assert seen[0][0] == "serial" and seen[0][1].startswith("worker 1: GmAccessError")
    assert outcomes[0][0] == outcomes[1][0]
    assert f"block {BLOCKS - 1}" in outcomes[0][0]
    np.testing.assert_array_equal(outcomes[0][1], outcomes[1][1])
    assert outcomes[0][2] == outcomes[1][2]
    assert _reaped_soon(), "a worker (or the keeper) left unreaped"


def _reaped_soon(seconds: float = 10.0) -> bool:
    """Whether every child process of this one is gone (reaped) within `seconds`: a
    thread reaps the workers as they end, after the launch returned. Reads
    /proc/<pid>/task/*/children, so it reaps nothing itself."""
    end = time.monotonic() + seconds
    while True:
        kids = []
        for task in os.listdir(f"/proc/{os.getpid()}/task"):
            with (
                contextlib.suppress(FileNotFoundError),  # a thread that ended
                open(f"/proc/{os.getpid()}/task/{task}/children") as f,
            ):
                kids += f.read().split()
        if not kids:
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.005)


def test_what_runs_serially_and_the_worker_count(capsys, monkeypatch):
    """Atomics, SyncAll (threads) and gm_overread modes keep one process (decided
    before anything runs); the count comes from the option, then the environment."""
    ran = []
    monkeypatch.setattr(workers, "run_blocks", lambda *a: ran.append(a) or 0)
    for extra, options in (
        ("ascendc.set_atomic_add {dtype = f32}", {}),
        ("ascendc.sync_all_hard {isAIVOnly}", {}),
        ("", {"gm_overread": "zeros"}),
    ):
        k = _kernel(extra=extra)
        assert _launch(k, 2, capsys=capsys, sanitize="off", **options)[1]
    assert not ran
    monkeypatch.setenv(workers.WORKERS_ENV, "3")
    assert workers.worker_count() == (3, False)  # a count, the heuristics still decide
    assert workers.worker_count(1) == (1, True)
    monkeypatch.delenv(workers.WORKERS_ENV)
    assert workers.worker_count() == (workers._cpu_count(), False)
    with pytest.raises(Exception, match="workers must be a positive integer, got 0"):
        workers.worker_count(0)


def test_gm_in_shared_memory_runs_serially(capsys):
    """A worker's writes to a shared mapping (np.memmap, shared memory) would reach
    the caller at once: such a launch keeps one process."""
    k = _kernel()
    with mmap.mmap(-1, TILE * BLOCKS * 4) as shared:
        z = np.frombuffer(shared, np.float32)
        x = np.arange(TILE * BLOCKS, dtype=np.float32)
        k[BLOCKS](x, z, workers=2, sanitize="off", uninit="off")
        np.testing.assert_array_equal(z, x + x)
        del z
    assert "shared memory" in workers.last_stats()["serial"]
    assert capsys.readouterr().out.count("block") == BLOCKS


def test_workers_stay_in_use_only_while_they_pay():
    """Without the option: serial first (measured from the second serial launch on: the
    first pays one-time costs), then workers while a parallel launch's wall time stays
    under PAYS of the serial one's; the option always tries."""

    class Program:
        pass

    p = Program()
    assert not workers.worth_it(p, False) and workers.worth_it(p, True)
    workers.note(p, 0.5, None)  # the first serial launch: no measure
    assert not workers.worth_it(p, False)
    workers.note(p, 0.2, None)  # a serial launch's wall seconds
    assert workers.worth_it(p, False)
    state = workers.LaunchState({}, [], None, [0], None, [], None, workers.notes(p))
    state.ran_parallel = True
    workers.note(p, 0.3, state)  # the first parallel launch: no measure either
    assert workers.worth_it(p, False)
    workers.note(p, 0.18, state)  # not under 0.8 x 0.2
    assert not workers.worth_it(p, False)
    workers.note(p, 0.12, state)
    assert workers.worth_it(p, False)
    workers.note(p, 0.01, None)  # too short to fork for
    assert not workers.worth_it(p, False)


@asc.jit(kernel_type="mix")
def _mix_ids(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    idx = asc.get_block_idx()
    if asc.ascend_is_aic():
        x_gm.set_value(100 + idx, 1000 + idx)
    else:
        x_gm.set_value(idx, 2000 + idx * 10 + asc.get_sub_block_idx())


def test_a_mix_kernels_cores_of_a_block_stay_together(seen):
    """One AIC and two AIVs per block: chunks of whole blocks, the same GM (scalar
    writes of several chunks into one page, merged byte by byte)."""
    out = []
    for w in (1, 2):
        x = np.zeros(200, np.int32)
        _mix_ids[3](x, workers=w)
        out.append(x)
    np.testing.assert_array_equal(out[0], out[1])
    assert out[1][:6].tolist() == [2000 + i * 10 + i % 2 for i in range(6)]
    assert seen == [("taken", True)]


def test_unreadable_worker_memory_reruns_serially(capsys, seen, monkeypatch):
    """No /proc/<pid>/pagemap or process_vm_readv (a locked-down container): the
    launcher reruns the workers' blocks itself, with the same result."""

    def refused(pid, first, count):
        raise PermissionError(f"/proc/{pid}/pagemap")

    monkeypatch.setattr(workers, "_written", refused)
    z = _same_as_serial(_kernel(), capsys, sanitize="off")[0]
    x = np.arange(TILE * BLOCKS, dtype=np.float32)
    np.testing.assert_array_equal(z, x + x)
    assert seen[0][0] == "serial" and "cannot read a worker's memory" in seen[0][1]


def test_warnings_raised_in_a_worker_reach_the_caller_in_order(capsys, seen, monkeypatch):
    """A warning an op raises while a block runs (here: each printf) is re-raised by the
    launcher, in block order, as the serial run raises it."""
    from asc_xdsl.runtime.simulator import printing

    emit = printing.emit

    def warn_too(prefix, text):
        warnings.warn(f"printed {prefix}", UserWarning, stacklevel=1)
        emit(prefix, text)

    monkeypatch.setattr(printing, "emit", warn_too)
    found = _same_as_serial(_kernel(), capsys, sanitize="off", uninit="off")[2]
    assert [t for _, t in found] == [f"printed [AIV Block {b}/{BLOCKS}] " for b in range(BLOCKS)]
    assert seen == [("taken", True)]


def test_the_launching_process_runs_its_chunk_on_one_blas_thread_then_restores_it(
    capsys, seen, monkeypatch, tmp_path
):
    """While its workers run, the launching process's own OpenBLAS helpers would take
    their cores: chunk 0 runs on one BLAS thread, and the pool's size comes back after
    (also when a block raises). The pool is limited before the forks, so a worker
    starts no OpenBLAS thread (a new one spins ~0.1 s on the cores the chunks run on):
    it runs its blocks as the forking thread alone."""
    from asc_xdsl.utils import blas_threads

    before = blas_threads.thread_count()
    if before is None:
        pytest.skip("numpy's BLAS here is not OpenBLAS")
    blas_threads.single_thread()  # a pool of 2 even on a one-core machine: the test sees it
    for setter in blas_threads._functions()[0]:
        setter(2)
    try:
        during = []
        parent = os.getpid()
        in_workers = tmp_path / "workers"  # what the workers saw (their memory is their own)
        real = workers.run_blocks

        def spying(state, core_list, run_core, n):
            def run(core):
                if os.getpid() == parent:
                    during.append(blas_threads.thread_count())
                    return run_core(core)
                run_core(core)
                with open(in_workers, "a") as f:
                    f.write(f"{blas_threads.thread_count()} {len(os.listdir('/proc/self/task'))}\n")

            return real(state, core_list, run, n)

        monkeypatch.setattr(workers, "run_blocks", spying)
        _same_as_serial(_kernel(), capsys, sanitize="off")
        assert seen == [("taken", True)]
        assert during and set(during) == {1}  # chunk 0's blocks
        assert set(in_workers.read_text().splitlines()) == {"1 1"}  # one BLAS thread, no pool
        assert blas_threads.thread_count() == 2
        with pytest.raises(ZeroDivisionError), blas_threads.one_thread():
            assert blas_threads.thread_count() == 1
            _ = 1 / 0
        assert blas_threads.thread_count() == 2
    finally:
        for setter in blas_threads._functions()[0]:
            setter(before)


def _matmul(size: int) -> CompiledKernel:
    from bench_simulator_ir import BENCH

    module = parse_module(BENCH.matmul_ir(size))
    module.verify()
    return CompiledKernel(name="matmul_bench", module=module, kernel_type="cube")


def test_tiles_interleaving_row_by_row_run_in_parallel_with_the_checker_on(seen):
    """Two blocks write the two 128 x 128 tiles of one row of C: their strided writes'
    whole spans meet, their rows do not (the checker's exact records, burst by burst),
    so the workers' outcome is taken; the same bytes written twice still run serially."""
    k = _matmul(256)
    rng = np.random.default_rng(1)
    a = rng.integers(-3, 4, (256, 256)).astype(np.float16)
    b = rng.integers(-3, 4, (256, 256)).astype(np.float16)
    c = np.zeros((256, 256), np.float32)
    k[2](a, b, c, workers=2, sanitize="error")
    assert seen == [("taken", True)]
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    # records: (buffer, lo, hi, writes, burst, pitch); two chunks' tiles of one row
    left = np.array([[7, 0, 128 * 1024 - 512, 1, 512, 1024]])
    shift = np.array([0, 1, 1, 0, 0, 0])
    right = left + 512 * shift
    assert not workers._records_overlap([left, right])
    assert workers._records_overlap([left, left + 1024 * shift])  # row 1 of it
    assert workers._records_overlap([left, np.array([[7, 300, 301, 0, 0, 0]])])  # a read
    assert not workers._records_overlap([left, np.array([[7, 600, 1000, 0, 0, 0]])])  # the gap
