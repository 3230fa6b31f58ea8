"""The values an integer-like IR type holds."""

from __future__ import annotations

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import IndexType, IntegerType, Signedness
from xdsl.ir import Attribute


def int_bounds(t: Attribute) -> tuple[int, int] | None:
    """[lo, hi] of an integer-like type: i1 is a bool (0 or 1), signless is signed,
    `index` is a signed 64-bit integer; None for other types."""
    if isinstance(t, IndexType):
        return -(1 << 63), (1 << 63) - 1
    if isinstance(t, IntegerType):
        width = t.width.data
        if width == 1:
            return 0, 1
        if t.signedness.data == Signedness.UNSIGNED:
            return 0, (1 << width) - 1
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return None
