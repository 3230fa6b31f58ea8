"""Python control flow in kernels: `if`, conditional expressions, `for`, `while` and
loop contexts (`with mm.iterate() as i:`), built as `scf` regions.

`ControlFlow` is the part of the code generator (`codegen.CodeGenerator`) that compiles
these statements. A condition or bound known at compile time folds the construct
(branches are chosen, `static_range` and loops over Python sequences unroll); otherwise
the variables a region assigns cross it as `scf.if`/`scf.for`/`scf.while` results
(`_carry`), and a scalar or tensor first bound inside one is a result too, with a
placeholder on the paths that bind nothing (`_placeholder`). It needs from the
generator: the scope and block being built, `visit`/`visit_body`/`assign`, the scalar
services (`ScalarBuilder`) and `fail`.
"""

from __future__ import annotations

import ast
import builtins
import itertools
from collections.abc import Callable, Iterator, Sequence, Set
from contextlib import contextmanager
from typing import Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects import arith, scf
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.dialects.fast_build import append_op, name_value, new_op
from asc_xdsl.frontend.scalars import _select_op, is_scalar, py_dtype
from asc_xdsl.frontend.structured import is_generated
from asc_xdsl.language.builder.values import IRValue, KernelLoop, RuntimeScalar
from asc_xdsl.language.core.range import range as device_range
from asc_xdsl.language.core.range import static_range
from asc_xdsl.language.core.utils import describe

MAX_UNROLL_ENV = "ASC_XDSL_MAX_UNROLL"
DEFAULT_MAX_UNROLL = 10_000
"""Loop bodies a kernel may unroll in total (static_range, compile-time sequences):
beyond, compiling would take minutes and gigabytes, so it is an error instead."""


class _Break(Exception):
    """`break` in the body of a loop the frontend unrolls (static_range)."""


class _Continue(Exception):
    """`continue` in the body of a loop the frontend unrolls (static_range)."""


class _Return(Exception):
    """Unwinds a helper body at a `return` (only at the end of an inlined body)."""

    def __init__(self, value: Any, node: ast.AST | None = None):
        self.value = value
        self.node = node


