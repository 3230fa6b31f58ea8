"""The Reg functions of `dialects/ascendc/reg_arith.py`: Axpy, MulAddDst, MulDstAdd,
MulsCast, Mull, AddC / SubC and the carry-out Add / Sub, ShiftLeft / ShiftRight by a
register, Unsqueeze, MoveMask, the MaskReg Select / Interleave / DeInterleave / Pack /
UnPack, the widening Reduce / ReduceDataBlock, the one-call Load / Store. Round trip and
refusals in IR;
each vector function runs through `tools/reg_samples.py`'s kernel on the simulator
against numpy (bit-exact), one per dtype family, and its C++ is what
`tools/check_headers.py --arch 3510` was run on (the ops' spec samples are in
`--specs`)."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

import asc_xdsl as asc
from asc_xdsl.frontend.ir_context import make_context
from tools.reg_samples import CAPACITY, Port, Sample, run_sample

R = asc.reg
M = "!ascendc.mask_reg"


def _reg(t: str) -> str:
    return f"!ascendc.reg_tensor<{t}>"


def _module(body: str) -> str:
    f, i, u, h = _reg("f32"), _reg("i32"), _reg("ui32"), _reg("f16")
    return f"""builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @vf(%x: memref<?xf32, 26 : i64>, %s: f32) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {{dtype = f32, pattern = 0 : i32}} : () -> {M}
    %r = ascendc.reg.load_align %x, %c0 : memref<?xf32, 26 : i64>, i32 -> {f}
    %i = ascendc.reg.unsqueeze %m : {M} -> {i}
    %u = ascendc.reg.unsqueeze %m : {M} -> {u}
    %h = ascendc.reg.muls_cast %r, %s, %m {{layout = 1 : i32}} : {f}, f32, {M} -> {h}{body}
    func.return
  }}
}}"""


def _parse(text: str):
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


OPS = f"""
    %a = ascendc.reg.axpy %r, %r, %s, %m : {_reg("f32")}, {_reg("f32")}, f32, {M} -> {_reg("f32")}
    %b = ascendc.reg.mul_add_dst %i, %i, %i, %m : {_reg("i32")}, {_reg("i32")}, {_reg("i32")}, {M} -> {_reg("i32")}
    %d = ascendc.reg.mul_dst_add %h, %h, %h, %m : {_reg("f16")}, {_reg("f16")}, {_reg("f16")}, {M} -> {_reg("f16")}
    %lo, %hi = ascendc.reg.mull %u, %u, %m : {_reg("ui32")}, {_reg("ui32")}, {M} -> {_reg("ui32")}, {_reg("ui32")}
    %k0, %s0 = ascendc.reg.add_carry %i, %i, %m : {_reg("i32")}, {_reg("i32")}, {M} -> {M}, {_reg("i32")}
    %k1, %s1 = ascendc.reg.sub_c %i, %i, %k0, %m : {_reg("i32")}, {_reg("i32")}, {M}, {M} -> {M}, {_reg("i32")}
    %sh = ascendc.reg.shift_left %u, %i, %m : {_reg("ui32")}, {_reg("i32")}, {M} -> {_reg("ui32")}
    %mm = ascendc.reg.move_mask {{dtype = f16}} : () -> {M}"""  # fmt: skip


F32, I32, U32, F16 = _reg("f32"), _reg("i32"), _reg("ui32"), _reg("f16")
REFUSALS = (
    (f"%e = ascendc.reg.muls_cast %r, %s, %m {{layout = 2 : i32}} : {F32}, f32, {M} -> {F16}",
     "MulsCast takes RegLayout ZERO or ONE, not TWO"),
    (f"%e = ascendc.reg.muls_cast %r, %s, %m {{layout = 0 : i32}} : {F32}, f32, {M} -> {F32}",
     "MulsCast does not take T = f32 from S = f32"),
    (f"%e = ascendc.reg.shift_left %u, %u, %m : {U32}, {U32}, {M} -> {U32}",
     "ShiftLeft does not take T = ui32 from S = ui32"),
    (f"%e = ascendc.reg.axpy %i, %i, %c0, %m : {I32}, {I32}, i32, {M} -> {I32}",
     "Axpy does not support T = i32 on Ascend 950"),
    (f"%e, %f = ascendc.reg.mull %r, %r, %m : {F32}, {F32}, {M} -> {F32}, {F32}",
     "Mull does not support T = f32"),
    (f"%e, %f = ascendc.reg.add_c %r, %r, %m, %m : {F32}, {F32}, {M}, {M} -> {M}, {F32}",
     "AddC does not support T = f32"),
    (f"%e = ascendc.reg.move_mask {{dtype = i8}} : () -> {M}",
     "MoveMask does not support dtype = i8"),
    (f"%e = ascendc.reg.unsqueeze %m : {M} -> {F32}", "Unsqueeze does not support T = f32"),
    (f"%e = ascendc.reg.mul_dst_add %i, %i, %i, %m : {I32}, {I32}, {I32}, {M} -> {I32}",
     "MulDstAdd does not support T = i32"),
    # the 3510 headers sum 16-bit integers only into 32 bits (reduce_widening)
    (f"%w = ascendc.reg.unsqueeze %m : {M} -> {_reg('ui16')}\n    %e = ascendc.reg.reduce %w, %m "
     f"{{reduceType = 0 : i32}} : {_reg('ui16')}, {M} -> {_reg('ui16')}",
     r"a SUM of ui16 elements into ui16 is refused .* use 'reg.reduce_widening'"),
    (f"%w = ascendc.reg.unsqueeze %m : {M} -> {_reg('ui16')}\n    %e = ascendc.reg.reduce_data_block"
     f" %w, %m {{reduceType = 0 : i32}} : {_reg('ui16')}, {M} -> {_reg('ui16')}",
     r"use 'reg.reduce_data_block_widening' \(asc.reg.reduce_data_block_widening\)"),
)  # fmt: skip


def test_round_trip_and_refusals():
    printed = str(_parse(_module(OPS)))
    assert str(_parse(printed)) == printed
    for line, message in REFUSALS:
        with pytest.raises(VerifyException, match=message):
            _parse(_module("\n    " + line))


def _exact(z: np.ndarray, golden: np.ndarray) -> str | None:
    same = (z == golden) | (np.isnan(z) & np.isnan(golden))
    if same.all():
        return None
    i = int(np.argmax(~same))
    return f"z[{i}] = {z[i]!r}, expected {golden[i]!r}"


# -- float: the multiply-adds, MulsCast ------------------------------------------------------


@asc.vf
def fma32_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """z[64k:64k+64]: Axpy, MulAddDst, MulDstAdd of x[0:64], y[0:64] into acc = y[64:128]
    under a mask of the first 50 elements; then Load / Store of x[3:70], 20 elements at z[259]."""
    m = R.update_mask(50, x.dtype)[0]
    a, b, acc = R.load_align(x), R.load_align(y), R.load_align(y, 64)
    R.store_align(z, R.axpy(acc, a, s, m), R.create_mask(x.dtype), 0)
    R.store_align(z, R.mul_add_dst(acc, a, b, m), R.create_mask(x.dtype), 64)
    R.store_align(z, R.mul_dst_add(acc, a, b, m), R.create_mask(x.dtype), 128)
    R.store(z, R.load(x, 3), 20, 259)


def _three_ops(x, y, s, out_dtype):
    a, b, acc = (v.astype(np.float64) for v in (x[:64], y[:64], y[64:128]))
    s = np.float64(np.float32(s))  # (the kernel's float argument)
    on = np.arange(64) < 50
    return [np.where(on, v, 0).astype(out_dtype) for v in (s * a + acc, a * b + acc, acc * a + b)]


def _fma32_golden(x, y, s, z):
    out = z.copy()
    for k, row in enumerate(_three_ops(x, y, s, np.float32)):
        out[64 * k : 64 * k + 64] = row
    out[259:279] = x[3:23]
    return out


def _floats(rng):
    return (rng.uniform(-3, 3, CAPACITY).astype(np.float32),
            rng.uniform(-3, 3, CAPACITY).astype(np.float32), 1.7)  # fmt: skip


@asc.vf
def half_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x float, y and z half. z[0:128]: MulsCast(x[0:64], s) layout ZERO under the first
    40 floats; z[128:256] layout ONE; z[256 + 128k ...], k = 0..2: Axpy, MulAddDst,
    MulDstAdd in half of y[0:128], y[128:256] (acc) under the first 100 halves."""
    m32 = R.update_mask(40, x.dtype)[0]
    r = R.load_align(x)
    full = R.create_mask(z.dtype)
    R.store_align(z, R.muls_cast(r, s, m32), full, 0)
    R.store_align(z, R.muls_cast(r, s, m32, R.RegLayout.ONE), full, 128)
    m = R.update_mask(100, y.dtype)[0]
    a, acc = R.load_align(y), R.load_align(y, 128)
    R.store_align(z, R.axpy(acc, a, 0.75, m), full, 256)
    R.store_align(z, R.mul_add_dst(acc, a, a, m), full, 384)
    R.store_align(z, R.mul_dst_add(acc, a, acc, m), full, 512)


