"""Registration of asc_xdsl's dialects, passes and targets with xDSL tools.

`ASC_XDSL_UNIVERSE` is the `xdsl.universe` entry point (see pyproject.toml), so plain
`xdsl-opt` knows `ascendc` too; `asc_xdsl.opt` registers the same tables directly.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe
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
PASSES: dict[str, Callable[[], type[ModulePass]]] = {}
TARGETS: dict[str, Callable[[], type[Target]]] = {"ascendc": _ascendc_target}

ASC_XDSL_UNIVERSE = Universe(all_dialects=DIALECTS, all_passes=PASSES, all_targets=TARGETS)
