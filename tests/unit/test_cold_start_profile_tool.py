"""tools/cold_start_profile.py without valgrind: its measured program is valid Python,
and the marking it adds (functions, properties, a module's statements) runs what it
wraps unchanged, with an enter and an exit mark around each."""

from __future__ import annotations

import ast
import functools
import importlib.util
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(
        "cold_start_profile", ROOT / "tools" / "cold_start_profile.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _driver(**given: object) -> str:
    values = {
        "library": "/nonexistent.so",
        "collect": False,
        "examples": "/nonexistent",
        "functions": [],
        "also": [],
        "statements": [],
    }
    values.update(given)
    return _tool().DRIVER.format(**values)


def _helpers(marks: list[str]) -> dict[str, object]:
    """The driver's `wrap` and `by_statement`, run with a `mark` that records."""
    tree = ast.parse(_driver())
    keep = [
        n
        for n in tree.body
        if isinstance(n, ast.FunctionDef) and n.name in ("wrap", "by_statement")
    ]
    namespace: dict[str, object] = {
        "mark": marks.append,
        "functools": functools,
        "importlib": importlib,
        "sys": sys,
    }
    exec(compile(ast.Module(keep, []), "driver", "exec"), namespace)
    return namespace


def test_the_measured_program_is_valid_python() -> None:
    compile(_driver(functions=["a.b:c"], also=[("f.py", "k")], statements=["m"]), "driver", "exec")


def test_a_property_a_cached_property_and_a_method_are_marked(tmp_path, monkeypatch) -> None:
    (tmp_path / "marked_sample.py").write_text(
        "import functools\n"
        "class C:\n"
        "    @property\n"
        "    def p(self):\n"
        "        return 1\n"
        "    @functools.cached_property\n"
        "    def q(self):\n"
        "        return 2\n"
        "    def m(self, x):\n"
        "        return x + 3\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    marks: list[str] = []
    wrap = _helpers(marks)["wrap"]
    for name in ("p", "q", "m"):
        wrap(f"marked_sample:C.{name}")  # type: ignore[operator]
    import marked_sample

    c = marked_sample.C()
    assert (c.p, c.q, c.q, c.m(4)) == (1, 2, 2, 7)
    assert marks == [
        "enter:marked_sample:C.p",
        "exit:marked_sample:C.p",
        "enter:marked_sample:C.q",
        "exit:marked_sample:C.q",  # (cached: the second read runs nothing)
        "enter:marked_sample:C.m",
        "exit:marked_sample:C.m",
    ]
    sys.modules.pop("marked_sample", None)


def test_a_module_run_statement_by_statement_is_the_same_module(tmp_path) -> None:
    path = tmp_path / "statements_sample.py"
    path.write_text(
        "from __future__ import annotations\n"
        "X = 2\n"
        "def f(a: Undefined) -> int:\n"  # (a postponed annotation: the module's flags)
        "    return a * X\n"
        "Y = f(3)\n"
    )
    marks: list[str] = []
    by_statement = _helpers(marks)["by_statement"]
    spec = importlib.util.spec_from_file_location("statements_sample", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    by_statement(spec.loader, "statements_sample", module)  # type: ignore[operator]
    assert module.Y == 6
    assert marks == [
        f"{kind}:statements_sample:{line}" for line in (1, 2, 3, 5) for kind in ("enter", "exit")
    ]
