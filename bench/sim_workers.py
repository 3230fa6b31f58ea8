"""The simulator's blocks on worker processes (docs/simulator.md "Blocks on every core").

Two ratios from one run, each measured `--repeat` times, the one-worker and the
N-worker launches alternating so both see the same machine load:

* matmul 1024 x 1024 x 1024 half -> float on the cube path (24 blocks, bench/simulator.py's
  kernel), race checker off: the launch time with one worker over the time with N
  (issue 34's goal: at least 1.6 with 2 workers);
* vector add of 2^24 float32 over 48 blocks, 4096-element tiles through TQue, race
  checker off: the launch time with N workers over numpy's `x + y` (goal: at most 1.5),
  and with no `workers` option, where the launcher keeps what paid
  (`workers.worth_it`).

The one-worker launch runs its matrix products on numpy's OpenBLAS pool (every core,
unless OPENBLAS_NUM_THREADS says otherwise), the N-worker launch on one BLAS thread per
process; the matmul is also timed with one worker on one BLAS thread, the serial
launch's own work, and its CPU seconds are what the critical path is set against on
idle cores (the serial CPU with the pool counts its helper threads' spinning).

Each line gives the best (smallest launch times), the median and the spread (min-max)
of the repeats, and the load average: on a shared machine wall times vary by tens of
percent, and processes of one login session share one CPU share (sched autogroup), so
a loaded machine gives a worker little. The CPU seconds of this process are printed
too, and the CPU seconds on the parallel launch's critical path (fork, the slowest
chunk, the merge: `workers.last_stats()`), which estimate the speedup on idle cores,
and where the parallel launch's CPU went (forks, the launching process's chunk and its
page faults, the slowest worker, the merge and the bytes it copied back).

    python bench/sim_workers.py [--repeat R] [--workers N] [--size S] [--elements E]
                                [--bench matmul|add|all]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simulator import build_kernel, matmul_ir

from asc_xdsl.frontend.ir_context import parse_module
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator import workers as sim_workers
from asc_xdsl.utils.blas_threads import one_thread


def _timed(fn) -> tuple[float, float]:
    """(wall, this process's CPU) seconds of fn()."""
    t, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - t, time.process_time() - c


def _critical_path() -> float:
    """CPU seconds on the launch's critical path had every process a core of its own:
    forking, then the slower of the launching process's chunk and the workers', then
    taking their outcome (`workers.last_stats()`)."""
    st = sim_workers.last_stats()
    return st["forks"] + max([st["chunk0"], *st["workers"]]) + st["merge"]


def _parts() -> dict:
    """The last parallel launch's parts (`workers.last_stats()`), for `_breakdown`."""
    st = sim_workers.last_stats()
    return {
        "forks": st["forks"],
        "chunk0": st["chunk0"],
        "worker": max(st["workers"], default=0.0),
        "merge": st["merge"],
        "faults": st["faults"],
        "worker_faults": max(st.get("worker_faults", [0]), default=0),
        "copied": st.get("copied", 0),
        "populated": st.get("populated", 0),
    }


def _breakdown(name: str, parts: list[dict]) -> None:
    """Medians of where a parallel launch's CPU went: the launching process's forks,
    its own chunk (with its copy-on-write faults), the slowest worker (to its exit),
    the merge (pagemaps, copies of what the workers wrote)."""

    def med(key: str) -> float:
        return statistics.median(p[key] for p in parts)

    print(
        f"  {name}, CPU medians: forks {med('forks') * 1e3:.1f} ms, launching process's "
        f"chunk {med('chunk0') * 1e3:.1f} ms ({med('faults'):.0f} page faults), slowest "
        f"worker {med('worker') * 1e3:.1f} ms ({med('worker_faults'):.0f} page faults), "
        f"merge {med('merge') * 1e3:.1f} ms ({med('copied') / 2**20:.1f} MiB copied back; "
        f"{med('populated') / 2**20:.1f} MiB populated by the launching process)"
    )


def _estimate(
    name: str, serial_cpu: list[float], paths: list[float], serial: str = "1 worker"
) -> None:
    print(
        f"  CPU: {serial} {statistics.median(serial_cpu):.3f} s; {name} critical path "
        f"{statistics.median(paths):.3f} s (fork + slowest chunk + merge): "
        f"{statistics.median(serial_cpu) / statistics.median(paths):.2f}x on idle cores"
    )


def _summary(xs: list[float]) -> str:
    return (
        f"best {min(xs) * 1e3:8.1f} ms  median {statistics.median(xs) * 1e3:8.1f} ms  "
        f"spread {min(xs) * 1e3:.1f}-{max(xs) * 1e3:.1f} ms"
    )


def _ratios(name: str, best: float, pairs: list[float], goal: str) -> None:
    """`best`: of the best times; the median and spread: of the repeats' own ratios."""
    print(
        f"{name}: best {best:.2f}, median {statistics.median(pairs):.2f}, "
        f"spread {min(pairs):.2f}-{max(pairs):.2f} ({goal})"
    )


def bench_matmul(size: int, n: int, repeat: int) -> None:
    module = parse_module(matmul_ir(size))
    module.verify()
    kernel = CompiledKernel(name="matmul_bench", module=module, kernel_type="cube")
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (size, size)).astype(np.float16)
    b = rng.integers(-4, 5, (size, size)).astype(np.float16)
    ref = np.matmul(a.astype(np.float32), b.astype(np.float32))
    c = np.zeros((size, size), np.float32)

    def launch(w: int) -> None:
        kernel[24](a, b, c, backend="cpu", sanitize="off", workers=w)

    for w in (1, n):  # warm-up (compiles), and checks the result
        c[:] = 0
        launch(w)
        assert np.array_equal(c, ref), f"matmul with {w} worker(s) differs from numpy"

    def launch_one_blas_thread() -> None:
        with one_thread():
            launch(1)

    one, many, paths, flat, parts = [], [], [], [], []
    for _ in range(repeat):
        one.append(_timed(lambda: launch(1)))
        many.append(_timed(lambda: launch(n)))
        paths.append(_critical_path())
        parts.append(_parts())
        flat.append(_timed(launch_one_blas_thread))
    print(f"matmul {size}^3 half -> float, 24 blocks, cube path, checker off")
    print(
        f"  1 worker:   {_summary([t for t, _ in one])}  (CPU median {statistics.median(c for _, c in one):.2f} s)"
    )
    print(
        f"  {n} workers:  {_summary([t for t, _ in many])}  (CPU of the launching process median {statistics.median(c for _, c in many):.2f} s)"
    )
    _ratios(
        f"  speedup 1 -> {n} workers",
        min(t for t, _ in one) / min(t for t, _ in many),
        [o[0] / m[0] for o, m in zip(one, many, strict=True)],
        "goal >= 1.6",
    )
    print(
        f"  1 worker on one BLAS thread: {_summary([t for t, _ in flat])}  "
        f"(CPU median {statistics.median(c for _, c in flat):.2f} s)"
    )
    _ratios(
        f"  speedup 1 worker on one BLAS thread -> {n} workers",
        min(t for t, _ in flat) / min(t for t, _ in many),
        [o[0] / m[0] for o, m in zip(flat, many, strict=True)],
        "the serial launch without its BLAS helper threads",
    )
    _estimate(f"{n} workers", [c for _, c in one], paths)
    _estimate(f"{n} workers", [c for _, c in flat], paths, "1 worker on one BLAS thread")
    _breakdown(f"{n} workers", parts)


