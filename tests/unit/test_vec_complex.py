"""complex32 / complex64 in the basic (LocalTensor) vector API on Ascend 950: the count
forms whose 3510 implementations take them (Add, Sub, Mul, Div and their operators, Adds,
Muls, Duplicate, Select, Abs into the parts' type, Cast between complex types), computed
on the simulator exactly as the headers' kernels do (each step in the parts' type), and
the located refusals of the forms and ops the headers refuse.

The emitted C++ is header-checked for 3510 through
`tests/filecheck/ascend950/vec_complex.mlir` (test_headers.py checks every emission
test)."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl import jit
from asc_xdsl.enums import RoundMode, SelMode
from asc_xdsl.runtime.numpy_types import COMPLEX32

SOC = "Ascend950PR_9599"
N = 96  # elements per result: a complex64 pair's 64 and a tail; complex32's 128 in part
SEGMENTS = 10
S = 1.5 - 2j


@jit
def ops_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, sel: asc.GlobalAddress,
               z: asc.GlobalAddress, w: asc.GlobalAddress, n: int):  # fmt: skip
    """z: Add, Sub, Mul, Div, Adds(S), Muls(S), Duplicate(S), Adds of the runtime int n
    (the complex (n, 0)), Select(sel, x, y), Select(sel, x, S), N elements each; w: |x|."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bs = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    bw = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 1024)
    pipe.init_buffer(bs, 32)
    pipe.init_buffer(bz, 8192)
    pipe.init_buffer(bw, 512)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    sl = bs.get(asc.uint8)
    zl = bz.get(x.dtype)
    wl = bw.get(w.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    sg.set_global_buffer(sel)
    zg.set_global_buffer(z)
    wg.set_global_buffer(w)
    asc.data_copy(xl, xg, N)
    asc.data_copy(yl, yg, N)
    asc.data_copy(sl, sg, 32)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.add(zl, xl, yl, N)
    asc.sub(zl[N:], xl, yl, N)
    asc.mul(zl[2 * N :], xl, yl, N)
    asc.div(zl[3 * N :], xl, yl, N)
    asc.adds(zl[4 * N :], xl, S, N)
    asc.muls(zl[5 * N :], xl, S, N)
    asc.duplicate(zl[6 * N :], S, N)
    asc.adds(zl[7 * N :], xl, n, N)
    asc.select(zl[8 * N :], sl, xl, yl, SelMode.VSEL_TENSOR_TENSOR_MODE, N)
    asc.select(zl[9 * N :], sl, xl, S, SelMode.VSEL_TENSOR_SCALAR_MODE, N)
    asc.abs(wl, xl, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, SEGMENTS * N)
    asc.data_copy(wg, wl, N)


def _c32(v: np.ndarray) -> np.ndarray:
    out = np.empty(v.shape, COMPLEX32)
    out["real"], out["imag"] = v.real, v.imag
    return out


def _parts(c: np.ndarray, part) -> tuple[np.ndarray, np.ndarray]:
    if c.dtype == COMPLEX32:
        return c["real"].copy(), c["imag"].copy()
    return c.real.astype(part), c.imag.astype(part)


def _join(re: np.ndarray, im: np.ndarray) -> np.ndarray:
    out = np.empty(re.shape, np.complex128)  # (not re + 1j * im: 1j * inf has a NaN part)
    out.real, out.imag = re, im
    return out


def _values(c: np.ndarray) -> np.ndarray:
    return _join(*_parts(c, np.float64))


# -- the headers' kernels, step by step in the parts' type (numpy rounds each op) --------


def _mul(a, b, c, d):
    return a * c - b * d, b * c + a * d  # ComplexMulKernel


def _div(a, b, c, d):
    """ComplexDivKernel (Smith's method); 0 + 0i divides to (a / |c|, b / |d|)."""
    one = np.ones_like(a)
    with np.errstate(all="ignore"):
        r1 = d / c
        s1 = one / (c + d * r1)
        r2 = c / d
        s2 = one / (d + c * r2)
        first = np.abs(c) >= np.abs(d)
        zero = (c == 0) & (d == 0)
        re = np.where(first, (a + b * r1) * s1, (a * r2 + b) * s2)
        im = np.where(first, (b - a * r1) * s1, (b * r2 - a) * s2)
        return np.where(zero, a / np.abs(c), re), np.where(zero, b / np.abs(d), im)


@pytest.mark.parametrize("dtype", [asc.complex64, asc.complex32], ids=["c64", "c32"])
def test_count_forms_compute_as_the_headers(dtype):
    part = np.float32 if dtype is asc.complex64 else np.float16
    rng = np.random.default_rng(7)
    xv = rng.uniform(-2, 2, N) + 1j * rng.uniform(-2, 2, N)
    yv = rng.uniform(-2, 2, N) + 1j * rng.uniform(-2, 2, N)
    yv[3] = 0  # 0 + 0i: infinities
    yv[5] = 1e-3 + 2j  # |c| < |d|: Smith's second branch
    store = _c32 if dtype is asc.complex32 else (lambda v: v.astype(np.complex64))
    x, y, z = store(xv), store(yv), store(np.zeros(SEGMENTS * N))
    sel = rng.integers(0, 256, 32, dtype=np.uint8)
    w = np.zeros(N, part)
    n = 3
    ops_kernel[1](x, y, sel, z, w, n, platform=SOC)
    out = _values(z).reshape(SEGMENTS, N)

    (a, b), (c, d) = _parts(x, part), _parts(y, part)
    s = np.full(N, part(S.real)), np.full(N, part(S.imag))
    bits = np.unpackbits(sel, bitorder="little")[:N].astype(bool)
    zero = np.zeros_like(a)
    expected = [
        (a + c, b + d),
        (a - c, b - d),
        _mul(a, b, c, d),
        _div(a, b, c, d),
        (a + s[0], b + s[1]),
        _mul(a, b, *s),
        s,
        (a + part(n), b + zero),
        (np.where(bits, a, c), np.where(bits, b, d)),
        (np.where(bits, a, s[0]), np.where(bits, b, s[1])),
    ]
    for k, (re, im) in enumerate(expected):
        np.testing.assert_array_equal(out[k], _join(re, im), err_msg=f"segment {k}")
    assert np.isinf(out[3][3].real) and np.isinf(out[3][3].imag)
    # Abs: Sqrt(re re + im im) into the parts' type
    np.testing.assert_array_equal(w, np.sqrt(a * a + b * b))
    # and it is |x| (numpy's, in float64) within the parts' precision
    np.testing.assert_allclose(w, np.abs(_values(x)), rtol=2e-3 if part is np.float16 else 1e-6)


@jit
def cast_kernel(x: asc.GlobalAddress, h: asc.GlobalAddress, z: asc.GlobalAddress,
                c: asc.GlobalAddress):  # fmt: skip
    """h = Cast<complex32>(x, CAST_RINT); z = Cast<complex64>(h, CAST_NONE), then
    Cast<complex64>(x, CAST_FLOOR) behind it; c: 0 (Duplicate), then the first 32 of each
    64 elements of h (Copy, two repeats)."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bh = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    bc = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(bh, 512)
    pipe.init_buffer(bz, 2048)
    pipe.init_buffer(bc, 512)
    xl = bx.get(x.dtype)
    hl = bh.get(h.dtype)
    zl = bz.get(z.dtype)
    cl = bc.get(h.dtype)
    xg = asc.GlobalTensor()
    hg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    hg.set_global_buffer(h)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.cast(hl, xl, RoundMode.CAST_RINT, N)
    asc.cast(zl, hl, RoundMode.CAST_NONE, N)
    asc.cast(zl[N:], xl, RoundMode.CAST_FLOOR, N)
    asc.duplicate(cl, 0j, N)
    asc.copy(cl, hl, 32, 2, asc.CopyRepeatParams(1, 1, 8, 8))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(hg, hl, N)
    asc.data_copy(zg, zl, 2 * N)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    asc.data_copy(cg, cl, N)


def test_cast_copy_between_complex_types():
    rng = np.random.default_rng(3)
    x = (rng.uniform(-50, 50, N) + 1j * rng.uniform(-50, 50, N)).astype(np.complex64)
    h = np.empty(N, COMPLEX32)
    z = np.zeros(2 * N, np.complex64)
    copied = _c32(np.full(N, 7.0))
    cast_kernel[1](x, h, z, copied, platform=SOC)
    re, im = x.real.astype(np.float16), x.imag.astype(np.float16)  # round to nearest even
    assert np.array_equal(h["real"], re) and np.array_equal(h["imag"], im)
    np.testing.assert_array_equal(z[:N], _join(re, im))  # complex32 -> complex64 is exact
    np.testing.assert_array_equal(z[N:], _join(np.floor(x.real), np.floor(x.imag)))
    # Copy (UB -> UB, complex32 only: b32 elements) under a continuous mask of 32
    on = (np.arange(N) % 64) < 32
    assert np.array_equal(copied[on], h[on]) and not _values(copied[~on]).any()


@jit
def pair_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                w: asc.GlobalAddress):  # fmt: skip
    """z = x * y, w = x / y over the 256 elements of each buffer (count forms, which
    test_operators_compute_as_the_count_forms turns into the operators)."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    bw = asc.TBuf(asc.TPosition.VECCALC)
    for b in (bx, by, bz, bw):
        pipe.init_buffer(b, 1024)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    wl = bw.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    wg.set_global_buffer(w)
    asc.data_copy(xl, xg, 256)
    asc.data_copy(yl, yg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.mul(zl, xl, yl, 256)
    asc.div(wl, xl, yl, 256)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 256)
    asc.data_copy(wg, wl, 256)


def test_operators_compute_as_the_count_forms():
    """`dst = a * b` (mul_l3) and `dst = a / b` run over the destination (the simulator's
    mask engine) with the count forms' numerics."""
    from xdsl.rewriter import Rewriter

    from asc_xdsl.dialects.ascendc.spec import spec_op_class
    from asc_xdsl.runtime.kernel import CompiledKernel
    from asc_xdsl.runtime.simulator.backend import CpuSimulatorBackend

    rng = np.random.default_rng(5)
    x = _c32(rng.uniform(-2, 2, 256) + 1j * rng.uniform(-2, 2, 256))
    y = _c32(rng.uniform(-2, 2, 256) + 1j * rng.uniform(-2, 2, 256))
    z, w = _c32(np.zeros(256)), _c32(np.zeros(256))
    module = pair_kernel.compile(x, y, z, w, soc_version=SOC).module.clone()
    for name in ("mul", "div"):
        op = next(o for o in module.walk() if o.name == f"ascendc.{name}_l2")
        cls = spec_op_class(f"ascendc.{name}_l3")
        assert cls is not None
        Rewriter.replace_op(op, cls(op.dst, op.src0, op.src1))
    assert "ascendc.mul_l2" not in str(module)
    kernel = CompiledKernel(name="pair_kernel", module=module, kernel_type="vector")
    CpuSimulatorBackend().launch(kernel, 1, [x, y, z, w], platform=SOC)
    (a, b), (c, d) = _parts(x, np.float16), _parts(y, np.float16)
    np.testing.assert_array_equal(_values(z), _join(*_mul(a, b, c, d)))
    np.testing.assert_array_equal(_values(w), _join(*_div(a, b, c, d)))


# -- refusals -----------------------------------------------------------------------------

L64 = "!ascendc.local_tensor<*xcomplex<f32>>"


def _refusal(body: str, args: str = "", soc: str = SOC) -> str:
    from asc_xdsl.dialects.ir_context import parse_module

    text = f"""builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @f(%d: {L64}, %a: {L64}, %n: i32, %m: i32, %r: i32{args}) {{
    {body}
    func.return
  }}
}}"""
    with pytest.raises(Exception) as e:
        parse_module(text).verify()
    return str(e.value)


@pytest.mark.parametrize(
    ("body", "args", "message"),
    [
        # the mask forms' asserts list no complex type
        ("ascendc.add_l0 %d, %a, %a, %m, %r, %p {isSetMask} : "
         f"{L64}, {L64}, {L64}, i32, i32, !ascendc.binary_repeat_params",
         ", %p: !ascendc.binary_repeat_params", "Add does not support element type complex<f32> on Ascend 950"),
        # ops whose count forms take no complex type either
        (f"ascendc.max_l2 %d, %a, %a, %n : {L64}, {L64}, {L64}, i32", "",
         "Max does not support element type complex<f32> on Ascend 950"),
        (f"ascendc.abs_l2 %d, %a, %n : {L64}, {L64}, i32", "",
         "Abs does not support element type complex<f32> on Ascend 950"),
        (f"ascendc.exp_l2 %d, %a, %n : {L64}, {L64}, i32", "",
         "Exp does not support element type complex<f32> on Ascend 950"),
        # Cast: a complex type only with another; c32 -> c64 without rounding
        ("ascendc.cast_l2 %f, %a, %n {roundMode = 1 : i32} : "
         f"!ascendc.local_tensor<*xf32>, {L64}, i32", ", %f: !ascendc.local_tensor<*xf32>",
         "Cast from complex<f32> to f32 is not supported on Ascend 950"),
        ("ascendc.cast_l2 %a, %h, %n {roundMode = 1 : i32} : "
         f"{L64}, !ascendc.local_tensor<*xcomplex<f16>>, i32",
         ", %h: !ascendc.local_tensor<*xcomplex<f16>>",
         "does not support CAST_RINT (supported: CAST_NONE)"),
        # UB -> UB Copy moves b16 / b32 elements: complex32, not complex64
        ("%one = arith.constant 1 : i8\n    ascendc.copy_l1 %d, %a, %m, %r, %p, %one : "
         f"{L64}, {L64}, i32, i32, !ascendc.copy_repeat_params, i8",
         ", %p: !ascendc.copy_repeat_params",
         "Copy does not support element type complex<f32> on Ascend 950"),
        # a complex scalar goes with complex tensors
        ("ascendc.adds_l2 %f, %f, %s, %n {isSetMask} : "
         "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, complex<f32>, i32",
         ", %f: !ascendc.local_tensor<*xf32>, %s: complex<f32>",
         "a complex scalar goes with complex tensors"),
        # Abs of a complex tensor writes its parts' type
        (f"ascendc.abs_complex_l2 %h, %a, %n : !ascendc.local_tensor<*xf16>, {L64}, i32",
         ", %h: !ascendc.local_tensor<*xf16>",
         "Abs of complex<f32> writes its parts' type f32, got a destination of f16"),
    ],
    ids=["add_l0", "max", "abs_same_type", "exp", "cast_to_real", "cast_mode", "copy_c64", "scalar",
         "abs_dst"],
)  # fmt: skip
def test_refusals(body, args, message):
    assert message in _refusal(body, args)


def test_complex_is_refused_off_950_and_the_tables_say_why():
    off = _refusal(f"ascendc.add_l2 %d, %a, %a, %n : {L64}, {L64}, {L64}, i32", soc="Ascend910B1")
    assert "complex types (complex<f32>) exist on Ascend 950 (arch 3510) only" in off
    from asc_xdsl.dialects.ascendc.family_dtypes import family_dtypes
    from asc_xdsl.soc import ASCEND_950

    table = family_dtypes(ASCEND_950, "Add", {"T": ("i16", "f16", "i32", "f32")}, "ascendc.add_l2")
    assert table["T"][-2:] == ("complex<f16>", "complex<f32>")  # type: ignore[index]
    mask_form = family_dtypes(ASCEND_950, "Add", {"T": ("f32",)}, "ascendc.add_l0")
    assert mask_form == {"T": ("f32",)}


def test_python_errors_are_located():
    @jit
    def bad(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        b = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(b, 1024)
        t = b.get(x.dtype)
        asc.max(t, t, t, 32)

    with pytest.raises(
        Exception, match=r"test_vec_complex.py:\d+.*Max does not support element type complex<f32>"
    ):
        bad[1](np.zeros(32, np.complex64), platform=SOC)
