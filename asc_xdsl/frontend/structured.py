"""Rewrite `break`, `continue` and early `return` into structured control flow.

scf has no jumps, so before code generation the kernel's AST is rewritten:

* a loop that breaks or continues becomes a `while` with flags:

      for i in range(a, b, s):            _i_1 = a; _stop_1 = b; _break_1 = False
          if c: break              ->     while _i_1 < _stop_1 and not _break_1:
          work(i)                             i = _i_1; _i_1 = _i_1 + s
                                              if c: _break_1 = True
                                              if not _break_1: work(i)

  (`continue` sets `_continue_N`, reset at the top of each iteration); the statements
  after one that may jump run under `if not (flags)`;
* the statements after an `if` that returns are moved into its branches, so every
  `return` ends a branch; the code generator then merges the branches' return values
  (an `scf.if` result).
"""

from __future__ import annotations

import ast
import copy
import itertools

_GENERATED = frozenset(("_break", "_continue", "_i", "_stop"))
"""The stems of the names this rewrite introduces (`_break_1`, `_i_1`, ...)."""


def is_generated(name: str) -> bool:
    r"""Whether `name` is a variable of this rewrite (never a Python value after its loop):
    a stem of `_GENERATED`, `_` and a number (what `re.fullmatch(r"_(break|continue|i|stop)_\d+")`
    finds, without compiling it as the module loads)."""
    stem, sep, number = name.rpartition("_")
    return bool(sep) and stem in _GENERATED and number.isdecimal()


def may_jump(text: str) -> bool:
    """Whether a function's source `text` may hold a statement `lower_jumps` rewrites:
    without the words `break`, `continue` and `return` (in comments and strings too) it
    holds none, and the walk of its tree is spared."""
    return "break" in text or "continue" in text or "return" in text


def lower_jumps(fdef: ast.FunctionDef) -> ast.FunctionDef:
    counter = itertools.count(1)
    fdef.body = _hoist_returns(_lower_loops(fdef.body, counter))
    if next(counter) > 1:  # a loop was lowered: the nodes made for it take locations
        ast.fix_missing_locations(fdef)  # (hoisted returns are copies, with theirs)
    return fdef


# -- loops ---------------------------------------------------------------------


def _jumps(node: ast.AST) -> tuple[bool, bool]:
    """(breaks, continues) of the loop that owns `node` (nested loops excluded)."""
    breaks = continues = False
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Break):
            breaks = True
        elif isinstance(n, ast.Continue):
            continues = True
        elif isinstance(n, ast.For | ast.While | ast.FunctionDef | ast.Lambda):
            continue
        stack.extend(ast.iter_child_nodes(n))
    return breaks, continues


def _name(id_: str, store: bool = False) -> ast.Name:
    return ast.Name(id=id_, ctx=ast.Store() if store else ast.Load())


def _assign(id_: str, value: ast.expr, like: ast.AST) -> ast.Assign:
    return ast.copy_location(ast.Assign(targets=[_name(id_, True)], value=value), like)


def _lower_loops(stmts: list[ast.stmt], counter: itertools.count) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    for stmt in stmts:
        for field in ("body", "orelse"):
            if isinstance(getattr(stmt, field, None), list):
                setattr(stmt, field, _lower_loops(getattr(stmt, field), counter))
        if isinstance(stmt, ast.For | ast.While) and not stmt.orelse:
            breaks, continues = _jumps(ast.Module(body=stmt.body, type_ignores=[]))
            if breaks or continues:
                out.extend(_lower_loop(stmt, next(counter), breaks, continues))
                continue
        out.append(stmt)
    return out


def _is_runtime_range(call: ast.expr) -> bool:
    if not isinstance(call, ast.Call) or call.keywords:
        return False
    fn = call.func
    name = fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""
    return name == "range" and 1 <= len(call.args) <= 3


