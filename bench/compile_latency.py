"""Compile latency of the example vector-add kernels (Python -> Ascend C) and import time.

    python bench/compile_latency.py [--repeat N] [--pyasc-python PATH [--rounds N]]

Prints, per kernel: the first compile in a fresh process (imports xDSL, parses the
source), the warm compile in a running process (cache bypassed: always_compile=True),
and a cache hit; plus `import asc_xdsl`, and the cold start: Python start to the first
kernel compiled in a fresh process, numpy, the package and the kernel's module imported
included), with the default import and with the opt-in fast start
(ASC_XDSL_FAST_START=1, asc_xdsl/utils/fast_start.py); issue 29's goals: <= 1.2x
pyasc's and <= 1.0x. Before the fresh processes are timed, one runs with bytecode
writing allowed (even under PYTHONDONTWRITEBYTECODE), as any first run of an
installation does: the `.pyc` files and asc_xdsl's table of compiled
dataclass methods (asc_xdsl/utils/dataclass_code.py) then exist, as pyasc's `.pyc`
files do in its venv. The machine is shared: medians move by several ms between runs,
so compare minima or runs made back to back. Baseline, measured in the same process:
CPython's own `compile()` of the kernel's module source. The goal (issue 3): warm
compile <= 10 ms for the tutorial vector add, import <= 0.25 s.

If pyasc is installed in this Python, or --pyasc-python names one that has pyasc 1.1.1,
the same vector add (examples/vector_add.py with `import asc`) is compiled by pyasc
there with bisheng and the launch stubbed, and its figures are printed beside ours.
Then `--rounds` cold starts of each run alternately (ours with the default import, ours
with the fast start, then pyasc's), and the ratio is given round by round (median and range) beside the ratio of the bests:
the machine's speed moves by up to 2x within minutes, so the table's best-of-N figures,
taken minutes apart, can disagree by more than the compilers do.

`--cpu` measures instead the CPU time (user + system, `os.wait4`) of whole fresh processes,
interpreter start and exit included, in `--rounds` alternating rounds: ours with the
default import, ours with the fast start, xDSL alone (`XDSL_ALONE`: numpy and the xDSL
dialects a compile uses, building the same xDSL ops; no asc_xdsl) and pyasc. CPU time
moves less with the machine's load than wall time, and xDSL alone is the floor of a
default import (nothing of ours may change how xDSL defines its classes).

`--ours-python PATH` runs the cold starts of ours (and xDSL alone) in another Python, e.g.
a venv with asc_xdsl installed from its wheel, as a user installs it and as pyasc 1.1.1 is
installed in its venv (measured 2026-12-07: the same instruction count as the editable
development install, 1.908 G).

`--callgrind` counts instead the instructions of each cold-start process (Python start to
the first kernel compiled, then exit) under `valgrind --tool=callgrind`, bytecode primed,
`PYTHONHASHSEED=0`: steady where wall times are not. pyasc's count is also given without
`libcrypto`, whose SHA code runs a slow generic path under valgrind (1.7 G of pyasc's
2.6 G instructions; ~10% of its wall time by `perf` samples).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
KERNELS = [("vector_add.py", "vadd_kernel", "(x, y, z, 2048, 512)", 8)]

OURS = [sys.executable]
"""The Python the cold starts of ours run in (`--ours-python`)."""

FIRST_CALL = """
import time
t0 = time.perf_counter()
import sys
sys.path.insert(0, {examples!r})
import numpy as np
import {module} as m
x = y = z = np.zeros({n}, np.float32)
t1 = time.perf_counter()
m.{kernel}.compile{args_compile}.asm["ascendc"]
t2 = time.perf_counter()
print(t2 - t0, t2 - t1)
"""

PYASC_STUBBED = """
import os, sys, tempfile
os.environ["PYASC_COMPILER"] = "/bin/false"; os.environ["PYASC_LINKER"] = "/bin/false"
os.environ["PYASC_CACHE_DIR"] = tempfile.mkdtemp()
import numpy as np
import asc
import asc.runtime.compiler as C
class Done(Exception): pass

