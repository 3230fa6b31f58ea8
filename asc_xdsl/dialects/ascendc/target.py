"""The SoC a module is compiled for, and whether the per-SoC checks apply.

Which element types, conversions and layouts an API takes depends on the chip: `And` on
f32, `Cast` f32 -> f32 without rounding or `Mmad` on i32 inputs are not Atlas A2/A3
instructions, and bf16 or `Neg` do not exist on Atlas inference (310P). The specs hold
the Atlas A2/A3 tables (arch 2201, dav-c220); other families state theirs as deltas
(`family_dtypes.py`). They apply when the module names its SoC:

    builtin.module attributes {ascendc.soc = "Ascend910B1"} { ... }

The frontend always names it (the series of the SoC a kernel is compiled for,
`asc_xdsl.soc.compile_target`; `DEFAULT_SOC` when none is selected), and
`asc-opt --soc NAME` sets it on the
input. A module that names no SoC is target-neutral IR (pyasc's dialect tests are written
so): only the SoC-independent checks run, and the C++ compiler judges the rest.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from asc_xdsl import soc as soc_table
from asc_xdsl.soc import SOC_ATTR, UnknownSocError

ATLAS_A2_A3 = soc_table.ATLAS_A2_A3
"""The family the specs' dtype tables describe (arch 2201)."""
ATLAS_INFERENCE = soc_table.ATLAS_INFERENCE
"""310P (arch 2002)."""

SOC_FAMILY: dict[str, str | None] = {
    name: soc_table.get_soc(name).dtype_tables for name in soc_table.known_names()
}
"""SoC names as CANN spells them (`--soc_version`), series included (IR valid on each of
its chips) -> the family whose dtype tables apply (None: none, only the SoC-independent
checks run). From the shared SoC table `asc_xdsl.soc`."""

DEFAULT_SOC = "Ascend910B"
"""What the frontend compiles for when no SoC is selected (frontend/options.py
`target_soc`): the Atlas A2 series."""


def declared_soc(op: Operation) -> str | None:
    """The SoC named by the outermost module around `op`, or None."""
    top: Operation = op
    while True:  # up the block -> region -> op links (`parent_op()` is three calls a level)
        block = top.parent
        region = block.parent if block is not None else None
        parent = region.parent if region is not None else None
        if parent is None:
            break
        top = parent
    if not isinstance(top, ModuleOp):
        return None
    attr = top.attributes.get(SOC_ATTR)
    if attr is None:
        return None
    if not isinstance(attr, StringAttr) or attr.data not in SOC_FAMILY:
        raise VerifyException(
            f"module attribute {SOC_ATTR} = {attr} names no SoC this compiler knows "
            f'(known: {", ".join(SOC_FAMILY)}); write e.g. {SOC_ATTR} = "{DEFAULT_SOC}"'
        )
    return attr.data


def soc_family(op: Operation) -> str | None:
    """The family whose dtype tables apply to `op` (None: the module names no SoC)."""
    soc = declared_soc(op)
    return None if soc is None else SOC_FAMILY[soc]


def checks_atlas_a2_a3(op: Operation) -> bool:
    """Whether `op` is compiled for Atlas A2/A3, so the verifiers' own Atlas A2/A3
    tables (conversions, Mmad, ...; no other family's yet) apply."""
    return soc_family(op) == ATLAS_A2_A3


def set_soc(module: ModuleOp, soc: str) -> None:
    """Name the SoC `module` is compiled for (a ValueError for an unknown name)."""
    if soc not in SOC_FAMILY:
        raise UnknownSocError(f"unknown SoC '{soc}' (known: {', '.join(SOC_FAMILY)})")
    module.attributes[SOC_ATTR] = StringAttr(soc)
