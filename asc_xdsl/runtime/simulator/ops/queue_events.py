"""`TQueBind::FreeAllEvent`: a queue hands back the event ids its freed buffers hold.

On the device FreeTensor sets an event that the next AllocTensor of that buffer waits
for; until then the buffer holds the event's id, and ids are few. FreeAllEvent waits
for those events at once and releases their ids. The simulator runs a block's ops in
program order, so the waits change no data: what is left to check is the headers'
precondition (their debug build asserts it), that no tensor of the queue is EnQue'd
and not yet DeQue'd. Depth 0 is refused by the op's verifier (a static_assert in the
headers).
"""

from __future__ import annotations

from asc_xdsl.dialects.ascendc import framework as fw
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.errors import QueueError


@handles(fw.FreeAllEventOp)
def _free_all_event(op, comp):
    q = comp.slot(op.queue)

    def run(e, c, _op=op):
        queue = e[q]
        if queue.waiting:
            raise QueueError(
                f"FreeAllEvent on queue {queue.label}: {len(queue.waiting)} tensor(s) EnQue'd "
                "and not DeQue'd (every buffer must be dequeued or free: the headers assert it)"
            )

    return run
