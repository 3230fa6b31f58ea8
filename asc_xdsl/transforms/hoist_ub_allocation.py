"""`ascendc-hoist-ub-allocation`: allocate scratch tensors once, not per iteration.

A `local_tensor_auto` that is neither kernel input nor output (a calculation buffer,
which `ascendc-materialize-tensor` turns into a TBuf) moves out of loops and branches,
as far as its shape operands allow (see `hoist.py`). Input and output tensors stay:
each iteration takes a queue buffer of its own.

Before:

    scf.for %i = %lb to %ub step %c1 : i32 {
      %x = ascendc.local_tensor_auto() input : <64xf32>
      %tmp = ascendc.local_tensor_auto() : <64xf32>
      ...

After:

    %tmp = ascendc.local_tensor_auto() : <64xf32>
    scf.for %i = %lb to %ub step %c1 : i32 {
      %x = ascendc.local_tensor_auto() input : <64xf32>
      ...
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from asc_xdsl.transforms.hoist import hoist
from asc_xdsl.transforms.plain_pass import PlainPass

LOCAL_TENSOR_AUTO = "ascendc.local_tensor_auto"


def _hoistable(op: Operation) -> bool:
    return op.name == LOCAL_TENSOR_AUTO and not is_input(op) and not is_output(op)


def is_input(op: Operation) -> bool:
    """A `local_tensor_auto` marked `input` (kernel data copied in from GM)."""
    return "input" in op.properties


def is_output(op: Operation) -> bool:
    """A `local_tensor_auto` marked `output` (data copied out to GM)."""
    return "output" in op.properties


class HoistUBAllocationPass(PlainPass):
    name = "ascendc-hoist-ub-allocation"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.walk():
            if isinstance(f, func.FuncOp) and f.body.blocks:
                hoist(f, frozenset({LOCAL_TENSOR_AUTO}), _hoistable)
