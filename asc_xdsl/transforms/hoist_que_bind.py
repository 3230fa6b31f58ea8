"""`ascendc-hoist-que-bind`: create queues and buffers once, not in every iteration.

TQue/TQueBind/TBuf objects, `pipe.init_queue` / `pipe.init_buffer` and `tbuf.get_tensor`
move out of loops and branches, as far as their operands allow (see `hoist.py`), so a
kernel that declares them where it uses them does not initialise a buffer per
iteration (which would exhaust the pipe's memory). Set-up stays in a loop or branch
that gives the pipe's memory back (`pipe.destroy`, `reset`, `init`).

Before:

    %pipe = ascendc.pipe
    scf.for %i = %lb to %ub step %c1 : i32 {
      %q = ascendc.queue : <vecin, 1>
      ascendc.pipe.init_queue %pipe, %q, %num, %len : !ascendc.queue<vecin, 1>, i32, i64
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
      ...
    }

After:

    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %num, %len : !ascendc.queue<vecin, 1>, i32, i64
    scf.for %i = %lb to %ub step %c1 : i32 {
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
      ...
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from asc_xdsl.transforms.hardware import PIPE_RELEASES
from asc_xdsl.transforms.hoist import hoist
from asc_xdsl.transforms.plain_pass import PlainPass

HOISTED = frozenset(
    {
        "ascendc.queue",
        "ascendc.que_bind",
        "ascendc.tbuf",
        "ascendc.pipe.init_buffer",
        "ascendc.pipe.init_queue",
        "ascendc.tbuf.get_tensor",
    }
)
"""The ops this pass moves (pyasc's list)."""


SETUP = frozenset(
    {"ascendc.pipe.init_buffer", "ascendc.pipe.init_queue", "ascendc.tbuf.get_tensor"}
)
"""The hoisted ops that take memory from the pipe, or a tensor in it."""


def _hoistable(op: Operation) -> bool:
    return op.name in HOISTED


def _stays(op: Operation, parent: Operation) -> bool:
    """Buffer set-up stays in a loop or branch that gives the pipe's memory back
    (`pipe.destroy`/`reset`/`init`): before that, its buffers would be released."""
    return op.name in SETUP and any(o.name in PIPE_RELEASES for o in parent.walk())


class HoistQueBindPass(PlainPass):
    name = "ascendc-hoist-que-bind"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.walk():
            if isinstance(f, func.FuncOp) and f.body.blocks:
                hoist(f, HOISTED, _hoistable, _stays)
