"""Which memory each value of a function refers to, and what each op does to it.

The passes that reason about memory (sync insertion and verification, input/output
detection) read it from the dialect, with no list of ops:

* **Locations.** A `Loc` is a place in one memory space: GM, an on-chip buffer (`UB`,
  `L1`, `L0A`, `L0B`, `L0C`, `BT`), or registers. Its `root` names the allocation when
  it is known: a GM parameter, a queue, a TBuf, a `local_tensor_auto`; `None` means
  "somewhere in that space". A tensor at an explicit address (`local_tensor_v2`) is
  `explicit`: it may overlap anything in its buffer.
* **Views.** An op spec's `views` pairs say which values refer to another value's
  memory (`subindex`, `reinterpret_cast`, `set_global_buffer`, `emitasc.ptr_offset`); a
  tensor an op takes from a queue or TBuf (an operand of that type) lives in its
  buffer; loop-carried and branch results refer to what flows into them.
* **Accesses.** An op reads and writes what its memory effects (xDSL `MemoryEffect`
  traits, from the op specs) name, on the pipe it issues on (`hardware.op_pipe`). An op
  with memory operands and no declared effects (a call, an op the dialect says nothing
  about) reads and writes all of them on every pipe ("ALL").

Distinct GM parameters are assumed not to overlap (kernels are called with distinct
tensors), as are distinct queues, TBufs and automatic tensors.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.traits import MemoryEffectKind, get_effects

from asc_xdsl.dialects.ascendc.types import (
    GlobalTensorType,
    LocalTensorType,
    QueBindType,
    QueueType,
    TBufPoolType,
    TBufType,
)
from asc_xdsl.enums import TPosition
from asc_xdsl.runtime.kernel import is_gm_pointer
from asc_xdsl.transforms.hardware import object_buffer, op_pipe, position_buffer

ALL = "ALL"
"""The pseudo-pipe of an op that may issue on any pipe (only PipeBarrier<PIPE_ALL>
orders it)."""

OBJECT_TYPES = (QueueType, QueBindType, TBufType, TBufPoolType)
"""Types of objects that own on-chip memory and hand out tensors in it."""

LOCAL_TENSOR_AUTO = "ascendc.local_tensor_auto"


@dataclass(frozen=True)
class Loc:
    space: str  # "GM", "UB", "L1", ..., "LOCAL" (an on-chip buffer), "REG", "STACK"
    root: object | None = None  # the allocation; None: anywhere in the space
    explicit: bool = False  # at an address the kernel gives: may overlap any of its space

    def may_alias(self, other: Loc) -> bool:
        if not _spaces_meet(self.space, other.space):
            return False
        if self.explicit or other.explicit or self.root is None or other.root is None:
            return True
        return self.root is other.root


_ON_CHIP = frozenset({"UB", "L1", "L0A", "L0B", "L0C", "BT", "LOCAL"})


def _spaces_meet(a: str, b: str) -> bool:
    if a == b:
        return True
    return "LOCAL" in (a, b) and a in _ON_CHIP and b in _ON_CHIP


def carries_memory(t: Attribute) -> bool:
    """A value of type `t` refers to memory (a tensor or a GM pointer)."""
    return isinstance(t, LocalTensorType | GlobalTensorType) or is_gm_pointer(t)


def views(op: Operation) -> Iterator[tuple[SSAValue, SSAValue]]:
    """(source, view) value pairs of `op`: `view` refers to `source`'s memory."""
    spec = getattr(type(op), "SPEC", None)
    for source, view in spec.views if spec is not None else ():
        a, b = getattr(op, source, None), getattr(op, view, None)
        if isinstance(a, SSAValue) and isinstance(b, SSAValue):
            yield a, b


def _flows(op: Operation) -> Iterator[tuple[Sequence[SSAValue], Sequence[SSAValue]]]:
    """(values, values they become) through structured control flow."""
    if isinstance(op, scf.ForOp):
        body = op.body.block
        yielded = _yielded(body)
        yield op.iter_args, body.args[1:]
        yield yielded, body.args[1:]
        yield yielded, op.results
        yield op.iter_args, op.results
    elif isinstance(op, scf.IfOp):
        for region in op.regions:
            if region.blocks:
                yield _yielded(region.block), op.results
    elif isinstance(op, scf.WhileOp):
        before, after = op.before_region.block, op.after_region.block
        cond = before.last_op
        yield op.arguments, before.args
        yield _yielded(after), before.args
        if cond is not None:
            yield cond.operands[1:], after.args
            yield cond.operands[1:], op.results
    elif isinstance(op, scf.IndexSwitchOp):
        for region in (op.default_region, *op.case_regions):
            yield _yielded(region.block), op.results


def _yielded(block: Block) -> Sequence[SSAValue]:
    last = block.last_op
    return last.operands if isinstance(last, scf.YieldOp) else ()


