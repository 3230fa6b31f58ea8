"""Ascend C emission of the irregular ops of `asc_xdsl.dialects.ascendc.adv_misc` (moved out of the dialect:
a dialect module holds IR facts, the backend all C++ text). Registered by op name in
`asc_xdsl.backends.ascendc.emitters.EMITTERS`."""

from __future__ import annotations

from typing import Any


def _print_init_obj(emitter: Any, op: Any) -> None:
    server = emitter.name(op.server)
    args = [f"&{emitter.name(op.pipe)}", *(emitter.name(v) for v in op.ops)]
    emitter.line(f"{server}.InitObj({', '.join(args)});")
