"""The opt-in fast start (asc_xdsl/utils/fast_start.py): off unless asked for, on for our
own programs, and its modules' tests (tests/fast_start) pass in a process of their own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from asc_xdsl.utils import fast_start

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("value", "on"),
    [
        (None, False),
        ("", False),
        ("0", False),
        ("no", False),
        ("OFF", False),
        ("1", True),
        ("yes", True),
    ],
)
def test_the_environment_variable(value: str | None, on: bool) -> None:
    environ = {} if value is None else {fast_start.ENV: value}
    assert fast_start.requested(environ) is on


def _probe(code: str, env: dict[str, str] | None = None, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != fast_start.ENV} | (env or {})
    out = subprocess.run(
        [sys.executable, *args, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return out.stdout.strip()


PROBE = "import asc_xdsl, dataclasses; from asc_xdsl.utils import fast_start; print(fast_start.enabled(), getattr(dataclasses, 'exec', exec) is exec)"


def test_off_by_default_on_by_the_variable_or_the_call() -> None:
    # (off by default, then on by the call: one process)
    code = PROBE + "; asc_xdsl.fast_start(); " + PROBE.rsplit("; ", 1)[1]
    assert _probe(code).splitlines() == ["False True", "True False"]
    assert _probe(PROBE, {fast_start.ENV: "1"}) == "True False"


def test_our_programs_turn_it_on_for_themselves() -> None:
    code = (
        "import runpy, sys\n"
        "sys.argv = ['asc-opt', '--version']\n"
        "try:\n"
        "    runpy.run_module('asc_xdsl.opt', run_name='__main__', alter_sys=True)\n"
        "except SystemExit:\n"
        "    pass\n"
        "from asc_xdsl.utils import fast_start\n"
        "print(fast_start.enabled())\n"
    )
    assert _probe(code).splitlines()[-1] == "True"
    # imported as a library, the program module turns nothing on
    assert (
        _probe(
            "import asc_xdsl.opt; from asc_xdsl.utils import fast_start; print(fast_start.enabled())"
        )
        == "False"
    )


def test_the_fast_start_modules_tests_pass_in_a_process_of_their_own(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
    env |= {fast_start.ENV: "1", "ASC_XDSL_CACHE_DIR": str(tmp_path)}
    # (no hypothesis plugin: these tests draw nothing, and its import is a quarter second)
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0"]
    cmd += ["-p", "no:hypothesispytest"]
    out = subprocess.run(
        [*cmd, "tests/fast_start"], cwd=ROOT, capture_output=True, text=True, env=env
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert " passed" in out.stdout and "failed" not in out.stdout
