"""How much of the public API a type checker sees: each public name's type, as pyright
(and mypy) infer it through `import asc_xdsl as asc`.

The public names are `asc.__all__`, `asc.adv.__all__` and the `__all__` of the
language modules (`asc_xdsl.language.{basic,core,fwk,adv}`), each object once. A probe
file `reveal_type`s every one; a name counts as typed when its type is known (no
`Unknown`/`Any` in it) and, for a callable, every parameter has an annotation (for a
class, its constructor's). Usage:

python tools/api_visibility.py            # pyright's count, and the names it misses
python tools/api_visibility.py --mypy     # mypy's count too (slower)
python tools/api_visibility.py --json     # the result as JSON

It prints `pyright: K/N public names typed` and lists the rest; it exits 1 when a
name is untyped (2 when pyright is missing).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from a source tree
    sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Name:
    """One public name: the expression that reaches it (`asc.add`, `asc.adv.acos`) and
    whether it is a class (its constructor's parameters are checked too; a generic
    class's as specialised with `int`, else they show its unsolved type variables)."""

    expr: str
    is_class: bool
    type_params: int = 0


def public_names() -> list[Name]:
    """The public names, each object once (the first path that reaches it)."""
    import importlib

    import asc_xdsl as asc

    spaces = [("asc", asc), ("asc.adv", asc.adv)]
    spaces += [
        (f"asc.language.{m}", importlib.import_module(f"asc_xdsl.language.{m}"))
        for m in ("basic", "core", "fwk", "adv")
    ]
    names = []
    seen: set[int] = set()  # a language module's name already reached through asc
    for prefix, module in spaces:
        for name in module.__all__:
            obj = getattr(module, name)
            if prefix.startswith("asc.language") and id(obj) in seen:
                continue
            seen.add(id(obj))
            params = len(getattr(obj, "__parameters__", ())) if isinstance(obj, type) else 0
            names.append(Name(f"{prefix}.{name}", isinstance(obj, type), params))
    return names


# ---------------------------------------------------------------------------
# The annotations and docstrings written in the source (checked at run time)
# ---------------------------------------------------------------------------

LIB_MODULES = ("asc_xdsl.lib.host", "asc_xdsl.lib.runtime")


def _public_objects() -> dict[str, object]:
    """The public names' objects, and `asc.lib`'s (`host`, `runtime`), by path."""
    import importlib

    import asc_xdsl as asc

    out: dict[str, object] = {}
    for n in public_names():
        obj: object = asc
        for part in n.expr.split(".")[1:]:
            obj = getattr(obj, part)
        out[n.expr] = obj
    for name in LIB_MODULES:
        module = importlib.import_module(name)
        exported = getattr(module, "__all__", None) or [
            k
            for k, v in vars(module).items()
            if not k.startswith("_") and getattr(v, "__module__", None) == name
        ]
        for k in exported:
            out[f"{name.replace('asc_xdsl', 'asc')}.{k}"] = getattr(module, k)
    return out


def _function_gaps(fn: object) -> list[str]:
    """What a function's own source leaves out: parameter and return annotations."""
    import inspect

    annotations = getattr(fn, "__annotations__", {})
    code = fn.__code__  # type: ignore[attr-defined]
    # the def's own parameters (not a `__signature__` set for help())
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & inspect.CO_VARARGS) + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    names = code.co_varnames[:count]
    gaps = [
        f"parameter '{name}' has no annotation"
        for i, name in enumerate(names)
        if name not in annotations and not (i == 0 and name in ("self", "cls"))
    ]
    if "return" not in annotations:
        gaps.append("no return annotation")
    return gaps


