"""The modules that declare AscendC ops as specs (`spec.OpFamily`), and lookups over them.

Importing a family module is cheap (it builds `OpSpec` values only); an op's IRDL class
is made when first used. Add a new family module here.
"""

from __future__ import annotations

import importlib
from functools import cache

from asc_xdsl.dialects.ascendc.spec import OpFamily, OpSpec, SpecOp

FAMILY_MODULES: tuple[str, ...] = (
    "tensor",
    "framework",
    "mem_allocator",
    "list_tensor",
    "vector",
    "vec_scalar_tensor",
    "aicore_time",
    "vec_reduce",
    "vec_cmpsel",
    "vec_vconv",
    "vec_misc",
    "vec_proposal",
    "data_copy",
    "cube",
    "sync",
    "sysvar",
    "debug",
    "atomic",
    "scalar",
    "cache",
    "misc",
    "adv_math",
    "adv_misc",
    "adv_matmul",
    "reg",
    "reg_relayout",
    "reg_debug",
    "reg_address",
    "reg_fused",
    "reg_arith",
    "simt",
)
"""Modules of `asc_xdsl.dialects.ascendc` that hold an `OpFamily` named `FAMILY`."""


@cache
def families() -> tuple[OpFamily, ...]:
    return tuple(
        importlib.import_module(f"asc_xdsl.dialects.ascendc.{m}").FAMILY for m in FAMILY_MODULES
    )


def all_specs() -> list[OpSpec]:
    return [spec for f in families() for spec in f.specs()]


def spec_classes() -> list[type[SpecOp]]:
    """Every spec-defined op class (makes them all: ~0.3 ms each)."""
    return [cls for f in families() for cls in f.classes()]


def find_class(class_name: str) -> type[SpecOp] | None:
    """A spec-defined op class by its Python name (`AddL2Op`), made if needed: from its
    family module (`ascendc_op_index.CLASS_MODULES`), without importing the others."""
    from asc_xdsl.dialects.ascendc_op_index import CLASS_MODULES

    module = CLASS_MODULES.get(class_name)
    if module is not None:
        family = importlib.import_module(f"asc_xdsl.dialects.ascendc.{module}").FAMILY
        if family.has(class_name):
            return family.get(class_name)
    for f in families():
        if f.has(class_name):
            return f.get(class_name)
    return None
