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
def mask_dist_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """Bytes of z: [0:32) DIST_US of x[16:32); [32:64) DIST_DS of x[64:128); [64:80)
    DIST_PACK of y[0:32); PostUpdate: [96:128) DIST_US of x[0:16) and [128:144) DIST_PACK
    of it, the pointers 16 bytes on; AddrReg (64 bytes a step): [192:208) DIST_PACK of
    DIST_DS of y[64:128), [256:272) of y[128:192)."""
    us = asc.reg.MaskLoadDist.DIST_US
    pack = asc.reg.MaskStoreDist.DIST_PACK
    asc.reg.store_mask(z, asc.reg.load_mask(x, 16, us))
    asc.reg.store_mask(z, asc.reg.load_mask(x, 64, asc.reg.MaskLoadDist.DIST_DS), 32)
    asc.reg.store_mask(z, asc.reg.load_mask(y), 64, pack)
    m, _xp = asc.reg.load_mask_post(x, 16, us)
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
    assert f"AscendC::Reg::LoadAlign<uint8_t, {post}, {MASK_DIST}DIST_US>(m, " in cpp
    assert f"AscendC::Reg::StoreAlign<uint8_t, {post}, {MASK_DIST}DIST_PACK>(" in cpp
    assert f"AscendC::Reg::StoreAlign<uint8_t, {MASK_DIST}DIST_PACK>(zq, ds, a);" in cpp


@pytest.mark.parametrize("dtype", [np.int8, np.uint8])
def test_int8_shift_scalars_match_numpy(dtype):
    """ShiftLefts / ShiftRights of b8 registers (their 3510 SupportType lists int8_t and
    uint8_t): logical for uint8, arithmetic for int8 (the sign bit stays on a left shift,
    sign-filled on a right one); the mask's first half."""

    @asc.vf
    def shift8_vf(
        x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
    ):
        full = asc.reg.create_mask(x.dtype)
        half = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.H)
        r = asc.reg.load_align(x)
        asc.reg.store_align(z, asc.reg.shift_lefts(r, 3, half), full)
        asc.reg.store_align(z, asc.reg.shift_rights(r, 2, full), full, 256)
        asc.reg.store_align(z, asc.reg.shift_rights(r, 9, full), full, 512)

    def make(rng):
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, CAPACITY, dtype=dtype, endpoint=True)
        return x, x.copy(), 0.0

    def golden(x, y, s, z):
        out = z.copy()
        r = x[:256]
        u = r.view(np.uint8).astype(np.uint16)
        left = ((u << 3) & 0xFF).astype(np.uint8)
        if dtype is np.int8:  # (the sign bit kept, the bits below it shifted)
            left = (r.view(np.uint8) & 0x80) | (left & 0x7F)
            right, far = r >> 2, r >> 7  # (a shift past the width: -1 or 0)
        else:
            right, far = r >> 2, np.zeros(256, dtype)
        out[:256] = np.where(np.arange(256) < 128, left.view(dtype), 0)
        out[256:512], out[512:768] = right, far
        return out

    cpp = _run(shift8_vf, golden, dtype, make)
    assert "AscendC::Reg::ShiftLefts(" in cpp and "AscendC::Reg::ShiftRights(" in cpp


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_not_of_floats_inverts_their_bits(dtype):
    @asc.vf
    def not_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
        full = asc.reg.create_mask(x.dtype)
        quarter = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.Q)
        asc.reg.store_align(z, asc.reg.bitwise_not(asc.reg.load_align(x), quarter), full)

    def make(rng):
        x = rng.uniform(-8, 8, CAPACITY).astype(dtype)
        return x, x.copy(), 0.0

    def golden(x, y, s, z):
        out = z.copy()
        lanes = 256 // np.dtype(dtype).itemsize
        u = np.dtype(f"u{np.dtype(dtype).itemsize}")
        inverted = np.invert(x[:lanes].view(u)).view(dtype)
        out[:lanes] = np.where(np.arange(lanes) < lanes // 4, inverted, 0)
        return out

    def same_bits(zz, gg):
        u = np.dtype(f"u{np.dtype(dtype).itemsize}")
        return _exact(zz.view(u), gg.view(u))

    port = Port(not_vf, 2, make, golden, dtype=np.dtype(dtype), check=same_bits)
    outcome = run_sample(Sample("not_vf", port))
    assert outcome.passed, outcome.detail
    assert "AscendC::Reg::Not(" in outcome.cpp


# -- the mask forms of the basic API's Subs / Divs (Ascend 950) ----------------------------

SOC = "Ascend950PR_9599"
BITS = 0x0F0F_0F0F_0F0F_F0F3  # (a bit mask's low word: the high word is 0)


@asc.jit
def masked_scalar_kernel(
    x: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.ConstExpr, lanes: asc.ConstExpr
):
    """Four rows of 2 x `lanes` (two repeats of one register each): Subs(x, s) and
    Divs(s, x) under a count mask of lanes - 5, Subs(s, x) and Divs(x, s) under the bit
    mask BITS; z as it was where the mask is off."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 4096)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 2 * lanes)
    asc.data_copy(zl, zg, 8 * lanes)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.subs(zl, xl, s, lanes - 5, 2, params)
    asc.subs(zl[2 * lanes :], s, xl, [BITS, 0], 2, params)
    asc.divs(zl[4 * lanes :], s, xl, lanes - 5, 2, params)
    asc.divs(zl[6 * lanes :], xl, s, [BITS, 0], 2, params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 8 * lanes)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_subs_divs_mask_forms_match_numpy(dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(8)
    x = rng.uniform(0.5, 4, 2 * lanes).astype(dtype)
    z = np.full(8 * lanes, 7, dtype)
    scalar_value = 1.25
    masked_scalar_kernel[1](x, z, asc.ConstExpr(scalar_value), asc.ConstExpr(lanes), platform=SOC)
    s = dtype(scalar_value)
    slot = np.tile(np.arange(lanes), 2)
    count = slot < lanes - 5
    bits = np.array([(BITS >> k) & 1 if k < 64 else 0 for k in range(lanes)], bool)[slot]
    rows = ((x - s, count), (s - x, bits), (s / x, count), (x / s, bits))
    golden = np.concatenate([np.where(on, v.astype(dtype), dtype(7)) for v, on in rows])
    np.testing.assert_array_equal(z, golden)
    src = masked_scalar_kernel.compile(
        x, z, asc.ConstExpr(scalar_value), asc.ConstExpr(lanes), soc_version=SOC
    ).asm["ascendc"]
    name = "float" if dtype is np.float32 else "half"
    assert f"AscendC::Subs<{name}, 1>(zl, xl, " in src
    assert f"AscendC::Divs<{name}, 1>(" in src


N64 = 40


@asc.jit
def int64_scalar_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.ConstExpr):
    """z: Adds(x, s), Muls(x, s), Adds(s, x), Muls(s, x), N64 each (64-bit count forms)."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 4096)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(zl, xl, s, N64)
    asc.muls(zl[N64:], xl, s, N64)
    asc.adds(zl[2 * N64 :], s, xl, N64)
    asc.muls(zl[3 * N64 :], s, xl, N64)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 4 * N64)


