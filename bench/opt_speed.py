"""`asc-opt` against `xdsl-opt` on 10,000-op modules: parse + verify + print, start-up included.

    python bench/opt_speed.py [--ops N] [--repeat N] [--callgrind]

Two generated modules: `arith` (one function of integer arithmetic, comparisons and
selects: every op is xDSL's) and `mixed` (AscendC vector ops on local tensors with the
arith that computes their counts). Each row is one command run in a fresh process, the
way a user or lit runs it: `xdsl-opt` and `asc-opt` printing the IR back (`-t mlir`,
the default), and `asc-opt -t ascendc` printing Ascend C. The baseline is xDSL alone
(`xdsl-opt` with asc_xdsl's `xdsl.universe` entry point hidden) where the module is
xDSL's, and `xdsl-opt` with that entry point (which gives it the AscendC dialect) for
the mixed module. Printed: the best wall time of `--repeat` runs and the ratio to the
module's baseline measured in the same run, and the least user+system CPU time of the
runs and its ratio (the goal, issue 14: asc-opt <= 1.05x xdsl-opt, `-t ascendc` no
slower than `-t mlir`; while others load the machine, the CPU ratio is the fair one).
`--callgrind` adds instruction counts (valgrind, PYTHONHASHSEED=0), steady where the
shared machine makes times move; it takes minutes. An empty module's row shows the start-up alone. A second
table times the two printers alone on the parsed, verified module in this process
(CPU time, best of `--repeat`): xDSL's `Printer` against `emit_ascendc`.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BIN = Path(sys.executable).parent
XDSL_ALONE = """
import sys
import importlib.metadata as metadata
found = metadata.entry_points
def entry_points(**selection):  # xDSL's own universe, asc_xdsl's hidden
    return metadata.EntryPoints(
        e for e in found(**selection) if not e.value.startswith("asc_xdsl")
    )
metadata.entry_points = entry_points
from xdsl.tools.xdsl_opt import main
sys.argv = ["xdsl-opt", *sys.argv[1:]]
main()
"""


def arith_module(n_ops: int) -> str:
    """One function of `n_ops` arith ops (plus its return)."""
    lines = ["func.func @f(%a: i32, %b: i32) -> i32 {"]
    last, k = "%a", 0
    while k + 5 <= n_ops - 1:
        lines += [
            f"  %c{k} = arith.constant {k % 97 + 1} : i32",
            f"  %m{k} = arith.muli {last}, %c{k} : i32",
            f"  %s{k} = arith.addi %m{k}, %b : i32",
            f"  %p{k} = arith.cmpi slt, %s{k}, %a : i32",
            f"  %x{k} = arith.select %p{k}, %s{k}, %m{k} : i32",
        ]
        last, k = f"%x{k}", k + 5
    lines += [f"  func.return {last} : i32", "}"]
    return "\n".join(lines) + "\n"


def mixed_module(n_ops: int) -> str:
    """One function of AscendC vector ops whose counts arith computes: `n_ops` ops."""
    f32 = "!ascendc.local_tensor<*xf32>"
    lines = [f"func.func @g(%x: {f32}, %y: {f32}, %z: {f32}, %s: f32, %n: i32) {{"]
    k = 0
    while k + 5 <= n_ops - 1:
        lines += [
            f"  %c{k} = arith.constant {k % 31 + 1} : i32",
            f"  %m{k} = arith.muli %n, %c{k} : i32",
            f"  ascendc.add_l2 %z, %x, %y, %m{k} : {f32}, {f32}, {f32}, i32",
            f"  ascendc.muls_l2 %z, %z, %s, %m{k} : {f32}, {f32}, f32, i32",
            f"  ascendc.relu_l2 %y, %z, %n : {f32}, {f32}, i32",
        ]
        k += 5
    lines += ["  func.return", "}"]
    return "\n".join(lines) + "\n"


def _run(cmd: list[str]) -> tuple[float, float]:
    """(wall, user+system CPU) of one fresh process running `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def _instructions(cmd: list[str]) -> int:
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def printers_alone(path: Path, repeat: int) -> tuple[float, float]:
    """CPU seconds of xDSL's IR printer and of the Ascend C printer on `path`'s module."""
    from io import StringIO

    from xdsl.printer import Printer

    from asc_xdsl.backends.ascendc.printer import emit_ascendc
    from asc_xdsl.dialects.ir_diagnostics import LocatingParser
    from asc_xdsl.opt import AscOptMain
    from asc_xdsl.transforms.generate_boilerplate import missing_headers

    ctx = AscOptMain(args=[str(path)]).ctx
    module = LocatingParser(ctx, path.read_text(), str(path)).parse_module()
    module.verify()

    def best(print_module: Callable[[StringIO], None]) -> float:
        times = []
        for _ in range(repeat):
            start = time.process_time()
            print_module(StringIO())
            times.append(time.process_time() - start)
        return min(times)

    return (
        best(lambda out: Printer(stream=out).print_op(module)),
        best(lambda out: emit_ascendc(module, out, missing_headers(module))),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--callgrind", action="store_true", help="also count instructions")
    args = parser.parse_args()
    if args.callgrind and shutil.which("valgrind") is None:
        raise SystemExit("--callgrind needs valgrind on PATH")
    xdsl_opt, asc_opt = str(BIN / "xdsl-opt"), str(BIN / "asc-opt")

    with tempfile.TemporaryDirectory() as tmp:
        modules = {
            "empty": "builtin.module {\n}\n",
            "arith": arith_module(args.ops),
            "mixed": mixed_module(args.ops),
        }
        print(f"{'module':<8}{'command':<24}{'wall (s)':>10}{'ratio':>8}", end="")
        print(f"{'cpu (s)':>9}{'ratio':>8}", end="")
        print(f"{'instructions':>16}{'ratio':>8}" if args.callgrind else "")
        for name, text in modules.items():
            path = Path(tmp) / f"{name}.mlir"
            path.write_text(text)
            commands = {
                "xdsl-opt (xDSL alone)": [sys.executable, "-c", XDSL_ALONE, str(path)],
                "xdsl-opt": [xdsl_opt, str(path)],
                "asc-opt": [asc_opt, str(path)],
                "asc-opt -t ascendc": [asc_opt, str(path), "-t", "ascendc"],
            }
            if name == "mixed":  # xDSL alone has no AscendC dialect
                del commands["xdsl-opt (xDSL alone)"]
            if name == "empty":
                del commands["asc-opt -t ascendc"]
            base: tuple[float, float, int] | None = None
            for label, cmd in commands.items():
                runs = [_run(cmd) for _ in range(args.repeat)]
                wall, cpu = min(w for w, _ in runs), min(c for _, c in runs)
                count = _instructions(cmd) if args.callgrind else 0
                base = base or (wall, cpu, count)
                row = f"{name:<8}{label:<24}{wall:>10.3f}{wall / base[0]:>7.2f}x"
                row += f"{cpu:>9.3f}{cpu / base[1]:>7.2f}x"
                if args.callgrind:
                    row += f"{count:>16,}{count / base[2]:>7.2f}x"
                print(row)
        print(f"\n{'module':<8}{'xDSL printer (s)':>18}{'Ascend C printer (s)':>22}{'ratio':>8}")
        for name in ("arith", "mixed"):
            mlir, ascendc = printers_alone(Path(tmp) / f"{name}.mlir", args.repeat)
            print(f"{name:<8}{mlir:>18.3f}{ascendc:>22.3f}{ascendc / mlir:>7.2f}x")


if __name__ == "__main__":
    main()