def bench_add(elements: int, n: int, repeat: int) -> None:
    rng = np.random.default_rng(0)
    x = rng.random(elements, dtype=np.float32)
    y = rng.random(elements, dtype=np.float32)
    z = np.zeros(elements, np.float32)
    kernel = build_kernel(4096)

    def launch(w: int | None) -> None:
        options = {} if w is None else {"workers": w}
        kernel[48](x, y, z, elements, backend="cpu", sanitize="off", **options)

    for w in (1, n):
        z[:] = 0
        launch(w)
        assert np.array_equal(z, x + y), f"vector add with {w} worker(s) differs from numpy"
    one, many, ref, cpu, paths, ref_cpu, chosen, parts = [], [], [], [], [], [], [], []
    for _ in range(repeat):
        t, c = _timed(lambda: launch(1))
        one.append(t)
        cpu.append(c)
        many.append(_timed(lambda: launch(n))[0])
        paths.append(_critical_path())
        parts.append(_parts())
        t, c = _timed(lambda: np.add(x, y))
        ref.append(t)
        ref_cpu.append(c)
        chosen.append(_timed(lambda: launch(None))[0])
    print(
        f"vector add 2^{elements.bit_length() - 1} float32, 48 blocks, TQue, tiles of 4096, checker off"
    )
    print(f"  1 worker:   {_summary(one)}")
    print(f"  {n} workers:  {_summary(many)}")
    print(f"  numpy x + y: {_summary(ref)}")
    print(f"  launcher's choice (no workers option): {_summary(chosen)}")
    pairs = [m / r for m, r in zip(many, ref, strict=True)]
    _ratios(f"  {n} workers / numpy", min(many) / min(ref), pairs, "goal <= 1.5")
    pairs = [m / r for m, r in zip(chosen, ref, strict=True)]
    _ratios("  launcher's choice / numpy", min(chosen) / min(ref), pairs, "serial once it learnt")
    pairs = [o / m for o, m in zip(one, many, strict=True)]
    _ratios(f"  speedup 1 -> {n} workers", min(one) / min(many), pairs, "for reference")
    _estimate(f"{n} workers", cpu, paths)
    _breakdown(f"{n} workers", parts)
    print(
        f"  CPU: numpy {statistics.median(ref_cpu):.3f} s: {n} workers' critical path / numpy "
        f"{statistics.median(paths) / statistics.median(ref_cpu):.2f}x on idle cores"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", choices=("matmul", "add", "all"), default="all")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--elements", type=int, default=1 << 24)
    a = ap.parse_args()
    n = a.workers or sim_workers.worker_count()[0]
    if n < 2:
        sys.exit("one CPU: nothing to compare (pass --workers 2 to measure anyway)")
    print(f"{n} workers; load average {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    if a.bench in ("matmul", "all"):
        bench_matmul(a.size, n, a.repeat)
    if a.bench in ("add", "all"):
        bench_add(a.elements, n, a.repeat)
    print(f"load average at the end {' '.join(f'{v:.1f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