@pytest.mark.parametrize("dtype", [np.int64, np.uint64])
def test_int64_adds_muls_count_forms_wrap_as_numpy(dtype):
    """AddsImpl / MulsImpl's count forms on 3510 take int64_t / uint64_t (each on a
    RegTraitNumTwo pair); the sums and products wrap. The scalar-first overloads too."""
    rng = np.random.default_rng(9)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, N64, dtype=dtype, endpoint=True)
    z = np.zeros(4 * N64, dtype)
    scalar_value = 3 if dtype is np.uint64 else -3
    int64_scalar_kernel[1](x, z, asc.ConstExpr(scalar_value), platform=SOC)
    s = dtype(scalar_value)
    with np.errstate(over="ignore"):
        golden = np.concatenate([x + s, x * s, x + s, x * s])
    np.testing.assert_array_equal(z, golden)
    src = int64_scalar_kernel.compile(x, z, asc.ConstExpr(scalar_value), soc_version=SOC).asm[
        "ascendc"
    ]
    name = "int64_t" if dtype is np.int64 else "uint64_t"
    assert f"AscendC::Adds<{name}, 1>(zl, xl, " in src and f"AscendC::Muls<{name}, 1>(" in src
    assert "AscendC::Adds(" in src and "AscendC::Muls(" in src  # (the scalar-first calls)


# -- Reg Cast with int64 (the 3510 pairs s322s64, s642s32, f322s64, s642f32) -----------

TWO = asc.reg.RegTrait.NUM_TWO


