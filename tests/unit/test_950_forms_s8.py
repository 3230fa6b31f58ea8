"""The Reg forms of issue 30 (`dialects/ascendc/reg_address.py`, `reg_fused.py`): the
unaligned store stream (PostUpdate, AddrReg), the AddrReg unaligned load, the mask
register's PostUpdate / AddrReg / unaligned copies, the DataBlock copies'
POST_MODE_NORMAL, Cast and Move with MaskMergeMode::MERGING and a RegTraitNumTwo
stream store: each against numpy, bit for bit, through `tools/reg_samples.py`'s kernel;
their C++ (header-checked for 3510 through `tests/filecheck/reg/forms_s8.mlir`) and the
refusals. The complex DataCopyPad of the basic API is at the end."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl.frontend.ir_context import make_context
from tools.reg_samples import CAPACITY, Port, Sample, run_sample

POST = "AscendC::Reg::PostLiteral::POST_MODE_UPDATE"


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


def _floats(rng):
    return (
        rng.uniform(-4, 4, CAPACITY).astype(np.float32),
        rng.uniform(-4, 4, CAPACITY).astype(np.float32),
        0.0,
    )


@asc.vf
def stream_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """z[0:183] = x[0:183] by a PostUpdate store stream (3 elements, then 60 at a time);
    the POST_MODE_NORMAL DataBlock copies: y's blocks from 8 blocks on, to 32 blocks on
    every other block; the AddrReg unaligned load and store stream: x[70i:70i+64] to
    z[512+70i] for i = 0, 1."""
    full = asc.reg.create_mask(asc.float32)
    us = asc.reg.unalign_reg_for_store()
    u = asc.reg.load_unalign_pre(x)
    r, u, q = asc.reg.load_unalign_post(u, x, 3)
    p = asc.reg.store_unalign_update(z, r, us, 3)
    for _i in range(3):
        r, u, q = asc.reg.load_unalign_post(u, q, 60)
        p = asc.reg.store_unalign_update(p, r, us, 60)
    asc.reg.store_unalign_post_update(p, us)
    b = asc.reg.load_align(y, block_stride=1, repeat_stride=8, mask=full)
    asc.reg.store_align(z, b, full, block_stride=2, repeat_stride=32)
    _, z2 = asc.reg.load_align_post(z, 512)
    us2 = asc.reg.unalign_reg_for_store()
    for i in range(2):
        a = asc.reg.create_addr_reg(asc.float32, i, 70)
        ua = asc.reg.load_unalign_pre(x, a)
        ra, ua = asc.reg.load_unalign_areg(ua, x, a)
        asc.reg.store_unalign_areg(z2, ra, us2, a)
    for j in range(1):
        asc.reg.store_unalign_post_areg(z2, us2, asc.reg.create_addr_reg(asc.float32, j, 70))


def _stream_golden(x, y, s, z):
    out = z.copy()
    out[:183] = x[:183]
    for k in range(8):
        out[256 + 16 * k : 264 + 16 * k] = y[64 + 8 * k : 72 + 8 * k]
    out[512:576] = x[:64]
    out[582:646] = x[70:134]
    return out


def test_unaligned_streams_and_normal_data_block_copies_match_numpy():
    cpp = _run(stream_vf, _stream_golden, np.float32, _floats)
    assert f"AscendC::Reg::StoreUnAlign<float, {POST}>(" in cpp
    assert f"AscendC::Reg::StoreUnAlignPost<float, {POST}>(" in cpp
    normal = "AscendC::Reg::PostLiteral::POST_MODE_NORMAL"
    assert f"AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY, {normal}>(" in cpp
    assert "AscendC::Reg::LoadUnAlign(ra, ua, x, a, " in cpp
    assert "AscendC::Reg::StoreUnAlign(z2, ra, us2, a);" in cpp


def _masks(rng):
    x = rng.integers(0, 1 << 16, CAPACITY, dtype=np.uint16)
    return x, rng.integers(0, 1 << 16, CAPACITY, dtype=np.uint16), 0.0


@asc.vf
def mask_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """Bytes of z: [0:32) x's [32:64), [32:64) x's [0:32) (PostUpdate, 32-byte steps);
    [64:128) y's [0:64) (AddrReg, 16 elements a step); [128:160) the two masks' bits of
    each b16 element, unaligned (MaskReg StoreUnAlign)."""
    m0, xp = asc.reg.load_mask_post(x, 32)
    m1, xp = asc.reg.load_mask_post(xp, 32)
    zp = asc.reg.store_mask_post(z, m1, 32)
    zp = asc.reg.store_mask_post(zp, m0, 32)
    for i in range(2):
        a = asc.reg.create_addr_reg(asc.uint16, i, 16)
        asc.reg.store_mask(zp, asc.reg.load_mask(y, a), a)
    _, w = asc.reg.load_align_post(zp, 32)
    us = asc.reg.unalign_reg_for_store()
    w = asc.reg.store_mask_unalign(w, m0, us)
    w = asc.reg.store_mask_unalign(w, m1, us)
    asc.reg.store_unalign_post_update(w, us)


def _mask_golden(x, y, s, z):
    out = z.copy().view(np.uint8)
    xb, yb = x.view(np.uint8), y.view(np.uint8)
    out[0:32], out[32:64], out[64:128] = xb[32:64], xb[0:32], yb[0:64]
    for k, part in enumerate((xb[0:32], xb[32:64])):
        bits = np.unpackbits(part, bitorder="little")[::2]  # (each b16 element's first bit)
        out[128 + 16 * k : 144 + 16 * k] = np.packbits(bits, bitorder="little")
    return out.view(np.uint16)


def test_mask_register_copies_match_numpy():
    cpp = _run(mask_vf, _mask_golden, np.uint16, _masks)
    assert f"AscendC::Reg::LoadAlign<uint16_t, {POST}>(m0, x, " in cpp
    assert (
        "AscendC::Reg::LoadAlign(v1, y, a);" in cpp and "AscendC::Reg::StoreAlign(z, v1, a);" in cpp
    )
    assert "AscendC::Reg::StoreUnAlign(w, m0, us);" in cpp


def _mixed(rng):
    x = rng.uniform(-300, 300, CAPACITY).astype(np.float32)
    return x, rng.uniform(-4, 4, CAPACITY).astype(np.float16), 0.0


@asc.vf
def merging_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """Cast<half, float> with MERGING under the first half of the halves: z[0:128];
    Move (MERGING) of y's second register over its first under the same mask: z[128:256];
    the plain (ZEROING) Cast by CAST_CEIL: z[256:384] (the simulator rounded every float
    narrowing to nearest before)."""
    full = asc.reg.create_mask(asc.float16)
    half = asc.reg.create_mask(asc.float16, asc.reg.MaskPattern.H)
    prior = asc.reg.load_align(y)
    c = asc.reg.cast_merging(prior, asc.reg.load_align(x), half, asc.RoundMode.CAST_FLOOR)
    asc.reg.store_align(z, c, full)
    asc.reg.store_align(z, asc.reg.move_merging(prior, asc.reg.load_align(y, 128), half), full, 128)
    ceil = asc.reg.cast(asc.reg.load_align(x), asc.float16, full, asc.RoundMode.CAST_CEIL)
    asc.reg.store_align(z, ceil, full, 256)


def _merging_golden(x, y, s, z):
    out = z.copy()
    zeroing = np.zeros(128, np.float16)
    # the float elements whose b32 mask bit 4i the half mask (bits 0..127) sets: i < 32
    near = x[:32].astype(np.float16)  # CAST_FLOOR: to the half at or below
    below = np.where(
        near.astype(np.float32) > x[:32], np.nextafter(near, np.float16(-np.inf)), near
    )
    zeroing[0:64:2] = below
    slot = np.arange(128)
    out[:128] = np.where(slot < 64, zeroing, y[:128])  # CopyMerging: bit 2j of slot j
    out[128:256] = np.where(slot < 64, y[128:256], y[:128])
    near = x[:64].astype(np.float16)
    out[256:384:2] = np.where(
        near.astype(np.float32) < x[:64], np.nextafter(near, np.float16(np.inf)), near
    )
    out[257:384:2] = 0
    return out


def test_cast_and_move_merging_match_numpy():
    cpp = _run(
        merging_vf, _merging_golden, np.float32, _mixed,
        y_dtype=np.dtype(np.float16), out_dtype=np.dtype(np.float16),
    )  # fmt: skip
    assert "AscendC::Reg::MaskMergeMode::MERGING, AscendC::RoundMode::CAST_FLOOR};" in cpp
    assert "AscendC::Reg::Move(" in cpp


def _ints(rng):
    x = rng.integers(-(1 << 62), 1 << 62, CAPACITY, dtype=np.int64)
    return x, rng.integers(-(1 << 62), 1 << 62, CAPACITY, dtype=np.int64), 0.0


@asc.vf
def pair_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """A RegTraitNumTwo pair of int64 stored unaligned: z[0:40] then z[40:104] = x[0:64];
    Move (MERGING) of y's pair over x's under the pair's first-half mask: z[128:192]."""
    two = asc.reg.RegTrait.NUM_TWO
    r = asc.reg.load_align(x, 0, two)
    us = asc.reg.unalign_reg_for_store()
    p = asc.reg.store_unalign_update(z, r, us, 40)
    p = asc.reg.store_unalign_update(p, r, us, 64)
    asc.reg.store_unalign_post_update(p, us)
    first = asc.reg.create_mask(asc.int64, asc.reg.MaskPattern.H, two)
    moved = asc.reg.move_merging(r, asc.reg.load_align(y, 0, two), first)
    asc.reg.store_align(z, moved, asc.reg.create_mask(asc.int64, trait=two), 128)


