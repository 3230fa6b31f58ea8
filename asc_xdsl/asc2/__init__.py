"""`asc_xdsl.asc2`: PyAsc2's tile language (`import asc2` there), on asc_xdsl.

    import asc_xdsl as asc
    import asc_xdsl.asc2 as asc2

    @asc2.jit
    def vadd(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress,
             n: int, tile: asc.ConstExpr[int]):
        x, y, z = (asc2.tensor(p, [n]) for p in (x_ptr, y_ptr, z_ptr))
        for i in range(asc2.block_idx() * tile, n, asc2.block_num() * tile):
            asc2.store(asc2.load(x, [tile], offsets=[i]) + asc2.load(y, [tile], offsets=[i]),
                       z, offsets=[i])

The language, its passes and how it differs from PyAsc2: docs/tile.md.
"""

from asc_xdsl.asc2.jit import jit
from asc_xdsl.language.tile import *  # noqa: F403
from asc_xdsl.language.tile import __all__ as _language

__all__ = [*_language, "jit"]