def _i32_f32(rng):
    x = rng.integers(-(1 << 31), 1 << 31, CAPACITY, dtype=np.int64).astype(np.int32)
    y = rng.uniform(-1e12, 1e12, CAPACITY).astype(np.float32)
    y[:4] = (3.5, -2.5, 1e19, -1e19)  # (a tie each way, past int64 both ways)
    return x, y, 0.0


@asc.vf
def to_int64_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """int32 -> int64 as a pair under the first half (z[0:64]) and in one register,
    RegLayout ONE (z[64:96]); float -> int64 CAST_FLOOR as a pair (z[128:192]) and in one
    register, CAST_ROUND, RegLayout ZERO (z[192:224])."""
    b32 = asc.reg.create_mask(asc.int32)
    b64 = asc.reg.create_mask(asc.int64)
    pairs = asc.reg.create_mask(asc.int64, trait=TWO)
    half = asc.reg.create_mask(asc.int32, asc.reg.MaskPattern.H)
    xi, yf = asc.reg.load_align(x), asc.reg.load_align(y)
    asc.reg.store_align(z, asc.reg.cast(xi, asc.int64, half, trait=TWO), pairs)
    one = asc.reg.cast(xi, asc.int64, b64, layout=asc.reg.RegLayout.ONE)
    asc.reg.store_align(z, one, b64, 64)
    floor = asc.reg.cast(yf, asc.int64, b32, asc.RoundMode.CAST_FLOOR, trait=TWO)
    asc.reg.store_align(z, floor, pairs, 128)
    asc.reg.store_align(z, asc.reg.cast(yf, asc.int64, b64, asc.RoundMode.CAST_ROUND), b64, 192)


def _to_int64_golden(x, y, s, z):
    out = z.copy()
    out[0:64] = np.where(np.arange(64) < 32, x[:64].astype(np.int64), 0)
    out[64:96] = x[1:64:2]
    big = np.iinfo(np.int64)

    def sat(v):  # (float64 cannot hold int64's max: compare, then convert)
        return np.array(
            [big.max if w >= 2.0**63 else big.min if w < -(2.0**63) else int(w) for w in v],
            np.int64,
        )

    out[128:192] = sat(np.floor(y[:64].astype(np.float64)))
    even = y[0:64:2].astype(np.float64)
    out[192:224] = sat(np.sign(even) * np.floor(np.abs(even) + 0.5))
    return out


def test_cast_into_int64_matches_numpy():
    cpp = _run(
        to_int64_vf, _to_int64_golden, np.int32, _i32_f32,
        y_dtype=np.dtype(np.float32), out_dtype=np.dtype(np.int64),
    )  # fmt: skip
    assert "AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo>" in cpp
    assert "AscendC::Reg::Cast<int64_t, int32_t, " in cpp
    assert "AscendC::Reg::Cast<int64_t, float, " in cpp


def _i64(rng):
    x = rng.integers(-(1 << 62), 1 << 62, CAPACITY, dtype=np.int64)
    x[:6] = ((1 << 24) + 1, -((1 << 24) + 3), (1 << 40) + (1 << 16), 7, 1 << 62, -(1 << 35))
    return x, x.copy(), 0.0


@asc.vf
def from_int64_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """int64 pairs -> float by CAST_RINT (z[0:64]), CAST_FLOOR (z[64:128]), CAST_ODD
    (z[128:192]); one register -> float, RegLayout ZERO, CAST_CEIL (z[192:256])."""
    b32 = asc.reg.create_mask(asc.float32)
    b64 = asc.reg.create_mask(asc.int64)
    pair = asc.reg.load_align(x, 0, TWO)
    for k, mode in enumerate(
        (asc.RoundMode.CAST_RINT, asc.RoundMode.CAST_FLOOR, asc.RoundMode.CAST_ODD)
    ):
        asc.reg.store_align(z, asc.reg.cast(pair, asc.float32, b32, mode), b32, 64 * k)
    one = asc.reg.cast(asc.reg.load_align(x), asc.float32, b64, asc.RoundMode.CAST_CEIL)
    asc.reg.store_align(z, one, b32, 192)


def _f32(v: int, mode: str) -> np.float32:
    """v as float by `mode`, from the exact neighbours (Python's ints and floats)."""
    near = np.float32(v)
    if int(near) == v:
        return near
    lo, hi = sorted((near, np.nextafter(near, np.float32(np.inf if int(near) < v else -np.inf))))
    if mode == "floor":
        return lo
    if mode == "ceil":
        return hi
    if mode == "odd":
        return lo if int(lo.view(np.uint32)) & 1 else hi
    below, above = v - int(lo), int(hi) - v
    if below != above:
        return lo if below < above else hi
    return hi if int(lo.view(np.uint32)) & 1 else lo


