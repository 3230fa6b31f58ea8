"""Numeric tests of every op the simulator runs, against numpy."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

CAP = 4096  # bytes per UB buffer in the op kernels
LENGTHS = [1, 100, 1000, 1024]  # elements; most are not multiples of a repeat or tile

BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.divide,
    "max": np.maximum,
    "min": np.minimum,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
}
BINARY_DTYPES = {
    "add": ["float16", "float32", "int16", "int32"],
    "sub": ["float16", "float32", "int16", "int32"],
    "mul": ["float16", "float32", "int16", "int32"],
    "max": ["float16", "float32", "int16", "int32"],
    "min": ["float16", "float32", "int16", "int32"],
    "div": ["float16", "float32"],
    "and": ["int16", "uint16"],
    "or": ["int16", "uint16"],
}
_KERNELS: dict = {}


def _data(dtype, n, rng, positive=False):
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        x = rng.uniform(0.5 if positive else -4, 4, n)
    else:
        info = np.iinfo(dtype)
        x = rng.integers(max(info.min, -1000), min(info.max, 1000), n)
    return x.astype(dtype)


def _cached(key, *args, **kw):
    if key not in _KERNELS:
        _KERNELS[key] = simkit.op_kernel(*args, **kw)
    return _KERNELS[key]


def _run(kernel, ins, out_dtypes, *scalars, n):
    arrays = [np.ascontiguousarray(a) for a in ins]
    outs = [np.full(CAP // np.dtype(d).itemsize, 7, d) for d in out_dtypes]
    kernel[1](*arrays, *outs, *scalars, n)
    return outs


def _pad(x, dtype):
    full = np.zeros(CAP // np.dtype(dtype).itemsize, dtype)
    full[: x.size] = x
    return full


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary(name):
    rng = np.random.default_rng(1)
    for dtype in BINARY_DTYPES[name]:
        t = simkit.mlir_type(dtype)
        k = _cached(
            ("bin", name, dtype),
            f"ascendc.{name}_l2 %out0, %in0, %in1, %n : {{lt_out0}}, {{lt_in0}}, {{lt_in1}}, i32",
            [dtype, dtype],
            [dtype],
        )
        for n in LENGTHS:
            a, b = _data(dtype, n, rng), _data(dtype, n, rng, positive=name == "div")
            (out,) = _run(k, [_pad(a, dtype), _pad(b, dtype)], [dtype], n=n)
            with np.errstate(all="ignore"):
                want = BINARY[name](a, b).astype(dtype)
            np.testing.assert_array_equal(out[:n], want, err_msg=f"{name} {t} n={n}")
            assert (out[n:] == 0).all(), "elements past count were written"


UNARY = {
    "abs": (np.abs, ["float16", "float32"]),
    "exp": (np.exp, ["float16", "float32"]),
    "ln": (np.log, ["float16", "float32"]),
    "sqrt": (np.sqrt, ["float16", "float32"]),
    "rsqrt": (lambda x: 1 / np.sqrt(x), ["float32"]),
    "reciprocal": (lambda x: 1 / x, ["float16", "float32"]),
    "relu": (lambda x: np.maximum(x, 0), ["float16", "float32", "int32"]),
    "not": (np.invert, ["int16", "uint16"]),
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary(name):
    fn, dtypes = UNARY[name]
    rng = np.random.default_rng(2)
    for dtype in dtypes:
        k = _cached(
            ("un", name, dtype),
            f"ascendc.{name}_l2 %out0, %in0, %n : {{lt_out0}}, {{lt_in0}}, i32",
            [dtype],
            [dtype],
        )
        for n in LENGTHS:
            positive = name in ("ln", "sqrt", "rsqrt", "reciprocal")
            a = _data(dtype, n, rng, positive=positive)
            (out,) = _run(k, [_pad(a, dtype)], [dtype], n=n)
            want = fn(a).astype(dtype)
            if np.dtype(dtype).kind == "f":
                np.testing.assert_allclose(out[:n], want, rtol=2e-3 if dtype == "float16" else 1e-6)
            else:
                np.testing.assert_array_equal(out[:n], want)
            assert (out[n:] == 0).all()


def test_special_values():
    k = _cached(
        ("un", "ln", "float32"),
        "ascendc.ln_l2 %out0, %in0, %n : {lt_out0}, {lt_in0}, i32",
        ["float32"],
        ["float32"],
    )
    (out,) = _run(k, [_pad(np.array([0.0, -1.0, 1.0], np.float32), "float32")], ["float32"], n=3)
    assert out[0] == -np.inf and np.isnan(out[1]) and out[2] == 0


@pytest.mark.parametrize(
    "name,fn", [("adds", np.add), ("muls", np.multiply), ("maxs", np.maximum), ("mins", np.minimum)]
)
def test_vector_scalar(name, fn):
    rng = np.random.default_rng(3)
    for dtype in ["float16", "float32", "int16", "int32"]:
        t = simkit.mlir_type(dtype)
        k = _cached(
            ("sc", name, dtype),
            f"ascendc.{name}_l2 %out0, %in0, %s0, %n {{{{isSetMask}}}} : {{lt_out0}}, {{lt_in0}}, {t}, i32",
            [dtype],
            [dtype],
            scalars=[t],
        )
        scalar = np.dtype(dtype).type(3 if np.dtype(dtype).kind == "i" else 1.5)
        for n in LENGTHS:
            a = _data(dtype, n, rng)
            (out,) = _run(k, [_pad(a, dtype)], [dtype], scalar, n=n)
            np.testing.assert_array_equal(out[:n], fn(a, scalar).astype(dtype))


def test_duplicate():
    for dtype in ["float16", "float32", "int16", "uint16", "int32", "uint32"]:
        t = simkit.mlir_type(dtype)
        k = simkit.op_kernel(
            f"ascendc.duplicate_l2 %out0, %s0, %n : {{lt_out0}}, {t}, i32", [], [dtype], scalars=[t]
        )
        for n in (1, 77, 1000):
            (out,) = _run(k, [], [dtype], 5, n=n)
            assert (out[:n] == 5).all() and (out[n:] == 0).all()


# -- Cast --------------------------------------------------------------------------

CAST_VALUES = np.array([2.5, -2.5, 1.5, -1.5, 0.4, -0.6, 3.7], np.float32)
CAST_EXPECTED = {  # RoundMode -> f32 -> i32 results
    1: [2, -2, 2, -2, 0, -1, 4],  # RINT
    2: [2, -3, 1, -2, 0, -1, 3],  # FLOOR
    3: [3, -2, 2, -1, 1, 0, 4],  # CEIL
    4: [3, -3, 2, -2, 0, -1, 4],  # ROUND (ties away from zero)
    5: [2, -2, 1, -1, 0, 0, 3],  # TRUNC
}


def _cast_kernel(src, dst, mode):
    return _cached(
        ("cast", src, dst, mode),
        f"ascendc.cast_l2 %out0, %in0, %n {{{{roundMode = {mode} : i32}}}} : {{lt_out0}}, {{lt_in0}}, i32",
        [src],
        [dst],
    )


@pytest.mark.parametrize("mode", sorted(CAST_EXPECTED))
def test_cast_float_to_int_modes(mode):
    for dst in ("int32", "int16"):
        k = _cast_kernel("float32", dst, mode)
        (out,) = _run(k, [_pad(CAST_VALUES, "float32")], [dst], n=7)
        assert out[:7].tolist() == CAST_EXPECTED[mode]
    k = _cast_kernel("float16", "int32", mode)
    (out,) = _run(k, [_pad(CAST_VALUES.astype(np.float16), "float16")], ["int32"], n=7)
    want = CAST_EXPECTED[mode]
    # 3.7 in float16 is 3.69921875; 0.4 and -0.6 keep their rounding direction
    assert out[:7].tolist() == want


def test_cast_float_to_int_saturates():
    k = _cast_kernel("float32", "int16", 1)
    (out,) = _run(k, [_pad(np.array([1e6, -1e6, np.nan], np.float32), "float32")], ["int16"], n=3)
    assert out[:3].tolist() == [32767, -32768, 0]


def test_cast_to_64_bit_ints_saturates_past_float64s_reach():
    # float64 has no int64 / uint64 max: a clip to it gave 2**63 (2**64), which wrapped
    # to the minimum (0) on conversion
    from asc_xdsl.runtime.simulator.ops.cast import RoundMode, to_int

    x = np.array([np.inf, 1e20, 2.0**63, 2.0**63 - 1024, -np.inf, -1e20, np.nan, -3.5])
    got = to_int(x, np.dtype(np.int64), RoundMode.CAST_TRUNC).tolist()
    assert got == [2**63 - 1, 2**63 - 1, 2**63 - 1, 2**63 - 1024, -(2**63), -(2**63), 0, -3]
    got = to_int(x, np.dtype(np.uint64), RoundMode.CAST_TRUNC).tolist()
    assert got == [2**64 - 1, 2**64 - 1, 2**63, 2**63 - 1024, 0, 0, 0, 0]


def test_cast_f32_to_f16_modes():
    one = 1.0
    ulp = 2.0**-10
    x = np.array(
        [one + ulp / 2, one + ulp / 4, one + 3 * ulp / 4, -(one + ulp / 2), 1e6, 0.1], np.float32
    )
    f16 = np.float16

    def want(*v):
        return np.array(v, np.float16)

    expected = {
        1: want(1, 1, 1 + ulp, -1, 65504, f16(0.1)),  # RINT (ties even)
        2: want(1, 1, 1, -(1 + ulp), 65504, np.float16(0.0999755859375)),  # FLOOR
        3: want(1 + ulp, 1 + ulp, 1 + ulp, -1, 65504, np.float16(0.10003662109375)),  # CEIL
        4: want(1 + ulp, 1, 1 + ulp, -(1 + ulp), 65504, f16(0.1)),  # ROUND (ties away)
        5: want(1, 1, 1, -1, 65504, np.float16(0.0999755859375)),  # TRUNC
        6: want(
            1 + ulp, 1 + ulp, 1 + ulp, -(1 + ulp), 65504, np.float16(0.10003662109375)
        ),  # ODD: 0x2E67
    }
    for mode, w in expected.items():
        k = _cast_kernel("float32", "float16", mode)
        (out,) = _run(k, [_pad(x, "float32")], ["float16"], n=x.size)
        np.testing.assert_array_equal(out[: x.size], w, err_msg=f"mode {mode}")


def test_cast_exact_and_int_pairs():
    rng = np.random.default_rng(4)
    cases = [
        ("float16", "float32", 0),
        ("int16", "float32", 0),
        ("int32", "float32", 1),
        ("int16", "float16", 1),
        ("int32", "int16", 0),
        ("float16", "int8", 5),
        ("int8", "float16", 0),
        ("uint8", "float16", 0),
    ]
    for src, dst, mode in cases:
        k = _cast_kernel(src, dst, mode)
        a = _data(src, 999, rng)
        if src == "float16" and dst == "int8":
            a = np.clip(a, -100, 100).astype(np.float16)
        (out,) = _run(k, [_pad(a, src)], [dst], n=999)
        if np.dtype(dst).kind in "iu" and np.dtype(src).kind == "f":
            want = np.trunc(a.astype(np.float64)).astype(dst)
        elif np.dtype(dst).kind in "iu":
            info = np.iinfo(dst)
            want = np.clip(a, info.min, info.max).astype(dst)
        else:
            want = a.astype(dst)
        np.testing.assert_array_equal(out[:999], want, err_msg=f"{src}->{dst}")


# -- reductions ------------------------------------------------------------------------


def test_reduce_sum():
    rng = np.random.default_rng(5)
    for dtype in ("float32", "float16"):
        k = _cached(
            ("rsum", dtype),
            "ascendc.reduce_sum_l2 %out0, %in0, %out1, %n : {lt_out0}, {lt_in0}, {lt_out1}, i32",
            [dtype],
            [dtype, dtype],
        )
        for n in LENGTHS:
            a = rng.integers(-8, 8, n).astype(dtype)  # exact sums
            out, _ = _run(k, [_pad(a, dtype)], [dtype, dtype], n=n)
            assert out[0] == a.astype(np.float64).sum()
        a = rng.random(1000).astype(np.float32)
        out, _ = _run(
            _KERNELS[("rsum", "float32")], [_pad(a, "float32")], ["float32", "float32"], n=1000
        )
        assert out[0] == pytest.approx(a.astype(np.float64).sum(), rel=1e-6)


@pytest.mark.parametrize("name,fn", [("reduce_max", np.argmax), ("reduce_min", np.argmin)])
def test_reduce_max_min_with_index(name, fn):
    rng = np.random.default_rng(6)
    for dtype, bits in (("float32", np.uint32), ("float16", np.uint16)):
        k = _cached(
            (name, dtype),
            f"%ci = arith.constant 1 : i32\nascendc.{name}_l2 %out0, %in0, %out1, %n, %ci : {{lt_out0}}, {{lt_in0}}, {{lt_out1}}, i32, i32",
            [dtype],
            [dtype, dtype],
        )
        for n in (1, 100, 1000):
            a = rng.integers(-50, 50, n).astype(dtype)
            out, _ = _run(k, [_pad(a, dtype)], [dtype, dtype], n=n)
            i = int(fn(a))  # first occurrence = smallest index on ties
            assert out[0] == a[i]
            assert int(out[1:2].view(bits)[0]) == i


# -- scalar access ------------------------------------------------------------------


def test_get_set_value():
    k = simkit.op_kernel(
        """
        %c3 = arith.constant 3 : i32
        %c5 = arith.constant 5 : i32
        %v = ascendc.local_tensor.get_value %in0, %c3 : {lt_in0}, i32, f32
        %w = arith.addf %v, %v : f32
        ascendc.local_tensor.set_value %out0, %c5, %w : {lt_out0}, i32, f32
        %g = ascendc.global_tensor.get_value %in0_gm, %c5 : {gt_in0}, i32, f32
        ascendc.global_tensor.set_value %out0_gm, %c3, %g : {gt_out0}, i32, f32
        """,
        ["float32"],
        ["float32"],
    )
    a = np.arange(1024, dtype=np.float32)
    out = np.zeros(1024, np.float32)
    k[1](a, out, 0)
    # the final DataCopy of out0 overwrites GM, so only the UB-side set_value survives
    assert out[5] == 6.0 and out[3] == 0.0
