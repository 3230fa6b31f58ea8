"""Ascend 950 (issue 30), session 9: the mask forms (level 0: a count mask, level 1: a bit
mask, with UnaryRepeatParams) of the flexible-scalar-position Adds ... Ors (both sources
LocalTensors, `BinaryConfig::scalarTensorIndex`), bfloat16 and complex in their count
forms, and the 3510 dtypes of the ordinary Adds / Muls / Maxs / Mins that the Atlas A2/A3
table leaves out (bfloat16 in the mask forms, 8- and 64-bit ints and bfloat16 in Maxs /
Mins' count forms): computed on the simulator against numpy, and refused off Ascend 950
at the user's line. The emitted C++ is header-checked for 3510 through
`tests/filecheck/ascend950/vecforms_s9.mlir`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_vec_complex import _c32, _div, _join, _mul, _parts, _values

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16

SOC = "Ascend950PR_9599"
K = 5  # the element of y taken as the scalar
SEG = 256  # elements each op's destination zone holds
LO = 0x0F0F_0F0F_3C3C_F0F3  # a bit mask's low word (32-bit elements: the high word is 0)


# -- the golden model of a mask form: lanes, repeats, block and repeat strides ----------


def _lane_bits(mask, per_repeat: int) -> np.ndarray:
    """The lanes a continuous mask (an int) or a bit mask (two words) enables."""
    if isinstance(mask, int):
        return np.arange(per_repeat) < mask
    bits = [(mask[k // 64] >> (k % 64)) & 1 for k in range(per_repeat)]
    return np.array(bits, bool)


def _positions(on, repeats, blk, rep, per_block):
    lanes = np.flatnonzero(on)
    return np.concatenate(
        [r * rep * per_block + (lanes // per_block) * blk * per_block + lanes % per_block
         for r in range(repeats)]
    )  # fmt: skip


def _masked(z, x, fn, mask, repeats, params, per_repeat):
    """z with dst = fn(src) on the enabled lanes of each repeat (params: dst block, src
    block, dst repeat, src repeat strides, in 32-byte blocks)."""
    out = z.copy()
    on = _lane_bits(mask, per_repeat)
    per_block = per_repeat // 8
    d = _positions(on, repeats, params[0], params[2], per_block)
    s = _positions(on, repeats, params[1], params[3], per_block)
    out[d] = fn(x[s])
    return out


# -- float32: each API's mask forms, both scalar positions ------------------------------

P_SRC = (1, 2, 8, 16)  # src read every other block, repeats 16 blocks apart
P_DST = (2, 1, 16, 8)  # dst written every other block (the others keep their values)


@asc.jit
def f32_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 256)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 256)
    asc.data_copy(yl, yg, 64)
    asc.data_copy(zl, zg, 8 * SEG)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    ps = asc.UnaryRepeatParams(*P_SRC)
    pd = asc.UnaryRepeatParams(*P_DST)
    s = yl[K:]
    asc.adds(zl, xl, s, 40, 2, ps)
    asc.subs(zl[SEG:], s, xl, 40, 2, ps, scalar_tensor_index=0)
    asc.muls(zl[2 * SEG :], xl, s, [LO, 0], 2, pd)
    asc.divs(zl[3 * SEG :], s, xl, [LO, 0], 2, ps, True, 0)
    asc.maxs(zl[4 * SEG :], s, xl, 64, 2, pd, scalar_tensor_index=0)
    asc.mins(zl[5 * SEG :], xl, s, [LO, 0], 2, ps)
    asc.subs(zl[6 * SEG :], xl, s, [LO, 0], 1, pd)
    asc.divs(zl[7 * SEG :], xl, s, 17, 2, ps)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 8 * SEG)


def test_float32_mask_forms_match_numpy():
    rng = np.random.default_rng(9)
    x = (rng.uniform(0.5, 4, 256) * rng.choice([-1, 1], 256)).astype(np.float32)
    y = rng.uniform(-4, -0.5, 64).astype(np.float32)
    z = np.full(8 * SEG, 7, np.float32)
    f32_kernel[1](x, y, z, platform=SOC)
    s = y[K]
    with np.errstate(all="ignore"):
        golden = [
            (lambda v: v + s, 40, 2, P_SRC),
            (lambda v: s - v, 40, 2, P_SRC),
            (lambda v: v * s, [LO, 0], 2, P_DST),
            (lambda v: s / v, [LO, 0], 2, P_SRC),
            (lambda v: np.maximum(s, v), 64, 2, P_DST),
            (lambda v: np.minimum(v, s), [LO, 0], 2, P_SRC),
            (lambda v: v - s, [LO, 0], 1, P_DST),
            (lambda v: v / s, 17, 2, P_SRC),
        ]
        for k, (fn, mask, repeats, params) in enumerate(golden):
            zone = z[k * SEG : (k + 1) * SEG]
            expected = _masked(np.full(SEG, 7, np.float32), x, fn, mask, repeats, params, 64)
            np.testing.assert_array_equal(zone, expected, err_msg=f"op {k}")


# -- int16 / uint16: Ands, Ors ----------------------------------------------------------


@asc.jit
def bits_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 256)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 512)
    asc.data_copy(yl, yg, 128)
    asc.data_copy(zl, zg, 3 * SEG)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.ands(zl, xl, yl[K:], 100, 2, params)
    asc.ors(zl[SEG:], yl[K:], xl, [LO, LO >> 4], 2, params, scalar_tensor_index=0)
    # isSetMask false: the mask register as Ors left it (the 0 passed is a placeholder)
    asc.ands(zl[2 * SEG :], yl[K:], xl, 0, 1, params, False, 0)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 3 * SEG)


@pytest.mark.parametrize("dtype", [np.int16, np.uint16])
def test_int16_ands_ors_mask_forms_match_numpy(dtype):
    rng = np.random.default_rng(3)
    x = rng.integers(0, 2**16, 512).astype(np.uint16).view(dtype)
    y = rng.integers(0, 2**16, 128).astype(np.uint16).view(dtype)
    z = np.full(3 * SEG, 3, dtype)
    bits_kernel[1](x, y, z, platform=SOC)
    s, full = y[K], (1, 1, 8, 8)
    start = np.full(SEG, 3, dtype)
    np.testing.assert_array_equal(z[:SEG], _masked(start, x, lambda v: v & s, 100, 2, full, 128))
    ors = _masked(start, x, lambda v: s | v, [LO, LO >> 4], 2, full, 128)
    np.testing.assert_array_equal(z[SEG : 2 * SEG], ors)
    kept = _masked(start, x, lambda v: s & v, [LO, LO >> 4], 1, full, 128)
    np.testing.assert_array_equal(z[2 * SEG :], kept)


# -- bfloat16: the flexible forms and the ordinary mask forms ---------------------------


def _bf16(v) -> np.ndarray:
    return f32_to_bf16(np.asarray(v, np.float32))


def _bf16_values(bits: np.ndarray) -> np.ndarray:
    return bf16_to_f32(bits)


@asc.jit
def bf16_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                c: asc.ConstExpr):  # fmt: skip
    """x, y, z: bfloat16 bits (uint16); c a constant scalar."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 256)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 256)
    asc.data_copy(yl, yg, 128)
    asc.data_copy(zl, zg, 9 * SEG)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    xb = xl.reinterpret_cast(asc.bfloat16)
    yb = yl.reinterpret_cast(asc.bfloat16)
    zb = zl.reinterpret_cast(asc.bfloat16)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.adds(zb, xb, yb[K:], 100, 2, params)
    asc.subs(zb[SEG:], yb[K:], xb, [LO, LO], 2, params, scalar_tensor_index=0)
    asc.muls(zb[2 * SEG :], xb, yb[K:], 200)
    asc.maxs(zb[3 * SEG :], yb[K:], xb, 200, scalar_tensor_index=0)
    asc.adds(zb[4 * SEG :], xb, c, 100, 2, params)
    asc.muls(zb[5 * SEG :], xb, c, [LO, LO], 2, params)
    asc.maxs(zb[6 * SEG :], xb, c, 70, 2, params)
    asc.mins(zb[7 * SEG :], xb, c, [LO, 0], 2, params)
    asc.mins(zb[8 * SEG :], xb, c, 200)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 9 * SEG)


