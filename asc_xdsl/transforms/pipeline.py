"""The pass pipeline between the frontend's IR and the printer (`asm["lowered_ir"]`).

One definition for `@asc.jit` kernels and kernels written as IR (`asc_xdsl.runtime.ir_kernel`).
The passes follow from the compile options (`pipeline_spec`), in pyasc's order
(`python/asc/runtime/compiler.py`): `cse`; with `insert_sync=True`, the kernel's own
syncs are erased and the ones it needs derived (`ascendc-erase-sync`,
`ascendc-insert-sync`, as pyasc's optimising stage does); with `verify_sync=True`,
`ascendc-verify-sync` (pyasc's post-processing stage), so it checks what is printed;
`ascendc-generate-boilerplate` last (the headers the ops need, e.g. `lib/matmul_intf.h`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

JIT_PIPELINE = "cse"
"""xDSL pass-pipeline spec run on every kernel (no options) before printing and launching."""

# Compile option -> the passes it appends when true, in pipeline order.
OPTION_PASSES: tuple[tuple[str, str], ...] = (
    ("insert_sync", "ascendc-erase-sync,ascendc-insert-sync"),
    ("verify_sync", "ascendc-verify-sync"),
)


POSTPROCESSING = "ascendc-generate-boilerplate"
"""Run last, as pyasc's post-processing does: the `#include`s the kernel's ops need."""


def pipeline_spec(options: Mapping[str, Any]) -> str:
    """The pipeline spec for these compile options (`JIT_PIPELINE`, then the option's
    passes, then `POSTPROCESSING`)."""
    chosen = [spec for key, spec in OPTION_PASSES if options.get(key)]
    return ",".join([JIT_PIPELINE, *chosen, POSTPROCESSING])


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
    """Run the pipeline `spec` (default: the one of no compile options) on `module` in
    place (one context per process: building one per compile would cost more than the
    passes)."""
    _pipeline(spec or pipeline_spec({})).apply(_context(), module)