def source_gaps() -> dict[str, str]:
    """Public name -> what its source lacks (an own docstring; for a function, a class's
    `__init__` and its own public methods, parameter and return annotations and a
    docstring), for the names that lack any."""
    import enum
    import inspect

    problems = {}
    for path, obj in _public_objects().items():
        gaps: list[str] = []
        if inspect.isfunction(obj):
            if not obj.__doc__:
                gaps.append("no docstring")
            gaps += _function_gaps(obj)
        elif isinstance(obj, type):
            if not obj.__dict__.get("__doc__"):
                gaps.append("no docstring of its own")
            init = next(
                (k.__dict__["__init__"] for k in obj.__mro__ if "__init__" in k.__dict__), None
            )
            ours = getattr(init, "__module__", "") or ""
            if (
                inspect.isfunction(init)
                and ours.startswith("asc_xdsl")
                and not issubclass(obj, enum.Enum)
            ):
                gaps += [f"__init__: {g}" for g in _function_gaps(init)]
            if obj.__module__.startswith("asc_xdsl") and not issubclass(obj, enum.Enum):
                for name, method in vars(obj).items():  # its own public methods
                    if name.startswith("_") or not inspect.isfunction(method):
                        continue
                    if not method.__doc__:
                        gaps.append(f"{name}: no docstring")
                    gaps += [f"{name}: {g}" for g in _function_gaps(method)]
        if gaps:
            problems[path] = "; ".join(gaps)
    return problems


def probe_source(names: list[Name]) -> str:
    lines = ["import asc_xdsl as asc", "import asc_xdsl.language", ""]
    for n in names:
        lines.append(f"reveal_type({n.expr})")
        if n.is_class:
            specialised = f"[{', '.join(['int'] * n.type_params)}]" if n.type_params else ""
            lines.append(f"reveal_type({n.expr}{specialised}.__init__)")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Reading a revealed type
# ---------------------------------------------------------------------------


def _split_top(text: str, sep: str = ",") -> list[str]:
    """`text` split at `sep` outside brackets and quotes."""
    parts, depth, quote, start = [], 0, "", 0
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _signatures(type_text: str) -> list[str]:
    """The parameter lists (`a: int, b: int = 1`) of the callables a revealed type
    shows: a function `(...) -> R`, each `Overload[...]` member, a bound method."""
    text = type_text.strip()
    if text.startswith("Overload[") and text.endswith("]"):
        return [s for part in _split_top(text[9:-1]) for s in _signatures(part)]
    if not text.startswith("("):
        return []
    depth = 0
    for i, c in enumerate(text):
        depth += c == "("
        depth -= c == ")"
        if depth == 0:
            return [text[1:i]]
    return []


_BARE = {"", "/", "self", "cls"}  # ("*": the keyword-only marker)


def untyped_reason(type_text: str, *, initializer: bool = False) -> str | None:
    """Why a revealed type does not count as typed, or None. A class (`type[C]`) is
    typed (its constructor is checked on its own line); a callable needs an annotation
    on every parameter (`Any` is one); anything else must not be `Any` or `Unknown`."""
    text = type_text.strip()
    if text.startswith("type[") or text.startswith("Module("):
        return None
    if re.search(r"\bUnknown\b", text) or text == "Any":
        return f"its type is {text}"
    signatures = _signatures(text)
    for params in signatures:
        for p in _split_top(params):
            name = p.split("=", 1)[0].strip()
            if ":" not in name and name.lstrip("*") not in _BARE:
                what = "constructor parameter" if initializer else "parameter"
                return f"{what} '{name}' has no annotation: {text}"
    return None


# ---------------------------------------------------------------------------
# Running the checkers
# ---------------------------------------------------------------------------


def run_pyright(folder: Path) -> dict:
    """pyright's JSON report on `folder` (its pyrightconfig.json)."""
    out = subprocess.run(
        ["pyright", "--outputjson", "--pythonpath", sys.executable, "-p", str(folder)],
        capture_output=True,
        text=True,
        cwd=folder,
    )
    return json.loads(out.stdout)


def revealed_types(report: dict, probe: Path) -> list[tuple[int, str]]:
    """(line, revealed type) of each `reveal_type` in `probe`, from pyright's report."""
    revealed = []
    for d in report.get("generalDiagnostics", []):
        if Path(d.get("file", "")).name != probe.name:
            continue
        m = re.match(r'Type of "(.*)" is "(.*)"$', d.get("message", ""), re.S)
        if m:
            revealed.append((d["range"]["start"]["line"] + 1, m.group(2)))
    return revealed


