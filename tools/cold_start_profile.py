"""Where a vector add's cold start spends its instructions: by phase, by module, by
function, counted by callgrind between marks the measured process sets itself.

    python tools/cold_start_profile.py [--top N] [--gc] [--function MODULE:QUALNAME ...]
                                       [--then FILE:KERNEL ...] [--statements MODULE ...]

The process is `bench/compile_latency.py`'s cold start (numpy, the example's module,
the first compile of `vadd_kernel`, `always_compile=True`), under
`valgrind --tool=callgrind` with `PYTHONHASHSEED=0` and one BLAS thread, bytecode
primed. It loads a small marker library (built here with `cc` from
`valgrind/callgrind.h`) through ctypes and dumps callgrind's counters at each mark:
each phase's start (`numpy`, `kernel module`, `compile`, each `--then` kernel's
import and compile, `exit`), each module's
execution (entered and left, through a finder this measuring process puts first on
`sys.meta_path`) and each call of a `--function` (wrapped in this process only, as
soon as its module has run; a name other modules import is wrapped for them too, a
method through its class, a property or cached property through its getter) and,
for a `--statements` module, each of its top-level statements (the module then runs
statement by statement, each compiled before it runs, outside the marks; the module's
own count includes those compiles). The
instructions between two marks belong to the innermost module or function open then:
a module's own count includes finding and loading the modules it imports, not their
execution. The collector is off unless `--gc` (its collections land on whichever
module allocates when they run: docs/performance.md, "Default cold start (session
14)"); the marks themselves cost ~20 k instructions each.

Needs valgrind (with its headers) and a C compiler; the measuring process differs
from the bench's by ctypes and the finder (~125 M instructions before the first mark,
not counted in the phases).
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MARKER_C = """
#include <valgrind/callgrind.h>
void mark(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
void zero(void) { CALLGRIND_ZERO_STATS; }
"""

DRIVER = r'''
import ctypes, functools, gc, importlib, importlib.abc, sys
lib = ctypes.CDLL({library!r})
lib.mark.argtypes = [ctypes.c_char_p]
def mark(text):
    lib.mark(text.encode())

class Marking(importlib.abc.MetaPathFinder):
    """Marks each module's execution (this measuring process only)."""
    def find_spec(self, name, path, target=None):
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        run = getattr(loader, "exec_module", None)
        if run is not None:
            if name in STATEMENTS:
                run = functools.partial(by_statement, loader, name)
            def exec_module(module, run=run, name=name):
                mark("enter:" + name)
                try:
                    run(module)
                finally:
                    mark("exit:" + name)
                for target in WRAP.get(name, ()):  # (as soon as its module has run)
                    wrap(target)
            try:
                loader.exec_module = exec_module
            except (AttributeError, TypeError):
                pass
        return spec

def by_statement(loader, name, module):
    """Run `module`'s top-level statements one by one, each between marks (compiled
    first, outside them, with the module's own future flags)."""
    import __future__, ast
    source = loader.get_source(name)
    path = loader.get_filename(name)
    tree = ast.parse(source)
    flags = 0
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            for alias in node.names:
                flags |= getattr(__future__, alias.name).compiler_flag
    codes = [
        (f"{{name}}:{{node.lineno}}", compile(ast.Module([node], []), path, "exec", flags=flags, dont_inherit=True))
        for node in tree.body
    ]
    for label, code in codes:
        mark("enter:" + label)
        try:
            exec(code, module.__dict__)
        finally:
            mark("exit:" + label)

def wrap(target):
    module, _, qualname = target.partition(":")
    owner = importlib.import_module(module)
    *path, attr = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    raw = owner.__dict__[attr] if isinstance(owner, type) else getattr(owner, attr)
    # a property's getter or a cached property's function is what runs
    if isinstance(raw, property):
        fn, remake = raw.fget, lambda f: property(f, raw.fset, raw.fdel, raw.__doc__)
    elif isinstance(raw, functools.cached_property):
        fn, remake = raw.func, functools.cached_property
    elif isinstance(raw, (classmethod, staticmethod)):
        fn, remake = raw.__func__, type(raw)
    else:
        fn, remake = raw, lambda f: f
    @functools.wraps(fn)
    def marked(*args, **kwargs):
        mark("enter:" + target)
        try:
            return fn(*args, **kwargs)
        finally:
            mark("exit:" + target)
    made = remake(marked)
    if isinstance(made, functools.cached_property):
        made.__set_name__(owner, attr)
    setattr(owner, attr, made)

STATEMENTS = set({statements!r})
WRAP = {{}}
for target in {functions!r}:
    WRAP.setdefault(target.partition(":")[0], []).append(target)
if not {collect!r}:
    gc.disable()
sys.meta_path.insert(0, Marking())
lib.zero()
sys.path.insert(0, {examples!r})
mark("phase:numpy")
import numpy as np
mark("phase:kernel module")
import vector_add as m
x = y = z = np.zeros(8 * 2048, np.float32)
mark("phase:compile")
m.vadd_kernel.compile(x, y, z, 2048, 512, block_dim=8, always_compile=True).asm["ascendc"]
for path, kernel in {also!r}:
    import importlib.util
    mark("phase:then " + kernel)
    spec = importlib.util.spec_from_file_location(kernel + "_module", path)
    other = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = other
    spec.loader.exec_module(other)
    getattr(other, kernel).compile(x, y, z, 2048, 512, block_dim=8, always_compile=True).asm["ascendc"]
mark("phase:exit")
'''


def _dumps(prefix: str) -> list[tuple[str, int]]:
    """(trigger, instructions since the previous dump) of each dump, in order."""
    out = []
    for path in sorted(glob.glob(prefix + ".*"), key=lambda p: int(p.rsplit(".", 1)[1])):
        trigger = total = None
        with open(path) as f:
            lines = f.readlines()
        for line in lines:
            if line.startswith("desc: Trigger:"):
                trigger = line.split("Client Request:", 1)[-1].strip()
            elif line.startswith(("summary:", "totals:")):
                total = int(line.split()[1])
        if trigger is not None and total is not None:
            out.append((trigger, total))
    return out


def _source_lines(module: str) -> list[str]:
    """The lines of `module`'s source (found without importing it)."""
    import importlib.util

    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return []
    return Path(spec.origin).read_text().splitlines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=30, help="modules shown")
    parser.add_argument("--only", default="", help="show the modules whose name starts so")
    parser.add_argument("--gc", action="store_true", help="leave the collector on")
    parser.add_argument("--function", action="append", default=[], help="MODULE:QUALNAME")
    parser.add_argument(
        "--statements",
        action="append",
        default=[],
        metavar="MODULE",
        help="count MODULE's top-level statements one by one (its body run statement by "
        "statement, each compiled beforehand); the costliest are listed",
    )
    parser.add_argument(
        "--then",
        action="append",
        default=[],
        metavar="FILE:KERNEL",
        help="after the vector add, import FILE and compile its KERNEL with the vector "
        "add's arguments, as a phase of its own (what a process's next kernel costs)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "marker.c").write_text(MARKER_C)
        library = os.path.join(tmp, "marker.so")
        subprocess.run(
            ["cc", "-O2", "-shared", "-fPIC", "-o", library, os.path.join(tmp, "marker.c")],
            check=True,
        )
        driver = os.path.join(tmp, "driver.py")
        Path(driver).write_text(
            DRIVER.format(
                library=library,
                collect=args.gc,
                examples=str(ROOT / "examples"),
                functions=args.function,
                also=[tuple(t.rsplit(":", 1)) for t in args.then],
                statements=args.statements,
            )
        )
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        primed = subprocess.run([sys.executable, driver], env=env, capture_output=True, text=True)
        if primed.returncode:
            # (a --function that names nothing, or a kernel that does not compile)
            sys.exit(f"cold_start_profile: the measured program failed:\n{primed.stderr[-2000:]}")
        env |= {"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
        prefix = os.path.join(tmp, "callgrind.out")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={prefix}",
                sys.executable,
                driver,
            ],
            env=env,
            check=True,
            capture_output=True,
            cwd=tmp,
        )
        dumps = _dumps(prefix)
    phase, stack = "start", ["(none)"]
    phases: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()
    by_phase: collections.Counter[tuple[str, str]] = collections.Counter()
    for trigger, count in dumps:
        phases[phase] += count
        own[stack[-1]] += count
        by_phase[phase, stack[-1]] += count
        kind, _, name = trigger.partition(":")
        if kind == "enter":
            stack.append(name)
            calls[name] += 1
            calls[phase + "\0" + name] += 1
        elif kind == "exit":
            stack.pop()
        elif kind == "phase":
            phase, stack = name, ["(" + name + ")"]
    print("instructions by phase (M):")
    for name, count in phases.items():
        if name != "start":
            print(f"  {count / 1e6:9.1f}  {name}")
    ours = sum(c for n, c in own.items() if n.startswith("asc_xdsl"))
    print(f"asc_xdsl's modules, their own execution: {ours / 1e6:.1f} M")
    print(f"the top {args.top} (M, own; a phase's name in brackets: outside any module)")
    # (a statement's label is MODULE:LINE; a function's MODULE:QUALNAME)
    shown = [(n, c) for n, c in own.most_common() if ":" not in n and n.startswith(args.only)]
    for name, count in shown[: args.top]:
        print(f"  {count / 1e6:9.2f}  {name}")
    for module in args.statements:
        lines = _source_lines(module)
        rows = [(c, n) for n, c in own.items() if n.startswith(module + ":")]
        rows = [(c, n) for c, n in rows if n.rpartition(":")[2].isdecimal()]
        print(
            f"{module}: {len(rows)} statements, {sum(c for c, _ in rows) / 1e6:.2f} M; the top {args.top}:"
        )
        for count, label in sorted(rows, reverse=True)[: args.top]:
            line = int(label.rpartition(":")[2])
            text = lines[line - 1].strip() if line <= len(lines) else ""
            print(f"  {count / 1e6:9.2f}  {line:5d}  {text[:70]}")
    for target in args.function:
        print(f"  {own[target] / 1e6:9.2f}  {target} ({calls[target]} calls, own)")
        if args.then:  # (each phase's part)
            for name in phases:
                if by_phase[name, target]:
                    n = calls[name + "\0" + target]
                    print(f"      {by_phase[name, target] / 1e6:9.2f}  in {name} ({n} calls)")


if __name__ == "__main__":
    main()
