"""`sccp`: MLIR's sparse conditional constant propagation over arith, scf, cf and func.

Wegman and Zadeck's algorithm on the module's SSA values and blocks (xDSL 0.74's
dataflow framework, `xdsl.analysis`, cannot yet follow regions or branches, so the
solver is here). Every value has a lattice element: not yet known (bottom), one
constant, or overdefined (top); every block is executable or not. Starting from the
entry blocks of the functions that can be called from outside (public ones, kernels,
private ones something other than a `func.call` refers to), an op is evaluated only
when its block is executable, and a value only moves up the lattice:

- `arith.constant` (any `ConstantLike` op with a folder) gives its value; a side-effect
  free op whose operands are all constants is evaluated by xDSL's interpreter
  (`xdsl.interpreters.arith`, results rounded to f16/f32 where the type is narrower
  than the interpreter's doubles), unless the operation is undefined for those operands
  (division by zero, `INT_MIN / -1`, a shift by the width or more), which is left to
  run; otherwise an op's `HasFolder` (`x * 1` -> `x`) is asked; else its results are
  overdefined.
- `scf.if` / `scf.index_switch` / `cf.cond_br` / `cf.switch` execute only the regions
  or successors their (constant) condition selects; a region's `scf.yield` and a
  branch's operands flow into the results and block arguments they reach.
- `scf.for`: the body is executable unless the bounds are constants with no
  iteration; its iteration arguments join the initial values and what the body
  yields; the results also take the initial values unless it surely iterates.
  `scf.while`: the `before` region always runs; `after` runs unless `scf.condition`
  is constant false.
- A private function every use of which is a `func.call` is analysed for its callers
  only: its arguments join the calls' operands, the calls' results its `func.return`s
  (recursion included).

Then each value proven constant is replaced by an `arith.constant` at the top of its
function's entry block (an existing one of the same value reused), ops this leaves
without uses and side effects are erased (not an `scf.while`: it may never end, and the
simulator stops such a loop at its step budget), and dead control flow goes: an `scf.if` or
`scf.index_switch` with a constant selector becomes the region it selects, an
`scf.for` that never iterates becomes its initial values, an `scf.while` whose first
condition is false becomes its `before` region, a `cf.cond_br`/`cf.switch` with a
constant selector a `cf.br`, and blocks no executable branch reaches are erased.

Before:

    func.func @kernel(%n: i32, ...) attributes {ascendc.global} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      ...
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
        %x = arith.muli %acc, %n : i32            // 0 * n, every iteration
        ascendc.global_tensor.set_value %g, %i, %x : ...
        scf.yield %x : i32
      }
      %c = arith.cmpi eq, %r, %c0 : i32            // true
      scf.if %c {
        ascendc.global_tensor.set_value %g, %c0, %r : ...
      } else {
        ascendc.global_tensor.set_value %g, %c1, %r : ...
      }

After:

      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
        ascendc.global_tensor.set_value %g, %i, %c0 : ...
        scf.yield %c0 : i32
      }
      ascendc.global_tensor.set_value %g, %c0, %c0 : ...
"""

from __future__ import annotations

import struct
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import compress
from typing import TYPE_CHECKING, Any

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import (
    Commutative,
    ConstantLike,
    HasFolder,
    IsolatedFromAbove,
    is_side_effect_free,
)

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR
from asc_xdsl.transforms.constant_fold import ROUNDING, evaluate, number, width
from asc_xdsl.transforms.ir_walk import ops_in
from asc_xdsl.transforms.symbol_dce import is_private, symbol_uses
from asc_xdsl.utils.class_tests import is_subclass
from asc_xdsl.utils.records import Record

if TYPE_CHECKING:
    from xdsl.dialects import cf  # imported where a module has cf ops


class _Overdefined:
    def __repr__(self) -> str:
        return "overdefined"


OVER = _Overdefined()
"""Top: more than one value (or one not known at compile time). Bottom is absence."""

Lattice = Attribute | _Overdefined


def _same(a: Lattice, b: Lattice) -> bool:
    """Lattice equality: integers by value (however the IR spells them), floats by
    their bits (-0.0 is not 0.0, NaN is NaN)."""
    if isinstance(a, IntegerAttr | FloatAttr) and isinstance(b, IntegerAttr | FloatAttr):
        return a.type == b.type and _bits(a) == _bits(b)
    return a == b


def _bits(attr: IntegerAttr | FloatAttr) -> int | bytes | None:
    v = number(attr)
    return struct.pack("<d", v) if isinstance(v, float) else v


def _absorbed(
    op: arith.SignlessIntegerBinaryOperation, lhs: Lattice, rhs: Lattice
) -> Attribute | SSAValue | None:
    """`x * 0` is 0, `x * 1` is x, ... with one constant operand: xDSL's absorbing
    and identity elements of the op (`is_right_zero`, `is_right_unit`)."""
    cls = type(op)
    if isinstance(rhs, IntegerAttr):
        zero, unit = _special(cls, rhs)
        if zero:
            return rhs
        if unit:
            return op.lhs
    if isinstance(lhs, IntegerAttr) and _folding(cls)[2]:
        zero, unit = _special(cls, lhs)
        if zero:
            return lhs
        if unit:
            return op.rhs
    return None


_SPECIAL: dict[tuple[type, int, int | None], tuple[bool, bool]] = {}


def _special(
    cls: type[arith.SignlessIntegerBinaryOperation], attr: IntegerAttr
) -> tuple[bool, bool]:
    """(absorbing, identity) on the right of the op class: xDSL's answers, cached by
    value and width (xDSL builds an attribute to answer; hashing one is slow too)."""
    key = (cls, attr.value.data, width(attr.type))
    found = _SPECIAL.get(key)
    if found is None:
        if len(_SPECIAL) > 4096:
            _SPECIAL.clear()  # bounded: a long-running process compiles many kernels
        found = _SPECIAL[key] = (cls.is_right_zero(attr), cls.is_right_unit(attr))
    return found


