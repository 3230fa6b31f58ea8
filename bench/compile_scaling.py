"""Warm compile time against kernel size: a generated kernel family, asc_xdsl beside pyasc.

    python bench/compile_scaling.py [--sizes 10 100 1000] [--repeat N] [--pyasc-python PATH]

Each kernel copies a tile in, runs N vector statements on it inside a runtime loop over
the tiles (every other group of five under a runtime `if`), and copies it out: the shape
of a real kernel, grown. Both compilers get the same source (only the import differs)
and compile it to Ascend C with their caches bypassed: asc_xdsl with
`always_compile=True`, pyasc with a new ConstExpr value per call and bisheng stubbed (as
`compile_latency.py` does), pyasc in one long-lived process that compiles on request.
The two compile in alternating rounds, one of ours then one of pyasc's, so both meet the
same machine state (its speed moves by up to 2x within minutes). Printed: the median
warm compile per size for each, the ratio of the medians and the median of the rounds'
ratios, and the cost per statement (the slope between the two largest sizes), so the
curve shows, not only one point. pyasc is found as in `compile_latency.py`.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

from compile_latency import PYASC_STUBBED  # (bench/ is on sys.path when run as a script)

STATEMENTS = ("asc.adds(b, a, 1.0, tile)", "asc.muls(b, b, 2.0, tile)", "asc.add(b, b, a, tile)")


def kernel_source(n: int, module: str) -> str:
    """The generated kernel with `n` vector statements (`module`: the import name)."""
    body = []
    for group in range(0, n, 5):
        stmts = [STATEMENTS[k % len(STATEMENTS)] for k in range(group, min(group + 5, n))]
        if (group // 5) % 2:
            body.append("if i % 2 == 0:")
            body += ["    " + s for s in stmts]
        else:
            body += stmts
    inner = textwrap.indent("\n".join(body), " " * 8)
    return f"""import {module} as asc


@asc.jit
def gen_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q_in, num=1, len=tile * 4)
    pipe.init_buffer(que=q_out, num=1, len=tile * 4)
    for i in range(n // tile):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * tile:], tile)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
{inner}
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy(z_gm[i * tile:], b, tile)
        q_out.free_tensor(b)
"""


PYASC_WORKER = (
    "import importlib, time\n"
    + PYASC_STUBBED
    + """
sys.path.insert(0, {folder!r})
x = np.zeros(4096, np.float32); z = x.copy()
calls = 0
for line in sys.stdin:  # one module name per line: compile it once, print the time
    m = importlib.import_module(line.strip())
    calls += 1
    t = time.perf_counter()
    try:
        m.gen_kernel[1](x, z, 4096, 256 + 32 * calls)   # a new constexpr each time: no cache hit
    except Done:
        pass
    print(time.perf_counter() - t, flush=True)
"""
)
"""pyasc compiling on request, in one long-lived process (stdin: module names)."""


class Pyasc:
    """A pyasc process that compiles a generated kernel whenever asked."""

    def __init__(self, python: str, folder: Path):
        code = PYASC_WORKER.format(folder=str(folder))
        self.process = subprocess.Popen(
            [python, "-c", code],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def compile(self, module: str) -> float:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(module + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            err = self.process.stderr.read() if self.process.stderr else ""
            raise RuntimeError("pyasc failed: " + (err.strip().splitlines() or ["?"])[-1][:80])
        return float(line)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def ours(folder: Path, module: str) -> Callable[[], float]:
    """One warm compile of `module`'s kernel by asc_xdsl, timed."""
    import numpy as np

    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    kernel = __import__(module).gen_kernel
    x = np.zeros(4096, np.float32)
    z = x.copy()

    def once() -> float:
        t = time.perf_counter()
        kernel.compile(x, z, 4096, 256, always_compile=True).asm["ascendc"]
        return time.perf_counter() - t

    return once


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--pyasc-python", help="a Python interpreter with pyasc installed")
    args = parser.parse_args()
    if args.pyasc_python is None and importlib.util.find_spec("asc") is not None:
        args.pyasc_python = sys.executable
    folder = Path(tempfile.mkdtemp())
    for n in args.sizes:
        (folder / f"gen_ours_{n}.py").write_text(kernel_source(n, "asc_xdsl"))
        (folder / f"gen_pyasc_{n}.py").write_text(kernel_source(n, "asc"))
    pyasc = Pyasc(args.pyasc_python, folder) if args.pyasc_python else None
    rows = []
    try:
        for n in args.sizes:
            repeat = max(3, args.repeat if n < 500 else args.repeat // 2)
            mine_once = ours(folder, f"gen_ours_{n}")
            mine_once()  # warm-up, both
            if pyasc:
                pyasc.compile(f"gen_pyasc_{n}")
            mine: list[float] = []
            other: list[float] = []
            for _ in range(repeat):  # alternating: the same machine state for both
                mine.append(mine_once())
                if pyasc:
                    other.append(pyasc.compile(f"gen_pyasc_{n}"))
            ratios = [a / b for a, b in zip(mine, other, strict=False)]
            rows.append(
                (
                    n,
                    statistics.median(mine),
                    statistics.median(other) if other else None,
                    statistics.median(ratios) if ratios else None,
                )
            )
    except RuntimeError as e:
        print(e)
    finally:
        if pyasc:
            pyasc.close()
    print(
        f"{'statements':>10}{'asc_xdsl (ms)':>15}{'pyasc 1.1.1 (ms)':>18}{'ratio':>8}"
        f"{'ratio per round':>17}"
    )
    for n, mine, other, ratio in rows:
        if other is not None:
            print(
                f"{n:>10}{mine * 1e3:>15.1f}{other * 1e3:>18.1f}{mine / other:>7.2f}x"
                f"{ratio:>16.2f}x"
            )
        else:
            print(f"{n:>10}{mine * 1e3:>15.1f}{'not run':>18}")
    if len(rows) >= 2:
        (n1, a1, p1, _), (n2, a2, p2, _) = rows[-2], rows[-1]
        slope = (a2 - a1) / (n2 - n1) * 1e3
        line = f"\nper statement ({n1} -> {n2}): asc_xdsl {slope:.3f} ms"
        if p1 is not None and p2 is not None:
            line += f", pyasc {(p2 - p1) / (n2 - n1) * 1e3:.3f} ms"
        print(line)


if __name__ == "__main__":
    main()
