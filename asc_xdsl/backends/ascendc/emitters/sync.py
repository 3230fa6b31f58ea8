"""Ascend C emission of the irregular ops of `asc_xdsl.dialects.ascendc.sync` (moved out of the dialect:
a dialect module holds IR facts, the backend all C++ text). Registered by op name in
`asc_xdsl.backends.ascendc.emitters.EMITTERS`."""

from __future__ import annotations

from typing import Any


def _print_set_ffts_base_addr(emitter: Any, op: Any) -> None:
    emitter.line(f"set_ffts_base_addr(*{emitter.name(op.address)});")
