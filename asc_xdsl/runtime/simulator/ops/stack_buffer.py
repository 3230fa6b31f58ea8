"""`PopStackBuffer<T, pos>(popLocal)`: popLocal becomes the UB left after TPipe's
buffers, from the queue end (every InitBuffer so far, 32-byte aligned) to the end
address the header gives: on dav-c220 TOTAL_UB_SIZE - sizeof(KfcMsg), the last 128
bytes (a KFC message: head, ubAddr and the 120-byte body) kept for the Matmul client;
on Atlas inference (arch 2002) TOTAL_UB_SIZE. `pos` must be a UB position (the header
asserts it); nothing left is an error, as the header's assert is. The tensor is not a
queue buffer: later InitBuffers may overlap it, as on the device.
"""

from __future__ import annotations

from asc_xdsl.dialects.ascendc import misc
from asc_xdsl.enums import TPosition
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import MemoryOverflowError, SimulatorError
from asc_xdsl.runtime.simulator.memory import PERMANENT, LocalTensor
from asc_xdsl.runtime.simulator.queues import memory_of

KFC_MSG_BYTES = 128  # sizeof(KfcMsg) on dav-c220: uint32 head, int32 ubAddr, 120-byte union


@handles(misc.PopStackBufferOp)
def _pop_stack_buffer(op, comp):
    pos = TPosition.from_attr(op.pos)
    if memory_of(pos) != "UB":
        raise SimulatorError(f"PopStackBuffer<{pos.name}>: the position must be in UB")
    t = comp.slot(op.tensor)
    et = op.tensor.type.element_type
    dt = np_dtype(et)

    def run(e, c, _op=op):
        start = c.onchip.used["UB"]
        # dav-c220 keeps the KFC message; other arches end at TOTAL_UB_SIZE
        reserved = KFC_MSG_BYTES if c.onchip.platform.split_cores else 0
        end = c.onchip.capacity("UB") - reserved
        if start >= end:
            raise MemoryOverflowError(
                f"PopStackBuffer: TPipe's buffers use {start} bytes of UB, nothing is left "
                f"before the reserved end at byte {end}"
            )
        length = (end - start) // dt.itemsize
        e[t] = LocalTensor(c.onchip.mems["UB"], "UB", pos, start, length, dt, et, PERMANENT)

    return run
