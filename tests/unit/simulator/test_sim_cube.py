"""The cube core on the simulator against numpy: DataCopy ND->NZ into L1, LoadData 2D
(with and without fractal transpose), LoadData 3D V2 (img2col into L0A and L0B), Mmad (f16, bf16, f32, int8; init, accumulate,
bias), Fixpipe (row-major and Nz, ReLU, f32->f16/bf16, int32 dequant/requant)."""

from __future__ import annotations

import numpy as np
import pytest
from cubekit import IR, ceil, gt, load_2d, lt, nd2nz, nz_of
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.runtime.simulator import last_profile
from asc_xdsl.runtime.simulator.dtypes import bf16_to_f32, f32_to_bf16
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.cube import sparse_columns

SIZE = {"f16": 2, "bf16": 2, "f32": 4, "i8": 1, "i32": 4}
ACC = {"f16": "f32", "bf16": "f32", "f32": "f32", "i8": "i32"}


def _mmad(ir: IR, c: str, a: str, b: str, it: str, m: int, n: int, k: int, init: bool = True):
    p = ir.struct(
        "mmad_params",
        [(m, "ui16"), (n, "ui16"), (k, "ui16"), (0, "ui8"), (False, "i1"), (init, "i1")],
    )
    ir.op(
        f"ascendc.mmad {c}, {a}, {b}, {p} : {lt(ACC[it])}, {lt(it)}, {lt(it)}, !ascendc.mmad_params"
    )


def _fixpipe(
    ir: IR,
    dst: str,
    src: str,
    out_t: str,
    acc_t: str,
    m: int,
    n: int,
    *,
    layout: int = 1,
    relu: bool = False,
    quant: int = 0,
    deq: int = 0,
    dst_stride: int | None = None,
    nd: tuple[int, int, int] = (1, 0, 0),
):
    p = ir.struct(
        "fixpipe_params_v220",
        [
            (n, "ui16"),
            (m, "ui16"),
            (ceil(m, 16) * 16, "ui16"),
            (dst_stride if dst_stride is not None else n, "ui32"),
            (relu, "i1"),
            (quant, "i64"),
            (deq, "i64"),
            (nd[0], "ui16"),
            (nd[1], "ui16"),
            (nd[2], "ui16"),
            (0, "ui8"),
        ],
    )
    cfg = ir.struct("fixpipe_config", [(layout, "i64")], " [!ascendc.co2_layout]")
    ir.op(
        f"ascendc.fixpipe {dst}, {src}, {p}, {cfg} : {gt(out_t)}, {lt(acc_t)}, "
        "!ascendc.fixpipe_params_v220, !ascendc.fixpipe_config"
    )


def _load_operands(ir: IR, it: str, m: int, k: int, n: int, b_transposed: bool):
    """a (m x k) and b (k x n, or its transpose n x k) from GM into L0A (Zz) / L0B (Zn)."""
    size = SIZE[it]
    c0 = 32 // size
    frac = 512 // size
    m1, k1, n1 = ceil(m, 16), ceil(k, c0), ceil(n, 16)
    a_gm, b_gm = ir.gm("a", it), ir.gm("b", it)
    a1 = ir.local("a1", 0, m1 * 16 * k1 * c0, it)
    b_addr = ceil(m1 * 16 * k1 * c0 * size, 512) * 512
    b1 = ir.local("b1", b_addr, k1 * c0 * n1 * 16, it)
    a2 = ir.local("a2", 0, m1 * k1 * frac, it)
    b2 = ir.local("b2", 0, k1 * n1 * frac, it)
    nd2nz(ir, a1, a_gm, it, m, k, m1 * 16)
    for i in range(m1):  # Nz -> Zz: row i of fractals
        load_2d(ir, ir.sub(a2, i * k1 * frac, it), ir.sub(a1, i * 16 * c0, it), it, 0, k1, m1)
    if b_transposed:  # b^T (n x k) in Nz is b's Zn: one load
        nd2nz(ir, b1, b_gm, it, n, k, n1 * 16)
        load_2d(ir, b2, b1, it, 0, k1 * n1, 1)
    else:  # b (k x n) in Nz, each 16x16 fractal transposed on the way
        nd2nz(ir, b1, b_gm, it, k, n, k1 * 16)
        for kk in range(k1):
            load_2d(
                ir,
                ir.sub(b2, kk * n1 * frac, it),
                ir.sub(b1, kk * frac, it),
                it,
                0,
                n1,
                k1,
                transpose=True,
            )
    return a2, b2


def matmul_kernel(
    it: str,
    out_t: str,
    m: int,
    k: int,
    n: int,
    *,
    b_transposed=False,
    relu=False,
    quant=0,
    deq=0,
    layout=1,
    accumulate=False,
):
    ir = IR()
    a2, b2 = _load_operands(ir, it, m, k, n, b_transposed)
    acc = ACC[it]
    c_gm = ir.gm("c", out_t)
    co1 = ir.local("co1", 0, ceil(m, 16) * ceil(n, 16) * 256, acc)
    _mmad(ir, co1, a2, b2, it, m, n, k)
    if accumulate:
        _mmad(ir, co1, a2, b2, it, m, n, k, init=False)
    _fixpipe(ir, c_gm, co1, out_t, acc, m, n, layout=layout, relu=relu, quant=quant, deq=deq)
    return ir.kernel()


RNG = np.random.default_rng(7)


@pytest.mark.parametrize("m,k,n", [(32, 48, 64), (20, 32, 24), (16, 16, 16), (48, 80, 40)])
def test_matmul_f16(m, k, n):
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    matmul_kernel("f16", "f32", m, k, n)[1](a, b, c)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)
    prof = last_profile().blocks[0].whole
    assert prof.instructions["M"] == 1
    assert prof.instructions["FIX"] == 1
    assert prof.instructions["MTE1"] == ceil(m, 16) + ceil(k, 16)
    assert prof.cycles["M"] > 0 and prof.bytes["L0C_GM"] == m * n * 4