def _from_int64_golden(x, y, s, z):
    out = z.copy()
    out[0:64] = x[:64].astype(np.float32)  # (numpy's direct conversion: one rounding)
    for k, mode in ((1, "floor"), (2, "odd")):
        out[64 * k : 64 * k + 64] = [_f32(v, mode) for v in x[:64].tolist()]
    out[192:256] = 0
    out[192:256:2] = [_f32(v, "ceil") for v in x[:32].tolist()]
    return out


def test_cast_from_int64_rounds_once():
    """s642f32 rounds the int64 once by the mode (through float64 it would round twice:
    2**24 + 1 is a tie, (1 << 40) + (1 << 16) exact); exact values stay exact."""
    cpp = _run(from_int64_vf, _from_int64_golden, np.int64, _i64, out_dtype=np.dtype(np.float32))
    assert "AscendC::Reg::Cast<float, int64_t, " in cpp


@asc.vf
def narrow_int64_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """int64 pairs -> int32 saturated (z[0:64]) and wrapped (NO_SAT, z[64:128]); one
    register -> int32, RegLayout ONE, under the first half of the b64 mask (z[128:192])."""
    b32 = asc.reg.create_mask(asc.int32)
    half = asc.reg.create_mask(asc.int64, asc.reg.MaskPattern.H)
    pair = asc.reg.load_align(x, 0, TWO)
    asc.reg.store_align(z, asc.reg.cast(pair, asc.int32, b32), b32)
    wrapped = asc.reg.cast(pair, asc.int32, b32, sat=asc.reg.SatMode.NO_SAT)
    asc.reg.store_align(z, wrapped, b32, 64)
    one = asc.reg.cast(asc.reg.load_align(x), asc.int32, half, layout=asc.reg.RegLayout.ONE)
    asc.reg.store_align(z, one, b32, 128)


def _narrow_int64_golden(x, y, s, z):
    out = z.copy()
    info = np.iinfo(np.int32)
    out[0:64] = np.clip(x[:64], info.min, info.max)
    out[64:128] = x[:64].astype(np.int32)  # (the low 32 bits)
    out[128:192] = 0
    out[129:161:2] = np.clip(x[:16], info.min, info.max)
    return out


def test_cast_int64_to_int32_saturates_or_wraps():
    cpp = _run(narrow_int64_vf, _narrow_int64_golden, np.int64, _i64, out_dtype=np.dtype(np.int32))
    assert "AscendC::Reg::Cast<int32_t, int64_t, " in cpp


# -- Pack / UnPack of 64-bit elements ---------------------------------------------------


@asc.vf
def pack64_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """Pack<uint32, int64>: one register LOWEST (z[0:64]) and HIGHEST (z[64:128]), a pair
    (z[128:192])."""
    b32 = asc.reg.create_mask(asc.uint32)
    one, pair = asc.reg.load_align(x), asc.reg.load_align(x, 0, TWO)
    asc.reg.store_align(z, asc.reg.pack(one, asc.uint32), b32)
    asc.reg.store_align(z, asc.reg.pack(one, asc.uint32, asc.reg.HighLowPart.HIGHEST), b32, 64)
    asc.reg.store_align(z, asc.reg.pack(pair, asc.uint32), b32, 128)


def _pack64_golden(x, y, s, z):
    out = z.copy()
    low = (x[:64] & 0xFFFFFFFF).astype(np.uint32)  # (the low word)
    out[0:32], out[32:64] = low[:32], 0
    out[64:96], out[96:128] = 0, low[:32]
    out[128:192] = low
    return out


@asc.vf
def unpack64_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """UnPack<int64, int32> into a pair (z[0:64]: all 64, sign-extended), HIGHEST into one
    register (z[64:96])."""
    pairs = asc.reg.create_mask(asc.int64, trait=TWO)
    b64 = asc.reg.create_mask(asc.int64)
    words = asc.reg.load_align(x)
    asc.reg.store_align(z, asc.reg.unpack(words, asc.int64, trait=TWO), pairs)
    high = asc.reg.unpack(words, asc.int64, asc.reg.HighLowPart.HIGHEST)
    asc.reg.store_align(z, high, b64, 64)


