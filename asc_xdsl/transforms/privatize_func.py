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

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR
from asc_xdsl.transforms.ir_walk import functions, region_functions
from asc_xdsl.transforms.rewriting import rewrite

_PRIVATE = StringAttr("private")


class PrivatizeFunction(RewritePattern):
    """A function's visibility: private, or public for a kernel with a body."""

    MATCHES = frozenset({"func.func"})

    @op_type_rewrite_pattern
    def match_and_rewrite(self, f: func.FuncOp, rewriter: PatternRewriter) -> None:
        if changes(f):
            f.sym_visibility = _visibility(f)
            rewriter.notify_op_modified(f)


def _visibility(f: func.FuncOp) -> StringAttr | None:
    if KERNEL_ATTR not in f.attributes:
        return _PRIVATE
    return None  # public: MLIR's default, not printed


def changes(f: func.FuncOp) -> bool:
    """Whether `f`'s visibility is not yet the one it gets (a declared kernel keeps its)."""
    return (KERNEL_ATTR not in f.attributes or bool(f.body.blocks)) and (
        f.sym_visibility != _visibility(f)
    )


def privatize_functions(op: ModuleOp) -> None:
    """The pass (module docstring): only kernels stay visible outside `op`."""
    # (The frontend's module has one public kernel: then the walker is not set up.)
    if any(changes(f) for f in functions(op)):
        rewrite(op, PrivatizeFunction(), find=region_functions, recursive=False)
