"""pyasc's Python tests and tutorials, run against asc_xdsl.

The tests are copied to a temporary directory (never into this repository), their
imports rewritten (rewrite.py), pyasc's unit/conftest.py replaced by ours
(sandbox/unit_conftest.py: the same fixtures for our package), and pytest runs once
per test directory with a plugin that records every outcome. Tests we fail on purpose
are listed in python_differences.py and reported as "differs" while they fail for the
reason given there.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from pyasc_suite import python_differences
from pyasc_suite.report import Outcome, SuiteResult
from pyasc_suite.rewrite import rewrite_imports

TEST_DIRS = ("unit", "generalization", "kernels")
SANDBOX = Path(__file__).resolve().parent / "sandbox"
TOOLS = Path(__file__).resolve().parents[1]
# Our replacements for pyasc's conftest files (relative to python/test).
CONFTEST_REPLACEMENTS = {"unit/conftest.py": SANDBOX / "unit_conftest.py"}
# Subtotals printed under the table: (label, unit prefixes).
SUBTOTALS = (
    ("unit/language + unit/codegen (compile-only)", ("unit/language", "unit/codegen")),
    ("unit", ("unit/",)),
    ("generalization + kernels (run on the CPU simulator)", ("generalization", "kernels")),
)
# How kernels/conftest.py is told to use our CPU simulator (its --backend option).
PYTEST_ARGS = {"kernels": ["--backend=CPU"]}
# The generalization tests hard-code `Backend.NPU` (and torch device "npu"): pyasc's
# backend names map to our simulator as a user's would (asc_xdsl.runtime.config), and
# device "npu" is host memory (sandbox/_pyasc_suite_torch.py).
BACKEND_MAP = "NPU=cpu,Model=cpu"


def copy_rewritten(src: Path, dst: Path, names: Iterable[str]) -> None:
    """Copy `names` (directories under src) to dst, rewriting every .py file's imports."""
    for name in names:
        for path in sorted((src / name).rglob("*")):
            rel = path.relative_to(src)
            target = dst / rel
            if path.is_dir() or "__pycache__" in rel.parts:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            replacement = CONFTEST_REPLACEMENTS.get(str(rel))
            if replacement is not None:
                shutil.copyfile(replacement, target)
            elif path.suffix == ".py":
                target.write_text(rewrite_imports(path.read_text()))
            else:
                shutil.copyfile(path, target)


def _test_dirs(root: Path, only: str | None) -> list[Path]:
    """Directories holding test files, each run by one pytest."""
    dirs = sorted({p.parent for name in TEST_DIRS for p in (root / name).rglob("test_*.py")})
    if only:
        dirs = [d for d in dirs if str(d.relative_to(root)).startswith(only.rstrip("/"))]
    return dirs


DUMP_ENV = "PYASC_SUITE_DUMP_DIR"
"""A folder for the IR and C++ of every kernel the suite compiles (ASC_XDSL_DUMP_DIR of
the runs; tools/dedup_state_count.py reads it)."""


def _environment(workdir: Path, gm_overread: str = "pad") -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SANDBOX), str(TOOLS), env.get("PYTHONPATH", "")])
    env["ASC_XDSL_CACHE_DIR"] = str(workdir / "cache")  # never the user's cache
    env["ASC_XDSL_BACKEND_MAP"] = BACKEND_MAP
    env["ASC_XDSL_GM_OVERREAD"] = gm_overread  # "pad": overruns behave as on the NPU
    # No dumps into the user's folders: ours, or pyasc's spelling that we honour too.
    from asc_xdsl.runtime.pyasc_env import PYASC_COUNTERPARTS

    for name in ("ASC_XDSL_DUMP_DIR", *(n for n, _ in PYASC_COUNTERPARTS["ASC_XDSL_DUMP_DIR"])):
        env.pop(name, None)
    if dump := os.environ.get(DUMP_ENV):  # asked for by name: the suite's kernels' IR
        env["ASC_XDSL_DUMP_DIR"] = dump
    return env


