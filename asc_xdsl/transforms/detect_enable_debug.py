"""`ascendc-detect-enable-debug`: mark a module that prints from the device.

A module with `ascendc.printf` or `ascendc.dump_tensor` gets the unit attribute
`asc.enable_debug` (pyasc's name): its launch needs a dump workspace for the device's
output.

Before:

    builtin.module {
      func.func @k(%n: i32) attributes {ascendc.global} {
        ascendc.printf %n {desc = "n = %d\\n"} : i32
        ...

After:

    builtin.module attributes {asc.enable_debug} {
      ...
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnitAttr

from asc_xdsl.transforms.ir_walk import ops_in
from asc_xdsl.transforms.plain_pass import PlainPass

ENABLE_DEBUG_ATTR = "asc.enable_debug"
DEBUG_OPS = frozenset({"ascendc.printf", "ascendc.dump_tensor"})
"""The ops whose output goes through the dump workspace (as pyasc's pass decides)."""


class DetectEnableDebugPass(PlainPass):
    name = "ascendc-detect-enable-debug"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for o in ops_in(op):  # (a loop: a generator's resumption per op costs a call)
            if o.name in DEBUG_OPS:
                op.attributes[ENABLE_DEBUG_ATTR] = UnitAttr()
                return
