"""Which loops `loop-invariant-code-motion` could change, asked by the JIT pipeline's
one walk of a module (`pipeline.module_facts`) without importing the pass (`licm.py`),
which a kernel whose loops have nothing to move never runs."""

from __future__ import annotations

from functools import cache

from xdsl.dialects import scf
from xdsl.ir import Operation
from xdsl.traits import ConditionallySpeculatable, IsTerminator

LOOPS = (scf.ForOp, scf.WhileOp, scf.ParallelOp)
"""MLIR's `LoopLikeOpInterface` ops among the dialects we use: all their regions are
loop bodies."""
LOOP_NAMES = frozenset(loop.name for loop in LOOPS)


@cache
def may_speculate(t: type[Operation]) -> bool:
    """Whether ops of this class can ever be moved: speculatable, not a terminator."""
    return t.has_trait(ConditionallySpeculatable) and not t.has_trait(IsTerminator)


def has_candidates(loop: Operation) -> bool:
    """Whether some op of the loop's body could move: one of a class that can be
    speculated, whose operands the body does not define (xDSL then checks the ops
    nested in it too). xDSL's step starts from those ops only, so a loop without any has nothing
    to hoist: skipping it saves computing the memory effects of its Ascend C ops (and
    the JIT pipeline runs this pass only where a loop has one)."""
    for region in loop.regions:
        block = region._first_block
        while block is not None:  # (through xDSL's links: its iterators cost a call a step)
            o = block._first_op
            while o is not None:
                if may_speculate(type(o)) and not any(
                    v.owner is block or getattr(v.owner, "parent", None) is block
                    for v in o._operands  # (the tuple behind o.operands)
                ):
                    return True
                o = o._next_op
            block = block._next_block
    return False
