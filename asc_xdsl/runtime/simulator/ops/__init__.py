"""Op semantics, one module per family, each imported when a kernel first needs it.

A family module registers its handlers when imported (`compile.handles` by op class,
`compile.sim_hook` by the family of a spec's simulator key). `compile.handler_for`
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

from asc_xdsl.runtime.simulator.ops.index import HOOK_INDEX, INDEX

MODULES = (
    "addresses", "adv_math", "adv_matmul", "adv_norm", "adv_quant", "adv_softmax", "aipp",
    "atomic", "bilinear", "cache", "cmpsel", "copy", "cube", "debug", "elementwise",
    "fill", "framework", "gathermask", "header_constants", "layout", "list_tensor",
    "masks", "mem_allocator", "members", "multicore", "mutex", "queue_events", "reduce",
    "refused", "reg", "reg_address", "reg_arith", "reg_debug", "reg_fused", "reg_relayout",
    "scalar", "scalar_bits", "scalar_math", "shape_info", "sort", "stack_buffer",
    "system_state", "vconv", "vector",
)  # fmt: skip
"""Every family module (`load_all`)."""

_loaded_all = False


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
    for cls in HANDLERS:
        module = REGISTERED_BY[cls].removeprefix(prefix)
        known = index.setdefault(cls.name, module)
        if known != module:
            raise AssertionError(
                f"op {cls.name} has handlers registered by both {known} and {module}"
            )
    hooks = {family: REGISTERED_BY[family].removeprefix(prefix) for family in SIM_HOOKS}
    return dict(sorted(index.items())), dict(sorted(hooks.items()))
