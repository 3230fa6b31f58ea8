"""A Python kernel for the simulator's frontend test (jit needs its source in a file)."""

import asc_xdsl as asc


@asc.jit
def scale_tiles(x: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, tile)
    for i in range(asc.get_block_idx(), n // tile, asc.get_block_num()):
        asc.data_copy(t, gm[i * tile :], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(t, t, 2.0, tile)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gm[i * tile :], t, tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)  # the next tile's copy-in reuses t
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
