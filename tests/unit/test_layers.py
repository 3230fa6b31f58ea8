"""Layers that point one way (docs/library.md, "Layers").

Every module of `asc_xdsl` belongs to one layer, found by the longest prefix in `LAYERS`;
a module may import (at module level or inside a function) only from its own layer or a
lower-ranked one. The test reads the sources with `ast`, so it sees every import whether
or not it runs, including `importlib.import_module("asc_xdsl...")` with a literal name.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import asc_xdsl

PACKAGE = Path(asc_xdsl.__file__).parent

# Module prefix -> (rank, layer). Lower ranks must not import higher ones.
LAYERS: dict[str, tuple[int, str]] = {
    "asc_xdsl.utils": (0, "utils"),
    "asc_xdsl.xdsl_compat": (0, "utils"),  # the xDSL release check, before any xDSL import
    "asc_xdsl.log": (0, "utils"),  # the loggers every layer logs through (stdlib only)
    "asc_xdsl.diagnostics": (0, "utils"),  # the table of error codes (stdlib only)
    "asc_xdsl.soc": (1, "ir"),
    "asc_xdsl.enums": (1, "ir"),
    "asc_xdsl.dialects": (1, "ir"),
    "asc_xdsl.transforms": (2, "transforms"),
    "asc_xdsl.backends": (3, "backends"),
    "asc_xdsl.runtime": (4, "runtime"),
    "asc_xdsl.language": (5, "language"),
    "asc_xdsl.frontend": (6, "frontend"),
    # Drivers: command lines, entry points and the package root.
    "asc_xdsl": (7, "drivers"),
    "asc_xdsl.opt": (7, "drivers"),
    "asc_xdsl.expected_diagnostics": (7, "drivers"),  # asc-opt --verify-diagnostics
    "asc_xdsl.run": (7, "drivers"),
    "asc_xdsl.build": (7, "drivers"),
    "asc_xdsl.prof": (7, "drivers"),
    "asc_xdsl.universe": (7, "drivers"),
    "asc_xdsl.__main__": (7, "drivers"),
    **{
        module: (7, "facades")
        for module in (
            "asc_xdsl.runtime.jit",  # pyasc's `asc.runtime.jit`: the frontend's @jit
            "asc_xdsl.runtime.compiler",  # pyasc's `asc.runtime.compiler`: compile options
            "asc_xdsl.runtime.launcher",  # pyasc's `asc.runtime.launcher`: launch options
            "asc_xdsl.runtime.ir_kernel",  # kernels written as IR: the frontend's jit on IR
            "asc_xdsl.codegen",  # pyasc's `asc.codegen`: the frontend's errors and options
            "asc_xdsl.lib",  # pyasc's `asc.lib`: host helpers over runtime and language
        )
    },
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> tuple[int, str]:
    name = module
    while name not in LAYERS:
        name = name.rpartition(".")[0]
        assert name, f"{module} is in no layer: add its package to LAYERS"
    return LAYERS[name]


def _existing(name: str) -> str | None:
    """The module `name` refers to (a name inside a module refers to the module)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements(node: ast.AST) -> Iterator[ast.AST]:
    """Every statement under `node` (in nested bodies too), no expressions."""
    for field in _BODIES:
        for child in getattr(node, field, ()):
            yield child
            yield from _statements(child)


