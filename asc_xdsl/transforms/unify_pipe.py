"""`ascendc-unify-pipe`: one TPipe per function.

A kernel owns one `TPipe`; code that makes several (each `local_tensor_auto` that
`ascendc-materialize-tensor` lowers brings its own) gets a single `ascendc.pipe` at the
top of the function, which every use of the others then takes.

Before:

    func.func @k(...) {
      %p0 = ascendc.pipe
      ascendc.pipe.init_queue %p0, %q0, %n, %len : ...
      %p1 = ascendc.pipe
      ascendc.pipe.init_queue %p1, %q1, %n, %len : ...

After:

    func.func @k(...) {
      %p = ascendc.pipe
      ascendc.pipe.init_queue %p, %q0, %n, %len : ...
      ascendc.pipe.init_queue %p, %q1, %n, %len : ...
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from asc_xdsl.transforms.ir_walk import ops_in
from asc_xdsl.transforms.plain_pass import PlainPass
from asc_xdsl.transforms.rewriting import rewrite

PIPE_OP = "ascendc.pipe"


class UnifyPipe(RewritePattern):
    """Each `ascendc.pipe` of a function gives way to one new pipe at its top, named
    `name`, made when the first is met."""

    MATCHES = frozenset({PIPE_OP})

    def __init__(self, f: func.FuncOp, name: str):
        self.block = f.body.block
        self.name = name
        self.unified: Operation | None = None

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op.name != PIPE_OP or op is self.unified:
            return
        if self.unified is None:
            from asc_xdsl.dialects.ascendc.framework import PipeOp

            self.unified = PipeOp()
            self.unified.results[0].name_hint = self.name
            first = self.block.first_op
            assert first is not None
            rewriter.insert(self.unified, InsertPoint.before(first))
        rewriter.replace_all_uses_with(op.results[0], self.unified.results[0])
        rewriter.erase(op)


def unify(f: func.FuncOp) -> None:
    pipes = [op for op in ops_in(f) if op.name == PIPE_OP]
    if len(pipes) <= 1:
        return
    # The user's name for it if one has a name (the C++ object is then `pipe`-like).
    name = next((p.results[0].name_hint for p in pipes if p.results[0].name_hint), "pipe")
    rewrite(f, UnifyPipe(f, name), recursive=False)


class UnifyPipePass(PlainPass):
    name = "ascendc-unify-pipe"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.walk():
            if isinstance(f, func.FuncOp) and f.body.blocks:
                unify(f)
