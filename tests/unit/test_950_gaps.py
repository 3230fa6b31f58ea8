"""Ascend 950 forms issue 30 left out, closed (docs/ascend950.md): the Reg overloads of
Move / Duplicate without a mask, Duplicate of a complex register, the complex32 <->
complex64 cast of RegTraitNumTwo pairs. IR round trip, C++ and numerics on the simulator
against numpy. The C++ is header-checked for 3510 through
`tests/filecheck/reg/gaps_950.mlir` (test_headers.py checks every emission test)."""

from __future__ import annotations

import numpy as np
import pytest
from reg_vf_kernel import kernel, run_vf

import asc_xdsl as asc
from asc_xdsl import jit
from asc_xdsl.runtime.numpy_types import COMPLEX32

R = asc.reg
SOC = "Ascend950PR_9599"
TWO = R.RegTrait.NUM_TWO


@asc.vf
def unmasked_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z: Move(x) whole, Duplicate(2.5) whole, Move of a mask (VL8) used to store y."""
    full = R.create_mask(x.dtype)
    vl = R.lanes(x.dtype)
    R.store_align(z, R.move(R.load_align(x)), full, 0)
    R.store_align(z, R.duplicate(2.5, dtype=x.dtype), full, vl)
    R.store_align(z, R.load_align(y), R.move(R.create_mask(x.dtype, R.MaskPattern.VL8)), 2 * vl)


@asc.vf
def complex_dup_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z: Duplicate(x's first register, H) (one register), then of a pair (VL16), then the
    maskless Duplicate of 1 - 2j into a pair."""
    vl = R.lanes(x.dtype)
    R.store_align(z, R.duplicate(R.load_align(x), R.create_mask(x.dtype, R.MaskPattern.H)),
                  R.create_mask(x.dtype), 0)  # fmt: skip
    pair = R.load_align(x, vl, TWO)
    full2 = R.create_mask(x.dtype, R.MaskPattern.ALL, TWO)
    R.store_align(z, R.duplicate(pair, R.create_mask(x.dtype, R.MaskPattern.VL16, TWO)),
                  full2, vl)  # fmt: skip
    R.store_align(z, R.duplicate(1 - 2j, dtype=x.dtype, trait=TWO), full2, 3 * vl)


@asc.vf
def widen_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z (complex64) = x (complex32) widened, the first n of 64 (UpdateMask)."""
    m, _rest = R.update_mask(n, z.dtype, TWO)
    R.store_align(z, R.cast(R.load_align(x, 0, TWO), asc.complex64, m),
                  R.create_mask(z.dtype, R.MaskPattern.ALL, TWO))  # fmt: skip


@asc.vf
def narrow_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z (complex32) = x (complex64) narrowed: RINT into z[0:128], FLOOR into z[128:256]."""
    m, _rest = R.update_mask(n, x.dtype, TWO)
    full = R.create_mask(z.dtype, R.MaskPattern.ALL, TWO)
    src = R.load_align(x, 0, TWO)
    R.store_align(z, R.cast(src, asc.complex32, m), full, 0)
    R.store_align(z, R.cast(src, asc.complex32, m, R.RoundMode.CAST_FLOOR), full, 128)


_run = run_vf


def _cpp(vf, dtype, x, y, z, n=0, out=None) -> str:
    return kernel.compile(x, y, z, n, asc.ConstExpr(vf), asc.ConstExpr(dtype),
                          asc.ConstExpr(out or dtype), asc.ConstExpr(len(x)),
                          asc.ConstExpr(len(z)), soc_version=SOC).asm["ascendc"]  # fmt: skip


def _c32(v: np.ndarray) -> np.ndarray:
    out = np.empty(v.shape, COMPLEX32)
    out["real"], out["imag"] = v.real, v.imag
    return out


def _values(c: np.ndarray) -> np.ndarray:
    if c.dtype != COMPLEX32:
        return c.astype(np.complex128)
    out = np.empty(c.shape, np.complex128)
    out.real, out.imag = c["real"], c["imag"]
    return out


