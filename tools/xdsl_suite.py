"""Does asc_xdsl change xDSL? xDSL's own test suite, run with and without it, compared.

    python tools/xdsl_suite.py                      # the sdist of the installed xdsl, from PyPI
    python tools/xdsl_suite.py --sdist xdsl-0.74.0.tar.gz   # or a downloaded one (or its folder)
    python tools/xdsl_suite.py --fast-start         # run (b) with ASC_XDSL_FAST_START=1

Runs the pytest suite of xDSL's source distribution (the version installed beside
asc_xdsl) twice:

(a) in a venv made for it, with the packages of this one (the same versions) except
    asc_xdsl: xDSL as it is;
(b) with this interpreter (asc_xdsl installed, its `xdsl.universe` entry point too),
    a pytest plugin first importing asc_xdsl and running the vector add
    (examples/vector_add.py) on the CPU simulator, in every worker process.

Then compares the outcome of every test (passed, failed, error, skipped; by test id)
and prints each test whose outcome differs, then one summary line. The goal: none
differs. Exit status 0 when none does, 1 when some do, 2 when a run could not be made.

About 5,400 tests: a few minutes per run with two workers (`-n`, pytest-xdist if
installed). Everything lives under `--work` (default: a folder in the temp dir,
kept between runs so the venv and the sdist are made once).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import textwrap
import venv
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PLUGIN = """
\"\"\"pytest plugin of tools/xdsl_suite.py: asc_xdsl imported, a kernel run on the
simulator, before xDSL's tests are collected (in every xdist worker too).\"\"\"
import os
import sys

import numpy as np

import asc_xdsl  # noqa: F401  (before the tests' conftest imports xDSL)

sys.path.insert(0, {examples!r})
import vector_add  # noqa: E402


def pytest_configure(config):
    if getattr(sys.modules[__name__], "_ran", False):
        return
    sys.modules[__name__]._ran = True
    block_dim, block_length, tile_length = 2, 1024, 256
    x = np.arange(block_dim * block_length, dtype=np.float32)
    y = np.ones_like(x)
    z = np.zeros_like(x)
    vector_add.vadd_kernel[block_dim](x, y, z, block_length, tile_length)
    np.testing.assert_allclose(z, x + y)
    with open({marker!r}, "a") as f:  # (the tool counts the processes it ran in)
        f.write(f"{{os.getpid()}}\\n")
"""


def _run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, text=True, **kwargs)  # type: ignore[call-overload]


def fetch_source(version: str, sdist: str | None, work: Path) -> Path:
    """The folder of xDSL's source distribution (downloaded, or `sdist` given)."""
    if sdist is not None and Path(sdist).is_dir():
        return Path(sdist).resolve()
    if sdist is None:
        archive = work / f"xdsl-{version}.tar.gz"
        if not archive.exists():
            done = _run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--no-binary",
                    ":all:",
                    "--no-deps",
                    f"xdsl=={version}",
                    "-d",
                    str(work),
                ],
                capture_output=True,
            )
            if done.returncode != 0 or not archive.exists():
                found = sorted(work.glob("xdsl-*.tar.gz"))
                if not found:
                    raise SystemExit(
                        f"xdsl_suite: pip could not download xdsl=={version}'s sdist:\n{done.stderr[-2000:]}"
                    )
                archive = found[-1]
    else:
        archive = Path(sdist)
    folder = work / "src"
    if not (folder / "tests").is_dir():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        with tarfile.open(archive) as tar:
            tar.extractall(folder, filter="data")
    roots = [p for p in folder.iterdir() if p.is_dir()]
    if len(roots) != 1 or not (roots[0] / "tests").is_dir():
        raise SystemExit(f"xdsl_suite: {archive} holds no `tests` folder of xDSL")
    return roots[0]


def clean_venv(work: Path) -> Path:
    """A venv with this interpreter's packages (same versions) except asc_xdsl."""
    folder = work / "clean-venv"
    python = folder / "bin" / "python"
    marker = folder / "requirements.txt"
    frozen = _run(
        [sys.executable, "-m", "pip", "freeze", "--exclude-editable"],
        capture_output=True,
        check=True,
    ).stdout
    wanted = "\n".join(
        line
        for line in frozen.splitlines()
        if line.strip()
        and not line.startswith("#")
        and not line.lower().replace("_", "-").startswith("asc-xdsl")
        and " @ file:" not in line
    )
    if python.exists() and marker.exists() and marker.read_text() == wanted:
        return python
    shutil.rmtree(folder, ignore_errors=True)
    venv.create(folder, with_pip=True)
    requirements = work / "requirements.txt"
    requirements.write_text(wanted)
    _run([str(python), "-m", "pip", "install", "-q", "-r", str(requirements)], check=True)
    marker.write_text(wanted)
    return python