@cache
def _folding(t: type[Operation]) -> tuple[bool, HasFolder | None, bool, bool]:
    """(constant-like, its folder, commutative, an integer binary op with xDSL's
    absorbing/identity elements) of an op class (traits are per class)."""
    return (
        t.has_trait(ConstantLike),
        t.get_trait(HasFolder),
        t.has_trait(Commutative),
        is_subclass(t, arith.SignlessIntegerBinaryOperation),
    )


class _Solver:
    """The lattice of every value and the executable blocks, to a fixpoint."""

    def __init__(self, module: ModuleOp):
        self.values: dict[SSAValue, Lattice] = {}
        self.live: set[Block] = set()
        self.work: deque[Operation] = deque()
        self.queued: set[int] = set()
        """`id`s of the ops in `work` (an op's own hash is a Python call)."""
        self.callers: dict[func.FuncOp, list[func.CallOp]] = {}
        self.tracked: dict[str, func.FuncOp] = {}
        self.selects = False
        """A visit saw control flow the rewrite may simplify: a constant selector (of
        an `scf.if`, ...), a loop that never iterates, a branch, or a live block with
        siblings (whose unreachable siblings the rewrite erases)."""
        self._start(module)
        work, queued, live, visit = self.work, self.queued, self.live, self._visit
        while work:
            op = work.popleft()
            queued.discard(id(op))
            if op.parent in live:
                visit(op)

    def may_rewrite(self) -> bool:
        """Whether the rewrite may change anything: a value with uses the solver found
        constant (not an op's own constant), or control flow it may simplify. (When
        not, the rewrite would replace, erase and simplify nothing.)"""
        if self.selects:
            return True
        for v, element in self.values.items():
            if element is OVER or v.first_use is None:
                continue
            owner = v.owner
            if isinstance(owner, Block) or not _folding(type(owner))[0]:
                return True
        return False

    # -- lattice and liveness ------------------------------------------------
    def get(self, v: SSAValue) -> Lattice | None:
        return self.values.get(v)

    def join(self, v: SSAValue, new: Lattice | None) -> None:
        if new is None:
            return
        old = self.values.get(v)
        if old is OVER or (old is not None and _same(old, new)):
            return
        self.values[v] = new if old is None else OVER
        queued, work = self.queued, self.work
        use = v.first_use
        while use is not None:  # (through xDSL's links: its iterator is a generator)
            user = use.operation
            if id(user) not in queued:
                queued.add(id(user))
                work.append(user)
            use = use._next_use

    def join_all(self, targets: Iterable[SSAValue], sources: Iterable[SSAValue]) -> None:
        for t, s in zip(targets, sources, strict=True):
            self.join(t, self.get(s))

    def overdefine(self, values: Iterable[SSAValue]) -> None:
        for v in values:
            self.join(v, OVER)

    def _enqueue(self, op: Operation) -> None:
        if id(op) not in self.queued:
            self.queued.add(id(op))
            self.work.append(op)

    def mark_live(self, block: Block) -> None:
        if block not in self.live:
            self.live.add(block)
            if block._next_block is not None or block._prev_block is not None:
                self.selects = True  # the rewrite erases the blocks no branch reaches
            queued, work = self.queued, self.work
            op = block._first_op
            while op is not None:  # (through xDSL's links: its iterator is a call a step)
                if id(op) not in queued:
                    queued.add(id(op))
                    work.append(op)
                op = op._next_op

    def enter(self, region: Region, args: Iterable[SSAValue] | None) -> None:
        """Execute `region`'s entry block, its arguments joined with `args` (None:
        overdefined)."""
        block = region.first_block
        if block is None:
            return
        if args is None:
            self.overdefine(block.args)
        else:
            self.join_all(block.args, args)
        self.mark_live(block)

    # -- start ---------------------------------------------------------------
    def _start(self, module: ModuleOp) -> None:
        functions = [
            f for f in module.body.block.ops if isinstance(f, func.FuncOp) and f.body.blocks
        ]
        calls = (  # (the name first: an isinstance against an op class goes through ABCMeta)
            [c for c in ops_in(module) if c.name == "func.call" and isinstance(c, func.CallOp)]
            if functions
            else []
        )
        if calls:
            by_name = {f.sym_name.data: f for f in functions}
            call_counts: dict[str, int] = {}
            for c in calls:
                name = c.callee.root_reference.data
                call_counts[name] = call_counts.get(name, 0) + 1
            candidates = {
                n
                for n, f in by_name.items()
                if n in call_counts and is_private(f) and KERNEL_ATTR not in f.attributes
            }
            if candidates:
                uses: dict[str, int] = {}
                for ref in symbol_uses(module):
                    if ref in candidates:
                        uses[ref] = uses.get(ref, 0) + 1
                self.tracked = {
                    n: by_name[n] for n in candidates if uses.get(n, 0) == call_counts[n]
                }
            for c in calls:
                f = self.tracked.get(c.callee.root_reference.data)
                if f is not None:
                    self.callers.setdefault(f, []).append(c)
        for f in functions:
            if f.sym_name.data not in self.tracked:
                self.enter(f.body, None)
        # Other top-level ops with regions (not functions): everything executes.
        for op in module.body.block.ops:
            if not isinstance(op, func.FuncOp) and op.regions:
                self._visit_unknown(op)

    # -- transfer functions --------------------------------------------------
    def _visit(self, op: Operation) -> None:
        visit = _VISITORS.get(op.name)
        if visit is not None:
            visit(self, op)
        elif op.regions or op.successors:
            self._visit_unknown(op)
        elif op.results:
            if _opaque(type(op)):
                # `_visit_plain`'s answer for an op it cannot fold: overdefined results,
                # once every operand is known
                values = self.values
                for o in op._operands:
                    if o not in values:
                        return
                for r in op.results:
                    self.join(r, OVER)
                return
            self._visit_plain(op)

    def _visit_unknown(self, op: Operation) -> None:
        """An op whose control flow we do not model: all of it may run, with any values."""
        self.overdefine(op.results)
        for region in op.regions:
            for block in region.blocks:
                self.overdefine(block.args)
                self.mark_live(block)
        for block in op.successors:
            self.overdefine(block.args)
            self.mark_live(block)

    def _visit_plain(self, op: Operation) -> None:
        constant_like, folder, _, _ = _folding(type(op))
        if constant_like and folder is not None:
            folded = folder.fold(op)
            if folded is not None and all(isinstance(f, Attribute) for f in folded):
                for r, f in zip(op.results, folded, strict=True):
                    self.join(r, f)  # type: ignore[arg-type]
                return
        get = self.values.get
        operands = [get(o) for o in op._operands]  # (the tuple behind op.operands)
        if any(o is None for o in operands):
            return  # wait until every operand is known
        if (
            operands
            and op.name.startswith("arith.")  # what `evaluate` knows (all pure)
            and all(o is not OVER for o in operands)
        ):
            results = evaluate(op, operands)  # type: ignore[arg-type]
            if results is not None:
                for r, v in zip(op.results, results, strict=True):
                    self.join(r, v)
                return
        if isinstance(op, arith.SelectOp):  # one of its operands, or the one chosen
            if operands[0] is OVER or number(operands[0]):  # type: ignore[arg-type]
                self.join(op.result, operands[1])
            if operands[0] is OVER or not number(operands[0]):  # type: ignore[arg-type]
                self.join(op.result, operands[2])
            return
        if isinstance(op, arith.SignlessIntegerBinaryOperation):
            absorbed = _absorbed(op, operands[0], operands[1])  # type: ignore[arg-type]
            if absorbed is not None:
                self.join(
                    op.result, absorbed if isinstance(absorbed, Attribute) else self.get(absorbed)
                )
            else:
                self.overdefine(op.results)  # xDSL's folder knows no more than this
            return
        folded = folder.fold(op) if folder is not None and not constant_like else None
        if folded is not None:
            for r, f in zip(op.results, folded, strict=True):
                self.join(r, self.get(f) if isinstance(f, SSAValue) else f)
            return
        self.overdefine(op.results)

    def visit_if(self, op: scf.IfOp) -> None:
        cond = self.get(op.cond)
        if cond is None:
            return
        if cond is not OVER:
            self.selects = True
        if cond is OVER or number(cond):
            self.enter(op.true_region, ())
        if cond is OVER or not number(cond):
            self.enter(op.false_region, ())

    def visit_index_switch(self, op: scf.IndexSwitchOp) -> None:
        arg = self.get(op.arg)
        if arg is None:
            return
        cases = op.cases.get_values()
        if arg is OVER:
            for region in op.regions:
                self.enter(region, ())
            return
        self.selects = True
        value = number(arg)
        chosen = cases.index(value) if value in cases else None
        self.enter(op.default_region if chosen is None else op.case_regions[chosen], ())

    def visit_for(self, op: scf.ForOp) -> None:
        bounds = [self.get(op.lb), self.get(op.ub), self.get(op.step)]
        if any(b is None for b in bounds):
            return
        lb, ub, _ = (number(b) for b in bounds)
        known = lb is not None and ub is not None
        if known and lb >= ub:  # type: ignore[operator]
            self.selects = True  # a loop that never iterates
        if not (known and lb >= ub):  # type: ignore[operator]
            body = op.body.block
            self.overdefine(body.args[:1])
            self.join_all(body.args[1:], op.iter_args)
            self.mark_live(body)
        if not (known and lb < ub):  # type: ignore[operator]  # may not iterate
            self.join_all(op.res, op.iter_args)

    def visit_while(self, op: scf.WhileOp) -> None:
        self.enter(op.before_region, op.arguments)

    def visit_condition(self, op: scf.ConditionOp) -> None:
        loop = op.parent_op()
        assert isinstance(loop, scf.WhileOp)
        cond = self.get(op.condition)
        if cond is None:
            return
        if cond is not OVER:
            self.selects = True
        if cond is OVER or number(cond):
            self.enter(loop.after_region, op.args)
        if cond is OVER or not number(cond):
            self.join_all(loop.res, op.args)

    def visit_yield(self, op: scf.YieldOp) -> None:
        parent = op.parent_op()
        if isinstance(parent, scf.ForOp):
            self.join_all(parent.body.block.args[1:], op.operands)
            self.join_all(parent.res, op.operands)
        elif isinstance(parent, scf.WhileOp):
            self.join_all(parent.before_region.block.args, op.operands)
        elif isinstance(parent, scf.IfOp | scf.IndexSwitchOp):
            self.join_all(parent.results, op.operands)
        # others (scf.parallel, ...): their results are overdefined already

    def visit_branch(self, op: cf.BranchOp) -> None:
        self.selects = True
        self.join_all(op.successor.args, op.arguments)
        self.mark_live(op.successor)

    def visit_cond_branch(self, op: cf.ConditionalBranchOp) -> None:
        self.selects = True
        cond = self.get(op.cond)
        if cond is None:
            return
        if cond is OVER or number(cond):
            self.join_all(op.then_block.args, op.then_arguments)
            self.mark_live(op.then_block)
        if cond is OVER or not number(cond):
            self.join_all(op.else_block.args, op.else_arguments)
            self.mark_live(op.else_block)

    def visit_switch(self, op: cf.SwitchOp) -> None:
        self.selects = True
        flag = self.get(op.flag)
        if flag is None:
            return
        for block, operands in _switch_targets(op, None if flag is OVER else flag):
            self.join_all(block.args, operands)
            self.mark_live(block)

    def visit_call(self, op: func.CallOp) -> None:
        callee = self.tracked.get(op.callee.root_reference.data)
        if callee is None:
            self.overdefine(op.res)
            return
        self.enter(callee.body, op.arguments)
        for ret in _returns(callee):
            if ret.parent in self.live:
                self.join_all(op.res, ret.arguments)

    def visit_return(self, op: func.ReturnOp) -> None:
        f = op.parent_op()
        for call in self.callers.get(f, ()):  # type: ignore[call-overload]
            self.join_all(call.res, op.arguments)


