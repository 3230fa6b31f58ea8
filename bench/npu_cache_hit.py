"""A fresh process launching a kernel the disk cache holds, on the `npu` backend.

    python bench/npu_cache_hit.py [--repeat N] [--toolkit HOME] [--baseline-src DIR]

Each row is one fresh Python process that imports numpy and examples/vector_add.py and
launches `vadd_kernel[8](x, y, z, 2048, 512, backend="npu")` once, after a first
process has compiled, built and launched it (so the disk cache holds the kernel):

- `start-up`: the same process without the launch (Python, numpy, asc_xdsl, the
  example): the floor under both rows below;
- `stored binary`: the launch finds the binary and manifest the npu backend kept in
  the kernel's cache entry and launches them (runtime/cann/jit_binaries.py, issue 14);
- `through the IR`: the entry's binaries are removed before each run, so the launch
  takes the path every hit took before: the entry's module parsed and verified (xDSL
  loaded), the kernel described, its Ascend C printed, the binary found in the
  binary cache by its source's hash, and the binary kept in the entry again;
- `baseline checkout` (with `--baseline-src DIR`, a checkout of asc_xdsl from before
  this change, e.g. `git worktree add DIR c3c659a`): its own disk-cache hit, same
  script, with DIR first on PYTHONPATH.

Before the timed runs, the first process and two runs of each row may write bytecode
(even under PYTHONDONTWRITEBYTECODE), as any first run of an installation does.
Printed per row: the best wall time of `--repeat` runs (rows interleaved), that run's
CPU time (user + system), the median wall time, the best time from the script's first
line to the launch's return inside the process, the best time of the launch call alone
(`kernel[8](...)`: key, binary lookup or compile path, launch), the xDSL modules loaded,
and the wall time as a ratio to `through the IR`. Without
`--toolkit`, a fake toolkit (the CANN tests': bisheng, ld.lld and ACL mocked, compiled
with the system C compiler) stands in for CANN, so the launch itself costs next to
nothing and what is measured is asc_xdsl's own work.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
CANN_TESTS = ROOT / "tests" / "unit" / "cann"

SCRIPT = """
import time
t0 = time.perf_counter()
import sys
sys.path.insert(0, {examples!r})
import numpy as np
import vector_add as m
x = np.zeros(8 * 2048, np.float32); y = np.ones_like(x); z = np.zeros_like(x)
t1 = time.perf_counter()
if {launch}:
    m.vadd_kernel[8](x, y, z, 2048, 512, backend="npu")
t2 = time.perf_counter()
print(t2 - t0, t2 - t1, sum(1 for n in sys.modules if n == "xdsl" or n.startswith("xdsl.")))
"""

ROWS = ("start-up", "stored binary", "through the IR")


def fake_toolkit(root: Path) -> Path:
    """The CANN tests' fake toolkit, built under `root`."""
    if shutil.which(os.environ.get("CC", "gcc")) is None and shutil.which("cc") is None:
        sys.exit("no C compiler (gcc/cc) to build the fake toolkit: pass --toolkit HOME")
    sys.path.insert(0, str(CANN_TESTS))
    from cann_fake import build_fake_libs, make_toolkit

    libs = root / "libs"
    libs.mkdir(parents=True)
    return make_toolkit(root, build_fake_libs(libs))


def _writing_bytecode(env: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(script: str, env: dict[str, str], cwd: Path) -> tuple[float, float, float, float, int]:
    """(wall, CPU, in-process time, the launch call's time, xDSL modules) of one fresh
    process, run in `cwd`
    (not the checkout: `python -c` puts the working folder first on sys.path)."""

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"the benchmark process failed:\n{done.stderr}")
    inside, call, modules = done.stdout.split()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, float(inside), float(call), int(modules)


def _remove(folders: list[Path]) -> None:
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--toolkit", help="a CANN toolkit home (default: a fake one)")
    parser.add_argument("--baseline-src", help="an asc_xdsl checkout from before the change")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="npu_cache_hit-") as tmp:
        work = Path(tmp)
        home = Path(args.toolkit) if args.toolkit else fake_toolkit(work / "toolkit")
        cache = work / "cache"
        env = {**os.environ, "ASCEND_HOME_PATH": str(home), "ASC_XDSL_CACHE_DIR": str(cache)}
        env.pop("ASC_XDSL_DUMP_DIR", None)  # a dump asks for the texts: no stored launch
        launch = SCRIPT.format(examples=str(EXAMPLES), launch=True)
        scripts = {
            "start-up": SCRIPT.format(examples=str(EXAMPLES), launch=False),
            "stored binary": launch,
            "through the IR": launch,
        }
        envs = {row: env for row in scripts}
        rows = list(ROWS)
        if args.baseline_src:
            rows.append("baseline checkout")
            scripts["baseline checkout"] = launch
            path = os.pathsep.join(filter(None, [args.baseline_src, env.get("PYTHONPATH")]))
            envs["baseline checkout"] = {**env, "PYTHONPATH": path}
        # Untimed: compile, build and launch (the cache holds the kernel now), then each
        # row twice, with bytecode writing allowed (see the docstring).
        run(launch, _writing_bytecode(env), work)
        stored = sorted(cache.glob("kernels/*/cann"))
        if not stored:
            sys.exit("the first launch kept no binary in the cache (see docs/cann.md)")
        for row in rows:  # twice: a baseline checkout compiles its own entry first
            for _ in range(2):
                _remove(stored if row == "through the IR" else [])
                run(scripts[row], _writing_bytecode(envs[row]), work)
        results: dict[str, list[tuple[float, float, float, float, int]]] = {r: [] for r in rows}
        for _ in range(args.repeat):
            for row in rows:
                _remove(stored if row == "through the IR" else [])
                results[row].append(run(scripts[row], envs[row], work))
    load = os.getloadavg()[0]
    print(f"vadd_kernel, fresh process per run, best of {args.repeat} (load average {load:.1f})")
    print(
        f"{'row':<18} {'wall':>7} {'CPU':>7} {'median':>7} {'to launch':>9} {'launch':>8} "
        f"{'xDSL':>4} {'wall ratio':>10}"
    )
    base = min(results["through the IR"])[0]
    for row in rows:
        best = min(results[row])
        median = statistics.median(r[0] for r in results[row])
        inside = min(r[2] for r in results[row])
        call = min(r[3] for r in results[row])
        print(
            f"{row:<18} {best[0]:>6.3f}s {best[1]:>6.3f}s {median:>6.3f}s {inside:>8.3f}s "
            f"{call * 1e3:>6.1f}ms {best[4]:>4} {best[0] / base:>9.2f}x"
        )


if __name__ == "__main__":
    main()
