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
                                [--bench matmul|add|floor|all]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import struct
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
        "serial": st.get("serial"),
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
    reruns = [p["serial"] for p in parts if p["serial"]]
    if reruns:
        print(f"  {len(reruns)} of {len(parts)} parallel launches reran serially: {reruns[0]}")


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


# -- the floor of the vector add on two processes, without the simulator ------------------

_MADV_DONTFORK, _MADV_DOFORK = 10, 11
_MAP_FIXED, _MAP_POPULATE = 0x10, 0x8000


def _cpu_faults() -> tuple[float, int]:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime, r.ru_minflt


def bench_floor(elements: int, repeat: int) -> None:
    """The vector add's memory traffic on two processes, numpy only (the simulator's own
    cost left out): each 4096-element tile of x and y copied into a buffer ("UB"),
    added there, copied out to z, as the kernel's DataCopy/Add/DataCopy do. Serial; two
    processes sharing z copy-on-write (the workers' way: each writes its half, the
    launching process reads the forked one's pages back); two processes with a no-trap
    window (z's pages kept out of the fork with MADV_DONTFORK for the fork's duration,
    the forked process's half mapped from a memfd populated once, MAP_FIXED and
    MAP_POPULATE, so neither process takes a page fault on z; the launching process
    copies z's half into the memfd before the fork and back after). CPU seconds per
    phase: what each costs on idle cores."""
    import ctypes
    import mmap

    libc = ctypes.CDLL(None, use_errno=True)
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int]
    libc.mmap.argtypes += [ctypes.c_int, ctypes.c_long]
    tile, page = 4096, sim_workers.PAGE
    rng = np.random.default_rng(0)
    x = rng.random(elements, dtype=np.float32)
    y = rng.random(elements, dtype=np.float32)
    z = np.zeros(elements, np.float32)
    half = elements // 2
    base = z.ctypes.data
    mid, end = base + half * 4, base + z.nbytes
    p_lo, p_hi = -(-base // page) * page, mid // page * page  # whole pages of each half
    w_lo, w_hi = -(-mid // page) * page, end // page * page
    fd = os.memfd_create("gm-window")
    os.ftruncate(fd, w_hi - w_lo)
    window = mmap.mmap(fd, w_hi - w_lo, flags=mmap.MAP_SHARED | _MAP_POPULATE)
    views = [np.frombuffer(window, np.uint8)]  # let go before the mapping is closed

    def zbytes(lo: int, hi: int) -> np.ndarray:
        return sim_workers._view(lo, hi - lo)

    def tiles(lo: int, hi: int) -> None:
        ub = np.empty(3 * tile, np.float32)
        for s in range(lo, hi, tile):
            np.copyto(ub[:tile], x[s : s + tile])
            np.copyto(ub[tile : 2 * tile], y[s : s + tile])
            np.add(ub[:tile], ub[tile : 2 * tile], out=ub[2 * tile :])
            np.copyto(z[s : s + tile], ub[2 * tile :])

    def two(window_mode: bool) -> dict:
        z[:] = 0
        ph: dict = {}
        c0 = _cpu_faults()[0]
        if window_mode:
            np.copyto(views[0], zbytes(w_lo, w_hi))
            for lo, hi in ((p_lo, p_hi), (w_lo, w_hi)):
                libc.madvise(lo, hi - lo, _MADV_DONTFORK)
        res_r, res_w = os.pipe()
        rel_r, rel_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(res_r)
            os.close(rel_w)
            a = _cpu_faults()
            if window_mode:
                got = libc.mmap(
                    w_lo, w_hi - w_lo, 3, mmap.MAP_SHARED | _MAP_FIXED | _MAP_POPULATE, fd, 0
                )
                if got != w_lo:
                    os._exit(1)
            tiles(half, elements)
            b = _cpu_faults()
            os.write(res_w, struct.pack("<dq", b[0] - a[0], b[1] - a[1]))
            os.read(rel_r, 1)
            os._exit(0)
        if window_mode:
            libc.madvise(p_lo, w_hi - p_lo, _MADV_DOFORK)
        c1 = _cpu_faults()
        ph["fork"] = c1[0] - c0
        tiles(0, half)
        c2 = _cpu_faults()
        ph["chunk"], ph["faults"] = c2[0] - c1[0], c2[1] - c1[1]
        os.close(res_w)
        ph["worker"], ph["worker faults"] = struct.unpack("<dq", os.read(res_r, 16))
        reader = sim_workers._Reader(pid)
        if window_mode:  # the boundary pages copy-on-write, the window by memcpy
            reader.read_segments([(mid, w_lo), (w_hi, end)], None)
            np.copyto(zbytes(w_lo, w_hi), views[0])
        else:
            reader.read_segments([(mid, end)], None)
        c3 = _cpu_faults()
        ph["merge"], ph["merge faults"] = c3[0] - c2[0], c3[1] - c2[1]
        os.close(rel_w)
        os.close(rel_r)
        os.close(res_r)
        os.waitpid(pid, 0)
        if not np.array_equal(z, x + y):
            sys.exit("the floor benchmark's result differs from numpy's")
        ph["path"] = ph["fork"] + max(ph["chunk"], ph["worker"]) + ph["merge"]
        return ph

    rows: dict[str, list] = {"numpy": [], "fresh": [], "serial": [], "cow": [], "window": []}
    for _ in range(repeat):
        c = _cpu_faults()[0]
        np.add(x, y, out=z)
        rows["numpy"].append(_cpu_faults()[0] - c)
        c = _cpu_faults()[0]
        np.add(x, y)
        rows["fresh"].append(_cpu_faults()[0] - c)
        c = _cpu_faults()[0]
        tiles(0, elements)
        rows["serial"].append(_cpu_faults()[0] - c)
        rows["cow"].append(two(False))
        rows["window"].append(two(True))
    views.clear()
    window.close()
    os.close(fd)
    med = statistics.median
    numpy_cpu, serial_cpu, fresh = med(rows["numpy"]), med(rows["serial"]), med(rows["fresh"])
    print(
        f"the add's floor on 2 processes, numpy only, 2^{elements.bit_length() - 1} float32, CPU medians"
    )
    print(
        f"  numpy x + y {fresh * 1e3:.1f} ms (a new z, its pages faulted in), into z "
        f"{numpy_cpu * 1e3:.1f} ms; the kernel's tile copies in one process "
        f"{serial_cpu * 1e3:.1f} ms ({serial_cpu / numpy_cpu:.2f}x numpy into z)"
    )
    for name in ("cow", "window"):
        r = rows[name]

        def m(key: str, r=r) -> float:
            return med(p[key] for p in r)

        label = "copy-on-write" if name == "cow" else "no-trap window"
        print(
            f"  {label}: fork {m('fork') * 1e3:.1f} ms (window copy in included), each half "
            f"{m('chunk') * 1e3:.1f} / {m('worker') * 1e3:.1f} ms ({m('faults'):.0f} / "
            f"{m('worker faults'):.0f} faults), merge {m('merge') * 1e3:.1f} ms "
            f"({m('merge faults'):.0f} faults): critical path {m('path') * 1e3:.1f} ms = "
            f"{m('path') / numpy_cpu:.2f}x numpy into z ({m('path') / fresh:.2f}x x + y), "
            f"{serial_cpu / m('path'):.2f}x faster than serial"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", choices=("matmul", "add", "floor", "all"), default="all")
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
    if a.bench in ("floor", "all"):
        bench_floor(a.elements, a.repeat)
    print(f"load average at the end {' '.join(f'{v:.1f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