def test_bfloat16_forms_match_numpy():
    rng = np.random.default_rng(5)
    x = _bf16(rng.uniform(-8, 8, 256))
    y = _bf16(rng.uniform(-8, 8, 128))
    z = np.full(9 * SEG, 0x4040, np.uint16)  # (3.0)
    c = 1.3
    bf16_kernel[1](x, y, z, asc.ConstExpr(c), platform=SOC)
    xv, s = _bf16_values(x), _bf16_values(y)[K]
    cv = _bf16_values(_bf16([c]))[0]  # (the constant as bfloat16)
    full, start = (1, 1, 8, 8), np.full(SEG, 0x4040, np.uint16)

    def masked(fn, mask):
        return _masked(start, xv, lambda v: _bf16(fn(v)), mask, 2, full, 128)

    def count(fn, n):
        out = start.copy()
        out[:n] = _bf16(fn(xv[:n]))
        return out

    golden = [
        masked(lambda v: v + s, 100),
        masked(lambda v: s - v, [LO, LO]),
        count(lambda v: v * s, 200),
        count(lambda v: np.maximum(s, v), 200),
        masked(lambda v: v + cv, 100),
        masked(lambda v: v * cv, [LO, LO]),
        masked(lambda v: np.maximum(v, cv), 70),
        masked(lambda v: np.minimum(v, cv), [LO, 0]),
        count(lambda v: np.minimum(v, cv), 200),
    ]
    for k, expected in enumerate(golden):
        np.testing.assert_array_equal(z[k * SEG : (k + 1) * SEG], expected, err_msg=f"op {k}")