def _pair_golden(x, y, s, z):
    out = z.copy()
    out[0:40], out[40:104] = x[0:40], x[0:64]
    out[128:192] = np.where(np.arange(64) < 32, y[:64], x[:64])
    return out


def test_pair_store_stream_and_move_match_numpy():
    cpp = _run(pair_vf, _pair_golden, np.int64, _ints)
    assert f"AscendC::Reg::StoreUnAlign<int64_t, {POST}>(" in cpp


# -- refusals --------------------------------------------------------------------------

_P32 = "memref<?xf32, 26 : i64>"
_R32 = "!ascendc.reg_tensor<f32>"


def _verify(body: str, args: str) -> None:
    text = f"""builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @vf({args}) attributes {{ascendc.vf}} {{
    %m = ascendc.reg.create_mask {{dtype = f32, pattern = 0 : i32}} : () -> !ascendc.mask_reg
    %us = ascendc.reg.unalign_reg_for_store : () -> !ascendc.unalign_reg_store
{body}
    func.return
  }}
}}"""
    Parser(make_context(), text).parse_module().verify()


@pytest.mark.parametrize(
    ("args", "body", "message"),
    [
        (
            f"%x: {_P32}, %h: memref<?xf16, 26 : i64>",
            "    %c0 = arith.constant 0 : i32\n"
            f"    %r = ascendc.reg.load_align %x, %c0 : {_P32}, i32 -> {_R32}\n"
            "    %p = ascendc.reg.load_align %h, %c0 : memref<?xf16, 26 : i64>, i32 -> "
            "!ascendc.reg_tensor<f16>\n"
            "    %c = ascendc.reg.cast_merging %p, %r, %m {roundMode = 1 : i32, sat = 0 : i32, "
            "layout = 1 : i32} : !ascendc.reg_tensor<f16>, !ascendc.reg_tensor<f32>, "
            "!ascendc.mask_reg -> !ascendc.reg_tensor<f16>",
            "MERGING takes RegLayout ZERO only",
        ),
        (
            "%x: memref<?xui8, 26 : i64>",
            "    %n = ascendc.reg.store_mask_unalign %x, %m, %us : memref<?xui8, 26 : i64>, "
            "!ascendc.mask_reg, !ascendc.unalign_reg_store -> memref<?xui8, 26 : i64>",
            "StoreUnAlign does not support T = ui8",
        ),
        (
            "%x: memref<?xcomplex<f32>, 26 : i64>",
            "    %c0 = arith.constant 0 : i32\n"
            "    %n, %q = ascendc.reg.load_mask_post %x, %c0 : memref<?xcomplex<f32>, 26 : i64>, "
            "i32 -> !ascendc.mask_reg, memref<?xcomplex<f32>, 26 : i64>",
            "LoadAlign does not support T = complex<f32>",
        ),
    ],
)
def test_verifier_refusals(args, body, message):
    with pytest.raises(VerifyException, match=message):
        _verify(body, args)


