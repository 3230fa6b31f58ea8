"""The cube core's data movement from @asc.jit kernels: DataCopy ND->NZ into L1 and
InitConstValue, read back to GM, against numpy."""

from __future__ import annotations

import numpy as np

import asc_xdsl as asc

ROWS, COLS = 20, 40  # 3 column blocks of 16 halves (the last one half padding)


@asc.jit
def nd2nz_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    l1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=32 * 48)
    fill = asc.InitConstValueParams(
        repeat_times=1, block_num=32 * 48 // 16, dst_gap=0, init_value=-1.0
    )
    asc.init_const_value(l1, fill)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    # ndNum 1, nValue 20 rows, dValue 40, srcDValue 40, column blocks 32 rows apart
    asc.data_copy(l1, x_gm, asc.Nd2NzParams(1, ROWS, COLS, 0, COLS, 32, 1, 0))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, l1, count=32 * 48)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_nd2nz_and_init_const_value_from_python():
    x = np.arange(ROWS * COLS).astype(np.float16).reshape(ROWS, COLS)
    y = np.zeros(32 * 48, np.float16)
    nd2nz_kernel[1](x, y)
    blocks = y.reshape(3, 32, 16)  # column block j: 32 rows of 16 halves
    for j in range(3):
        cols = x[:, j * 16 : (j + 1) * 16]
        want = np.zeros((ROWS, 16), np.float16)  # dValue pads to 32 B with zeros
        want[:, : cols.shape[1]] = cols
        np.testing.assert_array_equal(blocks[j, :ROWS], want)
        assert (blocks[j, ROWS:] == -1).all()  # rows past nValue keep the fill
