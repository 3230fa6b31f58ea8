"""Written by tools/pyasc_suite over pyasc's python/test/unit/conftest.py: the same
fixtures (`mock_launcher_run`, `filecheck`, `--skip-filecheck`) for asc_xdsl.

- mock_launcher_run: patches the Launcher.run stand-in, so a launch compiles (down
  to Ascend C) and does not run, and the mock counts launches.
- filecheck(kernel)(*args): compiles the kernel and checks our IR against the CHECK
  lines in the kernel's source, value names aside (tools/pyasc_suite/checks.py).
"""

from __future__ import annotations

import inspect
from typing import Any
from unittest.mock import patch

import _pyasc_suite_shim
import pytest
from pyasc_suite.checks import Options, parse_directives, run_checks


class FileCheck:
    def __init__(self, kernel_fn: Any):
        self.kernel_fn = kernel_fn

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        checks = parse_directives(inspect.getsource(self.kernel_fn.fn))
        before = len(_pyasc_suite_shim.last_compiled)
        self.kernel_fn[1](*args, **kwargs, always_compile=True)
        assert len(_pyasc_suite_shim.last_compiled) > before, "the kernel was not launched"
        ir = _pyasc_suite_shim.last_compiled[-1].asm["ir"]
        result = run_checks(checks, ir, Options(mlir=True))
        assert result.passed, f"FileCheck: {result.reason()}\n--- our IR:\n{ir}"


@pytest.fixture
def mock_launcher_run():
    with patch("_pyasc_suite_shim.Launcher.run", return_value=None) as mock:
        yield mock


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--skip-filecheck", action="store_true", help="Skip filecheck tests")


@pytest.fixture
def filecheck(pytestconfig: pytest.Config):
    if pytestconfig.getoption("--skip-filecheck"):
        pytest.skip("Skipping filecheck tests")
    yield FileCheck