def _unpack64_golden(x, y, s, z):
    out = z.copy()
    out[0:64] = x[:64].astype(np.int64)
    out[64:96] = x[32:64]
    return out


def test_pack_unpack_of_int64():
    cpp = _run(pack64_vf, _pack64_golden, np.int64, _i64, out_dtype=np.dtype(np.uint32))
    assert "AscendC::Reg::Pack<uint32_t, int64_t, AscendC::Reg::HighLowPart::LOWEST>(" in cpp
    cpp = _run(
        unpack64_vf, _unpack64_golden, np.int32, _i32_f32,
        y_dtype=np.dtype(np.float32), out_dtype=np.dtype(np.int64),
    )  # fmt: skip
    assert "AscendC::Reg::UnPack<int64_t, int32_t, AscendC::Reg::HighLowPart::HIGHEST>(" in cpp


@asc.vf
def abs_sub64_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """AbsSub of int64: pairs under the first half (z[0:64]), one register (z[64:96])."""
    pairs = asc.reg.create_mask(asc.int64, trait=TWO)
    half = asc.reg.create_mask(asc.int64, asc.reg.MaskPattern.H, TWO)
    b64 = asc.reg.create_mask(asc.int64)
    a, b = asc.reg.load_align(x, 0, TWO), asc.reg.load_align(y, 0, TWO)
    asc.reg.store_align(z, asc.reg.abs_sub(a, b, half), pairs)
    one = asc.reg.abs_sub(asc.reg.load_align(x), asc.reg.load_align(y), b64)
    asc.reg.store_align(z, one, b64, 64)


def _abs_sub64_golden(x, y, s, z):
    out = z.copy()
    d = np.abs(x[:64] - y[:64])  # (Sub then Abs, each wrapping)
    out[0:64] = np.where(np.arange(64) < 32, d, 0)
    out[64:96] = d[:32]
    return out


def test_abs_sub_of_int64():
    def make(rng):
        x, _, _ = _i64(rng)
        y = rng.integers(-(1 << 62), 1 << 62, CAPACITY, dtype=np.int64)
        x[0], y[0] = np.iinfo(np.int64).min, 0  # (|MIN| wraps to MIN)
        return x, y, 0.0

    cpp = _run(abs_sub64_vf, _abs_sub64_golden, np.int64, make)
    assert "AscendC::Reg::AbsSub(" in cpp


# -- complex32 DataBlock copies (vsldb / vsstb of b32 words) --------------------------


@asc.vf
def block_c32_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int):
    """complex32 (8 a DataBlock): blocks 0, 2, 4, ... of x (block_stride 2) under the
    first half of the mask, stored every block from z[0]; blocks of y from 8 blocks on
    (POST_MODE_NORMAL), stored 16 blocks on, block_stride 1 (z[128:192])."""
    full = asc.reg.create_mask(asc.complex32)
    half = asc.reg.create_mask(asc.complex32, asc.reg.MaskPattern.H)
    r = asc.reg.load_align(x, 0, block_stride=2, mask=half)
    asc.reg.store_align(z, r, full, block_stride=1)
    q = asc.reg.load_align(y, block_stride=1, repeat_stride=8, mask=full)
    asc.reg.store_align(z, q, full, block_stride=1, repeat_stride=16)


def test_complex32_data_block_copies():
    from reg_vf_kernel import run_vf

    from asc_xdsl.runtime.numpy_types import COMPLEX32

    rng = np.random.default_rng(10)

    def c32(n):
        out = np.empty(n, COMPLEX32)
        out["real"], out["imag"] = rng.uniform(-4, 4, n), rng.uniform(-4, 4, n)
        return out

    x, y, z = c32(256), c32(256), c32(256)
    golden = z.copy()
    blocks = x.reshape(-1, 8)
    golden[0:32] = blocks[0:8:2].reshape(-1)  # (the first 4 blocks' elements enabled)
    golden[32:64] = 0
    golden[128:192] = y[64:128]
    run_vf(block_c32_vf, asc.complex32, x, y, z, 0)
    assert np.array_equal(z.view(np.uint32), golden.view(np.uint32))


# -- bfloat16 Subs (count and mask forms) ---------------------------------------------


