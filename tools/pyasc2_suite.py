"""PyAsc2's own tests of its tile language (`asc2`), run against asc_xdsl's simulator.

    PYASC2_SRC=/path/to/pyasc-v2 python tools/pyasc2_suite.py [-k EXPR] [--keep] [-v]

PYASC2_SRC is a checkout of PyAsc2 (compiler-team-ru/pyasc, branch v2): a directory
with python/test/asc2. Its `kernels/` and `operations/` tests are copied to a temporary
directory (never into this repository) with only their imports rewritten:

    import asc2              -> import asc_xdsl.asc2 as asc2
    from asc2 import x       -> from asc_xdsl.asc2 import x
    import asc / from asc.   -> asc_xdsl (tools/pyasc_suite/rewrite.py, as for pyasc)

Their conftest.py is replaced by ours (CONFTEST below): the same fixtures (`backend`,
`platform`, `device_id`, `require_c310`, `profiler`) for our CPU simulator, with
PyAsc2's default platform (Ascend950PR_9599, a C310 arch: `require_c310` passes).
pytest runs once over both directories with the pyasc harness's report plugin (one JSON
line per outcome, inputs seeded per test). The last line is exactly
`pyasc2 asc2 tests: P/N pass`; every other test is listed above it with its reason.

`--dump-dir DIR` keeps the IR and C++ of every kernel the tests compile, each test's in
a folder of its own under DIR (many tests name their kernel `kernel`):
`python tools/dedup_state_count.py DIR` then counts what `ascendc-dedup-state` would
remove from the tile kernels. Nothing is dumped otherwise (ASC_XDSL_DUMP_DIR and
pyasc's spelling of it are not passed on to the run).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))

from pyasc_suite.python_suite import SANDBOX, _test_functions  # noqa: E402
from pyasc_suite.rewrite import rewrite_imports  # noqa: E402

SRC_ENV = "PYASC2_SRC"
DUMP_ENV = "PYASC2_SUITE_DUMP_DIR"
"""What `--dump-dir` hands to the run's conftest (`_dump_per_test`)."""
TEST_DIRS = ("kernels", "operations")

_IMPORT_ASC2 = re.compile(
    r"^(?P<indent>\s*)import\s+asc2(?P<alias>\s+as\s+\w+)?(?P<rest>\s*(?:#.*)?)$"
)
_FROM_ASC2 = re.compile(r"^(?P<indent>\s*)from\s+asc2(?P<sub>(?:\.\w+)*)\s+import\b")

CONFTEST = '''\
"""asc_xdsl's stand-in for PyAsc2's python/test/asc2/conftest.py (tools/pyasc2_suite.py):
the same fixtures, for the CPU simulator."""
import os
import re

import pytest

from asc_xdsl.runtime import config

C310 = ("Ascend950",)  # PyAsc2's C310 arch: the Ascend 950 SoCs


class StubProfiler:
    def profile(self, *args, **kwargs):
        return self

    def __enter__(self, *args, **kwargs):
        pass

    def __exit__(self, *args, **kwargs):
        pass


def pytest_addoption(parser):
    parser.addoption("--backend", type=config.Backend, default=config.Backend.CPU)
    parser.addoption("--platform", type=config.Platform, default=config.Platform.Ascend950PR_9599)
    parser.addoption("--device", type=int, default=0)
    parser.addoption("--profile", action="store_true")


@pytest.fixture
def backend(request):
    return request.config.getoption("--backend")


@pytest.fixture
def platform(request):
    return request.config.getoption("--platform")


@pytest.fixture
def device_id(request):
    return request.config.getoption("--device")


def require_c310_impl(platform):
    if not config.Platform(platform).value.startswith(C310):
        pytest.skip(f"{config.Platform(platform).value} platform is not supported")


@pytest.fixture
def require_c310():
    return require_c310_impl


@pytest.fixture
def profiler():
    yield StubProfiler()


@pytest.fixture(autouse=True)
def _dump_per_test(request, monkeypatch):
    root = os.environ.get("PYASC2_SUITE_DUMP_DIR")
    if root:  # each test's kernels in a folder of their own (their names repeat)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
        monkeypatch.setenv("ASC_XDSL_DUMP_DIR", os.path.join(root, name))
'''


def rewrite(source: str) -> str:
    """PyAsc2's test source with `asc2` and `asc` imports pointing at asc_xdsl."""
    lines = []
    for line in source.split("\n"):
        m = _IMPORT_ASC2.match(line)
        if m:
            alias = (m.group("alias") or " as asc2").strip()
            line = f"{m.group('indent')}import asc_xdsl.asc2 {alias}{m.group('rest')}"
        else:
            m = _FROM_ASC2.match(line)
            if m:
                line = (
                    f"{m.group('indent')}from asc_xdsl.asc2{m.group('sub')} import"
                    + line[m.end() :]
                )
            else:
                line = rewrite_imports(line)
        lines.append(line)
    return "\n".join(lines)


