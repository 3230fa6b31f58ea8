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

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsolatedFromAbove, is_side_effect_free

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR
from asc_xdsl.transforms.constant_fold import ROUNDING, evaluate, number, width
from asc_xdsl.transforms.ir_walk import ops_in
from asc_xdsl.transforms.plain_pass import PlainPass
from asc_xdsl.transforms.sccp_scan import (
    MODELED,
    OVER,
    Lattice,
    absorb,
    bits,
    folding,
    opaque,
    same,
)
from asc_xdsl.transforms.symbol_dce import is_private, symbol_uses
from asc_xdsl.utils.records import Record

if TYPE_CHECKING:
    from xdsl.dialects import cf  # imported where a module has cf ops


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
            if isinstance(owner, Block) or not folding(type(owner))[0]:
                return True
        return False

    # -- lattice and liveness ------------------------------------------------
    def get(self, v: SSAValue) -> Lattice | None:
        return self.values.get(v)

    def join(self, v: SSAValue, new: Lattice | None) -> None:
        if new is None:
            return
        old = self.values.get(v)
        if old is OVER or (old is not None and same(old, new)):
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
            if opaque(type(op)):
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
        constant_like, folder, _, _ = folding(type(op))
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
            absorbed = absorb(op, operands[0], operands[1])  # type: ignore[arg-type]
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
"""Ops whose control flow the solver models (`sccp_scan.MODELED`, which the change scan
reads); any other op with regions or successors runs all of them with overdefined
arguments."""
assert _VISITORS.keys() == MODELED


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
    v = bits(value) if isinstance(value, IntegerAttr | FloatAttr) else value
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
            if not folding(type(op))[0]:  # (not ConstantLike)
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


def sccp(module: ModuleOp) -> bool:
    """Run SCCP on `module` in place; whether it changed anything."""
    solver = _Solver(module)
    if not solver.may_rewrite():
        return False  # (what the rewrite would find: nothing to replace or simplify)
    return _Rewrite(solver).run(module)


class SCCPPass(PlainPass):
    name = "sccp"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        sccp(op)
