"""`ascendc-erase-sync`: drop a kernel's hand-written synchronisation within the core.

`SetFlag`, `WaitFlag` and `PipeBarrier` go, and so does queue traffic that only
synchronises: an `EnQue` is dropped and the tensor its `DeQue` gives is replaced by
the tensor that was enqueued. (`AllocTensor`/`FreeTensor` stay: they hand out the
buffers.) `ascendc-insert-sync` then derives the synchronisation the kernel needs;
synchronisation between cores (`CrossCoreSetFlag`, `SyncAll`, ...) is kept.

The enqueued tensor is found by looking back from the DeQue through its block and the
blocks around it for the last EnQue on the same queue. When that is not the tensor every
execution takes (an EnQue inside a branch, or one later in an enclosing loop whose next
iteration would be dequeued), the pass stops with an error at the DeQue.

Before:

    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %x, %n : ...
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %u = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.set_flag v_mte3, %id : i32
    ascendc.wait_flag v_mte3, %id : i32
    ascendc.abs_l2 %y, %u, %n : ...

After:

    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %x, %n : ...
    ascendc.abs_l2 %y, %t, %n : ...
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from asc_xdsl.transforms.diagnostics import fail
from asc_xdsl.transforms.ir_walk import ops_in
from asc_xdsl.transforms.plain_pass import PlainPass
from asc_xdsl.transforms.rewriting import rewrite

SYNC_OPS = frozenset({"ascendc.set_flag", "ascendc.wait_flag", "ascendc.pipe_barrier"})
ENQUE_OPS = frozenset({"ascendc.que_bind.enque_tensor", "ascendc.que_bind.enque_tensor_pos"})
DEQUE_OPS = frozenset({"ascendc.que_bind.deque_tensor", "ascendc.que_bind.deque_tensor_pos"})
IN_PLACE_DEQUE = "ascendc.que_bind.deque_tensor_in_place"
LOOPS = (scf.ForOp, scf.WhileOp)


def _earlier(op: Operation, stop: Operation) -> Iterator[Operation]:
    """The ops before `op` in its block, then before its parent, ..., up to `stop`."""
    while op is not stop:
        prev = op.prev_op
        while prev is not None:
            yield prev
            prev = prev.prev_op
        parent = op.parent_op()
        if parent is None:
            return
        op = parent


def _enqueued(deque: Operation, f: func.FuncOp) -> SSAValue:
    queue = deque.operands[0]
    enque = next(
        (o for o in _earlier(deque, f) if o.name in ENQUE_OPS and o.operands[0] == queue), None
    )
    if enque is None:
        raise fail(
            "ascendc-erase-sync",
            deque,
            "no EnQue on this queue comes before this DeQue in its block or the blocks "
            "around it: the tensor it takes is not known",
        )
    # A loop between the EnQue and the DeQue that also enqueues on the queue would
    # hand the next iteration that tensor, not the one found.
    scope = enque.parent_op()
    loop = deque.parent_op()
    while loop is not None and loop is not scope:
        if isinstance(loop, LOOPS) and any(
            o.name in ENQUE_OPS and o.operands[0] == queue for o in loop.walk()
        ):
            raise fail(
                "ascendc-erase-sync",
                deque,
                "this DeQue may take a tensor enqueued in an earlier iteration of the loop "
                "around it, which no value here names",
            )
        loop = loop.parent_op()
    return enque.operands[1]


class TakeEnqueuedTensor(RewritePattern):
    """A DeQue goes; its tensor is the one the EnQue before it enqueued (`_enqueued`)."""

    MATCHES = DEQUE_OPS

    def __init__(self, f: func.FuncOp):
        self.f = f

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op.name in DEQUE_OPS:
            rewriter.replace_all_uses_with(op.results[0], _enqueued(op, self.f))
            rewriter.erase(op)


class EraseSync(RewritePattern):
    """SetFlag, WaitFlag, PipeBarrier and EnQue go (once no DeQue needs its EnQue)."""

    MATCHES = ENQUE_OPS | SYNC_OPS

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op.name in self.MATCHES:
            rewriter.erase(op)


def erase(f: func.FuncOp) -> None:
    for op in ops_in(f):
        if op.name == IN_PLACE_DEQUE:
            raise fail(
                "ascendc-erase-sync",
                op,
                "an in-place DeQue binds its tensor: it cannot be erased (use the DeQue "
                "that returns the tensor)",
            )
    # Every DeQue first, while the EnQues it looks back for are there.
    rewrite(f, TakeEnqueuedTensor(f), recursive=False)
    rewrite(f, EraseSync(), recursive=False)


class EraseSyncPass(PlainPass):
    name = "ascendc-erase-sync"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.walk():
            if isinstance(f, func.FuncOp) and f.body.blocks:
                erase(f)
