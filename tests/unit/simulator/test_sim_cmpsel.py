"""Compare / CompareScalar / Compare into CMPMASK / Get/SetCmpMask / Select on the
simulator against numpy: every CMPMODE, NaN, the count and repeat forms, strides, the
three select modes and the register forms, and the CMPMASK side effects."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator.errors import SimulatorError

CAP = 4096
BIN = "!ascendc.binary_repeat_params"
UN = "!ascendc.unary_repeat_params"
MODES = {
    0: np.less,
    1: np.greater,
    2: np.equal,
    3: np.less_equal,
    4: np.greater_equal,
    5: np.not_equal,
}
_K: dict = {}


def _kernel(key, body, dtypes, scalars):
    if key not in _K:
        _K[key] = simkit.inout_kernel(body, dtypes, scalars, capacity=CAP)
    return _K[key]


def _floats(dtype, rng, nan=True):
    n = CAP // np.dtype(dtype).itemsize
    x = rng.integers(-3, 4, n).astype(dtype)  # small integers: many ties for EQ/LE/GE
    if nan:
        x[::9] = np.nan
        x[4::17] = np.inf
    return x


def _bits(x):
    return np.packbits(x, bitorder="little")


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_compare_count_form(mode, dtype):
    k = _kernel(
        ("cmp2", mode, dtype),
        f"ascendc.compare_l2 %b2, %b0, %b1, %s0 {{cmpMode = {mode} : i64}} : {{lt2}}, {{lt0}}, {{lt1}}, i32",
        [dtype, dtype, "uint8"],
        ["i32"],
    )
    rng = np.random.default_rng(mode)
    a, b = _floats(dtype, rng), _floats(dtype, rng)
    out = np.full(CAP, 0xAA, np.uint8)
    n = 1024 if dtype == "float16" else 512
    k[1](a, b, out, n)
    want = _bits(MODES[mode](a[:n], b[:n]))
    np.testing.assert_array_equal(out[: n // 8], want)
    assert (out[n // 8 :] == 0xAA).all()


def test_compare_int32_eq_and_scalar_forms():
    k = _kernel(
        ("cmp-i32",),
        "ascendc.compare_l2 %b2, %b0, %b1, %s0 {cmpMode = 2 : i64} : {lt2}, {lt0}, {lt1}, i32",
        ["int32", "int32", "uint8"],
        ["i32"],
    )
    rng = np.random.default_rng(3)
    a = rng.integers(-2, 2, 1024).astype(np.int32)
    b = rng.integers(-2, 2, 1024).astype(np.int32)
    out = np.zeros(CAP, np.uint8)
    k[1](a, b, out, 128)
    np.testing.assert_array_equal(out[:16], _bits(a[:128] == b[:128]))


@pytest.mark.parametrize("mode", sorted(MODES))
def test_compare_scalar_count_and_repeat_forms(mode):
    k = _kernel(
        ("cmps", mode),
        f"""
        ascendc.compare_scalar_l2 %b1, %b0, %s0, %s1 {{cmpMode = {mode} : i64}} : {{lt1}}, {{lt0}}, f32, i32
        %p = ascendc.construct {UN}(%s2, %s3, %s4, %s5) : i32, i32, i32, i32
        ascendc.compare_scalar_l0 %b2, %b0, %s0, %s6, %s7, %p {{cmpMode = {mode} : i64, isSetMask}} : {{lt2}}, {{lt0}}, f32, i32, i32, {UN}
        """,
        ["float32", "uint8", "uint8"],
        ["f32", "i32", "i32", "i32", "i32", "i32", "i32", "i32"],
    )
    rng = np.random.default_rng(4)
    a = _floats("float32", rng)
    o1, o2 = np.zeros(CAP, np.uint8), np.zeros(CAP, np.uint8)
    # L0: mask 5 is ignored (Compare has no mask on A2/A3); src block stride 2, repeat 16
    k[1](a, o1, o2, np.float32(1.0), 192, 1, 2, 8, 16, 5, 3)
    np.testing.assert_array_equal(o1[:24], _bits(MODES[mode](a[:192], np.float32(1))))
    pos = np.array([r * 128 + (e // 8) * 16 + e % 8 for r in range(3) for e in range(64)])
    np.testing.assert_array_equal(o2[:24], _bits(MODES[mode](a[pos], np.float32(1))))


def test_compare_count_not_a_multiple_of_256_bytes_is_an_error():
    k = _kernel(
        ("cmp2", 0, "float32"),
        "ascendc.compare_l2 %b2, %b0, %b1, %s0 {cmpMode = 0 : i64} : {lt2}, {lt0}, {lt1}, i32",
        ["float32", "float32", "uint8"],
        ["i32"],
    )
    z = np.zeros(1024, np.float32)
    with pytest.raises(SimulatorError, match="multiple of 256"):
        k[1](z, z.copy(), np.zeros(CAP, np.uint8), 100)


def test_compare_into_cmpmask_then_get_and_select_mode0_register_form():
    """Compare(src0, src1, LT, mask=40) -> CMPMASK; GetCmpMask; Select register form in
    mode 0 picks src0 where bit e of CMPMASK is set, for element e of every repeat."""
    k = _kernel(
        ("cmpr",),
        f"""
        %p = ascendc.construct {BIN}()
        ascendc.compare_r_l0 %b0, %b1, %s0, %p {{cmpMode = 0 : i64, isSetMask}} : {{lt0}}, {{lt1}}, i32, {BIN}
        ascendc.get_cmp_mask %b2 : {{lt2}}
        ascendc.reset_mask
        ascendc.select_reg %b3, %b0, %b1, %s1, %p {{selMode = 0 : i32}} : {{lt3}}, {{lt0}}, {{lt1}}, i32, {BIN}
        """,
        ["float32", "float32", "uint8", "float32"],
        ["i32", "i32"],
    )
    rng = np.random.default_rng(5)
    a, b = _floats("float32", rng, nan=False), _floats("float32", rng, nan=False)
    m, d = np.zeros(CAP, np.uint8), np.full(1024, -9, np.float32)
    k[1](a, b, m, d, 40, 3)
    bits = np.zeros(128, bool)
    bits[:40] = a[:40] < b[:40]
    np.testing.assert_array_equal(m[:16], _bits(bits))
    want = np.full(1024, -9, np.float32)
    for r in range(3):
        sl = slice(r * 64, (r + 1) * 64)
        want[sl] = np.where(bits[:64], a[sl], b[sl])
    np.testing.assert_array_equal(d, want)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_select_modes_count_form(dtype):
    """Mode 0: selMask's first 128 bits for every repeat; mode 1: src1 is a scalar,
    mode 2: one bit per element; both consume Erep bits per repeat."""
    t = simkit.mlir_type(dtype)
    k = _kernel(
        ("sel2", dtype),
        f"""
        ascendc.select_l2 %b3, %b2, %b0, %b1, %s0 {{selMode = 0 : i32}} : {{lt3}}, {{lt2}}, {{lt0}}, {{lt1}}, i32
        ascendc.select_scalar_l2 %b4, %b2, %b0, %s1, %s0 {{selMode = 1 : i32}} : {{lt4}}, {{lt2}}, {{lt0}}, {t}, i32
        ascendc.select_l2 %b5, %b2, %b0, %b1, %s0 {{selMode = 2 : i32}} : {{lt5}}, {{lt2}}, {{lt0}}, {{lt1}}, i32
        """,
        [dtype, dtype, "uint8", dtype, dtype, dtype],
        ["i32", t],
    )
    rng = np.random.default_rng(6)
    n = CAP // np.dtype(dtype).itemsize
    a, b = _floats(dtype, rng), _floats(dtype, rng)
    sel = rng.integers(0, 256, CAP).astype(np.uint8)
    outs = [np.full(n, 5, dtype) for _ in range(3)]
    count = 300
    k[1](a, b, sel, *outs, count, np.dtype(dtype).type(0.5))
    erep = 256 // np.dtype(dtype).itemsize
    bits = np.unpackbits(sel, bitorder="little").astype(bool)
    e = np.arange(count)
    w0, w1, w2 = (np.full(n, 5, dtype) for _ in range(3))
    w0[:count] = np.where(bits[e % erep], a[:count], b[:count])
    w1[:count] = np.where(bits[:count], a[:count], np.dtype(dtype).type(0.5))
    w2[:count] = np.where(bits[:count], a[:count], b[:count])
    for got, want in zip(outs, (w0, w1, w2), strict=True):
        np.testing.assert_array_equal(got, want)


def test_select_level0_mask_strides_and_cmpmask_side_effects():
    """Mode 2 with a bit mask and strides; afterwards CMPMASK holds selMask's address
    (GetCmpMask), and the scalar register form reads the scalar mode 1 left there."""
    k = _kernel(
        ("sel0",),
        f"""
        %p = ascendc.construct {BIN}(%s2, %s3, %s3, %s4, %s5, %s5) : i32, i32, i32, i32, i32, i32
        ascendc.select_l1 %b3, %b2, %b0, %b1, %s0, %s1, %s6, %p {{isSetMask, selMode = 2 : i32}} : {{lt3}}, {{lt2}}, {{lt0}}, {{lt1}}, ui64, ui64, i32, {BIN}
        ascendc.get_cmp_mask %b4 : {{lt4}}
        ascendc.select_scalar_l2 %b5, %b2, %b0, %s7, %s8 {{selMode = 1 : i32}} : {{lt5}}, {{lt2}}, {{lt0}}, f32, i32
        %d = ascendc.construct {BIN}()
        ascendc.reset_mask
        ascendc.select_scalar_reg %b6, %b2, %b1, %s6, %d : {{lt6}}, {{lt2}}, {{lt1}}, i32, {BIN}
        """,
        ["float32", "float32", "uint8", "float32", "uint8", "float32", "float32"],
        ["ui64", "ui64", "i32", "i32", "i32", "i32", "i32", "f32", "i32"],
    )
    rng = np.random.default_rng(7)
    a, b = _floats("float32", rng), _floats("float32", rng)
    sel = rng.integers(0, 256, CAP).astype(np.uint8)
    d3, d5, d6 = (np.full(1024, 3, np.float32) for _ in range(3))
    d4 = np.zeros(CAP, np.uint8)
    lo = 0xFFFF_0000_F0F0_1234
    k[1](a, b, sel, d3, d4, d5, d6, lo, 0, 2, 1, 16, 8, 2, np.float32(-1), 64)
    bits = np.unpackbits(sel, bitorder="little").astype(bool)
    w3 = np.full(1024, 3, np.float32)
    for r in range(2):
        for e in range(64):
            if lo >> e & 1:
                di = r * 16 * 8 + (e // 8) * 2 * 8 + e % 8
                si = r * 64 + e
                w3[di] = a[si] if bits[r * 64 + e] else b[si]
    np.testing.assert_array_equal(d3, w3)
    # sel (buffer 2) sits at UB byte 2 * 4096 of the kernel's buffers
    np.testing.assert_array_equal(d4[:16].view(np.uint32), np.full(4, 2 * CAP, np.uint32))
    w5 = np.full(1024, 3, np.float32)
    w5[:64] = np.where(bits[:64], a[:64], np.float32(-1))
    np.testing.assert_array_equal(d5, w5)
    w6 = np.full(1024, 3, np.float32)
    w6[:128] = np.where(bits[:128], b[:128], np.float32(-1))
    np.testing.assert_array_equal(d6, w6)


def test_set_cmp_mask_then_register_select():
    k = _kernel(
        ("setcmp",),
        f"""
        ascendc.set_cmp_mask %b2 : {{lt2}}
        %p = ascendc.construct {BIN}()
        ascendc.select_reg %b3, %b0, %b1, %s0, %p {{selMode = 0 : i32}} : {{lt3}}, {{lt0}}, {{lt1}}, i32, {BIN}
        """,
        ["float16", "float16", "uint8", "float16"],
        ["i32"],
    )
    rng = np.random.default_rng(8)
    a, b = _floats("float16", rng), _floats("float16", rng)
    sel = rng.integers(0, 256, CAP).astype(np.uint8)
    d = np.zeros(2048, np.float16)
    k[1](a, b, sel, d, 2)
    bits = np.unpackbits(sel[:16], bitorder="little").astype(bool)
    want = np.zeros(2048, np.float16)
    want[:256] = np.where(np.tile(bits, 2), a[:256], b[:256])
    np.testing.assert_array_equal(d, want)


def test_register_select_without_cmpmask_is_an_error():
    k = simkit.inout_kernel(
        f"""
        %p = ascendc.construct {BIN}()
        ascendc.select_reg %b2, %b0, %b1, %s0, %p {{selMode = 0 : i32}} : {{lt2}}, {{lt0}}, {{lt1}}, i32, {BIN}
        """,
        ["float32"] * 3,
        ["i32"],
        capacity=CAP,
    )
    z = np.zeros(1024, np.float32)
    with pytest.raises(SimulatorError, match="CMPMASK register, which nothing has set"):
        k[1](z, z.copy(), z.copy(), 1)