def stop(self, source, kernel_args=None):
    raise Done
C.Compiler.run_compilation = stop
"""
"""pyasc with bisheng and the launch stubbed: a compile ends by raising `Done`."""

PYASC = (
    """
import time
t0 = time.perf_counter()
"""
    + PYASC_STUBBED
    + """
src = {src!r}
path = os.path.join(tempfile.mkdtemp(), "pyasc_vadd.py")
open(path, "w").write(src)
sys.path.insert(0, os.path.dirname(path))
import pyasc_vadd as m
x = np.zeros(8 * 2048, np.float32); y = x.copy(); z = x.copy()
times = []
for i in range({repeat} + 1):
    t = time.perf_counter()
    try:
        m.vadd_kernel[8](x, y, z, 2048, 512 + 32 * i)   # a new constexpr each time: no cache hit
    except Done:
        pass
    times.append(time.perf_counter() - t)
    if i == 0:
        cold = time.perf_counter() - t0
rest = sorted(times[1:]) or times
print(cold, times[0], rest[len(rest) // 2])
"""
)


XDSL_ALONE = """
import numpy as np
from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, builtin, func, scf
from xdsl.dialects.builtin import IndexType, i32, i64
from xdsl.ir import Block
x = np.zeros(8 * 2048, np.float32)
kernel = func.FuncOp("vadd", ([i64, i64, i64, i32], []))
with ImplicitBuilder(kernel.body.block):
    c0 = arith.ConstantOp.from_int_and_width(0, IndexType()).result
    c1 = arith.ConstantOp.from_int_and_width(1, IndexType()).result
    n = arith.IndexCastOp(kernel.body.block.args[3], IndexType()).result
    tiles = arith.ShRSIOp(arith.MuliOp(n, c1).result, c1).result
    body = Block(arg_types=[IndexType()])
    scf.ForOp(c0, tiles, c1, [], body)
    with ImplicitBuilder(body) as (i,):
        arith.MuliOp(i, c1)
        scf.YieldOp()
    func.ReturnOp()
builtin.ModuleOp([kernel]).verify()
"""
"""xDSL alone, no asc_xdsl: numpy and the xDSL dialects a compile of ours uses (builtin,
func, arith, scf), building and verifying a function of the vector add's xDSL ops. What
any program pays that builds this IR with xDSL's own classes (the floor of our default
import, which may not change how xDSL defines them; docs/performance.md)."""

FAST_START = {"ASC_XDSL_FAST_START": "1"}
"""The environment of the opt-in fast start (asc_xdsl/utils/fast_start.py)."""


def _env(extra: dict[str, str] | None) -> dict[str, str]:
    """This process's environment without the fast start, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if k != "ASC_XDSL_FAST_START"}
    return env | (extra or {})


def _fresh_process(
    code: str, python: str = sys.executable, repeat: int = 3, env: dict[str, str] | None = None
) -> list[float]:
    """The figures `code` prints in a fresh process (environment `_env(env)`), each the
    best of `repeat` runs; one untimed run first may write bytecode (see the module's
    docstring)."""
    primed = {k: v for k, v in _env(env).items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([python, "-c", code], capture_output=True, env=primed, check=True)
    best: list[float] = []
    for _ in range(repeat):
        out = subprocess.run(
            [python, "-c", code], capture_output=True, text=True, check=True, env=_env(env)
        )
        figures = [float(v) for v in out.stdout.split()]
        best = [min(a, b) for a, b in zip(best, figures, strict=True)] if best else figures
    return best


def _callgrind(python: str, code: str, folder: str) -> dict[str, int]:
    """Instructions of `python -c code` under callgrind by object file (and "total")."""
    import re

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([python, "-c", code], capture_output=True, env=env, check=True)
    env["PYTHONHASHSEED"] = "0"
    out = os.path.join(folder, f"callgrind.{len(os.listdir(folder))}.out")
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c", code],
        capture_output=True,
        env=env,
        check=True,
    )
    text = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--threshold=100", out],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    counts: dict[str, int] = {}
    for line in text.splitlines():
        total = re.match(r"\s*([\d,]+) .*PROGRAM TOTALS", line)
        if total:
            counts["total"] = int(total[1].replace(",", ""))
        m = re.match(r"\s*([\d,]+) \(.*\[(.+)\]\s*$", line)
        if m:
            obj = os.path.basename(m[2])
            counts[obj] = counts.get(obj, 0) + int(m[1].replace(",", ""))
    return counts


def callgrind_main(pyasc_python: str | None) -> None:
    import tempfile

    filename, kernel_name, call_args, block_dim = KERNELS[0]
    ours_code = FIRST_CALL.format(
        examples=str(EXAMPLES),
        module=filename.removesuffix(".py"),
        kernel=kernel_name,
        n=8 * 2048,
        args_compile=call_args[:-1] + f", block_dim={block_dim}, always_compile=True)",
    )
    with tempfile.TemporaryDirectory() as folder:
        ours = _callgrind(OURS[0], ours_code, folder)
        print(f"{'cold start (instructions)':<34}{'total':>16}{'without libcrypto':>20}")
        crypto = sum(n for obj, n in ours.items() if obj.startswith("libcrypto"))
        print(f"{'asc_xdsl':<34}{ours['total']:>16,}{ours['total'] - crypto:>20,}")
        alone = _callgrind(OURS[0], XDSL_ALONE, folder)
        print(f"{'xDSL alone (same ops)':<34}{alone['total']:>16,}{alone['total']:>20,}")
        if pyasc_python:
            code = PYASC.format(src=_pyasc_source(), repeat=0)
            theirs = _callgrind(pyasc_python, code, folder)
            p_crypto = sum(n for obj, n in theirs.items() if obj.startswith("libcrypto"))
            plain = theirs["total"] - p_crypto
            print(f"{'pyasc 1.1.1':<34}{theirs['total']:>16,}{plain:>20,}")
            print(
                f"{'ratio':<34}{ours['total'] / theirs['total']:>15.2f}x"
                f"{(ours['total'] - crypto) / plain:>19.2f}x"
            )


def _cpu_time(python: str, code: str, env: dict[str, str] | None = None) -> float:
    """User + system CPU seconds of `python -c code`, a whole fresh process."""
    proc = subprocess.Popen(
        [python, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_env(env)
    )
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{python} -c ... failed: {proc.stderr.read().decode()[-2000:]}")
    proc.stderr.close()
    return usage.ru_utime + usage.ru_stime


def cpu_main(pyasc_python: str | None, rounds: int) -> None:
    """CPU time of whole cold-start processes in alternating rounds (see the module's
    docstring): the best and the median of each, and the median of the rounds' ratios to
    pyasc's (or to xDSL alone without pyasc)."""
    ours_code = FIRST_CALL.format(
        examples=str(EXAMPLES),
        module="vector_add",
        kernel=KERNELS[0][1],
        n=8 * 2048,
        args_compile=KERNELS[0][2][:-1] + f", block_dim={KERNELS[0][3]}, always_compile=True)",
    )
    programs = [
        ("asc_xdsl, default import", OURS[0], ours_code, None),
        ("asc_xdsl, fast start", OURS[0], ours_code, FAST_START),
        ("xDSL alone (same ops)", OURS[0], XDSL_ALONE, None),
    ]
    if pyasc_python:
        programs.append(
            ("pyasc 1.1.1", pyasc_python, PYASC.format(src=_pyasc_source(), repeat=0), None)
        )
    for _label, python, code, env in programs:  # bytecode written, as in `_fresh_process`
        primed = {k: v for k, v in _env(env).items() if k != "PYTHONDONTWRITEBYTECODE"}
        subprocess.run([python, "-c", code], capture_output=True, env=primed, check=True)
    times: list[list[float]] = [[] for _ in programs]
    for _ in range(rounds):
        for i, (_label, python, code, env) in enumerate(programs):
            times[i].append(_cpu_time(python, code, env))
    base_label, base = programs[-1][0], times[-1]
    print(f"cold start, CPU time (user + system) of whole processes, {rounds} alternating rounds")
    print(f"{'':<28}{'best (ms)':>10}{'median (ms)':>13}  ratio to {base_label} per round")
    for (label, *_), t in zip(programs, times, strict=True):
        ratios = sorted(a / b for a, b in zip(t, base, strict=True))
        print(
            f"{label:<28}{min(t) * 1e3:>10.0f}{statistics.median(t) * 1e3:>13.0f}  "
            f"median {statistics.median(ratios):.2f}x, range {ratios[0]:.2f}-{ratios[-1]:.2f}x"
        )


def _import_time(python: str, module: str, repeat: int) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    return _fresh_process(code, python, repeat)[0]


def _pyasc_source() -> str:
    text = (EXAMPLES / "vector_add.py").read_text()
    return text.replace("import asc_xdsl as asc", "import asc")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--pyasc-python", help="a Python interpreter with pyasc installed")
    parser.add_argument(
        "--rounds", type=int, default=9, help="alternating cold starts of both (with pyasc)"
    )
    parser.add_argument(
        "--callgrind", action="store_true", help="count cold-start instructions instead"
    )
    parser.add_argument(
        "--cpu", action="store_true", help="CPU time of whole cold-start processes instead"
    )
    parser.add_argument(
        "--ours-python",
        default=sys.executable,
        help="the Python whose asc_xdsl (and xDSL) the cold starts run: e.g. a venv with "
        "asc_xdsl installed from its wheel, as pyasc's is (this one by default)",
    )
    args = parser.parse_args()
    OURS[0] = args.ours_python
    if args.cpu:
        cpu_main(args.pyasc_python, args.rounds)
        return
    if args.callgrind:
        callgrind_main(args.pyasc_python)
        return

    sys.path.insert(0, str(EXAMPLES))
    import numpy as np

    rows = []
    for filename, kernel_name, call_args, block_dim in KERNELS:
        module = filename.removesuffix(".py")
        n = 8 * 2048
        our_cold_code = FIRST_CALL.format(
            examples=str(EXAMPLES),
            module=module,
            kernel=kernel_name,
            n=n,
            args_compile=call_args[:-1] + f", block_dim={block_dim}, always_compile=True)",
        )
        cold, first = _fresh_process(our_cold_code, OURS[0], repeat=5)
        fast_cold, _fast_first = _fresh_process(our_cold_code, OURS[0], repeat=5, env=FAST_START)
        mod = __import__(module)
        kernel = getattr(mod, kernel_name)
        x = y = z = np.zeros(n, np.float32)
        values = eval(call_args, {"x": x, "y": y, "z": z})

        def call(values=values, kernel=kernel, block_dim=block_dim):
            return kernel.compile(*values, block_dim=block_dim, always_compile=True).asm["ascendc"]

        def hit(values=values, kernel=kernel, block_dim=block_dim):
            return kernel.compile(*values, block_dim=block_dim)

        call()
        hit()
        warm = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            call()
            warm.append(time.perf_counter() - t)
        hits = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            hit()
            hits.append(time.perf_counter() - t)
        source = (EXAMPLES / filename).read_text()
        base = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            compile(source, filename, "exec")
            base.append(time.perf_counter() - t)
        rows.append(
            (
                kernel_name,
                cold,
                first,
                fast_cold,
                statistics.median(warm),
                statistics.median(hits),
                statistics.median(base),
            )
        )

    imp = _import_time(sys.executable, "asc_xdsl", 5)
    print(
        f"{'kernel':<14}{'first (ms)':>12}{'warm (ms)':>11}{'cache hit (ms)':>16}{'CPython compile (ms)':>22}{'warm / CPython':>16}"
    )
    for name, _cold, first, _fast, warm, hit, base in rows:
        print(
            f"{name:<14}{first * 1e3:>12.1f}{warm * 1e3:>11.2f}{hit * 1e3:>16.3f}{base * 1e3:>22.2f}{warm / base:>16.1f}x"
        )
    print(f"\nimport asc_xdsl: {imp:.3f} s (goal <= 0.25 s)")
    print(
        f"warm compile goal <= 10 ms: {'met' if rows[0][4] <= 0.010 else 'NOT met'} ({rows[0][4] * 1e3:.2f} ms)"
    )
    print(
        f"cold start (Python start -> first kernel compiled, imports included): {rows[0][1]:.3f} s"
        f", with the opt-in fast start (ASC_XDSL_FAST_START=1): {rows[0][3]:.3f} s"
    )

    if args.pyasc_python is None:
        import importlib.util

        if importlib.util.find_spec("asc") is not None:  # pyasc installed here
            args.pyasc_python = sys.executable
    if args.pyasc_python:
        out = subprocess.run(
            [
                args.pyasc_python,
                "-c",
                PYASC.format(src=_pyasc_source(), repeat=min(args.repeat, 15)),
            ],
            capture_output=True,
            text=True,
        )
        if out.returncode != 0:
            print("\npyasc run failed:\n" + textwrap.indent(out.stderr[-2000:], "  "))
            return
        p_cold, p_first, p_warm = (float(v) for v in out.stdout.split()[-3:])
        for _ in range(2):  # the best of three fresh processes, as ours
            again = subprocess.run(
                [args.pyasc_python, "-c", PYASC.format(src=_pyasc_source(), repeat=0)],
                capture_output=True,
                text=True,
                check=True,
            )
            cold_again, first_again = (float(v) for v in again.stdout.split()[:2])
            p_cold, p_first = min(p_cold, cold_again), min(p_first, first_again)
        p_import = _import_time(args.pyasc_python, "asc", 3)
        ours = rows[0]
        print(f"\n{'vector add':<14}{'asc_xdsl':>12}{'pyasc 1.1.1':>14}{'ratio':>9}")
        print(
            f"{'cold (ms)':<14}{ours[1] * 1e3:>12.1f}{p_cold * 1e3:>14.1f}{ours[1] / p_cold:>8.2f}x"
        )
        print(
            f"{'cold, fast':<14}{ours[3] * 1e3:>12.1f}{p_cold * 1e3:>14.1f}{ours[3] / p_cold:>8.2f}x"
        )
        print(
            f"{'first (ms)':<14}{ours[2] * 1e3:>12.1f}{p_first * 1e3:>14.1f}{ours[2] / p_first:>8.2f}x"
        )
        print(
            f"{'warm (ms)':<14}{ours[4] * 1e3:>12.2f}{p_warm * 1e3:>14.2f}{ours[4] / p_warm:>8.2f}x"
        )
        print(f"{'import (s)':<14}{imp:>12.3f}{p_import:>14.3f}{imp / p_import:>8.2f}x")
        _interleaved_cold(our_cold_code, args.pyasc_python, args.rounds)


def _interleaved_cold(ours_code: str, pyasc_python: str, rounds: int) -> None:
    """Cold starts of the two compilers in alternating fresh processes, ours with the
    default import and with the opt-in fast start: the machine's state (it moves by up to
    2x within minutes here) is then the same for all three, round by round. Prints the
    best of each and the median of the rounds' ratios."""
    theirs_code = PYASC.format(src=_pyasc_source(), repeat=0)
    ours: list[float] = []
    fast: list[float] = []
    theirs: list[float] = []
    for _ in range(rounds):
        ours.append(_fresh_process(ours_code, OURS[0], repeat=1)[0])
        fast.append(_fresh_process(ours_code, OURS[0], repeat=1, env=FAST_START)[0])
        theirs.append(_fresh_process(theirs_code, pyasc_python, repeat=1)[0])
    print(f"\ncold start, {rounds} alternating rounds (pyasc best {min(theirs) * 1e3:.1f} ms):")
    for label, times in (("default import", ours), ("fast start (opt-in)", fast)):
        ratios = sorted(a / b for a, b in zip(times, theirs, strict=True))
        print(
            f"  {label:<20} best {min(times) * 1e3:.1f} ms ({min(times) / min(theirs):.2f}x); "
            f"ratio per round: median {statistics.median(ratios):.2f}x, "
            f"range {ratios[0]:.2f}-{ratios[-1]:.2f}x"
        )


if __name__ == "__main__":
    main()
