"""SSA dominance and region-result checks that xDSL 0.74's verifier leaves out.

xDSL checks each op on its own (and `IsolatedFromAbove`), but not that every operand's
definition dominates its use: IR that reads a value before defining it, or outside
the region that defines it, verifies, and then crashes the simulator or prints C++
that does not compile ("not declared in this scope"). Nor does `scf.if` check its
branches' `scf.yield`s against its results (an `scf.if` with results whose branch
yields nothing verifies). `check_module` adds both, in one walk of the module, and
raises `DominanceError`: a `VerifyException` that names the op (`op`) so the callers
that locate verify errors (`asc-opt`, `python -m asc_xdsl.run`, the frontend) point
at it.

The rule is MLIR's for regions with SSA control flow: a value is visible in its block
after its definition (a block argument from the block's start), in the blocks that
block dominates, and in the regions of ops that come later, unless an op between is
`IsolatedFromAbove`; an op's results are not visible in its own regions. A block no
path from its region's entry reaches is dominated by every block there (MLIR's and
LLVM's convention). The body of `builtin.module` is a graph region: its ops may name
each other in any order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects import scf
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.traits import IsolatedFromAbove
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.diagnostics import CodedError


class DominanceError(CodedError, VerifyException, ValueError):
    """A use its definition does not dominate, or a region that yields the wrong
    values; `op` is the op at fault (ASC-V201)."""

    def __init__(self, op: Operation, message: str, **coded: Any):
        VerifyException.__init__(self, message)
        self.op = op


_ISOLATED: dict[type, bool] = {}
"""Op class -> whether it is IsolatedFromAbove (asked once per class)."""


def _isolated(cls: type[Operation]) -> bool:
    found = _ISOLATED.get(cls)
    if found is None:
        found = _ISOLATED[cls] = cls.has_trait(IsolatedFromAbove)
    return found


class _Frame:
    """A block being walked: the next op, the values it made visible, what to walk
    after it (the blocks it immediately dominates), and, while the regions of `op`
    are walked, the visible set to restore (an isolated op's) or None."""

    __slots__ = ("added", "after", "next", "outer", "tree", "waiting")

    def __init__(
        self, block: Block, visible: set[int], tree: dict[Block, list[Block]] | None = None
    ):
        self.next: Operation | None = block._first_op
        self.added: list[SSAValue] = list(block._args)
        visible.update(map(id, self.added))
        self.tree = tree  # a region of several blocks: its dominator tree
        self.after = list(reversed(tree.get(block, ()))) if tree else []
        self.waiting = False
        self.outer: set[int] | None = None


def check_module(root: Operation) -> None:
    """Raise DominanceError for the first use (in program order) that its definition
    does not dominate, or the first `scf.if`/`scf.while` whose regions do not pass on
    values of its result types."""
    visible: set[int] = set()  # ids of the values visible where the walk is
    frames: list[_Frame] = []
    _enter(root, frames, visible)
    while frames:
        frame = frames[-1]
        op = frame.next
        added = frame.added
        if frame.waiting:  # the regions of `op` are done: its results become visible
            frame.waiting = False
            if frame.outer is not None:
                visible, frame.outer = frame.outer, None
            visible.update(map(id, op.results))  # type: ignore[union-attr]
            added += op.results  # type: ignore[union-attr]
            op = op._next_op  # type: ignore[union-attr]
        while op is not None:  # the block's ops up to one with regions
            operands = op._operands
            if operands and not visible.issuperset(map(id, operands)):
                bad = next(v for v in operands if id(v) not in visible)
                raise DominanceError(op, _describe(op, bad))
            if op.regions:
                rule = _RULES.get(type(op))
                if rule is not None:
                    rule(op)
                frame.next = op
                frame.waiting = True
                if _isolated(type(op)):
                    frame.outer, visible = visible, set()
                _enter(op, frames, visible)
                break
            results = op.results
            if results:
                visible.update(map(id, results))
                added += results
            op = op._next_op
        else:  # the block is done
            frame.next = None
            if frame.after:  # a block it dominates, walked while its values are visible
                block = frame.after.pop()
                if frame.tree is None:  # an unreachable block: every value of the region
                    visible.update(map(id, added))
                frames.append(_Frame(block, visible, frame.tree))
                continue
            frames.pop()
            visible.difference_update(map(id, added))


def _enter(op: Operation, frames: list[_Frame], visible: set[int]) -> None:
    """Push the frames that walk `op`'s regions (the first region on top)."""
    for region in reversed(op.regions):
        first = region._first_block
        if first is None:
            continue
        if first._next_block is None:  # one block: nothing to order
            if isinstance(op, ModuleOp):  # a graph region
                for child in first.ops:
                    visible.update(map(id, child.results))
            frames.append(_Frame(first, visible))
            continue
        tree, unreachable = _dominator_tree(region)
        if unreachable:  # walked last, with every value of the region visible
            frames.append(_unreachable(region, unreachable, visible))
        frames.append(_Frame(first, visible, tree))


def _unreachable(region: Region, blocks: list[Block], visible: set[int]) -> _Frame:
    """A frame with no ops of its own that walks the unreachable `blocks` of `region`
    (each with every value of the region visible: dominated by every block)."""
    frame = object.__new__(_Frame)
    frame.next = None
    frame.added = [v for b in region.blocks for v in _block_values(b) if id(v) not in visible]
    frame.tree = None
    frame.after = list(reversed(blocks))
    frame.waiting = False
    frame.outer = None
    return frame


def _block_values(block: Block) -> list[SSAValue]:
    values: list[SSAValue] = list(block.args)
    for op in block.ops:
        values.extend(op.results)
    return values


def _dominator_tree(region: Region) -> tuple[dict[Block, list[Block]], list[Block]]:
    """The blocks each reachable block immediately dominates, and the blocks no path
    from the entry reaches (Cooper, Harvey and Kennedy's iteration on the
    reverse postorder)."""
    entry = region.blocks[0]
    order: list[Block] = []  # postorder
    seen = {entry}
    stack: list[tuple[Block, int]] = [(entry, 0)]
    while stack:
        block, i = stack.pop()
        successors = block.last_op.successors if block.last_op is not None else ()
        if i < len(successors):
            stack.append((block, i + 1))
            nxt = successors[i]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, 0))
        else:
            order.append(block)
    number = {b: i for i, b in enumerate(order)}
    preds: dict[Block, list[Block]] = {b: [] for b in order}
    for b in order:
        if b.last_op is not None:
            for s in b.last_op.successors:
                preds[s].append(b)
    idom: dict[Block, Block] = {entry: entry}
    changed = True
    while changed:
        changed = False
        for b in reversed(order):
            if b is entry:
                continue
            new: Block | None = None
            for p in preds[b]:
                if p not in idom:
                    continue
                if new is None:
                    new = p
                    continue
                a, c = p, new
                while a is not c:
                    while number[a] < number[c]:
                        a = idom[a]
                    while number[c] < number[a]:
                        c = idom[c]
                new = a
            if new is not None and idom.get(b) is not new:
                idom[b] = new
                changed = True
    children: dict[Block, list[Block]] = {}
    for b in region.blocks:  # in textual order, so the walk meets them so
        if b in idom and b is not entry:
            children.setdefault(idom[b], []).append(b)
    unreachable = [b for b in region.blocks if b not in seen]
    return children, unreachable


