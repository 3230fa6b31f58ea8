"""`ascendc-plan-memory`: on-chip addresses of a kernel's queues and buffers, checked
against the SoC's capacities at compile time.

TPipe hands out on-chip memory in the order of its `InitBuffer` calls, each request
rounded up to 32 bytes, from the start of the memory the buffer's position lives in
(VECIN/VECOUT/VECCALC: UB, A1/B1/C1: L1, A2: L0A, B2: L0B, CO1: L0C, C2: BT); `Reset`,
`Destroy` and `Init` give it all back. This pass does the same walk over each function:
each `pipe.init_queue` (`num` buffers of `length` bytes), `pipe.init_buffer` and
`pipe.init_buf_pool` whose sizes are constants gets `ascendc.address` (its byte offset in
that memory) and `ascendc.bytes` (what it takes). When the requests of one memory exceed
the capacity of the module's SoC (`ascendc.soc`, the default SoC if none), the pass fails
at the request that does not fit, naming every buffer in that memory with its bytes. A
local tensor at an explicit address (`local_tensor_v2`) must lie within its memory.

`LocalMemAllocator` (static allocation, the Ascend 950 programming style without a
TPipe) is planned the same way, one bump allocator per `ascendc.local_mem_allocator`
from byte 0 of its memory, unaligned as the headers' `Alloc` is: each
`local_mem_allocator.alloc` / `alloc_dynamic` of a constant tile size in the
allocator's own block gets `ascendc.address`/`ascendc.bytes`, and the tensors of one
allocator must fit the SoC's memory. An Alloc in a loop or branch below the allocator
(the head moves on every run) or of a runtime size ends the allocator's plan.

A size that is not a constant (a kernel argument) has no address: the requests after it
in the same memory get none either, but what is known still counts towards the capacity.
An init op inside a loop or a branch counts once (the JIT hoists queue set-up out of
loops with `insert_sync`; Ascend C itself would take memory again on every iteration).

Before:
    %q = ascendc.queue : <vecin, 2>
    ascendc.pipe.init_queue %pipe, %q, %c2, %c4096 : !ascendc.queue<vecin, 2>, i32, i32
    %b = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %b, %c100 : !ascendc.tbuf<veccalc>, i32
After:
    ascendc.pipe.init_queue %pipe, %q, %c2, %c4096
        {ascendc.address = 0 : i64, ascendc.bytes = 8192 : i64} : ...
    ascendc.pipe.init_buffer %pipe, %b, %c100
        {ascendc.address = 8192 : i64, ascendc.bytes = 128 : i64} : ...
"""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    IntegerAttr,
    ModuleOp,
    StringAttr,
    UnrealizedConversionCastOp,
    i64,
)
from xdsl.ir import Operation, SSAValue

from asc_xdsl import soc as soc_table
from asc_xdsl.dialects.ascendc.target import SOC_ATTR
from asc_xdsl.dialects.dtypes import from_ir
from asc_xdsl.enums import TPosition
from asc_xdsl.transforms.diagnostics import fail
from asc_xdsl.transforms.hardware import PIPE_RELEASES, object_buffer, position_buffer
from asc_xdsl.transforms.ir_walk import functions, ops_in
from asc_xdsl.utils.records import Record

PASS = "ascendc-plan-memory"
ADDRESS_ATTR = "ascendc.address"
BYTES_ATTR = "ascendc.bytes"
ALIGN = 32
"""TPipe rounds every request up to 32 bytes (the headers' ONE_BLK_SIZE)."""

# op name -> (operand holding the object, operand of the buffer count or None, operand of the bytes)
REQUESTS: dict[str, tuple[str, str | None, str]] = {
    "ascendc.pipe.init_queue": ("queue", "num", "length"),
    "ascendc.pipe.init_buffer": ("buffer", None, "length"),
    "ascendc.pipe.init_buf_pool": ("buf_pool", None, "len"),
}

ALLOCATOR = "ascendc.local_mem_allocator"
ALLOCS = ("ascendc.local_mem_allocator.alloc", "ascendc.local_mem_allocator.alloc_dynamic")
# Hardware (the allocator type's parameter) -> the memory's name in the SoC table
_HARDWARE_MEMORY = {"UB": "UB", "L1": "L1", "L0A": "L0A", "L0B": "L0B", "L0C": "L0C", "BIAS": "BT"}


def constant(value: SSAValue | None) -> int | None:
    """The integer `value` is, if an `arith.constant` gives it (through the casts the
    frontend puts between signed and unsigned integers)."""
    op = value.owner if value is not None else None
    while isinstance(op, UnrealizedConversionCastOp | arith.IndexCastOp) and len(op.operands) == 1:
        op = op.operands[0].owner
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
        return op.value.value.data
    return None


def _name(op: Operation, obj: SSAValue) -> str:
    return f"%{obj.name_hint}" if obj.name_hint else f"the {op.name.split('.')[-1]} request"


class _Memory(Record):
    """One memory's bump allocator: the next free address (None once a size is unknown);
    `known`: bytes of the requests with a constant size."""

    _FIELDS = ("capacity", "next", "known", "taken")
    __slots__ = _FIELDS

    def __init__(
        self,
        capacity: int,
        next: int | None = 0,
        known: int = 0,
        taken: list[tuple[str, int]] | None = None,
    ) -> None:
        self.capacity = capacity
        self.next = next
        self.known = known
        self.taken = [] if taken is None else taken