_VISITORS: dict[str, Callable[[_Solver, Any], None]] = {
    "scf.if": _Solver.visit_if,
    "scf.index_switch": _Solver.visit_index_switch,
    "scf.for": _Solver.visit_for,
    "scf.while": _Solver.visit_while,
    "scf.condition": _Solver.visit_condition,
    "scf.yield": _Solver.visit_yield,
    "cf.br": _Solver.visit_branch,
    "cf.cond_br": _Solver.visit_cond_branch,
    "cf.switch": _Solver.visit_switch,
    "func.call": _Solver.visit_call,
    "func.return": _Solver.visit_return,
}
"""Ops whose control flow the solver models; any other op with regions or successors
runs all of them with overdefined arguments."""


_OPAQUE: dict[type[Operation], bool] = {}


def _opaque(t: type[Operation]) -> bool:
    """Whether `_visit_plain` can only overdefine the results of an op of class `t`
    (once its operands are known): not arith (nothing to evaluate, no select, no
    absorbing element), not constant-like, no folder."""
    found = _OPAQUE.get(t)
    if found is None:
        constant_like, folder, _, binary = _folding(t)
        found = _OPAQUE[t] = not (
            constant_like
            or folder is not None
            or binary
            or t.name.startswith("arith.")
            or issubclass(t, arith.SelectOp)
        )
    return found