def run_python(
    src: Path,
    only: str | None,
    timeout: int,
    keep: bool = False,
    verbose: bool = False,
    gm_overread: str = "pad",
) -> SuiteResult:
    result = SuiteResult("python", str(src / "python/test"))
    workdir = Path(tempfile.mkdtemp(prefix="pyasc_suite_"))
    root = workdir / "test"
    try:
        copy_rewritten(src / "python/test", root, TEST_DIRS)
        (root / "pytest.ini").write_text("[pytest]\n")  # this directory is the rootdir
        env = _environment(workdir, gm_overread)
        for directory in _test_dirs(root, only):
            unit = str(directory.relative_to(root))
            result.outcomes += _run_pytest(root, directory, unit, env, timeout, verbose)
        _prove(result, root, env, src, timeout)
        for label, prefixes in SUBTOTALS:
            picked = [o for o in result.outcomes if o.unit.startswith(prefixes)]
            if picked:
                passed = sum(o.status == "passed" for o in picked)
                differs = sum(o.status == "differs" for o in picked)
                result.notes.append(
                    f"{label}: {passed}/{len(picked)} passed"
                    + (f", {differs} differ on purpose" if differs else "")
                )
                over = sum(o.status == "passed" and o.overrun for o in picked)
                if over:
                    result.notes.append(
                        f"{label}: {over} of the passed ran past a buffer's end (as on the "
                        f"NPU), so {passed - over}/{len(picked)} pass with gm_overread='error'"
                    )
        if not _has_module("torch"):
            result.notes.append("torch is not installed: tests that need it skip or fail on import")
        result.notes.append(f"simulator launches with gm_overread={gm_overread!r}")
        if keep:
            result.notes.append(f"rewritten tests kept in {root}")
    finally:
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)
    return result


def _prove(result: SuiteResult, root: Path, env: dict[str, str], src: Path, timeout: int) -> None:
    """Every failing test into a bucket by a check (python_proof.py): a proven listed
    difference counts as "differs", everything else that fails as "failed"."""
    from pyasc_suite.python_proof import classify, summary

    proofs = []
    for o in result.outcomes:
        p = classify(o, root, env, src, timeout)
        proofs.append(p)
        if p.bucket == "policy":
            o.status, o.kind, o.group = "differs", "policy", p.policy
            o.reason = "; ".join(p.evidence)
        elif p.bucket == "headers-reject":
            o.status, o.kind, o.group = "differs", "headers-reject", "headers-reject"
            o.reason = "; ".join(p.evidence)
        elif p.bucket == "unproven" and o.status in ("failed", "error"):
            listed = python_differences.DIFFERENCES.get((o.unit, o.name))
            if listed is not None:
                o.reason = f"unproven ({listed[0]}): {'; '.join(p.evidence)}"
    result.closing = summary(proofs)


def _run_pytest(
    root: Path, directory: Path, unit: str, env: dict[str, str], timeout: int, verbose: bool
) -> list[Outcome]:
    report = root.parent / f"report-{unit.replace('/', '_')}.jsonl"
    env = {**env, "PYASC_SUITE_REPORT": str(report)}
    files = sorted(str(p.relative_to(root)) for p in directory.glob("test_*.py"))
    top = unit.split("/", 1)[0]
    command = [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
        "-p", "_pyasc_suite_report", "--continue-on-collection-errors", "--rootdir", str(root), *PYTEST_ARGS.get(top, []), *files,
    ]  # fmt: skip
    try:
        proc = subprocess.run(
            command, cwd=root, env=env, capture_output=True, text=True, timeout=timeout
        )
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-30:]
        timed_out = False
    except subprocess.TimeoutExpired:
        tail, timed_out = [], True
    text = report.read_text().replace(f"{root}/", "") if report.exists() else ""
    records = [json.loads(line) for line in text.splitlines()]
    overrun = {r["nodeid"] for r in records if r["status"] == "overrun"}
    records = [r for r in records if r["status"] != "overrun"]
    outcomes = []
    for r in records:
        if r["status"].startswith("collect-") and "::" not in r["nodeid"]:
            # A module that did not import (or skipped itself): count its tests.
            for name in _test_functions(root / r["nodeid"]):
                outcomes.append(_outcome(unit, {**r, "nodeid": f"{r['nodeid']}::{name}"}))
        else:
            outcomes.append(_outcome(unit, r))
    seen = {r["nodeid"].split("::", 1)[0] for r in records}
    # Tests pytest never reached: a conftest that does not import, or a timeout.
    why = f"timed out after {timeout} s" if timed_out else _startup_error(tail)
    for f in files:
        if f not in seen:
            for name in _test_functions(root / f):
                outcomes.append(Outcome(unit, f"{f}::{name}", "error", "not-run", why, _group(why)))
    for o in outcomes:
        o.overrun = f"{unit}/{o.name}" in overrun
    bad = [o for o in outcomes if o.status in ("failed", "error")]
    if verbose and tail and bad:
        bad[0].detail = "pytest's own summary of this directory:\n" + "\n".join(tail)
    return outcomes


def _startup_error(tail: list[str]) -> str:
    errors = [line.lstrip("E").strip() for line in tail if line.startswith("E ")]
    if errors:
        return errors[-1]
    return tail[-1] if tail else "pytest reported nothing"


def _test_functions(path: Path) -> list[str]:
    """Test functions of a module that could not be collected (parametrisation not
    expanded), so a broken import counts its tests, not one error per file."""
    try:
        tree = ast.parse(path.read_text())
    except SyntaxError:
        return ["<module>"]
    # A name defined twice is one test: the later definition replaces the earlier.
    names = dict.fromkeys(
        n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test")
    )
    return list(names) or ["<module>"]


