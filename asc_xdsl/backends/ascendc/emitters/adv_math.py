"""Ascend C emission of the irregular ops of `asc_xdsl.dialects.ascendc.adv_math` (moved out of the dialect:
a dialect module holds IR facts, the backend all C++ text). Registered by op name in
`asc_xdsl.backends.ascendc.emitters.EMITTERS`."""

from __future__ import annotations

from typing import Any


def _print_cumsum(emitter: Any, op: Any) -> None:
    from asc_xdsl.backends.ascendc.printer import CodegenError

    raise CodegenError(
        op,
        "ascendc.cumsum has no Ascend C form: AscendC::CumSum takes the shape as a "
        "CumSumInfo{outter, inner} and its options as a CumSumConfig template argument, "
        "while this op carries only the options (lastAxis, reuseSource, outputLastRow)",
    )
