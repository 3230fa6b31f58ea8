"""What several families' emitters share: C arrays of values, CPU-debug-only statements."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xdsl.ir import Operation, SSAValue

CPU_DEBUG_CONDITION = "defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG == 1"


def cpu_debug_only(
    emitter: Any, statement: Callable[[], None], otherwise: Callable[[], None] | None = None
) -> None:
    """Print `statement()` for CANN's CPU-debug build only (`otherwise()` for the device)."""
    emitter.line(f"#if {CPU_DEBUG_CONDITION}")
    statement()
    if otherwise is not None:
        emitter.line("#else")
        otherwise()
    emitter.line("#endif")


def c_array(emitter: Any, op: Operation, ctype: str, values: Sequence[SSAValue], base: str) -> str:
    """Declare `ctype name[] = {values};` before `op`'s statement; return the name.

    A value of another type than the array's is converted (braces forbid narrowing).
    """
    name = emitter.names.claim(base)
    items = []
    for v in values:
        own = emitter.ctype(op, v.type)
        items.append(
            emitter.name(v) if own == ctype else f"static_cast<{ctype}>({emitter.name(v)})"
        )
    emitter.line(f"{ctype} {name}[] = {{{', '.join(items)}}};")
    return name