def _returns(f: func.FuncOp) -> list[func.ReturnOp]:
    return [b.last_op for b in f.body.blocks if isinstance(b.last_op, func.ReturnOp)]


def _switch_targets(
    op: cf.SwitchOp, flag: Lattice | None
) -> list[tuple[Block, Sequence[SSAValue]]]:
    """The successors (with their operands) a flag value (None: any) may take."""
    segments = op.case_operand_segments.get_values()
    starts = [sum(segments[:i]) for i in range(len(segments))]
    cases = [
        (block, op.case_operands[s : s + n])
        for block, s, n in zip(op.case_blocks, starts, segments, strict=True)
    ]
    default = (op.default_block, op.default_operands)
    if flag is None:
        return [default, *cases]
    values = [number(v) for v in op.case_values.get_attrs()] if op.case_values else []
    value = number(flag)
    return [cases[values.index(value)] if value in values else default]


# -- rewriting ---------------------------------------------------------------


class _Constants:
    """One `arith.constant` per value and type at the top of each function's entry
    block, where the frontend keeps its constants: one already in the entry block is
    reused (moved up if it was further down; a constant has no operands)."""

    def __init__(self) -> None:
        self.tables: dict[Block, _Table] = {}

    def erase_unused_new(self) -> None:
        """Constants made here that the control-flow rewrites left without uses."""
        for table in self.tables.values():
            for const in table.new:
                if not const.result.uses and const.parent is not None:
                    const.parent.erase_op(const)

    def get(self, value: Attribute, t: Attribute, at: Operation) -> SSAValue:
        entry = _entry_block(at)
        table = self.tables.get(entry)
        if table is None:
            table = self.tables[entry] = _Table(entry)
        return table.get(value, t)


class _Table:
    def __init__(self, entry: Block):
        self.entry = entry
        self.known: dict[tuple[Any, ...], arith.ConstantOp] = {}
        self.top: set[Operation] = set()
        self.first_other: Operation | None = None
        self.new: list[arith.ConstantOp] = []
        for op in entry.ops:
            if isinstance(op, arith.ConstantOp):
                self.known.setdefault(_key(op.value, op.result.type), op)
                if self.first_other is None:
                    self.top.add(op)
            elif self.first_other is None:
                self.first_other = op

    def get(self, value: Attribute, t: Attribute) -> SSAValue:
        key = _key(value, t)
        const = self.known.get(key)
        if const is None:
            const = self.known[key] = arith.ConstantOp(value, t)  # type: ignore[arg-type]
            self.new.append(const)
        elif const in self.top:
            return const.result
        else:
            self.entry.detach_op(const)
        if self.first_other is not None and self.first_other.parent is not self.entry:
            self.first_other = next(  # it was folded away: the next one that is no constant
                (o for o in self.entry.ops if o not in self.top and o is not const), None
            )
        if self.first_other is None:
            self.entry.add_op(const)
        else:
            self.entry.insert_op_before(const, self.first_other)
        self.top.add(const)
        return const.result


def _key(value: Attribute, t: Attribute) -> tuple[Any, ...]:
    v = _bits(value) if isinstance(value, IntegerAttr | FloatAttr) else value
    return (type(value), v, t)


def _entry_block(op: Operation) -> Block:
    """The entry block of the closest function (isolated-from-above op) around `op`."""
    parent = op.parent_op()
    while parent is not None and not parent.has_trait(IsolatedFromAbove):
        op, parent = parent, parent.parent_op()
    assert parent is not None and parent.regions[0].first_block is not None
    return parent.regions[0].first_block


def _materializable(value: Lattice, t: Attribute) -> bool:
    return (isinstance(value, IntegerAttr) and width(t) is not None) or (
        isinstance(value, FloatAttr) and type(t) in ROUNDING
    )