def test_python_refusals_are_located():
    @asc.vf
    def offset_vf(
        x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
    ):
        full = asc.reg.create_mask(asc.float32)
        asc.reg.load_align(x, 8, block_stride=1, repeat_stride=8, mask=full)

    outcome = run_sample(Sample("offset", Port(offset_vf, 1, _floats, _stream_golden)))
    assert not outcome.passed
    assert "takes the pointer itself" in outcome.detail and "test_950_forms_s8.py" in outcome.detail


def test_simulator_refusals():
    @asc.vf
    def long_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
        us = asc.reg.unalign_reg_for_store()
        asc.reg.store_unalign_update(z, asc.reg.load_align(x), us, 65)

    outcome = run_sample(Sample("long", Port(long_vf, 1, _floats, _stream_golden)))
    assert "a stride of 65 elements stores more than the register holds (64" in outcome.detail

    @asc.vf
    def odd_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
        us = asc.reg.unalign_reg_for_store()
        _, w = asc.reg.load_align_post(z, 1)  # (4 bytes on: b32 needs 8)
        asc.reg.store_mask_unalign(w, asc.reg.create_mask(asc.float32), us)

    outcome = run_sample(Sample("odd", Port(odd_vf, 1, _floats, _stream_golden)))
    assert "StoreUnAlign (mask): UB address" in outcome.detail
    assert "is not 8-byte aligned" in outcome.detail


