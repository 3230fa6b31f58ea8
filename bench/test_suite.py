"""Time the README's test command: its pytest part and its lit part, wall and CPU.

    python bench/test_suite.py [--only pytest|lit] [--no-baseline]

Runs the two parts of the README's second command (read from README.md, so this times
what CI runs) from the repository root and prints one row each, plus baselines from the
same run: the lit suite with every RUN line as subprocesses (`-Dinprocess=0`, how it ran
before tools/lit_inprocess.py) and pytest on one process (`-n 0`, without xdist).
CPU is user+sys of the command and all its children: the fair measure while others load
the machine (wall time then mostly measures them). The goal (issue 14): the whole README
command <= 3 minutes on a 2-core machine.
"""

from __future__ import annotations

import argparse
import resource
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BASELINE_ARGS = {"pytest": ["-n", "0"], "lit": ["-Dinprocess=0"]}
"""What each part ran like before the suite was made quick (its baseline row)."""


def readme_test_parts() -> dict[str, list[str]]:
    """The pytest and lit commands of the README's test command, as argv lists."""
    text = (ROOT / "README.md").read_text()
    block = text.split("```sh", 1)[1].split("```", 1)[0]
    command = [line for line in block.splitlines() if "lit " in line]
    if len(command) != 1:
        sys.exit("bench/test_suite.py: README.md has no single command that runs lit")
    parts = {}
    for part in command[0].split("&&"):
        argv = shlex.split(part)
        if "pytest" in argv:
            parts["pytest"] = argv
        elif Path(argv[0]).name == "lit":
            parts["lit"] = argv
    if set(parts) != {"pytest", "lit"}:
        sys.exit(f"bench/test_suite.py: no pytest and lit parts in {command[0]!r}")
    return parts


def run(argv: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user+sys, children included) and exit status of argv."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    status = subprocess.run(argv, cwd=ROOT, **quiet).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["pytest", "lit"], help="time one part only")
    parser.add_argument("--no-baseline", action="store_true", help="skip the baseline rows")
    args = parser.parse_args()

    rows = []
    for name, argv in readme_test_parts().items():
        if args.only not in (None, name):
            continue
        runs = [(" ".join(argv), argv)]
        if not args.no_baseline:
            baseline = BASELINE_ARGS[name]
            runs.append((f"  baseline: {' '.join(baseline)}", argv + baseline))
        for label, command in runs:
            print(f"running {' '.join(command)} ...", file=sys.stderr, flush=True)
            rows.append((label, *run(command)))

    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    width = max(len(r[0]) for r in rows)
    print(f"{'command':<{width}}  {'wall s':>7}  {'CPU s':>7}  status")
    for label, wall, cpu, status in rows:
        print(f"{label:<{width}}  {wall:7.1f}  {cpu:7.1f}  {'ok' if status == 0 else status}")
    measured = [r for r in rows if not r[0].startswith("  ")]
    if len(measured) == 2:
        wall = sum(r[1] for r in measured)
        cpu = sum(r[2] for r in measured)
        print(f"{'README test command':<{width}}  {wall:7.1f}  {cpu:7.1f}")
    print(f"(load average at the end: {load}; CPU is comparable across loads, wall is not)")


if __name__ == "__main__":
    main()
