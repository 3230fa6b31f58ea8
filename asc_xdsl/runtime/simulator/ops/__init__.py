"""Op semantics, one module per family, each imported when a kernel first needs it.

A family module registers its handlers when imported (`compile.handles` by op class,
`handles_spec` by a spec-made op's name, `compile.sim_hook` by the family of a spec's
simulator key). A spec-made op class is defined when first named (~0.5-1 ms each, see
`dialects/ascendc/spec.py`), so a family names those by op name: the handler is put
under the op's class when `load_for` first meets an op of that name (a vector add's
launch defined 94 op classes for the 20 its IR uses when the families named classes). `compile.handler_for`
asks `load_for` on a miss, which imports the one module that registers the op's
handler, so a launch imports only the families its kernel uses: importing them all
(and the op classes they name) costs more than compiling a small kernel. `INDEX` (op
name -> module) and `HOOK_INDEX` (simulator-key family -> module) say which module that
is; they are generated (`python tools/gen_sim_op_index.py`, from `build_index`) and a
test checks they are current. An op they do not know makes `handler_for` load every
family (`load_all`) before it says the op has no semantics.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

from asc_xdsl.runtime.simulator.ops.index import HOOK_INDEX, INDEX

MODULES = (
    "addresses", "adv_math", "adv_matmul", "adv_norm", "adv_quant", "adv_softmax", "aipp",
    "atomic", "bilinear", "cache", "cmpsel", "copy", "cube", "debug", "elementwise",
    "fill", "framework", "gathermask", "header_constants", "layout", "list_tensor",
    "masks", "mem_allocator", "members", "multicore", "mutex", "queue_events", "reduce",
    "refused", "reg", "reg_address", "reg_arith", "reg_debug", "reg_fused", "reg_relayout",
    "scalar", "scalar_bits", "scalar_math", "scalar_memref", "shape_info", "simt", "sort", "stack_buffer",
    "system_state", "vconv", "vector",
)  # fmt: skip
"""Every family module (`load_all`)."""

_loaded_all = False

BY_NAME: dict[str, tuple[Callable[..., Any], str]] = {}
"""Spec-made op name -> (handler, registering module) of handlers not yet put in
`compile.HANDLERS` (`handles_spec`)."""


def handles_spec(*op_names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """`compile.handles` for spec-made ops, by name (`"ascendc.add_l2"`), and for the
    hand-written ops the dialect defines on first use (`ascendc.LAZY_OPS`): their classes
    are not defined until an op of that name is met (`load_for` registers the handler
    under the class then)."""
    module = sys._getframe(1).f_globals.get("__name__", "?")

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        for name in op_names:
            BY_NAME[name] = (fn, module)
        return fn

    return register


def _bind(op_name: str) -> bool:
    """Register the `handles_spec` handler of `op_name` under its class; False if none
    waits (or the name is no spec-made or lazy hand-written op's)."""
    waiting = BY_NAME.get(op_name)
    if waiting is None:
        return False
    from asc_xdsl.dialects.ascendc import LAZY_OPS, lazy_type
    from asc_xdsl.dialects.ascendc.spec import spec_op_class
    from asc_xdsl.runtime.simulator.compile import HANDLERS, REGISTERED_BY

    handwritten = LAZY_OPS.get(op_name)
    cls = lazy_type(*handwritten) if handwritten is not None else spec_op_class(op_name)
    if cls is None:
        return False
    del BY_NAME[op_name]
    HANDLERS[cls], REGISTERED_BY[cls] = waiting
    return True


def _load(module: str) -> bool:
    """Import family `module`; False if it was imported already."""
    name = f"{__name__}.{module}"
    if name in sys.modules:
        return False
    importlib.import_module(name)
    return True


def load_for(op_name: str, hook_family: str = "") -> bool:
    """Import the family module registering the handler of op `op_name` (by class, else
    the one of its spec's simulator-key family `hook_family`); False when the index
    names none that is not imported yet."""
    module = INDEX.get(op_name)
    if module is not None and _load(module):
        return True
    if _bind(op_name):
        return True
    module = HOOK_INDEX.get(hook_family) if hook_family else None
    return module is not None and _load(module)


def load_all() -> bool:
    """Import every family module; False if that was done already."""
    global _loaded_all
    if _loaded_all:
        return False
    for module in MODULES:
        _load(module)
    _loaded_all = True
    return True


def build_index() -> tuple[dict[str, str], dict[str, str]]:
    """(INDEX, HOOK_INDEX) as the family modules register their handlers now (all
    imported first)."""
    load_all()
    from asc_xdsl.runtime.simulator.compile import HANDLERS, REGISTERED_BY, SIM_HOOKS

    prefix = f"{__name__}."
    index: dict[str, str] = {}
    registered = [(cls.name, REGISTERED_BY[cls]) for cls in HANDLERS]
    registered += [(name, module) for name, (_, module) in BY_NAME.items()]
    for name, registrar in registered:
        module = registrar.removeprefix(prefix)
        known = index.setdefault(name, module)
        if known != module:
            raise AssertionError(f"op {name} has handlers registered by both {known} and {module}")
    hooks = {family: REGISTERED_BY[family].removeprefix(prefix) for family in SIM_HOOKS}
    return dict(sorted(index.items())), dict(sorted(hooks.items()))
