"""The supported xDSL range (asc_xdsl/xdsl_compat.py): the check, its message, where it
runs, and that pyproject.toml declares the same range."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from importlib.metadata import version as dist_version
from pathlib import Path

import pytest

from asc_xdsl import xdsl_compat

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "asc_xdsl"
CHECK_IMPORT = "asc_xdsl.xdsl_compat"


def test_pyproject_declares_the_range_the_check_holds():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert [d for d in deps if d.startswith("xdsl")] == [xdsl_compat.REQUIREMENT]
    assert xdsl_compat.REQUIREMENT == "xdsl>=0.74,<0.76"


@pytest.mark.parametrize(
    "version, ok",
    [
        ("0.74.0", True),
        ("0.75.0", True),
        ("0.75.3", True),
        ("0.75.1.dev4+g1a2b3c", True),  # a checkout between releases
        ("0.73.0", False),
        ("0.76.0", False),
        ("0.76.0rc1", False),
        ("1.0.0", False),
        ("0.7.5", False),
        ("Error: xDSL not installed", False),  # what xDSL's lazy __version__ says then
        ("", False),
    ],
)
def test_supported_releases(version, ok):
    assert xdsl_compat.supported(version) is ok


def test_an_installed_release_outside_the_range_gets_a_message_that_says_what_to_do(monkeypatch):
    import xdsl

    monkeypatch.delenv(xdsl_compat.SKIP_ENV, raising=False)
    monkeypatch.setattr(xdsl, "__version__", "0.73.0")
    with pytest.raises(ImportError) as info:
        xdsl_compat.check_installed()
    message = str(info.value)
    assert message == (
        "asc_xdsl supports xDSL 0.74.x to 0.75.x (xdsl>=0.74,<0.76), but xDSL 0.73.0 is "
        f"installed ({Path(xdsl.__file__).parent}). Install a supported release: "
        "pip install 'xdsl>=0.74,<0.76'. (To try this xDSL anyway, set ASC_XDSL_ANY_XDSL=1.)"
    )
    assert info.value.name == "xdsl"
    # the override is for trying a release before it is declared
    monkeypatch.setenv(xdsl_compat.SKIP_ENV, "1")
    xdsl_compat.check_installed()


def test_a_missing_xdsl_gets_the_same_advice():
    with pytest.raises(ImportError, match=r"but xDSL is not installed\. Install a supported"):
        xdsl_compat.check(None)


def test_the_installed_release_is_read_without_asking_importlib_metadata(monkeypatch):
    import importlib.metadata

    import xdsl

    expected = dist_version("xdsl")

    def refuse(*args):
        raise AssertionError("importlib.metadata was asked")

    monkeypatch.setattr(importlib.metadata, "version", refuse)
    found, folder = xdsl_compat.installed_version()
    assert found == expected
    assert folder == str(Path(xdsl.__file__).parent)
    assert xdsl_compat.supported(found)  # the suite runs on a supported release


def _imports_xdsl(node: ast.stmt) -> bool:
    if isinstance(node, ast.Import):
        return any(a.name == "xdsl" or a.name.startswith("xdsl.") for a in node.names)
    if isinstance(node, ast.ImportFrom):
        return node.level == 0 and (node.module or "").split(".")[0] == "xdsl"
    return False


_XDSL_IMPORT_LINE = re.compile(r"^\s*(?:import|from)\s[^\n]*(?<![\w.])xdsl\b", re.M)
"""An import line that names the `xdsl` package (a module without one cannot import it)."""


def _top_level_imports(tree: ast.Module) -> list[ast.stmt]:
    """Import statements that run when the module loads (not under TYPE_CHECKING, not in
    functions or classes)."""
    found: list[ast.stmt] = []
    todo = list(tree.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                todo[:0] = [*node.body, *node.orelse]
        elif isinstance(node, ast.Try):
            todo[:0] = [*node.body, *[s for h in node.handlers for s in h.body], *node.finalbody]
    return found


def _checks(node: ast.stmt) -> bool:
    return isinstance(node, ast.Import) and any(a.name == CHECK_IMPORT for a in node.names)


def test_every_module_that_imports_xdsl_checks_the_release_first():
    """A module that imports xDSL when it loads imports asc_xdsl.xdsl_compat before, or a
    package it is in does (its `__init__` runs first)."""
    texts = {p: p.read_text() for p in PACKAGE.rglob("*.py")}
    trees = {  # (parsed only where an import line can name xDSL: a package, or one that does)
        p: ast.parse(text, str(p))
        for p, text in texts.items()
        if p.name == "__init__.py" or _XDSL_IMPORT_LINE.search(text)
    }
    checked_packages = {
        p.parent
        for p, tree in trees.items()
        if p.name == "__init__.py" and any(map(_checks, _top_level_imports(tree)))
    }
    missing = []
    for path, tree in sorted(trees.items()):
        imports = _top_level_imports(tree)
        first_xdsl = next((i for i, node in enumerate(imports) if _imports_xdsl(node)), None)
        if first_xdsl is None or any(p in checked_packages for p in path.parents):
            continue
        if not any(_checks(node) for node in imports[:first_xdsl]):
            missing.append(f"{path.relative_to(ROOT)}:{imports[first_xdsl].lineno}")
    assert not missing, (
        f"these modules import xDSL before `import {CHECK_IMPORT}` (add it before): {missing}"
    )


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env_code = f"import os; os.environ.pop({xdsl_compat.SKIP_ENV!r}, None)\n" + code
    return subprocess.run(
        [sys.executable, "-c", env_code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_import_asc_xdsl_neither_checks_nor_imports_xdsl():
    out = _run(
        f"import sys, asc_xdsl\nprint({CHECK_IMPORT!r} in sys.modules, 'xdsl' in sys.modules)"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "False"]


def test_every_entry_point_stops_at_the_check_on_an_unsupported_release():
    # The installed xDSL pretends to be 0.76.0; each way into asc_xdsl's xDSL code stops
    # with the check's ImportError, before anything of ours runs on it.
    out = _run(
        """
