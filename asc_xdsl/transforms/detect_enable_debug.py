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

from xdsl.dialects.builtin import ModuleOp, UnitAttr

from asc_xdsl.transforms.ir_walk import ops_in

ENABLE_DEBUG_ATTR = "asc.enable_debug"
DEBUG_OPS = frozenset({"ascendc.printf", "ascendc.dump_tensor"})
"""The ops whose output goes through the dump workspace (as pyasc's pass decides)."""


def detect_enable_debug(op: ModuleOp) -> None:
    """The pass (module docstring): mark `op` when it prints from the device."""
    for o in ops_in(op):  # (a loop: a generator's resumption per op costs a call)
        if o.name in DEBUG_OPS:
            op.attributes[ENABLE_DEBUG_ATTR] = UnitAttr()
            return