# -- DataCopyPad of complex tensors (the basic API) --------------------------------------


@asc.jit
def pad_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, w: asc.GlobalAddress):
    """Three rows of 5 elements, 2 apart in GM, into UB rows of 32-byte blocks padded on
    the right by one element of value 1.5 - 2j (DataCopyPadExtParams<T>); back to GM
    contiguous (z) and the UB rows as they are (w, 24 elements)."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    xl = bx.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    wg.set_global_buffer(w)
    size = x.dtype.sizeof()
    rows = asc.DataCopyExtParams(3, 5 * size, 2 * size, 0, 0)
    asc.data_copy_pad(xl, xg, rows, asc.DataCopyPadExtParams(x.dtype, True, 0, 1, 1.5 - 2j))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy_pad(zg, xl, asc.DataCopyExtParams(3, 5 * size, 0, 0, 0))
    asc.data_copy(wg, xl, 24)


def _c32(v: np.ndarray) -> np.ndarray:
    from asc_xdsl.runtime.numpy_types import COMPLEX32

    out = np.empty(v.shape, COMPLEX32)
    out["real"], out["imag"] = v.real, v.imag
    return out


@pytest.mark.parametrize("c32", [False, True], ids=["complex64", "complex32"])
def test_data_copy_pad_of_complex_tensors(c32):
    """Regression: a complex padding value was refused (`padValue ... must be a scalar`),
    and complex32's was stored as (re, re)."""
    store = _c32 if c32 else (lambda v: v.astype(np.complex64))
    rng = np.random.default_rng(1)
    x = store(rng.uniform(-2, 2, 21) + 1j * rng.uniform(-2, 2, 21))
    z, w = store(np.zeros(15)), store(np.zeros(24))
    pad_kernel[1](x, z, w, platform="Ascend950PR_9599")
    rows = [x[7 * r : 7 * r + 5] for r in range(3)]
    assert np.array_equal(z, np.concatenate(rows))
    pad, zero = store(np.array([1.5 - 2j])), store(np.zeros(2))
    # a row of 5 elements is 20 (complex32) or 40 (complex64) bytes: UB rows of 8 elements
    assert np.array_equal(w, np.concatenate([np.concatenate([r, pad, zero]) for r in rows]))


# -- RegTraitNumTwo pairs (and single registers) of 64-bit integers in the ops whose 3510
# implementations have a 64-bit branch ---------------------------------------------------


def _i64(rng):
    x = rng.integers(-(1 << 40), 1 << 40, CAPACITY, dtype=np.int64)
    y = rng.integers(-(1 << 40), 1 << 40, CAPACITY, dtype=np.int64)
    y[5] = x[5]  # (an equal pair for the compares)
    return x, y, 0.0


