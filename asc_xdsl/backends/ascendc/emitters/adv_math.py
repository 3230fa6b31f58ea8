"""Ascend C of the irregular ops of `dialects/ascendc/adv_math.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any

from asc_xdsl.backends.ascendc.errors import EmissionError


def _print_cumsum(emitter: Any, op: Any) -> None:
    raise EmissionError(
        op,
        "ascendc.cumsum has no Ascend C form: AscendC::CumSum takes the shape as a "
        "CumSumInfo{outter, inner} and its options as a CumSumConfig template argument, "
        "while this op carries only the options (lastAxis, reuseSource, outputLastRow)",
    )
