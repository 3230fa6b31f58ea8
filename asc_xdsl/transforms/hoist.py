"""Moving ops out of the regions they sit in (loops, branches), shared by the hoisting
passes (`ascendc-hoist-que-bind`, `ascendc-hoist-ub-allocation`).

An op is moved in front of the op whose region holds it, as long as that op is not the
function and every operand of the op is defined outside it; it keeps moving out until
one of the two stops it. Ops are visited last to first, and an op that moved is followed
by its users (which may now be free to move): so ops hoisted from one region keep their
order relative to what they use, with the later-made objects first (pyasc's order).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import func
from xdsl.ir import BlockArgument, Operation, SSAValue


def _defined_outside(value: SSAValue, region_op: Operation) -> bool:
    owner = value.block.parent_op() if isinstance(value, BlockArgument) else value.owner
    return owner is None or not region_op.is_ancestor(owner)  # type: ignore[arg-type]


def _target(op: Operation, stays: Callable[[Operation, Operation], bool]) -> Operation | None:
    """The op to move `op` in front of, or None if it stays."""
    parent = op.parent_op()
    if parent is None or isinstance(parent, func.FuncOp):
        return None
    if not all(_defined_outside(v, parent) for v in op.operands) or stays(op, parent):
        return None
    return parent


def _never(op: Operation, parent: Operation) -> bool:
    return False


def hoist(
    root: Operation,
    hoistable: Callable[[Operation], bool],
    stays: Callable[[Operation, Operation], bool] = _never,
) -> None:
    """Hoist the ops of `root` (a function) for which `hoistable` holds; `stays(op,
    parent)` keeps an op inside `parent` for a reason of the caller's."""
    worklist = [op for op in root.walk() if op is not root and hoistable(op)]
    while worklist:
        op = worklist.pop()
        parent = _target(op, stays)
        if parent is None:
            continue
        op.detach()
        block = parent.parent_block()
        assert block is not None
        block.insert_op_before(op, parent)
        # The op may leave the next region out too; its users may now be able to move.
        users = [u.operation for r in op.results for u in r.uses]
        worklist.extend(u for u in users if hoistable(u))
        worklist.append(op)
