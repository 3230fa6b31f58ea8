"""The fused and less common element-wise ops on the simulator against numpy: the
count forms (run in counter mode by the spec hooks) and mask forms of FusedMulAdd,
FusedMulAddRelu, MulAddDst, FusedAbsSub, FusedExpSub, Prelu, Neg and Axpy."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

BIN = "!ascendc.binary_repeat_params"
N = 300


def _f64(*xs):
    return [x.astype(np.float64) for x in xs]


FUSED = {
    # name: (reference of (dst, a, b), reads dst)
    "fused_mul_add": lambda d, a, b: a * d + b,
    "fused_mul_add_relu": lambda d, a, b: np.maximum(a * d + b, 0),
    "mul_add_dst": lambda d, a, b: a * b + d,
    "fused_abs_sub": lambda d, a, b: np.abs(a - b),
    "fused_exp_sub": lambda d, a, b: np.exp(a - b),
    "prelu": lambda d, a, b: np.where(a >= 0, a, a * b),
}


@pytest.mark.parametrize("name", sorted(FUSED))
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_fused_count_form(name, dtype):
    k = simkit.inout_kernel(
        f"ascendc.{name}_l2 %b2, %b0, %b1, %s0 : {{lt2}}, {{lt0}}, {{lt1}}, i32",
        [dtype] * 3,
        ["i32"],
    )
    rng = np.random.default_rng(1)
    n = 4096 // np.dtype(dtype).itemsize
    a, b, d = (rng.uniform(-2, 2, n).astype(dtype) for _ in range(3))
    got = d.copy()
    k[1](a, b, got, N)
    want = d.copy()
    da, aa, ba = _f64(d[:N], a[:N], b[:N])
    if name in ("fused_abs_sub", "prelu"):  # one rounding per step, in the element type
        ref = {
            "fused_abs_sub": np.abs(a[:N] - b[:N]),
            "prelu": np.where(a[:N] >= 0, a[:N], a[:N] * b[:N]),
        }[name]
    else:
        ref = FUSED[name](da, aa, ba)
    want[:N] = np.asarray(ref).astype(dtype)
    np.testing.assert_array_equal(got, want)


def test_fused_mul_add_mask_form():
    k = simkit.inout_kernel(
        f"""
        %p = ascendc.construct {BIN}()
        ascendc.fused_mul_add_l0 %b2, %b0, %b1, %s0, %s1, %p {{isSetMask}} : {{lt2}}, {{lt0}}, {{lt1}}, i32, i32, {BIN}
        """,
        ["float32"] * 3,
        ["i32", "i32"],
    )
    rng = np.random.default_rng(2)
    a, b, d = (rng.uniform(-2, 2, 1024).astype(np.float32) for _ in range(3))
    got = d.copy()
    k[1](a, b, got, 10, 3)
    want = d.copy()
    for r in range(3):
        sl = slice(r * 64, r * 64 + 10)
        want[sl] = (a[sl].astype(np.float64) * d[sl] + b[sl]).astype(np.float32)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["int16", "float16", "int32", "float32"])
def test_neg(dtype):
    k = simkit.inout_kernel(
        "ascendc.neg_l2 %b1, %b0, %s0 : {lt1}, {lt0}, i32", [dtype] * 2, ["i32"]
    )
    n = 4096 // np.dtype(dtype).itemsize
    x = np.arange(n).astype(dtype) - 50
    if np.dtype(dtype).kind == "i":
        x[3] = np.iinfo(dtype).min  # wraps to itself
    got = np.zeros(n, dtype)
    k[1](x, got, N)
    want = np.zeros(n, dtype)
    want[:N] = -x[:N]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    ("src", "dst"), [("float16", "float16"), ("float32", "float32"), ("float16", "float32")]
)
def test_axpy(src, dst):
    ts = simkit.mlir_type(src)
    k = simkit.inout_kernel(
        f"ascendc.axpy_l2 %b1, %b0, %s0, %s1 : {{lt1}}, {{lt0}}, {ts}, i32", [src, dst], [ts, "i32"]
    )
    rng = np.random.default_rng(3)
    x = rng.uniform(-2, 2, 4096 // np.dtype(src).itemsize).astype(src)
    d = rng.uniform(-2, 2, 4096 // np.dtype(dst).itemsize).astype(dst)
    got = d.copy()
    v = np.dtype(src).type(0.75)
    k[1](x, got, v, N)
    want = d.copy()
    want[:N] = (x[:N].astype(np.float64) * float(v) + d[:N]).astype(dst)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    ("name", "fn"),
    [("add", np.add), ("sub", np.subtract), ("mul", np.multiply), ("div", np.divide)],
)
def test_operator_form_runs_over_the_destination(name, fn):
    """`dst = a + b` (the L3 form) computes dst.GetSize() elements: here the view of
    the buffer from element 16 on (1008 elements)."""
    lt = "{lt0}"
    k = simkit.inout_kernel(
        f"""
        %i = arith.constant 16 : index
        %d = ascendc.local_tensor.subindex %b2[%i] : {lt}, index, {lt}
        ascendc.{name}_l3 %d, %b0, %b1 : {lt}, {lt}, {lt}
        """,
        ["float32"] * 3,
        [],
    )
    rng = np.random.default_rng(4)
    a, b = rng.uniform(1, 2, 1024).astype(np.float32), rng.uniform(1, 2, 1024).astype(np.float32)
    d = np.zeros(1024, np.float32)
    k[1](a, b, d)
    want = np.zeros(1024, np.float32)
    want[16:] = fn(a[:1008], b[:1008])
    np.testing.assert_array_equal(d, want)