def test_move_and_duplicate_without_a_mask():
    rng = np.random.default_rng(0)
    x = rng.uniform(-9, 9, 192).astype(np.float32)
    y = rng.uniform(-9, 9, 192).astype(np.float32)
    z = np.full(192, -1, np.float32)
    out = _run(unmasked_vf, asc.float32, x, y, z)
    assert np.array_equal(out[:64], x[:64])
    assert np.all(out[64:128] == 2.5)
    assert np.array_equal(out[128:136], y[:8]) and np.all(out[136:] == -1)


@pytest.mark.parametrize("dtype", [asc.complex64, asc.complex32], ids=["c64", "c32"])
def test_duplicate_of_complex_registers(dtype):
    vl = R.lanes(dtype)
    rng = np.random.default_rng(1)
    v = rng.uniform(-4, 4, 6 * vl) + 1j * rng.uniform(-4, 4, 6 * vl)
    cast = _c32 if dtype is asc.complex32 else (lambda a: a.astype(np.complex64))
    x, z = cast(v), cast(np.full(5 * vl, 7 + 7j))
    out = _values(_run(complex_dup_vf, dtype, x, x, z))
    a = _values(x)
    half = np.arange(vl) < vl // 2
    assert np.array_equal(out[:vl], np.where(half, a[0], 0))
    assert np.array_equal(out[vl : 3 * vl], np.where(np.arange(2 * vl) < 16, a[vl], 0))
    assert np.all(out[3 * vl : 5 * vl] == 1 - 2j)


def test_complex32_widens_to_complex64_exactly():
    rng = np.random.default_rng(2)
    v = rng.uniform(-60000, 60000, 128) + 1j * rng.uniform(-1e-4, 1e-4, 128)
    x = _c32(v)
    z = np.full(64, 5 + 5j, np.complex64)
    out = _run(widen_vf, asc.complex32, x, x, z, 40, out=asc.complex64)
    want = _values(x)[:64]
    assert np.array_equal(out[:40], want[:40].astype(np.complex64))
    assert not out[40:].any()  # (the mask's disabled elements: 0)


def test_complex64_narrows_to_complex32_by_round_mode():
    rng = np.random.default_rng(3)
    v = (rng.uniform(-100, 100, 64) + 1j * rng.uniform(-100, 100, 64)).astype(np.complex64)
    v[0] = complex(1 + 2**-11 + 2**-13, -(1 + 2**-11 + 2**-13))  # between two halves
    v[1] = complex(1e6, -np.inf)  # (finite past half: its max; inf stays, ops/cast.py)
    v[2] = complex(np.nan, 3)
    z = _c32(np.zeros(256))
    out = _values(_run(narrow_vf, asc.complex64, v, v, z, 48, out=asc.complex32))
    rint = v[3:48].real.astype(np.float16), v[3:48].imag.astype(np.float16)
    assert np.array_equal(out[3:48].real, rint[0]) and np.array_equal(out[3:48].imag, rint[1])
    assert out[0] == complex(1 + 2**-10, -(1 + 2**-10))  # nearest
    assert out[128] == complex(1, -(1 + 2**-10))  # FLOOR: down, both parts
    assert out[1].real == 65504 and np.isneginf(out[1].imag)
    assert np.isnan(out[2].real) and out[2].imag == 3
    assert not out[48:128].any() and not out[176:].any()


def test_cpp_of_the_new_forms():
    f32 = np.zeros(192, np.float32)
    text = _cpp(unmasked_vf, asc.float32, f32, f32, f32)
    assert "AscendC::Reg::Move(" in text and "AscendC::Reg::Duplicate(" in text
    assert any(line.strip().startswith("AscendC::Reg::Move(") and line.count(",") == 1
               for line in text.splitlines())  # fmt: skip
    c32, c64 = _c32(np.zeros(256)), np.zeros(64, np.complex64)
    text = _cpp(narrow_vf, asc.complex64, c64, c64, c32, 48, out=asc.complex32)
    assert "AscendC::Reg::Cast<half, float," in text and "AscendC::Reg::Pack((" in text
    assert "RoundMode::CAST_FLOOR}" in text
    text = _cpp(widen_vf, asc.complex32, c32, c32, c64, 40, out=asc.complex64)
    assert "AscendC::Reg::UnPack(" in text and "AscendC::Reg::Cast<float, half," in text


