"""`@asc.jit` helpers any test kernel can call (they are inlined into it)."""

from __future__ import annotations

import asc_xdsl as asc


@asc.jit
def gtensor(addr: asc.GlobalAddress) -> asc.GlobalTensor:
    """A GlobalTensor over a kernel's GM address."""
    g = asc.GlobalTensor()
    g.set_global_buffer(addr)
    return g
