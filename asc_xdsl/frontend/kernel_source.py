"""A kernel's parsed source and the kinds of its parameters: what the JIT needs to
key a kernel (fingerprint.py, the disk cache) and to bind a launch's arguments,
without xDSL. The code generator (codegen.py) builds the IR from them; a disk-cache
hit that launches a stored binary never imports it.
"""

from __future__ import annotations
import __future__

import ast
import contextlib
import dis
import functools
import inspect
import linecache
import operator
import os
import re
import sys
import textwrap
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asc_xdsl.dialects.dtypes import DataType


def snapshot(fn: Callable[..., Any]) -> tuple[list[str], int] | None:
    """The lines of `fn`'s file and the index of its first line (its first decorator),
    as they are now: `@asc.jit` takes this when it decorates, so the kernel compiled
    later is the text the function was made from even if the file is edited in between
    (`linecache` replaces its list on a re-read; the list kept here never changes).
    None when the file's text is not to be had (`exec`, the interactive prompt)."""
    code = getattr(inspect.unwrap(fn), "__code__", None)
    if not inspect.iscode(code):
        return None
    file = code.co_filename
    if not file.startswith("<") and os.path.isfile(file):
        linecache.checkcache(file)  # (re-read only if the file changed since it was read)
    lines = linecache.getlines(file, getattr(fn, "__globals__", None))
    start = code.co_firstlineno - 1
    if not lines or not 0 <= start < len(lines):
        return None
    while start > 0 and not _def_or_decorator(lines[start]):
        start -= 1
    return lines, start


def source_block(
    fn: Callable[..., Any], taken: tuple[list[str], int] | None = None
) -> tuple[list[str], int, ast.Module | None]:
    """`inspect.getsourcelines(fn)`, and the dedented block's parse when it was made;
    from `taken` (a `snapshot`) when given, else from the file as it is now.

    inspect finds where a function's block ends by tokenizing it in Python (2-5 ms for a
    30-line kernel, more than a warm compile of it). Here the block ends before the
    first code line indented no deeper than its `def` (or first decorator), and stands
    if its dedented text parses to that one function ending on the block's last line:
    a string or bracket reaching back to that column would not parse. Blocks this cannot
    settle (tabs, trailing comments, which inspect keeps when indented as the body) are
    inspect's. Raises inspect's OSError or TypeError when there is no source."""
    lines, start = taken if taken is not None else _find_source(fn)
    block = _indented_block(lines, start)
    if block is not None:
        try:
            tree = ast.parse(textwrap.dedent("".join(block)))
        except SyntaxError:
            tree = None
        if (
            tree is not None
            and len(tree.body) == 1
            and isinstance(tree.body[0], ast.FunctionDef | ast.AsyncFunctionDef)
            and tree.body[0].end_lineno == len(block)
        ):
            return block, start + 1, tree
    return inspect.getblock(lines[start:]), start + 1, None


_DEF_OR_DECORATOR = r"^(\s*def\s)|(\s*async\s+def\s)|(.*(?<!\w)lambda(:|\s))|^(\s*@)"
"""The lines `inspect.findsource` takes for a function's first (its own pattern)."""


def _def_or_decorator(line: str) -> bool:
    """Whether `_DEF_OR_DECORATOR` matches `line`. A decorated function's first line is
    its first decorator, which answers without the pattern (compiled by `re` on first
    need: ~1 M instructions of a cold start otherwise; docs/performance.md)."""
    text = line.lstrip()
    if text[:1] == "@" or text.startswith(("def ", "def\t")):
        return True
    return re.match(_DEF_OR_DECORATOR, line) is not None


def _find_source(fn: Any) -> tuple[list[str], int]:
    """`inspect.findsource(fn)` for a function or code object of a file on disk, without
    its search of every loaded module for `fn`'s (4 ms in a fresh process): the file's
    lines from `linecache`, read with the function's globals (their loader) as
    inspect's are, and its first line found as inspect finds it."""
    code = getattr(inspect.unwrap(fn), "__code__", fn)
    file = getattr(code, "co_filename", "")
    if not inspect.iscode(code) or file.startswith("<") or not os.path.isfile(file):
        return inspect.findsource(fn)
    linecache.checkcache(file)
    lines = linecache.getlines(file, getattr(fn, "__globals__", None))
    start = code.co_firstlineno - 1
    if not lines or not 0 <= start < len(lines):
        return inspect.findsource(fn)
    while start > 0 and not _def_or_decorator(lines[start]):
        start -= 1
    return lines, start


