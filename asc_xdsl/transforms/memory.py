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
  spec that declares no effect touches no memory, unless the op computes on a pipe
  other than the scalar one (its memory is behind addresses: any on-chip memory). An op
  outside the dialect with memory operands and no declared effects (a call) reads and
  writes all of them on every pipe ("ALL").

Distinct GM parameters are assumed not to overlap (kernels are called with distinct
tensors), as are distinct queues, TBufs and automatic tensors.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IntegerAttr, MemRefType
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
from asc_xdsl.dialects.dtypes import from_ir
from asc_xdsl.dialects.kernel_args import is_gm_pointer
from asc_xdsl.enums import TPosition
from asc_xdsl.transforms.hardware import QUEUE_OPS, object_buffer, op_pipe, position_buffer
from asc_xdsl.transforms.offsets import Linear, linear

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
    alloc: object | None = None  # the AllocTensor that gave a queue tensor (None: any)
    offset: Linear | None = None  # elements from the root's start (None: not known)
    elem: Attribute | None = None  # the element type `offset` counts

    def may_alias(self, other: Loc) -> bool:
        """May the two refer to the same memory (offsets aside)?"""
        if not _spaces_meet(self.space, other.space):
            return False
        if self.root is None or other.root is None:
            return True
        if self.explicit != other.explicit:  # an address the kernel picked, in a pool
            return True
        return self.root is other.root

    def shifted(self, by: Linear | None, elem: Attribute | None) -> Loc:
        """The same memory seen `by` elements further on, as elements of type `elem`."""
        if self.offset is None or by is None or (self.elem is not None and elem != self.elem):
            return replace(self, offset=None, elem=elem)
        return replace(self, offset=self.offset + by, elem=elem)


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


VIEW_OFFSETS: dict[str, str] = {
    "ascendc.global_tensor.subindex": "index",
    "ascendc.local_tensor.subindex": "index",
    "ascendc.reg.ub_ptr": "offset",
    "emitasc.ptr_offset": "dynamic_offset",
}
"""View ops whose view starts a number of elements into its source: the operand that
says how many (`ptr_offset` may give it as its `staticOffset` property instead)."""

MAX_OFFSETS = 8
"""Distinct offsets into one allocation a value may have before they count as unknown
(a view made from itself in a loop would otherwise grow without end)."""


def element_type(t: Attribute) -> Attribute | None:
    return getattr(t, "element_type", None)


def _view_shift(op: Operation) -> Linear | None:
    """How many elements a view op's view starts after its source."""
    name = VIEW_OFFSETS.get(op.name)
    if name is None:
        return Linear(0)  # a view of the same memory (reinterpret_cast, set_global_buffer)
    value = getattr(op, name, None)
    if isinstance(value, SSAValue):
        return linear(value)
    static = op.properties.get("staticOffset")
    return Linear(static.value.data) if isinstance(static, IntegerAttr) else None


def _enqueued_before(deque: Operation) -> Operation | None:
    """The last EnQue on a DeQue's queue before it, in its block or the blocks around it:
    the one whose tensor it takes, when the queue is used in order."""
    queue = deque.operands[0]
    op: Operation | None = deque
    while op is not None:
        prev = op.prev_op
        while prev is not None:
            if QUEUE_OPS.get(prev.name) == "enque" and prev.operands[0] == queue:
                return prev
            prev = prev.prev_op
        op = op.parent_op()
    return None


_EXPLICIT_ROOTS: dict[str, object] = {}


