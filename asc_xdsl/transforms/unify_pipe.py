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

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

PIPE_OP = "ascendc.pipe"


def unify(f: func.FuncOp) -> None:
    from asc_xdsl.dialects.ascendc.framework import PipeOp

    pipes = [op for op in f.walk() if op.name == PIPE_OP]
    if len(pipes) <= 1:
        return
    block = f.body.block
    pipe = PipeOp()
    # The user's name for it if one has a name (the C++ object is then `pipe`-like).
    pipe.results[0].name_hint = next(
        (p.results[0].name_hint for p in pipes if p.results[0].name_hint), "pipe"
    )
    first = block.first_op
    assert first is not None
    block.insert_op_before(pipe, first)
    for old in pipes:
        old.results[0].replace_all_uses_with(pipe.results[0])
        old.detach()
        old.erase()


@dataclass(frozen=True)
class UnifyPipePass(ModulePass):
    name = "ascendc-unify-pipe"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.walk():
            if isinstance(f, func.FuncOp) and f.body.blocks:
                unify(f)
