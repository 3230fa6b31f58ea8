"""The pass pipeline between the frontend's IR and the printer (`asm["lowered_ir"]`).

One definition for `@asc.jit` kernels and kernels written as IR (`asc_xdsl.runtime.ir_kernel`),
in pyasc's order (`python/asc/runtime/compiler.py`: lowering, optimizing, post-processing).
`pipeline_spec(options, module)` picks the stages from the compile options and from what
the module holds, so a kernel pays only for the passes that can change it:

- lowering: `ascendc-privatize-func`; with automatic tensors (`local_tensor_auto`), the
  passes that give them queues and buffers; `cse`;
- optimizing: with `insert_sync` (`None`, pyasc's default, means "when the module has
  automatic tensors"), the kernel's own syncs are erased, queue set-up leaves loops and the
  syncs it needs are derived;
- post-processing: the `#include`s (and `#define ASCENDC_CUBE_ONLY` with
  `matmul_cube_only`), the kernel type, the kernel's parameters as the launcher passes
  them (a mixed kernel's hidden `ffts_addr`, after the kernel type it depends on), the
  debug mark, on-chip memory planning (an
  overflow is an error at the kernel), and with `verify_sync` the sync checker last, so it
  checks what is printed.

pyasc also runs MLIR's inliner, symbol DCE, SCCP and LICM, which xDSL 0.74 lacks or which
find nothing in the frontend's IR (it inlines and folds as it goes).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

LOWERING = ("ascendc-privatize-func",)
AUTOMATIC_TENSORS = (
    "ascendc-input-output-tensor",
    "ascendc-hoist-ub-allocation",
    "ascendc-materialize-tensor",
    "ascendc-unify-pipe",
    "canonicalize",
)
"""pyasc's lowering of `local_tensor_auto`: input/output marks, hoisting, queues/TBufs."""
LOWERING_END = ("cse",)
INSERT_SYNC = (
    "ascendc-erase-sync",
    "ascendc-hoist-que-bind",
    "ascendc-insert-sync",
    "ascendc-unify-pipe",
    "canonicalize",
)
POSTPROCESSING = (
    "ascendc-declare-py-struct",
    "ascendc-generate-boilerplate",
)
CUBE_ONLY = ("ascendc-define-cube-only",)
POSTPROCESSING_END = (
    "ascendc-detect-kernel-type",
    "ascendc-legalize-kernel-args",
    "ascendc-detect-enable-debug",
    "ascendc-plan-memory",
)
VERIFY_SYNC = ("ascendc-verify-sync",)


def has_automatic_tensors(module: Any) -> bool:
    """pyasc's `need_insert_sync`: the module has a `local_tensor_auto`."""
    if module is None:
        return False
    return any(op.name == "ascendc.local_tensor_auto" for op in module.walk())


def pipeline_spec(options: Mapping[str, Any], module: Any = None) -> str:
    """The pipeline spec for these compile options and this module (None: a module
    without automatic tensors)."""
    auto = has_automatic_tensors(module)
    insert_sync = options.get("insert_sync")
    stages = [
        (LOWERING, True),
        (AUTOMATIC_TENSORS, auto),
        (LOWERING_END, True),
        (INSERT_SYNC, auto if insert_sync is None else insert_sync),
        (POSTPROCESSING, True),
        (CUBE_ONLY, options.get("matmul_cube_only")),
        (POSTPROCESSING_END, True),
        (VERIFY_SYNC, options.get("verify_sync")),
    ]
    return ",".join(p for passes, on in stages if on for p in passes)


@functools.cache
def _pipeline(spec: str) -> Any:
    from xdsl.passes import PassPipeline
    from xdsl.transforms import get_all_passes

    from asc_xdsl.universe import PASSES

    return PassPipeline.parse_spec({**get_all_passes(), **PASSES}, spec)


@functools.cache
def _context() -> Any:
    from asc_xdsl.frontend.ir_context import make_context

    return make_context()


def run_pipeline(module: Any, spec: str | None = None) -> None:
    """Run the pipeline `spec` (default: the one of no compile options, for this module)
    on `module` in place (one context per process: building one per compile would cost
    more than the passes)."""
    _pipeline(spec or pipeline_spec({}, module)).apply(_context(), module)
