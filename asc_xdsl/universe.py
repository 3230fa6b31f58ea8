"""Registration of asc_xdsl's dialects, passes and targets with xDSL tools.

`ASC_XDSL_UNIVERSE` is the `xdsl.universe` entry point (see pyproject.toml), so plain
`xdsl-opt` knows `ascendc`, `emitasc`, our passes and the `ascendc` target too;
`asc_xdsl.opt` registers the same tables directly. Loading it imports `asc_xdsl`, which
changes nothing of xDSL's (the fast start is not turned on for `xdsl-opt`: it is not our
program), so xDSL's own dialects behave in `xdsl-opt` as without us
(tests/unit/test_no_side_effects.py).

One limit: the `emitc` ops pyasc's IR uses and xDSL's `emitc` lacks (`emitc.include`,
`.constant`, `.cast`, `.verbatim`; `emitasc.PYASC_COMPAT_OPS`), which
`ascendc-generate-boilerplate` and others print, are not read back by plain `xdsl-opt`:
its registry takes the `emitc` dialect from xDSL's universe, and xDSL refuses a second
universe that defines `emitc` ("Duplicate definition of emitc"), so no entry point can
add ops to it. `asc-opt` reads them (its context makes them); everything else our passes
print, plain `xdsl-opt` reads back (tests/unit/test_universe.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the JIT's pipeline reads PASSES; only xDSL's tools need a Universe
    from xdsl.ir import Dialect
    from xdsl.passes import ModulePass
    from xdsl.utils.target import Target


def _ascendc_dialect() -> Dialect:
    from asc_xdsl.dialects import ascendc

    # asc-opt uses AscContext, which makes spec-defined ops on demand; a plain
    # xDSL context (xdsl-opt) needs the whole dialect.
    return ascendc.AscendC


def _emitasc_dialect() -> Dialect:
    from asc_xdsl.dialects.emitasc import EmitAsc

    return EmitAsc


def _ascendc_target() -> type[Target]:
    from asc_xdsl.backends.ascendc import AscendCTarget

    return AscendCTarget


DIALECTS: dict[str, Callable[[], Dialect]] = {
    "ascendc": _ascendc_dialect,
    "emitasc": _emitasc_dialect,
}


def _pass(module: str, cls: str) -> Callable[[], type[ModulePass]]:
    def factory() -> type[ModulePass]:
        return getattr(importlib.import_module(f"asc_xdsl.transforms.{module}"), cls)

    return factory


PASS_CLASSES: dict[str, tuple[str, str]] = {
    "ascendc-declare-py-struct": ("declare_py_struct", "DeclarePyStructPass"),
    "ascendc-define-cube-only": ("define_cube_only", "DefineCubeOnlyPass"),
    "ascendc-detect-enable-debug": ("detect_enable_debug", "DetectEnableDebugPass"),
    "ascendc-detect-kernel-type": ("detect_kernel_type", "DetectKernelTypePass"),
    "ascendc-erase-sync": ("erase_sync", "EraseSyncPass"),
    "ascendc-generate-boilerplate": ("generate_boilerplate", "GenerateBoilerplatePass"),
    "ascendc-hoist-que-bind": ("hoist_que_bind", "HoistQueBindPass"),
    "ascendc-hoist-ub-allocation": ("hoist_ub_allocation", "HoistUBAllocationPass"),
    "ascendc-input-output-tensor": ("input_output_tensor", "InputOutputTensorPass"),
    "ascendc-jit-pipeline": ("jit_pipeline", "JitPipelinePass"),
    "ascendc-insert-sync": ("insert_sync", "InsertSyncPass"),
    "ascendc-legalize-kernel-args": ("legalize_kernel_args", "LegalizeKernelArgsPass"),
    "ascendc-materialize-tensor": ("materialize_tensor", "MaterializeTensorPass"),
    "ascendc-noop": ("noop", "NoopPass"),
    "ascendc-plan-memory": ("plan_memory", "PlanMemoryPass"),
    "ascendc-privatize-func": ("privatize_func", "PrivatizeFuncPass"),
    "ascendc-unify-pipe": ("unify_pipe", "UnifyPipePass"),
    "ascendc-verify-sync": ("verify_sync", "VerifySyncPass"),
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
    "cse": _pass("cse", "CommonSubexpressionElimination"),
}
"""xDSL passes that asc-opt and the JIT pipeline run in our faster form, with the same
results (transforms/cse.py). Not in the universe: a second `cse` there would clash
with xDSL's in `xdsl-opt`'s registry."""
TARGETS: dict[str, Callable[[], type[Target]]] = {"ascendc": _ascendc_target}


def __getattr__(name: str) -> Any:
    """`ASC_XDSL_UNIVERSE`, made on first use (xDSL's entry point loader reads it)."""
    if name != "ASC_XDSL_UNIVERSE":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    global ASC_XDSL_UNIVERSE
    from xdsl.universe import Universe

    ASC_XDSL_UNIVERSE = Universe(all_dialects=DIALECTS, all_passes=PASSES, all_targets=TARGETS)
    return ASC_XDSL_UNIVERSE