def _half_inputs(rng):
    x = rng.uniform(-30, 30, CAPACITY).astype(np.float32)
    x[:4] = [0.5 + 2**-12, -(0.5 + 2**-12), 1 + 2**-11, 3.0]  # (half ties: s is 1)
    return x, rng.uniform(-4, 4, CAPACITY).astype(np.float16), 1.0


def _ties_away(v: np.ndarray) -> np.ndarray:
    """float64 -> float16, nearest with ties away from zero (written apart from the
    simulator's: through the exact halves on each side)."""
    out = np.empty(len(v), np.float16)
    for i, x in enumerate(v):
        lo = np.float16(x)
        if float(lo) > x:
            lo = np.nextafter(lo, np.float16(-np.inf))
        hi = np.nextafter(lo, np.float16(np.inf))
        d_lo, d_hi = x - float(lo), float(hi) - x
        pick = hi if d_hi < d_lo or (d_hi == d_lo and abs(float(hi)) > abs(float(lo))) else lo
        out[i] = lo if x == float(lo) else pick
    return out


def _half_golden(x, y, s, z):
    out = z.copy()
    products = _ties_away((x[:64] * np.float32(s)).astype(np.float64))  # (the float product)
    on = np.arange(64) < 40
    for layout in (0, 1):
        row = np.zeros(128, np.float16)
        row[layout::2] = np.where(on, products, 0)
        out[128 * layout : 128 * layout + 128] = row
    a, acc = y[:128].astype(np.float64), y[128:256].astype(np.float64)
    on = np.arange(128) < 100
    for k, v in enumerate((0.75 * a + acc, a * a + acc, acc * a + acc)):
        out[256 + 128 * k : 384 + 128 * k] = np.where(on, v, 0).astype(np.float16)
    return out


