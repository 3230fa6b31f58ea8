"""A dynamic race checker for kernel IR: the test oracle of the sync passes.

It runs a function's control flow with concrete values (loop bounds, branch conditions,
offsets), records every memory access with the bytes it touches, and orders the
accesses with vector clocks under the hardware rules (docs/ascendc_semantics.md section 4):

- each pipe runs its ops in order but may overlap them: an op knows an earlier op of
  its own pipe complete only after a PipeBarrier (the scalar pipe excepted);
- `SetFlag<X_Y>` fires once all earlier X ops are complete (and carries what X knew);
  `WaitFlag<X_Y>` gives Y that knowledge; a wait on the scalar unit gives it to every
  pipe, since the scalar unit issues everything that follows;
- `PipeBarrier<PIPE_ALL>` completes everything;
- TQue traffic: EnQue sets / DeQue waits (first in, first out); FreeTensor sets and the
  AllocTensor that gets that buffer back (round robin over the queue's buffers) waits.

Two accesses race when they touch a common byte, one writes, and the later one does not
know the earlier one complete. This is independent of `sync_analysis` (no abstraction:
concrete buffers, offsets and iterations), so it checks insert-sync's output.
"""

from __future__ import annotations

import operator
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import UnrealizedConversionCastOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.traits import MemoryEffectKind, get_effects

from asc_xdsl.dialects.ascendc.types import GlobalTensorType, LocalTensorType
from asc_xdsl.enums import HardEvent, Pipe
from asc_xdsl.frontend.dtypes import from_ir
from asc_xdsl.runtime.kernel import is_gm_pointer
from asc_xdsl.transforms.hardware import PIPES, QUEUE_OPS, op_pipe, queue_events

WHOLE = 1 << 40  # bytes a tensor access touches when the op says no count


@dataclass(frozen=True)
class Tensor:
    root: tuple  # ("gm", arg), ("arg", local tensor arg), ("explicit", space), ("queue", id, buffer), ("tbuf", id)
    start: int  # byte offset in the root
    size: int  # bytes per element


@dataclass
class Queue:
    events: Any
    num: int = 1
    cursor: int = 0
    busy: set[int] = field(default_factory=set)
    freed: dict[int, dict[str, int]] = field(default_factory=dict)
    fifo: list[tuple[dict[str, int], int]] = field(default_factory=list)


@dataclass(frozen=True)
class Access:
    op: Operation
    pipe: str
    index: int  # the n-th op of its pipe
    known: tuple[tuple[str, int], ...]  # what the pipe knew complete when it started
    root: tuple
    lo: int
    hi: int
    write: bool


@dataclass(frozen=True)
class Race:
    first: Access
    second: Access


_INT_OPS = {
    arith.MuliOp: int.__mul__,
    arith.AddiOp: int.__add__,
    arith.SubiOp: int.__sub__,
    arith.DivSIOp: lambda a, b: int(a / b),
    arith.FloorDivSIOp: int.__floordiv__,
    arith.RemSIOp: lambda a, b: a - b * int(a / b),
    arith.ShRSIOp: int.__rshift__,
    arith.AndIOp: int.__and__,
}
_CMPI = {
    0: operator.eq,
    1: operator.ne,
    2: operator.lt,
    3: operator.le,
    4: operator.gt,
    5: operator.ge,
}


