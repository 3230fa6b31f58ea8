"""Ascend C emission of the irregular ops of `asc_xdsl.dialects.ascendc.sysvar` (moved out of the dialect:
a dialect module holds IR facts, the backend all C++ text). Registered by op name in
`asc_xdsl.backends.ascendc.emitters.EMITTERS`."""

from __future__ import annotations

from typing import Any


def _print_cast(emitter: Any, op: Any) -> None:
    """`T v = static_cast<T>(AscendC::Api());`, as pyasc prints the block index and count."""
    ctype = emitter.ctype(op, op.value.type)
    emitter.declare(op, op.value, f"static_cast<{ctype}>(AscendC::{op.API_NAME}())")


def _print_core_check(emitter: Any, op: Any) -> None:
    """`bool v = g_coreType == AscendC::AIC;` (what `ASCEND_IS_AIC` expands to)."""
    emitter.declare(op, op.result, op.API_NAME)