def _explicit(space: str, op: Operation, t: LocalTensorType) -> Loc:
    """A tensor at a byte address the kernel gives: the buffer's own root, at the
    address in elements when the address is a whole number of them."""
    root = _EXPLICIT_ROOTS.setdefault(space, f"{space} at explicit addresses")
    addr = getattr(op, "addr", None)
    offset: Linear | None = None
    if isinstance(addr, SSAValue):
        try:
            size = from_ir(t.element_type).sizeof()
        except TypeError:
            size = 0
        byte = linear(addr)
        coeffs = [byte.const, *(c for _, c in byte.terms)]
        if size and all(c % size == 0 for c in coeffs):
            offset = Linear(byte.const // size, frozenset((v, c // size) for v, c in byte.terms))
    return Loc(space, root, explicit=True, offset=offset, elem=t.element_type)


class MemoryMap:
    """The locations each value of a function may refer to."""

    def __init__(self, function: func.FuncOp):
        self.function = function
        self._locs: dict[SSAValue, set[Loc]] = {}
        self._objects: dict[SSAValue, SSAValue] = {}  # object value -> its allocation
        for arg in function.body.block.args if function.body.blocks else ():
            if isinstance(arg.type, GlobalTensorType) or is_gm_pointer(arg.type):
                self._locs[arg] = {Loc("GM", arg, offset=Linear(0), elem=element_type(arg.type))}
            elif isinstance(arg.type, LocalTensorType):
                self._locs[arg] = {Loc("LOCAL")}
            elif isinstance(arg.type, OBJECT_TYPES):
                self._objects[arg] = arg
        self._solve()

    def _add(self, value: SSAValue, locs: Iterable[Loc]) -> bool:
        have = self._locs.setdefault(value, set())
        before = frozenset(have)
        have.update(locs)
        if len(have) > MAX_OFFSETS:
            widened = {replace(loc, offset=None) for loc in have}
            have.clear()
            have.update(widened)
        return frozenset(have) != before

    def _step(self, op: Operation) -> bool:
        changed = False
        views_of = list(views(op))
        if views_of:
            shift = _view_shift(op)
            for source, view in views_of:
                elem = element_type(view.type)
                shifted = (loc.shifted(shift, elem) for loc in self._locs.get(source, ()))
                changed |= self._add(view, shifted)
        for sources, targets in _flows(op):
            for s, t in zip(sources, targets, strict=False):
                if s in self._locs:
                    changed |= self._add(t, self._locs[s])
        objects = [v for v in op.operands if isinstance(v.type, OBJECT_TYPES)]
        for r in op.results:
            if isinstance(r.type, OBJECT_TYPES) and r not in self._objects:
                # A new object, or another name for the one it is made from (to_que_bind).
                self._objects[r] = self.object_root(objects[0]) if objects else r  # type: ignore[assignment]
                changed = True
        if objects:
            changed |= self._object_tensors(op, objects[0])
        if op.name == LOCAL_TENSOR_AUTO:
            changed |= self._add(op.results[0], (Loc("UB", op.results[0]),))
        position = getattr(op, "position", None)  # local_tensor_v2(pos, addr, size)
        if isinstance(position, TPosition):
            space = position_buffer(position) or "LOCAL"
            for r in op.results:
                if isinstance(r.type, LocalTensorType):
                    changed |= self._add(r, (_explicit(space, op, r.type),))
        return changed

    def _object_tensors(self, op: Operation, owner: SSAValue) -> bool:
        """Tensors an op takes from a queue or TBuf live in its buffer."""
        loc = Loc(object_buffer(owner.type) or "LOCAL", self.object_root(owner))
        role = QUEUE_OPS.get(op.name)
        tensors = [v for v in op.results if isinstance(v.type, LocalTensorType)]
        if role in ("alloc", "deque") and not tensors and len(op.operands) > 1:
            tensors = [op.operands[1]]  # the in-place forms bind their tensor operand
        if role in ("enque", "free"):
            return False  # they take a tensor back: it already is in the queue's buffer
        changed = False
        for t in tensors:
            if role == "alloc":  # each allocation: a buffer of its own at the time
                changed |= self._add(t, (replace(loc, alloc=op),))
            elif role == "deque":  # the tensor the matching EnQue enqueued
                enque = _enqueued_before(op)
                got = self._locs.get(enque.operands[1], ()) if enque is not None else ()
                changed |= self._add(t, got or (loc,))
            else:
                changed |= self._add(t, (loc,))
        return changed

    def _solve(self) -> None:
        ops = list(self.function.walk())
        changed = True
        while changed:  # views bind tensors made earlier, loops feed back: a fixpoint
            changed = False
            for op in ops:
                changed |= self._step(op)

    def object_root(self, value: SSAValue) -> object:
        """The allocation a queue/TBuf value names (a TQueBind view names its TQue's)."""
        return self._objects.get(value, value)

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
    """`op` reads or writes `loc` on `pipe`; `extent`: how many elements from the
    location's offset (None: not known)."""

    op: Operation
    pipe: str
    loc: Loc
    write: bool
    extent: Linear | None = None

    def conflicts(self, other: Access) -> bool:
        """Might the two touch the same memory, one writing (offsets aside)?"""
        return (self.write or other.write) and self.loc.may_alias(other.loc)


COUNT_OPERAND = "cal_count"
"""The operand of an op's element-count form (`DataCopy(dst, src, count)`, `Add(dst,
src0, src1, count)`): how many elements it touches from each tensor's start."""


def _extent(op: Operation) -> Linear | None:
    count = getattr(op, COUNT_OPERAND, None) if hasattr(type(op), "SPEC") else None
    return linear(count) if isinstance(count, SSAValue) else None


def _is_ascendc(op: Operation) -> bool:
    return op.name.startswith(("ascendc.", "emitasc."))


def accesses(op: Operation, memory: MemoryMap) -> list[Access]:
    """What `op` (not the ops inside it) reads and writes, and on which pipe. A call of
    a vector function (`argument_effects`) accesses what its body does to the memory of
    its pointer arguments, on its pipe (V)."""
    pipe = op_pipe(op)
    argument_effects = getattr(op, "argument_effects", None)
    if argument_effects is not None:
        return [
            Access(op, pipe or ALL, loc, write)
            for value, write in argument_effects()
            for loc in memory.locs(value)
        ]
    effects = get_effects(op)
    if effects is None and hasattr(type(op), "SPEC"):
        # The op spec is the source of truth: no effect declared, no memory touched --
        # except by a compute op, whose memory is then behind addresses it takes.
        if pipe in (None, "S"):
            return []
        return [Access(op, pipe, Loc("LOCAL"), False), Access(op, pipe, Loc("LOCAL"), True)]
    out: list[Access] = []
    if effects is None:  # nothing declared: every memory operand, on any pipe
        for v in op.operands:
            if carries_memory(v.type):
                for loc in memory.locs(v):
                    out.append(Access(op, ALL, loc, False))
                    out.append(Access(op, ALL, loc, True))
        return out
    if pipe is None:
        # Scalar code outside the dialect (memref.load) runs on the scalar unit; an op
        # of the dialect without a pipe (a library call) may use any.
        pipe = ALL if _is_ascendc(op) else "S"
    for e in effects:
        if e.kind not in (MemoryEffectKind.READ, MemoryEffectKind.WRITE):
            continue
        write = e.kind is MemoryEffectKind.WRITE
        locs = memory.locs(e.value) if e.value is not None else frozenset({Loc("REG")})
        extent = _extent(op) if e.value is not None else None
        for loc in locs:
            out.append(Access(op, pipe, loc, write, extent))
    return out
