"""`ascendc-privatize-func`: only kernels stay visible outside the module.

A function without `ascendc.global` becomes private (so inlining and symbol DCE may
drop it); a kernel with a body becomes public. A kernel that is only declared stays as
it is (a declaration must be private).

Before:

    func.func public @helper(%x: i32) -> i32 { ... }
    func.func private @kernel() attributes {ascendc.global} { ... }

After:

    func.func private @helper(%x: i32) -> i32 { ... }
    func.func @kernel() attributes {ascendc.global} { ... }
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.passes import ModulePass

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR
from asc_xdsl.transforms.ir_walk import functions


@dataclass(frozen=True)
class PrivatizeFuncPass(ModulePass):
    name = "ascendc-privatize-func"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in functions(op):
            if KERNEL_ATTR not in f.attributes:
                f.sym_visibility = StringAttr("private")
            elif f.body.blocks:
                f.sym_visibility = None  # public: MLIR's default, not printed
