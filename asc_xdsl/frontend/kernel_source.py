"""A kernel's parsed source and the kinds of its parameters: what the JIT needs to
key a kernel (fingerprint.py, the disk cache) and to bind a launch's arguments,
without xDSL. The code generator (codegen.py) builds the IR from them; a disk-cache
hit that launches a stored binary never imports it.
"""

from __future__ import annotations

import ast
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asc_xdsl.frontend.dtypes import DataType


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
        self._read_outside: dict[int, frozenset[str]] = {}

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
