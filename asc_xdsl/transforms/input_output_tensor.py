"""`ascendc-input-output-tensor`: mark automatic tensors that hold kernel input or output.

A `local_tensor_auto` is `input` when an op writes it (or a view of it) with data it
reads from GM, `output` when an op reads it and writes GM: what `DataCopy` and
`DataCopyPad` do, read from the ops' memory effects (any op moving data between GM and
the tensor counts). Marks already there are recomputed. `ascendc-materialize-tensor`
gives input tensors a VECIN queue, output tensors a VECOUT queue and the others a TBuf.

A tensor that leaves a loop or branch as its result and is then copied to GM (an
accumulator) cannot be an output queue's buffer for the whole loop: it is copied into
a new `output` tensor after the loop (a UB -> UB `data_copy_l2` of its static number of
elements), and that one goes to GM.

Before:

    %x = ascendc.local_tensor_auto() : <64xf32>
    ascendc.data_copy_l2 %x, %gx, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    %y = ascendc.local_tensor_auto() : <64xf32>
    ascendc.data_copy_l2 %gy, %y, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32

After:

    %x = ascendc.local_tensor_auto() input : <64xf32>
    ...
    %y = ascendc.local_tensor_auto() output : <64xf32>
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, UnitAttr, i64
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from asc_xdsl.dialects.ascendc.types import LocalTensorType
from asc_xdsl.transforms.diagnostics import fail, structured_functions
from asc_xdsl.transforms.memory import LOCAL_TENSOR_AUTO, MemoryMap, accesses, views
from asc_xdsl.transforms.plain_pass import PlainPass
from asc_xdsl.transforms.rewriting import rewrite

PASS = "ascendc-input-output-tensor"


def _moves(op: Operation, memory: MemoryMap, value: SSAValue) -> tuple[bool, bool]:
    """(op fills `value`'s memory from GM, op copies `value`'s memory to GM)."""
    mine = {loc.root for loc in memory.locs(value) if loc.root is not None}
    acc = accesses(op, memory)
    reads_gm = any(not a.write and a.loc.space == "GM" for a in acc)
    writes_gm = any(a.write and a.loc.space == "GM" for a in acc)
    writes_it = any(a.write and a.loc.root in mine for a in acc)
    reads_it = any(not a.write and a.loc.root in mine for a in acc)
    return writes_it and reads_gm, reads_it and writes_gm


def _users(value: SSAValue) -> list[Operation]:
    """The ops that use `value` or a view of it."""
    seen, todo, users = {value}, [value], []
    while todo:
        v = todo.pop()
        for use in v.uses:
            op = use.operation
            users.append(op)
            for source, view in views(op):
                if source is v and view not in seen:
                    seen.add(view)
                    todo.append(view)
    return users


def _mark(f: func.FuncOp) -> None:
    memory = MemoryMap(f)
    for op in f.walk():
        if op.name != LOCAL_TENSOR_AUTO:
            continue
        tensor = op.results[0]
        moves = [_moves(u, memory, tensor) for u in _users(tensor)]
        for flag, on in (("input", any(m[0] for m in moves)), ("output", any(m[1] for m in moves))):
            if on:
                op.properties[flag] = UnitAttr()
            else:
                op.properties.pop(flag, None)


class CopyOutResult(RewritePattern):
    """A loop or branch result that an op copies to GM gets an output tensor of its own:
    made before the loop, filled from the result after it, and copied to GM instead.
    (`memory`: the function's memory map, made before any such rewrite.)"""

    MATCHES = frozenset({"scf.for", "scf.if", "scf.while"})

    def __init__(self, memory: MemoryMap):
        self.memory = memory

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, scf.ForOp | scf.IfOp | scf.WhileOp):
            return
        from asc_xdsl.dialects.ascendc.data_copy import DataCopyL2Op
        from asc_xdsl.dialects.ascendc.misc import LocalTensorAutoOp

        for result in op.results:
            if not isinstance(result.type, LocalTensorType):
                continue
            outs = [u for u in list(result.uses) if _moves(u.operation, self.memory, result)[1]]
            if not outs:
                continue
            count = result.type.static_size()
            if count is None:
                raise fail(
                    PASS,
                    outs[0].operation,
                    f"the loop or branch result it copies to GM has no static size "
                    f"({result.type}): give the tensor a static shape",
                )
            dst = LocalTensorAutoOp([], result_types=[result.type], output=True)
            n = arith.ConstantOp(IntegerAttr(count, i64))
            copy = DataCopyL2Op(dst, result, n)
            rewriter.insert(dst, InsertPoint.before(op))
            rewriter.insert([n, copy], InsertPoint.after(op))
            for use in outs:
                use.operation.operands[use.index] = dst.results[0]
                rewriter.notify_op_modified(use.operation)


class InputOutputTensorPass(PlainPass):
    name = PASS

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in structured_functions(op, PASS):
            _mark(f)
            rewrite(f, CopyOutResult(MemoryMap(f)), recursive=False)
