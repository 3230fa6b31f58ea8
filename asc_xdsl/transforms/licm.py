"""`loop-invariant-code-motion`: MLIR's LICM, as pyasc's JIT runs it, by xDSL's code.

xDSL's `licm` (`xdsl.transforms.loop_invariant_code_motion`) moves an op out of a
loop when its operands are all defined outside the loop and it is side-effect free
and speculatable; this pass runs xDSL's algorithm (`move_loop_invariant_code`: its
step, with the tests in a cheaper order) under MLIR's name, on every loop kind MLIR's
pass treats (xDSL's only visits `scf.for`): `scf.for`, both regions of
`scf.while`, `scf.parallel`. Inner loops go first, so an op invariant in two nested
loops leaves both.

What may move is what the ops declare: `arith`/`math` ops (a division only by a
constant that cannot trap), `ascendc.construct`. An op that reads or writes memory
(every Ascend C op whose spec declares an effect, e.g. `GetValue` reading a tensor a
vector op in the same loop writes, `DataCopy`, `AllocTensor`) or whose effects are
unknown stays where it is, as MLIR's pass leaves memory accesses.

Before:

    scf.for %i = %c0 to %n step %c1 : i32 {
      %tile = arith.muli %len, %c2 : i32             // invariant
      %off = arith.muli %i, %tile : i32
      %v = ascendc.local_tensor.get_value %t, %off : ...   // reads memory: stays
      ...
    }

After:

    %tile = arith.muli %len, %c2 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %off = arith.muli %i, %tile : i32
      %v = ascendc.local_tensor.get_value %t, %off : ...
      ...
    }
"""

from __future__ import annotations

from collections import deque

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, Region
from xdsl.rewriter import InsertPoint
from xdsl.traits import (
    is_side_effect_free,
    is_speculatable,
)

# xDSL's test for an op with regions (its operands and those of the ops nested in it).
from xdsl.transforms.loop_invariant_code_motion import can_be_hoisted

from asc_xdsl.transforms.loop_facts import LOOP_NAMES, LOOPS, has_candidates, may_speculate
from asc_xdsl.transforms.plain_pass import PlainPass


def _hoistable(op: Operation, region: Region) -> bool:
    """xDSL's test (`_move_loop_invariant_code`): side-effect free, speculatable and
    `can_be_hoisted`, in the cheapest order: the op's class first, then (without
    regions) whether an operand is defined in the loop, the effects last."""
    if not may_speculate(type(op)):
        return False  # (neither speculatable nor movable, whatever the op)
    if op.regions:
        if not can_be_hoisted(op, region):
            return False
    else:
        for v in op._operands:  # (the tuple behind op.operands)
            if region.is_ancestor(v.owner):
                return False
    return bool(is_speculatable(op)) and is_side_effect_free(op)


def move_loop_invariant_code(region: Region, builder: Builder) -> None:
    """xDSL's `_move_loop_invariant_code`, with its test in a cheaper order: the ops
    at the top of `region` that `_hoistable` accepts go before the loop (`builder`),
    then their users there are tried again."""
    worklist: deque[Operation] = deque()
    block = region._first_block
    while block is not None:  # (through xDSL's links: its iterators cost a call a step)
        o = block._first_op
        while o is not None:
            worklist.append(o)
            o = o._next_op
        block = block._next_block
    while worklist:
        op = worklist.popleft()
        block = op.parent
        if block is None or block.parent is not region or not _hoistable(op, region):
            continue  # (moved already, or stays)
        op.detach()
        builder.insert(op)
        for res in op.results:
            for use in res.uses:
                user = use.operation
                if user.parent_region() is region:
                    worklist.append(user)


def _loops(op: Operation, out: list[Operation]) -> list[Operation]:
    """The loops in `op`'s regions, inner ones before the loop around them (xDSL's
    `walk(region_first=True)` order), following xDSL's block and op links."""
    for region in op.regions:
        block = region._first_block
        while block is not None:
            o = block._first_op
            while o is not None:
                if o.regions:
                    _loops(o, out)
                    if o.name in LOOP_NAMES and isinstance(o, LOOPS):
                        out.append(o)
                o = o._next_op
            block = block._next_block
    return out


def licm(module: Operation, loops: tuple[type[Operation], ...] = LOOPS) -> None:
    """Move the invariant code out of the loops of these kinds in `module`, inner loops
    first. (`loops=(scf.ForOp,)` is xDSL's `licm` pass: tests/unit/transforms/test_licm.py
    holds the two to the same IR.)"""
    for loop in _loops(module, []):
        if isinstance(loop, loops) and has_candidates(loop):
            builder = Builder(InsertPoint.before(loop))
            for region in loop.regions:
                move_loop_invariant_code(region, builder)


class LoopInvariantCodeMotionPass(PlainPass):
    name = "loop-invariant-code-motion"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        licm(op)