def errors_in(report: dict, files: list[Path]) -> list[str]:
    """pyright's errors in `files` (by name), as `file:line: message`."""
    names = {f.name for f in files}
    return [
        f"{d['file']}:{d['range']['start']['line'] + 1}: {d['message']}"
        for d in report.get("generalDiagnostics", [])
        if d["severity"] == "error" and Path(d["file"]).name in names
    ]


def run_mypy(probe: Path) -> list[tuple[int, str]]:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--follow-imports=silent",
            "--ignore-missing-imports",
            "--no-error-summary",
            "--hide-error-context",
            "--cache-dir",
            str(probe.parent / ".mypy_cache"),
            str(probe),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    revealed = []
    for line in out.stdout.splitlines():
        m = re.match(r".*?:(\d+): note: Revealed type is \"(.*)\"$", line)
        if m:
            revealed.append((int(m.group(1)), m.group(2)))
    return revealed


def _mypy_reason(type_text: str) -> str | None:
    """mypy writes an unannotated parameter as `Any`, as it does an explicit `Any`: the
    name counts as typed when its type is known (the annotations themselves are
    checked in the source, `source_gaps`)."""
    if type_text.strip() in ("Any", "Any | None") or type_text.startswith("Any ("):
        return f"its type is {type_text}"
    return None


def check(names: list[Name], revealed: list[tuple[int, str]], mypy: bool) -> dict[str, str]:
    """Name -> why it is not typed, for the names that are not."""
    by_line = dict(revealed)
    problems: dict[str, str] = {}
    line = 4  # the probe's first reveal_type
    for n in names:
        lines = [(line, False)]
        if n.is_class:
            lines.append((line + 1, True))
        line += len(lines)
        for at, init in lines:
            text = by_line.get(at)
            if text is None:
                problems[n.expr] = "the checker revealed no type"
                break
            reason = _mypy_reason(text) if mypy else untyped_reason(text, initializer=init)
            if reason is not None:
                problems[n.expr] = reason
                break
    return problems


def measure(mypy: bool = False, examples: list[Path] | None = None) -> dict[str, Any]:
    """What pyright (and mypy) see of the public names; with `examples`, pyright's
    errors in those files too, from the same run (pyright starts once)."""
    names = public_names()
    result: dict[str, Any] = {"total": len(names)}
    result["source"] = source_gaps()
    result["source_total"] = len(_public_objects())
    with tempfile.TemporaryDirectory(prefix="asc_api_probe") as tmp:
        probe = Path(tmp) / "probe.py"
        probe.write_text(probe_source(names))
        copies = [Path(tmp) / f.name for f in examples or ()]
        for example, copy in zip(examples or (), copies, strict=True):
            copy.write_text(example.read_text())
        # the source tree first, as the tests import it
        config = {"extraPaths": [str(ROOT)], "pythonVersion": "3.11"}
        (probe.parent / "pyrightconfig.json").write_text(json.dumps(config))
        report = run_pyright(probe.parent)
        result["pyright"] = check(names, revealed_types(report, probe), mypy=False)
        result["example_errors"] = errors_in(report, copies)
        if mypy:
            result["mypy"] = check(names, run_mypy(probe), mypy=True)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mypy", action="store_true", help="run mypy on the probe too")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    if shutil.which("pyright") is None:
        print("pyright is not on PATH (npm install -g pyright)", file=sys.stderr)
        return 2
    result = measure(mypy=args.mypy)
    if args.json:
        print(json.dumps(result, indent=2))
    total = result["total"]
    assert isinstance(total, int)
    failed = False
    gaps = result["source"]
    assert isinstance(gaps, dict)
    if not args.json:
        print(
            f"source: {result['source_total'] - len(gaps)}/{result['source_total']} names (with asc.lib) annotated and documented"
        )
        for name, why in gaps.items():
            print(f"  {name}: {why}")
    failed |= bool(gaps)
    for checker in ("pyright", "mypy"):
        problems = result.get(checker)
        if not isinstance(problems, dict):
            continue
        failed |= bool(problems)
        if not args.json:
            print(f"{checker}: {total - len(problems)}/{total} public names typed")
            for name, why in problems.items():
                print(f"  {name}: {why}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
