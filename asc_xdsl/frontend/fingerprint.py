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
  dtypes by name, functions by code, defaults, closure and the globals they name,
  `@asc.jit` functions by source, location and dependencies. Classes, enum members,
  modules and dataclasses are namespaces the compile reads attributes of (`cfg.TILE`,
  `Mode.FAST.value`, a property it runs): they are keyed by all their attributes,
  recursively (a class by its bases and own attributes, an enum by its members' values,
  a dataclass by its fields, its other attributes and its class), so an attribute set,
  a class redefined or an enum value edited gives another key. The standard library's,
  installed packages' and the compiler's own are keyed by name. Anything else (an
  arbitrary object, also inside a namespace) raises `Unkeyable`, naming where it is.
* `dependency_keys(source)`: the globals and closure cells a function's AST names,
  resolved now and keyed by value. Attribute chains through namespaces
  (`cfg.TILE`, `CONFIG.tile`, `asc.TPosition.VECIN`) are followed, so what is keyed is
  what the kernel reads; a namespace named on its own (passed to a helper) is keyed
  whole.
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

from asc_xdsl.frontend.kernel_source import code_names
from asc_xdsl.utils.digest import digest, hex_digest
from asc_xdsl.utils.records import Record

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
    cache trusts (reading and hashing all ~200 files cost a tenth of a first compile).
    `os.scandir` with the relative paths built as it descends (`os.walk` with
    `os.path.relpath` per file took ten times as long)."""
    hashed = digest(f"python {sys.version_info[:2]}".encode())
    rows: list[str] = []
    folders = [("", os.fspath(root))]
    while folders:
        relative, folder = folders.pop()
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            for entry in entries:
                name = entry.name
                if entry.is_dir():  # (as `os.walk`: not into symbolic links to folders)
                    if name != "__pycache__" and not entry.is_symlink():
                        folders.append((f"{relative}{name}{os.sep}", entry.path))
                elif name.endswith(".py"):
                    with contextlib.suppress(OSError):
                        st = entry.stat()
                        rows.append(f"{relative}{name}\0{st.st_size}\0{st.st_mtime_ns}")
    hashed.update("\n".join(sorted(rows)).encode())
    return hashed.hexdigest()


class Keyer:
    """Builds keys; remembers the `@asc.jit` functions on the current path so that
    mutually recursive helpers end the walk (the codegen reports the recursion)."""

    def __init__(self) -> None:
        self._jit_path: list[Any] = []
        self._memo: dict[int, tuple[Any, str]] = {}
        """Content keys made by this Keyer (one key's values do not change while it is
        built), by identity; the value is held so its id stays unique."""
        self._open: set[int] = set()
        """Namespaces being keyed: a reference back to one is keyed by its name."""
        self.reads: Reads | None = None
        """When set, every global and closure cell the jit keys read (see `Reads`)."""

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
        if isinstance(value, type):
            return self._class_key(value, depth)
        if isinstance(value, types.FunctionType):
            return self._function_key(value, depth)
        jit_function, const_expr = _jit_types()
        if isinstance(value, jit_function):
            return self.jit_key(value)
        if isinstance(value, const_expr):
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
        if isinstance(value, types.ModuleType) and not _installed(value.__name__):
            return self._namespace(value, depth, self._module_key)
        if isinstance(value, enum.Enum) and not _installed(kind.__module__):
            return self._namespace(value, depth, self._enum_key)
        if dataclasses.is_dataclass(value) or isinstance(value, Record):
            return self._namespace(value, depth, self._dataclass_key)
        if isinstance(value, types.MethodType | types.BuiltinFunctionType):
            owner = getattr(value, "__self__", None)
            if owner is not None and not isinstance(owner, types.ModuleType):
                return f"method:{self.value_key(owner, depth + 1)}.{value.__name__}"
        key = _identity_key(value)
        if key is not None:
            _STABLE_KEYS[id(value)] = (value, key)
            return key
        if kind.__module__.partition(".")[0] == "asc_xdsl" and hasattr(value, "__dict__"):
            # a record of the kernel API's (a Python Struct's field): by its attributes
            return self._namespace(value, depth, self._record_key)
        raise Unkeyable(f"a {_qualname(kind)} value")

    def _record_key(self, value: Any, depth: int) -> str:
        where = f"{_qualname(type(value))} value"
        parts = [
            f"{name}={self._attribute_key(attr, depth, name, where)}"
            for name, attr in sorted(vars(value).items())
        ]
        return f"record:{_qualname(type(value))}({';'.join(parts)})"

    # -- namespaces: keyed by everything a compile could read in them -----------------
    #
    # A kernel reads a class's, an enum's, a module's or a dataclass's attributes while
    # it compiles (`cfg.TILE`, `Mode.FAST.value`, a method or property it runs), so
    # those are keyed by the values of all their attributes, not by their name: an
    # attribute set, a class or enum edited and defined again (a notebook cell run
    # again), a module attribute changed all give another key. Those of the compiler,
    # the standard library and installed packages are keyed by name (`_installed`).

    def _namespace(self, value: Any, depth: int, build: Any) -> str:
        ident = id(value)
        memo = self._memo.get(ident)
        if memo is not None and memo[0] is value:
            return memo[1]
        if ident in self._open:  # (its content is in the key that reached it)
            return f"cycle:{_label(value)}"
        self._open.add(ident)
        try:
            key = build(value, depth)
        finally:
            self._open.discard(ident)
        self._memo[ident] = (value, key)
        return key

    def _class_key(self, cls: type, depth: int) -> str:
        if _installed(cls.__module__):
            key = f"type:{_qualname(cls)}"
            _STABLE_KEYS[id(cls)] = (cls, key)
            return key
        return self._namespace(cls, depth, self._class_content)

    def _class_content(self, cls: type, depth: int) -> str:
        where = f"class {_qualname(cls)}"
        members = cls.__members__ if isinstance(cls, enum.EnumMeta) else {}
        parts = [self.value_key(base, depth + 1) for base in cls.__bases__]
        if type(cls) is not type:
            parts.append(f"metaclass={self.value_key(type(cls), depth + 1)}")
        own = vars(cls)
        made = "__dataclass_params__" in own  # (its generated methods: their code says all)
        for name in sorted(own):
            if name in _NOT_READ or name in members or (members and _is_sunder(name)):
                continue  # (an enum's members by value below; its sunder names are enum's)
            attr = own[name]
            if made and _generated(attr):
                code = getattr(attr, "__wrapped__", attr).__code__
                parts.append(f"{name}=generated:{_code_key(code)}")
                continue
            parts.append(f"{name}={self._attribute_key(attr, depth, name, where)}")
        for name, member in members.items():
            parts.append(f"{name}:{self._attribute_key(member._value_, depth, name, where)}")
        return f"class:{_qualname(cls)}({';'.join(parts)})"

    def _module_key(self, module: types.ModuleType, depth: int) -> str:
        where = f"module {module.__name__}"
        parts = [
            f"{name}={self._attribute_key(attr, depth, name, where)}"
            for name, attr in sorted(vars(module).items())
            if not (name.startswith("__") and name.endswith("__"))
        ]
        return f"module:{module.__name__}({';'.join(parts)})"

    def _enum_key(self, member: enum.Enum, depth: int) -> str:
        where = f"enum member {_qualname(type(member))}.{member._name_}"
        extras = [
            f"{name}={self._attribute_key(attr, depth, name, where)}"
            for name, attr in sorted(vars(member).items())
            if not _is_sunder(name) and not name.startswith("__")
        ]
        cls = self.value_key(type(member), depth + 1)
        return f"enum:{cls}.{member._name_}({';'.join(extras)})"

    def _dataclass_key(self, value: Any, depth: int) -> str:
        where = f"{_qualname(type(value))} value"
        if isinstance(value, Record):  # (our records: a dataclass's fields, without its code)
            names = list(value._FIELDS)
        else:
            names = [f.name for f in dataclasses.fields(value)]
        parts = [f"{n}={self._attribute_key(getattr(value, n), depth, n, where)}" for n in names]
        # attributes that are not fields (set in __post_init__, say) are read alike
        extra = getattr(value, "__dict__", {})
        parts += [
            f"+{n}={self._attribute_key(extra[n], depth, n, where)}"
            for n in sorted(extra)
            if n not in names
        ]
        cls = self.value_key(type(value), depth + 1)
        return f"dataclass:{cls}({','.join(parts)})"

    def _attribute_key(self, attr: Any, depth: int, name: str, where: str) -> str:
        """An attribute of a namespace: descriptors by the functions they run."""
        try:
            if isinstance(attr, staticmethod | classmethod):
                return f"{type(attr).__name__}:{self.value_key(attr.__func__, depth + 1)}"
            if isinstance(attr, property):
                run = (attr.fget, attr.fset, attr.fdel)
                return f"property:{','.join(self.value_key(f, depth + 1) for f in run)}"
            if isinstance(attr, functools.cached_property):
                return f"cached_property:{self.value_key(attr.func, depth + 1)}"
            if isinstance(attr, _SLOTS):
                return type(attr).__name__  # a __slots__ entry: its value is the instance's
            return self.value_key(attr, depth + 1)
        except Unkeyable as e:
            raise Unkeyable(f"{e}, in attribute '{name}' of {where}") from None

    def _function_key(self, fn: types.FunctionType, depth: int) -> str:
        if _installed(fn.__module__):
            key = f"api:{fn.__module__}.{fn.__qualname__}"
            _STABLE_KEYS[id(fn)] = (fn, key)
            return key
        return self._namespace(fn, depth, self._function_content)

    def _function_content(self, fn: types.FunctionType, depth: int) -> str:
        # A plain Python function cannot run in a kernel, but it may be passed around
        # (a ConstExpr, a table of helpers), and the compile runs a property's or a
        # special method's: key it by what it is -- its code, defaults, closure and the
        # globals it names -- not where it lives. What cannot be keyed is keyed by its
        # type; modules it names by their name.
        parts = [_code_key(fn.__code__)]
        scope = fn.__globals__
        named = [(n, scope[n]) for n in code_names(fn.__code__) if n in scope]
        for label, extra in (
            ("defaults", fn.__defaults__ or ()),
            ("kwdefaults", fn.__kwdefaults__ or {}),
            *(("cell", v) for v in _cell_values(fn)),
            *named,
        ):
            if isinstance(extra, types.ModuleType):
                parts.append(f"{label}=module:{extra.__name__}")
                continue
            try:
                parts.append(f"{label}={self.value_key(extra, depth + 1)}")
            except Unkeyable:
                parts.append(f"{label}=opaque:{_qualname(type(extra))}")
        name = f"{fn.__module__}.{fn.__qualname__}"
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
        reads = self.reads
        for chain, text, node, local in _chains(source):
            head = chain[0]
            if head in cells:
                try:
                    value = cells[head].cell_contents
                except ValueError:  # an unbound cell
                    out.append(f"{text}=<unbound>")
                    if reads is not None:
                        reads.add(cells[head], scope, head, (), _MISSING)
                    continue
            elif head in scope:
                value = scope[head]
            elif head in _BUILTINS:
                value = _BUILTINS[head]
            else:
                out.append(f"{text}=<unbound>")
                if reads is not None:
                    reads.add(None, scope, head, (), _MISSING)
                continue
            if type(value) is types.ModuleType and value.__name__.partition(".")[0] == "asc_xdsl":
                out.append(f"{text}=asc")  # the compiler's own API: in compiler_key()
                if reads is not None:
                    reads.add(cells.get(head), scope, head, (), value)
                continue
            walked = 0
            for attr in chain[1:]:
                if not _namespace_like(value):
                    break  # the value itself is keyed (e.g. an array and its .dtype)
                walked += 1
                try:
                    value = getattr(value, attr)
                except Exception:
                    value = _MISSING
                    break
            if reads is not None:
                reads.add(cells.get(head), scope, head, chain[1 : 1 + walked], value)
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


class Reads:
    """The globals and closure cells a jit key read (`Keyer.reads`), by identity, so a
    launch can tell cheaply that the key would come out the same: every name resolves
    to the very objects it did, and each of those is keyed by identity alone (numbers,
    strings, None, the compiler's and installed packages' modules, classes and
    functions, `@asc.jit` functions, whose own reads are here too, and tuples of
    those). A key that read any other value (a list, an array, a class or function of
    the program's own) is `volatile`: only computing it again tells."""

    def __init__(self) -> None:
        self._reads: dict[tuple[int, str, tuple[str, ...]], tuple[Any, ...]] = {}

    def add(
        self, cell: Any, scope: dict[str, Any], head: str, attrs: tuple[str, ...], value: Any
    ) -> None:
        where = (id(cell) if cell is not None else id(scope), head, attrs)
        self._reads.setdefault(where, (cell, scope, head, attrs, value))

    @property
    def volatile(self) -> bool:
        """Whether a value read is keyed by more than its identity (ask after the key
        is made: keying remembers which values are identity-keyed)."""
        return not all(_identity_keyed(read[4]) for read in self._reads.values())

    def unchanged(self) -> bool:
        """Whether every name still resolves to the object it did (for a key that is not
        `volatile`, whether the key is the same)."""
        for cell, scope, head, attrs, value in self._reads.values():
            try:
                if cell is not None:
                    now = cell.cell_contents
                else:
                    now = scope.get(head, _MISSING)
                    if now is _MISSING:
                        now = _BUILTINS.get(head, _MISSING)
                for attr in attrs:
                    now = getattr(now, attr)
            except Exception:
                return False
            if now is not value:
                return False
        return True


def _identity_keyed(value: Any, depth: int = 0) -> bool:
    """Whether `value`'s key depends on its identity alone (see `Reads`)."""
    if value is None or value is _MISSING or type(value) in _SCALARS:
        return True
    memo = _STABLE_KEYS.get(id(value))
    if memo is not None and memo[0] is value:
        return True
    if type(value) is types.ModuleType and value.__name__.partition(".")[0] == "asc_xdsl":
        return True
    if type(value) is tuple and depth < 4:
        return all(_identity_keyed(v, depth + 1) for v in value)
    jit_function, _ = _jit_types()
    return isinstance(value, jit_function)


def _unkeyable_global(source: Any, node: ast.AST, text: str, e: Unkeyable) -> Exception:
    from asc_xdsl.frontend.errors import CompileError

    line = node.lineno + source.first_line - 1
    source_line = source.lines[node.lineno - 1] if node.lineno <= len(source.lines) else None
    if source_line is not None and source.col_shift:
        source_line = " " * source.col_shift + source_line
    return CompileError(
        f"the kernel reads '{text}', {e}, which cannot be part of the compile-cache key; "
        "a kernel reads numbers, strings, tuples, numpy arrays, dtypes, enums, dataclasses, "
        "classes, modules and @asc.jit functions made of those (of another object, read "
        "just the attributes it needs, as in `CONFIG.tile`)",
        source.filename,
        line,
        node.col_offset + source.col_shift,
        source_line,
        (node.end_col_offset or node.col_offset + 1) - node.col_offset,
    )


_SCALARS = (bool, int, float, complex, str, bytes)

_STABLE_KEYS: dict[int, tuple[Any, str]] = {}
"""Keys of values that never change (dtypes; the modules, classes, enum members and
functions of the compiler, the standard library and installed packages), by identity;
the value is held so its id stays unique."""


_NOT_READ = frozenset(
    {
        "__dict__",
        "__weakref__",
        "__doc__",
        "__module__",
        "__qualname__",
        "__annotations__",
        "__annotate__",
        "__annotate_func__",
        "__annotations_cache__",
        "__dataclass_fields__",  # (a field's default is a class attribute too)
        "__dataclass_params__",
        "__orig_bases__",
        "__parameters__",
        "__firstlineno__",
        "__static_attributes__",
        "_abc_impl",
    }
)
"""Class attributes a compile never reads (bookkeeping, annotations, documentation)."""

_SLOTS = (types.MemberDescriptorType, types.GetSetDescriptorType)

_INSTALLED: dict[str, bool] = {}


def _installed(module: Any) -> bool:
    """Whether the objects of module `module` (a name) are the compiler's, the standard
    library's or an installed package's (site-packages): keyed by name, as changing them
    is an upgrade, not an edit (the compiler's own are in `compiler_key`)."""
    if not isinstance(module, str):
        return False
    found = _INSTALLED.get(module)
    if found is not None:
        return found
    top = module.partition(".")[0]
    if top in _API_MODULES or top in sys.stdlib_module_names:
        found = True
    else:
        loaded = sys.modules.get(top)
        if loaded is None:
            return False
        parts = Path(getattr(loaded, "__file__", None) or "").parts
        found = "site-packages" in parts or "dist-packages" in parts
    _INSTALLED[module] = found
    return found


def _namespace_like(value: Any) -> bool:
    """Whether an attribute chain is followed through `value` (`cfg.TILE`: the value of
    TILE is keyed, not all of cfg): modules, classes, enum members and instances of the
    user's classes; values keyed by content (numbers, arrays, tuples) end a chain."""
    if isinstance(value, types.ModuleType | type | enum.Enum):
        return True
    return not _installed(type(value).__module__)


@functools.cache
def _jit_types() -> tuple[type, type]:
    from asc_xdsl.frontend.jit import ConstExpr, JITFunction

    return JITFunction, ConstExpr


def _generated(attr: Any) -> bool:
    """Whether a dataclass's attribute is a method `dataclasses` wrote (`__init__`,
    `__eq__`, ...): its code is all there is to it (its closure and globals are the
    machinery of dataclasses; the defaults it uses are class attributes, keyed too)."""
    made = getattr(attr, "__wrapped__", attr)  # (__repr__ is wrapped against recursion)
    return isinstance(made, types.FunctionType) and made.__code__.co_filename == "<string>"


def _is_sunder(name: str) -> bool:
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_"


def _label(value: Any) -> str:
    name = getattr(value, "__qualname__", None) or getattr(value, "__name__", None)
    return name if isinstance(name, str) else _qualname(type(value))


def _identity_key(value: Any) -> str | None:
    """The key of a value that is its name: a dtype, or a module, enum member, builtin or
    function object of the compiler, the standard library or an installed package (the
    user's are keyed by content before). None for anything else."""
    from asc_xdsl.dialects.dtypes import DataType

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


_CODE_KEYS: dict[int, tuple[types.CodeType, str]] = {}


def _code_key(code: types.CodeType) -> str:
    memo = _CODE_KEYS.get(id(code))  # (code objects never change)
    if memo is not None and memo[0] is code:
        return memo[1]
    key = _code_text_key(code)
    _CODE_KEYS[id(code)] = (code, key)
    return key


def _code_text_key(code: types.CodeType) -> str:
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
