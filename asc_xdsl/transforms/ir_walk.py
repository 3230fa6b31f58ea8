"""Walking a module the way the passes need, cheaply.

Each pass of the JIT pipeline looks at every op once or twice; xDSL's `walk()` is a
chain of nested generators (op -> region -> block -> op), so a module's walk costs a
few generator resumptions per op and level. `ops_in` collects the same ops, in the same
order, into a list; `value_types` the types of the values they define; `functions`
finds the `func.func`s of a module without entering their bodies (functions live in the
module's block, or in a nested module's).
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Operation, Region, SSAValue


def ops_in(op: Operation) -> list[Operation]:
    """`op` and every op nested in it, in `op.walk()`'s (pre-)order."""
    found: list[Operation] = []
    _collect(op, found)
    return found


def _collect(op: Operation, found: list[Operation]) -> None:
    # The blocks and ops are followed through the links xDSL keeps them in (the fields
    # behind `first_block`, `next_block`, `first_op`, `next_op`): its iterators and
    # properties cost a Python call per step, and every pass walks every op.
    found.append(op)
    for region in op.regions:
        block = region._first_block
        while block is not None:
            child = block._first_op
            while child is not None:
                if child.regions:
                    _collect(child, found)
                else:
                    found.append(child)
                child = child._next_op
            block = block._next_block


def value_types(ops: list[Operation]) -> list[Attribute]:
    """The types of the values `ops` define, in walk order: each op's results, a region
    op's block arguments before its results. (Every operand is one of these values.)"""
    # (`_type` is the field behind xDSL's `type` property, which costs a call)
    return [
        v._type for o in ops for v in (o.results if not o.regions else [*block_args(o), *o.results])
    ]


def block_args(op: Operation) -> list[SSAValue]:
    """The arguments of the blocks of `op`'s regions, in order."""
    return [a for r in op.regions for b in r.blocks for a in b.args]


def functions(module: ModuleOp) -> Iterator[func.FuncOp]:
    """The functions of `module` (and of the modules nested in it), in order."""
    for op in module.body.block.ops:
        if isinstance(op, func.FuncOp):
            yield op
        elif isinstance(op, ModuleOp):
            yield from functions(op)


def region_functions(region: Region) -> list[Operation]:
    """The functions of a module's body `region` (and of the modules nested in it), in
    order: where a pattern that matches `func.func` finds its ops (`rewriting.rewrite`)."""
    block = region.first_block
    return [] if block is None else [f for op in block.ops for f in _functions_at(op)]


def _functions_at(op: Operation) -> Iterator[Operation]:
    if isinstance(op, func.FuncOp):
        yield op
    elif isinstance(op, ModuleOp):
        yield from functions(op)
