"""`ascendc-noop`: does nothing (pyasc's `Noop` pass, a placeholder in pipelines).

IR before and after is the same:

    func.func @f(%x: i32) -> i32 {
      func.return %x : i32
    }
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from asc_xdsl.transforms.plain_pass import PlainPass


class NoopPass(PlainPass):
    name = "ascendc-noop"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        return None