def test_refusals():
    c64 = np.zeros(64, np.complex64)
    with pytest.raises(Exception, match="takes a RegTraitNumTwo pair"):

        @asc.vf
        def one_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
            R.cast(R.load_align(x), asc.complex32, R.create_mask(x.dtype))

        _cpp(one_vf, asc.complex64, c64, c64, c64)
    with pytest.raises(Exception, match="no maskless overload"):

        @asc.vf
        def dup_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
            R.duplicate(R.load_align(x))

        _cpp(dup_vf, asc.float32, np.zeros(64, np.float32), c64, c64)
    with pytest.raises(Exception, match="exact; it takes no round mode"):

        @asc.vf
        def round_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
            m = R.create_mask(asc.complex64, R.MaskPattern.ALL, TWO)
            R.cast(R.load_align(x, 0, TWO), asc.complex64, m, R.RoundMode.CAST_FLOOR)

        c32 = _c32(np.zeros(256))
        _cpp(round_vf, asc.complex32, c32, c32, c64, out=asc.complex64)
    with pytest.raises(Exception, match=r"Reg::Move does not support T = complex<f32>"):

        @asc.vf
        def move_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
            R.move(R.load_align(x))

        _cpp(move_vf, asc.complex64, c64, c64, c64)


# -- basic API: complex64 Select in VSEL_CMPMASK_SPR ------------------------------------


@jit
def select_spr(x: asc.GlobalAddress, y: asc.GlobalAddress, sel: asc.GlobalAddress,
               z: asc.GlobalAddress, count: asc.ConstExpr):  # fmt: skip
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bs = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 1024)
    pipe.init_buffer(bs, 256)
    pipe.init_buffer(bz, 1024)
    xl = bx.get(asc.complex64)
    yl = by.get(asc.complex64)
    sl = bs.get(asc.uint32)
    zl = bz.get(asc.complex64)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    sg.set_global_buffer(sel)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, count)
    asc.data_copy(yl, yg, count)
    asc.data_copy(sl, sg, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.select(zl, sl, xl, yl, asc.SelMode.VSEL_CMPMASK_SPR, count)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, count)


@asc.vf
def spr_mask_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """The mask SelectMode0Level2 builds for 8-byte T, with the Reg ops it calls:
    MaskGenWithRegTensor<uint32_t, 0>, MaskInterleave<uint32_t>, MaskDeInterleave<uint32_t>."""
    m = R.mask_gen_with_reg_tensor(R.load_unalign(x), 0)
    m, _t = R.mask_interleave(m, m, asc.uint32)
    m, _t = R.mask_deinterleave(m, m, asc.uint32)
    R.store_mask(z, m)


def test_complex64_cmpmask_select_follows_the_3510_mask_composition():
    rng = np.random.default_rng(4)
    sel = rng.integers(0, 2**32, 64, dtype=np.uint32)
    # the headers' mask, computed by the Reg ops of their composition: b32 element e is
    # bit e mod 32 of selMask (the same mask for each 64-element pair)
    bits = np.zeros(64, np.uint32)
    _run(spr_mask_vf, asc.uint32, sel, sel, bits)
    mask = np.unpackbits(bits.view(np.uint8)[:32], bitorder="little").astype(bool)[::4]
    sel_bits = np.unpackbits(sel.view(np.uint8), bitorder="little").astype(bool)
    assert np.array_equal(mask, np.resize(sel_bits[:32], 64))
    # the basic API's Select: 96 elements (a pair and a half), element e by bit e mod 32
    count = 96
    x = (rng.uniform(-5, 5, count) + 1j * rng.uniform(-5, 5, count)).astype(np.complex64)
    y = (rng.uniform(-5, 5, count) + 1j * rng.uniform(-5, 5, count)).astype(np.complex64)
    z = np.zeros(count, np.complex64)
    select_spr[1](x, y, sel, z, asc.ConstExpr(count), platform=SOC)
    pick = sel_bits[np.arange(count) % 32]
    assert np.array_equal(z, np.where(pick, x, y))