# -- region results -------------------------------------------------------------------


def _yield_types(block: Block | None) -> tuple[Operation | None, list[Any]]:
    last = block.last_op if block is not None else None
    if last is None:
        return None, []
    return last, [v.type for v in last.operands]


def _check_if(op: Operation) -> None:
    want = [r.type for r in op.results]
    if not want:
        return
    for region, which in ((op.regions[0], "then"), (op.regions[1], "else")):
        block = region._first_block
        if block is None:
            raise DominanceError(
                op, f"'scf.if' has results {_types(want)} but no {which} region to yield them"
            )
        last, got = _yield_types(block)
        if not isinstance(last, scf.YieldOp):
            raise DominanceError(
                op, f"the {which} region of 'scf.if' ends without an 'scf.yield' of {_types(want)}"
            )
        if got != want:
            raise DominanceError(
                last,
                f"'scf.yield' in the {which} region of 'scf.if' yields {_types(got)}, the "
                f"'scf.if' has results {_types(want)}",
            )


def _check_while(op: Operation) -> None:
    before, after = (r._first_block for r in op.regions)
    want = [r.type for r in op.results]
    inits = [v.type for v in op.operands]
    last, got = _yield_types(before)
    if isinstance(last, scf.ConditionOp) and got[1:] != want:
        raise DominanceError(
            last,
            f"'scf.condition' passes {_types(got[1:])}, the 'scf.while' has results {_types(want)}",
        )
    if after is not None and [a.type for a in after.args] != want:
        raise DominanceError(
            op,
            f"the after region of 'scf.while' takes {_types([a.type for a in after.args])}, "
            f"the 'scf.while' has results {_types(want)}",
        )
    last, got = _yield_types(after)
    if isinstance(last, scf.YieldOp) and got != inits:
        raise DominanceError(
            last,
            f"'scf.yield' of 'scf.while' yields {_types(got)}, the loop carries {_types(inits)}",
        )


