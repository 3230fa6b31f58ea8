"""Copy<T, isSetMask>(dst, src, mask, repeatTime, CopyRepeatParams): the UB -> UB vector
copy in its continuous and bit mask forms, with block and repeat strides."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc


@asc.jit
def copy_kernel(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    mask: int,
    reps: int,
    dblk: int,
    sblk: int,
    drep: int,
    srep: int,
):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    pipe = asc.TPipe()
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    b2 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b1, 4096)
    pipe.init_buffer(b2, 4096)
    src = b1.get(asc.float32)
    dst = b2.get(asc.float32)
    asc.data_copy(src, x_gm, count=1024)
    asc.data_copy(dst, y_gm, count=1024)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    params = asc.CopyRepeatParams(
        dst_stride=dblk, src_stride=sblk, dst_repeat_size=drep, src_repeat_size=srep
    )
    asc.copy(dst, src, mask, reps, params)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, dst, count=1024)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def _ref(x, y, mask, reps, dblk, sblk, drep, srep):
    out = y.copy()
    for r in range(reps):
        for e in range(mask):  # float32: 8 per block, 64 per repeat
            blk, k = divmod(e, 8)
            out[r * drep * 8 + blk * dblk * 8 + k] = x[r * srep * 8 + blk * sblk * 8 + k]
    return out


@pytest.mark.parametrize(
    "mask,reps,dblk,sblk,drep,srep",
    [(64, 4, 1, 1, 8, 8), (40, 3, 1, 1, 8, 8), (64, 2, 2, 1, 16, 8), (16, 3, 1, 2, 4, 20)],
)
def test_copy_mask_forms(mask, reps, dblk, sblk, drep, srep):
    x = np.arange(1024, dtype=np.float32)
    y = np.full(1024, -1, np.float32)
    copy_kernel[1](x, y, mask, reps, dblk, sblk, drep, srep)
    np.testing.assert_array_equal(
        y, _ref(x, np.full(1024, -1, np.float32), mask, reps, dblk, sblk, drep, srep)
    )
