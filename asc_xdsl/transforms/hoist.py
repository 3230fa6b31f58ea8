"""Moving ops out of the regions they sit in (loops, branches), shared by the hoisting
passes (`ascendc-hoist-que-bind`, `ascendc-hoist-ub-allocation`).

An op is moved in front of the op whose region holds it, as long as that op is not the
function and every operand of the op is defined outside it; it keeps moving out until
one of the two stops it. Ops are visited last to first, and an op that moved is followed
by its users (which may now be free to move): so ops hoisted from one region keep their
order relative to what they use, with the later-made objects first (pyasc's order).
The move is the `RewritePattern` `Hoist`, applied by xDSL's walker (`rewriting.rewrite`,
last to first, regions first; the moved op and its users go back on its worklist).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import func
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from asc_xdsl.transforms.rewriting import rewrite


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


class Hoist(RewritePattern):
    """Moves an op for which `hoistable` holds (one of the ops named `names`) in front of
    the op whose region holds it, then visits it again (it may leave the next region
    too) after its users (which may now be free to move)."""

    def __init__(
        self,
        names: frozenset[str],
        hoistable: Callable[[Operation], bool],
        stays: Callable[[Operation, Operation], bool] = _never,
    ):
        self.MATCHES = names
        self.hoistable = hoistable
        self.stays = stays

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op.name not in self.MATCHES or not self.hoistable(op):
            return
        parent = _target(op, self.stays)
        if parent is None:
            return
        op.detach()
        for user in [u.operation for r in op.results for u in r.uses]:
            if self.hoistable(user):
                rewriter.notify_op_modified(user)  # (on the walker's worklist)
        rewriter.insert(op, InsertPoint.before(parent))  # (visited next)


def hoist(
    root: Operation,
    names: frozenset[str],
    hoistable: Callable[[Operation], bool],
    stays: Callable[[Operation, Operation], bool] = _never,
) -> None:
    """Hoist the ops of `root` (a function) named `names` for which `hoistable` holds;
    `stays(op, parent)` keeps an op inside `parent` for a reason of the caller's. The
    ops are visited last to first, each op before the ops in its regions."""
    rewrite(root, Hoist(names, hoistable, stays), walk_regions_first=True, walk_reverse=True)