# -- complex32 / complex64: the flexible count forms of Adds, Muls, Subs, Divs ----------

NC = 80  # a complex64 pair register's 64 elements and a tail


@asc.jit
def complex_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 256)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, NC)
    asc.data_copy(yl, yg, 16)
    asc.data_copy(zl, zg, 6 * NC)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    s = yl[K:]
    asc.adds(zl, xl, s, NC)
    asc.muls(zl[NC:], s, xl, NC, scalar_tensor_index=0)
    asc.subs(zl[2 * NC :], xl, s, NC)
    asc.subs(zl[3 * NC :], s, xl, NC, scalar_tensor_index=0)
    asc.divs(zl[4 * NC :], xl, s, NC)
    asc.divs(zl[5 * NC :], s, xl, NC, scalar_tensor_index=0)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 6 * NC)


@pytest.mark.parametrize("dtype", [asc.complex64, asc.complex32], ids=["c64", "c32"])
def test_complex_count_forms_compute_as_the_headers(dtype):
    part = np.float32 if dtype is asc.complex64 else np.float16
    store = _c32 if dtype is asc.complex32 else (lambda v: v.astype(np.complex64))
    rng = np.random.default_rng(13)
    xv = rng.uniform(-2, 2, NC) + 1j * rng.uniform(-2, 2, NC)
    xv[7] = 0  # 0 + 0i: Smith's division by zero (scalar first)
    yv = rng.uniform(-2, 2, 16) + 1j * rng.uniform(-2, 2, 16)
    yv[K] = 1e-3 + 1.75j  # |re| < |im|: Smith's second branch
    x, y, z = store(xv), store(yv), store(np.zeros(6 * NC))
    complex_kernel[1](x, y, z, platform=SOC)
    out = _values(z).reshape(6, NC)
    a, b = _parts(x, part)
    sr, si = (np.full(NC, p[K]) for p in _parts(y, part))
    expected = [
        (a + sr, b + si),
        _mul(sr, si, a, b),
        (a - sr, b - si),
        (sr - a, si - b),
        _div(a, b, sr, si),
        _div(sr, si, a, b),
    ]
    for k, (re, im) in enumerate(expected):
        np.testing.assert_array_equal(out[k], _join(re, im), err_msg=f"segment {k}")
    assert np.isinf(out[5][7].real)  # s / (0 + 0i)


