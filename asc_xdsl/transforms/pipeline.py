"""The pass pipeline between the frontend's IR and the printer (`asm["lowered_ir"]`).

One definition for `@asc.jit` kernels and kernels written as IR (`asc_xdsl.runtime.ir_kernel`),
in pyasc's order (`python/asc/runtime/compiler.py`: lowering, optimizing, post-processing).
`pipeline_spec(options, module)` picks the stages from the compile options and from what
the module holds (one walk, `ModuleFacts`), so a kernel pays only for the passes that
can change it:

- lowering: `ascendc-privatize-func`; with calls, MLIR's `inline` (device functions
  end up in the kernel) and `canonicalize`; with functions other than kernels,
  `symbol-dce`; with automatic tensors (`local_tensor_auto`), the passes that give them queues and
  buffers; `cse`;
- optimizing: with loops that have an op it may move (or calls, whose bodies may bring
  some), `loop-invariant-code-motion`; where a constant may propagate
  (`sccp_scan.ChangeScan`), `sccp`; with `dedup_state` and set-up ops (the mask and its
  mode, atomics, ...), `ascendc-dedup-state` (off by default: the C++ then keeps every
  set-up the kernel writes, as pyasc prints it); with `insert_sync` (`None`, pyasc's default, means "when
  the module has automatic tensors"), the kernel's own syncs are erased, queue set-up
  leaves loops and the syncs it needs are derived;
- post-processing: the `#include`s (and `#define ASCENDC_CUBE_ONLY` with
  `matmul_cube_only`), the kernel type, the kernel's parameters as the launcher passes
  them (a mixed kernel's hidden `ffts_addr`, after the kernel type it depends on), the
  debug mark, on-chip memory planning (an
  overflow is an error at the kernel), and with `verify_sync` the sync checker last, so it
  checks what is printed.

pyasc's `canonicalize` after `sccp` is left out: `sccp` erases what its folding leaves
unused itself, and the frontend's IR is otherwise canonical already. So is MLIR's
`reconcile-unrealized-casts`: our `builtin.unrealized_conversion_cast`s are the
signless/unsigned reinterpretations the printer emits (`i32` to `ui32`), not leftovers of
a conversion, and xDSL's pass warns on each.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import compress
from operator import attrgetter
from typing import Any

from asc_xdsl.utils.records import FrozenRecord, init_fields

LOWERING = ("ascendc-privatize-func",)
INLINE = ("inline",)
SYMBOL_DCE = ("symbol-dce",)
CANONICALIZE = ("canonicalize",)
AUTOMATIC_TENSORS = (
    "ascendc-input-output-tensor",
    "ascendc-hoist-ub-allocation",
    "ascendc-materialize-tensor",
    "ascendc-unify-pipe",
    "canonicalize",
)
"""pyasc's lowering of `local_tensor_auto`: input/output marks, hoisting, queues/TBufs."""
LOWERING_END = ("cse",)
LICM = ("loop-invariant-code-motion",)
SCCP = ("sccp",)
DEDUP_STATE = ("ascendc-dedup-state",)
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


AUTO_TENSOR = "ascendc.local_tensor_auto"


class ModuleFacts(FrozenRecord):
    """What the pipeline's optional stages depend on, from one walk of the module:
    `names`, the names of the ops in the module; `helpers`, top-level symbols other than
    kernels (private after privatize-func); `movable_code`, a loop has an op
    `loop-invariant-code-motion` may move (`loop_facts.has_candidates`);
    `constants_may_propagate`, `sccp` may change the module (`sccp_scan.ChangeScan`)."""

    _FIELDS = ("names", "helpers", "movable_code", "constants_may_propagate")
    __slots__ = _FIELDS

    def __init__(
        self,
        names: frozenset[str] = frozenset(),
        helpers: bool = False,
        movable_code: bool = False,
        constants_may_propagate: bool = False,
    ) -> None:
        init_fields(
            self,
            names=names,
            helpers=helpers,
            movable_code=movable_code,
            constants_may_propagate=constants_may_propagate,
        )

    @property
    def automatic_tensors(self) -> bool:
        """pyasc's `need_insert_sync`: the module has a `local_tensor_auto`."""
        return AUTO_TENSOR in self.names

    @property
    def calls(self) -> bool:
        return "func.call" in self.names

    @property
    def set_ups(self) -> bool:
        """The module has a set-up op (`SetMaskCount`, `SetAtomicAdd`, ...): work for
        `ascendc-dedup-state`."""
        from asc_xdsl.dialects.ascendc.setup_state import SETTERS

        return not self.names.isdisjoint(SETTERS)


