"""`ascendc-jit-pipeline`: the pipeline `@asc.jit` runs, by name, for textual IR.

    asc-opt kernel.mlir -p 'ascendc-jit-pipeline{insert_sync=true verify_sync=true}'

runs what `transforms/pipeline.py` builds for those compile options and this module
(`insert_sync` unset: pyasc's default, on when the module has `local_tensor_auto`), so
IR moves between the JIT (`asm["lowered_ir"]`) and the driver with the same result.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from asc_xdsl.transforms.pipeline import _pipeline, apply_pass, pipeline_spec


@dataclass(frozen=True)
class JitPipelinePass(ModulePass):
    name = "ascendc-jit-pipeline"

    insert_sync: bool | None = None
    verify_sync: bool = False
    matmul_cube_only: bool = False
    dedup_state: bool = False
    sync_blocks: bool = False
    auto_sync: bool | None = None
    """The compile option: false, the kernel is compiled without bisheng's auto-sync
    (insert-sync and verify-sync take none of its orders as given)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        options = {
            "insert_sync": self.insert_sync,
            "verify_sync": self.verify_sync,
            "matmul_cube_only": self.matmul_cube_only,
            "dedup_state": self.dedup_state,
            "sync_blocks": self.sync_blocks,
            "auto_sync": self.auto_sync,
        }
        for p in _pipeline(pipeline_spec(options, op)).passes:
            apply_pass(p, ctx, op)  # (each timed under asc-opt --time-passes)