# -- the ordinary Maxs / Mins count forms: 8- and 64-bit ints ---------------------------


@asc.jit
def wide_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                c: asc.ConstExpr):  # fmt: skip
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 256)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 64)
    asc.data_copy(yl, yg, 32)
    asc.data_copy(zl, zg, 2 * 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.maxs(zl, xl, c, 64)
    asc.mins(zl[64:], xl, c, 50)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 2 * 64)


@pytest.mark.parametrize("dtype", [np.int64, np.uint64, np.int8, np.uint8])
def test_maxs_mins_count_forms_take_8_and_64_bit_ints(dtype):
    info = np.iinfo(dtype)
    rng = np.random.default_rng(1)
    x = rng.integers(info.min, info.max, 64, dtype=dtype, endpoint=True)
    z = np.full(128, 9, dtype)
    c = int(x[3])  # (a value of the tensor's range: some elements each side)
    wide_kernel[1](x, np.zeros(32, dtype), z, asc.ConstExpr(c), platform=SOC)
    np.testing.assert_array_equal(z[:64], np.maximum(x, dtype(c)))
    np.testing.assert_array_equal(z[64:114], np.minimum(x[:50], dtype(c)))
    np.testing.assert_array_equal(z[114:], 9)


# -- refusals ---------------------------------------------------------------------------


def _line_of(code: str) -> str:
    """`file:line` of the kernel line that starts with `code` (where an error points)."""
    lines = Path(__file__).read_text().splitlines()
    return f"{Path(__file__).name}:{next(i for i, t in enumerate(lines, 1) if t.strip().startswith(code))}"


def test_flexible_mask_forms_are_refused_off_ascend_950_at_the_users_line():
    x = np.ones(256, np.float32)
    with pytest.raises(CompileError) as e:
        f32_kernel[1](x, x[:64], np.zeros(8 * SEG, np.float32), platform="Ascend910B1")
    text = str(e.value)
    assert "ASC-F107" in text and "Adds exists on Ascend 950 (arch 3510) only" in text
    call = "asc.adds(zl, xl, s, 40, 2, ps)"
    assert _line_of(call) in text and call in text


@asc.jit
def bf16_adds_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 256)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(x)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, 128)
    asc.data_copy(yl, yg, 16)
    asc.data_copy(zl, zg, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    xb = xl.reinterpret_cast(asc.bfloat16)
    zb = zl.reinterpret_cast(asc.bfloat16)
    asc.adds(zb, xb, 1.5, 128, 1, asc.UnaryRepeatParams(1, 1, 8, 8))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 128)


def test_bfloat16_adds_mask_form_is_refused_on_atlas_a2_a3_at_the_users_line():
    x = np.zeros(128, np.uint16)
    with pytest.raises(CompileError) as e:
        bf16_adds_kernel[1](x, x.copy(), platform="Ascend910B1")
    text = str(e.value)
    assert "ASC-F107" in text and "bf16" in text and "ascendc.adds_l0" in text
    assert _line_of("asc.adds(zb, xb, 1.5,") in text and "^" in text
    bf16_adds_kernel[1](x, x.copy(), platform=SOC)  # (and runs on 950)


_IR = """builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @f(%d: !ascendc.local_tensor<*x{t}>, %a: !ascendc.local_tensor<*x{t}>, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params, %n: i32) {{
    {op}
    func.return
  }}
}}"""
_MASK = (
    '"ascendc.{name}"(%d, %a, %a, %m, %r, %p) <{{isSetMask, scalarTensorIndex = {i} : i8}}> : '
    "(!ascendc.local_tensor<*x{t}>, !ascendc.local_tensor<*x{t}>, "
    "!ascendc.local_tensor<*x{t}>, i32, i32, !ascendc.unary_repeat_params) -> ()"
)
_COUNT = (
    '"ascendc.{name}"(%d, %a, %a, %n) <{{scalarTensorIndex = {i} : i8}}> : '
    "(!ascendc.local_tensor<*x{t}>, !ascendc.local_tensor<*x{t}>, "
    "!ascendc.local_tensor<*x{t}>, i32) -> ()"
)