def module_facts(module: Any) -> ModuleFacts:
    """The facts of `module` (None: a module without any of them)."""
    if module is None:
        return ModuleFacts()
    from asc_xdsl.dialects.ascendc.base import KERNEL_ATTR
    from asc_xdsl.transforms.ir_walk import ops_in
    from asc_xdsl.transforms.loop_facts import LOOP_NAMES, has_candidates
    from asc_xdsl.transforms.sccp_scan import ChangeScan

    ops = ops_in(module)
    op_classes = list(map(type, ops))  # (read by each question below)
    classes = dict.fromkeys(op_classes)  # (an op's name is its class's)
    names = frozenset(map(attrgetter("name"), classes))
    movable = False
    if not LOOP_NAMES.isdisjoint(names):
        loops = {c for c in classes if c.name in LOOP_NAMES}
        movable = any(map(has_candidates, compress(ops, map(loops.__contains__, op_classes))))
    scan = ChangeScan()
    scan.scan(ops, op_classes)
    helpers = any(
        "sym_name" in op.properties and KERNEL_ATTR not in op.attributes
        for op in module.body.block.ops
    )
    return ModuleFacts(names, helpers, movable, scan.may_change(module))


def _auto_sync(options: Mapping[str, Any]) -> bool | None:
    """insert-sync's and verify-sync's `auto_sync`: false for a kernel compiled with
    `auto_sync=False` (no auto-sync order is given, across cores either), true where
    `@asc2.jit` leaves the AIV's orders to auto-sync (`insert_sync_auto`), else unset."""
    if options.get("auto_sync") is False:
        return False
    return True if options.get("insert_sync_auto") else None


PASS_OPTIONS: dict[str, dict[str, Callable[[Mapping[str, Any]], bool | None]]] = {
    "ascendc-insert-sync": {
        "sync_blocks": lambda o: o.get("sync_blocks") or None,
        "auto_sync": _auto_sync,
    },
    "ascendc-verify-sync": {"auto_sync": _auto_sync},
}
"""Per pass, its boolean options -> their value for the compile options (None: left
unset): SyncAlls between blocks (`sync_blocks`), and how the kernel is compiled
(`auto_sync`: `_auto_sync`)."""


def _with_options(stage: tuple[str, ...], options: Mapping[str, Any]) -> tuple[str, ...]:
    """`stage` with each pass of `PASS_OPTIONS` given the options `options` set."""

    def spec(name: str) -> str:
        given = [(k, f(options)) for k, f in PASS_OPTIONS.get(name, {}).items()]
        text = " ".join(f"{k}={str(v).lower()}" for k, v in given if v is not None)
        return name + "{" + text + "}" if text else name

    return tuple(map(spec, stage))


def pipeline_spec(options: Mapping[str, Any], module: Any = None) -> str:
    """The pipeline spec for these compile options and this module (None: a module
    without calls, helpers, loops or automatic tensors)."""
    facts = module_facts(module)
    auto = facts.automatic_tensors
    insert_sync = options.get("insert_sync")
    if insert_sync is None and options.get("sync_blocks"):
        insert_sync = True  # the option of insert-sync: it runs
    stages = [
        (LOWERING, True),
        (INLINE, facts.calls),
        (SYMBOL_DCE, facts.helpers),
        (CANONICALIZE, facts.calls),  # what the inlined bodies bring
        (AUTOMATIC_TENSORS, auto),
        (LOWERING_END, True),
        (LICM, facts.movable_code or facts.calls),  # inlined bodies may bring some
        (SCCP, facts.constants_may_propagate),
        (DEDUP_STATE, options.get("dedup_state") and facts.set_ups),
        (_with_options(INSERT_SYNC, options), auto if insert_sync is None else insert_sync),
        (POSTPROCESSING, True),
        (CUBE_ONLY, options.get("matmul_cube_only")),
        (POSTPROCESSING_END, True),
        (_with_options(VERIFY_SYNC, options), options.get("verify_sync")),
    ]
    return ",".join(p for passes, on in stages if on for p in passes)