_RULES: dict[type, Callable[[Operation], None]] = {
    scf.IfOp: _check_if,
    scf.WhileOp: _check_while,
}
"""Ops whose regions must pass on values of their result types (scf.for's own
verifier checks its yield)."""


def _types(types: list[Any]) -> str:
    return ", ".join(str(t) for t in types) or "nothing"


# -- the message -----------------------------------------------------------------------


def _describe(op: Operation, operand: SSAValue) -> str:
    """Which operand of `op` is not visible, and where it is defined."""
    index = next(i for i, v in enumerate(op._operands) if v is operand)
    name = f" (%{operand.name_hint})" if operand.name_hint else ""
    head = f"operand #{index}{name} of '{op.name}'"
    if isinstance(operand, OpResult):
        definer = operand.op
        where = f"'{definer.name}'{_at(definer)}"
        if definer is op:
            return f"{head} is a result of the op itself"
        if definer.is_ancestor(op):
            return f"{head} is used inside the regions of its own definition {where}"
        block = definer.parent
        around = _around(op, block) if block is not None else None
        if around is not None:  # the use is in the definition's block, or nested there
            if block.get_operation_index(around) < block.get_operation_index(definer):  # type: ignore[union-attr]
                return f"{head} is used before its definition by {where}"
            return f"{head} is defined by {where} outside an op isolated from above"
        region = block.parent if block is not None else None
        if region is not None and _in_region(op, region):
            return f"{head} is defined by {where} in a block that does not dominate this use"
        container = definer.parent_op()
        if container is not None and not isinstance(container, ModuleOp):
            return (
                f"{head} is defined by {where} inside '{container.name}'{_at(container)}, "
                "whose region does not enclose this use"
            )
        return f"{head} is defined by {where}, which does not dominate this use"
    if isinstance(operand, BlockArgument):
        owner = operand.block.parent_op()
        if owner is not None and not owner.is_ancestor(op):
            return (
                f"{head} is an argument of a block of '{owner.name}'{_at(owner)}, whose "
                "region does not enclose this use"
            )
        return f"{head} is an argument of a block that does not dominate this use"
    return f"{head} is not defined in this module (an erased or detached value)"


def _in_region(op: Operation, region: Region) -> bool:
    block = op.parent
    while block is not None:
        if block.parent is region:
            return True
        parent = block.parent_op()
        block = parent.parent if parent is not None else None
    return False


def _around(op: Operation, block: Block) -> Operation | None:
    """The op of `block` that is `op` or holds it, if any."""
    current: Operation | None = op
    while current is not None and current.parent is not block:
        current = current.parent_op()
    return current


def _at(op: Operation) -> str:
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f" (at {loc.filename.data}:{loc.line.data}:{loc.column.data})"
    return ""