def code_mismatch(
    code: types.CodeType,
    text: str,
    tree: ast.Module,
    first_line: int,
    filename: str,
    module_globals: dict[str, Any] | None = None,
) -> str | None:
    """How function code `code` differs from the function `tree` parses (`text`, a
    dedented block whose line 1 is line `first_line` of `filename`), or None when it is
    the one `code` was compiled from: the same name and parameters, and the same
    instructions on the same lines, with the same names, constants and local variables.

    A module-level function (`text` not indented, no closure) is first compiled as its
    module would compile it (`_same_code`, given the module's globals): the very code
    object means a match. Otherwise, or if that differs, the block is compiled on its
    own, out of its module, and what that changes is not compared (a closure's cells
    load as globals, a method of an imported module loads as an attribute, indices into
    the tables of names and constants move), nor are the lines of `assert` statements
    (pytest rewrites them in test modules)."""
    fdef = tree.body[0] if tree.body else None
    if not isinstance(fdef, ast.FunctionDef | ast.AsyncFunctionDef):
        return None  # (reported where the source is parsed)
    if fdef.name != code.co_name:
        return f"the text there defines '{fdef.name}', not '{code.co_name}'"
    if module_globals is not None and _same_code(code, text, first_line, filename, module_globals):
        return None
    try:
        module = compile(
            tree, filename, "exec", flags=code.co_flags & _FUTURE_FLAGS, dont_inherit=True
        )
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None  # (too deep or not valid: reported where it is compiled, at its line)
    twin = next(
        (c for c in module.co_consts if inspect.iscode(c) and c.co_name == code.co_name), None
    )
    if twin is None:
        return None
    shift = first_line - 1
    skip = frozenset(
        line + shift
        for node in (ast.walk(fdef) if "assert" in text else ())
        if isinstance(node, ast.Assert)
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)
    )
    if _shape(twin, shift, skip) != _shape(code, 0, skip):
        return "its text differs from the function's code"
    return None


def _same_code(
    code: types.CodeType, text: str, first_line: int, filename: str, module_globals: dict[str, Any]
) -> bool:
    """Whether `text`, compiled at its place in its module, gives exactly `code` (code
    objects compare their instructions, names, constants, variables, flags, first line
    and line and column table). Only the module context that changes a function's code
    is restored: on the line before the block, each global name the function reads that
    holds a module, or a class or function of another module, is bound by an `import`
    (CPython loads `name.f` for a call as an attribute, not a method, when `name` was
    imported); a name bound otherwise gives a difference, and the slower comparison."""
    if code.co_freevars or first_line < 2 or text[:1].isspace():
        return False
    imported = sorted(
        name
        for name in code_names(code)
        if isinstance(value := module_globals.get(name, _MISSING), types.ModuleType)
        or (
            isinstance(value, type | types.FunctionType)
            and getattr(value, "__module__", None) != module_globals.get("__name__")
        )
    )
    stubs = ", ".join(f"sys as {name}" for name in imported)
    head = f"import {stubs}" if stubs else ""
    source = head + "\n" * (first_line - 1) + text
    try:
        module = compile(
            source, filename, "exec", flags=code.co_flags & _FUTURE_FLAGS, dont_inherit=True
        )
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return any(c == code for c in module.co_consts if inspect.iscode(c))


_MISSING = object()

_CODE_NAMES: dict[int, tuple[types.CodeType, tuple[str, ...]]] = {}