def _lower_loop(loop: ast.For | ast.While, k: int, breaks: bool, continues: bool) -> list[ast.stmt]:
    brk, cnt = f"_break_{k}", f"_continue_{k}"
    flags = ([brk] if breaks else []) + ([cnt] if continues else [])
    prologue: list[ast.stmt] = []
    head: list[ast.stmt] = []
    if isinstance(loop, ast.For):
        if not _is_runtime_range(loop.iter):
            return [loop]  # static loops and other iterables keep their jumps (reported later)
        args = loop.iter.args  # type: ignore[attr-defined]
        start, stop, step = (
            (ast.Constant(0), args[0], ast.Constant(1))
            if len(args) == 1
            else (args[0], args[1], args[2] if len(args) == 3 else ast.Constant(1))
        )
        it, end = f"_i_{k}", f"_stop_{k}"
        prologue += [_assign(it, start, loop), _assign(end, stop, loop)]
        test: ast.expr = ast.Compare(left=_name(it), ops=[ast.Lt()], comparators=[_name(end)])
        head += [
            ast.copy_location(ast.Assign(targets=[loop.target], value=_name(it)), loop),
            _assign(it, ast.BinOp(left=_name(it), op=ast.Add(), right=step), loop),
        ]
    else:
        test = loop.test
    if breaks:
        prologue.append(_assign(brk, ast.Constant(False), loop))
        test = ast.BoolOp(
            op=ast.And(), values=[test, ast.UnaryOp(op=ast.Not(), operand=_name(brk))]
        )
    if continues:
        head.append(_assign(cnt, ast.Constant(False), loop))
    body = head + _guard(loop.body, brk, cnt, flags)
    new = ast.copy_location(ast.While(test=test, body=body, orelse=[]), loop)
    if isinstance(loop, ast.For):
        # the for loop's own names stay the loop's, as in a for loop without jumps
        new.loop_names = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}  # type: ignore[attr-defined]
    return [*prologue, new]


def _guard(stmts: list[ast.stmt], brk: str, cnt: str, flags: list[str]) -> list[ast.stmt]:
    """Replace jumps by flag assignments; run what follows a possible jump under a guard."""
    out: list[ast.stmt] = []
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, ast.Break):
            out.append(_assign(brk, ast.Constant(True), stmt))
            return out
        if isinstance(stmt, ast.Continue):
            out.append(_assign(cnt, ast.Constant(True), stmt))
            return out
        if not any(_jumps(stmt)):
            out.append(stmt)
            continue
        if isinstance(stmt, ast.If):
            stmt.body = _guard(stmt.body, brk, cnt, flags) or [ast.Pass()]
            stmt.orelse = _guard(stmt.orelse, brk, cnt, flags)
        out.append(stmt)
        rest = stmts[i + 1 :]
        if rest:
            still = (
                ast.BoolOp(op=ast.Or(), values=[_name(f) for f in flags])
                if len(flags) > 1
                else _name(flags[0])
            )
            guard = ast.If(
                test=ast.UnaryOp(op=ast.Not(), operand=still),
                body=_guard(rest, brk, cnt, flags),
                orelse=[],
            )
            out.append(ast.copy_location(guard, rest[0]))
        return out
    return out


# -- returns -------------------------------------------------------------------


def _returns(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Return) for n in ast.walk(node))


def _terminates(body: list[ast.stmt]) -> bool:
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.Return):
        return True
    return isinstance(last, ast.If) and _terminates(last.body) and _terminates(last.orelse)


def _hoist_returns(stmts: list[ast.stmt]) -> list[ast.stmt]:
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, ast.If) and _returns(stmt):
            rest = stmts[i + 1 :]
            if rest:
                if not _terminates(stmt.body):
                    stmt.body = stmt.body + copy.deepcopy(rest)
                if not _terminates(stmt.orelse):
                    stmt.orelse = stmt.orelse + copy.deepcopy(rest)
            stmt.body = _hoist_returns(stmt.body)
            stmt.orelse = _hoist_returns(stmt.orelse)
            return [*stmts[:i], stmt]
    return stmts