def test_matmul_f16_b_transposed_and_accumulate():
    m, k, n = 32, 32, 48
    a = RNG.integers(-4, 4, (m, k)).astype(np.float16)
    b = RNG.integers(-4, 4, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    matmul_kernel("f16", "f32", m, k, n, b_transposed=True, accumulate=True)[1](a, b.T.copy(), c)
    np.testing.assert_array_equal(c, 2 * (a.astype(np.float32) @ b.astype(np.float32)))


def test_matmul_f32():
    m, k, n = 24, 20, 32  # K0 = 8: k pads to 24
    a = RNG.standard_normal((m, k)).astype(np.float32)
    b = RNG.standard_normal((k, n)).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    matmul_kernel("f32", "f32", m, k, n, b_transposed=True)[1](a, b.T.copy(), c)
    np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-5)


def test_matmul_bf16_to_bf16():
    m, k, n = 16, 32, 32
    a = f32_to_bf16(RNG.standard_normal((m, k)).astype(np.float32))
    b = f32_to_bf16(RNG.standard_normal((k, n)).astype(np.float32))
    c = np.zeros((m, n), np.uint16)
    matmul_kernel("bf16", "bf16", m, k, n, quant=2)[1](a, b, c)
    ref = bf16_to_f32(a) @ bf16_to_f32(b)
    np.testing.assert_array_equal(c, f32_to_bf16(ref))


def test_matmul_int8_int32_and_relu_f16():
    m, k, n = 16, 64, 32
    a = RNG.integers(-128, 128, (m, k)).astype(np.int8)
    b = RNG.integers(-128, 128, (k, n)).astype(np.int8)
    c = np.zeros((m, n), np.int32)
    matmul_kernel("i8", "i32", m, k, n, b_transposed=True)[1](a, b.T.copy(), c)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32))


def _quant_word(scale: float, offset: int = 0, signed: bool = True) -> int:
    bits = int(np.array([scale], np.float32).view(np.uint32)[0]) & 0xFFFFE000
    return bits | ((offset & 0x1FF) << 37) | (int(signed) << 46)


def test_fixpipe_dequant_and_requant():
    m, k, n = 16, 32, 16
    a = RNG.integers(-20, 20, (m, k)).astype(np.int8)
    b = RNG.integers(-20, 20, (k, n)).astype(np.int8)
    acc = a.astype(np.int64) @ b.astype(np.int64)
    scale = 0.0625  # exact in the (1, 8, 10) format
    c = np.zeros((m, n), np.float16)
    matmul_kernel("i8", "f16", m, k, n, b_transposed=True, quant=3, deq=_quant_word(scale))[1](
        a, b.T.copy(), c
    )
    np.testing.assert_array_equal(c, (acc * scale).astype(np.float16))
    c8 = np.zeros((m, n), np.int8)
    word = _quant_word(scale, offset=-3)
    matmul_kernel("i8", "i8", m, k, n, b_transposed=True, quant=7, deq=word, relu=True)[1](
        a, b.T.copy(), c8
    )
    ref = np.clip(np.rint(np.maximum(acc, 0) * scale - 3), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(c8, ref)


def test_fixpipe_f16_relu_and_nz_output():
    m, k, n = 32, 16, 32
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    ref = np.maximum(a.astype(np.float32) @ b.astype(np.float32), 0).astype(np.float16)
    c = np.zeros((m, n), np.float16)
    matmul_kernel("f16", "f16", m, k, n, relu=True, quant=1)[1](a, b, c)
    np.testing.assert_array_equal(c, ref)
    nz = np.zeros(m * n, np.float16)
    # Nz output: column blocks of 16 halves (one 32 B block per row), m rows apart
    ir_k = matmul_kernel("f16", "f16", m, k, n, relu=True, quant=1, layout=0)
    ir_k[1](a, b, nz)
    np.testing.assert_array_equal(nz, nz_of(ref, 16))


def test_fixpipe_wrong_quant_mode_is_located():
    m = k = n = 16
    a = np.ones((m, k), np.float16)
    b = np.ones((k, n), np.float16)
    c = np.zeros((m, n), np.float16)
    with pytest.raises(SimulatorError, match="needs quantPre F322F16, got NoQuant"):
        matmul_kernel("f16", "f16", m, k, n)[1](a, b, c)


def test_mmad_bias_from_bias_table():
    m, k, n = 16, 16, 32
    ir = IR()
    a2, b2 = _load_operands(ir, "f16", m, k, n, False)
    bias_gm = ir.gm("bias", "f32")
    c_gm = ir.gm("c", "f32")
    l1 = ir.local("c1", 65536, n, "f32")
    bt = ir.local("c2", 0, n, "f32")
    cnt = ir.const(n, "i32")
    ir.op(f"ascendc.data_copy_l2 {l1}, {bias_gm}, {cnt} : {lt('f32')}, {gt('f32')}, i32")
    ir.op(f"ascendc.data_copy_l2 {bt}, {l1}, {cnt} : {lt('f32')}, {lt('f32')}, i32")
    co1 = ir.local("co1", 0, m * n, "f32")
    p = ir.struct(  # the 8-field form (isBias, fmOffset, ..): cmatrixInitVal stays true
        "mmad_params",
        [
            (m, "ui16"),
            (n, "ui16"),
            (k, "ui16"),
            (False, "i1"),
            (0, "i32"),
            (False, "i1"),
            (False, "i1"),
            (False, "i1"),
        ],
    )
    ir.op(
        f"ascendc.mmad_with_bias {co1}, {a2}, {b2}, {bt}, {p} : {lt('f32')}, {lt('f16')}, "
        f"{lt('f16')}, {lt('f32')}, !ascendc.mmad_params"
    )
    _fixpipe(ir, c_gm, co1, "f32", "f32", m, n)
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    bias = RNG.standard_normal(n).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    ir.kernel()[1](a, b, bias, c)
    ref = a.astype(np.float32) @ b.astype(np.float32) + bias
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-5)


