"""Profile kernels with CANN's msprof, and read its results beside the CPU simulator's.

    python -m asc_xdsl.prof [options] -- script.py args     # run under msprof op
    python -m asc_xdsl.prof show OPPROF_DIR|op_summary.csv [--simulator SIM_DIR] [--kernel NAME]

The first form runs the script under `msprof op` (an NPU; backend `npu`) or
`msprof op simulator` (`--simulator`; CANN's simulator, backend `model`) and prints
where the results are. `show` reads msprof's CSVs (`OpBasicInfo` + `PipeUtilization`
of `msprof op`, or the `op_summary_*.csv` of an application-level `msprof` export;
docs/cann.md, "msprof's output") and prints, per kernel, the fields the simulator's profile has
(`asc_xdsl.runtime.last_profile()`, or the CSVs of its `profile_dir`): task duration,
block dim and each pipe's time and ratio (the mean over the rows of its blocks), with
the simulator's figures in a second column. `compare(device, simulator)` is the
Python form (a simulator side may be a `KernelProfile`).

- On a device, `ascendc.metrics_prof_start` / `ascendc.metrics_prof_stop`
  (`MetricsProfStart()` / `MetricsProfStop()`) mark the region msprof measures; msprof
  honours them only with `--aic-metrics=KernelScale` (alone: all 7 default metric
  groups), so that is passed unless you give your own `--aic-metrics`.
- On the simulator, `--soc-version` (default `ASC_XDSL_SOC_VERSION`, else Ascend910B1)
  selects the simulated SoC; msprof sets the simulator's library path itself.
- The script runs with `ASC_XDSL_BACKEND=npu` (or `model`) unless that is already set.
- Other msprof options go before `--`, written `--name=value` (`--kernel-name=add*`,
  `--launch-count=3`, `--warm-up=0`, ...). Results go to `--output` (default: the
  current directory), in msprof's `OPPROF_<timestamp>_<id>/` folders.
- msprof: `ASC_XDSL_MSPROF` if set, else `msprof` on PATH, else the toolkit's
  `tools/profiler/bin/msprof` or `bin/msprof`.

The Python API is `profile(script, args, simulator=..., ...)`.
"""

from __future__ import annotations

import asc_xdsl.utils.program_start  # noqa: F401  (first: our program, the opt-in fast start)
from asc_xdsl.diagnostics import CodedError

# isort: split
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MSPROF_ENV = "ASC_XDSL_MSPROF"
DEFAULT_SIMULATOR_SOC = "Ascend910B1"
SOC_ENV = "ASC_XDSL_SOC_VERSION"


class ProfError(CodedError, RuntimeError):
    """msprof cannot run: no CANN, no msprof, bad arguments."""