def _join(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    return {p: max(a.get(p, 0), b.get(p, 0)) for p in a.keys() | b.keys()}


class Oracle:
    def __init__(self, function: func.FuncOp, args: dict[str, Any]):
        self.env: dict[SSAValue, Any] = {}
        for a in function.body.block.args:
            if isinstance(a.type, GlobalTensorType) or is_gm_pointer(a.type):
                self.env[a] = Tensor(("gm", a.name_hint), 0, from_ir(a.type.element_type).sizeof())
            elif isinstance(
                a.type, LocalTensorType
            ):  # a buffer of its own (the passes' assumption)
                self.env[a] = Tensor(("arg", a.name_hint), 0, from_ir(a.type.element_type).sizeof())
            elif a.name_hint in args:
                self.env[a] = args[a.name_hint]
        self.count = {p: 0 for p in PIPES}
        self.known: dict[str, dict[str, int]] = {p: {} for p in PIPES}
        self.flags: dict[tuple[HardEvent, int], dict[str, int]] = {}
        self.queues: dict[SSAValue, Queue] = {}
        self.accesses: list[Access] = []
        self.errors: list[str] = []
        self.block(function.body.block)

    # -- control flow ---------------------------------------------------------------

    def block(self, block: Block) -> None:
        for op in block.ops:
            self.op(op)

    def value(self, v: SSAValue) -> Any:
        return self.env[v]

    def op(self, op: Operation) -> None:
        if isinstance(op, scf.ForOp):
            lb, ub, step = (self.value(v) for v in (op.lb, op.ub, op.step))
            body = op.body.block
            carried = [self.value(v) for v in op.iter_args]
            for i in range(lb, ub, step):
                self.env[body.args[0]] = i
                for arg, v in zip(body.args[1:], carried, strict=True):
                    self.env[arg] = v
                self.block(body)
                carried = [self.value(v) for v in body.last_op.operands]
            for r, v in zip(op.results, carried, strict=True):
                self.env[r] = v
            return
        if isinstance(op, scf.IfOp):
            cond = self.env.get(op.cond, True)  # a condition on data: one side
            region = op.true_region if cond else op.false_region
            if region.blocks:
                self.block(region.block)
                last = region.block.last_op
                for r, v in zip(op.results, last.operands if last else (), strict=False):
                    self.env[r] = self.value(v)
            return
        if isinstance(op, scf.YieldOp | func.ReturnOp):
            return
        if self.arith(op) or self.sync(op) or self.objects(op):
            return
        self.access(op)

    def arith(self, op: Operation) -> bool:
        if isinstance(op, arith.ConstantOp):
            self.env[op.result] = op.value.value.data  # type: ignore[union-attr]
        elif isinstance(op, arith.IndexCastOp | arith.ExtSIOp | UnrealizedConversionCastOp):
            self.env[op.results[0]] = self.value(op.operands[0])
        elif type(op) in _INT_OPS:
            a, b = (self.value(v) for v in op.operands)
            self.env[op.results[0]] = _INT_OPS[type(op)](a, b)
        elif isinstance(op, arith.CmpiOp):
            a, b = (self.value(v) for v in op.operands)
            self.env[op.result] = _CMPI[op.predicate.value.data](a, b)
        elif op.name.startswith("arith.") or op.name.startswith("math."):
            self.env[op.results[0]] = 0.0  # float data: no effect on control or memory
        else:
            return False
        return True

    # -- tensors and objects -----------------------------------------------------------

    def objects(self, op: Operation) -> bool:
        name = op.name
        if name == "ascendc.local_tensor_v2":
            t = op.results[0].type
            root = ("explicit", str(op.position))
            size = from_ir(t.element_type).sizeof()
            self.env[op.results[0]] = Tensor(root, self.value(op.addr), size)
        elif name in ("ascendc.local_tensor", "ascendc.construct"):
            self.env[op.results[0]] = None  # an unbound tensor (a loop's seed), a struct
        elif name in ("ascendc.global_tensor", "ascendc.get_block_idx"):
            self.env[op.results[0]] = 0  # a tensor bound later; block 0 ...
        elif name == "ascendc.get_block_num":
            self.env[op.results[0]] = 1  # ... of 1
        elif name == "ascendc.global_tensor.set_global_buffer":
            self.env[op.tensor] = self.value(op.buffer)
        elif name == "emitasc.ptr_offset":
            t = self.value(op.base)
            self.env[op.result] = Tensor(
                t.root, t.start + self.value(op.dynamic_offset) * t.size, t.size
            )
        elif name in ("ascendc.global_tensor.subindex", "ascendc.local_tensor.subindex"):
            t: Tensor = self.value(op.tensor)
            self.env[op.result] = Tensor(t.root, t.start + self.value(op.index) * t.size, t.size)
        elif name == "ascendc.queue":
            self.queues[op.results[0]] = Queue(queue_events(op.results[0].type))
        elif name == "ascendc.tbuf":
            self.env[op.results[0]] = ("tbuf", id(op))
        elif name == "ascendc.tbuf.get_tensor":
            size = from_ir(op.results[0].type.element_type).sizeof()
            self.env[op.results[0]] = Tensor(self.value(op.buffer), 0, size)
        elif name == "ascendc.pipe.init_queue":
            self.queues[op.queue].num = self.value(op.num)
        elif name in ("ascendc.pipe", "ascendc.pipe.init_buffer", "ascendc.pipe.fetch_event_id"):
            if name == "ascendc.pipe.fetch_event_id":
                self.env[op.results[0]] = 0
        elif name in QUEUE_OPS:
            self.queue(op, QUEUE_OPS[name])
        else:
            return False
        return True

    def queue(self, op: Operation, role: str) -> None:
        q = self.queues[op.operands[0]]
        ev = q.events
        if role == "alloc":
            for _ in range(q.num):
                b = q.cursor
                q.cursor = (q.cursor + 1) % q.num
                if b not in q.busy:
                    break
            else:
                self.errors.append(f"{op.name}: no free buffer")
                return
            q.busy.add(b)
            if b in q.freed:  # waits for the free of this buffer
                self.wait(q.freed.pop(b), ev.free.dst_pipe)
            size = from_ir(op.results[0].type.element_type).sizeof()
            self.env[op.results[0]] = Tensor(("queue", id(q), b), 0, size)
        elif role == "free":
            b = self.value(op.operands[1]).root[2]
            q.busy.discard(b)
            q.freed[b] = self.snapshot(ev.free.src_pipe)
        elif role == "enque":
            q.fifo.append((self.snapshot(ev.enque.src_pipe), self.value(op.operands[1])))
        else:
            snapshot, tensor = q.fifo.pop(0)
            self.wait(snapshot, ev.enque.dst_pipe)
            self.env[op.results[0]] = tensor

    # -- synchronisation ---------------------------------------------------------------

    def snapshot(self, pipe: str) -> dict[str, int]:
        return {**self.known[pipe], pipe: self.count[pipe]}

    def wait(self, snapshot: dict[str, int], pipe: str) -> None:
        for p in PIPES if pipe == "S" else (pipe,):
            self.known[p] = _join(self.known[p], snapshot)

    def sync(self, op: Operation) -> bool:
        if op.name == "ascendc.set_flag":
            key = (op.hard_event, self.value(op.event_id))
            if key in self.flags:
                self.errors.append(f"SetFlag<{key[0].name}>({key[1]}) set twice")
            self.flags[key] = self.snapshot(key[0].src_pipe)
        elif op.name == "ascendc.wait_flag":
            key = (op.hard_event, self.value(op.event_id))
            if key not in self.flags:
                self.errors.append(f"WaitFlag<{key[0].name}>({key[1]}) never set: hangs")
                return True
            self.wait(self.flags.pop(key), key[0].dst_pipe)
        elif op.name == "ascendc.pipe_barrier":
            pipe = op.pipe_value
            if pipe is Pipe.PIPE_ALL:
                for p in PIPES:
                    self.known[p] = dict(self.count)
            else:
                p = pipe.name.removeprefix("PIPE_")
                self.known[p] = {**self.known[p], p: self.count[p]}
        else:
            return False
        return True

    # -- accesses ---------------------------------------------------------------------

    def access(self, op: Operation) -> None:
        effects = get_effects(op) or ()
        pipe = op_pipe(op) or "S"
        count = getattr(op, "cal_count", None)
        n = self.value(count) if isinstance(count, SSAValue) else None
        touched = False
        for e in effects:
            if e.kind not in (MemoryEffectKind.READ, MemoryEffectKind.WRITE) or e.value is None:
                continue
            t = self.value(e.value)
            if isinstance(e.value.type, LocalTensorType | GlobalTensorType):
                extent = n * t.size if n is not None else WHOLE
                if op.name.endswith(("get_value", "set_value")):
                    index = self.value(op.operands[1])
                    lo, hi = t.start + index * t.size, t.start + (index + 1) * t.size
                else:
                    lo, hi = t.start, t.start + extent
                self.accesses.append(
                    Access(
                        op,
                        pipe,
                        self.count[pipe],
                        tuple(sorted(self.known[pipe].items())),
                        t.root,
                        lo,
                        hi,
                        e.kind is MemoryEffectKind.WRITE,
                    )
                )
                touched = True
        if touched:
            self.count[pipe] += 1
        elif op.results:
            raise NotImplementedError(f"the oracle does not run {op.name}")
        for r in op.results:  # a scalar read: any value
            self.env.setdefault(r, 0)

    def races(self) -> list[Race]:
        out = []
        by_root: dict[tuple, list[Access]] = defaultdict(list)
        for a in self.accesses:
            by_root[a.root].append(a)
        for accs in by_root.values():
            for j, b in enumerate(accs):
                known = dict(b.known)
                for a in accs[:j]:
                    if not (a.write or b.write) or a.hi <= b.lo or b.hi <= a.lo:
                        continue
                    if a.pipe == b.pipe == "S":
                        continue
                    if a.op is b.op and a.index == b.index and a.pipe == b.pipe:
                        continue  # one op reading and writing its own operands
                    if known.get(a.pipe, 0) <= a.index:
                        out.append(Race(a, b))
        return out