def test_load_data_strides_and_gap():
    # 4 fractals of L1, every other one (srcStride 2, from fractal 1), 1 fractal gaps in L0A;
    # L0A is copied back through L1 -> GM isn't a path, so compare with an Mmad-free dump:
    # load into L0B then Mmad by an identity A.
    ir = IR()
    x_gm = ir.gm("x", "f16")
    c_gm = ir.gm("c", "f32")
    l1 = ir.local("a1", 0, 8 * 256, "f16")
    cnt = ir.const(8 * 256, "i32")
    ir.op(f"ascendc.data_copy_l2 {l1}, {x_gm}, {cnt} : {lt('f16')}, {gt('f16')}, i32")
    b2 = ir.local("b2", 0, 8 * 256, "f16")
    init = ir.struct("init_const_value_params", [(1, "ui16"), (8, "ui16"), (0, "ui16"), (0, "f16")])
    ir.op(f"ascendc.init_const_value {b2}, {init} : {lt('f16')}, !ascendc.init_const_value_params")
    load_2d(ir, b2, ir.sub(l1, 256, "f16"), "f16", 0, 3, 2, gap=1)
    # identity A (16 x 16) in L0A, made by a 1.0 fill of the diagonal from GM
    eye_gm = ir.gm("eye", "f16")
    a2 = ir.local("a2", 0, 256, "f16")
    l1e = ir.local("a1", 8 * 512, 256, "f16")
    c256 = ir.const(256, "i32")
    ir.op(f"ascendc.data_copy_l2 {l1e}, {eye_gm}, {c256} : {lt('f16')}, {gt('f16')}, i32")
    load_2d(ir, a2, l1e, "f16", 0, 1, 1)
    co1 = ir.local("co1", 0, 16 * 16 * 8, "f32")
    _mmad(ir, co1, a2, b2, "f16", 16, 16 * 6, 16)  # B: K1=1, N1=6 fractals
    _fixpipe(ir, c_gm, co1, "f32", "f32", 16, 96)
    x = np.arange(8 * 256).astype(np.float16)
    c = np.zeros((16, 96), np.float32)
    ir.kernel()[1](x, c, np.eye(16, dtype=np.float16))
    frac = x.reshape(8, 256)
    # dst fractals 0, 2, 4 hold src fractals 1, 3, 5; 1, 3, 5 stay zero (InitConstValue)
    for j in range(6):
        want = frac[1 + j] if j % 2 == 0 else np.zeros(256, np.float16)
        # a Zn fractal: element (k0, n0) at n0*16 + k0; C = I @ B -> C[k0, n0]
        got = c[:, j * 16 : (j + 1) * 16]
        np.testing.assert_array_equal(got, want.reshape(16, 16).T.astype(np.float32))


def test_mmad_operand_in_wrong_buffer():
    ir = IR()
    a2 = ir.local("a1", 0, 256, "f16")  # L1, not L0A
    b2 = ir.local("b2", 0, 256, "f16")
    co1 = ir.local("co1", 0, 256, "f32")
    _mmad(ir, co1, a2, b2, "f16", 16, 16, 16)
    # The verifier refuses it before the simulator runs (the headers assert it too).
    with pytest.raises(VerifyException, match=r"Mmad's fm must be in L0A, but it is in L1"):
        ir.kernel()[1]()


# LoadData 3D V2 (img2col): a 2 x 5 x 6 x 16 (C1 H W C0) f16 feature map, filter 2 x 3,
# stride (1, 2), dilation (2, 1), padding left 1 right 0 top 1 bottom 1: Hout 5, Wout 3;
# rows 0..15 (row 15 is past Hout * Wout: it reads padding and the map's last rows),
# K from 32 (the third C0 block) for 128.
FM = (2, 5, 6, 16)
PAD = (1, 0, 1, 1)
GEOM = {"fh": 2, "fw": 3, "sh": 1, "sw": 2, "dh": 2, "dw": 1}
K_START, K_EXT, M_EXT, PAD_VALUE = 32, 128, 16, -1.5