def code_names(code: types.CodeType) -> tuple[str, ...]:
    """The names `code` and the code nested in it load (globals among them), kept per
    code object (the key's walk asks it at every compile)."""
    memo = _CODE_NAMES.get(id(code))
    if memo is not None and memo[0] is code:
        return memo[1]
    names = dict.fromkeys(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names.update(dict.fromkeys(code_names(const)))
    found = tuple(names)
    _CODE_NAMES[id(code)] = (code, found)
    return found


_FUTURE_FLAGS = functools.reduce(
    operator.or_, (getattr(__future__, n).compiler_flag for n in __future__.all_feature_names)
)


def _opcodes(*names: str) -> frozenset[int]:
    return frozenset(dis.opmap[n] for n in names if n in dis.opmap)


# The raw bytecode, read here (`dis` costs a millisecond a kernel), by what compiling
# out of context changes: instructions dropped, taken as their context-free twin, or
# with their argument read as what it names (a name, a local, a constant: their indices
# move) or dropped (a jump offset: inline caches move it).
_EXTENDED_ARG = dis.opmap["EXTENDED_ARG"]
_STORES_GLOBAL = frozenset(dis.opmap[n] for n in ("STORE_GLOBAL", "DELETE_GLOBAL"))
_DROPPED = _opcodes("CACHE", "RESUME", "NOP", "PUSH_NULL", "PRECALL", "COPY_FREE_VARS", "MAKE_CELL")
_TWIN = {
    dis.opmap[a]: dis.opmap[b]
    for a, b in (
        ("LOAD_METHOD", "LOAD_ATTR"),
        ("LOAD_DEREF", "LOAD_GLOBAL"),
        ("LOAD_CLASSDEREF", "LOAD_GLOBAL"),
        ("LOAD_CLOSURE", "LOAD_GLOBAL"),
        ("STORE_DEREF", "STORE_GLOBAL"),
        ("DELETE_DEREF", "DELETE_GLOBAL"),
    )
    if a in dis.opmap and b in dis.opmap
}
_JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs)
# name ops whose argument carries flags in its low bits (CPython 3.11 and later)
_NAME_SHIFT = {
    dis.opmap[n]: shift
    for n, shift in (
        ("LOAD_GLOBAL", 1),
        ("LOAD_ATTR", 1 if sys.version_info >= (3, 12) else 0),
        ("LOAD_SUPER_ATTR", 2),
    )
    if n in dis.opmap
}
# What `_shape` does with each opcode, by table (one index per instruction).
_DROP, _EXTEND, _NAME, _LOCAL, _CONST, _JUMP, _ARG = range(7)


_KINDS_LIST = [_ARG] * 256
for _ops, _k in (
    (_JUMPS, _JUMP),
    (dis.hasconst, _CONST),
    (dis.haslocal, _LOCAL),
    (dis.hasfree, _LOCAL),
    (dis.hasname, _NAME),
    ((_EXTENDED_ARG,), _EXTEND),
    (_DROPPED, _DROP),
):  # (later rows win: the order of `_shape`'s tests)
    for _op in _ops:
        _KINDS_LIST[_op] = _k
_KINDS = tuple(_KINDS_LIST)
del _KINDS_LIST, _ops, _k, _op
_TWINS = tuple(_TWIN.get(op, op) for op in range(256))
_SHIFTS = tuple(_NAME_SHIFT.get(op, 0) for op in range(256))


def _shape(code: types.CodeType, offset: int, skip: frozenset[int]) -> tuple[Any, ...]:
    """What of a code object its source text decides, lines moved by `offset`; the
    instructions on the lines in `skip` left out."""
    local = getattr(code, "_varname_from_oparg", None)  # (cells and free variables too)
    names, consts, varnames = code.co_names, code.co_consts, code.co_varnames
    spans = iter(code.co_lines())
    end, line = -1, None
    out: list[Any] = []
    extended = 0
    raw = code.co_code
    size = len(raw)
    for at in range(0, size, 2):
        op = raw[at]
        kind = _KINDS[op]
        if kind == _DROP:
            continue
        arg = raw[at + 1] | extended
        if kind == _EXTEND:
            extended = arg << 8
            continue
        extended = 0
        while at >= end:
            _, end, line = next(spans, (at, size, None))
        here = None if line is None else line + offset
        if skip and here in skip:
            continue
        if kind == _NAME:
            value: Any = names[arg >> _SHIFTS[op]]
        elif kind == _LOCAL:
            value = local(arg) if local is not None else arg
        elif kind == _CONST:
            const = consts[arg]
            value = (
                _shape(const, offset, skip) if inspect.iscode(const) else (type(const), repr(const))
            )
        elif kind == _JUMP:
            value = None
        else:
            value = arg
        out.append((here, _TWINS[op], value))
    return (
        code.co_name,
        code.co_argcount,
        code.co_kwonlyargcount,
        varnames[: code.co_argcount + code.co_kwonlyargcount],
        tuple(out),
    )


def _indented_block(lines: list[str], start: int) -> list[str] | None:
    """`lines[start:]` up to the last code line before one indented no deeper than
    `lines[start]`, past the `def` line; None where that is not plainly so."""
    first = lines[start]
    depth = len(first) - len(first.lstrip())
    at = start
    while at < len(lines):  # (the decorators, to the `def`)
        text = lines[at].lstrip()
        if len(lines[at]) - len(text) == depth and text.startswith(("def ", "async def ")):
            break
        at += 1
    else:
        return None
    end = stop = at + 1  # one past the last code line; the first line after the block
    while stop < len(lines):
        line = lines[stop]
        text = line.lstrip()
        if text and not text.startswith("#"):
            # (a closing bracket continues a line: a signature's `):` is at the def's
            # own indentation in black's style)
            if len(line) - len(text) <= depth and not text.startswith((")", "]", "}")):
                break
            end = stop + 1
        stop += 1
    block = lines[start:end]
    if any("\t" in line[: len(line) - len(line.lstrip())] for line in block):
        return None
    if any(line.lstrip().startswith("#") for line in lines[end:stop]):
        return None  # (a comment after the body: inspect keeps it when indented as the body)
    return block