class _Rewrite(Record):
    """The rewrite of one solved module; `dropped`: values that lost a use (their ops go
    if that was the last, and they are pure)."""

    _FIELDS = ("solver", "changed", "dropped")
    __slots__ = _FIELDS

    def __init__(
        self, solver: _Solver, changed: bool = False, dropped: list[SSAValue] | None = None
    ) -> None:
        self.solver = solver
        self.changed = changed
        self.dropped: list[SSAValue] = [] if dropped is None else dropped

    def value(self, v: SSAValue) -> Lattice | None:
        """The solver's element for `v`, or the constant it was replaced by."""
        found = self.solver.get(v)
        if found is None and isinstance(v.owner, arith.ConstantOp):
            return v.owner.value
        return found

    def run(self, module: ModuleOp) -> bool:
        constants = _Constants()
        decided: list[Operation] = []
        live = self.solver.live
        for op in ops_in(module):
            for region in op.regions:
                for block in region.blocks:
                    if block in live and block.args:
                        self._replace_values(block.args, block.first_op or block, constants)
            if op.parent not in live:
                continue
            if op.name in _STRUCTURE:
                decided.append(op)
            if not _folding(type(op))[0]:  # (not ConstantLike)
                self._replace_results(op, constants)
        for op in decided:
            if op.parent is not None:
                _STRUCTURE[op.name](self, op)
        self._erase_dead_blocks(module)
        constants.erase_unused_new()
        self._erase_unused()
        return self.changed

    def _erase(self, op: Operation) -> None:
        for o in op.walk():  # values of the op (and its regions) lose a use
            self.dropped.extend(o.operands)
        assert op.parent is not None
        op.parent.erase_op(op)
        self.changed = True

    def _erase_unused(self) -> None:
        while self.dropped:
            v = self.dropped.pop()
            op = v.owner
            if isinstance(op, Operation) and op.parent is not None and _dead(op):
                self._erase(op)

    def _replace_values(
        self, values: Iterable[SSAValue], at: Operation | Block, constants: _Constants
    ) -> bool:
        replaced = False
        for v in values:
            c = self.solver.get(v)
            if c is None or c is OVER or not v.uses or not _materializable(c, v.type):
                continue
            anchor = at if isinstance(at, Operation) else at.parent_op()
            assert anchor is not None
            _replace(v, constants.get(c, v.type, anchor))  # type: ignore[arg-type]
            replaced = self.changed = True
        return replaced

    def _replace_results(self, op: Operation, constants: _Constants) -> None:
        if op.results and self._replace_values(op.results, op, constants) and _dead(op):
            self._erase(op)

    # Dead control flow: an op whose selector the solver found constant.
    def _select_region(self, op: Operation, region: Region | None) -> None:
        block = region.first_block if region is not None else None
        results: Sequence[SSAValue] = ()
        if block is not None:
            yielded = block.last_op
            assert yielded is not None
            results = list(yielded.operands)
            self._erase(yielded)
            Rewriter.inline_block(block, InsertPoint.before(op))
        for r, v in zip(op.results, results, strict=True):
            _replace(r, v)
        self._erase(op)

    def rewrite_if(self, op: scf.IfOp) -> None:
        cond = self.value(op.cond)
        if cond is not None and cond is not OVER:
            self._select_region(op, op.true_region if number(cond) else op.false_region)

    def rewrite_index_switch(self, op: scf.IndexSwitchOp) -> None:
        arg = self.value(op.arg)
        if arg is None or arg is OVER:
            return
        cases = op.cases.get_values()
        value = number(arg)
        self._select_region(
            op, op.case_regions[cases.index(value)] if value in cases else op.default_region
        )

    def rewrite_for(self, op: scf.ForOp) -> None:
        lb, ub = self.value(op.lb), self.value(op.ub)
        if (
            isinstance(lb, IntegerAttr)
            and isinstance(ub, IntegerAttr)
            and (
                number(lb) >= number(ub)  # type: ignore[operator]
            )
        ):  # never iterates
            for r, v in zip(op.res, op.iter_args, strict=True):
                _replace(r, v)
            self._erase(op)

    def rewrite_while(self, op: scf.WhileOp) -> None:
        before = op.before_region.block
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        cond = self.value(condition.condition)
        if cond is None or cond is OVER or number(cond):
            return
        results = list(condition.args)
        self._erase(condition)
        Rewriter.inline_block(before, InsertPoint.before(op), list(op.arguments))
        for r, v in zip(op.res, results, strict=True):
            _replace(r, v)
        self._erase(op)

    def rewrite_cond_branch(self, op: cf.ConditionalBranchOp) -> None:
        cond = self.value(op.cond)
        if cond is None or cond is OVER:
            return
        if number(cond):
            self._branch(op, op.then_block, op.then_arguments)
        else:
            self._branch(op, op.else_block, op.else_arguments)

    def rewrite_switch(self, op: cf.SwitchOp) -> None:
        flag = self.value(op.flag)
        if flag is None or flag is OVER:
            return
        [(block, operands)] = _switch_targets(op, flag)
        self._branch(op, block, operands)

    def _branch(self, op: Operation, block: Block, operands: Sequence[SSAValue]) -> None:
        from xdsl.dialects.cf import BranchOp

        br = BranchOp(block, *operands)
        br.location = op.location
        self.dropped.extend(op.operands)
        Rewriter.replace_op(op, br)
        self.changed = True

    def _erase_dead_blocks(self, module: ModuleOp) -> None:
        """Blocks no branch reaches any more (those of folded `cf.cond_br`s)."""
        for op in module.walk():
            for region in op.regions:
                if len(region.blocks) < 2 or region.first_block not in self.solver.live:
                    continue
                reached = _reachable(region.first_block)
                dead = [region.detach_block(b) for b in region.blocks if b not in reached]
                for b in dead:
                    b.drop_all_references()  # their values' users are dead blocks too
                for b in dead:
                    b.erase(safe_erase=False)
                    self.changed = True


_TERMINATING = frozenset({"scf.if", "scf.index_switch", "scf.for", "scf.yield"})
"""Ops with regions that surely end: an unused one without effects may go. A
`scf.while` may spin forever (the simulator stops it at its step budget; the device
hangs), so one stays even when nothing uses its results."""


_PURE_WITHOUT_TRAIT = frozenset({"arith.remui", "arith.extsi"})
"""arith ops MLIR declares pure that xDSL 0.74 gives no memory-effect trait."""


def _dead(op: Operation) -> bool:
    """Unused, without effects, and surely ending (so erasing it changes nothing)."""
    return (
        all(not r.uses for r in op.results)
        and (op.name in _PURE_WITHOUT_TRAIT or is_side_effect_free(op))
        and all(not o.regions or o.name in _TERMINATING for o in op.walk())
    )


def _replace(old: SSAValue, new: SSAValue) -> None:
    """`old`'s uses by `new`, which takes `old`'s name (xDSL's way) unless it is a
    shared constant."""
    hint = new.name_hint
    old.replace_all_uses_with(new)
    if isinstance(new.owner, arith.ConstantOp):
        new.name_hint = hint


