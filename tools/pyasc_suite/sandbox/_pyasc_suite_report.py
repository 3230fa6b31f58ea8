"""pytest plugin: one JSON line per test outcome, appended as tests finish (so a run
that times out still reports what it did), and an "overrun" line for each test whose
simulator launches ran past a buffer's end (gm_overread's warnings). The file is
$PYASC_SUITE_REPORT.

It also seeds Python's, numpy's and torch's global generators before each test, from
the test's node id and $PYASC_SUITE_SEED (default 0; "none" leaves them unseeded):
pyasc's torch tests draw their inputs unseeded, and a reference computed in another
precision than the kernel's documented algorithm fails for a few inputs only (AscendQuant
rounds in half, test_quant's reference in float32), so without a seed the suite's numbers
change from run to run. With one, every run draws the same inputs, whatever the order."""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
import zlib
from typing import Any

import _pyasc_suite_shim
import _pyasc_suite_torch
import pytest


def pytest_configure(config: pytest.Config) -> None:
    base_seed()  # a bad $PYASC_SUITE_SEED stops the run here, once
    _pyasc_suite_shim.install()
    _pyasc_suite_torch.install()


SEED_ENV = "PYASC_SUITE_SEED"


def base_seed() -> int | None:
    """$PYASC_SUITE_SEED as an int, None for "none"."""
    text = os.environ.get(SEED_ENV, "0").strip()
    if text.lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        raise pytest.UsageError(f"{SEED_ENV} must be an integer or 'none', got {text!r}") from None


def seed_of(nodeid: str) -> int | None:
    """The seed of one test: the same for a node id in every run, None when disabled."""
    base = base_seed()
    return None if base is None else (zlib.crc32(nodeid.encode()) + base) % 2**32


# Global generators the tests draw from: (package, module, its seeding function). Only
# a package the test imported is seeded (torch is not imported for unit/); its module is
# imported then, since numpy loads `numpy.random` on first use.
SEEDERS = (("numpy", "numpy.random", "seed"), ("torch", "torch", "manual_seed"))


def pytest_runtest_setup(item: pytest.Item) -> None:
    seed = seed_of(item.nodeid)
    if seed is None:
        return
    random.seed(seed)
    for package, module, function in SEEDERS:
        if package in sys.modules:
            getattr(importlib.import_module(module), function)(seed)


def _write(nodeid: str, status: str, reason: str = "") -> None:
    with open(os.environ["PYASC_SUITE_REPORT"], "a") as out:
        out.write(json.dumps({"nodeid": nodeid, "status": status, "reason": reason}) + "\n")


def _reason(report: Any) -> str:
    longrepr = report.longrepr
    if longrepr is None:
        return ""
    if isinstance(longrepr, tuple):  # a skip: (file, line, message)
        return str(longrepr[2])
    crash = getattr(longrepr, "reprcrash", None)
    if crash is not None:
        return crash.message.strip()
    lines = [line[1:].strip() for line in str(longrepr).splitlines() if line.startswith("E ")]
    return " ".join(lines[-2:]) if lines else str(longrepr).strip().splitlines()[-1]


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.failed:
        _write(report.nodeid, "collect-error", _reason(report))
    elif report.skipped:  # pytest.skip(allow_module_level=True)
        _write(report.nodeid, "collect-skipped", _reason(report))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        _write(report.nodeid, report.outcome, _reason(report) if not report.passed else "")
    elif report.failed:  # setup or teardown
        _write(report.nodeid, "error", _reason(report))
    elif report.skipped and report.when == "setup":
        _write(report.nodeid, "skipped", _reason(report))


OVERRUN_WARNINGS = ("GmOverreadWarning", "LocalOverrunWarning", "CopyTailWarning")


def pytest_warning_recorded(warning_message: Any, when: str, nodeid: str, location: Any) -> None:
    if nodeid and warning_message.category.__name__ in OVERRUN_WARNINGS:
        _write(nodeid, "overrun", str(warning_message.message))
