"""The `ModulePass` classes of the passes whose work is one function of the module.

Each of these passes takes no options and needs no context: its work is a function
`f(module)` in its own module (`registry.PASS_FUNCTIONS`), and its class here runs that
function. `asc-opt`, xDSL's `xdsl-opt` (through `asc_xdsl.universe`) and anyone building
an xDSL `PassPipeline` use the classes; the JIT's pipeline runs the functions
themselves (`transforms/pipeline.py`), so compiling a kernel does not load xDSL's pass
machinery (`xdsl.passes` and its option parser, ~16 M instructions of a cold start;
docs/performance.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asc_xdsl.transforms.plain_pass import PlainPass
from asc_xdsl.transforms.registry import pass_function

if TYPE_CHECKING:
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp


class FunctionPass(PlainPass):
    """A pass whose work is `registry.PASS_FUNCTIONS[name]` (subclasses set `name`)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        pass_function(self.name)(op)


class CommonSubexpressionElimination(FunctionPass):
    """`cse`: common subexpressions of the module merged (`transforms/cse.py`)."""

    name = "cse"


class DeclarePyStructPass(FunctionPass):
    """`ascendc-declare-py-struct` (`transforms/declare_py_struct.py`)."""

    name = "ascendc-declare-py-struct"


class DetectEnableDebugPass(FunctionPass):
    """`ascendc-detect-enable-debug` (`transforms/detect_enable_debug.py`)."""

    name = "ascendc-detect-enable-debug"


class DetectKernelTypePass(FunctionPass):
    """`ascendc-detect-kernel-type` (`transforms/detect_kernel_type.py`)."""

    name = "ascendc-detect-kernel-type"


class GenerateBoilerplatePass(FunctionPass):
    """`ascendc-generate-boilerplate` (`transforms/generate_boilerplate.py`)."""

    name = "ascendc-generate-boilerplate"


class LegalizeKernelArgsPass(FunctionPass):
    """`ascendc-legalize-kernel-args` (`transforms/legalize_kernel_args.py`)."""

    name = "ascendc-legalize-kernel-args"


class PlanMemoryPass(FunctionPass):
    """`ascendc-plan-memory` (`transforms/plan_memory.py`)."""

    name = "ascendc-plan-memory"


class PrivatizeFuncPass(FunctionPass):
    """`ascendc-privatize-func` (`transforms/privatize_func.py`)."""

    name = "ascendc-privatize-func"


__all__ = [
    "CommonSubexpressionElimination",
    "DeclarePyStructPass",
    "DetectEnableDebugPass",
    "DetectKernelTypePass",
    "FunctionPass",
    "GenerateBoilerplatePass",
    "LegalizeKernelArgsPass",
    "PlanMemoryPass",
    "PrivatizeFuncPass",
]