def run_suite(
    python: Path | str, source: Path, report: Path, workers: int, env: dict[str, str]
) -> None:
    """xDSL's pytest suite in `source` with `python`, outcomes written to `report`."""
    cmd = [str(python), "-m", "pytest", "tests", "-q", "-p", "no:cacheprovider"]
    cmd += [f"--junitxml={report}", "-o", "junit_family=xunit2", "--no-header", "-rN"]
    # (xDSL's addopts stop at 5 failures; modules needing an optional package it lacks
    # fail to collect, alike in both runs)
    cmd += ["--maxfail=1000000", "--continue-on-collection-errors"]
    has_xdist = subprocess.run(
        [str(python), "-c", "import xdist"], capture_output=True, env=env
    ).returncode
    if workers > 0 and has_xdist == 0:
        cmd += ["-n", str(workers)]
    report.unlink(missing_ok=True)
    done = _run(cmd, cwd=source, env=env, capture_output=True)
    tail = done.stdout.strip().splitlines()[-1:] if done.stdout.strip() else []
    print("  " + (tail[0] if tail else f"(no output; exit {done.returncode})"), flush=True)
    if not report.exists():
        raise SystemExit(
            f"xdsl_suite: pytest wrote no report:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
        )


def outcomes(report: Path) -> dict[str, str]:
    """Test id -> outcome (passed, failed, error, skipped) from a junit XML report."""
    result: dict[str, str] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        test_id = f"{case.get('classname', '')}::{case.get('name', '')}"
        kinds = [child.tag for child in case]
        if "error" in kinds:
            outcome = "error"
        elif "failure" in kinds:
            outcome = "failed"
        elif "skipped" in kinds:
            outcome = "skipped"
        else:
            outcome = "passed"
        # (a test whose teardown errs appears twice: the worse outcome stands)
        if result.get(test_id) in ("error", "failed") and outcome == "passed":
            continue
        result[test_id] = outcome
    return result


def compare(clean: dict[str, str], ours: dict[str, str]) -> list[tuple[str, str, str]]:
    """(test id, outcome without asc_xdsl, with it) for every test that differs."""
    return [
        (test, clean.get(test, "absent"), ours.get(test, "absent"))
        for test in sorted({*clean, *ours})
        if clean.get(test) != ours.get(test)
    ]


def _counts(result: dict[str, str]) -> str:
    counts = Counter(result.values())
    return ", ".join(
        f"{counts[k]} {k}" for k in ("passed", "failed", "error", "skipped") if counts[k]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sdist", help="xDSL's sdist (.tar.gz) or its unpacked folder")
    parser.add_argument(
        "--work", help="working folder (default: <tmp>/asc_xdsl-xdsl-suite-<version>)"
    )
    parser.add_argument(
        "-n", "--workers", type=int, default=2, help="pytest-xdist workers (0: none)"
    )
    parser.add_argument(
        "--fast-start", action="store_true", help="run (b) with ASC_XDSL_FAST_START=1 (the opt-in)"
    )
    parser.add_argument(
        "--reuse-clean", action="store_true", help="take run (a) from an earlier run's report"
    )
    args = parser.parse_args(argv)
    if importlib.util.find_spec("asc_xdsl") is None:
        print("xdsl_suite: run it with the Python that has asc_xdsl installed", file=sys.stderr)
        return 2
    version = importlib.metadata.version("xdsl")
    work = Path(args.work or Path(tempfile.gettempdir()) / f"asc_xdsl-xdsl-suite-{version}")
    work.mkdir(parents=True, exist_ok=True)
    source = fetch_source(version, args.sdist, work)
    base_env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ASC_XDSL_FAST_START")
    }
    base_env["ASC_XDSL_CACHE_DIR"] = str(work / "asc_xdsl_cache")

    print(f"(a) xDSL {version}'s suite without asc_xdsl", flush=True)
    if args.reuse_clean and (work / "clean.xml").exists():
        print("  (the report of an earlier run)")
    else:
        clean_python = clean_venv(work)
        run_suite(clean_python, source, work / "clean.xml", args.workers, base_env)

    mode = "with ASC_XDSL_FAST_START=1" if args.fast_start else "default import"
    print(f"(b) the same with asc_xdsl imported and a kernel run first ({mode})", flush=True)
    plugin_dir = work / "plugin"
    plugin_dir.mkdir(exist_ok=True)
    marker = plugin_dir / "ran.txt"
    marker.unlink(missing_ok=True)
    (plugin_dir / "asc_xdsl_first.py").write_text(
        textwrap.dedent(PLUGIN.format(examples=str(ROOT / "examples"), marker=str(marker)))
    )
    env = dict(base_env, PYTHONPATH=str(plugin_dir))
    if args.fast_start:
        env["ASC_XDSL_FAST_START"] = "1"
    report = work / ("fast_start.xml" if args.fast_start else "asc_xdsl.xml")
    run_suite(
        sys.executable, source, report, args.workers, dict(env, PYTEST_ADDOPTS="-p asc_xdsl_first")
    )

    ran = len(marker.read_text().split()) if marker.exists() else 0
    if ran == 0:
        print("xdsl_suite: the plugin did not run the kernel in any process", file=sys.stderr)
        return 2
    print(f"  (asc_xdsl imported and the vector add run in {ran} pytest processes)")
    clean, ours = outcomes(work / "clean.xml"), outcomes(report)
    differences = compare(clean, ours)
    for test, before, after in differences:
        print(f"  {test}: {before} -> {after}")
    print(
        f"xdsl {version} suite: {len(clean)} tests; without asc_xdsl {_counts(clean)}; with "
        f"asc_xdsl ({mode}) {_counts(ours)}; {len(differences)} with another outcome"
    )
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