def _img2col_ref(fm: np.ndarray, pad_value=PAD_VALUE, k_ext=K_EXT) -> np.ndarray:
    """The img2col rows 0..15, columns K_START.. of `fm` (C1, H, W, C0), loop by loop."""
    _c1n, h_, w_, c0 = fm.shape
    g = GEOM
    wout = (w_ + PAD[0] + PAD[1] - ((g["fw"] - 1) * g["dw"] + 1)) // g["sw"] + 1
    out = np.zeros((M_EXT, k_ext), np.float32)
    for m in range(M_EXT):
        ho, wo = divmod(m, wout)
        for j, k in enumerate(range(K_START, K_START + k_ext)):
            c1, rest = divmod(k // c0, g["fh"] * g["fw"])
            kh, kw = divmod(rest, g["fw"])
            h = ho * g["sh"] - PAD[2] + kh * g["dh"]
            w = wo * g["sw"] - PAD[0] + kw * g["dw"]
            inside = 0 <= h < h_ and 0 <= w < w_
            out[m, j] = fm[c1, h, w, k % c0] if inside else pad_value
    return out


def _load_3d(
    ir: IR, dst: str, src: str, transpose: bool = False, t="f16", fm=FM, k_ext=K_EXT
) -> None:
    pad = ir.name("pad")
    ir.lines.append(f"{pad} = memref.alloca() : memref<4xui8>")
    for i, v in enumerate(PAD):
        idx, val = ir.const(i, "index"), ir.const(v, "ui8")
        ir.lines.append(f"memref.store {val}, {pad}[{idx}] : memref<4xui8>")
    g = GEOM
    values = [
        (fm[1], "ui16"), (fm[2], "ui16"), (fm[0] * fm[3], "ui16"),  # l1H, l1W, channelSize
        (k_ext, "ui16"), (M_EXT, "ui16"), (K_START, "ui16"), (0, "ui16"),
        (g["sw"], "ui8"), (g["sh"], "ui8"), (g["fw"], "ui8"), (g["fh"], "ui8"),
        (g["dw"], "ui8"), (g["dh"], "ui8"), (transpose, "i1"), (False, "i1"),
        (PAD_VALUE if t in ("f16", "f32") else -3, t), (False, "i1"), (False, "i1"), (False, "i1"),
    ]  # fmt: skip
    names = [ir.const(v, t) for v, t in values]
    types = ", ".join(["memref<4xui8>"] + [t for _, t in values])
    r = ir.name("p")
    ir.lines.append(
        f"{r} = ascendc.construct !ascendc.load_data_3d_params_v2<{t}>({pad}, {', '.join(names)})"
        f" : {types}"
    )
    ir.op(
        f"ascendc.load_data_3d_l0_v2 {dst}, {src}, {r} : {lt(t)}, {lt(t)}, "
        f"!ascendc.load_data_3d_params_v2<{t}>"
    )


def _identity_b(ir: IR, n: int, l1_addr: int) -> str:
    """An n x n identity in L0B (Zn), from GM through L1 with fractal transposes."""
    eye_gm = ir.gm("eye", "f16")
    n1 = n // 16
    b1 = ir.local("b1", l1_addr, n * n, "f16")
    b2 = ir.local("b2", 0, n * n, "f16")
    nd2nz(ir, b1, eye_gm, "f16", n, n, n)
    for kk in range(n1):
        load_2d(
            ir,
            ir.sub(b2, kk * n1 * 256, "f16"),
            ir.sub(b1, kk * 256, "f16"),
            "f16",
            0,
            n1,
            n1,
            transpose=True,
        )
    return b2


def _fm_in_l1(ir: IR, t="f16", fm=FM) -> str:
    fm_gm = ir.gm("fm", t)
    a1 = ir.local("a1", 0, int(np.prod(fm)), t)
    cnt = ir.const(int(np.prod(fm)), "i32")
    ir.op(f"ascendc.data_copy_l2 {a1}, {fm_gm}, {cnt} : {lt(t)}, {gt(t)}, i32")
    return a1


def _product_out(ir: IR, a2: str, b2: str, t: str, m: int, n: int, k: int, co1_count,
                 acc: str = "f32") -> None:  # fmt: skip
    """C (m x n of acc) = a2 x b2 (Mmad of t, K = k) in CO1 (co1_count elements at 0),
    out to GM "c" by Fixpipe: C is the kernel's next parameter."""
    c_gm = ir.gm("c", acc)
    co1 = ir.local("co1", 0, co1_count, acc)
    _mmad(ir, co1, a2, b2, t, m, n, k)
    _fixpipe(ir, c_gm, co1, acc, acc, m, n)


def _times_identity(ir: IR, a2: str) -> None:
    """C = a2 (M_EXT x K_EXT half in L0A) x I (K_EXT x K_EXT), out in float32 to GM "c":
    the kernel's parameters end with I's half array and C's."""
    b2 = _identity_b(ir, K_EXT, 4096)
    _product_out(ir, a2, b2, "f16", M_EXT, K_EXT, K_EXT, M_EXT * K_EXT)


def test_load_data_3d_into_l0a_is_img2col_in_zz():
    """C = img2col (16 x 128, in L0A) x I (128 x 128)."""
    ir = IR()
    a1 = _fm_in_l1(ir)
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "f16")
    _load_3d(ir, a2, a1)
    _times_identity(ir, a2)
    fm = RNG.standard_normal(FM).astype(np.float16)
    c = np.zeros((M_EXT, K_EXT), np.float32)
    ir.kernel()[1](fm, np.eye(K_EXT, dtype=np.float16), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm))


def test_load_data_3d_int8_into_l0a():
    """C0 = 32: a 1 x 5 x 6 x 32 int8 map, padding -3; C (int32) = img2col x I."""
    fm_shape = (1, 5, 6, 32)
    ir = IR()
    a1 = _fm_in_l1(ir, "i8", fm_shape)
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "i8")
    _load_3d(ir, a2, a1, t="i8", fm=fm_shape)
    eye_gm = ir.gm("eye", "i8")  # I^T = I: its Nz is the Zn B operand, one load
    b1 = ir.local("b1", 4096, K_EXT * K_EXT, "i8")
    b2 = ir.local("b2", 0, K_EXT * K_EXT, "i8")
    nd2nz(ir, b1, eye_gm, "i8", K_EXT, K_EXT, K_EXT)
    load_2d(ir, b2, b1, "i8", 0, (K_EXT // 32) * (K_EXT // 16), 1)
    _product_out(ir, a2, b2, "i8", M_EXT, K_EXT, K_EXT, M_EXT * K_EXT, acc="i32")
    fm = RNG.integers(-100, 100, fm_shape).astype(np.int8)
    c = np.zeros((M_EXT, K_EXT), np.int32)
    ir.kernel()[1](fm, np.eye(K_EXT, dtype=np.int8), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm, -3).astype(np.int32))


def test_load_data_3d_into_l0b_is_img2col_as_b():
    """C = I (16 x 16, in L0A) x img2col (16 x 128, in L0B: positions are Mmad's K)."""
    ir = IR()
    a1 = _fm_in_l1(ir)
    b2 = ir.local("b2", 0, M_EXT * K_EXT, "f16")
    _load_3d(ir, b2, a1)
    eye_gm = ir.gm("eye", "f16")
    l1e = ir.local("a1", 4096, 256, "f16")
    c256 = ir.const(256, "i32")
    ir.op(f"ascendc.data_copy_l2 {l1e}, {eye_gm}, {c256} : {lt('f16')}, {gt('f16')}, i32")
    a2 = ir.local("a2", 0, 256, "f16")
    load_2d(ir, a2, l1e, "f16", 0, 1, 1)
    _product_out(ir, a2, b2, "f16", 16, K_EXT, M_EXT, M_EXT * K_EXT)
    fm = RNG.standard_normal(FM).astype(np.float16)
    c = np.zeros((16, K_EXT), np.float32)
    ir.kernel()[1](fm, np.eye(16, dtype=np.float16), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm))


