"""The module-level check of `__simt_callee__` calls: a `func.call` of a function marked
`ascendc.simt_callee` must sit in SIMT code (a SIMT vector function, `ascendc.simt_vf`,
or another `__simt_callee__` function). A kernel or other scalar code cannot call one
(the device compiler refuses it; `@asc.simt.callee` helpers are for SIMT code only).

`fast_verify.verify_module` runs it after the per-op checks; it costs one look at the
module's functions unless one is a `__simt_callee__`.
"""

from __future__ import annotations

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, UnitAttr
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import SIMT_ATTR, SIMT_CALLEE_ATTR


class SimtCallError(VerifyException):
    """A `__simt_callee__` function called outside SIMT code; `op` is the call."""

    def __init__(self, op: Operation, message: str):
        super().__init__(message)
        self.op = op


def check_simt_calls(module: Operation) -> None:
    """Raise SimtCallError for the first call (in program order) of a `__simt_callee__`
    function from a function that is not SIMT code."""
    if not isinstance(module, ModuleOp):
        return
    funcs = [op for op in module.body.ops if isinstance(op, func.FuncOp)]
    callees = {
        f.sym_name.data for f in funcs if isinstance(f.attributes.get(SIMT_CALLEE_ATTR), UnitAttr)
    }
    if not callees:
        return
    for f in funcs:
        if f.sym_name.data in callees or isinstance(f.attributes.get(SIMT_ATTR), IntegerAttr):
            continue
        for op in f.walk():
            if isinstance(op, func.CallOp) and op.callee.root_reference.data in callees:
                callee = op.callee.root_reference.data
                raise SimtCallError(
                    op,
                    f"'func.call' of @{callee} in @{f.sym_name.data}: @{callee} is a "
                    f"__simt_callee__ function ({SIMT_CALLEE_ATTR}), callable from SIMT code "
                    f"only (a SIMT vector function, {SIMT_ATTR}, or another __simt_callee__ "
                    "function)",
                )