def _reachable(entry: Block) -> set[Block]:
    seen = {entry}
    stack = [entry]
    while stack:
        last = stack.pop().last_op
        for b in last.successors if last is not None else ():
            if b not in seen:
                seen.add(b)
                stack.append(b)
    return seen


_STRUCTURE: dict[str, Callable[[_Rewrite, Any], None]] = {
    "scf.if": _Rewrite.rewrite_if,
    "scf.index_switch": _Rewrite.rewrite_index_switch,
    "scf.for": _Rewrite.rewrite_for,
    "scf.while": _Rewrite.rewrite_while,
    "cf.cond_br": _Rewrite.rewrite_cond_branch,
    "cf.switch": _Rewrite.rewrite_switch,
}
"""Control flow the rewrite simplifies once the solver has decided its selector."""


_FORWARDING = frozenset(
    {
        "scf.yield", "scf.condition", "func.return",
        "scf.if", "scf.index_switch", "scf.while", "arith.select",
    }
)  # fmt: skip
"""Ops a constant operand of which may reach a merge (results, block arguments) or
select a region: a constant there may spread."""


_SELECTORS = frozenset({"scf.if", "scf.index_switch"})
"""Ops whose only operand selects a region: a constant one is a change (`selects`)."""


class ChangeScan:
    """Whether `sccp` may change a module, op by op in one walk (the JIT pipeline's), so
    a kernel with nothing to propagate does not pay for the solver.

    Sound: a value the solver proves constant (other than a constant op's own) traces
    back to an op seen here with a constant operand. An op that may fold its constant
    operands, select a region with one or branch makes the scan answer "may change" at
    once; an op that only passes one on to a merge (a loop's initial value, a `yield`,
    `scf.condition`'s arguments, `arith.select`) is kept, and at the end (`may_change`)
    each used value it reaches must be proven overdefined in the solver's final state
    (`_OverProof`), or the answer is "may change". (If every such value is proven
    overdefined, the values the solver finds constant are the constant ops' own and
    values nothing uses, and no selector is constant: the rewrite has nothing to do.)"""

    def __init__(self) -> None:
        self.constants: dict[int, Lattice] = {}
        """Constant-like results by `id` (the module outlives the scan; `id` hashes
        faster than an SSA value)."""
        self.found = False
        self.merges: list[SSAValue] = []
        """Values a constant operand is passed on to, to prove overdefined."""

    def scan(self, ops: Sequence[Operation], classes: Sequence[type] | None = None) -> None:
        """Look at `ops`, in the module's order (once an op answers "may change", the
        rest need no look); `classes`: their classes, in the same order, where the caller
        has them."""
        roles, constants = _ROLES, self.constants
        if classes is None:
            classes = list(map(type, ops))
        for t in set(classes).difference(roles):
            role = roles[t] = _role(t)
            if role is not _SKIP:
                _LOOKED_AT.add(t)
        # (most ops are of classes the scan skips, Ascend C's: they are passed over in C)
        for op in compress(ops, map(_LOOKED_AT.__contains__, classes)):
            t = type(op)
            role = roles[t]
            if role is _CHANGES:
                self.found = True  # callee arguments, or blocks that may be unreachable
                return
            operands = op._operands  # (the tuple behind op.operands)
            if not operands:
                if role is _CONSTANT and (folded := _folding(t)[1].fold(op)):  # type: ignore[union-attr]
                    constants.update(
                        (id(r), f)
                        for r, f in zip(op.results, folded, strict=False)
                        if isinstance(f, Attribute)
                    )
                continue
            for o in operands:  # (a loop, no list: most ops have no constant operand)
                if id(o) in constants:
                    break
            else:
                continue
            known = [constants.get(id(o)) for o in operands]  # (a constant operand)
            merges = _merges(op, known)
            if merges is None:
                if self._may_fold(op, known):
                    self.found = True
                    return
            else:
                self.merges.extend(merges)

    def may_change(self, module: ModuleOp) -> bool:
        """The scan's answer once `scan` has looked at every op of `module`."""
        if self.found:
            return True
        if not self.merges:
            return False
        prover = _OverProof(module, self.constants)
        try:
            return not all(v.first_use is None or prover.over(v) for v in self.merges)
        except RecursionError:  # (a very long chain of proofs, or too many)
            return True

    @staticmethod
    def _may_fold(op: Operation, known: list[Lattice | None]) -> bool:
        name = op.name
        if name in _FORWARDING:
            return True  # (a constant selector, or a merge `_merges` does not follow)
        if name == "scf.for":
            lb, ub = known[0], known[1]
            return (
                isinstance(lb, IntegerAttr)
                and isinstance(ub, IntegerAttr)
                and number(lb) >= number(ub)  # type: ignore[operator]
            )
        if name.startswith("arith."):
            if all(k is not None for k in known):
                return True
            if not _folding(type(op))[3]:
                return False
            lhs, rhs = (OVER if k is None else k for k in known)  # (a zero attribute is falsy)
            return _absorbed(op, lhs, rhs) is not None  # type: ignore[arg-type]
        return _folding(type(op))[1] is not None


def _merges(op: Operation, known: list[Lattice | None]) -> list[SSAValue] | None:
    """The values a pass-on op gives its constant operands to (None: not a pass-on op,
    or one whose constant selects a region: `ChangeScan._may_fold` decides)."""
    name = op.name
    if name == "scf.for":
        lb, ub = known[0], known[1]
        if (
            isinstance(lb, IntegerAttr)
            and isinstance(ub, IntegerAttr)
            and (
                number(lb) >= number(ub)  # type: ignore[operator]
            )
        ):
            return None  # never iterates
        return _carried(op, known[3:])
    if name == "scf.yield":
        parent = op.parent_op()
        pname = parent.name if parent is not None else ""
        if pname == "scf.for":
            return _carried(parent, known)  # type: ignore[arg-type]
        if pname == "scf.while":
            return _at(parent.regions[0].blocks[0].args, known)  # type: ignore[union-attr]
        if pname in _SELECTORS:
            return _at(parent.results, known)  # type: ignore[union-attr]
        return None
    if name == "scf.while":
        return _at(op.regions[0].blocks[0].args, known)
    if name == "scf.condition":
        loop = op.parent_op()
        if known[0] is not None or loop is None or loop.name != "scf.while":
            return None  # (a constant condition)
        return _at(loop.regions[1].blocks[0].args, known[1:]) + _at(loop.results, known[1:])
    if name == "arith.select":
        return list(op.results)
    if name == "func.return":
        return []  # reaches only calls' results, and a module with calls may change
    return None


