"""Autotuning sweeps on the CPU simulator: serial against parallel worker processes.

    python bench/autotune.py [--rounds R] [--workers W] [--only add|matmul]

Tunes the two kernels of examples/autotune_tiling.py (the vector add's tile length,
48 blocks x 131072 float32; the matmul's per-core block of C, 128 x 64 x 30720 half as
pyasc's matmul tutorial) with
`@asc.autotune`, once with `workers=1` (every config compiled and simulated in this
process, one after the other) and once with `workers=W` (default: one per available
core; forked workers), alternating for `--rounds` rounds. Every sweep starts cold: a
fresh compile cache folder and the kernels' in-process caches emptied, after one warm-up
sweep that pays xDSL's import and first-compile costs. The sweep's time is the tuner's
own (`TuningResult.seconds`: the benchmarks of all configs, not the final launch).

Prints per kernel: each config's modelled cycles (or why it failed), the config chosen,
whether it is the one with the fewest modelled cycles (and the same in both modes), the
median serial and parallel sweep times and their ratio, against issue 33's goal of
parallel <= serial / 1.6 (0.625), and the CPU seconds of each mode (workers included).
The load average is printed before and after, and a control first: the same pure-Python
loop run in this process and in `W` forked ones. On a shared machine whose cores are busy
with other work, more processes of ours get no more CPU; the control's ratio shows how
much parallelism the machine gives at that moment, and the sweeps' ratios cannot beat it.
A second bound per kernel, the floor: the serial sweep's own work (its CPU seconds on one
BLAS thread) spread over the W cores with no overhead, over the serial sweep's wall time.
A kernel whose matrix products numpy already runs on every core (the matmul: its serial
sweep takes ~1.7 cores) has a floor above 1/W, and above the goal when it is above 0.625.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "examples"))

import autotune_tiling as ex  # noqa: E402

from asc_xdsl.autotuner import Autotuner  # noqa: E402
from asc_xdsl.utils.blas_threads import one_thread  # noqa: E402

GOAL = 1 / 1.6


class _Timed(Autotuner):
    """An Autotuner that notes the CPU seconds of its sweep (`_tune`): this process's
    (its BLAS helper threads included) in `sweep_cpu`."""

    def _tune(self, *args, **kwargs):
        start = time.process_time()
        try:
            return super()._tune(*args, **kwargs)
        finally:
            self.sweep_cpu = time.process_time() - start


def _add_case():
    blocks, block_length = 48, 131072
    rng = np.random.default_rng(0)
    x = rng.random(blocks * block_length, dtype=np.float32)
    y = rng.random(blocks * block_length, dtype=np.float32)
    z = np.zeros_like(x)
    tuner = ex.tiled_add

    def sweep(workers: int):
        fresh = _Timed(
            tuner.fn, tuner.configs, tuner.key, workers=workers, cache=False, warmup=0, rep=1
        )
        fresh[blocks](x, y, z, block_length)
        np.testing.assert_allclose(z, x + y)
        return fresh.results[(block_length,)], fresh.sweep_cpu

    return "vector add (tile_length)", [tuner.fn], sweep


def _matmul_case():
    m, k, n = 128, 64, 30720  # pyasc's matmul tutorial's shape
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 4, (m, k)).astype(np.float16)
    b = rng.integers(-4, 4, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    tuner = ex.matmul

    def sweep(workers: int):
        fresh = _Timed(
            tuner.fn, tuner.configs, tuner.key, workers=workers, cache=False, warmup=0, rep=1
        )
        fresh(a, b, c)
        np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32))
        return next(iter(fresh.results.values())), fresh.sweep_cpu

    return "matmul (single_m x single_n)", [ex.cube_matmul, ex.block_offsets], sweep


def _cold(kernels, folder: Path) -> None:
    os.environ["ASC_XDSL_CACHE_DIR"] = str(folder)
    for jf in kernels:
        jf._compiled.clear()


def _cpu() -> tuple[float, float]:
    """CPU seconds of this process and of its reaped children (the forked workers),
    after reaping the workers a sweep left exiting (it does not wait for their exit)."""
    for proc in multiprocessing.active_children():
        proc.join()
    own, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime


def _spin(_: int) -> int:
    total = 0
    for k in range(1_500_000):
        total += k * k
    return total


def _control(workers: int) -> float:
    """How much faster `workers` forked processes run pure-Python work than this one
    alone, right now: the most any parallel sweep can gain on this machine at this
    load (the ratio parallel / serial; ~1/workers on idle cores)."""
    start = time.perf_counter()
    for i in range(2 * workers):
        _spin(i)
    serial = time.perf_counter() - start
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        start = time.perf_counter()
        list(pool.imap_unordered(_spin, range(2 * workers)))
        parallel = time.perf_counter() - start
    return parallel / serial


def _cycles(result) -> dict:
    return {c: (o.cycles if not isinstance(o, str) else None) for c, o in result.results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--only", choices=("add", "matmul"))
    args = parser.parse_args()
    from asc_xdsl.autotuner import _cores

    workers = args.workers or _cores()
    print(f"load average before: {os.getloadavg()[0]:.2f}; {_cores()} core(s); workers {workers}")
    print(
        f"control: pure-Python work in {workers} forked processes takes "
        f"{_control(workers):.2f}x the time of one process (the best any sweep can do now)"
    )
    cases = [c() for name, c in (("add", _add_case), ("matmul", _matmul_case))
             if args.only in (None, name)]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        counter = iter(range(1_000_000))
        ok = True
        for title, kernels, sweep in cases:
            _cold(kernels, Path(tmp) / f"c{next(counter)}")
            sweep(1)  # warm-up: imports, first compile
            times: dict[int, list[float]] = {1: [], workers: []}
            cpu: dict[int, list[float]] = {1: [], workers: []}
            sweep_cpu: dict[object, list[float]] = {1: [], workers: [], "one": []}
            paths: list[float] = []
            picks = set()
            for _ in range(args.rounds):
                for w in (1, workers):
                    _cold(kernels, Path(tmp) / f"c{next(counter)}")
                    before = _cpu()
                    result, own = sweep(w)
                    after = _cpu()
                    cpu[w].append(sum(after) - sum(before))
                    times[w].append(result.seconds)
                    sweep_cpu[w].append(own)
                    if w > 1:  # a worker's CPU: all of the sweep's children, over W - 1
                        worker = (after[1] - before[1]) / (w - 1)
                        paths.append(max(own, worker))
                    cycles = _cycles(result)
                    fewest = min(v for v in cycles.values() if v is not None)
                    picks.add((result.best, cycles[result.best] == fewest))
                _cold(kernels, Path(tmp) / f"c{next(counter)}")
                with one_thread():  # the serial sweep's own work, no BLAS helper threads
                    sweep_cpu["one"].append(sweep(1)[1])
            print(f"\n{title}")
            for config, value in cycles.items():
                failed = dict(result.results)[config] if value is None else ""
                print(f"  {config}: {value if value is not None else failed}")
            best_ok = len(picks) == 1 and next(iter(picks))[1]
            serial, parallel = statistics.median(times[1]), statistics.median(times[workers])
            ratio = parallel / serial
            ok = ok and best_ok and ratio <= GOAL
            print(
                f"  chosen: {sorted(str(p[0]) for p in picks)}; fewest modelled cycles and "
                f"the same every sweep: {'yes' if best_ok else 'NO'}"
            )
            print(
                f"  sweep wall time, median of {args.rounds}: serial {serial:.2f} s "
                f"({', '.join(f'{t:.2f}' for t in times[1])}), {workers} workers "
                f"{parallel:.2f} s ({', '.join(f'{t:.2f}' for t in times[workers])}); "
                f"ratio {ratio:.3f} (goal <= {GOAL:.3f}: {'met' if ratio <= GOAL else 'NOT met'})"
            )
            serial_cpu, one_cpu = (
                statistics.median(sweep_cpu[1]),
                statistics.median(sweep_cpu["one"]),
            )
            path = statistics.median(paths)
            print(
                f"  CPU seconds of the sweep, median: serial {serial_cpu:.3f} (its BLAS helper "
                f"threads included), serial on one BLAS thread {one_cpu:.3f}; {workers} workers: "
                f"this process {statistics.median(sweep_cpu[workers]):.3f}, critical path "
                f"(this process or a worker, the larger) {path:.3f}: {path / one_cpu:.3f} of the "
                f"one-thread serial sweep on idle cores"
            )
            # the sweep's own work (serial, one BLAS thread) spread over every core with
            # no overhead: no parallel sweep can be faster (it compiles and runs at least
            # as much), while the serial sweep's products already use every core
            # through numpy's BLAS pool
            floor = one_cpu / workers / serial
            print(
                f"  floor: the one-thread serial work over {workers} cores / the serial sweep "
                f"= {floor:.3f}{' (above the goal: no parallel sweep can meet it here)' if floor > GOAL else ''}; "
                f"{workers} workers / the serial sweep's one-thread work = {parallel / one_cpu:.3f}"
            )
            print(
                f"  CPU seconds per sweep (with the final launch), median: serial "
                f"{statistics.median(cpu[1]):.2f}, {workers} workers "
                f"{statistics.median(cpu[workers]):.2f} (workers included)"
            )
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
