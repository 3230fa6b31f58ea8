"""Cache keys for everything a compiled kernel depends on.

A kernel's IR depends on more than its own source text: its `ConstExpr` arguments, the
module globals and closure variables it reads (`SCALE = 2.0`, `OP = double`), the
`@asc.jit` helpers it calls (and, transitively, what *they* read), where its source
sits in its file (the IR carries source locations), and the compiler itself. This
module turns each of those into a text that is equal for equal values in every process
-- never an address or a truncated `repr` -- so the compile cache (`cache.py`) can key
on all of them:

* `value_key(v)`: a value by content: numbers and strings by type and exact `repr`,
  numpy arrays by dtype, shape and a hash of their bytes, containers element-wise,
  enums and dtypes by name, functions by qualified name and code, `@asc.jit` functions
  by source, location and dependencies. Anything else raises `Unkeyable`.
* `dependency_keys(source)`: the globals and closure cells a function's AST names,
  resolved now and keyed by value. Attribute chains through modules and classes
  (`cfg.TILE`, `asc.TPosition.VECIN`) are followed, so what is keyed is what the
  kernel reads.
* `compiler_key()`: a hash of asc_xdsl's own `.py` files (once per process).
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import dataclasses
import enum
import functools
import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from asc_xdsl.utils.digest import digest, hex_digest

MAX_DEPTH = 32
"""Containers nested deeper than this are refused (a key must stay cheap to build)."""

_API_MODULES = ("asc_xdsl", "builtins", "numpy", "math", "typing")
"""Functions and classes from these modules are part of the compiler or the runtime
(covered by `compiler_key` and the versions), so their qualified name is their key."""


class Unkeyable(TypeError):
    """A value the compile cache cannot key by content."""


def compiler_key() -> str:
    """A hash of asc_xdsl's Python sources and the Python version: editing the compiler
    invalidates every cached kernel. Computed once per process."""
    return _compiler_key()


@functools.cache
def _compiler_key() -> str:
    return sources_digest(Path(__file__).resolve().parents[1])


def sources_digest(root: Path) -> str:
    """The hash (`utils/digest.py`) of the relative path, size and modification time of
    every `.py` file under `root`, plus the Python version: what CPython's own bytecode
    cache trusts (reading and hashing all ~200 files cost a tenth of a first compile)."""
    hashed = digest(f"python {sys.version_info[:2]}".encode())
    rows = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with contextlib.suppress(OSError):
                    st = os.stat(path)
                    rows.append(f"{os.path.relpath(path, root)}\0{st.st_size}\0{st.st_mtime_ns}")
    hashed.update("\n".join(sorted(rows)).encode())
    return hashed.hexdigest()


class Keyer:
    """Builds keys; remembers the `@asc.jit` functions on the current path so that
    mutually recursive helpers end the walk (the codegen reports the recursion)."""

    def __init__(self) -> None:
        self._jit_path: list[Any] = []

    # -- values -------------------------------------------------------------------

    def value_key(self, value: Any, depth: int = 0) -> str:
        kind = type(value)
        if value is None or kind in _SCALARS:
            return f"{kind.__name__}:{value!r}"
        memo = _STABLE_KEYS.get(id(value))
        if memo is not None and memo[0] is value:
            return memo[1]
        if depth > MAX_DEPTH:
            raise Unkeyable(f"a value nested more than {MAX_DEPTH} levels deep")
        from asc_xdsl.frontend.jit import ConstExpr, JITFunction

        if isinstance(value, JITFunction):
            return self.jit_key(value)
        if isinstance(value, ConstExpr):
            return f"constexpr:{self.value_key(value.value, depth + 1)}"
        if isinstance(value, tuple | list):
            inner = ",".join(self.value_key(v, depth + 1) for v in value)
            return f"{_qualname(kind)}({inner})"
        if isinstance(value, dict):
            items = sorted(
                f"{self.value_key(k, depth + 1)}={self.value_key(v, depth + 1)}"
                for k, v in value.items()
            )
            return f"dict{{{','.join(items)}}}"
        if isinstance(value, set | frozenset):
            return f"set{{{','.join(sorted(self.value_key(v, depth + 1) for v in value))}}}"
        array_key = _numpy_key(value)
        if array_key is not None:
            return array_key
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            fields = ",".join(
                f"{f.name}={self.value_key(getattr(value, f.name), depth + 1)}"
                for f in dataclasses.fields(value)
            )
            return f"dataclass:{_qualname(kind)}({fields})"
        if isinstance(value, types.FunctionType):
            return self._function_key(value, depth)
        if isinstance(value, types.MethodType | types.BuiltinFunctionType):
            owner = getattr(value, "__self__", None)
            if owner is not None and not isinstance(owner, types.ModuleType):
                return f"method:{self.value_key(owner, depth + 1)}.{value.__name__}"
        key = _identity_key(value)
        if key is None:
            raise Unkeyable(f"a {_qualname(kind)} value")
        _STABLE_KEYS[id(value)] = (value, key)
        return key

    def _function_key(self, fn: types.FunctionType, depth: int) -> str:
        name = f"{fn.__module__}.{fn.__qualname__}"
        if fn.__module__.split(".")[0] in _API_MODULES:
            key = f"api:{name}"
            _STABLE_KEYS[id(fn)] = (fn, key)
            return key
        # A plain Python function cannot run in a kernel, but it may be passed around
        # (a ConstExpr, a table of helpers): key it by what it is, not where it lives.
        parts = [_code_key(fn.__code__)]
        for extra in (fn.__defaults__ or (), *(_cell_values(fn))):
            try:
                parts.append(self.value_key(extra, depth + 1))
            except Unkeyable:
                parts.append(f"opaque:{_qualname(type(extra))}")
        return f"function:{name}:{hex_digest('|'.join(parts))[:24]}"

    # -- @asc.jit functions and their dependencies ---------------------------------

    def jit_key(self, jf: Any) -> str:
        """A jit function by source, location and (transitively) what it reads."""
        ident = f"{jf.fn.__module__}.{jf.fn.__qualname__}"
        if any(jf is seen for seen in self._jit_path):
            return f"jit-cycle:{ident}"
        source = jf.source
        self._jit_path.append(jf)
        try:
            deps = self.dependency_keys(source)
        finally:
            self._jit_path.pop()
        where = f"{source.filename}:{source.first_line}:{source.col_shift}"
        return f"jit:{ident}@{where}#{jf.source_hash}[{';'.join(deps)}]"

    def dependency_keys(self, source: Any) -> list[str]:
        """Keys of the globals and closure cells `source`'s function names (each
        compile() call, so keep it cheap: ~1 us per name)."""
        out = []
        fn = source.fn
        scope = fn.__globals__
        cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or (), strict=True))
        for chain, text, node, local in _chains(source):
            head = chain[0]
            if head in cells:
                try:
                    value = cells[head].cell_contents
                except ValueError:  # an unbound cell
                    out.append(f"{text}=<unbound>")
                    continue
            elif head in scope:
                value = scope[head]
            elif head in _BUILTINS:
                value = _BUILTINS[head]
            else:
                out.append(f"{text}=<unbound>")
                continue
            if type(value) is types.ModuleType and value.__name__.partition(".")[0] == "asc_xdsl":
                out.append(f"{text}=asc")  # the compiler's own API: in compiler_key()
                continue
            for attr in chain[1:]:
                if not isinstance(value, types.ModuleType | type):
                    break  # the value itself is keyed (e.g. an array and its .dtype)
                try:
                    value = getattr(value, attr)
                except Exception:
                    value = _MISSING
                    break
            if value is _MISSING:
                out.append(f"{text}=<missing>")
                continue
            memo = _STABLE_KEYS.get(id(value))
            if memo is not None and memo[0] is value:
                out.append(f"{text}={memo[1]}")
                continue
            try:
                out.append(f"{text}={self.value_key(value)}")
            except Unkeyable as e:
                if local:  # most likely the local variable of the same name
                    continue
                raise _unkeyable_global(source, node, text, e) from None
        return out


_BUILTINS = vars(builtins)
_MISSING = object()


def _unkeyable_global(source: Any, node: ast.AST, text: str, e: Unkeyable) -> Exception:
    from asc_xdsl.frontend.errors import CompileError

    line = node.lineno + source.first_line - 1
    source_line = source.lines[node.lineno - 1] if node.lineno <= len(source.lines) else None
    if source_line is not None and source.col_shift:
        source_line = " " * source.col_shift + source_line
    return CompileError(
        f"the kernel reads '{text}', {e}, which cannot be part of the compile-cache key; "
        "use numbers, strings, tuples, numpy arrays, dtypes, enums or @asc.jit functions "
        "(or pass it as a ConstExpr argument)",
        source.filename,
        line,
        node.col_offset + source.col_shift,
        source_line,
        (node.end_col_offset or node.col_offset + 1) - node.col_offset,
    )


_SCALARS = (bool, int, float, complex, str, bytes)

_STABLE_KEYS: dict[int, tuple[Any, str]] = {}
"""Keys of values that never change (modules, classes, enum members, dtypes, the
kernel API's functions), by identity; the value is held so its id stays unique."""


def _identity_key(value: Any) -> str | None:
    """The key of a value that is its name: module, class, enum member, dtype, builtin,
    or a function object of the kernel API. None for anything else."""
    from asc_xdsl.frontend.dtypes import DataType

    kind = type(value)
    if isinstance(value, DataType):
        return f"dtype:{value.name}"
    if isinstance(value, enum.Enum):
        return f"enum:{_qualname(kind)}.{value.name}"
    if isinstance(value, types.ModuleType):
        return f"module:{value.__name__}"
    if isinstance(value, type):
        return f"type:{_qualname(value)}"
    if isinstance(value, types.BuiltinFunctionType):
        return f"builtin:{getattr(value, '__module__', None)}.{value.__qualname__}"
    name = getattr(value, "__name__", None)
    if kind.__module__.split(".")[0] in _API_MODULES and isinstance(name, str):
        return f"api:{_qualname(kind)}:{name}"  # e.g. the kernel API's function objects
    return None


def _chains(source: Any) -> list[tuple[tuple[str, ...], str, ast.AST, bool]]:
    """(attribute chain, its text, first node, also bound locally?) for each free name
    of the function, computed once per parsed source."""
    cached = getattr(source, "_dependency_chains", None)
    if cached is not None:
        return cached
    tree = source.tree
    params = {a.arg for a in (*tree.args.posonlyargs, *tree.args.args, *tree.args.kwonlyargs)}
    for extra in (tree.args.vararg, tree.args.kwarg):
        if extra is not None:
            params.add(extra.arg)
    stored: set[str] = set()
    found: dict[tuple[str, ...], ast.AST] = {}
    for chain, node in _walk_chains(tree, stored):
        if chain[0] not in params and chain not in found:
            found[chain] = node
    result = [(chain, ".".join(chain), node, chain[0] in stored) for chain, node in found.items()]
    source._dependency_chains = result
    return result


def _walk_chains(tree: ast.AST, stored: set[str]) -> Iterator[tuple[tuple[str, ...], ast.AST]]:
    """Maximal `name.attr.attr` chains read in `tree` (annotations and decorators
    excluded: they do not reach the IR); the names assigned or deleted are added to
    `stored` on the way."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Attribute):
            attrs = []
            base: ast.AST = node
            while isinstance(base, ast.Attribute):
                attrs.append(base.attr)
                base = base.value
            if isinstance(base, ast.Name) and isinstance(base.ctx, ast.Load):
                yield (base.id, *reversed(attrs)), node
                continue
            stack.append(base)
            continue
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                yield (node.id,), node
            else:
                stored.add(node.id)
            continue
        if isinstance(node, ast.arg):
            continue  # annotations
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node is not tree:
            stack.append(node.args)  # nested defs are refused by the codegen anyway
            continue
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            stack.extend(node.args.defaults)
            stack.extend(d for d in node.args.kw_defaults if d is not None)
            stack.extend(node.body)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _qualname(t: type) -> str:
    return f"{t.__module__}.{t.__qualname__}"


def _code_key(code: types.CodeType) -> str:
    consts = ",".join(
        _code_key(c) if isinstance(c, types.CodeType) else f"{type(c).__name__}:{c!r}"
        for c in code.co_consts
    )
    raw = code.co_code.hex() + "|" + ",".join(code.co_names) + "|" + consts
    return hex_digest(raw)[:24]


def _cell_values(fn: types.FunctionType) -> list[Any]:
    values = []
    for cell in fn.__closure__ or ():
        with contextlib.suppress(ValueError):
            values.append(cell.cell_contents)
    return values


def _numpy_key(value: Any) -> str | None:
    np = sys.modules.get("numpy")
    if np is None:
        return None
    if isinstance(value, np.ndarray):
        if value.dtype.hasobject:
            raise Unkeyable("a numpy array of Python objects")
        data = np.ascontiguousarray(value).tobytes()
        hashed = digest(data).hexdigest()
        return f"ndarray:{value.dtype.str}:{value.shape}:{hashed}"
    if isinstance(value, np.generic):
        return f"np.{value.dtype.str}:{value.tobytes().hex()}"
    if isinstance(value, np.dtype):
        return f"np.dtype:{value.str}"
    return None
