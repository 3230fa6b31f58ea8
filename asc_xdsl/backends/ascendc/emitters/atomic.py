"""Ascend C emission of the irregular ops of `asc_xdsl.dialects.ascendc.atomic` (moved out of the dialect:
a dialect module holds IR facts, the backend all C++ text). Registered by op name in
`asc_xdsl.backends.ascendc.emitters.EMITTERS`."""

from __future__ import annotations

from typing import Any


def _print_get_store_atomic_config(emitter: Any, op: Any) -> None:
    """`uint16_t t; uint16_t o; AscendC::GetStoreAtomicConfig(t, o);` (out parameters)."""
    names = []
    for r in op.results:
        name = emitter.names.define(r)
        emitter.line(f"{emitter.ctype(op, r.type)} {name};")
        names.append(name)
    emitter.line(f"AscendC::GetStoreAtomicConfig({', '.join(names)});")