@asc.jit
def bf16_subs_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.ConstExpr):
    """x, z: bfloat16 bits (uint16). z: Subs(x, s) (count 128), Subs(s, x) (count
    mask 100, 1 repeat: the rest as it was), Subs(x, s) under a bit mask (1 repeat)."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 128)
    asc.data_copy(zl, zg, 384)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    xb = xl.reinterpret_cast(asc.bfloat16)
    zb = zl.reinterpret_cast(asc.bfloat16)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.subs(zb, xb, s, 128)
    asc.subs(zb[128:], s, xb, 100, 1, params)
    asc.subs(zb[256:], xb, s, [BITS, BITS >> 3], 1, params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 384)


def _bf16_bits(v: np.ndarray) -> np.ndarray:
    """float32 -> bfloat16 bits, to nearest even (numpy has no bfloat16)."""
    u = v.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def _bf16_values(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def test_bfloat16_subs_match_numpy():
    rng = np.random.default_rng(11)
    x = _bf16_bits(rng.uniform(-8, 8, 128))
    z = np.full(384, 0x4040, np.uint16)  # (3.0)
    bf16_subs_kernel[1](x, z, asc.ConstExpr(1.3), platform=SOC)
    s = _bf16_values(_bf16_bits(np.array([1.3])))[0]  # (the scalar as bfloat16)
    xv = _bf16_values(x)
    golden = z.copy()
    golden[0:128] = _bf16_bits(xv - s)
    golden[128:228] = _bf16_bits(s - xv[:100])
    words = (BITS, BITS >> 3)
    on = np.array([(words[k // 64] >> (k % 64)) & 1 for k in range(128)], bool)
    golden[256:384] = np.where(on, _bf16_bits(xv - s), golden[256:384])
    np.testing.assert_array_equal(z, golden)
    src = bf16_subs_kernel.compile(x, z, asc.ConstExpr(1.3), soc_version=SOC).asm["ascendc"]
    assert "AscendC::Subs<bfloat16_t, 1>(" in src


# -- refusals ---------------------------------------------------------------------------

_P8 = "memref<?xui8, 26 : i64>"


def _verify(body: str, args: str, soc: str = SOC) -> None:
    from xdsl.parser import Parser

    from asc_xdsl.frontend.ir_context import make_context

    text = f"""builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @vf({args}) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {{dtype = i32, pattern = 0 : i32}} : () -> !ascendc.mask_reg
{body}
    func.return
  }}
}}"""
    Parser(make_context(), text).parse_module().verify()


def _cast(src: str, dst: str, layout: int = 0) -> str:
    return (
        f"    %r = ascendc.reg.cast %s, %m {{roundMode = 1 : i32, sat = 1 : i32, layout = "
        f"{layout} : i32}} : {src}, !ascendc.mask_reg -> {dst}"
    )


def _load(t: str, reg: str) -> str:
    return f"    %s = ascendc.reg.load_align %x, %c0 : memref<?x{t}, 26 : i64>, i32 -> {reg}"


@pytest.mark.parametrize(
    ("args", "body", "message"),
    [
        (
            f"%x: {_P8}",
            f"    ascendc.reg.store_mask %x, %c0, %m {{dist = 2 : i32}} : {_P8}, i32, "
            "!ascendc.mask_reg",
            "2 is not a valid MaskStoreDist",
        ),
        (
            f"%x: {_P8}",
            f"    %k = ascendc.reg.load_mask %x, %c0 {{dist = 3 : i32}} : {_P8}, i32 -> "
            "!ascendc.mask_reg",
            "3 is not a valid MaskLoadDist",
        ),
        (
            "%x: memref<?xi64, 26 : i64>",
            _load("i64", "!ascendc.reg_tensor<i64>")
            + "\n"
            + _cast("!ascendc.reg_tensor<i64>", "!ascendc.reg_tensor<f16>"),
            "Cast from i64 to f16 is not supported on Ascend 950",
        ),
        (
            "%x: memref<?xi32, 26 : i64>",
            _load("i32", "!ascendc.reg_tensor<i32>")
            + "\n"
            + _cast("!ascendc.reg_tensor<i32>", "!ascendc.reg_tensor<ui64, 2>"),
            "Cast does not support T = ui64",
        ),
        (
            "%x: memref<?xi64, 26 : i64>",
            _load("i64", "!ascendc.reg_tensor<i64, 2>")
            + "\n    %r = ascendc.reg.pack %s {part = 0 : i32} : !ascendc.reg_tensor<i64, 2> -> "
            "!ascendc.reg_tensor<ui16>",
            "Pack does not take T = ui16 from S = i64",
        ),
        (
            "%x: memref<?xui64, 26 : i64>",
            _load("ui64", "!ascendc.reg_tensor<ui64, 2>")
            + "\n    %r = ascendc.reg.abs_sub %s, %s, %m : !ascendc.reg_tensor<ui64, 2>, "
            "!ascendc.reg_tensor<ui64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui64, 2>",
            "AbsSub does not support T = ui64",
        ),
        (
            "%x: memref<?xcomplex<f32>, 26 : i64>",
            "    %c2 = arith.constant 2 : i32\n"
            "    %r = ascendc.reg.load_align_block %x, %c0, %c2, %m : memref<?xcomplex<f32>, "
            "26 : i64>, i32, i32, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>",
            "LoadAlign does not support T = complex<f32>",
        ),
        (
            "%x: memref<?xbf16, 26 : i64>",
            _load("bf16", "!ascendc.reg_tensor<bf16>")
            + "\n    %r = ascendc.reg.not %s, %m : !ascendc.reg_tensor<bf16>, !ascendc.mask_reg "
            "-> !ascendc.reg_tensor<bf16>",
            "Not does not support T = bf16",
        ),
    ],
)
def test_verifier_refusals(args, body, message):
    from xdsl.utils.exceptions import VerifyException

    with pytest.raises(VerifyException, match=message):
        _verify(body, args)


def test_python_refusals_are_located():
    @asc.vf
    def wrong_vf(
        x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
    ):
        asc.reg.load_mask(x, 0, asc.reg.MaskStoreDist.DIST_PACK)

    outcome = run_sample(Sample("wrong", Port(wrong_vf, 1, _bytes, _mask_dist_golden)))
    assert not outcome.passed
    assert "dist must be an asc.MaskLoadDist value" in outcome.detail
    assert "test_950_forms2_s8.py" in outcome.detail


@asc.jit
def divs_int_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    xl = bx.get(x.dtype)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.divs(xl, xl, 3, 64, 1, params)


def test_divs_mask_form_refuses_int32_and_other_socs():
    x = np.zeros(64, np.int32)
    with pytest.raises(Exception, match="Divs does not support element type i32 on Ascend 950"):
        divs_int_kernel[1](x, x.copy(), platform=SOC)
    y = np.zeros(64, np.float32)
    with pytest.raises(Exception, match="Divs exists on Ascend 950 \\(arch 3510\\) only"):
        divs_int_kernel[1](y, y.copy(), platform="Ascend910B1")


@asc.jit
def adds8_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.ConstExpr):
    """z: Adds(x, s), Adds(s, x), 96 each (int8 / uint8: AddsImpl's count form on 3510)."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 96)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(zl, xl, s, 96)
    asc.adds(zl[96:], s, xl, 96)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 192)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8])