def find_msprof(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    override = env.get(MSPROF_ENV)
    if override:
        found = shutil.which(override)
        if found is None:
            raise ProfError(f"{MSPROF_ENV}={override!r} is not an executable file")
        return Path(found)
    found = shutil.which("msprof", path=env.get("PATH"))
    if found:
        return Path(found)
    from asc_xdsl.runtime.cann.errors import SETUP_HINT
    from asc_xdsl.runtime.cann.toolkit import find_toolkit

    toolkit = find_toolkit(env)
    if toolkit is None:
        raise ProfError(
            f"msprof not found: it comes with the CANN toolkit, and none was found. To "
            f"profile, {SETUP_HINT}. Without CANN, the CPU simulator's own profile "
            f"(backend 'cpu') is what is available."
        )
    candidates = [
        toolkit.home / "tools" / "profiler" / "bin" / "msprof",
        toolkit.home / "bin" / "msprof",
    ]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise ProfError(
        f"msprof not found on PATH nor in {', '.join(str(c) for c in candidates)} "
        f"(toolkit {toolkit.home}); source the toolkit's set_env.sh or set {MSPROF_ENV}"
    )


def _has_option(options: Sequence[str], name: str) -> bool:
    return any(o == name or o.startswith(name + "=") for o in options)


@dataclass
class ProfRun:
    command: list[str]
    env: dict[str, str]
    output: Path
    returncode: int | None = None
    result_dirs: list[Path] = field(default_factory=list)
    """The `OPPROF_*` folders this run created."""


def msprof_command(
    script: str,
    args: Sequence[str] = (),
    *,
    simulator: bool = False,
    soc_version: str | None = None,
    output: str | os.PathLike[str] = ".",
    msprof_options: Sequence[str] = (),
    msprof: Path | None = None,
    python: str = sys.executable,
    env: Mapping[str, str] | None = None,
) -> ProfRun:
    """The msprof command line and environment for running `script args` (no run)."""
    env = dict(os.environ if env is None else env)
    msprof = msprof if msprof is not None else find_msprof(env)
    options = [str(o) for o in msprof_options]
    for o in options:
        if not o.startswith("--"):
            raise ProfError(f"msprof option {o!r} must be written --name=value")
    for o in ("--output",):
        if _has_option(options, o):
            raise ProfError(f"pass {o} as asc_xdsl.prof's own option, not as an msprof option")
    cmd = [str(msprof), "op"]
    if simulator:
        cmd.append("simulator")
        if not _has_option(options, "--soc-version"):
            cmd.append(f"--soc-version={soc_version or env.get(SOC_ENV) or DEFAULT_SIMULATOR_SOC}")
    elif soc_version is not None:
        raise ProfError("--soc-version selects the simulated SoC; use it with --simulator")
    elif not _has_option(options, "--aic-metrics"):
        cmd.append("--aic-metrics=KernelScale")
    out = Path(output)
    cmd += [*options, f"--output={out}"]
    target = [python, script] if script.endswith(".py") else [script]
    cmd += [*target, *args]
    env.setdefault("ASC_XDSL_BACKEND", "model" if simulator else "npu")
    return ProfRun(cmd, env, out)


def _opprof_dirs(output: Path) -> set[Path]:
    return set(output.glob("OPPROF_*")) if output.is_dir() else set()


def profile(
    script: str,
    args: Sequence[str] = (),
    *,
    simulator: bool = False,
    soc_version: str | None = None,
    output: str | os.PathLike[str] = ".",
    msprof_options: Sequence[str] = (),
) -> ProfRun:
    """Run `script args` under msprof op [simulator]; returns the command and results."""
    run = msprof_command(
        script,
        args,
        simulator=simulator,
        soc_version=soc_version,
        output=output,
        msprof_options=msprof_options,
    )
    run.output.mkdir(parents=True, exist_ok=True)
    before = _opprof_dirs(run.output)
    run.returncode = subprocess.run(run.command, env=run.env, check=False).returncode
    run.result_dirs = sorted(_opprof_dirs(run.output) - before)
    return run


def describe(run: ProfRun) -> str:
    lines = []
    if not run.result_dirs:
        lines.append(f"msprof wrote no OPPROF_* folder in {run.output.resolve()}")
    for d in run.result_dirs:
        csvs = sorted(p.relative_to(d) for p in d.rglob("*.csv"))
        lines.append(f"msprof results: {d.resolve()} ({len(csvs)} CSV files)")
        lines += [f"  {p}" for p in csvs[:20]]
        if len(csvs) > 20:
            lines.append(f"  ... and {len(csvs) - 20} more")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Reading msprof's CSVs
# ---------------------------------------------------------------------------

_PIPE_COLUMN = re.compile(r"^(ai[cv]_[a-z0-9]+)_(time\(us\)|ratio)$")
_NA = ("", "NA", "N/A")


@dataclass
class OpSummary:
    """One kernel launch as msprof (or the simulator's CSVs) reports it."""

    name: str
    op_type: str
    task_duration_us: float | None
    block_dim: int | None
    pipes: dict[str, tuple[float | None, float | None]] = field(default_factory=dict)
    """Pipe (`aiv_vec`, `aiv_mte2`, `aic_cube`, ...) -> (time in us, ratio): the mean
    over the rows (blocks) that report it; None where no row does."""
    source: str = ""


def _number(text: str | None) -> float | None:
    if text is None or text.strip() in _NA:
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _rows(path: Path) -> list[dict[str, str]]:
    """A CSV's rows with headers matched case-insensitively (lower-cased keys)."""
    try:
        with open(path, newline="") as f:
            return [
                {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()}
                for row in csv.DictReader(f)
            ]
    except OSError as e:
        raise ProfError(f"cannot read {path}: {e.strerror}") from None


def _pipes(rows: list[dict[str, str]]) -> dict[str, tuple[float | None, float | None]]:
    sums: dict[tuple[str, str], list[float]] = {}
    for row in rows:
        for column, text in row.items():
            m = _PIPE_COLUMN.match(column)
            value = _number(text)
            if m and value is not None:
                sums.setdefault((m.group(1), m.group(2)), []).append(value)
    names = sorted({pipe for pipe, _ in sums})

    def mean(pipe: str, kind: str) -> float | None:
        values = sums.get((pipe, kind))
        return sum(values) / len(values) if values else None

    return {pipe: (mean(pipe, "time(us)"), mean(pipe, "ratio")) for pipe in names}


def _summary(row: dict[str, str], pipe_rows: list[dict[str, str]], source: str) -> OpSummary:
    block_dim = _number(row.get("block dim"))
    return OpSummary(
        name=row.get("op name", ""),
        op_type=row.get("op type") or row.get("task type", ""),
        task_duration_us=_number(row.get("task duration(us)")),
        block_dim=int(block_dim) if block_dim is not None else None,
        pipes=_pipes(pipe_rows),
        source=source,
    )


def read_profile(path: str | os.PathLike[str]) -> list[OpSummary]:
    """The launches an msprof result holds: an `OPPROF_*` folder (one kernel, or
    `[device<N>/]<OpName>/<launch>/` per kernel: each folder with an `OpBasicInfo*.csv`
    and its `PipeUtilization*.csv`), a folder of such folders, or an `op_summary*.csv`
    (one row per launch, its pipe columns in the row)."""
    path = Path(path)
    if path.is_file():
        rows = _rows(path)
        if rows and "task duration(us)" not in rows[0]:
            raise ProfError(
                f"{path} is not an msprof summary (no 'Task Duration(us)' column); give an "
                f"OPPROF_* folder or an op_summary_*.csv"
            )
        return [_summary(r, [r], str(path)) for r in rows]
    if not path.is_dir():
        raise ProfError(f"{path}: no such msprof result (an OPPROF_* folder or a CSV file)")
    found = []
    for basic in sorted(path.rglob("OpBasicInfo*.csv")):
        pipe_files = sorted(basic.parent.glob("PipeUtilization*.csv"))
        pipe_rows = _rows(pipe_files[0]) if pipe_files else []
        found += [_summary(r, pipe_rows, str(basic.parent)) for r in _rows(basic)]
    if not found:
        raise ProfError(
            f"no OpBasicInfo*.csv under {path}: the simulator's msprof (op simulator) writes "
            f"instruction traces only, and `msprof op` writes OpBasicInfo with each result"
        )
    return found


def summary_of(profile: Any) -> OpSummary:
    """The simulator's `KernelProfile` as msprof would report it (through the same
    CSVs its `profile_dir` writes, read by the same reader)."""
    kept = profile.output_dir  # write_csv records where it wrote; that folder goes away
    with tempfile.TemporaryDirectory(prefix="asc_xdsl_prof_") as tmp:
        (found,) = read_profile(profile.write_csv(tmp))
    profile.output_dir = kept
    found.source = "simulator"
    return found


def _fmt(value: float | int | None, ratio: bool = False) -> str:
    if value is None:
        return "NA"
    return f"{value:.1%}" if ratio else f"{value:.3f}" if isinstance(value, float) else str(value)


def compare(device: OpSummary, simulator: OpSummary | None = None) -> str:
    """A table of `device`'s fields with `simulator`'s beside them."""
    title = f"{device.name} ({device.op_type or '?'})"
    rows: list[tuple[str, str, str]] = [
        ("Task Duration(us)", _fmt(device.task_duration_us), ""),
        ("Block Dim", _fmt(device.block_dim), ""),
    ]
    if simulator is not None:
        rows = [
            (rows[0][0], rows[0][1], _fmt(simulator.task_duration_us)),
            (rows[1][0], rows[1][1], _fmt(simulator.block_dim)),
        ]
    pipes = sorted(set(device.pipes) | set(simulator.pipes if simulator else ()))
    for pipe in pipes:
        d = device.pipes.get(pipe, (None, None))
        s = simulator.pipes.get(pipe, (None, None)) if simulator else (None, None)
        if d == (None, None) and s == (None, None):
            continue
        rows.append((f"{pipe} time(us)", _fmt(d[0]), _fmt(s[0]) if simulator else ""))
        rows.append((f"{pipe} ratio", _fmt(d[1], True), _fmt(s[1], True) if simulator else ""))
    head = ("field", "device", "simulator") if simulator else ("field", "device", "")
    width = [max(len(r[i]) for r in (head, *rows)) for i in range(3)]
    lines = [title]
    for r in (head, *rows):
        cells = [r[0].ljust(width[0]), r[1].rjust(width[1])]
        if simulator is not None:
            cells.append(r[2].rjust(width[2]))
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _pick_kernel(found: list[OpSummary], kernel: str | None, where: str) -> list[OpSummary]:
    if kernel is None:
        return found
    chosen = [s for s in found if s.name == kernel]
    if not chosen:
        names = ", ".join(sorted({s.name for s in found}))
        raise ProfError(f"no kernel '{kernel}' in {where} (kernels: {names})")
    return chosen


def show_main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m asc_xdsl.prof show",
        description="Print msprof's per-kernel figures, beside the CPU simulator's.",
    )
    parser.add_argument("result", help="an OPPROF_* folder (or a folder of them) or op_summary CSV")
    parser.add_argument(
        "--simulator", help="the CPU simulator's profile_dir result (OPPROF_* folder)"
    )
    parser.add_argument("--kernel", help="only this kernel")
    ns = parser.parse_args(argv)
    try:
        device = _pick_kernel(read_profile(ns.result), ns.kernel, ns.result)
        sim = None
        if ns.simulator:
            sim = _pick_kernel(read_profile(ns.simulator), ns.kernel, ns.simulator)
    except ProfError as e:
        print(f"asc_xdsl.prof: {e}", file=sys.stderr)
        return 2
    by_name = {s.name: s for s in sim or ()}
    print("\n\n".join(compare(d, by_name.get(d.name) if sim else None) for d in device))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["show"]:
        return show_main(argv[1:])
    if "--" not in argv:
        argv_ours, target = argv, []
    else:
        split = argv.index("--")
        argv_ours, target = argv[:split], argv[split + 1 :]
    parser = argparse.ArgumentParser(
        prog="python -m asc_xdsl.prof",
        usage="%(prog)s [--simulator] [--soc-version SOC] [--output DIR] "
        "[msprof op options as --name=value] -- script.py [args]",
        description="Run a script under CANN's msprof op (or msprof op simulator).",
    )
    parser.add_argument("--simulator", action="store_true", help="msprof op simulator")
    parser.add_argument("--soc-version", help="simulated SoC (with --simulator)")
    parser.add_argument("--output", default=".", help="where msprof writes OPPROF_*")
    ours, msprof_options = parser.parse_known_args(argv_ours)
    if not target:
        parser.error("give the script to profile after `--`")
    try:
        run = profile(
            target[0],
            target[1:],
            simulator=ours.simulator,
            soc_version=ours.soc_version,
            output=ours.output,
            msprof_options=msprof_options,
        )
    except ProfError as e:
        print(f"asc_xdsl.prof: {e}", file=sys.stderr)
        return 2
    print(describe(run))
    return run.returncode or 0


if __name__ == "__main__":
    sys.exit(main())