class FunctionSource:
    """A Python function's AST plus what is needed to report errors in its file."""

    def __init__(
        self,
        fn: Callable[..., Any],
        tree: ast.FunctionDef,
        filename: str,
        first_line: int,
        lines: list[str],
        col_shift: int,
    ):
        self.fn = fn
        self.tree = tree
        self.filename = filename
        self.first_line = first_line
        self.lines = lines
        self.col_shift = col_shift
        self.locs: dict[tuple[int, int], Any] = {}
        """(line, column) -> its location attribute."""
        self.node_locs: dict[ast.AST, Any] = {}
        """AST node -> its location attribute (nodes hash by identity)."""
        self._read_outside: dict[int, frozenset[str]] = {}

    @functools.cached_property
    def bound_names(self) -> frozenset[str]:
        """Every name the function's code binds in any of its scopes (its code object's
        and the nested ones': locals, cells, `global`/`nonlocal` stores, a class body's
        names): a superset of the names its AST assigns, read from the code objects
        (`code_mismatch` found them compiled from this text) without walking the tree.
        The names `lower_jumps` adds are not in it (`structured.is_generated`)."""
        names: set[str] = set()
        pending = [self.fn.__code__]
        while pending:
            code = pending.pop()
            names.update(code.co_varnames, code.co_cellvars, code.co_freevars)
            if not code.co_flags & inspect.CO_OPTIMIZED or _STORES_GLOBAL & set(code.co_code[::2]):
                names.update(code.co_names)  # (a class body's, or `global x`: more than enough)
            pending.extend(c for c in code.co_consts if inspect.iscode(c))
        return frozenset(names)

    def read_outside(self, node: ast.AST) -> frozenset[str]:
        """The names the function reads outside statement `node`, other than reads of
        another `for` loop's own variable inside that loop (made once per node: whether
        a loop's own variable is needed after it)."""
        key = id(node)
        found = self._read_outside.get(key)
        if found is None:
            names: set[str] = set()
            _collect_reads(self.tree, node, frozenset(), names)
            found = self._read_outside[key] = frozenset(names)
        return found

    @property
    def globals(self) -> dict[str, Any]:
        scope = dict(self.fn.__globals__)
        code = self.fn.__code__
        if self.fn.__closure__:
            for name, cell in zip(code.co_freevars, self.fn.__closure__, strict=True):
                with contextlib.suppress(ValueError):  # an unbound cell
                    scope[name] = cell.cell_contents
        return scope


def _collect_reads(tree: ast.AST, skip: ast.AST, shadowed: frozenset[str], out: set[str]) -> None:
    """Add to `out` the names read in `tree` outside `skip`, except names a `for` loop
    around the read binds (that loop's own variable)."""
    if tree is skip:
        return
    if isinstance(tree, ast.Name) and isinstance(tree.ctx, ast.Load):
        if tree.id not in shadowed:
            out.add(tree.id)
        return
    if isinstance(tree, ast.For):
        _collect_reads(tree.iter, skip, shadowed, out)
        own = {n.id for n in ast.walk(tree.target) if isinstance(n, ast.Name)}
        for stmt in [*tree.body, *tree.orelse]:
            _collect_reads(stmt, skip, shadowed | own, out)
        return
    for child in ast.iter_child_nodes(tree):
        _collect_reads(child, skip, shadowed, out)


class GmParam:
    """A kernel parameter bound to a GM array of `dtype`."""

    def __init__(self, dtype: DataType):
        self.dtype = dtype


class ScalarParam:
    """A kernel parameter passed as a runtime scalar of `dtype`."""

    def __init__(self, dtype: DataType):
        self.dtype = dtype


class StructParam:
    """A kernel parameter passed as a GM pointer to a struct (`TCubeTiling`): the host
    record's bytes in GM, as Ascend C kernels take tiling data. `cls` is the
    language's class (`asc.adv.TCubeTiling`)."""

    def __init__(self, cls: type):
        self.cls = cls