def test_load_data_3d_transposed_into_l0a_is_its_transpose():
    """enTranspose: L0A holds img2col^T (128 x 16) in Zz; C = that x I (16 x 16)."""
    ir = IR()
    a1 = _fm_in_l1(ir)
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "f16")
    _load_3d(ir, a2, a1, transpose=True)
    b2 = _identity_b(ir, 16, 4096)
    _product_out(ir, a2, b2, "f16", K_EXT, 16, M_EXT, M_EXT * K_EXT)
    fm = RNG.standard_normal(FM).astype(np.float16)
    c = np.zeros((K_EXT, 16), np.float32)
    ir.kernel()[1](fm, np.eye(16, dtype=np.float16), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm).T)


def _load_transpose(
    ir: IR, dst: str, src: str, t: str, start, reps, stride, gap, frac_gap, dec=False
):
    p = ir.struct(
        "load_data_2d_transpose_params",
        [(start, "ui16"), (reps, "ui8"), (stride, "ui16"), (gap, "ui16"), (frac_gap, "ui16"),
         (1 if dec else 0, "ui8")],
    )  # fmt: skip
    ir.op(
        f"ascendc.load_data_with_transpose {dst}, {src}, {p} : {lt(t)}, {lt(t)}, "
        "!ascendc.load_data_2d_transpose_params"
    )