class ControlFlow:
    """Compiles `if`/`for`/`while`/`with` and conditional expressions (see the module
    docstring)."""

    # provided by the code generator
    scope: dict[str, Any]
    block: Block | None
    max_unroll: int
    _depth: int
    _unrolled: int
    _unrolling: list[int]
    _scoped: dict[str, str]
    _maybe_unbound: set[str]
    _open_blocks: list[Block]  # the blocks being built, outermost first

    @contextmanager
    def _in_block(self, block: Block) -> Iterator[None]:
        outer = self.block
        self.block = block
        self._depth += 1
        self._open_blocks.append(block)
        try:
            yield
        finally:
            self.block = outer
            self._depth -= 1
            self._open_blocks.pop()

    def creation_point(self) -> tuple[Block | None, Any]:
        """Where a Python value made now is created: (the block, the location)."""
        return self.block, self._loc(self.node)

    def declare(self, op: Operation, home: Block | None, loc: Any = None) -> Operation:
        """Emit `op`, which makes an object a Python value created earlier stands for
        (a `GlobalTensor()` typed by its first `set_global_buffer`), in `home`, the
        block the Python value was created in, when that block is still being built
        around the current one: at its end, so before the runtime if or loop being
        built, whose op comes after. The object's uses, on any path after its
        creation, then all see it, as C++ needs its declaration to (made in the
        current block, a use after the if or loop would not). `loc`: where the
        Python value was created."""
        if home is None or home is self.block or home not in self._open_blocks:
            return self.emit(op)
        op.location = loc if loc is not None else self._loc(self.node)
        append_op(home, op)
        return op

    def _carry(
        self, value: Any, node: ast.AST, name: str
    ) -> tuple[SSAValue, Callable[[SSAValue], Any]]:
        """An SSA value for a variable that crosses a region boundary, and how to rebuild it."""
        if isinstance(value, RuntimeScalar):
            return value.handle, lambda h, d=value.dtype: RuntimeScalar(h, d)
        if isinstance(value, IRValue) and value.handle is not None:
            return value.handle, value.with_handle
        if isinstance(value, bool):
            return self.constant(value, dt.bool_), lambda h: RuntimeScalar(h, dt.bool_)
        if isinstance(value, int):
            return self.constant(value, dt.int32), lambda h: RuntimeScalar(h, dt.int32)
        if isinstance(value, float):
            return self.constant(value, dt.float32), lambda h: RuntimeScalar(h, dt.float32)
        return self.fail(
            f"variable '{name}' holds {describe(value)}, which cannot change inside "
            "runtime control flow",
            node,
        )

    def _placeholder(self, value: Any) -> Callable[[], SSAValue] | None:
        """How to build, where the builder is, the value a variable bound on some paths
        only holds on the others (Python would raise NameError there, so it is never
        read): a zero of a scalar's type, an empty tensor (`AscendC::LocalTensor<T> t;`)
        of a tensor's. None for other values (objects, Python values), which cannot be."""
        if is_scalar(value):
            dtype = value.dtype if isinstance(value, RuntimeScalar) else py_dtype(value)
            return lambda: self.constant(0, dtype)
        from asc_xdsl.dialects.ascendc.tensor import GlobalTensorOp, LocalTensorOp
        from asc_xdsl.language.core.tensor import GlobalTensor, LocalTensor

        empty = {LocalTensor: LocalTensorOp, GlobalTensor: GlobalTensorOp}.get(type(value))
        if empty is None or value.handle is None:
            return None
        return lambda: self.emit(empty(value.handle.type)).results[0]

    def _as_type(self, value: Any, t: Any, name: str, node: ast.AST) -> SSAValue:
        """`value` as an SSA value of IR type `t` (a carried variable's type)."""
        if isinstance(value, IRValue) and not isinstance(value, RuntimeScalar):
            if value.handle is None or value.handle.type != t:
                self.fail(f"variable '{name}' changes type inside runtime control flow", node)
            return value.handle
        try:
            dtype = dt.from_ir(t)
        except TypeError:
            return self.fail(f"variable '{name}' changes type inside runtime control flow", node)
        if isinstance(value, RuntimeScalar):
            new = value.dtype
        elif isinstance(value, float):
            new = dt.float32
        elif isinstance(value, bool | int):
            new = dt.bool_ if isinstance(value, bool) and dtype.kind == "bool" else dt.int32
        else:
            return self.fail(f"variable '{name}' changes type inside runtime control flow", node)
        if new.is_float() != dtype.is_float():
            self.fail(
                f"variable '{name}' changes from {dtype.name} to {new.name} inside runtime control flow",
                node,
            )
        return self.scalar(value, dtype)

    def visit_If(self, node: ast.If) -> None:
        cond = self.truth(self.visit(node.test))
        if not isinstance(cond, RuntimeScalar):
            self.visit_body(node.body if cond else node.orelse)
            return
        before = dict(self.scope)
        branches = []
        returned: list[tuple[Any, ast.AST | None] | None] = []
        for body in (node.body, node.orelse):
            block = Block()
            self.scope = dict(before)
            with self._in_block(block):
                try:
                    self.visit_body(body)
                    returned.append(None)
                except _Return as r:
                    returned.append((r.value, r.node))
            branches.append((block, self.scope))
        (then_block, then_scope), (else_block, else_scope) = branches
        names = [
            n for n in then_scope
            if n in else_scope and not (then_scope[n] is before.get(n) and else_scope[n] is before.get(n))
            and not _same_constant(then_scope[n], else_scope[n])
        ]  # fmt: skip
        # A `return` ends a branch (structured.py moved what follows into the
        # branches): the returned values merge like variables, a tuple or list item by
        # item (`<return>0`, `<return>1`, ...).
        values = [r[0] if r is not None else None for r in returned]
        returning: Callable[[dict[str, Any]], Any] | None = None
        if any(v is not None for v in values):
            if any(r is None or r[0] is None for r in returned):
                self.fail("this function returns a value on some paths but not on others", node)
            parts, returning = self._returned_parts(returned)  # type: ignore[arg-type]
            then_scope, else_scope = dict(then_scope), dict(else_scope)
            for n, a, b in parts:
                then_scope[n], else_scope[n] = a, b
                names.append(n)
        # A name the branches bind to values of different kinds (a tensor and a
        # number, an int and a float, two objects) cannot be an scf.if result. Python
        # allows it, and so does the kernel when nothing reads the name after the if;
        # when something does, it is an error here, at the if.
        read_after = self.current_source.read_outside(node)
        for n in [n for n in names if not n.startswith("<")]:
            a, b = then_scope[n], else_scope[n]
            kind = _merge_kind(a)
            if kind is not None and kind == _merge_kind(b):
                continue
            if n not in read_after:  # (a value it held before stays: nothing reads it)
                names.remove(n)
                then_scope.pop(n)
                else_scope.pop(n)
                if n not in before:
                    self._scoped[n] = (
                        f"the runtime if at line {node.lineno + self.current_source.first_line - 1} "
                        f"(its branches bind it to {describe(a)} and {describe(b)})"
                    )
            elif kind is not None and _merge_kind(b) is not None:
                self.fail(
                    f"variable '{n}' is bound to {describe(a)} in one branch of this runtime "
                    f"if and to {describe(b)} in the other, and is read after it: a variable "
                    "read after an if must hold the same kind of value on both paths",
                    node,
                )
        self.scope = dict(before)
        # A name bound in one branch only is visible after the if when it holds a
        # scalar or a tensor: the other path yields a placeholder of its type (Python
        # would raise NameError there; the value is never read on a path that binds
        # nothing).
        one_sided = []
        for n in sorted((then_scope.keys() ^ else_scope.keys()) - before.keys()):
            in_then = n in then_scope
            value = then_scope[n] if in_then else else_scope[n]
            make = None if n.startswith("<") else self._placeholder(value)
            if make is None:
                continue
            with self._in_block(else_block if in_then else then_block):
                placeholder = _rebuild(value, make())
            (else_scope if in_then else then_scope)[n] = placeholder
            names.append(n)
            one_sided.append(n)
        # Other names bound in only one branch are not visible after the if.
        self._note_scoped(
            (then_scope.keys() | else_scope.keys()) - before.keys(), "if", node,
            {**else_scope, **then_scope},
        )  # fmt: skip
        results, rebuild = [], []
        for n in names:
            with self._in_block(then_block):
                h_then, make = self._carry(then_scope[n], node, n)
            with self._in_block(else_block):
                h_else = self._as_type(else_scope[n], h_then.type, n, node)
            results.append((h_then, h_else))
            rebuild.append(make)
        with self._in_block(then_block):
            self.emit(_yield_op([r[0] for r in results]))
        with self._in_block(else_block):
            self.emit(_yield_op([r[1] for r in results]))
        if_op = self.emit(_if_op(cond.handle, [r[0].type for r in results], then_block, else_block))
        merged: dict[str, Any] = {}
        for n, make, res in zip(names, rebuild, if_op.results, strict=True):
            if not n.startswith("<"):
                name_value(res, n)
            merged[n] = make(res)
        if returning is not None:
            raise _Return(returning(merged), node)
        self.scope.update(merged)
        self._maybe_unbound.update(one_sided)
        self._maybe_unbound.difference_update(n for n in names if n not in one_sided)
        if any(r is not None for r in returned):
            raise _Return(None, node)

    def _returned_parts(
        self, returned: list[tuple[Any, ast.AST]]
    ) -> tuple[list[tuple[str, Any, Any]], Callable[[dict[str, Any]], Any]]:
        """The values both branches of a runtime if return, as (name, then, else) to
        merge like variables, and how to rebuild the returned value from the merged
        ones (popping them). A tuple or list merges item by item, so both must have as
        many items; an item both branches give as the same Python value stays one."""
        (a, a_at), (b, b_at) = returned
        line = a_at.lineno + self.current_source.first_line - 1  # type: ignore[attr-defined]
        a_seq, b_seq = isinstance(a, tuple | list), isinstance(b, tuple | list)
        if a_seq != b_seq or (a_seq and len(a) != len(b)):
            self.fail(
                f"this function returns {_count(b)} here and {_count(a)} at line {line}: "
                "every return of a function must give the same number of values",
                b_at,
            )
        pairs = list(zip(a, b, strict=True)) if a_seq else [(a, b)]
        parts, fixed = [], {}
        for i, (x, y) in enumerate(pairs):
            if x is y or _same_constant(x, y):
                fixed[i] = x
                continue
            if _merge_kind(x) is None or _merge_kind(x) != _merge_kind(y):
                item = f" (item {i})" if a_seq else ""
                self.fail(
                    f"this function returns {describe(y)}{item} here and {describe(x)} at "
                    f"line {line}: what a function returns on each path of a runtime if "
                    "must be of one kind (numbers both int or both float, tensors of one "
                    "type)",
                    b_at,
                )
            parts.append((f"<return>{i}", x, y))

        def returning(merged: dict[str, Any]) -> Any:
            items = [
                fixed[i] if i in fixed else merged.pop(f"<return>{i}") for i in range(len(pairs))
            ]
            return rebuild_sequence(type(a), items) if a_seq else items[0]

        return parts, returning

    def visit_IfExp(self, node: ast.IfExp) -> Any:
        cond = self.truth(self.visit(node.test))
        if not isinstance(cond, RuntimeScalar):
            return self.visit(node.body if cond else node.orelse)
        (then_block, a), (else_block, b) = (
            self._branch(lambda n=n: self.visit(n)) for n in (node.body, node.orelse)
        )
        for v in (a, b):
            if isinstance(v, IRValue) and not isinstance(v, RuntimeScalar):
                self.fail("a runtime conditional expression must choose between scalars")
        dtype = self._common_dtype(a, b)
        if speculatable(then_block) and speculatable(else_block):
            self._hoist(then_block)
            self._hoist(else_block)
            op = self.emit(_select_op(cond.handle, self.scalar(a, dtype), self.scalar(b, dtype)))
            return RuntimeScalar(op.results[0], dtype)
        return self._if_value(cond, (then_block, a), (else_block, b), dtype)

    # Python evaluates only the chosen operand of `x if c else y` and the needed ones of
    # `and`/`or`. Operands whose ops cannot fail run on both paths (an arith.select);
    # one that may fail (an integer division, a tensor read: `n // d if d else 0`)
    # runs under an scf.if, so a guarded division is never executed.

    def _branch(self, build: Callable[[], Any]) -> tuple[Block, Any]:
        """Build one operand's ops into a scratch block: (block, value)."""
        block = Block()
        with self._in_block(block):
            return block, build()

    def _hoist(self, block: Block) -> None:
        for op in list(block.ops):
            op.detach()
            assert self.block is not None
            self.block.add_op(op)

    def _if_value(
        self,
        cond: RuntimeScalar,
        then: tuple[Block, Any],
        other: tuple[Block, Any],
        dtype: DataType,
    ) -> RuntimeScalar:
        """`then` if cond else `other` as an scf.if yielding one `dtype` value."""
        for block, value in (then, other):
            with self._in_block(block):
                self.emit(_yield_op([self.scalar(value, dtype)]))
        op = self.emit(_if_op(cond.handle, [dtype.ir_type()], then[0], other[0]))
        return RuntimeScalar(op.results[0], dtype)

    def _assigned_names(self, loop: ast.For | ast.While) -> list[str]:
        """The names a loop's body assigns, in order (found once per loop: the AST is
        kept with the function and compiled again for each specialisation)."""
        found = getattr(loop, "assigned_names", None)
        if found is not None:
            return found
        names: list[str] = []
        for stmt in loop.body:
            for sub in ast.walk(stmt):
                targets: list[ast.AST] = []
                if isinstance(sub, ast.Assign):
                    targets = list(sub.targets)
                elif isinstance(sub, ast.AugAssign | ast.AnnAssign | ast.For):
                    targets = [sub.target]
                for t in targets:
                    for n in ast.walk(t):
                        if (
                            isinstance(n, ast.Name)
                            and isinstance(n.ctx, ast.Store)
                            and n.id not in names
                        ):
                            names.append(n.id)
        loop.assigned_names = names  # type: ignore[union-attr]
        return names

    def visit_For(self, node: ast.For) -> None:
        if node.orelse:
            self.fail("for ... else is not supported in kernels", node, code="ASC-F101")
        iterable = self.visit(node.iter)
        if isinstance(iterable, static_range):
            bounds = [self.constexpr(a, "static_range bound", int) for a in iterable.args]
            try:
                items: Sequence[Any] = builtins.range(*bounds)
            except (TypeError, ValueError) as e:
                return self.fail(f"bad static_range: {e}", node.iter)
            self._unroll(items, node)
            return None
        if not isinstance(iterable, IRValue | device_range) and hasattr(iterable, "__iter__"):
            # A compile-time iterable (tuple, list, zip, enumerate, ...): unrolled.
            left = self.max_unroll - self._unrolled
            self._unroll(tuple(itertools.islice(iterable, max(left, 0) + 1)), node)
            return None
        if not isinstance(iterable, device_range):
            self.fail(
                f"a kernel loop iterates over range(...), asc.range(...) or asc.static_range(...), not {describe(iterable)}",
                node.iter,
            )
        if not isinstance(node.target, ast.Name):
            self.fail("the loop variable must be a plain name", node.target)
        args = list(iterable.args)
        if not 1 <= len(args) <= 3:
            self.fail("range takes 1 to 3 arguments", node.iter)
        start, stop, step = (
            (0, args[0], 1)
            if len(args) == 1
            else (args[0], args[1], args[2] if len(args) == 3 else 1)
        )
        if isinstance(step, int) and step <= 0:
            self.fail("a kernel range needs a positive step", node.iter)
        bound_type = self._common_dtype(
            *(x if isinstance(x, RuntimeScalar) else 0 for x in (start, stop))
        )
        if bound_type.is_float():
            self.fail("range bounds must be integers", node.iter)
        if bound_type.kind != "int":
            bound_type = dt.int32
        lb, ub, st = (self.scalar(x, bound_type) for x in (start, stop, step))
        target = node.target.id
        carried = [n for n in self._assigned_names(node) if n in self.scope and n != target]
        inits, rebuilds = [], []
        for n in carried:
            h, make = self._carry(self.scope[n], node, n)
            inits.append(h)
            rebuilds.append(make)
        # The loop variable after the loop (Python: its last value, or what it held
        # before when the loop does not run) is a loop result when the function reads it
        # elsewhere or it was bound before.
        keep_target = target in self.scope or target in self.current_source.read_outside(node)
        kept: list[SSAValue] = []  # the loop variable's value before the loop
        if keep_target:
            previous = self.scope.get(target, 0)
            kept.append(self._as_type(previous, bound_type.ir_type(), target, node))
        body = Block(arg_types=[bound_type.ir_type(), *[h.type for h in [*inits, *kept]]])
        name_value(body.args[0], target)
        before = dict(self.scope)
        self.scope[target] = RuntimeScalar(body.args[0], bound_type)
        for n, make, arg in zip(carried, rebuilds, body.args[1:], strict=False):
            name_value(arg, n)
            self.scope[n] = make(arg)
        if keep_target:
            name_value(body.args[len(carried) + 1], target)
        outer_unbound = self._maybe_unbound
        self._maybe_unbound = set()
        with self._in_block(body):
            try:
                self.visit_body(node.body)
            except _Return:
                self.fail("'return' inside a runtime loop is not supported", node, code="ASC-F101")
            yields = [
                self._loop_yield(n, arg, node, node)
                for n, arg in zip(carried, body.args[1:], strict=False)
            ]
            if keep_target:  # this iteration's value (the body may rebind the name)
                yields.append(body.args[0])
                rebuilds.append(lambda h, d=bound_type: RuntimeScalar(h, d))
            # A scalar or tensor first bound in the body (on every path through it) and
            # read after the loop is a loop result too: after the loop it holds the last
            # iteration's value; before the first iteration a placeholder (Python:
            # unbound if the loop never ran).
            fresh, placeholders = self._fresh(
                before, self.current_source.read_outside(node) - {target}
            )
            for n in fresh:
                h, make = self._carry(self.scope[n], node, n)
                yields.append(h)
                rebuilds.append(make)
                name_value(body.insert_arg(h.type, len(body.args)), n)
            self.emit(_yield_op(yields))
        self._maybe_unbound = outer_unbound
        inits += kept
        inits += [make() for make in placeholders]
        for_op = self.emit(scf.ForOp(lb, ub, st, inits, Region([body])))
        results = [*carried, *([target] if keep_target else []), *fresh]
        self._note_scoped(self.scope.keys() - before.keys() - set(results), "loop", node)
        self.scope = before
        for n, make, res in zip(results, rebuilds, for_op.results, strict=True):
            name_value(res, n)
            self.scope[n] = make(res)
            self._scoped.pop(n, None)

    def _loop_yield(
        self, name: str, arg: SSAValue, loop: ast.For | ast.While, statement: ast.stmt
    ) -> SSAValue:
        """What the body of `loop` yields for carried variable `name` (`arg`: its value
        at the top of the body). A variable the body rebinds to another kind of value
        (a tensor for a number, a float for an int) cannot be carried; Python allows it,
        and so does the kernel when the value from before is never read: nothing reads
        the name outside the loop (`statement`: the loop in the function's syntax
        tree), and the body reads it only after rebinding it. Its loop value then stays
        the one from before (yielded unchanged), which nothing reads."""
        value = self.scope[name]
        if (
            name not in _exposed_reads(loop)
            and name not in self.current_source.read_outside(statement)
            and not _fits(value, arg.type)
        ):
            return arg
        return self._as_type(value, arg.type, name, loop)

    def _fresh(
        self, before: dict[str, Any], read_after: Set[str]
    ) -> tuple[list[str], list[Callable[[], SSAValue]]]:
        """The names a loop body bound on every path that were not bound before it and
        that the function may read after it (`read_after`: the names it reads outside the
        loop; a name first bound in the body cannot be read in it before that binding,
        so no other read sees the last iteration's value), whose values have
        placeholders (`_placeholder`), and those placeholders' builders."""
        fresh, makers = [], []
        for n, value in self.scope.items():
            if (
                n in before or n not in read_after or n.startswith("<") or n in self._maybe_unbound
                or is_generated(n)  # a break/continue flag: never read after its loop
            ):  # fmt: skip
                continue
            make = self._placeholder(value)
            if make is not None:
                fresh.append(n)
                makers.append(make)
        return fresh, makers

    def _note_scoped(
        self, names: Any, what: str, node: ast.stmt, values: dict[str, Any] | None = None
    ) -> None:
        """Names bound inside a runtime `what` that are not visible after it, and why
        (the message a later read of one gives)."""
        line = node.lineno + self.current_source.first_line - 1
        for n in names:
            if n.startswith("<"):
                continue
            where = f"the runtime {what} at line {line}, which may not run"
            value = (values or self.scope).get(n)
            if value is not None and self._placeholder(value) is None:
                keyword = "if" if what == "if" else "loop"
                where += (
                    f", and holds {describe(value)}, which cannot be carried out of it: "
                    f"create it before the {keyword}"
                )
            self._scoped[n] = where

    def _unroll(self, items: Sequence[Any], node: ast.For) -> None:
        """One copy of the body per item, within the kernel's unroll budget."""
        if self._unrolled + len(items) > self.max_unroll:
            self.fail(
                f"unrolling this loop would make more than {self.max_unroll} copies of loop "
                f"bodies in this kernel ({len(items)} here, {self._unrolled} before); "
                "static_range and loops over compile-time sequences unroll: use range() for a "
                f"loop on the device, or raise the limit with max_unroll= or {MAX_UNROLL_ENV}",
                node.iter,
            )
        self._unrolled += len(items)
        self._unrolling.append(self._depth)
        try:
            for item in items:
                self.assign(node.target, item)
                try:
                    self.visit_body(node.body)
                except _Continue:
                    continue
                except _Break:
                    break
        finally:
            self._unrolling.pop()

    def visit_While(self, node: ast.While) -> None:
        if node.orelse:
            self.fail("while ... else is not supported in kernels", node, code="ASC-F101")
        with self._in_block(Block()):  # a scratch block: only whether the test is constant
            first = self.truth(self.visit(node.test))
        if not isinstance(first, RuntimeScalar) and not first:
            return
        carried = [n for n in self._assigned_names(node) if n in self.scope]
        inits, rebuilds = [], []
        for n in carried:
            h, make = self._carry(self.scope[n], node, n)
            inits.append(h)
            rebuilds.append(make)
        types = [h.type for h in inits]
        before_block, after_block = Block(arg_types=types), Block(arg_types=types)
        outer = dict(self.scope)
        for block in (before_block, after_block):
            for n, arg in zip(carried, block.args, strict=True):
                name_value(arg, n)
        for n, make, arg in zip(carried, rebuilds, before_block.args, strict=True):
            self.scope[n] = make(arg)
        with self._in_block(before_block):
            cond = self.truth(self.visit(node.test))
            if not isinstance(cond, RuntimeScalar):
                self.fail(
                    "a while loop needs a runtime condition (a constant one never ends)", node.test
                )
        for n, make, arg in zip(carried, rebuilds, after_block.args, strict=True):
            self.scope[n] = make(arg)
        outer_unbound = self._maybe_unbound
        self._maybe_unbound = set()
        with self._in_block(after_block):
            try:
                self.visit_body(node.body)
            except _Return:
                self.fail("'return' inside a runtime loop is not supported", node, code="ASC-F101")
            yields = [
                self._loop_yield(n, arg, node, getattr(node, "asc_statement", node))
                for n, arg in zip(carried, after_block.args, strict=True)
            ]
            # As in a for loop: a scalar or tensor first bound in the body and read
            # after the loop is a loop result (the last iteration's value), a
            # placeholder before the first. (A `with` loop's statement is the one in the
            # function's syntax tree.)
            statement = getattr(node, "asc_statement", node)
            fresh, placeholders = self._fresh(outer, self.current_source.read_outside(statement))
            for n in fresh:
                h, make = self._carry(self.scope[n], node, n)
                yields.append(h)
                rebuilds.append(make)
                types.append(h.type)
                for block in (before_block, after_block):
                    name_value(block.insert_arg(h.type, len(block.args)), n)
            self.emit(_yield_op(yields))
        self._maybe_unbound = outer_unbound
        with self._in_block(before_block):  # the test passes every value on
            self.emit(_condition_op(cond.handle, before_block.args))
        inits += [make() for make in placeholders]
        while_op = self.emit(  # (what `scf.WhileOp(...)` builds, without IRDL's builder)
            new_op(scf.WhileOp, inits, types, regions=(Region(before_block), Region(after_block)))
        )
        self._note_scoped(self.scope.keys() - outer.keys() - set(fresh), "loop", node)
        self.scope = outer
        for n, make, res in zip(carried + fresh, rebuilds, while_op.results, strict=True):
            name_value(res, n)
            self.scope[n] = make(res)
            self._scoped.pop(n, None)

    def visit_With(self, node: ast.With) -> None:
        """`with ctx as i: body` for a loop context (`KernelLoop`) of the language: the
        loop `i = 0; while ctx.condition(): body; i += 1` (built as that Python)."""
        if len(node.items) != 1:
            self.fail("'with' in a kernel takes one context", node)
        item = node.items[0]
        ctx = self.visit(item.context_expr)
        if hasattr(ctx, "region_op"):  # a region context: `with asc.vec_scope():`
            self._region_with(ctx, node)
            return
        if not isinstance(ctx, KernelLoop):
            self.fail(
                f"'with' in a kernel needs a loop context such as matmul.iterate(), got "
                f"{describe(ctx)}",
                item.context_expr,
            )
        hidden = f"with@{node.lineno}:{node.col_offset}"  # no Python name can clash
        self.scope[hidden] = ctx
        target = item.optional_vars
        if target is not None:
            if not isinstance(target, ast.Name):
                self.fail("the target of 'with ... as' must be a name", target)
            self.assign(target, 0)  # a runtime int32 once the loop carries it
        # The loop's syntax is made once per `with` (the AST is kept with the function
        # and compiled again for each specialisation).
        loop = getattr(node, "asc_loop", None)
        if loop is None:
            test = ast.Call(
                ast.Attribute(ast.Name(hidden, ast.Load()), "condition", ast.Load()), [], []
            )
            body = list(node.body)
            if target is not None:
                body.append(
                    ast.AugAssign(ast.Name(target.id, ast.Store()), ast.Add(), ast.Constant(1))
                )
            loop = ast.While(test, body, [])
            for new in ast.walk(loop):
                if not hasattr(new, "lineno"):
                    ast.copy_location(new, node)
                    new.end_lineno, new.end_col_offset = node.lineno, node.col_offset + 4
            loop.asc_statement = node  # type: ignore[attr-defined]
            node.asc_loop = loop  # type: ignore[attr-defined]
        try:
            self.visit_While(loop)
        finally:
            self.scope.pop(hidden, None)

    def _region_with(self, ctx: Any, node: ast.With) -> None:
        """`with ctx: body` for a region context of the language (`asc.vec_scope()`):
        the body built into one block, which `ctx.region_op(block)` wraps in its op
        (`ctx.refused(block)`: an op that does not belong there, and why).
        Like a vector function's, its values stay inside: a name it binds is not
        visible after it, and it may not rebind a kernel variable."""
        what = getattr(ctx, "what", "this scope")
        if node.items[0].optional_vars is not None:
            self.fail(f"'with {what}' binds no name (drop the 'as')", node.items[0].optional_vars)
        for n in ast.walk(ast.Module(list(node.body), [])):
            if isinstance(n, ast.Return | ast.Break | ast.Continue):
                self.fail(f"{type(n).__name__.lower()} inside '{what}' (it runs to its end)", n)
        before = dict(self.scope)
        block = Block()
        with self._in_block(block):
            self.visit_body(node.body)
        found = ctx.refused(block)
        if found is not None:  # (at the op's own line, not the scope's)
            from asc_xdsl.frontend.jit import _located_error

            raise _located_error(found[0], found[1], "ASC-F107")
        rebound = [n for n, v in before.items() if self.scope.get(n, v) is not v]
        if rebound:
            self.fail(
                f"variable '{rebound[0]}' is rebound inside '{what}': its values stay inside "
                "the scope (as a vector function's), so bind a new name there",
                node,
            )
        line = node.lineno + self.current_source.first_line - 1
        for n in self.scope.keys() - before.keys():
            if not n.startswith("<"):
                self._scoped[n] = f"the '{what}' at line {line} (its values stay inside it)"
        self.scope = before
        self.emit(ctx.region_op(block))

    # -- expressions --------------------------------------------------------------