class MemoryMap:
    """The locations each value of a function may refer to."""

    def __init__(self, function: func.FuncOp):
        self.function = function
        self._locs: dict[SSAValue, set[Loc]] = {}
        self._objects: dict[SSAValue, SSAValue] = {}  # object value -> its allocation
        for arg in function.body.block.args if function.body.blocks else ():
            if isinstance(arg.type, GlobalTensorType) or is_gm_pointer(arg.type):
                self._locs[arg] = {Loc("GM", arg)}
            elif isinstance(arg.type, LocalTensorType):
                self._locs[arg] = {Loc("LOCAL")}
            elif isinstance(arg.type, OBJECT_TYPES):
                self._objects[arg] = arg
        self._solve()

    def _add(self, value: SSAValue, locs: Iterable[Loc]) -> bool:
        have = self._locs.setdefault(value, set())
        n = len(have)
        have.update(locs)
        return len(have) != n

    def _object(self, value: SSAValue) -> SSAValue:
        return self._objects.get(value, value)

    def _step(self, op: Operation) -> bool:
        changed = False
        for source, view in views(op):
            changed |= self._add(view, self._locs.get(source, ()))
        for sources, targets in _flows(op):
            for s, t in zip(sources, targets, strict=False):
                if s in self._locs:
                    changed |= self._add(t, self._locs[s])
        objects = [v for v in op.operands if isinstance(v.type, OBJECT_TYPES)]
        for r in op.results:
            if isinstance(r.type, OBJECT_TYPES) and r not in self._objects:
                # A new object, or another name for the one it is made from (to_que_bind).
                self._objects[r] = self._object(objects[0]) if objects else r
                changed = True
        if objects:
            owner = objects[0]
            space = object_buffer(owner.type) or "LOCAL"
            loc = Loc(space, self._object(owner))
            for v in (*op.results, *op.operands):
                if isinstance(v.type, LocalTensorType):
                    changed |= self._add(v, (loc,))
        if op.name == LOCAL_TENSOR_AUTO:
            changed |= self._add(op.results[0], (Loc("UB", op.results[0]),))
        position = getattr(op, "position", None)  # local_tensor_v2(pos, addr, size)
        if isinstance(position, TPosition):
            space = position_buffer(position) or "LOCAL"
            for r in op.results:
                if isinstance(r.type, LocalTensorType):
                    changed |= self._add(r, (Loc(space, None, explicit=True),))
        return changed

    def _solve(self) -> None:
        ops = list(self.function.walk())
        changed = True
        while changed:  # views bind tensors made earlier, loops feed back: a fixpoint
            changed = False
            for op in ops:
                changed |= self._step(op)

    def locs(self, value: SSAValue) -> frozenset[Loc]:
        """Where `value` may refer to (unknown tensors: anywhere in their space)."""
        have = self._locs.get(value)
        if have:
            return frozenset(have)
        t = value.type
        if isinstance(t, GlobalTensorType) or is_gm_pointer(t):
            return frozenset({Loc("GM")})
        if isinstance(t, LocalTensorType):
            return frozenset({Loc("LOCAL")})
        if isinstance(t, MemRefType):
            return frozenset({Loc("STACK", value)})
        return frozenset()


@dataclass(frozen=True)
class Access:
    """`op` reads or writes `loc` on `pipe`."""

    op: Operation
    pipe: str
    loc: Loc
    write: bool

    def conflicts(self, other: Access) -> bool:
        return (self.write or other.write) and self.loc.may_alias(other.loc)


def _is_ascendc(op: Operation) -> bool:
    return op.name.startswith(("ascendc.", "emitasc."))


def accesses(op: Operation, memory: MemoryMap) -> list[Access]:
    """What `op` (not the ops inside it) reads and writes, and on which pipe."""
    effects = get_effects(op)
    out: list[Access] = []
    if effects is None:  # nothing declared: every memory operand, on any pipe
        for v in op.operands:
            if carries_memory(v.type):
                for loc in memory.locs(v):
                    out.append(Access(op, ALL, loc, False))
                    out.append(Access(op, ALL, loc, True))
        return out
    pipe = op_pipe(op)
    if pipe is None:
        # Scalar code outside the dialect (memref.load) runs on the scalar unit; an op
        # of the dialect without a pipe (a library call) may use any.
        pipe = ALL if _is_ascendc(op) else "S"
    for e in effects:
        if e.kind not in (MemoryEffectKind.READ, MemoryEffectKind.WRITE):
            continue
        write = e.kind is MemoryEffectKind.WRITE
        locs = memory.locs(e.value) if e.value is not None else frozenset({Loc("REG")})
        for loc in locs:
            out.append(Access(op, pipe, loc, write))
    return out