@asc.vf
def pair_ops_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """Each result a pair (64 elements) at z[64k]: Abs (first half), Neg, Not, Relu, Maxs,
    Adds (first half), Muls, ShiftLefts, Arange, Select by Compare LT, Select by Compares
    GT 0 (first half), Reduce SUM, Reduce MAX (first half), Duplicate, Move (first half);
    then one register
    (32 elements): Select by Compare GE."""
    two = asc.reg.RegTrait.NUM_TWO
    full = asc.reg.create_mask(asc.int64, trait=two)
    half = asc.reg.create_mask(asc.int64, asc.reg.MaskPattern.H, two)
    a = asc.reg.load_align(x, 0, two)
    b = asc.reg.load_align(y, 0, two)
    results = (
        asc.reg.abs(a, half),
        asc.reg.neg(a, full),
        asc.reg.bitwise_not(a, full),
        asc.reg.relu(a, full),
        asc.reg.maxs(a, 5, full),
        asc.reg.adds(a, 7, half),
        asc.reg.muls(a, 3, full),
        asc.reg.shift_lefts(a, 3, full),
        asc.reg.arange(10, asc.int64, trait=two),
        asc.reg.select(a, b, asc.reg.compare(a, b, asc.CMPMODE.LT, full)),
        asc.reg.select(a, b, asc.reg.compares(a, 0, asc.CMPMODE.GT, half)),
        asc.reg.reduce(a, full),
        asc.reg.reduce(b, half, asc.reg.ReduceType.MAX),
        asc.reg.duplicate(-5, full, asc.int64, two),
        asc.reg.move(a, half),
    )
    for k, r in enumerate(results):
        asc.reg.store_align(z, r, full, 64 * k)
    one = asc.reg.create_mask(asc.int64)
    a1 = asc.reg.load_align(x)
    b1 = asc.reg.load_align(y)
    ge = asc.reg.select(a1, b1, asc.reg.compare(a1, b1, asc.CMPMODE.GE, one))
    asc.reg.store_align(z, ge, one, 64 * len(results))


def _pair_ops_golden(x, y, s, z):
    out = z.copy()
    a, b, first = x[:64], y[:64], np.arange(64) < 32
    sums = np.zeros(64, np.int64)
    sums[0] = a.sum()
    top = np.zeros(64, np.int64)
    top[0] = b[:32].max()
    rows = (
        np.where(first, np.abs(a), 0),
        -a,
        ~a,
        np.maximum(a, 0),
        np.maximum(a, 5),
        np.where(first, a + 7, 0),
        a * 3,
        a << 3,
        np.arange(10, 74),
        np.where(a < b, a, b),
        np.where(first & (a > 0), a, b),
        sums,
        top,
        np.full(64, -5),
        np.where(first, a, 0),
    )
    for k, row in enumerate(rows):
        out[64 * k : 64 * k + 64] = row
    k = len(rows)
    out[64 * k : 64 * k + 32] = np.where(x[:32] >= y[:32], x[:32], y[:32])
    return out


def test_pairs_of_64_bit_integers_in_the_ops_the_headers_give_them():
    cpp = _run(pair_ops_vf, _pair_ops_golden, np.int64, _i64)
    assert "AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo>" in cpp
    assert "AscendC::Reg::Compare<int64_t, AscendC::CMPMODE::LT>(" in cpp


def _u64(rng):
    x = rng.integers(0, 1 << 64, CAPACITY, dtype=np.uint64, endpoint=False)
    return x, rng.integers(0, 1 << 64, CAPACITY, dtype=np.uint64, endpoint=False), 0.0


@asc.vf
def unsigned_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """uint64 pairs compare unsigned: Max, Reduce MAX and MIN, Select by Compare GT."""
    two = asc.reg.RegTrait.NUM_TWO
    full = asc.reg.create_mask(asc.uint64, trait=two)
    a = asc.reg.load_align(x, 0, two)
    b = asc.reg.load_align(y, 0, two)
    asc.reg.store_align(z, asc.reg.max(a, b, full), full)
    asc.reg.store_align(z, asc.reg.reduce(a, full, asc.reg.ReduceType.MAX), full, 64)
    asc.reg.store_align(z, asc.reg.reduce(a, full, asc.reg.ReduceType.MIN), full, 128)
    gt = asc.reg.compare(a, b, asc.CMPMODE.GT, full)
    asc.reg.store_align(z, asc.reg.select(a, b, gt), full, 192)


def _unsigned_golden(x, y, s, z):
    """Regression: uint64 was compared as int64 (Max, Reduce MAX / MIN) before."""
    out = z.copy()
    a, b = x[:64], y[:64]
    out[:64] = np.maximum(a, b)
    out[64:128], out[64] = 0, a.max()
    out[128:192], out[128] = 0, a.min()
    out[192:256] = np.where(a > b, a, b)
    return out


