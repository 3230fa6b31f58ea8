"""`sccp`'s lattice, and the JIT pipeline's test whether `sccp` may change a module.

The pipeline asks `ChangeScan` (in its one walk of the module, `pipeline.module_facts`)
on every compile; the solver and the rewrite (`sccp.py`) are imported only when the
pass runs. So this module holds what both need: the lattice elements (`OVER`, the
constants), their equality (`same`), and the per-class facts the solver's transfer
functions read (`folding`, `absorb`, `opaque`); `sccp.py` builds on them.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress
from typing import Any

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.traits import Commutative, ConstantLike, HasFolder

from asc_xdsl.transforms.constant_fold import evaluate, number, width
from asc_xdsl.transforms.ir_walk import ops_in
from asc_xdsl.utils.class_tests import is_subclass


class _Overdefined:
    def __repr__(self) -> str:
        return "overdefined"


OVER = _Overdefined()
"""Top: more than one value (or one not known at compile time). Bottom is absence."""

Lattice = Attribute | _Overdefined


def same(a: Lattice, b: Lattice) -> bool:
    """Lattice equality: integers by value (however the IR spells them), floats by
    their bits (-0.0 is not 0.0, NaN is NaN)."""
    if isinstance(a, IntegerAttr | FloatAttr) and isinstance(b, IntegerAttr | FloatAttr):
        return a.type == b.type and bits(a) == bits(b)
    return a == b


def bits(attr: IntegerAttr | FloatAttr) -> int | bytes | None:
    v = number(attr)
    return struct.pack("<d", v) if isinstance(v, float) else v


def absorb(
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
    if isinstance(lhs, IntegerAttr) and folding(cls)[2]:
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
def folding(t: type[Operation]) -> tuple[bool, HasFolder | None, bool, bool]:
    """(constant-like, its folder, commutative, an integer binary op with xDSL's
    absorbing/identity elements) of an op class (traits are per class)."""
    return (
        t.has_trait(ConstantLike),
        t.get_trait(HasFolder),
        t.has_trait(Commutative),
        is_subclass(t, arith.SignlessIntegerBinaryOperation),
    )


_OPAQUE: dict[type[Operation], bool] = {}


def opaque(t: type[Operation]) -> bool:
    """Whether `sccp._Solver._visit_plain` can only overdefine the results of an op of class `t`
    (once its operands are known): not arith (nothing to evaluate, no select, no
    absorbing element), not constant-like, no folder."""
    found = _OPAQUE.get(t)
    if found is None:
        constant_like, folder, _, binary = folding(t)
        found = _OPAQUE[t] = not (
            constant_like
            or folder is not None
            or binary
            or t.name.startswith("arith.")
            or issubclass(t, arith.SelectOp)
        )
    return found


MODELED = frozenset(
    {
        "scf.if", "scf.index_switch", "scf.for", "scf.while", "scf.condition", "scf.yield",
        "cf.br", "cf.cond_br", "cf.switch", "func.call", "func.return",
    }
)  # fmt: skip
"""The ops whose control flow the solver models (`sccp._VISITORS`' keys); any other op
with regions or successors runs all of them with overdefined arguments."""


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
                if role is _CONSTANT and (folded := folding(t)[1].fold(op)):  # type: ignore[union-attr]
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
            if not folding(type(op))[3]:
                return False
            lhs, rhs = (OVER if k is None else k for k in known)  # (a zero attribute is falsy)
            return absorb(op, lhs, rhs) is not None  # type: ignore[arg-type]
        return folding(type(op))[1] is not None


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
            return False  # (top-level ops are not visited: `sccp._Solver._start`)
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
        return name not in MODELED  # an op the solver does not model: all of it runs

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
        if name in MODELED:
            return False
        if op.regions or op.successors:
            return True  # `sccp._Solver._visit_unknown`
        if opaque(type(op)):
            return all(self.nonbottom(o) for o in op._operands)
        return self._plain(op, index)

    def _plain(self, op: Operation, index: int) -> bool:
        """`sccp._Solver._visit_plain`'s result `index` is overdefined."""
        constant_like, folder, _, binary = folding(type(op))
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
                return a is OVER or b is OVER or not same(a, b)
            return (a if number(cond) else b) is OVER  # type: ignore[arg-type]
        if binary:
            absorbed = absorb(op, values[0], values[1])  # type: ignore[arg-type]
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
            return True  # `sccp._Solver._visit_unknown`
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
        return name not in MODELED  # `sccp._Solver._visit_unknown`: overdefined arguments

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
        aliases = self._same_as(block.args[index])
        values = []
        for o in producer._operands:
            c = self.constants.get(id(o))
            if c is None:
                if not any(o is s for s in aliases):
                    return False
                c = start
            values.append(c)
        if not values or folding(type(producer))[0]:
            return False
        result = evaluate(producer, values)  # type: ignore[arg-type]
        return result is not None and not same(result[0], start)

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
    constant_like, folder, _, _ = folding(t)
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
