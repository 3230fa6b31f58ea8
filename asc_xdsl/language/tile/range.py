"""`asc2.range`: a device loop (as `asc.range`) with PyAsc2's two hints."""

from __future__ import annotations

from typing import Any

from asc_xdsl.language.builder import require_jit
from asc_xdsl.language.core.range import range as device_range


class range(device_range):
    """`for i in range(start, stop, step, unroll_factor=1, parallel=False)`: a loop on
    the device. `unroll_factor=n` asks for n iterations in flight (the loads of one
    overlap the compute of another: n buffers per tile); `parallel=True` says the
    iterations are independent (no tile is carried from one to the next)."""

    def __init__(self, *args: Any, unroll_factor: int = 1, parallel: bool = False) -> None:
        g = require_jit("asc2.range")
        super().__init__(*args)
        factor = g.constexpr(unroll_factor, "unroll_factor", int)
        if factor < 1:
            g.fail(f"unroll_factor must be 1 or more, got {factor}")
        if not isinstance(parallel, bool):
            g.fail(f"parallel must be True or False, got {parallel!r}")
        self.unroll_factor = factor
        self.parallel = parallel
        note = getattr(g, "note_tile_range", None)
        if note is not None:  # the tile language's code generator marks the loop
            note(self)