def _identity_a(ir: IR, t: str, k: int, l1_addr: int) -> str:
    """A k x k identity in L0A (Zz), from GM through L1 (Nz)."""
    c0 = 32 // SIZE[t]
    eye_gm = ir.gm("eye", t)
    a1 = ir.local("a1", l1_addr, k * k, t)
    a2 = ir.local("a2", 0, k * k, t)
    nd2nz(ir, a1, eye_gm, t, k, k, k)
    for i in range(k // 16):  # Nz -> Zz: one row of fractals per load
        load_2d(ir, ir.sub(a2, i * 16 * k, t), ir.sub(a1, i * 16 * c0, t), t, 0, k // c0, k // 16)
    return a2


@pytest.mark.parametrize(("t", "k"), [("f16", 16), ("f32", 16), ("i8", 32)])
def test_load_data_with_transpose_makes_b_of_its_nz_square(t, k):
    """A k x k matrix B in Nz (one square: one 16-bit fractal, two 32-bit column
    fractals, two 8-bit row fractals) loaded transposed into L0B is Mmad's B: I x B = B.
    Square 1 of three, through the second destination fractal pair (dstGap 0)."""
    np_t = {"f16": np.float16, "f32": np.float32, "i8": np.int8}[t]
    ir = IR()
    x_gm = ir.gm("x", t)
    l1 = ir.local("a1", 0, 3 * k * k, t)
    n = ir.const(3 * k * k, "i32")
    ir.op(f"ascendc.data_copy_l2 {l1}, {x_gm}, {n} : {lt(t)}, {gt(t)}, i32")
    b2 = ir.local("b2", 0, k * k, t)
    _load_transpose(ir, b2, l1, t, 1, 1, 0, 0, 0)
    a2 = _identity_a(ir, t, k, 8192)
    _product_out(ir, a2, b2, t, k, k, k, k * k, acc=ACC[t])
    mats = [RNG.integers(-50, 50, (k, k)).astype(np_t) for _ in range(3)]
    x = np.concatenate([nz_of(m, 32 // SIZE[t]) for m in mats])
    c = np.zeros((k, k), np.int32 if t == "i8" else np.float32)
    ir.kernel()[1](x, np.eye(k, dtype=np_t), c)
    np.testing.assert_array_equal(c, mats[1].astype(c.dtype))


@pytest.mark.parametrize(("gap", "frac_gap"), [(0, 1), (1, 0)])
def test_load_data_with_transpose_repeats_gaps_and_decrement(gap, frac_gap):
    """f32 squares 2 then 1 (startIndex 2, srcStride 1, decrementing): repeat i puts
    the two column fractals of B_i^T at fractals i * (1 + dstGap) and that + 1 +
    dstFracGap; the four fractals, read as a 16 x 32 Zn operand (fractal k1 * 2 + n1),
    give I x B."""
    t, k = "f32", 16
    ir = IR()
    x_gm = ir.gm("x", t)
    l1 = ir.local("a1", 0, 3 * k * k, t)
    n = ir.const(3 * k * k, "i32")
    ir.op(f"ascendc.data_copy_l2 {l1}, {x_gm}, {n} : {lt(t)}, {gt(t)}, i32")
    b2 = ir.local("b2", 0, 4 * 128, t)
    _load_transpose(ir, b2, l1, t, 2, 2, 1, gap, frac_gap, dec=True)
    a2 = _identity_a(ir, t, k, 8192)
    _product_out(ir, a2, b2, t, 16, 32, 16, 2 * k * k)
    mats = [RNG.integers(-50, 50, (k, k)).astype(np.float32) for _ in range(3)]
    x = np.concatenate([nz_of(m, 8) for m in mats])
    c = np.zeros((16, 32), np.float32)
    ir.kernel()[1](x, np.eye(k, dtype=np.float32), c)
    fracs = {}
    for i, m in enumerate((mats[2], mats[1])):
        for j in range(2):  # column fractal j of B^T (16 x 8): B rows 8j..8j+7, transposed
            fracs[i * (1 + gap) + j * (1 + frac_gap)] = m[8 * j : 8 * j + 8, :]
    want = np.zeros((16, 32), np.float32)
    for f, rows in fracs.items():
        k1, n1 = divmod(f, 2)
        want[8 * k1 : 8 * k1 + 8, 16 * n1 : 16 * n1 + 16] = rows
    np.testing.assert_array_equal(c, want)


def _densify(b: np.ndarray):
    """4:2 densification of a sparse N x K int8 matrix (at most 2 non-zeros in each group
    of 4 along K): dense N x K/2 values and their 2-bit indexes (idx0 = the first one's
    position, idx1 = the second's minus 1; a lone value at position 3 goes second)."""
    n, k = b.shape
    dense = np.zeros((n, k // 2), np.int8)
    codes = np.zeros((n, k // 2), np.uint8)
    for r in range(n):
        for g in range(k // 4):
            nz = [j for j in range(4) if b[r, 4 * g + j]]
            if len(nz) == 2:
                pair, idx = nz, (nz[0], nz[1] - 1)
            elif len(nz) == 1 and nz[0] == 3:
                pair, idx = [None, 3], (0, 2)
            elif len(nz) == 1:
                pair, idx = [nz[0], None], (nz[0], 0)
            else:
                pair, idx = [None, None], (0, 0)
            for slot in (0, 1):
                if pair[slot] is not None:
                    dense[r, 2 * g + slot] = b[r, 4 * g + pair[slot]]
                codes[r, 2 * g + slot] = idx[slot]
    return dense, codes


def _index_fractals(codes: np.ndarray) -> np.ndarray:
    """2-bit codes (N x K/2) packed 4 to a byte, lowest bits first, in 16 x 8 byte
    fractals ordered (K block, N block) like the weights' Zn."""
    n = codes.shape[0]
    packed = (codes.reshape(n, -1, 4).astype(np.uint8) << np.array([0, 2, 4, 6], np.uint8)).sum(
        axis=2, dtype=np.uint8
    )
    return packed.reshape(n // 16, 16, -1, 8).transpose(2, 0, 1, 3).reshape(-1)


def test_mmad_with_sparse_is_a_times_the_sparse_b():
    """C (32 x 32) = A (32 x 128) x B^T for a 4:2 sparse B (32 x 128, groups with 0, 1
    or 2 non-zeros), B given densified with its index (LoadDataWithSparse)."""
    m, n, k = 32, 32, 128
    rng = np.random.default_rng(11)
    a = rng.integers(-100, 100, (m, k)).astype(np.int8)
    b = np.zeros((n, k), np.int8)
    for r in range(n):
        for g in range(k // 4):
            for j in rng.choice(4, rng.integers(0, 3), replace=False):
                b[r, 4 * g + j] = rng.integers(1, 100)
    dense, codes = _densify(b)
    ir = IR()
    a_gm, b_gm, x_gm = ir.gm("a", "i8"), ir.gm("b", "i8"), ir.gm("idx", "ui8")
    a1 = ir.local("a1", 0, m * k, "i8")
    b1 = ir.local("b1", 8192, n * k // 2, "i8")
    x1 = ir.local("b1", 16384, n * k // 8, "ui8")
    for dst, src, cnt, t in (
        (a1, a_gm, m * k, "i8"),
        (b1, b_gm, n * k // 2, "i8"),
        (x1, x_gm, n * k // 8, "ui8"),
    ):
        c_ = ir.const(cnt, "i32")
        ir.op(f"ascendc.data_copy_l2 {dst}, {src}, {c_} : {lt(t)}, {gt(t)}, i32")
    a2 = ir.local("a2", 0, m * k, "i8")
    for i in range(m // 16):  # Nz -> Zz
        load_2d(
            ir,
            ir.sub(a2, i * 16 * k, "i8"),
            ir.sub(a1, i * 16 * 32, "i8"),
            "i8",
            0,
            k // 32,
            m // 16,
        )
    b2 = ir.local("b2", 1024, n * k // 2, "i8")  # not at 0: the index follows its address
    p = ir.struct(
        "load_data_2d_params",
        [(0, "ui16"), ((k // 64) * (n // 16), "ui8"), (0, "ui16"), (0, "ui8"), (0, "ui16"), (False, "i1"), (0, "ui8")],
    )  # fmt: skip
    ir.op(
        f"ascendc.load_data_with_sparse {b2}, {b1}, {x1}, {p} : {lt('i8')}, {lt('i8')}, "
        f"{lt('ui8')}, !ascendc.load_data_2d_params"
    )
    co1 = ir.local("co1", 0, m * n, "i32")
    mp = ir.struct(
        "mmad_params",
        [(m, "ui16"), (n, "ui16"), (k, "ui16"), (0, "ui8"), (False, "i1"), (True, "i1")],
    )
    ir.op(
        f"ascendc.mmad_with_sparse {co1}, {a2}, {b2}, {mp} : {lt('i32')}, {lt('i8')}, "
        f"{lt('i8')}, !ascendc.mmad_params"
    )
    c_gm = ir.gm("c", "i32")
    _fixpipe(ir, c_gm, co1, "i32", "i32", m, n)
    c = np.zeros((m, n), np.int32)
    ir.kernel()[1](nz_of(a, 32), nz_of(dense, 32), _index_fractals(codes), c)
    np.testing.assert_array_equal(c, a.astype(np.int64) @ b.T.astype(np.int64))


def test_sparse_index_selection_table():
    """MmadWithSparse's table: (idx0, idx1) -> the columns of a group of 4 its two
    dense values meet (the same column twice: X/X)."""
    table = {(2, 2): (2, 3), (1, 2): (1, 3), (0, 2): (0, 3), (1, 1): (1, 2), (0, 1): (0, 2),
             (0, 0): (0, 1), (2, 0): (2, 2), (1, 0): (1, 1)}  # fmt: skip
    codes = np.array([[i for pair in table for i in pair]], np.uint8)
    cols = sparse_columns(codes).reshape(-1, 2) - 4 * np.arange(len(table))[:, None]
    assert [tuple(c) for c in cols] == list(table.values())


def test_load_data_3d_v1_is_refused():
    ir = IR()
    a1 = ir.local("a1", 0, 512, "f16")
    a2 = ir.local("a2", 0, 512, "f16")
    ir.params.append("%p3d: !ascendc.load_data_3d_params_v1")
    ir.op(
        f"ascendc.load_data_3d_l0_v1 {a2}, {a1}, %p3d : {lt('f16')}, {lt('f16')}, "
        "!ascendc.load_data_3d_params_v1"
    )
    with pytest.raises(SimulatorError, match=r"LoadData3DParamsV1 is not an Atlas A2/A3 form"):
        ir.kernel()[1](0)


def _co1_kernel(
    it: str, out_t: str, m: int, k: int, n: int, *, quant: int, nz2nd: bool, pre: list[str] = ()
):
    """A matmul whose result leaves L0C by DataCopy(dst, CO1, DataCopyCO12DstParams)."""
    ir = IR()
    a2, b2 = _load_operands(ir, it, m, k, n, True)
    acc = ACC[it]
    c_gm = ir.gm("c", out_t)
    co1 = ir.local("co1", 0, ceil(m, 16) * ceil(n, 16) * 256, acc)
    _mmad(ir, co1, a2, b2, it, m, n, k)
    for line in pre:
        ir.op(line.format(ir=ir))
    p = ir.struct(
        "data_copy_co12dst_params",
        [
            (n, "ui16"),
            (m, "ui16"),
            (n if nz2nd else m * SIZE[ACC[it]] // 2, "ui32"),
            (ceil(m, 16) * 16, "ui16"),
            (quant, "i64"),
            (0, "ui8"),
            (False, "i1"),
            (nz2nd, "i1"),
        ],
    )
    ir.op(
        f"ascendc.data_copy_co12dst {c_gm}, {co1}, {p} : {gt(out_t)}, {lt(acc)}, "
        "!ascendc.data_copy_co12dst_params"
    )
    return ir


def test_data_copy_from_l0c_with_the_quant_register():
    m, k, n = 16, 32, 32
    a = RNG.integers(-9, 9, (m, k)).astype(np.int8)
    b = RNG.integers(-9, 9, (k, n)).astype(np.int8)
    acc = a.astype(np.int64) @ b.astype(np.int64)
    k2 = _co1_kernel(
        "i8",
        "f16",
        m,
        k,
        n,
        quant=3,
        nz2nd=True,
        pre=["ascendc.set_fixpipe_pre_quant_flag %q : ui64"],
    )
    # the quant word is a kernel argument here
    k2.params.append("%q: ui64")
    c = np.zeros((m, n), np.float16)
    k2.kernel()[1](a, b.T.copy(), c, _quant_word(0.5))
    np.testing.assert_array_equal(c, (acc * 0.5).astype(np.float16))
    # without SetFixpipePreQuantFlag: a located error
    k3 = _co1_kernel("i8", "f16", m, k, n, quant=3, nz2nd=True)
    with pytest.raises(SimulatorError, match="before SetFixpipePreQuantFlag"):
        k3.kernel()[1](a, b.T.copy(), c)


def test_data_copy_from_l0c_nz():
    m, k, n = 16, 16, 32
    a = RNG.standard_normal((m, k)).astype(np.float32)
    b = RNG.standard_normal((k, n)).astype(np.float32)
    out = np.zeros(m * n, np.float32)
    _co1_kernel("f32", "f32", m, k, n, quant=0, nz2nd=False).kernel()[1](a, b.T.copy(), out)
    # Nz with f32 output: 16-float (64 B) rows, column blocks dstStride = 2m blocks apart
    ref = (a @ b).astype(np.float32)
    for j in range(2):
        block = out[j * m * 16 : (j + 1) * m * 16].reshape(m, 16)
        np.testing.assert_allclose(block, ref[:, j * 16 : (j + 1) * 16], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("even", [False, True])
def test_mmad_hf32(even):
    m, k, n = 16, 16, 16
    ir = IR()
    on = ir.const(True, "i1")
    ir.lines.append(f"ascendc.set_hf32_mode {on} : i1")
    # SetHF32TransMode(bool): true sets the bit that rounds ties toward zero (headers)
    mode = ir.const(not even, "i1")
    ir.lines.append(f"ascendc.set_hf32_trans_mode {mode} : i1")
    a2, b2 = _load_operands(ir, "f32", m, k, n, True)
    _product_out(ir, a2, b2, "f32", m, n, k, 256)
    ulp = 2.0**-11  # HF32 keeps 11 mantissa bits
    a = np.full((m, k), 1 + 1.5 * ulp, np.float32)
    a[:, 1] = 1 + 0.5 * ulp  # a tie: even -> 1, toward zero -> 1
    a[:, 2] = 1 + 1.5 * ulp  # a tie: even -> 1 + 2 ulp, toward zero -> 1 + 1 ulp
    b = np.zeros((k, n), np.float32)
    b[0, 0] = b[1, 1] = b[2, 2] = 1
    c = np.zeros((m, n), np.float32)
    ir.kernel()[1](a, b.T.copy(), c)
    assert c[0, 1] == 1.0
    assert c[0, 2] == (1 + 2 * ulp if even else 1 + ulp)
    assert c[0, 0] == c[0, 2]


def test_sys_workspace_round_trip():
    ir = IR()
    ir.gm("w", "ui8")
    ir.lines.append("ascendc.set_sys_workspace %w : memref<?xui8, 22>")
    ir.lines.append("%wp = ascendc.get_sys_workspace_ptr : memref<?xui8, 22>")
    ir.lines.append("%wt = ascendc.global_tensor : !ascendc.global_tensor<*xui8>")
    ir.lines.append(
        "ascendc.global_tensor.set_global_buffer %wt, %wp : !ascendc.global_tensor<*xui8>, "
        "memref<?xui8, 22>"
    )
    i = ir.const(3, "i64")
    v = ir.const(42, "ui8")
    ir.lines.append(f"%idx = arith.index_cast {i} : i64 to index")
    ir.lines.append(
        f"ascendc.global_tensor.set_value %wt, %idx, {v} : !ascendc.global_tensor<*xui8>, index, ui8"
    )
    w = np.zeros(64, np.uint8)
    ir.kernel()[1](w)
    assert w[3] == 42 and w.sum() == 42


def _load_3d_v2pro(ir: IR, dst: str, src: str, fm=FM, right: bool = False) -> None:
    """The V2Pro form of `_load_3d`: the fmatrix and padding value from the registers,
    the window and filter packed into extConfig / filterConfig."""
    pad = ir.name("pad")
    ir.lines.append(f"{pad} = memref.alloca() : memref<4xui8>")
    for i, v in enumerate(PAD):
        idx, val = ir.const(i, "index"), ir.const(v, "ui8")
        ir.lines.append(f"memref.store {val}, {pad}[{idx}] : memref<4xui8>")
    h, w = ir.const(fm[1], "i16"), ir.const(fm[2], "i16")
    mode = ir.struct("fmatrix_mode", [(int(right), "i32")])
    ir.op(
        f"ascendc.set_fmatrix {h}, {w}, {pad}, {mode} : i16, i16, memref<4xui8>, "
        "!ascendc.fmatrix_mode"
    )
    ir.op(f"ascendc.set_load_data_padding_value {ir.const(PAD_VALUE, 'f16')} : f16")
    g = GEOM
    ext = K_EXT | M_EXT << 16 | K_START << 32 | 0 << 48
    filt = g["sw"] | g["sh"] << 8 | g["fw"] << 16 | g["fh"] << 24 | g["dw"] << 32 | g["dh"] << 40
    p = ir.struct(
        "load_data_3d_params_v2_pro",
        [(fm[0] * fm[3], "ui16"), (False, "i1"), (False, "i1"), (False, "i1"), (False, "i1"),
         (right, "i1"), (ext, "ui64"), (filt, "ui64")],
    )  # fmt: skip
    ir.op(
        f"ascendc.load_data_3d_l0_v2pro {dst}, {src}, {p} : {lt('f16')}, {lt('f16')}, "
        "!ascendc.load_data_3d_params_v2_pro"
    )


@pytest.mark.parametrize("right", [False, True])
def test_load_data_3d_v2pro_unpacks_its_words(right):
    """V2Pro with SetFmatrix (left or right) + SetLoadDataPaddingValue = V2's img2col."""
    ir = IR()
    a1 = _fm_in_l1(ir)
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "f16")
    _load_3d_v2pro(ir, a2, a1, right=right)
    _times_identity(ir, a2)
    fm = RNG.standard_normal(FM).astype(np.float16)
    c = np.zeros((M_EXT, K_EXT), np.float32)
    ir.kernel()[1](fm, np.eye(K_EXT, dtype=np.float16), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm))


def test_load_data_3d_float32_into_l0a():
    """C0 = 8: a 4 x 5 x 6 x 8 float map into L0A (16 x 8 fractals, Zz); C = img2col x I
    in float32, I written to L0B in its Zn layout."""
    fm_shape = (4, 5, 6, 8)
    ir = IR()
    a1 = _fm_in_l1(ir, "f32", fm_shape)
    a2 = ir.local("a2", 0, M_EXT * K_EXT, "f32")
    _load_3d(ir, a2, a1, t="f32", fm=fm_shape)
    k1, n1 = K_EXT // 8, K_EXT // 16
    eye_gm = ir.gm("eye", "f32")
    b1 = ir.local("b1", 8192, K_EXT * K_EXT, "f32")
    b2 = ir.local("b2", 0, K_EXT * K_EXT, "f32")
    cnt = ir.const(K_EXT * K_EXT, "i32")
    ir.op(f"ascendc.data_copy_l2 {b1}, {eye_gm}, {cnt} : {lt('f32')}, {gt('f32')}, i32")
    load_2d(ir, b2, b1, "f32", 0, k1 * n1, 1)
    _product_out(ir, a2, b2, "f32", M_EXT, K_EXT, K_EXT, M_EXT * K_EXT)
    # Zn: fractal (k1, n1) holds 16 rows of n, 8 k each
    kk, nn = np.meshgrid(np.arange(8), np.arange(16))
    zn = np.zeros((k1, n1, 16, 8), np.float32)
    for a in range(k1):
        for b in range(n1):
            zn[a, b] = (a * 8 + kk) == (b * 16 + nn)
    fm = RNG.standard_normal(fm_shape).astype(np.float32)
    c = np.zeros((M_EXT, K_EXT), np.float32)
    ir.kernel()[1](fm, zn.reshape(-1), c)
    np.testing.assert_array_equal(c, _img2col_ref(fm))