def test_float_multiply_adds_and_muls_cast_match_numpy():
    ties = _ties_away(np.array([0.5 + 2**-12, -(0.5 + 2**-12), 1 + 2**-11]))  # (away, not even)
    assert list(ties) == [0.5 + 2**-11, -(0.5 + 2**-11), 1 + 2**-10]
    port = Port(fma32_vf, 0, _floats, _fma32_golden, check=_exact)
    outcome = run_sample(Sample("fma32", port))
    assert outcome.passed, outcome.detail
    cpp = outcome.cpp
    # (acc is read again after each: the in-place calls write copies of it)
    assert "AscendC::Reg::RegTensor<float> v2 = acc;\n  AscendC::Reg::Axpy(v2, a, s, m);" in cpp
    assert (
        "AscendC::Reg::RegTensor<float> v4 = acc;\n  AscendC::Reg::MulAddDst(v4, a, b, m);" in cpp
    )
    assert "AscendC::Reg::Load(v8, x + c3_i32);" in cpp
    assert "AscendC::Reg::Store(z + c259_i32, v8, c20_i32);" in cpp
    port = Port(half_vf, 0, _half_inputs, _half_golden, check=_exact,
                y_dtype=np.dtype(np.float16), out_dtype=np.dtype(np.float16))  # fmt: skip
    outcome = run_sample(Sample("half", port))
    assert outcome.passed, outcome.detail
    assert "AscendC::Reg::MulsCast<half, float, float, AscendC::Reg::RegLayout::ONE>(" in (
        outcome.cpp
    )


# -- int32: Mull, the carry chain, shifts, Unsqueeze -----------------------------------------


