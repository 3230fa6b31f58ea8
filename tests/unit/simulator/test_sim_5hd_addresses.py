"""TransDataTo5HD's address forms: 16 + 16 UB addresses from GetPhyAddr, in two
LocalTensor<uint64_t> tables, against the same transposition by numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import TensorBoundsError

ROWS, REPEATS = 16, 4  # 16 source rows of REPEATS blocks (16 halves each)
N = ROWS * REPEATS * 16


@asc.jit
def five_hd(x: asc.GlobalAddress, z: asc.GlobalAddress, shift: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    bd = asc.TBuf(asc.TPosition.VECCALC)
    bs = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, N * 2)
    pipe.init_buffer(bz, N * 2)
    pipe.init_buffer(bd, 16 * 8)
    pipe.init_buffer(bs, 16 * 8)
    xl = bx.get(asc.float16)
    zl = bz.get(asc.float16)
    dst_tab = bd.get(asc.uint64)
    src_tab = bs.get(asc.uint64)
    asc.data_copy(xl, xg, count=N)
    for i in range(16):
        # source row i: REPEATS blocks in a row; destination row j: its own REPEATS blocks
        src_tab.set_value(i, xl.get_phy_addr(i * REPEATS * 16))
        dst_tab.set_value(i, zl.get_phy_addr(i * REPEATS * 16 + shift))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    params = asc.TransDataTo5HDParams(
        dst_high_half=False, src_high_half=False, repeat_times=REPEATS, dst_rep_stride=1,
        src_rep_stride=1,
    )  # fmt: skip
    asc.trans_data_to_5hd(dst_tab, src_tab, params)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, zl, count=N)


def test_address_table_form():
    x = np.arange(N, dtype=np.float16)
    z = np.zeros(N, np.float16)
    five_hd[1](x, z, 0)
    src = x.reshape(ROWS, REPEATS, 16)  # row i, repeat k, element e
    want = src.transpose(2, 1, 0)  # destination j=e gets element e of every row, per repeat
    np.testing.assert_array_equal(z.reshape(16, REPEATS, 16), want)


def test_address_past_ub_data_is_checked():
    x = np.arange(N, dtype=np.float16)
    z = np.zeros(N, np.float16)
    with pytest.raises(TensorBoundsError, match=r"TransDataTo5HD dst address .* outside UB"):
        five_hd[1](x, z, 10**6)