_STATUS = {
    "passed": "passed",
    "failed": "failed",
    "skipped": "skipped",
    "error": "error",
    "collect-error": "error",
    "collect-skipped": "skipped",
}


def _outcome(unit: str, record: dict[str, str]) -> Outcome:
    status = _STATUS.get(record["status"], "error")
    nodeid = record["nodeid"]
    name = nodeid.split("/")[-1] if "/" in nodeid else nodeid
    reason = record["reason"]
    kind = "collect" if record["status"] == "collect-error" else status
    return Outcome(unit, name, status, kind if status != "passed" else "", reason, _group(reason))


# Messages about our package name pyasc's module (`asc.x`): that is the API a test wanted.
_GROUPS = (
    (
        re.compile(r"module '(?:asc_xdsl)((?:\.\w+)*)' has no attribute '(\w+)'"),
        "missing attribute asc{0}.{1}",
    ),
    (
        re.compile(
            r"module <module '(?:asc_xdsl)((?:\.\w+)*)' from [^>]*> has no attribute '(\w+)'"
        ),
        "missing attribute asc{0}.{1}",
    ),
    (re.compile(r"a runtime (\w+) has no attribute '(\w+)'"), "missing method {0}.{1}"),
    (re.compile(r"No module named '(?:asc_xdsl)((?:\.\w+)*)'"), "missing module asc{0}"),
    (re.compile(r"No module named '(\w+)'"), "missing module {0}"),
    (
        re.compile(r"cannot import name '(\w+)' from '(?:asc_xdsl)((?:\.\w+)*)'"),
        "missing name asc{1}.{0}",
    ),
    (re.compile(r"type object '(\w+)' has no attribute '(\w+)'"), "missing attribute {0}.{1}"),
    (re.compile(r"'(\w+)' object has no attribute '(\w+)'"), "missing attribute {0}.{1}"),
)


def _group(reason: str) -> str:
    """A failure's group: the missing API for import/attribute errors; otherwise the
    message without file positions and numbers that differ per test."""
    first = reason.strip().splitlines()[0] if reason.strip() else "(no message)"
    for pattern, template in _GROUPS:
        m = pattern.search(first)
        if m:
            return template.format(*m.groups())
    first = re.sub(r"\S+\.py:\d+(?::\d+)?:?\s*", "", first)  # file:line:col
    first = re.sub(r"^[\w.]*CompileError: (?:error: )?", "compile error: ", first)
    first = re.sub(r"(compile error: )\w*kernel\w*: ", r"\1", first)  # the kernel's name
    first = re.sub(r" at 0x[0-9a-f]+", "", first)
    first = re.sub(r"\bline \d+\b", "line N", first)
    first = re.sub(r"\bblock \d+: ", "", first)  # which block hit it
    first = re.sub(r"\[\d+, \d+\)", "[a, b)", first)  # byte ranges differ per size
    first = re.sub(r"array has \d+ bytes", "array has N bytes", first)
    return first[:160]


def _has_module(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


# -- tutorials ------------------------------------------------------------------------

TUTORIAL_ARGS = ["-r", "CPU"]  # the tutorials' backend option: our CPU simulator


def run_tutorials(src: Path, timeout: int, gm_overread: str = "pad") -> SuiteResult:
    tutorials = src / "python/tutorials"
    result = SuiteResult("tutorials", str(tutorials))
    if not _has_module("torch"):
        result.notes.append("torch is not installed: every tutorial builds its inputs with torch")
    workdir = Path(tempfile.mkdtemp(prefix="pyasc_suite_"))
    try:
        env = _environment(workdir, gm_overread)
        result.notes.append(f"simulator launches with gm_overread={gm_overread!r}")
        for script in sorted(tutorials.glob("0*/*.py")):
            copy = workdir / script.parent.name / script.name
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(rewrite_imports(script.read_text()))
            result.outcomes.append(_run_script(copy, script.parent.name, env, timeout))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return result


def _run_script(script: Path, unit: str, env: dict[str, str], timeout: int) -> Outcome:
    try:
        proc = subprocess.run(
            [sys.executable, script.name, *TUTORIAL_ARGS],
            cwd=script.parent, env=env, capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        why = f"timed out after {timeout} s"
        return Outcome(unit, script.name, "failed", "timeout", why, why)
    if proc.returncode == 0:
        return Outcome(unit, script.name, "passed")
    lines = [line for line in proc.stderr.strip().splitlines() if line.strip()]
    reason = lines[-1].strip() if lines else f"exit status {proc.returncode}"
    return Outcome(unit, script.name, "failed", "error", reason, _group(reason), proc.stderr)