@asc.vf
def int32_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x, y int32 (y[64:128] shifts 0..40). z[0:64], z[64:128]: Mull's low and high
    halves; z[128:256]: the 64-bit sum of (x[0:64], x[64:128]) and (y[0:64], y[64:128])
    as (low, high) words through Add-with-carry + AddC; z[256:384] the difference through
    Sub-with-carry + SubC; z[384:448]: ShiftLeft, z[448:512] ShiftRight of x by
    y[128:192] % 41; z[512:576]: Unsqueeze of the mask x > 0; z[576:640]: MulAddDst
    (wrapping); all under the first 60 elements except Unsqueeze."""
    m = R.update_mask(60, x.dtype)[0]
    x0, x1, y0, y1 = R.load_align(x), R.load_align(x, 64), R.load_align(y), R.load_align(y, 64)
    lo, hi = R.mull(x0, y0, m)
    R.store_align(z, lo, m, 0)
    R.store_align(z, hi, m, 64)
    carry, s0 = R.add_carry(x0, y0, m)
    carry, s1 = R.add_c(x1, y1, carry, m)
    R.store_align(z, s0, m, 128)
    R.store_align(z, s1, m, 192)
    borrow, d0 = R.sub_carry(x0, y0, m)
    borrow, d1 = R.sub_c(x1, y1, borrow, m)
    R.store_align(z, d0, m, 256)
    R.store_align(z, d1, m, 320)
    k = R.load_align(y, 128)
    R.store_align(z, R.shift_left(x0, k, m), m, 384)
    R.store_align(z, R.shift_right(x0, k, m), m, 448)
    positive = R.compares(x0, 0, R.CMPMODE.GT, R.create_mask(x.dtype))
    R.store_align(z, R.unsqueeze(positive, x.dtype), R.create_mask(x.dtype), 512)
    R.store_align(z, R.mul_add_dst(x1, x0, y0, m), m, 576)


def _ints(rng):
    x = rng.integers(-(2**31), 2**31, CAPACITY, dtype=np.int64).astype(np.int32)
    y = rng.integers(-(2**31), 2**31, CAPACITY, dtype=np.int64).astype(np.int32)
    y[128:192] = rng.integers(0, 41, 64)
    y[128:132] = [0, 31, 32, 40]
    return x, y, 0.0


def _words(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return (hi.astype(np.int64) << 32) | lo.view(np.uint32).astype(np.int64)


def _int32_golden(x, y, s, z):
    out = z.copy()
    on = np.arange(64) < 60
    x0, x1, y0 = x[:64], x[64:128], y[:64]
    product = x0.astype(np.int64) * y0.astype(np.int64)
    out[0:64] = np.where(on, product.astype(np.int32), z[0:64])
    out[64:128] = np.where(on, (product >> 32).astype(np.int32), z[64:128])
    a, b = _words(x0, x1), _words(y0, y[64:128])
    for base, v in ((128, a + b), (256, a - b)):  # (int64 wraps as the words do)
        out[base : base + 64] = np.where(on, v.astype(np.int32), z[base : base + 64])
        out[base + 64 : base + 128] = np.where(on, (v >> 32).astype(np.int32), 0)
    k = y[128:192].astype(np.int64)
    u = x0.view(np.uint32).astype(np.int64)
    left = np.where(k >= 32, 0, (u & 0x80000000) | ((u << np.minimum(k, 31)) & 0x7FFFFFFF))
    out[384:448] = np.where(on, left.astype(np.uint32).view(np.int32), 0)
    out[448:512] = np.where(on, x0.astype(np.int64) >> np.minimum(k, 63), 0).astype(np.int32)
    counts = np.cumsum(x0 > 0)
    out[512:576] = np.concatenate(([0], counts[:-1]))
    mad = x0.astype(np.int64) * y0 + x1
    out[576:640] = np.where(on, mad.astype(np.int32), 0)
    return out


def test_int32_mull_carry_chain_shifts_and_unsqueeze_match_numpy():
    port = Port(int32_vf, 0, _ints, _int32_golden, check=_exact, dtype=np.dtype(np.int32))
    outcome = run_sample(Sample("int32", port))
    assert outcome.passed, outcome.detail
    cpp = outcome.cpp
    assert "AscendC::Reg::Mull(lo, hi, x0, y0, m);" in cpp
    assert "AscendC::Reg::Add(carry, s0, x0, y0, m);" in cpp
    assert "AscendC::Reg::AddC(carry_1, s1, x1, y1, carry, m);" in cpp
    assert "AscendC::Reg::SubC(borrow_1, d1, x1, y1, borrow, m);" in cpp
    assert "AscendC::Reg::ShiftRight(" in cpp and "AscendC::Reg::Unsqueeze(" in cpp


# -- the other widths: 8-, 16-, 64-bit shifts, 64-bit Axpy / MulAddDst ---------------------------


@asc.vf
def narrow_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x uint16, y int16 (shifts 0..20); z[0:128] ShiftLeft, z[128:256] ShiftRight;
    z[256:384] MulAddDst (wrapping) of x with itself; under the first 100 elements."""
    m = R.update_mask(100, x.dtype)[0]
    a, k = R.load_align(x), R.load_align(y)
    R.store_align(z, R.shift_left(a, k, m), R.create_mask(x.dtype), 0)
    R.store_align(z, R.shift_right(a, k, m), R.create_mask(x.dtype), 128)
    R.store_align(z, R.mul_add_dst(a, a, a, m), R.create_mask(x.dtype), 256)