def _operand(op: Operation, name: str | None) -> SSAValue | None:
    return getattr(op, name) if name is not None else None


def _plan(f: func.FuncOp, capacity: dict[str, int], soc_name: str) -> None:
    memories: dict[str, _Memory] = {}
    allocators: dict[SSAValue, _Memory] = {}
    for op in ops_in(f):  # program order
        if op.name in PIPE_RELEASES:
            memories.clear()
            continue
        if op.name == "ascendc.local_tensor_v2":
            _check_explicit(op, capacity, soc_name)
            continue
        if op.name in ALLOCS:
            _allocate(op, allocators, capacity, soc_name)
            continue
        request = REQUESTS.get(op.name)
        if request is None:
            continue
        obj_name, num_name, len_name = request
        obj = _operand(op, obj_name)
        assert obj is not None
        buffer = object_buffer(obj.type)
        if buffer is None or buffer not in capacity:
            continue
        mem = memories.setdefault(buffer, _Memory(capacity[buffer]))
        num = constant(_operand(op, num_name)) if num_name else 1
        length = constant(_operand(op, len_name))
        if num is None or length is None:
            mem.next = None
            continue
        if num < 1 or length < 0:
            raise fail(PASS, op, f"{_name(op, obj)} asks for {num} buffers of {length} bytes")
        nbytes = num * (-(-length // ALIGN) * ALIGN)
        mem.taken.append((_name(op, obj), nbytes))
        mem.known += nbytes
        if mem.known > mem.capacity:
            listed = ", ".join(f"{n} {b} B" for n, b in mem.taken)
            raise fail(
                PASS,
                op,
                f"{buffer} overflow: the buffers need {mem.known} bytes but {soc_name} has "
                f"{mem.capacity} bytes of {buffer} ({listed})",
            )
        if mem.next is not None:
            op.attributes[ADDRESS_ATTR] = IntegerAttr(mem.next, i64)
            op.attributes[BYTES_ATTR] = IntegerAttr(nbytes, i64)
            mem.next += nbytes


def _allocate(
    op: Operation, allocators: dict[SSAValue, _Memory], capacity: dict[str, int], soc_name: str
) -> None:
    """One `Alloc` of a LocalMemAllocator: the tensor at the allocator's head."""
    allocator = op.allocator  # type: ignore[attr-defined]
    buffer = _HARDWARE_MEMORY.get(allocator.type.hard.name)
    if buffer not in capacity:
        return
    mem = allocators.setdefault(allocator, _Memory(capacity[buffer]))
    made_by = allocator.owner
    if not isinstance(made_by, Operation) or made_by.parent_block() is not op.parent_block():
        mem.next = None  # in a loop or branch: the head moves each time it runs
    size = constant(op.tile_size)  # type: ignore[attr-defined]
    if size is None or mem.next is None:
        mem.next = None
        return
    nbytes = size * from_ir(op.result.type.element_type).sizeof()  # type: ignore[attr-defined]
    name = f"%{op.results[0].name_hint}" if op.results[0].name_hint else "a tensor"
    mem.taken.append((name, nbytes))
    mem.known += nbytes
    if mem.known > mem.capacity:
        listed = ", ".join(f"{n} {b} B" for n, b in mem.taken)
        who = f"%{allocator.name_hint}" if allocator.name_hint else "a LocalMemAllocator"
        raise fail(
            PASS,
            op,
            f"{buffer} overflow: {who} hands out {mem.known} bytes but {soc_name} has "
            f"{mem.capacity} bytes of {buffer} ({listed})",
        )
    op.attributes[ADDRESS_ATTR] = IntegerAttr(mem.next, i64)
    op.attributes[BYTES_ATTR] = IntegerAttr(nbytes, i64)
    mem.next += nbytes


def _check_explicit(op: Operation, capacity: dict[str, int], soc_name: str) -> None:
    """A tensor at a constant address must end within its memory."""
    buffer = position_buffer(TPosition(op.pos.value.data))  # type: ignore[attr-defined]
    addr, size = constant(op.addr), constant(op.tile_size)  # type: ignore[attr-defined]
    if buffer not in capacity or addr is None or size is None:
        return
    nbytes = size * from_ir(op.result.type.element_type).sizeof()  # type: ignore[attr-defined]
    if addr + nbytes > capacity[buffer]:
        raise fail(
            PASS,
            op,
            f"{buffer} overflow: a local tensor at byte {addr} of {nbytes} bytes ends at "
            f"{addr + nbytes}, but {soc_name} has {capacity[buffer]} bytes of {buffer}",
        )


def plan_memory(op: ModuleOp) -> None:
    """The pass (module docstring): on-chip addresses of each kernel's queues and buffers."""
    attr = op.attributes.get(SOC_ATTR)
    soc = soc_table.get_soc(attr.data if isinstance(attr, StringAttr) else None)
    capacity = dict(soc.memory)
    for f in functions(op):
        if f.body.blocks:
            _plan(f, capacity, soc.name)