def find_source(given: str | None) -> Path:
    text = given or os.environ.get(SRC_ENV)
    if not text:
        raise SystemExit(f"set {SRC_ENV} to a PyAsc2 checkout (a directory with python/test/asc2)")
    root = Path(text)
    if not (root / "python/test/asc2").is_dir():
        raise SystemExit(f"{SRC_ENV}={text}: no python/test/asc2 there (a PyAsc2 v2 checkout?)")
    return root


def copy_tests(src: Path, dst: Path) -> list[str]:
    """The test files, rewritten, under dst; their paths relative to dst."""
    files = []
    for name in TEST_DIRS:
        for path in sorted((src / name).rglob("*.py")):
            target = dst / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(rewrite(path.read_text()))
            if path.name.startswith("test_"):
                files.append(str(target.relative_to(dst)))
    (dst / "conftest.py").write_text(CONFTEST)
    (dst / "pytest.ini").write_text("[pytest]\n")
    return files


def run(
    src: Path,
    select: str | None,
    keep: bool,
    verbose: bool,
    timeout: int,
    dump_dir: Path | None = None,
) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="pyasc2_suite_"))
    root = workdir / "asc2"
    report = workdir / "report.jsonl"
    try:
        files = copy_tests(src / "python/test/asc2", root)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(SANDBOX), str(TOOLS), env.get("PYTHONPATH", "")])
        env["ASC_XDSL_CACHE_DIR"] = str(workdir / "cache")
        env["PYASC_SUITE_REPORT"] = str(report)
        from asc_xdsl.runtime.pyasc_env import PYASC_COUNTERPARTS

        for name in ("ASC_XDSL_DUMP_DIR", *(n for n, _ in PYASC_COUNTERPARTS["ASC_XDSL_DUMP_DIR"])):
            env.pop(name, None)  # (never into the user's folders)
        env.pop(DUMP_ENV, None)
        if dump_dir is not None:
            env[DUMP_ENV] = str(dump_dir.resolve())
        command = [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
            "-p", "_pyasc_suite_report", "--continue-on-collection-errors",
            "--import-mode=importlib",  # kernels/ and operations/ both have test_softmax.py
            "--rootdir", str(root), *(["-k", select] if select else []), *files,
        ]  # fmt: skip
        try:
            proc = subprocess.run(
                command, cwd=root, env=env, capture_output=True, text=True, timeout=timeout
            )
            tail = (proc.stdout + proc.stderr).strip().splitlines()
        except subprocess.TimeoutExpired:
            tail = [f"timed out after {timeout} s"]
        records = (
            [json.loads(x) for x in report.read_text().splitlines()] if report.exists() else []
        )
        outcomes: dict[str, tuple[str, str]] = {}
        for r in records:
            if r["status"] == "overrun":
                continue
            nodeid = r["nodeid"].replace(f"{root}/", "")
            if r["status"].startswith("collect-") and "::" not in nodeid:
                for fn in _test_functions(root / nodeid):
                    outcomes[f"{nodeid}::{fn}"] = ("error", r["reason"])
            else:
                outcomes[nodeid] = (r["status"], r["reason"])
        seen = {k.split("::", 1)[0] for k in outcomes}
        for f in files:
            if f not in seen and not select:
                for fn in _test_functions(root / f):
                    outcomes[f"{f}::{fn}"] = ("error", tail[-1] if tail else "not run")
        passed = sum(s == "passed" for s, _ in outcomes.values())
        for nodeid, (status, reason) in sorted(outcomes.items()):
            if status != "passed":
                first = reason.strip().splitlines()[0] if reason.strip() else "(no message)"
                print(f"{status:8} {nodeid}: {first[:300]}")
        if verbose:
            print("\n".join(tail[-40:]))
        if keep:
            print(f"rewritten tests kept in {root}")
        print(f"pyasc2 asc2 tests: {passed}/{len(outcomes)} pass")
        return 0 if outcomes and passed == len(outcomes) else 1
    finally:
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", help=f"the PyAsc2 checkout (default: ${SRC_ENV})")
    parser.add_argument("-k", dest="select", help="pytest's -k: only the tests it selects")
    parser.add_argument("--keep", action="store_true", help="keep the rewritten tests")
    parser.add_argument("-v", "--verbose", action="store_true", help="pytest's own summary too")
    parser.add_argument("--timeout", type=int, default=3600, help="seconds for the whole run")
    parser.add_argument(
        "--dump-dir", type=Path, help="keep each test's kernels' IR and C++ in DIR/<test>"
    )
    args = parser.parse_args(argv)
    return run(
        find_source(args.src), args.select, args.keep, args.verbose, args.timeout, args.dump_dir
    )


if __name__ == "__main__":
    sys.exit(main())
