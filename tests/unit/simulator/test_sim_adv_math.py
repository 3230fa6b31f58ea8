"""The advanced math library on the simulator, against numpy / math (float64 references
rounded once to the element type)."""

from __future__ import annotations

import math

import numpy as np
import pytest
import simkit

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import UnsupportedOpError

N = 128


def seg(sizes: str) -> str:
    """The operandSegmentSizes attribute, braces doubled for simkit.op_kernel's format."""
    return "{{operandSegmentSizes = array<i32: " + sizes + ">}}"


def _run(body: str, inputs: list, out_dtype, scalars=(), scalar_types=(), n=N):
    dtypes = [a.dtype for a in inputs]
    body = "%reuse = arith.constant false\n" + body  # isReuseSource
    k = simkit.op_kernel(body, dtypes, [out_dtype], list(scalar_types))
    cap = 4096
    gm_in = []
    for a in inputs:
        buf = np.zeros(cap // a.dtype.itemsize, a.dtype)
        buf[: a.size] = a
        gm_in.append(buf)
    out = np.zeros(cap // np.dtype(out_dtype).itemsize, out_dtype)
    k[1](*gm_in, out, *scalars, n, sanitize="error")
    return out


def _unary_body(m: str, t: str, with_tmp: bool) -> str:
    lt = f"!ascendc.local_tensor<*x{t}>"
    if with_tmp:
        return (
            "%tmpbuf = ascendc.tbuf : !ascendc.tbuf<veccalc>\n"
            "%tmpbytes = arith.constant 4096 : i32\n"
            "ascendc.pipe.init_buffer %pipe, %tmpbuf, %tmpbytes : !ascendc.tbuf<veccalc>, i32\n"
            "%tmp = ascendc.tbuf.get_tensor %tmpbuf : !ascendc.tbuf<veccalc>, "
            "!ascendc.local_tensor<*xui8>\n"
            f"ascendc.{m} %out0, %in0, %tmp, %n, %reuse {seg('1, 1, 1, 1, 1')} : "
            f"{lt}, {lt}, !ascendc.local_tensor<*xui8>, i32, i1"
        )
    return f"ascendc.{m} %out0, %in0, %n, %reuse {seg('1, 1, 0, 1, 1')} : {lt}, {lt}, i32, i1"


def _round_half_away(x):
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


# name -> (reference on one float, input range)
REFERENCE = {
    "acos": (math.acos, (-0.99, 0.99)),
    "acosh": (math.acosh, (1.0, 9.0)),
    "asin": (math.asin, (-0.99, 0.99)),
    "asinh": (math.asinh, (-9.0, 9.0)),
    "atan": (math.atan, (-9.0, 9.0)),
    "atanh": (math.atanh, (-0.95, 0.95)),
    "ceil": (math.ceil, (-9.0, 9.0)),
    "cos": (math.cos, (-6.0, 6.0)),
    "cosh": (math.cosh, (-5.0, 5.0)),
    "erf": (math.erf, (-3.0, 3.0)),
    "erfc": (math.erfc, (-3.0, 3.0)),
    "floor": (math.floor, (-9.0, 9.0)),
    "frac": (lambda x: x - math.trunc(x), (-9.0, 9.0)),
    "lgamma": (math.lgamma, (0.1, 9.0)),
    "log": (math.log, (0.01, 100.0)),
    "round": (_round_half_away, (-9.0, 9.0)),
    "sign": (lambda x: float(np.sign(x)), (-3.0, 3.0)),
    "sin": (math.sin, (-6.0, 6.0)),
    "sinh": (math.sinh, (-5.0, 5.0)),
    "tan": (math.tan, (-1.4, 1.4)),
    "tanh": (math.tanh, (-5.0, 5.0)),
    "trunc": (math.trunc, (-9.0, 9.0)),
}


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_unary(name, dtype):
    ref, (lo, hi) = REFERENCE[name]
    x = np.linspace(lo, hi, N).astype(dtype)
    if name in ("round", "sign", "frac"):
        x[:4] = np.array([2.5, -2.5, 0.0, -0.5], dtype)  # ties go away from zero
    t = simkit.mlir_type(dtype)
    out = _run(_unary_body(name, t, with_tmp=name != "log"), [x], dtype)
    want = np.array([ref(float(v)) for v in x], np.float64).astype(dtype)
    np.testing.assert_array_equal(out[:N], want)
    assert not out[N:].any()  # nothing past the count


def _digamma_reference(x: float) -> float:
    """psi at integers and half-integers from closed forms (independent of the series)."""
    gamma = 0.5772156649015329
    if x == int(x):
        return -gamma + sum(1 / k for k in range(1, int(x)))
    n = int(x - 0.5)
    return -gamma - 2 * math.log(2) + sum(2 / (2 * k - 1) for k in range(1, n + 1))


def test_digamma_at_closed_forms_and_reflection():
    pts = [0.5, 1.0, 1.5, 2.0, 3.5, 7.0, 10.5, 20.0]
    x = np.zeros(N, np.float32)
    x[: len(pts)] = pts
    x[len(pts)] = -0.5  # psi(-1/2) = psi(1/2) + 2 (recurrence)
    x[len(pts) + 1 :] = 1.0
    out = _run(_unary_body("digamma", "f32", True), [x], np.float32)
    want = [_digamma_reference(p) for p in pts] + [_digamma_reference(0.5) + 2]
    np.testing.assert_allclose(out[: len(want)], want, rtol=2e-7, atol=1e-7)


def test_power_tensor_tensor_and_scalar_exponent():
    rng = np.random.default_rng(0)
    base = rng.uniform(0.1, 4, N).astype(np.float32)
    exp = rng.uniform(-2, 3, N).astype(np.float32)
    lt = "!ascendc.local_tensor<*xf32>"
    body = f"ascendc.power %out0, %in0, %in1, %n, %reuse {seg('1, 1, 1, 0, 1, 1')} : {lt}, {lt}, {lt}, i32, i1"
    out = _run(body, [base, exp], np.float32)
    want = np.power(base.astype(np.float64), exp.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(out[:N], want)
    body = f"ascendc.power %out0, %in0, %s0, %n, %reuse {seg('1, 1, 1, 0, 1, 1')} : {lt}, {lt}, f32, i32, i1"
    out = _run(body, [base], np.float32, scalars=[np.float32(1.5)], scalar_types=["f32"])
    np.testing.assert_array_equal(out[:N], (base.astype(np.float64) ** 1.5).astype(np.float32))


def test_integer_power_follows_c():
    base = np.array([2, -3, 1, -1, -1, 5, 0, 7] * 16, np.int32)
    exp = np.array([10, 3, -4, -3, -2, -1, 3, 0] * 16, np.int32)
    lt = "!ascendc.local_tensor<*xi32>"
    body = f"ascendc.power %out0, %in0, %in1, %n, %reuse {seg('1, 1, 1, 0, 1, 1')} : {lt}, {lt}, {lt}, i32, i1"
    out = _run(body, [base, exp], np.int32)
    assert out[:8].tolist() == [1024, -27, 1, -1, 1, 0, 0, 1]


def test_xor():
    a = np.arange(N, dtype=np.int16) * 37
    b = np.arange(N, dtype=np.int16)[::-1].copy() * 11
    lt = "!ascendc.local_tensor<*xi16>"
    body = f"ascendc.xor %out0, %in0, %in1, %n, %reuse {seg('1, 1, 1, 0, 1, 1')} : {lt}, {lt}, {lt}, i32, i1"
    np.testing.assert_array_equal(_run(body, [a, b], np.int16)[:N], a ^ b)


@pytest.mark.parametrize("name, fn", [("clamp_max", np.minimum), ("clamp_min", np.maximum)])
def test_clamp(name, fn):
    x = np.linspace(-4, 4, N).astype(np.float16)
    lt = "!ascendc.local_tensor<*xf16>"
    body = (
        f"ascendc.{name} %out0, %in0, %s0, %n, %reuse {seg('1, 1, 0, 1, 1, 1')} : "
        f"{lt}, {lt}, f16, i32, i1"
    )
    out = _run(body, [x], np.float16, scalars=[1.25], scalar_types=["f16"])
    np.testing.assert_array_equal(out[:N], fn(x, np.float16(1.25)))


def test_exp_and_axpy():
    x = np.linspace(-5, 5, N).astype(np.float32)
    lt = "!ascendc.local_tensor<*xf32>"
    body = (
        "%level = arith.constant 10 : i32\n"
        f"ascendc.exp %out0, %in0, %n, %level, %reuse {seg('1, 1, 1, 1, 0, 1')} : "
        f"{lt}, {lt}, i32, i32, i1"
    )
    out = _run(body, [x], np.float32)
    np.testing.assert_array_equal(out[:N], np.exp(x.astype(np.float64)).astype(np.float32))


def test_axpy_half_source_into_float():
    src = np.linspace(-2, 2, N).astype(np.float16)
    dst0 = np.linspace(10, 20, N).astype(np.float32)
    lh, lf = "!ascendc.local_tensor<*xf16>", "!ascendc.local_tensor<*xf32>"
    body = (
        "%tmpbuf = ascendc.tbuf : !ascendc.tbuf<veccalc>\n"
        "%tmpbytes = arith.constant 1024 : i32\n"
        "ascendc.pipe.init_buffer %pipe, %tmpbuf, %tmpbytes : !ascendc.tbuf<veccalc>, i32\n"
        "%tmp = ascendc.tbuf.get_tensor %tmpbuf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui8>\n"
        f"ascendc.data_copy_l2 %out0, %in1, %n : {lf}, {lf}, i32\n"
        "%e0 = arith.constant 0 : i32\n"
        "ascendc.pipe_barrier pipe_v\n"
        f"ascendc.axpy %out0, %in0, %s0, %tmp, %n, %reuse {seg('1, 1, 1, 1, 1, 1')} : "
        f"{lf}, {lh}, f32, !ascendc.local_tensor<*xui8>, i32, i1"
    )
    out = _run(body, [src, dst0], np.float32, scalars=[np.float32(0.75)], scalar_types=["f32"])
    want = (dst0.astype(np.float64) + src.astype(np.float64) * 0.75).astype(np.float32)
    np.testing.assert_array_equal(out[:N], want)


def test_count_past_the_tensor_is_an_error():
    from asc_xdsl.runtime.simulator import TensorBoundsError

    x = np.zeros(N, np.float32)
    with pytest.raises(TensorBoundsError, match="access past the end of local tensor"):
        _run(_unary_body("tanh", "f32", True), [x], np.float32, n=4096)


def test_cumsum_is_refused_with_the_reason():
    k_body = (
        "%one = arith.constant 1 : i32\n"
        "ascendc.cumsum %out0, %out0, %in0, %one, %one, %one "
        + seg("1, 1, 1, 0, 1, 1, 1")
        + " : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, "
        "!ascendc.local_tensor<*xf32>, i32, i32, i32"
    )
    with pytest.raises(UnsupportedOpError, match="CumSum is not simulated"):
        _run(k_body, [np.zeros(N, np.float32)], np.float32)


@asc.jit
def tanh_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    bt = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, n * 4)
    pipe.init_buffer(bz, n * 4)
    pipe.init_buffer(bt, 8192)
    xl = bx.get(x.dtype)
    zl = bz.get(x.dtype)
    tmp = bt.get(asc.uint8)
    asc.data_copy(xl, xg, count=n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adv.tanh(zl, xl, count=n, temp_buffer=tmp)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, count=n)


def test_python_kernel_calls_the_library():
    x = np.linspace(-3, 3, 256, dtype=np.float32)
    z = np.zeros_like(x)
    tanh_kernel[1](x, z, 256, sanitize="error")
    np.testing.assert_array_equal(z, np.tanh(x.astype(np.float64)).astype(np.float32))
