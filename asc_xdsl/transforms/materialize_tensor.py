"""`ascendc-materialize-tensor`: give each automatic tensor a buffer of its own.

A `local_tensor_auto` becomes a buffer of the TPipe sized for its elements
(`elements * sizeof(T)` bytes; a dynamic shape multiplies its extents at run time):

- marked `input` or `output` (`ascendc-input-output-tensor`): a queue of depth 1 at
  VECIN (input) or VECOUT (output, also when it is both), one buffer, allocated where
  the tensor was made and freed at the end of that block (the last allocated first);
- neither: a VECCALC TBuf, whose whole buffer is the tensor.

Each gets its own `ascendc.pipe`; `ascendc-unify-pipe` makes them one, and
`ascendc-hoist-que-bind` moves the queues and buffers out of loops. The constants (sizes,
the buffer count) are made once, at the top of the function.

Before:

    %x = ascendc.local_tensor_auto() input : <64xf32>
    %t = ascendc.local_tensor_auto() : <64xf32>
    ...
    func.return

After:

    %c256 = arith.constant 256 : i64
    %c1 = arith.constant 1 : i32
    ...
    %p0 = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %p0, %q, %c1, %c256 : !ascendc.queue<vecin, 1>, i32, i64
    %x = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    %p1 = ascendc.pipe
    %b = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %p1, %b, %c256 : !ascendc.tbuf<veccalc>, i64
    %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
    ...
    ascendc.que_bind.free_tensor %q, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    func.return
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, i32, i64
from xdsl.ir import Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from asc_xdsl.dialects.ascendc.types import LocalTensorType, QueueType, TBufType
from asc_xdsl.dialects.dtypes import from_ir
from asc_xdsl.enums import TPosition
from asc_xdsl.transforms.diagnostics import fail
from asc_xdsl.transforms.hoist_ub_allocation import is_input, is_output
from asc_xdsl.transforms.memory import LOCAL_TENSOR_AUTO
from asc_xdsl.transforms.plain_pass import PlainPass
from asc_xdsl.transforms.rewriting import rewrite

PASS = "ascendc-materialize-tensor"


class MaterializeTensor(RewritePattern):
    """A `local_tensor_auto` of one function becomes a queue's or a TBuf's tensor; the
    constants it needs are made once, at the top of the function (as MLIR's folder
    leaves them)."""

    MATCHES = frozenset({LOCAL_TENSOR_AUTO})

    def __init__(self, f: func.FuncOp):
        self.f = f
        self.constants: dict[tuple[int, IntegerType], SSAValue] = {}
        self.frees: dict[Block, Operation] = {}  # the first FreeTensor put in each block

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op.name == LOCAL_TENSOR_AUTO:
            self.materialize(op, rewriter)

    def constant(self, value: int, t: IntegerType, rewriter: PatternRewriter) -> SSAValue:
        key = (value, t)
        if key not in self.constants:
            c = arith.ConstantOp(IntegerAttr(value, t))
            c.result.name_hint = f"c{value}_i{t.width.data}"
            block = self.f.body.block
            at = next((o for o in block.ops if not isinstance(o, arith.ConstantOp)), None)
            rewriter.insert(c, InsertPoint.at_end(block) if at is None else InsertPoint.before(at))
            self.constants[key] = c.result
        return self.constants[key]

    def length(self, op: Operation, new: list[Operation], rewriter: PatternRewriter) -> SSAValue:
        """The tensor's size in bytes, as an i64 (ops that compute it go to `new`)."""
        t = op.results[0].type
        assert isinstance(t, LocalTensorType)
        try:
            size = from_ir(t.element_type).sizeof()
        except TypeError:
            raise fail(PASS, op, f"element type {t.element_type} has no size") from None
        static = t.static_size()
        if static is not None:
            return self.constant(static * size, i64, rewriter)
        if not op.operands:
            raise fail(PASS, op, f"{t} has a dynamic shape: give its extents as operands")
        dynamic: list[SSAValue] = []
        for extent in op.operands:
            owner = extent.owner
            value = owner.value if isinstance(owner, arith.ConstantOp) else None
            if isinstance(value, IntegerAttr):
                size *= value.value.data  # a constant extent folds into the element size
            else:
                dynamic.append(extent)
        length = self.constant(size, i64, rewriter)
        for i, extent in enumerate(dynamic):
            mul = arith.MuliOp(extent, length) if i == 0 else arith.MuliOp(length, extent)
            new.append(mul)
            length = mul.result
        return length

    def materialize(self, op: Operation, rewriter: PatternRewriter) -> None:
        from asc_xdsl.dialects.ascendc import framework as fw

        block = op.parent_block()
        assert block is not None
        new: list[Operation] = []
        length = self.length(op, new, rewriter)
        tensor_type = op.results[0].type
        pipe = fw.PipeOp()
        pipe.results[0].name_hint = "pipe"
        new.append(pipe)
        name = op.results[0].name_hint
        if not is_input(op) and not is_output(op):
            buffer = fw.TBufOp(result_types=[TBufType(TPosition.VECCALC)])
            init = fw.PipeInitBufferOp(pipe, buffer, length)
            tensor = fw.TBufGetTensorOp(buffer, None, result_types=[tensor_type])
            _at(op, [*new, buffer, init, tensor], {buffer: f"{name}_buf", tensor: name})
            rewriter.insert([*new, buffer, init, tensor], InsertPoint.before(op))
            rewriter.replace_all_uses_with(op.results[0], tensor.results[0])
            rewriter.erase(op)
            return
        position = TPosition.VECOUT if is_output(op) else TPosition.VECIN
        queue = fw.QueueOp(result_types=[QueueType(position, 1)])
        init = fw.PipeInitQueueOp(pipe, queue, self.constant(1, i32, rewriter), length)
        alloc = fw.AllocTensorOp(queue, result_types=[tensor_type])
        _at(op, [*new, queue, init, alloc], {queue: f"{name}_que", alloc: name})
        rewriter.insert([*new, queue, init, alloc], InsertPoint.before(op))
        rewriter.replace_all_uses_with(op.results[0], alloc.results[0])
        rewriter.erase(op)
        # Freed at the end of the block, the last allocated first.
        free = fw.FreeTensorOp(queue, alloc)
        free.location = op.location
        before = self.frees.get(block) or block.last_op
        assert before is not None
        rewriter.insert(free, InsertPoint.before(before))
        self.frees[block] = free


def _at(auto: Operation, ops: list[Operation], names: dict[Operation, str]) -> None:
    """The new ops take the automatic tensor's location (errors about its buffer, such
    as a memory overflow, point at the user's line) and names from its name."""
    for o in ops:
        o.location = auto.location
    if auto.results[0].name_hint:
        for o, name in names.items():
            o.results[0].name_hint = name


class MaterializeTensorPass(PlainPass):
    name = PASS

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.walk():
            if isinstance(f, func.FuncOp) and f.body.blocks:
                rewrite(f, MaterializeTensor(f), recursive=False)
