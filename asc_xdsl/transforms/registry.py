"""The passes of asc_xdsl by name: what `asc-opt`, xDSL's universe (`asc_xdsl.universe`)
and the JIT's pipeline (`transforms/pipeline.py`) parse pass names with.

Each entry names its module and class; a pass module is imported on first use."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.passes import ModulePass


def _pass(module: str, cls: str) -> Callable[[], type[ModulePass]]:
    def factory() -> type[ModulePass]:
        return getattr(importlib.import_module(f"asc_xdsl.transforms.{module}"), cls)

    return factory


PASS_CLASSES: dict[str, tuple[str, str]] = {
    "ascendc-declare-py-struct": ("plain_passes", "DeclarePyStructPass"),
    "ascendc-define-cube-only": ("define_cube_only", "DefineCubeOnlyPass"),
    "ascendc-detect-enable-debug": ("plain_passes", "DetectEnableDebugPass"),
    "ascendc-detect-kernel-type": ("plain_passes", "DetectKernelTypePass"),
    "ascendc-dedup-state": ("dedup_state", "DedupStatePass"),
    "ascendc-erase-sync": ("erase_sync", "EraseSyncPass"),
    "ascendc-generate-boilerplate": ("plain_passes", "GenerateBoilerplatePass"),
    "ascendc-hoist-que-bind": ("hoist_que_bind", "HoistQueBindPass"),
    "ascendc-hoist-ub-allocation": ("hoist_ub_allocation", "HoistUBAllocationPass"),
    "ascendc-input-output-tensor": ("input_output_tensor", "InputOutputTensorPass"),
    "ascendc-jit-pipeline": ("jit_pipeline", "JitPipelinePass"),
    "ascendc-insert-sync": ("insert_sync", "InsertSyncPass"),
    "ascendc-legalize-kernel-args": ("plain_passes", "LegalizeKernelArgsPass"),
    "ascendc-materialize-tensor": ("materialize_tensor", "MaterializeTensorPass"),
    "ascendc-noop": ("noop", "NoopPass"),
    "ascendc-plan-memory": ("plain_passes", "PlanMemoryPass"),
    "ascendc-privatize-func": ("plain_passes", "PrivatizeFuncPass"),
    "ascendc-unify-pipe": ("unify_pipe", "UnifyPipePass"),
    "ascendc-verify-sync": ("verify_sync", "VerifySyncPass"),
    # the tile language's passes (docs/tile.md)
    "tile-check-locations": ("tile_locations", "TileCheckLocationsPass"),
    "tile-to-reg": ("tile_to_reg", "TileToRegPass"),
    "tile-to-ascendc": ("tile_to_ascendc", "TileToAscendcPass"),
    # MLIR's passes pyasc's JIT runs that xDSL 0.74 lacks (or has under another name)
    "inline": ("inline", "InlinePass"),
    "loop-invariant-code-motion": ("licm", "LoopInvariantCodeMotionPass"),
    "sccp": ("sccp", "SCCPPass"),
    "symbol-dce": ("symbol_dce", "SymbolDCEPass"),
}
"""Pass name (pyasc's, or MLIR's) -> (module of `asc_xdsl.transforms`, class); imported on first use."""

PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    name: _pass(module, cls) for name, (module, cls) in PASS_CLASSES.items()
}
FASTER_UPSTREAM: dict[str, Callable[[], type[ModulePass]]] = {
    "cse": _pass("plain_passes", "CommonSubexpressionElimination"),
}
"""xDSL passes that asc-opt and the JIT pipeline run in our faster form, with the same
results (transforms/cse.py). Not in the universe: a second `cse` there would clash
with xDSL's in `xdsl-opt`'s registry."""


PASS_FUNCTIONS: dict[str, tuple[str, str]] = {
    "cse": ("cse", "cse"),
    "ascendc-declare-py-struct": ("declare_py_struct", "declare_py_structs"),
    "ascendc-detect-enable-debug": ("detect_enable_debug", "detect_enable_debug"),
    "ascendc-detect-kernel-type": ("detect_kernel_type", "detect_kernel_types"),
    "ascendc-generate-boilerplate": ("generate_boilerplate", "generate_boilerplate"),
    "ascendc-legalize-kernel-args": ("legalize_kernel_args", "legalize_kernel_args"),
    "ascendc-plan-memory": ("plan_memory", "plan_memory"),
    "ascendc-privatize-func": ("privatize_func", "privatize_functions"),
}
"""Pass name -> (module of `asc_xdsl.transforms`, function): the passes whose work is
`function(module)`, no options, no context. Their classes (`plain_passes.py`) run the
function; the JIT's pipeline runs it directly (no `ModulePass` made, no `xdsl.passes`)."""


@functools.cache
def pass_function(name: str) -> Callable[[ModuleOp], None]:
    """The function of `PASS_FUNCTIONS[name]`, its module imported on first use."""
    module, function = PASS_FUNCTIONS[name]
    return getattr(importlib.import_module(f"asc_xdsl.transforms.{module}"), function)


__all__ = ["FASTER_UPSTREAM", "PASSES", "PASS_CLASSES", "PASS_FUNCTIONS", "pass_function"]
