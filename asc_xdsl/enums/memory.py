"""The physical memories `LocalMemAllocator` allocates in: `Hardware`.

Loaded when first named (`asc_xdsl.enums`' `__getattr__`): a kernel that takes its
buffers from a TPipe never needs it.
"""

from __future__ import annotations

from asc_xdsl.enums import AscEnum


class Hardware(AscEnum):
    """Physical memories (`AscendC::Hardware`); `MAX` is a sentinel."""

    GM = 0
    UB = 1
    L1 = 2
    L0A = 3
    L0B = 4
    L0C = 5
    BIAS = 6
    FIXBUF = 7
    MAX = 8