def _u16(rng):
    return (rng.integers(0, 2**16, CAPACITY).astype(np.uint16),
            rng.integers(0, 21, CAPACITY).astype(np.int16), 0.0)  # fmt: skip


def _narrow_golden(x, y, s, z):
    out = z.copy()
    on = np.arange(128) < 100
    u, k = x[:128].astype(np.int64), y[:128].astype(np.int64)
    out[0:128] = np.where(on & (k < 16), (u << np.minimum(k, 15)) & 0xFFFF, 0)
    out[128:256] = np.where(on & (k < 16), u >> np.minimum(k, 15), 0)
    out[256:384] = np.where(on, (u * u + u) & 0xFFFF, 0)
    return out


@asc.vf
def wide_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x, y int64 (y[32:64] shifts 0..32, negatives' lanes masked off); z[0:32] Axpy
    with scalar 3 (wrapping), z[32:64] MulAddDst, z[64:96] ShiftLeft, z[96:128]
    ShiftRight, under the first 30 elements."""
    m = R.update_mask(30, x.dtype)[0]
    a, b, k = R.load_align(x), R.load_align(y), R.load_align(y, 32)
    R.store_align(z, R.axpy(b, a, 3, m), m, 0)
    R.store_align(z, R.mul_add_dst(b, a, b, m), m, 32)
    R.store_align(z, R.shift_left(a, k, m), m, 64)
    R.store_align(z, R.shift_right(a, k, m), m, 96)


def _i64(rng):
    x = rng.integers(-(2**63), 2**63 - 1, CAPACITY, dtype=np.int64)
    # the shifted values within what the header's 64-bit composition and the pages agree
    # on (|x| < 2**28, counts 0..32: ops/shifts.py; beyond it an error, tested below)
    x[:32] = rng.integers(-(2**28), 2**28, 32)
    y = rng.integers(-(2**63), 2**63 - 1, CAPACITY, dtype=np.int64)
    y[32:64] = rng.integers(0, 33, 32)
    y[32:36] = [0, 31, 32, 1]
    y[62:64] = -1  # (elements 30, 31 of the shift register: off)
    return x, y, 0.0


def _wide_golden(x, y, s, z):
    out = z.copy()
    a, b, k = x[:32], y[:32], y[32:64]
    on = np.arange(32) < 30
    with np.errstate(over="ignore"):
        out[0:32] = np.where(on, 3 * a + b, 0)
        out[32:64] = np.where(on, a * b + b, 0)
    ok = np.clip(k, 0, 63)
    u = a.view(np.uint64)
    low = ((u << ok.astype(np.uint64)) & np.uint64(2**63 - 1)) | (u & np.uint64(2**63))
    out[64:96] = np.where(on & (k < 64), low.view(np.int64), 0)
    out[96:128] = np.where(on, a >> ok, 0)
    return out


@asc.vf
def widen_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x int16, z int32: the sum of x[0:100] in z[0], the block sums in z[64:72]."""
    m = R.update_mask(100, x.dtype)[0]
    r, full = R.load_align(x), R.create_mask(z.dtype)
    R.store_align(z, R.reduce_widening(r, m, asc.int32), full, 0)
    R.store_align(z, R.reduce_data_block_widening(r, m, asc.int32), full, 64)


def _i16(rng):
    x = rng.integers(-(2**15), 2**15, CAPACITY).astype(np.int16)
    return x, x.copy(), 0.0


def _widen_golden(x, y, s, z):
    out = z.copy()
    v = np.where(np.arange(128) < 100, x[:128].astype(np.int64), 0)
    out[0:64] = 0
    out[0] = v.sum()  # (beyond int16: the point of widening)
    out[64:128] = 0
    out[64:72] = v.reshape(8, 16).sum(axis=1)
    return out


def test_8_16_64_bit_shifts_multiply_adds_and_widening_sums_match_numpy():
    port = Port(narrow_vf, 0, _u16, _narrow_golden, check=_exact,
                dtype=np.dtype(np.uint16), y_dtype=np.dtype(np.int16))  # fmt: skip
    outcome = run_sample(Sample("u16", port))
    assert outcome.passed, outcome.detail
    port = Port(wide_vf, 0, _i64, _wide_golden, check=_exact, dtype=np.dtype(np.int64))
    outcome = run_sample(Sample("i64", port))
    assert outcome.passed, outcome.detail
    assert "AscendC::Reg::Axpy(v2, a, c3_i64, m);" in outcome.cpp
    port = Port(widen_vf, 0, _i16, _widen_golden, check=_exact,
                dtype=np.dtype(np.int16), out_dtype=np.dtype(np.int32))  # fmt: skip
    outcome = run_sample(Sample("widen", port))
    assert outcome.passed, outcome.detail
    assert "AscendC::Reg::Reduce<AscendC::Reg::ReduceType::SUM>(v2, r, m);" in outcome.cpp


# -- mask registers: Select, Interleave / DeInterleave, Pack / UnPack, MoveMask ------------------


@asc.vf
def masks_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
    """x, y, z bytes; a, b, sel: masks of x[0:32], x[32:64], y[0:32]. z[32k:32k+32]:
    Select, Interleave<half> (2), DeInterleave<float> (2), Pack HIGHEST, UnPack LOWEST,
    UnPack HIGHEST, and MoveMask<half> of the kernel's default (full) vector mask."""
    a, b, sel = R.load_mask(x), R.load_mask(x, 32), R.load_mask(y)
    R.store_mask(z, R.mask_select(a, b, sel), 0)
    lo, hi = R.mask_interleave(a, b, asc.float16)
    R.store_mask(z, lo, 32)
    R.store_mask(z, hi, 64)
    even, odd = R.mask_deinterleave(a, b, asc.float32)
    R.store_mask(z, even, 96)
    R.store_mask(z, odd, 128)
    R.store_mask(z, R.mask_pack(a, R.HighLowPart.HIGHEST), 160)
    R.store_mask(z, R.mask_unpack(b), 192)
    R.store_mask(z, R.mask_unpack(b, R.HighLowPart.HIGHEST), 224)
    R.store_mask(z, R.move_mask(asc.float16), 256)


def _bytes(rng):
    return (rng.integers(0, 256, CAPACITY).astype(np.uint8),
            rng.integers(0, 256, CAPACITY).astype(np.uint8), 0.0)  # fmt: skip


def _bits(v: np.ndarray) -> np.ndarray:
    return np.unpackbits(v, bitorder="little").astype(bool)


def _mask_lanes(bits: np.ndarray, size: int) -> np.ndarray:
    """A mask's elements of `size` bytes: each is its first byte's bit (the simulator's
    reading of a mask, `ops/reg.py`)."""
    return bits[::size]


def _mask_bits(lanes: np.ndarray, size: int) -> np.ndarray:
    out = np.zeros(256, bool)
    out[::size] = lanes
    return out


def _masks_golden(x, y, s, z):
    a, b, sel = _bits(x[:32]), _bits(x[32:64]), _bits(y[:32])
    rows = [np.where(sel, a, b)]
    la, lb = _mask_lanes(a, 2), _mask_lanes(b, 2)
    mixed = np.ravel(np.column_stack([la, lb]))
    rows += [_mask_bits(mixed[:128], 2), _mask_bits(mixed[128:], 2)]
    both = np.concatenate([_mask_lanes(a, 4), _mask_lanes(b, 4)])
    rows += [_mask_bits(both[0::2], 4), _mask_bits(both[1::2], 4)]
    rows.append(np.concatenate([np.zeros(128, bool), a[0::2]]))
    for half in (b[:128], b[128:]):
        spread = np.zeros(256, bool)
        spread[0::2] = half
        rows.append(spread)
    rows.append(_mask_bits(np.ones(128, bool), 2))
    out = z.copy()
    for k, row in enumerate(rows):
        out[32 * k : 32 * k + 32] = np.packbits(row, bitorder="little")
    return out


def test_mask_register_select_interleave_pack_and_move_mask_match_numpy():
    port = Port(masks_vf, 0, _bytes, _masks_golden, check=_exact,
                dtype=np.dtype(np.uint8))  # fmt: skip
    outcome = run_sample(Sample("masks", port))
    assert outcome.passed, outcome.detail
    cpp = outcome.cpp
    assert "AscendC::Reg::Interleave<half>(lo, hi, a, b);" in cpp
    assert "AscendC::Reg::Pack<AscendC::Reg::HighLowPart::HIGHEST>(" in cpp
    assert "AscendC::Reg::MaskReg v5 = AscendC::Reg::MoveMask<half>();" in cpp


@asc.vf
def move_mask_vf(z: R.UbPointer):
    R.store_mask(z, R.move_mask(asc.float16), 0)
    R.store_mask(z, R.move_mask(asc.int32), 32)


HIGH, LOW = 0x0123_4567_89AB_CDEF, 0x7EDC_BA98_7654_3210


@asc.jit
def move_mask_kernel(z: asc.GlobalAddress):
    """MoveMask<half> and MoveMask<int32_t> of the mask SetVectorMask set, as 64 bytes."""
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    ub = asc.LocalMemAllocator()
    zl = ub.alloc(asc.TPosition.VECOUT, asc.uint8, 64)
    asc.set_vector_mask(HIGH, LOW, asc.float16, asc.MaskMode.NORMAL)
    move_mask_vf(zl)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 64)


