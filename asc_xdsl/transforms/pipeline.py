"""The pass pipeline between the frontend's IR and the printer (`asm["lowered_ir"]`).

One definition for `@asc.jit` kernels and kernels written as IR (`asc_xdsl.runtime.ir_kernel`).
"""

from __future__ import annotations

import functools
from typing import Any

JIT_PIPELINE = "cse"
"""xDSL pass-pipeline spec run on every kernel before printing and launching."""


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


def run_pipeline(module: Any, spec: str = JIT_PIPELINE) -> None:
    """Run the pipeline `spec` on `module` in place (one context per process: building
    one per compile would cost more than the passes)."""
    _pipeline(spec).apply(_context(), module)
