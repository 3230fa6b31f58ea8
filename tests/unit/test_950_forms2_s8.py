"""The Reg and basic-API forms of issue 30's second round: the mask register's MaskDist
modes (DIST_US / DIST_DS loads, DIST_PACK stores, in the plain, PostUpdate and AddrReg
forms), Not of half / float, ShiftLefts / ShiftRights of int8 / uint8, and the mask
(level-0 / level-1) forms of the basic API's Subs / Divs: each against numpy, bit for
bit, through `tools/reg_samples.py`'s kernel (or the simulator's vector kernel); their
C++ (header-checked for 3510 through `tests/filecheck/reg/forms2_s8.mlir`) and the
refusals."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from tools.reg_samples import CAPACITY, Port, Sample, run_sample

MASK_DIST = "AscendC::Reg::MaskDist::"


def _exact(z: np.ndarray, golden: np.ndarray) -> str | None:
    if np.array_equal(z, golden):
        return None
    first = int(np.argmax(z != golden))
    return f"z[{first}] = {z[first]}, expected {golden[first]}"


def _run(vf, golden, dtype, make, **kw):
    port = Port(vf, 2, make, golden, dtype=np.dtype(dtype), check=_exact, **kw)
    outcome = run_sample(Sample(vf.__name__, port))
    assert outcome.passed, outcome.detail
    return outcome.cpp


def _bytes(rng):
    x = rng.integers(0, 256, CAPACITY, dtype=np.uint8)
    return x, rng.integers(0, 256, CAPACITY, dtype=np.uint8), 0.0


@asc.vf
def mask_dist_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """Bytes of z: [0:32) DIST_US of x[16:32); [32:64) DIST_DS of x[64:128); [64:80)
    DIST_PACK of y[0:32); PostUpdate: [96:128) DIST_US of x[0:16) and [128:144) DIST_PACK
    of it, the pointers 16 bytes on; AddrReg (64 bytes a step): [192:208) DIST_PACK of
    DIST_DS of y[64:128), [256:272) of y[128:192)."""
    us = asc.reg.MaskLoadDist.DIST_US
    pack = asc.reg.MaskStoreDist.DIST_PACK
    asc.reg.store_mask(z, asc.reg.load_mask(x, 16, us))
    asc.reg.store_mask(z, asc.reg.load_mask(x, 64, asc.reg.MaskLoadDist.DIST_DS), 32)
    asc.reg.store_mask(z, asc.reg.load_mask(y), 64, pack)
    m, xp = asc.reg.load_mask_post(x, 16, us)
    _, zp = asc.reg.load_align_post(z, 96)
    zp = asc.reg.store_mask_post(zp, m, 32)
    zp = asc.reg.store_mask_post(zp, m, 16, pack)
    _, yp = asc.reg.load_align_post(y, 64)
    _, zq = asc.reg.load_align_post(z, 192)
    for i in range(2):
        a = asc.reg.create_addr_reg(asc.uint8, i, 64)
        ds = asc.reg.load_mask(yp, a, asc.reg.MaskLoadDist.DIST_DS)
        asc.reg.store_mask(zq, ds, a, pack)


def _bits(b):
    return np.unpackbits(b, bitorder="little")


def _pack(bits):
    return np.packbits(bits, bitorder="little")


def _mask_dist_golden(x, y, s, z):
    out = z.copy()
    out[0:32] = _pack(np.repeat(_bits(x[16:32]), 2))
    out[32:64] = _pack(_bits(x[64:128])[::2])
    out[64:80] = _pack(_bits(y[0:32])[::2])
    out[96:128] = _pack(np.repeat(_bits(x[0:16]), 2))
    out[128:144] = x[0:16]  # (US then PACK: each doubled bit kept once)
    for i in range(2):
        src = y[64 + 64 * i : 128 + 64 * i]
        out[192 + 64 * i : 208 + 64 * i] = _pack(_bits(src)[::2][::2])
    return out


def test_mask_dist_modes_match_numpy():
    cpp = _run(mask_dist_vf, _mask_dist_golden, np.uint8, _bytes)
    assert f"AscendC::Reg::LoadAlign<uint8_t, {MASK_DIST}DIST_US>(" in cpp
    assert f"AscendC::Reg::LoadAlign<uint8_t, {MASK_DIST}DIST_DS>(" in cpp
    assert f"AscendC::Reg::StoreAlign<uint8_t, {MASK_DIST}DIST_PACK>(z + " in cpp
    post = "AscendC::Reg::PostLiteral::POST_MODE_UPDATE"
    assert f"AscendC::Reg::LoadAlign<uint8_t, {post}, {MASK_DIST}DIST_US>(m, xp, " in cpp
    assert f"AscendC::Reg::StoreAlign<uint8_t, {post}, {MASK_DIST}DIST_PACK>(" in cpp
    assert f"AscendC::Reg::StoreAlign<uint8_t, {MASK_DIST}DIST_PACK>(zq, ds, a);" in cpp