def test_move_mask_reads_the_vector_mask_register():
    z = np.zeros(64, np.uint8)
    move_mask_kernel[1](z, platform="Ascend950PR_9599")
    bits = _bits(np.frombuffer(np.array([LOW, HIGH], np.uint64).tobytes(), np.uint8))
    golden = np.concatenate([_mask_bits(bits, 2), _mask_bits(bits[:64], 4)])
    assert _exact(z, np.packbits(golden, bitorder="little")) is None


def test_negative_shift_and_python_errors_are_located():
    @asc.vf
    def bad_shift_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
        m = R.create_mask(x.dtype)
        R.store_align(z, R.shift_left(R.load_align(x), R.load_align(y), m), m, 0)

    def negative(rng):
        x, y, s = _ints(rng)
        y[:64] = 1
        y[5] = -2
        return x, y, s

    port = Port(bad_shift_vf, 0, negative, lambda x, y, s, z: z, dtype=np.dtype(np.int32))
    outcome = run_sample(Sample("negative", port))
    assert not outcome.passed
    assert "ShiftLeft: element 5 is shifted by -2: a negative shift is undefined" in outcome.detail

    @asc.vf
    def wrong_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
        m = R.create_mask(x.dtype)
        R.mull(R.load_align(x), R.load_align(x), m)

    # int64: where the dav_3510 composition (ShiftL / ShiftR of the two words) and the
    # page disagree, or a right shift past 32, the Reg layer says so, as the basic API
    @asc.vf
    def wide_shift_vf(x: R.UbPointer, y: R.UbPointer, z: R.UbPointer, n: int, s: float):
        m = R.create_mask(x.dtype)
        R.store_align(z, R.shift_right(R.load_align(x), R.load_align(y), m), m, 0)

    for value, count, says in (
        (-(2**62), 1, "-4611686018427387904 >> 1: the dav_3510 64-bit composition"),
        (5, 40, "5 shifted by 40: out of the counts the dav_3510 64-bit composition"),
    ):

        def make(rng, value=value, count=count):
            x = np.zeros(CAPACITY, np.int64)
            y = np.zeros(CAPACITY, np.int64)
            x[3], y[3] = value, count
            return x, y, 0.0

        port = Port(wide_shift_vf, 0, make, lambda x, y, s, z: z, dtype=np.dtype(np.int64))
        outcome = run_sample(Sample("wide", port))
        assert not outcome.passed and says in outcome.detail, outcome.detail
        assert "R.shift_right(R.load_align(x), R.load_align(y), m)" in outcome.detail

    port = Port(wrong_vf, 0, _floats, lambda x, y, s, z: z)
    outcome = run_sample(Sample("wrong", port))
    assert "Mull does not support T = f32 on Ascend 950" in outcome.detail
    assert "R.mull(R.load_align(x), R.load_align(x), m)\n" in outcome.detail
