"""Vector add with tensors at explicit UB addresses and manual SetFlag/WaitFlag sync.

No TPipe/TQue: the kernel places its tiles itself and orders the pipes with flags
(MTE2 -> V after the copy-in, V -> MTE3 before the copy-out, MTE3 -> MTE2 before the
next tile overwrites the buffers).

    python examples/vector_add_manual_flags.py [--print]
"""

import sys

import numpy as np

import asc_xdsl as asc

TILE = 1024  # float32 elements per tile: 4 KiB per buffer


@asc.jit
def vadd_manual(
    x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int
):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    nbytes = TILE * x.dtype.sizeof()
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    y_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, nbytes, TILE)
    z_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2 * nbytes, TILE)
    for i in range(block_length // TILE):
        if i > 0:
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)  # the last copy-out has read z_ub
        asc.data_copy(x_ub, x_gm[i * TILE :], TILE)
        asc.data_copy(y_ub, y_gm[i * TILE :], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(z_ub, x_ub, y_ub, TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE :], z_ub, TILE)
        if i + 1 < block_length // TILE:
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)


def main() -> None:
    block_dim, block_length = 4, 4 * TILE
    rng = np.random.default_rng(1)
    x = rng.random(block_dim * block_length, dtype=np.float32)
    y = rng.random(block_dim * block_length, dtype=np.float32)
    z = np.zeros_like(x)
    if "--print" in sys.argv:
        print(vadd_manual.compile(x, y, z, block_length, block_dim=block_dim).asm["ascendc"])
        return
    vadd_manual[block_dim](x, y, z, block_length)
    np.testing.assert_allclose(z, x + y)
    print(f"vadd_manual[{block_dim}] on {len(x)} float32 elements: matches numpy")


if __name__ == "__main__":
    main()