@pytest.mark.parametrize(
    ("form", "name", "t", "index", "message"),
    [
        # the mask forms' Impl asserts: no 64-bit, 8-bit or complex type
        (_MASK, "adds_scalar_tensor_l0", "i64", 1, "i64"),
        (_MASK, "muls_scalar_tensor_l0", "complex<f32>", 1, "complex"),
        (_MASK, "divs_scalar_tensor_l0", "bf16", 1, "bf16"),
        # Maxs / Mins / Ands / Ors have no complex count form
        (_COUNT, "maxs_scalar_tensor_l2", "complex<f16>", 1, "complex"),
        (_MASK, "ors_scalar_tensor_l0", "i16", 2, "scalarTensorIndex must be 0"),
    ],
)
def test_mask_form_dtypes_and_index_are_checked_at_the_op(form, name, t, index, message):
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    text = _IR.format(t=t, op=form.format(name=name, t=t, i=index))
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(VerifyException, match=message):
        module.verify()


@asc.jit
def overlap_kernel(x: asc.GlobalAddress, mask_form: asc.ConstExpr, k: asc.ConstExpr):
    """Adds(x, x, x[k]) in place: the scalar element may be one the op writes."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    xl = bx.get(x.dtype)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    asc.data_copy(xl, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if mask_form:
        asc.adds(xl, xl, xl[k:], [LO, 0], 1, asc.UnaryRepeatParams(1, 1, 8, 8))
    else:
        asc.adds(xl, xl[k:], xl, 64, scalar_tensor_index=0)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(xg, xl, 64)


@pytest.mark.parametrize(("mask_form", "k"), [(True, 4), (False, 3)], ids=["bit-mask", "count"])
def test_a_scalar_element_the_op_writes_is_refused(mask_form, k):
    """The API does not support the scalar source overlapping dst."""
    with pytest.raises(Exception, match=rf"the scalar element is dst\[{k}\], which this op writes"):
        overlap_kernel[1](
            np.ones(64, np.float32), asc.ConstExpr(mask_form), asc.ConstExpr(k), platform=SOC
        )


def test_a_scalar_element_outside_the_mask_may_be_in_dst():
    """Lane 3 is off in LO: x[3] is read, never written."""
    x = np.arange(64, dtype=np.float32)
    overlap_kernel[1](x, asc.ConstExpr(True), asc.ConstExpr(3), platform=SOC)
    expected = _masked(np.arange(64, dtype=np.float32), np.arange(64, dtype=np.float32),
                       lambda v: v + 3, [LO, 0], 1, (1, 1, 8, 8), 64)  # fmt: skip
    np.testing.assert_array_equal(x, expected)


_A2_IR = """builtin.module attributes {{ascendc.soc = "Ascend910B1"}} {{
  func.func @f(%d: !ascendc.local_tensor<*x{t}>, %s: {t}, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params, %n: i32) {{
    {op}
    func.return
  }}
}}"""


@pytest.mark.parametrize(
    ("op", "t"),
    [
        ('"ascendc.maxs_l2"(%d, %d, %s, %n) <{{isSetMask}}> : ({T}, {T}, {t}, i32) -> ()', "i64"),
        ('"ascendc.mins_l2"(%d, %d, %s, %n) <{{isSetMask}}> : ({T}, {T}, {t}, i32) -> ()', "ui8"),
        (
            '"ascendc.muls_l0"(%d, %d, %s, %m, %r, %p) <{{isSetMask}}> : '
            "({T}, {T}, {t}, i32, i32, !ascendc.unary_repeat_params) -> ()",
            "bf16",
        ),
    ],
)
def test_the_3510_only_dtypes_are_refused_on_atlas_a2_a3(op, t):
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    tensor = f"!ascendc.local_tensor<*x{t}>"
    text = _A2_IR.format(t=t, op=op.format(T=tensor, t=t))
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(VerifyException, match=rf"does not support element type {t} on Atlas A2/A3"):
        module.verify()
    module.attributes["ascendc.soc"] = type(module.attributes["ascendc.soc"])(SOC)
    module.verify()  # (and 950 takes it)
