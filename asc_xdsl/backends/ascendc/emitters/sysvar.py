"""Ascend C of the irregular ops of `dialects/ascendc/sysvar.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any


def _print_cast(emitter: Any, op: Any) -> None:
    """`T v = static_cast<T>(AscendC::Api());`, as pyasc prints the block index and count."""
    ctype = emitter.ctype(op, op.value.type)
    emitter.declare(op, op.value, f"static_cast<{ctype}>(AscendC::{op.API_NAME}())")


def _print_core_check(emitter: Any, op: Any) -> None:
    """`bool v = g_coreType == AscendC::AIC;` (what `ASCEND_IS_AIC` expands to)."""
    emitter.declare(op, op.result, op.API_NAME)