# -- the readings settled from the sources (docs/ascend950.md) ---------------------------


S_BELOW_ONE = 0.99999988079071044921875  # 1 - 2^-23, a float


@asc.vf
def muls_cast_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z (half) = MulsCast(x's first 64 floats, 1 - 2^-23), layout ZERO."""
    R.store_align(z, R.muls_cast(R.load_align(x), S_BELOW_ONE, R.create_mask(asc.float32)),
                  R.create_mask(asc.float16))  # fmt: skip


def test_muls_cast_rounds_the_float_product_then_to_half():
    """The precision appendix: MulsCast(x, y) = cast_to_f16<CAST_ROUND>(x * y). (1 +
    2^-11 + 2^-23)(1 - 2^-23) is 2^-34 under the half tie 1 + 2^-11; its float product
    is the tie, which CAST_ROUND (ties away) takes to 1 + 2^-10 (one rounding: 1)."""
    tie = 1 + 2**-11
    x = np.full(64, tie + 2**-23, np.float32)
    assert float(x[0]) * S_BELOW_ONE < tie and x[0] * np.float32(S_BELOW_ONE) == tie
    z = np.zeros(128, np.float16)
    out = _run(muls_cast_vf, asc.float32, x, x, z, out=asc.float16)
    assert out[0] == np.float16(1 + 2**-10) and out[1] == 0


@asc.vf
def shifts_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """z (int16): ShiftLefts of x by 1, 3, 16 and 17, ShiftRights by 16 and 40."""
    m = R.create_mask(x.dtype)
    a = R.load_align(x)
    for k, s in enumerate((1, 3, 16, 17)):
        R.store_align(z, R.shift_lefts(a, s, m), m, 128 * k)
    R.store_align(z, R.shift_rights(a, 16, m), m, 512)
    R.store_align(z, R.shift_rights(a, 40, m), m, 640)


def test_scalar_shifts_follow_the_pages():
    x = np.array([0b1010101010101010 - 65536, 5, -7, 0x4001], np.int16)
    x = np.resize(x, 128)
    z = np.full(768, 9, np.int16)
    out = _run(shifts_vf, asc.int16, x, x, z).reshape(6, 128)[:, :4]
    # the page's example: 1010101010101010 arithmetic-left 1 -> 1101010101010100, by 3 ->
    # 1101010101010000 (the sign bit stays); 0x4001 << 1 keeps its sign (0)
    as_bits = out.view(np.uint16)
    assert as_bits[0, 0] == 0b1101010101010100 and as_bits[1, 0] == 0b1101010101010000
    assert out[0, 1] == 10 and out[0, 2] == -14 and out[0, 3] == 2
    assert not out[2].any() and not out[3].any()  # (by the width, and past it: 0)
    assert list(out[4]) == [-1, 0, -1, 0] and list(out[5]) == [-1, 0, -1, 0]


@asc.vf
def pack_mask_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int):
    """dav_3510's complex64 -> complex32 step: the b32 mask of a complex64 pair packed in
    place (MaskPack), then the 128-element complex32 pair stored with it."""
    m, _rest = R.update_mask(n, x.dtype, TWO)
    h = R.cast(R.load_align(x, 0, TWO), asc.complex32, m)
    R.store_align(z, h, R.mask_pack(m))


def test_mask_pack_clears_the_other_half_as_the_3510_cast_needs():
    v = (np.arange(64) + 1j).astype(np.complex64)
    z = _c32(np.full(128, 5 + 5j))
    out = _values(_run(pack_mask_vf, asc.complex64, v, v, z, 64, out=asc.complex32))
    assert np.array_equal(out[:64], v)
    assert np.all(out[64:] == 5 + 5j)  # (the packed mask's upper half: nothing stored)
