"""Run asc_xdsl's test suite on several xDSL releases, one fresh venv each.

    python tools/xdsl_versions.py                  # the supported range's two ends
    python tools/xdsl_versions.py --all            # every release in the range
    python tools/xdsl_versions.py 0.73.0 0.76.0    # named releases, in or out of the range
    python tools/xdsl_versions.py --jobs 1 -k emitasc --no-lit   # a quick look

For each release it makes a venv in a temporary folder, installs this checkout (editable,
without its dependencies) with that xDSL and the rest of `pyproject.toml`'s dependencies
and `test` extra, runs `pytest tests/unit` and `lit tests/filecheck` from the checkout, and
prints one line:

    xdsl 0.75.0: 5292 passed, 0 failed (pytest: 5171 passed, 68 skipped; lit: 121 passed)

with the first failing tests under it. A release outside the supported range
(`asc_xdsl/xdsl_compat.py`, the same as `pyproject.toml`) runs with `ASC_XDSL_ANY_XDSL=1`,
so the suite shows what breaks instead of stopping at the check (the check's own test
then fails, as it should). Exit status: 0 when every release passes, 1 otherwise.

The releases come from `pip index versions xdsl` (PyPI, or the index pip is set up for).
Each run takes a few minutes per release; `--jobs` caps pytest's workers and lit's
(default 2), `--keep` leaves the venvs and logs (printed) for a closer look.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP_ENV = "ASC_XDSL_ANY_XDSL"  # asc_xdsl/xdsl_compat.py's override
SHOWN_FAILURES = 10


def declared_range() -> tuple[str, tuple[int, int], tuple[int, int]]:
    """pyproject.toml's `xdsl>=A.B,<C.D` (tests/unit/test_xdsl_compat.py holds it equal to
    asc_xdsl/xdsl_compat.py's): the requirement, its lowest and first excluded minor.
    Read from the file, so this script runs on any Python without asc_xdsl's dependencies."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for dep in deps:
        match = re.fullmatch(r"xdsl>=(\d+)\.(\d+),<(\d+)\.(\d+)", dep.replace(" ", ""))
        if match:
            a, b, c, d = map(int, match.groups())
            return dep, (a, b), (c, d)
    sys.exit("error: pyproject.toml has no `xdsl>=A.B,<C.D` dependency")


REQUIREMENT, MIN_XDSL, BELOW_XDSL = declared_range()


def supported(version: str) -> bool:
    minor = tuple(int(p) for p in version.split(".")[:2])
    return MIN_XDSL <= minor < BELOW_XDSL


@dataclass
class Outcome:
    """One release's results: counts per kind (`passed`, `failed`, ...) per runner."""

    version: str
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    error: str | None = None
    """Set when the venv could not be made or a runner gave no summary."""

    def total(self, *kinds: str) -> int:
        return sum(c.get(k, 0) for c in self.counts.values() for k in kinds)

    def line(self) -> str:
        if self.error is not None:
            return f"xdsl {self.version}: not run ({self.error})"
        passed = self.total("passed")
        failed = self.total("failed", "errors", "error", "unresolved", "timed out", "xpassed")
        runs = "; ".join(
            f"{runner}: " + ", ".join(f"{n} {kind}" for kind, n in counts.items())
            for runner, counts in self.counts.items()
        )
        return f"xdsl {self.version}: {passed} passed, {failed} failed ({runs})"


def run(cmd: list[str], log: Path | None = None, **kw) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if log is not None:
        log.write_text(f"$ {' '.join(cmd)}\n{out.stdout}\n{out.stderr}")
    return out


def released_versions() -> list[str]:
    """xDSL's releases, oldest first, as `pip index versions` lists them."""
    out = run([sys.executable, "-m", "pip", "index", "versions", "xdsl"])
    match = re.search(r"Available versions: (.*)", out.stdout)
    if out.returncode != 0 or match is None:
        sys.exit(f"error: `pip index versions xdsl` found no releases:\n{out.stderr.strip()}")
    found = [v.strip() for v in match[1].split(",")]
    plain = [v for v in found if re.fullmatch(r"\d+(\.\d+)*", v)]  # no pre-releases
    return sorted(plain, key=lambda v: tuple(int(p) for p in v.split(".")))


