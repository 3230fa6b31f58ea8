"""Registration of asc_xdsl's dialects, passes and targets with xDSL tools.

`ASC_XDSL_UNIVERSE` is the `xdsl.universe` entry point (see pyproject.toml), so plain
`xdsl-opt` knows `ascendc`, `emitasc`, our passes and the `ascendc` target too;
`asc_xdsl.opt` registers the same tables directly. Loading it imports `asc_xdsl`, which
changes nothing of xDSL's (the fast start is not turned on for `xdsl-opt`: it is not our
program), so xDSL's own dialects behave in `xdsl-opt` as without us
(tests/unit/test_no_side_effects.py).

Plain `xdsl-opt` reads back everything our passes print (tests/unit/test_universe.py).
The `emitc` ops pyasc's IR uses that xDSL's `emitc` lacks are ours in `emitasc`
(`emitasc.include`, ...): xDSL refuses a second universe defining `emitc`, so no entry
point can add to it, and `xdsl-opt` cannot read pyasc's `emitc.include` spelling (asc-opt
can: `emitasc.PYASC_SPELLINGS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

# The pass table is the transforms' own (the JIT's pipeline reads it): named here too.
from asc_xdsl.transforms.registry import FASTER_UPSTREAM, PASS_CLASSES, PASSES

if TYPE_CHECKING:  # only xDSL's tools need a Universe
    from xdsl.ir import Dialect
    from xdsl.utils.target import Target


def _ascendc_dialect() -> Dialect:
    from asc_xdsl.dialects import ascendc

    # asc-opt uses AscContext, which makes spec-defined ops on demand; a plain
    # xDSL context (xdsl-opt) needs the whole dialect.
    return ascendc.AscendC


def _emitasc_dialect() -> Dialect:
    from asc_xdsl.dialects.emitasc import EmitAsc

    return EmitAsc


def _asctile_dialect() -> Dialect:
    from asc_xdsl.dialects.asctile import AscTile

    return AscTile


def _ascendc_target() -> type[Target]:
    from asc_xdsl.backends.ascendc import AscendCTarget

    return AscendCTarget


DIALECTS: dict[str, Callable[[], Dialect]] = {
    "ascendc": _ascendc_dialect,
    "emitasc": _emitasc_dialect,
    "asctile": _asctile_dialect,
}


TARGETS: dict[str, Callable[[], type[Target]]] = {"ascendc": _ascendc_target}


def __getattr__(name: str) -> Any:
    """`ASC_XDSL_UNIVERSE`, made on first use (xDSL's entry point loader reads it)."""
    if name != "ASC_XDSL_UNIVERSE":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    global ASC_XDSL_UNIVERSE
    from xdsl.universe import Universe

    ASC_XDSL_UNIVERSE = Universe(all_dialects=DIALECTS, all_passes=PASSES, all_targets=TARGETS)
    return ASC_XDSL_UNIVERSE


__all__ = ["DIALECTS", "FASTER_UPSTREAM", "PASSES", "PASS_CLASSES", "TARGETS"]
