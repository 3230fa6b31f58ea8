"""The tile passes in order, as `@asc2.jit` runs them before the `ascendc` pipeline.

    tile-check-locations   which memory each tile op reads (located errors)
    tile-to-reg            Ascend 950: element-wise chains and row reductions fused into
                           vector functions of Reg ops (transforms/tile_to_reg.py)
    tile-to-ascendc        tiles become automatic local tensors and vector ops, GM
                           transfers DataCopyPad with the real (tail) shape

The `ascendc` pipeline then gives the automatic tensors their queues and buffers
(`ascendc-materialize-tensor`, ...), derives the synchronisation (`ascendc-insert-sync`)
and places the buffers (`ascendc-plan-memory`).
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import ModuleOp

TILE_PASSES = ("tile-check-locations", "tile-to-reg", "tile-to-ascendc")


class TileLoweringError(Exception):
    """A tile op the passes cannot lower, with the op (its location is the user's line)."""

    def __init__(self, op: Any, message: str, code: str = "ASC-P307"):
        super().__init__(message)
        self.op = op
        self.message = message
        self.code = code
        """Its diagnostic code (asc_xdsl/diagnostics.py): P307 for what tile-to-ascendc
        does not lower, P306 for a tile where its op cannot read it."""


def run_tile_pipeline(module: ModuleOp) -> Any:
    """Lower `module`'s tile ops in place; what the lowering found
    (`tile_to_ascendc.Lowered`: the kernel type, whether insert-sync is needed)."""
    from asc_xdsl.transforms.tile_locations import check_locations
    from asc_xdsl.transforms.tile_to_ascendc import lower_module
    from asc_xdsl.transforms.tile_to_reg import fuse_module

    check_locations(module)
    fuse_module(module)  # (Ascend 950 only: element-wise chains into vector functions)
    return lower_module(module)


__all__ = ["TILE_PASSES", "TileLoweringError", "run_tile_pipeline"]
