"""`ascendc-define-cube-only`: compile the Matmul library for the cube core only.

Puts `#define ASCENDC_CUBE_ONLY` (an `emitasc.verbatim` line) at the top of the module,
before the includes that read it, and marks the module `asc.matmul_cube_only` (which
`ascendc-detect-kernel-type` and `ascendc-legalize-kernel-args` read). The JIT runs it
for `matmul_cube_only=True`.

Before:

    builtin.module {
      func.func @k(...) attributes {ascendc.global} { ... }
    }

After:

    builtin.module attributes {asc.matmul_cube_only} {
      emitasc.verbatim "#define ASCENDC_CUBE_ONLY"
      func.func @k(...) attributes {ascendc.global} { ... }
    }
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnitAttr

from asc_xdsl.dialects.emitasc import VerbatimOp, verbatim_text
from asc_xdsl.transforms.kernel_args import MATMUL_CUBE_ONLY_ATTR
from asc_xdsl.transforms.plain_pass import PlainPass

CUBE_ONLY_DEFINE = "#define ASCENDC_CUBE_ONLY"


class DefineCubeOnlyPass(PlainPass):
    name = "ascendc-define-cube-only"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        body = op.body.block
        already = any(verbatim_text(o) == CUBE_ONLY_DEFINE for o in body.ops)
        if not already:
            define = VerbatimOp([], value=CUBE_ONLY_DEFINE)
            if body.first_op is None:
                body.add_op(define)
            else:
                body.insert_op_before(define, body.first_op)
        op.attributes[MATMUL_CUBE_ONLY_ATTR] = UnitAttr()
