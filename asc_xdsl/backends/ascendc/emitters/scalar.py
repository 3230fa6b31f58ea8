"""Ascend C of the irregular ops of `dialects/ascendc/scalar.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any


def _print_count_value(emitter: Any, op: Any) -> None:
    """`int64_t r = AscendC::Api<count>(x);`, `count` naming the constant's variable."""
    count, x = emitter.name(op.count_value), emitter.name(op.value_in)
    emitter.declare(op, op.results[0], f"AscendC::{op.API_NAME}<{count}>({x})")