def test_uint64_pairs_compare_unsigned():
    from tools.reg_samples import SOC, reg_kernel  # (its Port table has no uint64)

    x, y, _ = _u64(np.random.default_rng(3))
    z = np.zeros(CAPACITY, np.uint64)
    u64 = asc.ConstExpr(asc.uint64)
    reg_kernel[1](x, y, z, 2, 0.0, asc.ConstExpr(unsigned_vf), u64, u64, u64, platform=SOC)
    assert np.array_equal(z, _unsigned_golden(x, y, 0.0, np.zeros(CAPACITY, np.uint64)))


# -- Subs / Divs and the scalar-first Adds / Muls / Subs / Divs (the basic API) ----------

N = 96
S = 1.5 - 2j


@asc.jit
def scalar_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.ConstExpr):
    """z: Subs(x, s), Subs(s, x), Divs(x, s), Divs(s, x), Adds(s, x), Muls(s, x), N each."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.subs(zl, xl, s, N)
    asc.subs(zl[N:], s, xl, N)
    asc.divs(zl[2 * N :], xl, s, N)
    asc.divs(zl[3 * N :], s, xl, N)
    asc.adds(zl[4 * N :], s, xl, N)
    asc.muls(zl[5 * N :], s, xl, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 6 * N)


def _smith(a, b, c, d):
    """ComplexDivKernel (Smith's method), each step in the parts' type; c, d not both 0."""
    first = np.abs(c) >= np.abs(d)
    with np.errstate(all="ignore"):
        r1, r2 = d / c, c / d
        s1, s2 = np.ones_like(a) / (c + d * r1), np.ones_like(a) / (d + c * r2)
        re = np.where(first, (a + b * r1) * s1, (a * r2 + b) * s2)
        im = np.where(first, (b - a * r1) * s1, (b * r2 - a) * s2)
    return re, im


@pytest.mark.parametrize("part", [np.float32, np.float16], ids=["complex64", "complex32"])
def test_complex_subs_divs_and_scalar_first_forms(part):
    """Each element as the headers' kernels compute it: Duplicate of the scalar, then the
    Reg Sub / Div / Add / Mul, each step rounded to the parts' type."""
    rng = np.random.default_rng(5)
    v = rng.uniform(-2, 2, N) + 1j * rng.uniform(-2, 2, N)
    store = _c32 if part is np.float16 else (lambda w: w.astype(np.complex64))
    x, z = store(v), store(np.zeros(6 * N))
    scalar_kernel[1](x, z, asc.ConstExpr(S), platform="Ascend950PR_9599")
    if part is np.float16:
        a, b = x["real"], x["imag"]
        zr, zi = z["real"].reshape(6, N), z["imag"].reshape(6, N)
    else:
        a, b = x.real, x.imag
        zr, zi = z.real.reshape(6, N), z.imag.reshape(6, N)
    c, d = np.full(N, S.real, part), np.full(N, S.imag, part)
    rows = (
        (a - c, b - d),
        (c - a, d - b),
        _smith(a, b, c, d),
        _smith(c, d, a, b),
        (a + c, b + d),
        (a * c - b * d, b * c + a * d),
    )
    for k, (re, im) in enumerate(rows):
        np.testing.assert_array_equal(zr[k], re.astype(part), err_msg=f"row {k}")
        np.testing.assert_array_equal(zi[k], im.astype(part), err_msg=f"row {k}")


def test_real_subs_divs_and_scalar_first_forms():
    rng = np.random.default_rng(6)
    x = rng.uniform(-4, 4, N).astype(np.float32)
    z = np.zeros(6 * N, np.float32)
    scalar_kernel[1](x, z, asc.ConstExpr(1.25), platform="Ascend950PR_9599")
    s = np.float32(1.25)
    golden = np.concatenate([x - s, s - x, x / s, s / x, x + s, x * s])
    np.testing.assert_array_equal(z, golden)


def test_subs_is_refused_outside_ascend_950():
    with pytest.raises(Exception, match="Subs exists on Ascend 950 \\(arch 3510\\) only"):
        scalar_kernel[1](
            np.zeros(N, np.float32), np.zeros(6 * N, np.float32), asc.ConstExpr(1.0),
            platform="Ascend910B1",
        )  # fmt: skip