# Ops that may run whether or not Python would evaluate their expression: they cannot
# fail or touch memory. (Integer division and remainder trap on zero; tensor and
# memref accesses can be out of bounds.)
_TRAPPING = (
    arith.DivSIOp,
    arith.DivUIOp,
    arith.RemSIOp,
    arith.RemUIOp,
    arith.FloorDivSIOp,
    arith.CeilDivSIOp,
    arith.CeilDivUIOp,
)


def speculatable(block: Block) -> bool:
    for top in block.ops:
        for op in top.walk():
            if isinstance(op, _TRAPPING) or not op.name.startswith(("arith.", "math.", "builtin.")):
                return False
    return True


def _merge_kind(value: Any) -> tuple[Any, ...] | None:
    """What must match for two values of a variable to merge into one scf.if result
    (`_carry` and `_as_type`): a tensor's or other IR value's type, a number's being a
    float or not; None for a value that cannot be carried."""
    if isinstance(value, RuntimeScalar):
        return ("number", value.dtype.is_float())
    if isinstance(value, IRValue):
        return None if value.handle is None else ("value", value.handle.type)
    if isinstance(value, bool | int | float):
        return ("number", isinstance(value, float))
    return None


def _fits(value: Any, t: Attribute) -> bool:
    """Whether `value` can be a carried variable of IR type `t` (what `_as_type`
    accepts without an error)."""
    if isinstance(value, IRValue) and not isinstance(value, RuntimeScalar):
        return value.handle is not None and value.handle.type == t
    try:
        dtype = dt.from_ir(t)
    except TypeError:
        return False
    kind = _merge_kind(value)
    return kind is not None and kind == ("number", dtype.is_float())


