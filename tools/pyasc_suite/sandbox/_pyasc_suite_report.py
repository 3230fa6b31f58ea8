"""pytest plugin: one JSON line per test outcome, appended as tests finish (so a run
that times out still reports what it did), and an "overrun" line for each test whose
simulator launches ran past a buffer's end (gm_overread's warnings). The file is
$PYASC_SUITE_REPORT."""

from __future__ import annotations

import json
import os
from typing import Any

import _pyasc_suite_shim
import _pyasc_suite_torch
import pytest


def pytest_configure(config: pytest.Config) -> None:
    _pyasc_suite_shim.install()
    _pyasc_suite_torch.install()


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