class _FunctionRun:
    """One pass of `registry.PASS_FUNCTIONS` as the pipeline runs it: its function,
    with a pass's `name` and `apply` (no `ModulePass` made)."""

    __slots__ = ("function", "name")

    def __init__(self, name: str, function: Callable[[Any], None]) -> None:
        self.name = name
        self.function = function

    def apply(self, ctx: Any, op: Any) -> None:
        self.function(op)


class _FunctionRuns:
    """A pipeline of `_FunctionRun`s (what `run_pipeline` reads of xDSL's `PassPipeline`)."""

    __slots__ = ("passes",)

    def __init__(self, passes: tuple[_FunctionRun, ...]) -> None:
        self.passes = passes


@functools.cache
def _pipeline(spec: str) -> Any:
    from asc_xdsl.transforms.registry import (
        FASTER_UPSTREAM,
        PASS_FUNCTIONS,
        PASSES,
        pass_function,
    )

    names = spec.split(",")
    if all(name in PASS_FUNCTIONS for name in names):  # (the default pipeline's passes)
        return _FunctionRuns(tuple(_FunctionRun(n, pass_function(n)) for n in names))
    from xdsl.passes import PassPipeline

    ours = {**PASSES, **FASTER_UPSTREAM}
    passes = _plain_passes(ours, spec)  # (xDSL's pass table loaded only when needed)
    if passes is None:
        from xdsl.transforms import get_all_passes

        available = {**get_all_passes(), **ours}
        passes = _plain_passes(available, spec)
        if passes is None:
            return PassPipeline.parse_spec(available, spec)
    return PassPipeline(passes)


def _plain_passes(available: Mapping[str, Callable[[], type]], spec: str) -> tuple[Any, ...] | None:
    """The passes of `spec` made with their defaults when it only names passes (no
    options) whose fields all have defaults: what xDSL's `parse_spec` makes of it,
    without its spec parser and the `typing.get_type_hints` of every pass class
    (~14 M instructions, a first compile's; docs/performance.md). None: anything else,
    which `parse_spec` handles (and reports)."""
    names = spec.split(",")
    if "{" in spec or not all(
        name and name.strip() == name and name in available for name in names
    ):
        return None
    classes = [available[name]() for name in names]
    for cls in classes:
        for f in dataclasses.fields(cls):
            if (
                f.init
                and f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING
            ):
                return None
    return tuple(cls() for cls in classes)


@functools.cache
def _context() -> Any:
    from asc_xdsl.dialects.ir_context import make_context

    return make_context()


_PASS_TIMER: ContextVar[Callable[[str, float], None] | None] = ContextVar(
    "asc_xdsl_pass_timer", default=None
)


@contextmanager
def timed_passes(report: Callable[[str, float], None]) -> Iterator[None]:
    """Within the block, the passes of `run_pipeline` and `ascendc-jit-pipeline` report
    their names and wall-clock seconds to `report` (`asc-opt --time-passes`)."""
    token = _PASS_TIMER.set(report)
    try:
        yield
    finally:
        _PASS_TIMER.reset(token)


def apply_pass(p: Any, ctx: Any, module: Any) -> None:
    """`p.apply(ctx, module)`, timed when `timed_passes` asks for it."""
    report = _PASS_TIMER.get()
    if report is None:
        p.apply(ctx, module)
        return
    start = time.perf_counter()
    p.apply(ctx, module)
    report(p.name, time.perf_counter() - start)


def run_pipeline(module: Any, spec: str | None = None) -> None:
    """Run the pipeline `spec` (default: the one of no compile options, for this module)
    on `module` in place (one context per process: building one per compile would cost
    more than the passes). What a pass finds that the next one needs is handed on
    (`pass_facts`); the table is emptied before any other pass."""
    from asc_xdsl.transforms.pass_facts import KEPT, table

    pipeline = _pipeline(spec or pipeline_spec({}, module))
    # (a context for xDSL's passes only: the JIT's default pipeline is functions)
    ctx = None if isinstance(pipeline, _FunctionRuns) else _context()
    previous = None
    with table() as facts:
        for p in pipeline.passes:
            if facts and (previous, p.name) not in KEPT:
                facts.clear()
            apply_pass(p, ctx, module)
            previous = p.name
