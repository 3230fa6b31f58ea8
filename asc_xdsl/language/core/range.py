"""Loops: `asc.range` (a loop on the device) and `asc.static_range` (unrolled)."""

from __future__ import annotations

from typing import Any

from asc_xdsl.frontend.context import require_jit


class range:
    """`for i in asc.range(...)`: a loop on the device (scf.for)."""

    def __init__(self, *args: Any) -> None:
        require_jit("range")
        self.args = args


class static_range:
    """`for i in asc.static_range(...)`: unrolled at compile time (bounds are constants)."""

    def __init__(self, *args: Any) -> None:
        require_jit("static_range")
        self.args = args
