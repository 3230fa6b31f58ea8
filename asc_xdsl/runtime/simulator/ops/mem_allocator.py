"""`LocalMemAllocator<hard>`: hands out consecutive local tensors of one memory without
a TPipe, as the headers do: the head starts at 0 (the dynamic memory's start on Atlas
A2/A3) and each `Alloc<pos, T>(tileSize)` is `LocalTensor<T>(pos, head, tileSize)`,
then moves the head by tileSize * sizeof(T) bytes, unaligned: a tensor at a head that
is not 32-byte aligned (64 in L0C, 512 in L0A/L0B) is an AlignmentError at its Alloc,
as `LocalTensor(pos, addr, len)` is.
"""

from __future__ import annotations

from asc_xdsl.dialects.ascendc import mem_allocator as ma
from asc_xdsl.enums import Hardware
from asc_xdsl.runtime.simulator import float4
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.memory import PERMANENT, LocalTensor
from asc_xdsl.runtime.simulator.queues import memory_of

MEMORY_OF_HARDWARE = {
    Hardware.UB: "UB",
    Hardware.L1: "L1",
    Hardware.L0A: "L0A",
    Hardware.L0B: "L0B",
    Hardware.L0C: "L0C",
    Hardware.BIAS: "BT",
}


class Allocator:
    __slots__ = ("head", "mem_name")

    def __init__(self, mem_name: str) -> None:
        self.mem_name = mem_name
        self.head = 0


@handles(ma.LocalMemAllocatorOp)
def _allocator(op, comp):
    r = comp.slot(op.allocator)
    mem_name = MEMORY_OF_HARDWARE[op.allocator.type.hard]

    def run(e, c, _op=op):
        e[r] = Allocator(mem_name)

    return run


@handles(ma.LocalMemAllocatorGetCurAddrOp)
def _cur_addr(op, comp):
    a, r = comp.slot(op.allocator), comp.slot(op.result)

    def run(e, c, _op=op):
        e[r] = e[a].head

    return run


@handles(ma.LocalMemAllocatorAllocOp, ma.LocalMemAllocatorAllocDynamicOp)
def _alloc(op, comp):
    a, n, r = comp.slot(op.allocator), comp.slot(op.tile_size), comp.slot(op.result)
    pos = op.position
    mem_name = memory_of(pos)
    et = op.result.type.element_type
    dt = np_dtype(et)

    half = float4.is_float4(et)

    def run(e, c, _op=op):
        alloc, length = e[a], int(e[n])
        if half:
            length = float4.pairs(length, "LocalMemAllocator.Alloc of a 4-bit tensor")
        addr = alloc.head
        c.onchip.check_window(
            mem_name,
            addr,
            length * dt.itemsize,
            f"LocalMemAllocator.Alloc<{pos.name}>(tileSize={length}) at {mem_name} byte {addr}",
        )
        e[r] = LocalTensor(c.onchip.mems[mem_name], mem_name, pos, addr, length, dt, et, PERMANENT)
        alloc.head = addr + length * dt.itemsize

    return run