def _at(values: Sequence[SSAValue], known: list[Lattice | None]) -> list[SSAValue]:
    """The values at the positions of the constants in `known`."""
    return [v for v, c in zip(values, known, strict=False) if c is not None]


def _carried(loop: Operation, known: list[Lattice | None]) -> list[SSAValue]:
    """An `scf.for`'s iteration arguments and results at the positions of the
    constants in `known` (its initial or yielded values)."""
    return _at(loop.regions[0].blocks[0].args[1:], known) + _at(loop.results, known)


class _OverProof:
    """Proofs that a value is overdefined in the solver's final state (its least
    fixpoint), from the IR alone, for `ChangeScan`: each rule is one of the solver's
    transfer functions applied to values already proven overdefined or constant
    ("known": not bottom), in blocks proven live. A value in a cycle of its own
    proof is not proven (`over` answers False while it is being proven), except by
    the loop rule `_moves`. Only
    for modules without calls and `cf` ops (every function's entry block is live, its
    arguments overdefined)."""

    def __init__(self, module: ModuleOp, constants: dict[int, Lattice]):
        self.top = module.body.block
        self.constants = constants
        self.proven: set[int] = set()
        """`id`s of the values proven overdefined and the blocks proven live."""
        self.failed: set[int] = set()
        """`id`s that cannot be proven."""
        self.open: set[int] = set()
        """`id`s being proven."""
        self.cycles = 0
        """How often a proof has met a value being proven."""
        self.steps = 50 * len(constants) + 1000
        """A bound on the proofs tried (each is bounded by the IR's size; a failure
        met in a cycle is tried again)."""

    def known(self, v: SSAValue) -> Lattice | None:
        """`v`'s element for an operand of a live op: its constant, OVER, or None
        (not proven). (A constant op dominates its uses, so it is live with them.)"""
        c = self.constants.get(id(v))
        if c is not None:
            return c
        return OVER if self.over(v) else None

    def nonbottom(self, v: SSAValue) -> bool:
        """Whether `v` is not bottom in the final state (a constant or overdefined):
        known, or a loop-carried value whose block is live and whose first value is."""
        if id(v) in self.constants or self.over(v):
            return True
        block = v.owner
        if not isinstance(block, Block) or not self.live(block):
            return False
        op = block.parent_op()
        index = v.index  # type: ignore[attr-defined]
        if op is None:
            return False
        if op.name == "scf.for":
            return index > 0 and self.nonbottom(op.operands[2 + index])
        if op.name == "scf.while":
            before = op.regions[0].blocks[0]
            if block is before:
                return self.nonbottom(op.operands[index])
            condition = before.last_op
            return condition is not None and self.nonbottom(condition.operands[1 + index])
        return False

    def over(self, v: SSAValue) -> bool:
        return id(v) in self.proven or self._proof(v, self._over)  # (most asks: proven)

    def live(self, block: Block | None) -> bool:
        return block is not None and (id(block) in self.proven or self._proof(block, self._live))

    def _proof(self, x: SSAValue | Block, prove: Callable[[Any], bool]) -> bool:
        """`prove(x)` once: a proof is kept, and so is a failure that did not meet a
        value being proven (one that did may succeed when asked again, once that value
        is proven)."""
        key = id(x)
        if key in self.proven:
            return True
        if key in self.failed:
            return False
        if key in self.open:
            self.cycles += 1  # (no proof through itself)
            return False
        self.steps -= 1
        if self.steps < 0:
            raise RecursionError("too many proofs")  # (the answer is then "may change")
        self.open.add(key)
        cycles = self.cycles
        done = prove(x)
        self.open.discard(key)
        if done:
            self.proven.add(key)
        elif self.cycles == cycles:
            self.failed.add(key)
        return done

    def _live(self, block: Block) -> bool:
        op = block.parent_op()
        if op is None or block is self.top:
            return False  # (top-level ops are not visited: `_Solver._start`)
        outer = op.parent
        if outer is self.top:  # a function's entry block, or an unknown op's blocks
            return block is op.regions[0].first_block if op.name == "func.func" else True
        if not self.live(outer):
            return False
        name = op.name
        if name == "scf.for":
            return self._iterates(op) is not None
        if name == "scf.if":
            return self.over(op.operands[0])
        if name == "scf.index_switch":
            return self.over(op.operands[0])
        if name == "scf.while":
            before = op.regions[0].first_block
            if block is before:
                return True
            condition = before.last_op if before is not None else None
            return condition is not None and self.over(condition.operands[0])
        return name not in _VISITORS  # an op the solver does not model: all of it runs

    def _iterates(self, loop: Operation) -> bool | None:
        """For an `scf.for` in a live block: None if its body may not be live (bounds
        not known, or a loop that never iterates), else whether it surely iterates."""
        lb, ub, step = (self.known(o) for o in loop.operands[:3])
        if lb is None or ub is None or step is None:
            return None
        if lb is OVER or ub is OVER:
            return False
        a, b = number(lb), number(ub)  # type: ignore[arg-type]
        if a is None or b is None:
            return False
        return None if a >= b else True  # type: ignore[operator]

    def _over(self, v: SSAValue) -> bool:
        owner = v.owner
        if isinstance(owner, Block):
            return self._over_argument(owner, v.index)  # type: ignore[attr-defined]
        op = owner
        if not self.live(op.parent):
            return False
        name = op.name
        index = v.index  # type: ignore[attr-defined]
        if name == "scf.for":
            iterates = self._iterates(op)
            if iterates is None:
                return False
            body = op.regions[0].blocks[0]
            if self.over(body.last_op.operands[index]):  # type: ignore[union-attr]
                return True
            return not iterates and self.over(op.operands[3 + index])
        if name in _SELECTORS:
            if not self.over(op.operands[0]):
                return False  # (an overdefined selector runs every region)
            return any(
                self.over(r.blocks[0].last_op.operands[index])  # type: ignore[union-attr]
                for r in op.regions
                if r.blocks
            )
        if name == "scf.while":
            condition = op.regions[0].blocks[0].last_op
            assert condition is not None
            return self.over(condition.operands[0]) and self.over(condition.operands[1 + index])
        if name in _VISITORS:
            return False
        if op.regions or op.successors:
            return True  # `_visit_unknown`
        if _opaque(type(op)):
            return all(self.nonbottom(o) for o in op._operands)
        return self._plain(op, index)

    def _plain(self, op: Operation, index: int) -> bool:
        """`_Solver._visit_plain`'s result `index` is overdefined."""
        constant_like, folder, _, binary = _folding(type(op))
        if constant_like:
            return False
        values = []
        for o in op._operands:
            k = self.known(o)
            if k is None:
                return False
            values.append(k)
        if not any(k is OVER for k in values):
            return False  # (constants: the scan's own business)
        if op.name == "arith.select":
            cond, a, b = values
            if cond is OVER:
                return a is OVER or b is OVER or not _same(a, b)
            return (a if number(cond) else b) is OVER  # type: ignore[arg-type]
        if binary:
            absorbed = _absorbed(op, values[0], values[1])  # type: ignore[arg-type]
            if absorbed is None:
                return True
            if isinstance(absorbed, Attribute):
                return False
            return values[0 if absorbed is op._operands[0] else 1] is OVER
        return folder is None  # (a folder may give an operand, or a constant)

    def _over_argument(self, block: Block, index: int) -> bool:
        op = block.parent_op()
        if op is None:
            return False
        name = op.name
        if op.parent is self.top:
            if name == "func.func":
                return block is op.regions[0].first_block
            return True  # `_visit_unknown`
        if not self.live(block):
            return False
        if name == "scf.for":
            if index == 0:
                return True  # the induction variable
            init = op.operands[2 + index]
            carried = block.last_op.operands[index - 1]  # type: ignore[union-attr]
            return self.over(init) or self.over(carried) or self._moves(block, index, init, carried)
        if name == "scf.while":
            before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
            condition = before.last_op
            assert condition is not None
            if block is after:  # what `scf.condition` passes on
                return self.over(condition.operands[1 + index])
            init = op.operands[index]
            if self.over(init):
                return True
            if not self.live(after):
                return False
            carried = after.last_op.operands[index]  # type: ignore[union-attr]
            return self.over(carried) or self._moves(block, index, init, carried)
        return name not in _VISITORS  # `_visit_unknown`: overdefined arguments

    def _moves(self, block: Block, index: int, init: SSAValue, carried: SSAValue) -> bool:
        """A loop-carried value that starts as a constant and that the loop's body
        computes by one arith op from itself and constants, giving another value (a
        counter: `i + 1`): were it constant, it would be the initial one, and the body
        would give another, so it is overdefined."""
        start = self.constants.get(id(init))
        producer = carried.owner
        if start is None or not isinstance(producer, Operation):
            return False
        if not producer.name.startswith("arith.") or not self.live(producer.parent):
            return False
        same = self._same_as(block.args[index])
        values = []
        for o in producer._operands:
            c = self.constants.get(id(o))
            if c is None:
                if not any(o is s for s in same):
                    return False
                c = start
            values.append(c)
        if not values or _folding(type(producer))[0]:
            return False
        result = evaluate(producer, values)  # type: ignore[arg-type]
        return result is not None and not _same(result[0], start)

    def _same_as(self, arg: SSAValue) -> list[SSAValue]:
        """`arg` and the values equal to it in the final state: a `scf.while`'s `before`
        argument as `scf.condition` passes it on to `after` (when `after` is live)."""
        block = arg.owner
        assert isinstance(block, Block)
        op = block.parent_op()
        if op is None or op.name != "scf.while" or block is not op.regions[0].blocks[0]:
            return [arg]
        after = op.regions[1].blocks[0]
        condition = block.last_op
        assert condition is not None
        if not self.live(after):
            return [arg]
        return [arg] + [after.args[k] for k, o in enumerate(condition.operands[1:]) if o is arg]