def imports(module: str) -> Iterator[tuple[str, int]]:
    """(Imported module, line) for every import of `module`, at any depth."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    text = path.read_text()
    tree = ast.parse(text, str(path))
    # import statements sit in statement lists only; expressions are walked just where
    # an import_module / __import__ call can be
    calls = "import_module" in text or "__import__" in text
    for node in ast.walk(tree) if calls else _statements(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            # `from pkg import mod` imports pkg.mod; `from mod import name`, mod
            names = [
                f"{target}.{a.name}" if f"{target}.{a.name}" in MODULES else target
                for a in node.names
            ]
        elif (  # importlib.import_module("asc_xdsl..."), __import__("asc_xdsl...")
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        found = {_existing(n) for n in names if n.split(".")[0] == "asc_xdsl"}
        for target in sorted(t for t in found if t is not None and t != module):
            yield target, node.lineno


@functools.cache
def _edges() -> list[tuple[str, str, int]]:
    """Every import edge of the package; built on first use (parsing every module costs
    seconds), not at collection, so only the worker that runs these tests pays."""
    edges = []
    for module in MODULES:
        edges.extend((module, target, line) for target, line in imports(module))
    return edges


def _against_order(edges: list[tuple[str, str, int]] | None = None) -> list[tuple[str, str, int]]:
    if edges is None:
        edges = _edges()
    return [(a, b, line) for a, b, line in edges if layer_of(b)[0] > layer_of(a)[0]]


def _layer_cycles(edges: list[tuple[str, str, int]]) -> list[str]:
    """Each cycle of the graph of layers, once, with one import per step as witness."""
    graph: dict[str, set[str]] = defaultdict(set)
    witness: dict[tuple[str, str], str] = {}
    for a, b, line in edges:
        la, lb = layer_of(a)[1], layer_of(b)[1]
        if la != lb:
            graph[la].add(lb)
            witness.setdefault((la, lb), f"{a} -> {b} (line {line})")
    cycles: dict[frozenset[str], str] = {}
    for start in sorted(graph):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph[node]):
                if nxt == start and frozenset(path) not in cycles:
                    steps = zip(path, [*path[1:], start], strict=True)
                    cycles[frozenset(path)] = " / ".join(witness[p] for p in steps)
                elif nxt not in path:
                    stack.append((nxt, [*path, nxt]))
    return sorted(cycles.values())


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        layer_of(module)


def test_imports_point_down() -> None:
    bad = [f"{a} -> {b} (line {line})" for a, b, line in _against_order()]
    assert not bad, (
        "imports against the layer order (move the code to its layer, docs/library.md):\n"
        + "\n".join(bad)
    )


def test_no_cycle_between_layers() -> None:
    cycles = _layer_cycles(_edges())
    assert not cycles, "import cycles between layers:\n" + "\n".join(cycles)


def test_the_checks_catch_an_upward_import_and_a_cycle() -> None:
    up = ("asc_xdsl.dialects.ascendc.tensor", "asc_xdsl.backends.ascendc.printer", 7)
    down = ("asc_xdsl.backends.ascendc.printer", "asc_xdsl.dialects.ascendc.tensor", 9)
    assert _against_order([up, down]) == [up]
    assert _layer_cycles([up, down]) == [
        "asc_xdsl.backends.ascendc.printer -> asc_xdsl.dialects.ascendc.tensor (line 9) / "
        "asc_xdsl.dialects.ascendc.tensor -> asc_xdsl.backends.ascendc.printer (line 7)"
    ]
    assert _layer_cycles([down]) == []


def test_the_scanner_sees_function_level_and_importlib_imports(tmp_path: Path) -> None:
    source = (
        "import importlib\n"
        "def f():\n"
        "    from asc_xdsl.frontend import jit\n"
        "    importlib.import_module('asc_xdsl.runtime.kernel')\n"
        "from . import spec\n"
        "__import__('asc_xdsl.opt')\n"
        "from ..emitasc import IncludeOp\n"
    )
    name = "asc_xdsl.dialects.ascendc._probe"
    MODULES[name] = tmp_path / "_probe.py"
    MODULES[name].write_text(source)
    try:
        found = {(t, line) for t, line in imports(name)}
    finally:
        del MODULES[name]
    assert found == {
        ("asc_xdsl.frontend.jit", 3),
        ("asc_xdsl.runtime.kernel", 4),
        ("asc_xdsl.dialects.ascendc.spec", 5),
        ("asc_xdsl.opt", 6),
        ("asc_xdsl.dialects.emitasc", 7),
    }
