"""How fast a fresh process gets its first CPU-simulator result, against its first
compile and against the `npu` backend's disk-cache hit.

    python bench/sim_start.py [--repeat N] [--src DIR]

Each row is one fresh Python process running examples/vector_add.py's
`vadd_kernel[8](x, y, z, 2048, 512)` (after numpy, asc_xdsl and the example are
imported):

- `first compile`: `vadd_kernel.compile(...)` with an empty disk cache (time of the call);
- `compile + first result`: the launch on the CPU simulator (`backend="cpu"`) with an
  empty disk cache: compile, then the simulator's start (its op families imported,
  the program built) and run (time of the call);
- `cpu cache hit`: the same launch with the disk cache holding the kernel (whole
  process: interpreter start to exit);
- `npu cache hit`: the launch on `npu` with the disk cache holding the kernel's binary
  (whole process; the fake toolkit of bench/npu_cache_hit.py: bisheng and ACL mocked,
  so it is asc_xdsl's own work): the stored binary launches without xDSL.

Printed per row: the best of `--repeat` runs (rows interleaved) of the wall time and
CPU time (user + system; the machine's load inflates wall times, less so CPU times),
the simulator's families imported, and the ratios the issue asks about: the simulator's
start beyond the first compile (`compile + first result` - `first compile`) and
`cpu cache hit` / `npu cache hit`. `--src DIR` runs an asc_xdsl checkout DIR instead
(first on PYTHONPATH; e.g. one from before a change, `git worktree add DIR REV`).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
sys.path.insert(0, str(ROOT / "bench"))

SCRIPT = """
import sys, time
sys.path.insert(0, {examples!r})
import numpy as np
import vector_add as m
x = np.ones(8 * 2048, np.float32); y = np.ones_like(x); z = np.zeros_like(x)
c0 = time.process_time(); t0 = time.perf_counter()
if {mode!r} == "compile":
    m.vadd_kernel.compile(x, y, z, 2048, 512)
else:
    m.vadd_kernel[8](x, y, z, 2048, 512, backend={mode!r})
    assert {mode!r} != "cpu" or (z == 2).all(), z[:4]  # (the fake ACL runs nothing)
t1 = time.perf_counter(); c1 = time.process_time()
families = sum(1 for n in sys.modules if n.startswith("asc_xdsl.runtime.simulator.ops."))
print(t1 - t0, c1 - c0, families)
"""

ROWS = ("first compile", "compile + first result", "cpu cache hit", "npu cache hit")


def run(script: str, env: dict[str, str], cwd: Path) -> tuple[float, float, float, float, int]:
    """(process wall, process CPU, call wall, call CPU, families) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=cwd
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"the benchmark process failed:\n{done.stderr}")
    call, call_cpu, families = done.stdout.split()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, float(call), float(call_cpu), int(families)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--src", help="an asc_xdsl checkout to measure instead")
    args = parser.parse_args()
    from npu_cache_hit import fake_toolkit

    with tempfile.TemporaryDirectory(prefix="sim_start-") as tmp:
        work = Path(tmp)
        home = fake_toolkit(work / "toolkit")
        base = {**os.environ, "ASCEND_HOME_PATH": str(home)}
        if args.src:
            base["PYTHONPATH"] = os.pathsep.join(filter(None, [args.src, base.get("PYTHONPATH")]))
        for name in ("ASC_XDSL_DUMP_DIR", "ASC_XDSL_BACKEND", "PYTHONDONTWRITEBYTECODE"):
            base.pop(name, None)
        scripts = {
            "first compile": SCRIPT.format(examples=str(EXAMPLES), mode="compile"),
            "compile + first result": SCRIPT.format(examples=str(EXAMPLES), mode="cpu"),
            "cpu cache hit": SCRIPT.format(examples=str(EXAMPLES), mode="cpu"),
            "npu cache hit": SCRIPT.format(examples=str(EXAMPLES), mode="npu"),
        }
        warm = {"cpu cache hit": work / "cache-cpu", "npu cache hit": work / "cache-npu"}
        for row, cache in warm.items():  # fill the caches (and write bytecode) first
            for _ in range(2):
                run(scripts[row], {**base, "ASC_XDSL_CACHE_DIR": str(cache)}, work)
        results: dict[str, list[tuple[float, float, float, float, int]]] = {r: [] for r in ROWS}
        for i in range(args.repeat):
            for row in ROWS:
                cache = warm.get(row, work / f"cold-{row[:5]}-{i}")
                results[row].append(
                    run(scripts[row], {**base, "ASC_XDSL_CACHE_DIR": str(cache)}, work)
                )
    load = os.getloadavg()[0]
    print(f"vadd_kernel[8], fresh process per run, best of {args.repeat} (load average {load:.1f})")
    print(f"{'row':<24} {'process':>8} {'CPU':>7} {'call':>7} {'call CPU':>8} {'families':>8}")
    best = {}
    for row in ROWS:
        rs = results[row]
        best[row] = tuple(min(r[k] for r in rs) for k in range(4))
        fam = min(r[4] for r in rs)
        b = best[row]
        print(f"{row:<24} {b[0]:>7.3f}s {b[1]:>6.3f}s {b[2]:>6.3f}s {b[3]:>7.3f}s {fam:>8}")
    start = best["compile + first result"][2] - best["first compile"][2]
    start_cpu = best["compile + first result"][3] - best["first compile"][3]
    hit = best["cpu cache hit"][0] / best["npu cache hit"][0]
    hit_cpu = best["cpu cache hit"][1] / best["npu cache hit"][1]
    print(f"simulator start beyond the first compile: {start:.3f}s wall, {start_cpu:.3f}s CPU")
    print(f"cpu cache hit / npu cache hit (whole process): {hit:.2f}x wall, {hit_cpu:.2f}x CPU")


if __name__ == "__main__":
    main()
