"""Cast in the mask forms (every round mode on the pairs that need one, strides of
the narrower side, counter mode), the int32 -> half conversions through DEQSCALE
(Cast, AddDeqRelu), CastDequant int16 -> int8/uint8, AddReluCast/SubReluCast, MulCast and MulAddDst with a wider
destination, on the simulator against numpy."""

from __future__ import annotations

import numpy as np
import pytest
import simkit
import vecref

from asc_xdsl.runtime.simulator.errors import SimulatorError

UN = "!ascendc.unary_repeat_params"
BIN = "!ascendc.binary_repeat_params"
CAP = 4096
_K: dict = {}


def _kernel(key, body, dtypes, scalars, capacity=CAP):
    if key not in _K:
        _K[key] = simkit.inout_kernel(body, dtypes, scalars, capacity=capacity)
    return _K[key]


def _round(x, mode):
    x = x.astype(np.float64)
    return {
        1: np.rint,
        2: np.floor,
        3: np.ceil,
        4: lambda v: np.copysign(np.floor(np.abs(v) + 0.5), v),
        5: np.trunc,
    }[mode](x)


@pytest.mark.parametrize("mode", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("level", [0, 1])
def test_cast_f32_to_i32_mask_forms(mode, level):
    mt, mask = ("i32", "%s4") if level == 0 else ("ui64, ui64", "%s4, %s5")
    k = _kernel(
        ("cast", mode, level),
        f"""
        %p = ascendc.construct {UN}(%s0, %s1, %s2, %s3) : i32, i32, i32, i32
        ascendc.cast_l{level} %b1, %b0, {mask}, %s6, %p {{isSetMask, roundMode = {mode} : i32}} : {{lt1}}, {{lt0}}, {mt}, i32, {UN}
        """,
        ["float32", "int32"],
        ["i32"] * 4 + (["i32", "i32"] if level == 0 else ["ui64", "ui64"]) + ["i32"],
    )
    rng = np.random.default_rng(mode)
    src = (rng.integers(-40, 40, 1024) / 4).astype(np.float32)  # many .5 ties
    dst = np.full(1024, 77, np.int32)
    bits = (1 << 50) - 1 if level == 0 else 0xF0F0_F0F0_FFFF_0001
    margs = [50, 0] if level == 0 else [bits, 0]
    got = dst.copy()
    k[1](src, got, 1, 2, 8, 16, *margs, 3)
    ls = vecref.lanes(64, 3, bits)
    (_, want) = vecref.run(
        [src, dst], 1, [0], [(1, 8), (2, 16)], lambda x: _round(x, mode).astype(np.int32), 64, ls
    )
    np.testing.assert_array_equal(got, want)


def test_cast_f32_to_f16_narrow_side_strides_and_counter_mode():
    """64 elements per repeat (the wider type); the half destination advances 4 blocks
    per repeat when contiguous."""
    k = _kernel(
        ("cast-f16",),
        f"""
        %p = ascendc.construct {UN}(%s0, %s0, %s1, %s2) : i32, i32, i32, i32
        ascendc.set_mask_count
        ascendc.cast_l1 %b1, %b0, %s3, %s4, %s5, %p {{isSetMask, roundMode = 1 : i32}} : {{lt1}}, {{lt0}}, ui64, ui64, i32, {UN}
        ascendc.set_mask_norm
        """,
        ["float32", "float16"],
        ["i32", "i32", "i32", "ui64", "ui64", "i32"],
    )
    src = np.random.default_rng(1).uniform(-100, 100, 1024).astype(np.float32)
    dst = np.zeros(2048, np.float16)
    k[1](src, dst, 1, 4, 8, 150, 0, 1)
    want = np.zeros(2048, np.float16)
    want[:150] = src[:150].astype(np.float16)
    np.testing.assert_array_equal(dst, want)


def test_int32_to_half_goes_through_deq_scale():
    k = _kernel(
        ("deq",),
        """
        ascendc.set_deq_scale %s0 : f16
        ascendc.cast_l2 %b1, %b0, %s1 {roundMode = 0 : i32} : {lt1}, {lt0}, i32
        ascendc.add_deq_relu_l2 %b2, %b0, %b3, %s1 : {lt2}, {lt0}, {lt3}, i32
        """,
        ["int32", "float16", "float16", "int32"],
        ["f16", "i32"],
    )
    rng = np.random.default_rng(2)
    a = rng.integers(-5000, 5000, 1024).astype(np.int32)
    b = rng.integers(-5000, 5000, 1024).astype(np.int32)
    d1, d2 = np.zeros(2048, np.float16), np.zeros(2048, np.float16)
    k[1](a, d1, d2, b, np.float16(0.125), 300)
    w1, w2 = np.zeros(2048, np.float16), np.zeros(2048, np.float16)
    w1[:300] = (a[:300] * 0.125).astype(np.float16)
    w2[:300] = np.maximum(((a[:300] + b[:300]) * 0.125).astype(np.float16), 0)
    np.testing.assert_array_equal(d1, w1)
    np.testing.assert_array_equal(d2, w2)


def test_int32_to_half_without_deq_scale_is_an_error():
    k = simkit.inout_kernel(
        "ascendc.cast_l2 %b1, %b0, %s0 {roundMode = 0 : i32} : {lt1}, {lt0}, i32",
        ["int32", "float16"],
        ["i32"],
    )
    with pytest.raises(SimulatorError, match=r"SetDeqScale\(half scale\) first"):
        k[1](np.zeros(1024, np.int32), np.zeros(2048, np.float16), 8)


@pytest.mark.parametrize(
    ("src", "dst"), [("float32", "float16"), ("float16", "int8"), ("int16", "int8")]
)
@pytest.mark.parametrize("op", ["add", "sub"])
@pytest.mark.parametrize("level", [0, 2])
def test_relu_cast(src, dst, op, level):
    if level == 2:
        body = f"ascendc.{op}_relu_cast_l2 %b2, %b0, %b1, %s0 : {{lt2}}, {{lt0}}, {{lt1}}, i32"
        scalars = ["i32"]
    else:
        body = f"""
        %p = ascendc.construct {BIN}()
        ascendc.{op}_relu_cast_l0 %b2, %b0, %b1, %s0, %s1, %p {{isSetMask}} : {{lt2}}, {{lt0}}, {{lt1}}, i32, i32, {BIN}
        """
        scalars = ["i32", "i32"]
    k = _kernel(("rc", src, dst, op, level), body, [src, src, dst], scalars)
    rng = np.random.default_rng(3)
    n_src = CAP // np.dtype(src).itemsize
    a = rng.integers(-300, 300, n_src).astype(src)
    b = rng.integers(-300, 300, n_src).astype(src)
    out = np.full(CAP // np.dtype(dst).itemsize, 5, dst)
    erep = 256 // max(np.dtype(src).itemsize, np.dtype(dst).itemsize)
    r = (a + b) if op == "add" else (a - b)
    conv = np.maximum(r, 0).astype(np.float64)
    if np.dtype(dst).kind == "i":
        info = np.iinfo(dst)
        conv = np.clip(np.rint(conv), info.min, info.max)
    conv = conv.astype(dst)
    want = out.copy()
    if level == 2:
        k[1](a, b, out, 200)
        want[:200] = conv[:200]
    else:
        k[1](a, b, out, erep - 3, 2)
        # default strides: each side 8 blocks per repeat of its own type
        for rr in range(2):
            for e in range(erep - 3):
                want[vecref.pos(rr, e, out.itemsize, 1, 8)] = conv[
                    vecref.pos(rr, e, a.itemsize, 1, 8)
                ]
    np.testing.assert_array_equal(out, want)


def test_mul_cast_and_mul_add_dst_wider_destination():
    k = _kernel(
        ("mulcast",),
        """
        ascendc.mul_cast_l2 %b2, %b0, %b1, %s0 : {lt2}, {lt0}, {lt1}, i32
        ascendc.mul_add_dst_l2 %b3, %b0, %b1, %s0 : {lt3}, {lt0}, {lt1}, i32
        """,
        ["float16", "float16", "int8", "float32"],
        ["i32"],
    )
    rng = np.random.default_rng(4)
    a = rng.integers(-20, 20, 2048).astype(np.float16)
    b = rng.integers(-20, 20, 2048).astype(np.float16)
    d8 = np.zeros(CAP, np.int8)
    d32 = rng.uniform(-1, 1, 1024).astype(np.float32)
    w32 = d32.copy()
    k[1](a, b, d8, d32, 256)
    w8 = np.zeros(CAP, np.int8)
    w8[:256] = np.clip(a[:256].astype(np.float64) * b[:256], -128, 127).astype(np.int8)
    w32[:256] = (a[:256].astype(np.float64) * b[:256] + w32[:256]).astype(np.float32)
    np.testing.assert_array_equal(d8, w8)
    np.testing.assert_array_equal(d32, w32)


def _dequant(x, scale, offset, dt):
    """CastDequant's reference: the scale cut to (1, 8, 10), offset 9-bit, rint, saturate."""
    s = np.array([scale], np.float32).view(np.uint32) & np.uint32(0xFFFFE000)
    off = ((offset & 0x1FF) ^ 0x100) - 0x100
    y = np.rint(x.astype(np.float64) * float(s.view(np.float32)[0]) + off)
    return np.clip(y, np.iinfo(dt).min, np.iinfo(dt).max).astype(dt)


@pytest.mark.parametrize("half_block", [True, False])
@pytest.mark.parametrize(("dst", "sign"), [("int8", 1), ("uint8", 0)])
def test_cast_dequant_count_form(half_block, dst, sign):
    """Each block of 16 int16 sources gives 16 bytes in one half of the dst block at the
    same position (the headers' 1/1/8/8 strides); the other half is kept."""
    hb = "halfBlock, " if half_block else ""
    k = _kernel(
        ("cast-deq", half_block, dst),
        f"""
        ascendc.set_deq_scale %s0, %s1, %s2 : f32, i16, i1
        ascendc.cast_deq_l2 %b1, %b0, %s3 {{{hb.rstrip(", ")}}} : {{lt1}}, {{lt0}}, i32
        """,
        ["int16", dst],
        ["f32", "i16", "i1", "i32"],
    )
    dt = np.dtype(dst)
    src = np.random.default_rng(3).integers(-3000, 3000, 2048).astype(np.int16)
    got = np.full(4096, 7, dt)
    scale, offset, n = 0.1234567, 300, 300  # offset 300 is -212 as a 9-bit integer
    k[1](src, got, np.float32(scale), offset, sign, n)
    want = np.full(4096, 7, dt)
    lane = np.arange(n)
    at = (lane // 16) * 32 + (16 if half_block else 0) + lane % 16
    want[at] = _dequant(src[:n], scale, offset, dt)
    np.testing.assert_array_equal(got, want)


def test_cast_dequant_mask_form_strides():
    """A bit mask over 128 int16 lanes, dst blocks 2 apart and repeats 20 blocks apart,
    results in the first half of each block (halfBlock=false)."""
    k = _kernel(
        ("cast-deq-l1",),
        f"""
        ascendc.set_deq_scale %s0, %s1, %s2 : f32, i16, i1
        %p = ascendc.construct {UN}(%s3, %s4, %s5, %s6) : i32, i32, i32, i32
        ascendc.cast_deq_l1 %b1, %b0, %s7, %s8, %s9, %p {{isSetMask}} : {{lt1}}, {{lt0}}, ui64, ui64, i32, {UN}
        """,
        ["int16", "int8"],
        ["f32", "i16", "i1", "i32", "i32", "i32", "i32", "ui64", "ui64", "i32"],
    )
    src = np.random.default_rng(4).integers(-2000, 2000, 2048).astype(np.int16)
    got = np.zeros(4096, np.int8)
    lo, hi = 0xFFFF_0000_FFFF_00FF, 0x0F0F_0F0F_0F0F_0F0F
    k[1](src, got, np.float32(0.05), -3, 1, 2, 1, 20, 8, lo, hi, 3)
    want = np.zeros(4096, np.int8)
    bits = lo | (hi << 64)
    for r in range(3):
        for lane in (i for i in range(128) if bits >> i & 1):
            b, i = divmod(lane, 16)
            s = r * 8 * 16 + b * 16 + i
            want[r * 20 * 32 + b * 2 * 32 + i] = _dequant(src[s : s + 1], 0.05, -3, np.int8)[0]
    np.testing.assert_array_equal(got, want)


def test_cast_dequant_checks_the_register_and_sign_mode():
    body = """
        {}
        ascendc.cast_deq_l2 %b1, %b0, %s0 {{halfBlock}} : {{lt1}}, {{lt0}}, i32
        """
    bare = simkit.inout_kernel(body.format(""), ["int16", "int8"], ["i32"])
    with pytest.raises(SimulatorError, match=r"SetDeqScale\(float scale, int16_t offset"):
        bare[1](np.zeros(2048, np.int16), np.zeros(4096, np.int8), 32)
    unsigned = simkit.inout_kernel(
        body.format("ascendc.set_deq_scale %s1, %s2, %s3 : f32, i16, i1"),
        ["int16", "int8"],
        ["i32", "f32", "i16", "i1"],
    )
    with pytest.raises(SimulatorError, match="CastDequant to int8 needs signMode=true"):
        unsigned[1](np.zeros(2048, np.int16), np.zeros(4096, np.int8), 32, np.float32(1), 0, 0)


VDEQ_SCALE = np.linspace(0.01, 0.3, 16).astype(np.float32)
VDEQ_OFFSET = np.arange(-8, 8).astype(np.int16) * 9


def _vdeq_table(sign: int) -> str:
    """IR: a VdeqInfo of VDEQ_SCALE, VDEQ_OFFSET and `sign` from stack arrays, packed
    into %b2 (uint64) by SetDeqScale(vdeq, info)."""
    lines = [
        "%vs = memref.alloca() : memref<16xf32>",
        "%vo = memref.alloca() : memref<16xi16>",
        "%vm = memref.alloca() : memref<16xi1>",
        f"%vsign = arith.constant {'true' if sign else 'false'}",
    ]
    for i in range(16):
        lines += [
            f"%i{i} = arith.constant {i} : index",
            f"%s{i}v = arith.constant {float(VDEQ_SCALE[i])!r} : f32",
            f"%o{i}v = arith.constant {int(VDEQ_OFFSET[i])} : i16",
            f"memref.store %s{i}v, %vs[%i{i}] : memref<16xf32>",
            f"memref.store %o{i}v, %vo[%i{i}] : memref<16xi16>",
            f"memref.store %vsign, %vm[%i{i}] : memref<16xi1>",
        ]
    lines += [
        "%info = ascendc.construct !ascendc.vdeq_info(%vs, %vo, %vm) : memref<16xf32>, "
        "memref<16xi16>, memref<16xi1>",
        "ascendc.set_deq_scale_l4 %b2, %info : {lt2}, !ascendc.vdeq_info",
    ]
    return "\n".join(lines)


@pytest.mark.parametrize(("dst", "sign"), [("int8", 1), ("uint8", 0)])
def test_cast_dequant_vector_table(dst, sign):
    """isVecDeq: element i of each block of 16 uses the table's entry i."""
    k = _kernel(
        ("cast-deq-vec", dst),
        _vdeq_table(sign)
        + "\nascendc.cast_deq_l2 %b1, %b0, %s0 {halfBlock, isVecDeq} : {lt1}, {lt0}, i32",
        ["int16", dst, "uint64"],
        ["i32"],
    )
    dt = np.dtype(dst)
    src = np.random.default_rng(8).integers(-2000, 2000, 2048).astype(np.int16)
    got, table = np.full(4096, 5, dt), np.zeros(512, np.uint64)
    k[1](src, got, table, 256)
    words = [  # the headers' MakeDeqScaleConfig
        (sign << 46) | ((int(o) & 0x1FF) << 37) | int(v.view(np.uint32))
        for v, o in zip(VDEQ_SCALE, VDEQ_OFFSET, strict=True)
    ]
    assert table[:16].tolist() == words
    want = np.full(4096, 5, dt)
    for n in range(256):
        e = n % 16
        want[(n // 16) * 32 + 16 + e] = _dequant(
            src[n : n + 1], VDEQ_SCALE[e], int(VDEQ_OFFSET[e]), dt
        )[0]
    np.testing.assert_array_equal(got, want)


def test_cast_dequant_vector_table_checks():
    k = simkit.inout_kernel(
        "ascendc.cast_deq_l2 %b1, %b0, %s0 {halfBlock, isVecDeq} : {lt1}, {lt0}, i32",
        ["int16", "int8"],
        ["i32"],
    )
    with pytest.raises(SimulatorError, match=r"needs the DEQSCALE table: call SetDeqScale\(vdeq"):
        k[1](np.zeros(2048, np.int16), np.zeros(4096, np.int8), 32)
    k = simkit.inout_kernel(
        _vdeq_table(0)
        + "\nascendc.cast_deq_l2 %b1, %b0, %s0 {halfBlock, isVecDeq} : {lt1}, {lt0}, i32",
        ["int16", "int8", "uint64"],
        ["i32"],
    )
    with pytest.raises(SimulatorError, match=r"to int8 needs signMode=true .*entry 0 is false"):
        k[1](np.zeros(2048, np.int16), np.zeros(4096, np.int8), np.zeros(512, np.uint64), 32)