def requirements(version: str) -> list[str]:
    """What the venv needs besides this checkout: pyproject's dependencies and `test`
    extra, with xDSL pinned to `version`."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    deps = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    return [d for d in deps if not re.match(r"xdsl\b", d)] + [f"xdsl=={version}"]


PYTEST_COUNT = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed|deselected)")
LIT_COUNT = re.compile(
    r"^\s+(Passed|Failed|Unsupported|Expectedly Failed|Unexpectedly Passed|Unresolved|"
    r"Timed Out|Excluded|Skipped)\s*:\s*(\d+)",
    re.MULTILINE,
)


def pytest_counts(text: str) -> dict[str, int] | None:
    summary = [line for line in text.splitlines() if re.search(r" in [\d.]+s", line)]
    if not summary:
        return None
    counts = {kind: int(n) for n, kind in PYTEST_COUNT.findall(summary[-1])}
    return {"error" if k == "errors" else k: n for k, n in counts.items()}


def lit_counts(text: str) -> dict[str, int] | None:
    if "Total Discovered Tests" not in text:
        return None
    return {kind.lower(): int(n) for kind, n in LIT_COUNT.findall(text)}


def test_release(version: str, work: Path, args: argparse.Namespace) -> Outcome:
    outcome = Outcome(version)
    venv = work / f"xdsl-{version}"
    py = venv / "bin" / "python"
    steps = [
        [sys.executable, "-m", "venv", str(venv)],
        [str(py), "-m", "pip", "install", "-q", *requirements(version)],
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "-e", str(ROOT)],
    ]
    for i, cmd in enumerate(steps):
        if run(cmd, work / f"{version}-setup{i}.log").returncode != 0:
            outcome.error = f"setup failed, see {work / f'{version}-setup{i}.log'}"
            return outcome
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    if supported(version):
        env.pop(SKIP_ENV, None)
    else:
        env[SKIP_ENV] = "1"
    pytest = [str(py), "-m", "pytest", "-q", "-rfE", "-p", "no:cacheprovider", "-n", str(args.jobs)]
    if args.k:
        pytest += ["-k", args.k]
    out = run([*pytest, *args.pytest_paths], work / f"{version}-pytest.log", cwd=ROOT, env=env)
    counts = pytest_counts(out.stdout)
    if counts is None:
        outcome.error = f"pytest gave no summary, see {work / f'{version}-pytest.log'}"
        return outcome
    outcome.counts["pytest"] = counts
    outcome.failures += re.findall(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", out.stdout, re.MULTILINE)
    if args.lit:
        lit = [str(venv / "bin" / "lit"), "-j", str(args.jobs), "tests/filecheck"]
        out = run(lit, work / f"{version}-lit.log", cwd=ROOT, env=env)
        counts = lit_counts(out.stdout + out.stderr)
        if counts is None:
            outcome.error = f"lit gave no summary, see {work / f'{version}-lit.log'}"
            return outcome
        outcome.counts["lit"] = counts
        outcome.failures += re.findall(r"^\s+asc_xdsl :: (\S+)", out.stdout, re.MULTILINE)
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("versions", nargs="*", help="xDSL releases (default: the range's ends)")
    parser.add_argument("--all", action="store_true", help="every release in the range")
    parser.add_argument("--jobs", default="2", help="pytest's -n and lit's -j (default 2)")
    parser.add_argument("-k", help="only the pytest tests matching this expression")
    parser.add_argument("--no-lit", dest="lit", action="store_false", help="skip lit")
    parser.add_argument(
        "--pytest-paths", nargs="+", default=["tests/unit"], help="default: tests/unit"
    )
    parser.add_argument("--keep", action="store_true", help="keep the venvs and logs")
    args = parser.parse_args(argv)

    versions = args.versions
    if not versions:
        in_range = [v for v in released_versions() if supported(v)]
        if not in_range:
            sys.exit(f"error: no xDSL release matches {REQUIREMENT}")
        versions = in_range if args.all else sorted({in_range[0], in_range[-1]}, key=in_range.index)
    print(f"supported: {REQUIREMENT}; testing {', '.join(versions)}", flush=True)

    work = Path(tempfile.mkdtemp(prefix="asc_xdsl_xdsl_versions_"))
    failed = False
    try:
        for version in versions:
            outcome = test_release(version, work, args)
            print(outcome.line(), flush=True)
            for name in outcome.failures[:SHOWN_FAILURES]:
                print(f"    {name}")
            if len(outcome.failures) > SHOWN_FAILURES:
                print(f"    ... and {len(outcome.failures) - SHOWN_FAILURES} more")
            failed |= outcome.error is not None or bool(outcome.failures)
    finally:
        if args.keep:
            print(f"venvs and logs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