import runpy, sys
import xdsl
xdsl.__version__ = "0.76.0"
import numpy as np
import asc_xdsl as asc

def attempt(what, run):
    try:
        run()
    except ImportError as e:
        print(what, "->", e)
    else:
        print(what, "-> ran")

def jit():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        gm = asc.GlobalTensor()
        gm.set_global_buffer(x, n)
    k[1](np.ones(8, np.float32), 8)

def opt():
    sys.argv = ["asc-opt", "--version"]
    runpy.run_module("asc_xdsl.opt", run_name="__main__")

attempt("jit", jit)
attempt("dialect", lambda: __import__("asc_xdsl.dialects.ascendc"))
attempt("printer", lambda: __import__("asc_xdsl.backends.ascendc.printer"))
attempt("passes", lambda: __import__("asc_xdsl.transforms.cse"))
attempt("opt", opt)
attempt("simulator", lambda: __import__("asc_xdsl.runtime.simulator"))
attempt("ir kernel", lambda: __import__("asc_xdsl.runtime.ir_kernel"))
"""
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [line.split(" -> ")[0] for line in lines] == [
        "jit",
        "dialect",
        "printer",
        "passes",
        "opt",
        "simulator",
        "ir kernel",
    ]
    for line in lines:
        assert (
            "but xDSL 0.76.0 is installed" in line and "pip install 'xdsl>=0.74,<0.76'" in line
        ), line


# -- tools/xdsl_versions.py: what it reads and how it counts (a run takes minutes a release)


def _tool():
    import importlib.util

    if "xdsl_versions" not in sys.modules:  # (its dataclass looks its module up there)
        path = ROOT / "tools/xdsl_versions.py"
        spec = importlib.util.spec_from_file_location("xdsl_versions", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["xdsl_versions"] = module
        spec.loader.exec_module(module)
    return sys.modules["xdsl_versions"]


def test_the_versions_tool_reads_the_same_range():
    tool = _tool()
    assert tool.REQUIREMENT == xdsl_compat.REQUIREMENT
    assert (tool.MIN_XDSL, tool.BELOW_XDSL) == (xdsl_compat.MIN_XDSL, xdsl_compat.BELOW_XDSL)
    assert tool.SKIP_ENV == xdsl_compat.SKIP_ENV
    for version in ("0.73.0", "0.74.0", "0.75.2", "0.76.0"):
        assert tool.supported(version) is xdsl_compat.supported(version)


def test_the_versions_tool_installs_the_test_extra_with_the_named_xdsl():
    reqs = _tool().requirements("0.73.0")
    assert [r for r in reqs if r.startswith("xdsl")] == ["xdsl==0.73.0"]
    assert {"numpy", "pytest", "lit", "filecheck"} <= set(reqs)


def test_the_versions_tool_counts_pytest_and_lit():
    tool = _tool()
    assert tool.pytest_counts("..F.\n4 failed, 3126 passed, 50 skipped in 230.14s (0:03:50)") == {
        "failed": 4,
        "passed": 3126,
        "skipped": 50,
    }
    assert tool.pytest_counts("1 passed, 2 errors in 0.50s") == {"passed": 1, "error": 2}
    assert tool.pytest_counts("ImportError while loading conftest") is None
    lit = "Failed Tests (1):\n  asc_xdsl :: backend/x.mlir\n\nTotal Discovered Tests: 121\n"
    lit += "  Passed: 120 (99.17%)\n  Failed: 1 (0.83%)\n"
    assert tool.lit_counts(lit) == {"passed": 120, "failed": 1}
    outcome = tool.Outcome("0.73.0", {"pytest": {"passed": 5, "skipped": 1}, "lit": {"failed": 2}})
    assert outcome.line() == (
        "xdsl 0.73.0: 5 passed, 2 failed (pytest: 5 passed, 1 skipped; lit: 2 failed)"
    )