_SKIP, _VISIT, _CONSTANT, _CHANGES = "skip", "visit", "constant", "changes"
_ROLES: dict[type[Operation], str] = {}
"""Op class -> what `ChangeScan.scan` does with its ops (filled as classes are met)."""
_LOOKED_AT: set[type[Operation]] = set()
"""The classes of `_ROLES` whose ops the scan looks at (all but `_SKIP`'s)."""


def _role(t: type[Operation]) -> str:
    """Skip the ops of a class whose constant operands cannot propagate (not arith, scf,
    func or cf, no folder); a call or a `cf` op may change the module; a constant-like
    op with a folder gives its constants."""
    name = t.name
    constant_like, folder, _, _ = _folding(t)
    if not name.startswith(("arith.", "scf.", "func.", "cf.")) and folder is None:
        return _SKIP
    if name == "func.call" or name.startswith("cf."):
        return _CHANGES
    return _CONSTANT if constant_like and folder is not None else _VISIT


def may_change(module: ModuleOp) -> bool:
    """Whether `sccp` may change `module` (see `ChangeScan`)."""
    scan = ChangeScan()
    scan.scan(ops_in(module))
    return scan.may_change(module)


def sccp(module: ModuleOp) -> bool:
    """Run SCCP on `module` in place; whether it changed anything."""
    solver = _Solver(module)
    if not solver.may_rewrite():
        return False  # (what the rewrite would find: nothing to replace or simplify)
    return _Rewrite(solver).run(module)


@dataclass(frozen=True)
class SCCPPass(ModulePass):
    name = "sccp"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        sccp(op)
