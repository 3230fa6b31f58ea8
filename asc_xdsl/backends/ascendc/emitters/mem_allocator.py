"""Ascend C of the irregular ops of `dialects/ascendc/mem_allocator.py`.

The dialect module holds their IR facts, this one their C++ (rows of `emitters.EMITTERS`).
"""

from __future__ import annotations

from typing import Any


def _print_alloc(emitter: Any, op: Any) -> None:
    """`LocalTensor<T> t = a.Alloc<pos, T[, tileSize]>([tileSize]);`: the constant form
    passes the tile size's `constexpr` variable as the template argument."""
    pos = op.position.cpp
    dtype = emitter.ctype(op, op.properties["dtype"])
    size = emitter.name(op.tile_size)
    allocator = emitter.name(op.allocator)
    if op.SPEC.operands[1].const:
        call = f"{allocator}.Alloc<{pos}, {dtype}, {size}>()"
    else:
        call = f"{allocator}.Alloc<{pos}, {dtype}>({size})"
    emitter.declare(op, op.result, call)
