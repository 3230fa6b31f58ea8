"""Ascend C of the irregular ops of `dialects/ascendc/atomic.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

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