def _exposed_reads(loop: ast.For | ast.While) -> frozenset[str]:
    """The names an iteration of `loop` may read before binding them (its test, for a
    while loop, and reads in its body before a top-level assignment binds the name),
    found once per loop."""
    found = getattr(loop, "exposed_reads", None)
    if found is not None:
        return found
    exposed: set[str] = set()
    if isinstance(loop, ast.While):
        exposed |= _reads(loop.test)
    bound: set[str] = set()
    for stmt in loop.body:
        exposed |= _reads(stmt) - bound
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                bound.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    found = frozenset(exposed)
    loop.exposed_reads = found  # type: ignore[union-attr]
    return found


def _reads(node: ast.AST) -> set[str]:
    """The names `node` reads (an augmented assignment reads its target too)."""
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            names.add(n.id)
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            names.add(n.target.id)
    return names


def _rebuild(value: Any, handle: SSAValue) -> Any:
    """A value like `value` (its dtype, its kind) around another SSA value."""
    if isinstance(value, IRValue):
        return value.with_handle(handle)
    dtype = py_dtype(value)
    return RuntimeScalar(handle, dtype)


def _count(value: Any) -> str:
    if isinstance(value, tuple | list):
        return f"a {type(value).__name__} of {len(value)}"
    return "one value"


def rebuild_sequence(kind: type, items: list[Any]) -> Any:
    """A tuple, list or namedtuple of class `kind` holding `items`."""
    make = getattr(kind, "_make", None)  # a namedtuple's constructor takes fields
    return make(items) if make is not None else kind(items)


def _same_constant(a: Any, b: Any) -> bool:
    return _is_const(a) and _is_const(b) and type(a) is type(b) and a == b


def _is_const(value: Any) -> bool:
    return isinstance(value, bool | int | float | str) and not isinstance(value, IRValue)


# scf ops as their constructors make them, built by `Operation`'s (IRDL's builder sizes
# and converts each operand group first; a kernel makes a yield per branch and loop).
# tests/unit/frontend/test_scalar_builders.py compares them with the constructors.


def _yield_op(values: Sequence[SSAValue]) -> Operation:
    return new_op(scf.YieldOp, tuple(values))


def _condition_op(cond: SSAValue, values: Sequence[SSAValue]) -> Operation:
    return new_op(scf.ConditionOp, (cond, *values))


def _if_op(cond: SSAValue, types: Sequence[Attribute], then: Block, other: Block) -> Operation:
    return new_op(scf.IfOp, (cond,), tuple(types), regions=(Region([then]), Region([other])))
