"""Profile kernels with CANN's msprof: `python -m asc_xdsl.prof [options] -- script.py args`.

Runs the script under `msprof op` (an NPU; backend `npu`) or `msprof op simulator`
(`--simulator`; CANN's simulator, backend `model`) and prints where the results are.

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

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

MSPROF_ENV = "ASC_XDSL_MSPROF"
DEFAULT_SIMULATOR_SOC = "Ascend910B1"
SOC_ENV = "ASC_XDSL_SOC_VERSION"


class ProfError(Exception):
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


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
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
