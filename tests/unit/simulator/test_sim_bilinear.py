"""BilinearInterpolation on the simulator against a loop-by-loop model of the docs'
algorithm (gather 32-byte blocks, weight, add the horizontal iterations)."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import TensorBoundsError

H, V = 2, 3
SRC0 = 512
OFFS = 8 * H * V
W = 64  # src1: OFFS halves used, padded to a 32-byte multiple
DST = 1024


@asc.jit
def bilinear(
    x: asc.GlobalAddress,
    off: asc.GlobalAddress,
    w: asc.GlobalAddress,
    z: asc.GlobalAddress,
    mode: asc.ConstExpr[bool],
    blk: asc.ConstExpr[int],
    vro: asc.ConstExpr[int],
    bits: asc.ConstExpr[int],
):
    xg, og, wg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    og.set_global_buffer(off)
    wg.set_global_buffer(w)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    b0 = asc.TBuf(asc.TPosition.VECCALC)
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    b2 = asc.TBuf(asc.TPosition.VECCALC)
    b3 = asc.TBuf(asc.TPosition.VECCALC)
    b4 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b0, SRC0 * 2)
    pipe.init_buffer(b1, OFFS * 4)
    pipe.init_buffer(b2, W * 2)
    pipe.init_buffer(b3, DST * 2)
    pipe.init_buffer(b4, 4096)
    xl = b0.get(asc.float16)
    ol = b1.get(asc.uint32)
    wl = b2.get(asc.float16)
    zl = b3.get(asc.float16)
    tmp = b4.get(asc.uint8)
    asc.data_copy(xl, xg, count=SRC0)
    asc.data_copy(ol, og, count=OFFS)
    asc.data_copy(wl, wg, count=W)
    asc.data_copy(zl, zg, count=DST)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.bilinear_interpolation(zl, xl, ol, wl, [bits, bits], H, mode, blk, vro, V, tmp)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, count=DST)


def _model(x, offs, w, z, mode, blk, vro, lanes):
    out = z.copy()
    for v in range(V):
        acc = None
        for h in range(H):
            i = v * H + h
            row = np.empty(128, np.float16)
            for j in range(8):
                start = offs[8 * i + j] // 2
                weight = w[8 * i + j] if mode else w[i]
                row[16 * j : 16 * j + 16] = x[start : start + 16] * weight
            acc = row if acc is None else acc + row
        for lane in range(128):
            if lanes[lane]:
                j, k = divmod(lane, 16)
                out[v * vro + j * blk * 16 + k] = acc[lane]
    return out


def _inputs(seed=0):
    rng = np.random.default_rng(seed)
    x = rng.integers(-8, 9, SRC0).astype(np.float16)
    offs = (rng.integers(0, SRC0 // 16, OFFS) * 32).astype(np.uint32)
    w = rng.integers(1, 5, W).astype(np.float16)
    z = np.full(DST, -100, np.float16)
    return x, offs, w, z


@pytest.mark.parametrize("mode", [False, True])
@pytest.mark.parametrize("blk, vro", [(1, 128), (2, 256)])
def test_bilinear(mode, blk, vro):
    x, offs, w, z = _inputs()
    bits = 0x00FF00FF00FF00FF  # lanes 0-7, 16-23, ... of each 64 (both mask words)
    want = _model(x, offs, w, z, mode, blk, vro, [(bits >> (i % 64)) & 1 for i in range(128)])
    bilinear[1](x, offs, w, z, mode, blk, vro, bits, sanitize="error")
    np.testing.assert_array_equal(z, want)


def test_offset_outside_src0_is_an_error():
    x, offs, w, z = _inputs()
    offs[5] = SRC0 * 2  # one block past the end
    with pytest.raises(TensorBoundsError, match=r"src0Offset\[5\] = 1024 is not a 32-byte block"):
        bilinear[1](x, offs, w, z, False, 1, 128, (1 << 64) - 1)