def test_int8_adds_count_forms_wrap(dtype):
    info = np.iinfo(dtype)
    x = np.random.default_rng(12).integers(info.min, info.max, 96, dtype=dtype, endpoint=True)
    z = np.zeros(192, dtype)
    adds8_kernel[1](x, z, asc.ConstExpr(100), platform=SOC)
    with np.errstate(over="ignore"):
        golden = x + dtype(100)
    np.testing.assert_array_equal(z, np.concatenate([golden, golden]))


@asc.jit
def bf16_adds_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.ConstExpr):
    """x, z: bfloat16 bits. z: Adds(x, s), Muls(x, s), Muls(s, x), 128 each."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    xb = xl.reinterpret_cast(asc.bfloat16)
    zb = zl.reinterpret_cast(asc.bfloat16)
    asc.adds(zb, xb, s, 128)
    asc.muls(zb[128:], xb, s, 128)
    asc.muls(zb[256:], s, xb, 128)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 384)


def test_bfloat16_adds_muls_count_forms():
    x = _bf16_bits(np.random.default_rng(13).uniform(-8, 8, 128))
    z = np.zeros(384, np.uint16)
    bf16_adds_kernel[1](x, z, asc.ConstExpr(1.3), platform=SOC)
    s = _bf16_values(_bf16_bits(np.array([1.3])))[0]
    xv = _bf16_values(x)
    golden = np.concatenate([_bf16_bits(xv + s), _bf16_bits(xv * s), _bf16_bits(xv * s)])
    np.testing.assert_array_equal(z, golden)
