"""One Ascend 950 kernel the Reg-layer tests share: x, y (count elements of dtype) and z
(z_count of out_dtype) copied to UB, a vector function `vf(x, y, z, n)` run on them, z
copied out. The vector function and the types are compile-time arguments."""

from __future__ import annotations

import asc_xdsl as asc
from asc_xdsl import jit

SOC = "Ascend950PR_9599"


@jit
def kernel(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    n: int,
    vf: asc.ConstExpr,
    dtype: asc.ConstExpr,
    out_dtype: asc.ConstExpr,
    count: asc.ConstExpr,
    z_count: asc.ConstExpr,
):
    """x, y (count elements of dtype) and z (of out_dtype) to UB, vf(x, y, z, n), z out."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 8192)
    pipe.init_buffer(by, 8192)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(dtype)
    yl = by.get(dtype)
    zl = bz.get(out_dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, count)
    asc.data_copy(yl, yg, count)
    asc.data_copy(zl, zg, z_count)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    vf(xl, yl, zl, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, z_count)


def run_vf(vf, dtype, x, y, z, n: int = 0, out=None):
    """`kernel` on one block of Ascend 950 with `vf`; z (written in place) back."""
    kernel[1](x, y, z, n, asc.ConstExpr(vf), asc.ConstExpr(dtype), asc.ConstExpr(out or dtype),
              asc.ConstExpr(len(x)), asc.ConstExpr(len(z)), platform=SOC)  # fmt: skip
    return z
