"""@asc.autotune on the CPU simulator: every config benchmarked (in forked workers), the
fewest modelled cycles wins, failing configs are skipped and reported, the choice is
cached per key in memory and on disk, the caller's arrays see only the winner's run."""

from __future__ import annotations

import os
import time

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.autotuner import Autotuner

N = 512


@asc.jit
def _tiled_triple(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, tile)
    for i in range(n // tile):
        asc.data_copy(t, xg[i * tile :], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(t, t, 3.0, tile)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(zg[i * tile :], t, tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


CONFIGS = [asc.Config(tile=t) for t in (64, 256, 128, 1 << 20)]  # the last overflows UB


def _tuned(**options) -> Autotuner:
    return asc.autotune(configs=CONFIGS, key=["n"], **options)(_tiled_triple)


def test_fewest_modelled_cycles_wins_and_failures_are_reported():
    tuned = _tuned(workers=2, cache=False)
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, np.float32)
    tuned[1](x, z, N)
    np.testing.assert_array_equal(z, 3 * x)
    result = tuned.results[(N,)]
    assert result.workers == 2 and not result.from_cache
    timed = {c.kwargs["tile"]: o for c, o in result.results if not isinstance(o, str)}
    assert set(timed) == {64, 128, 256} and all(o.modelled for o in timed.values())
    assert result.best == asc.Config(tile=min(timed, key=lambda t: timed[t].cycles))
    failed = dict(result.results)[CONFIGS[-1]]
    assert failed.startswith("Compile") and "UB overflow" in failed and "[ASC-P303]" in failed
    assert f"best {result.best}" in str(result) and "* Config(tile=256)" in str(result)
    # the benchmarks ran on copies: a second key tunes again, in this process (workers=1)
    serial = _tuned(workers=1, cache=False)
    x2 = np.ones(2 * N, np.float32)
    z2 = np.full(2 * N, -1.0, np.float32)
    serial[1](x2, z2, 2 * N)
    assert serial.results[(2 * N,)].workers == 1 and (z2 == 3).all()
    assert serial.best_config(x2, z2, 2 * N) == result.best


def test_the_choice_is_cached_on_disk_per_key(monkeypatch):
    x, z = np.arange(N, dtype=np.float32), np.zeros(N, np.float32)
    first = _tuned(workers=1)
    first[1](x, z, N)
    again = _tuned(workers=1)

    def no_tuning(*args, **kwargs):
        raise AssertionError("tuned again despite the disk cache")

    monkeypatch.setattr(again, "_tune", no_tuning)
    again[1](x, np.zeros(N, np.float32), N)
    assert again.results[(N,)].from_cache
    assert again.results[(N,)].best == first.results[(N,)].best
    assert str(again.results[(N,)]) == str(first.results[(N,)])  # every figure kept
    with pytest.raises(AssertionError, match="tuned again"):  # another key: not cached
        again[1](x[: N // 2], z, N // 2)


def test_a_launch_function_is_tuned_with_its_config_keywords():
    calls = []

    configs = [asc.Config(tile=64), asc.Config(tile=128)]

    @asc.autotune(configs=configs, key=["x"], cache=False, workers=2)
    def triple(x, z, tile):
        calls.append(tile)
        _tiled_triple[1](x, z, N, tile)

    x, z = np.arange(N, dtype=np.float32), np.zeros(N, np.float32)
    triple(x, z)
    assert triple.best_config(x, z) == asc.Config(tile=128)
    # the benchmarks ran in this process or the forked one (each config once); the
    # final run is the winner's
    assert calls[-1] == 128 and len(calls) <= 3 and set(calls) <= {64, 128}
    np.testing.assert_array_equal(z, 3 * x)
    assert list(triple.results) == [(((N,), "float32"),)]


def test_a_worker_that_dies_fails_its_config_only():
    import os
    import time

    caller = os.getpid()
    configs = [asc.Config(tile=64), asc.Config(tile=128)]

    @asc.autotune(configs=configs, key=["x"], cache=False, workers=2)
    def triple(x, z, tile):
        if os.getpid() != caller:
            os._exit(3)  # the forked worker dies on whatever config it takes
        time.sleep(0.3)  # the caller holds config 0 long enough for the worker to start
        _tiled_triple[1](x, z, N, tile)

    x, z = np.arange(N, dtype=np.float32), np.zeros(N, np.float32)
    triple(x, z)
    np.testing.assert_array_equal(z, 3 * x)
    result = next(iter(triple.results.values()))
    outcomes = dict(result.results)
    assert not isinstance(outcomes[configs[0]], str) and result.best == configs[0]
    assert outcomes[configs[1]] == (
        "RuntimeError: the worker process running it died (exit codes 3)"
    )


def test_the_caller_benchmarks_on_one_blas_thread_and_gets_its_pool_back(tmp_path):
    """The caller's share of a parallel sweep runs on one OpenBLAS thread (its pool's
    helpers would take the worker's core); the final launch sees the caller's pool. The
    pool is limited before the fork: a worker starts no OpenBLAS thread (a new one spins
    ~0.1 s on the cores the others run on)."""
    import os

    from asc_xdsl.utils import blas_threads

    before = blas_threads.thread_count()
    if before is None:
        pytest.skip("numpy's BLAS here is not OpenBLAS")
    caller, seen = os.getpid(), []
    for setter in blas_threads._functions()[0]:
        setter(2)  # a pool of 2 even on a one-core machine
    try:

        @asc.autotune(configs=CONFIGS[:2], key=["x"], cache=False, workers=2)
        def triple(x, z, tile):
            if os.getpid() == caller:
                seen.append(blas_threads.thread_count())
            _tiled_triple[1](x, z, N, tile)
            if os.getpid() != caller:  # (the worker's memory is its own)
                with open(tmp_path / "worker", "a") as f:
                    tasks = len(os.listdir("/proc/self/task"))
                    f.write(f"{blas_threads.thread_count()} {tasks}\n")

        x, z = np.arange(N, dtype=np.float32), np.zeros(N, np.float32)
        triple(x, z)
        np.testing.assert_array_equal(z, 3 * x)
        assert seen[-1] == 2 and set(seen[:-1]) <= {1}  # the last: the winner's launch
        assert set((tmp_path / "worker").read_text().splitlines()) == {"1 1"}
    finally:
        for setter in blas_threads._functions()[0]:
            setter(before)


def test_misuse_is_a_clear_error():
    with pytest.raises(ValueError, match=r"key 'm' is not a parameter"):
        asc.autotune(configs=CONFIGS, key=["m"])(_tiled_triple)
    with pytest.raises(ValueError, match=r"names 'size', not a parameter of _tiled_triple"):
        asc.autotune(configs=[asc.Config(size=1)], key=["n"])(_tiled_triple)
    with pytest.raises(TypeError, match=r"non-empty list of asc.Config"):
        asc.autotune(configs=[], key=["n"])
    with pytest.raises(TypeError, match=r"key is a list of parameter names"):
        asc.autotune(configs=CONFIGS, key="n")
    tuned = _tuned(cache=False)
    with pytest.raises(TypeError, match=r"launch it with _tiled_triple\[block_dim\]"):
        tuned(np.zeros(N, np.float32), np.zeros(N, np.float32), N)
    with pytest.raises(TypeError, match=r"tile is tuned \(a config keyword\)"):
        tuned._call(CONFIGS[0], 1, (), {"tile": 3})
    only_bad = asc.autotune(configs=[CONFIGS[-1]], key=["n"], cache=False)(_tiled_triple)
    with pytest.raises(RuntimeError, match=r"every config failed:\n  Config\(tile=1048576\): Comp"):
        only_bad[1](np.zeros(N, np.float32), np.zeros(N, np.float32), N)


def _blas_threads(_: int) -> tuple:
    import gc

    from asc_xdsl.autotuner import _init_worker
    from asc_xdsl.utils.blas_threads import thread_count

    _init_worker()
    return thread_count(), gc.get_freeze_count() > 0


def test_a_worker_runs_its_products_on_one_blas_thread_and_the_caller_keeps_its_own():
    """Forked workers each with a full OpenBLAS pool oversubscribe the cores (several
    times slower products); the tuner's initializer gives each one thread, in the worker
    only."""
    import multiprocessing

    from asc_xdsl.utils.blas_threads import thread_count

    before = thread_count()
    if before is None:
        pytest.skip("numpy's BLAS here is not OpenBLAS")
    with multiprocessing.get_context("fork").Pool(1) as pool:
        assert pool.map(_blas_threads, [0]) == [(1, True)]  # and its heap frozen
    assert thread_count() == before


def _children() -> dict[int, str]:
    """This process's child processes and their states (`Z`: exited, not reaped)."""
    pid = os.getpid()
    kids: dict[int, str] = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                listed = f.read()
        except FileNotFoundError:  # the thread ended meanwhile (a pool's, a BLAS one)
            continue
        for kid in map(int, listed.split()):
            try:
                with open(f"/proc/{kid}/stat") as g:
                    kids[kid] = g.read().rsplit(")", 1)[1].split()[0]
            except FileNotFoundError:  # reaped meanwhile
                pass
    return kids


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads Linux's /proc")
def test_a_parallel_sweep_leaves_no_zombie_worker():
    """The sweep does not wait for its workers' exit, but they are reaped as they end: a
    long-running caller does not collect `<defunct>` processes, one per sweep."""
    import multiprocessing

    for leftover in multiprocessing.active_children():  # other tests' workers
        leftover.join()
    before = set(_children())
    tuned = _tuned(workers=2, cache=False)
    z = np.zeros(N, np.float32)
    tuned[1](np.arange(N, dtype=np.float32), z, N)
    assert tuned.results[(N,)].workers == 2
    for _ in range(1000):  # the worker frees its pages and exits within milliseconds
        new = {k: v for k, v in _children().items() if k not in before}
        if not new:
            break
        time.sleep(0.01)
    assert not new, f"children left (state Z: not reaped): {new}"
