"""Level-0/1 vector forms on the simulator against a slow reference (vecref.py): the
continuous and bit masks, repeat times, block and repeat strides (overlapping ones
too), counter mode, the mask register set outside the op (isSetMask=false), the mask
the count form leaves behind, NaN/inf and integer wrap-around."""

from __future__ import annotations

import numpy as np
import pytest
import simkit
import vecref

from asc_xdsl.runtime.simulator.errors import SimulatorError

CAP = 8192
BIN = "!ascendc.binary_repeat_params"
UN = "!ascendc.unary_repeat_params"
_KERNELS: dict = {}


def _kernel(key, body, dtypes, scalars):
    if key not in _KERNELS:
        _KERNELS[key] = simkit.inout_kernel(body, dtypes, scalars, capacity=CAP)
    return _KERNELS[key]


def _bufs(dtypes, rng, special=False):
    out = []
    for d in dtypes:
        n = CAP // np.dtype(d).itemsize
        if np.dtype(d).kind == "f":
            x = rng.uniform(-8, 8, n).astype(d)
            if special:
                x[::7] = np.nan
                x[3::11] = np.inf
                x[5::13] = -np.inf
        else:
            info = np.iinfo(d)
            x = rng.integers(info.min, info.max, n, endpoint=True).astype(d)
        out.append(x)
    return out


def _run(k, bufs, *scalars):
    got = [b.copy() for b in bufs]
    k[1](*got, *scalars)
    return got


def _check(got, want, msg=""):
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        np.testing.assert_array_equal(g, w, err_msg=f"buffer {i} {msg}")


BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
    "div": np.divide,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
    "add_relu": lambda a, b: np.maximum(a + b, 0).astype(a.dtype),
    "sub_relu": lambda a, b: np.maximum(a - b, 0).astype(a.dtype),
}
DTYPES = {
    "div": ["float16", "float32"],
    "and": ["int16", "uint16"],
    "or": ["int16", "uint16"],
    "add_relu": ["int16", "float16", "float32"],
    "sub_relu": ["int16", "float16", "float32"],
}


def _binary_l0_body(name, level):
    mask = "%s6" if level == 0 else "%s6, %s7"
    mt = "i32" if level == 0 else "ui64, ui64"
    return f"""
    %p = ascendc.construct {BIN}(%s0, %s1, %s2, %s3, %s4, %s5) : i32, i32, i32, i32, i32, i32
    ascendc.{name}_l{level} %b0, %b1, %b2, {mask}, %s8, %p {{isSetMask}} : {{lt0}}, {{lt1}}, {{lt2}}, {mt}, i32, {BIN}
    """


def _binary_case(name, dtype, level, strides, mask, repeat, rng, special=False):
    scalars = ["i32"] * 6 + (["i32"] if level == 0 else ["ui64", "ui64"]) + ["i32"]
    if level == 0:
        scalars = [*scalars[:7], "i32", "i32"]
    k = _kernel(("bin", name, dtype, level), _binary_l0_body(name, level), [dtype] * 3, scalars)
    bufs = _bufs([dtype] * 3, rng, special)
    itemsize = np.dtype(dtype).itemsize
    erep = 256 // itemsize
    if level == 0:
        bits = vecref.continuous(mask, erep)
        mask_args = [mask, 0]
    else:
        bits = mask
        mask_args = [mask & (2**64 - 1), mask >> 64]
    (db, sb0, sb1, dr, sr0, sr1) = strides
    got = _run(k, bufs, db, sb0, sb1, dr, sr0, sr1, *mask_args, repeat)
    ls = vecref.lanes(erep, repeat, bits & ((1 << erep) - 1))
    want = vecref.run(bufs, 0, [1, 2], [(db, dr), (sb0, sr0), (sb1, sr1)], BINARY[name], erep, ls)
    _check(got, want, f"{name} {dtype} L{level} strides={strides} mask={mask:#x} repeat={repeat}")


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_level0_continuous_mask(name):
    rng = np.random.default_rng(10)
    for dtype in DTYPES.get(name, ["int16", "float16", "int32", "float32"]):
        erep = 256 // np.dtype(dtype).itemsize
        # a mask covering part of a 32-byte block, a full repeat, default strides
        _binary_case(name, dtype, 0, (1, 1, 1, 8, 8, 8), 37, 3, rng)
        _binary_case(name, dtype, 0, (1, 1, 1, 8, 8, 8), erep, 2, rng)
        # gaps between blocks and repeats; src1 re-read every repeat (rep stride 0)
        _binary_case(name, dtype, 0, (2, 1, 3, 16, 8, 0), erep - 5, 4, rng)


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_level1_bit_mask(name):
    rng = np.random.default_rng(11)
    for dtype in DTYPES.get(name, ["int16", "float16", "int32", "float32"]):
        for _ in range(2):
            bits = int(rng.integers(0, 2**63)) << 65 | int(rng.integers(0, 2**63)) << 1 | 1
            _binary_case(name, dtype, 1, (1, 2, 1, 10, 17, 8), bits, 3, rng)


def test_binary_special_values_and_wrap():
    rng = np.random.default_rng(12)
    for name in ("add", "mul", "max", "min", "sub", "div"):
        for dtype in ("float16", "float32"):
            _binary_case(name, dtype, 0, (1, 1, 1, 8, 8, 8), 128, 4, rng, special=True)
    # int16/int32 add and mul wrap around (random full-range inputs overflow often)
    for dtype in ("int16", "int32"):
        _binary_case("add", dtype, 1, (1, 1, 1, 8, 8, 8), 2**128 - 1, 4, rng)
        _binary_case("mul", dtype, 1, (1, 1, 1, 8, 8, 8), 2**128 - 1, 4, rng)


def test_binary_mask_zero_and_repeat_zero_are_nops():
    rng = np.random.default_rng(13)
    _binary_case("add", "float32", 0, (1, 1, 1, 8, 8, 8), 0, 3, rng)
    _binary_case("add", "float32", 0, (1, 1, 1, 8, 8, 8), 64, 0, rng)


def test_binary_accumulates_through_overlapping_repeats():
    """Add(dst, src0, dst) with dst and src1 repeat stride 0: each repeat adds to the
    previous repeat's result (the one cross-repeat overlap the API allows)."""
    k = _kernel(
        ("acc",),
        f"""
        %p = ascendc.construct {BIN}(%s0, %s0, %s0, %s1, %s2, %s1) : i32, i32, i32, i32, i32, i32
        ascendc.add_l0 %b0, %b1, %b0, %s3, %s4, %p {{isSetMask}} : {{lt0}}, {{lt1}}, {{lt0}}, i32, i32, {BIN}
        """,
        ["float32", "float32"],
        ["i32"] * 5,
    )
    rng = np.random.default_rng(14)
    a = rng.integers(-9, 9, CAP // 4).astype(np.float32)
    b = rng.integers(-9, 9, CAP // 4).astype(np.float32)
    got = _run(k, [a, b], 1, 0, 8, 64, 5)
    want = a.copy()
    want[:64] = a[:64] + b[: 5 * 64].reshape(5, 64).sum(axis=0)
    np.testing.assert_array_equal(got[0], want)
    np.testing.assert_array_equal(got[1], b)


def _counter_body(op_line):
    return f"""
    ascendc.set_mask_count
    %p = ascendc.construct {UN}(%s0, %s1, %s2, %s3) : i32, i32, i32, i32
    {op_line}
    ascendc.set_mask_norm
    """


def test_counter_mode_bit_mask_form():
    """SetMaskCount; Adds(dst, src, v, {130, 0}, 1, {2, 2, 16, 16}): 130 elements over
    two repeats with block gaps; repeatTime is ignored."""
    k = _kernel(
        ("cnt-adds",),
        _counter_body(
            f"ascendc.adds_l1 %b0, %b1, %s4, %s5, %s6, %s7, %p {{isSetMask}} : {{lt0}}, {{lt1}}, f16, ui64, ui64, i32, {UN}"
        ),
        ["float16", "float16"],
        ["i32"] * 4 + ["f16", "ui64", "ui64", "i32"],
    )
    rng = np.random.default_rng(15)
    bufs = _bufs(["float16"] * 2, rng)
    for count, strides, repeat in (
        (130, (2, 2, 16, 16), 1),
        (77, (1, 1, 8, 8), 9),
        (0, (1, 1, 8, 8), 3),
    ):
        got = _run(k, bufs, *strides, np.float16(1.5), count, 0, repeat)
        ls = vecref.lanes(128, 0, count=count)
        db, sb, dr, sr = strides
        want = vecref.run(
            bufs, 0, [1], [(db, dr), (sb, sr)], lambda x: x + np.float16(1.5), 128, ls
        )
        _check(got, want, f"count={count}")


def test_counter_mode_continuous_mask_is_an_error():
    k = simkit.inout_kernel(
        _counter_body(
            f"ascendc.abs_l0 %b0, %b1, %s4, %s5, %p {{isSetMask}} : {{lt0}}, {{lt1}}, i32, i32, {UN}"
        ),
        ["float32", "float32"],
        ["i32"] * 6,
    )
    bufs = _bufs(["float32"] * 2, np.random.default_rng(0))
    with pytest.raises(SimulatorError, match="continuous mask in counter mode"):
        k[1](*bufs, 1, 1, 8, 8, 10, 1)


def test_mask_register_set_outside_the_op():
    """SetVectorMask then isSetMask=false ops (the mask operand is a placeholder); a
    count-form op in between leaves normal mode with every bit set behind."""
    k = _kernel(
        ("ext",),
        f"""
        %p = ascendc.construct {UN}()
        %zero = arith.constant 0 : i32
        ascendc.set_vector_mask_l1 %s0, %s1 {{dtype = f16, mode = 0 : i32}} : ui64, ui64
        ascendc.abs_l0 %b0, %b1, %zero, %s2, %p : {{lt0}}, {{lt1}}, i32, i32, {UN}
        ascendc.relu_l2 %b2, %b3, %s3 : {{lt2}}, {{lt3}}, i32
        ascendc.abs_l0 %b4, %b1, %zero, %s2, %p : {{lt4}}, {{lt1}}, i32, i32, {UN}
        """,
        ["float16"] * 5,
        ["ui64", "ui64", "i32", "i32"],
    )
    rng = np.random.default_rng(16)
    bufs = _bufs(["float16"] * 5, rng)
    hi, lo = 0xF0F0_0000_0000_0001, 0x8000_0000_FFFF_0003
    got = _run(k, bufs, hi, lo, 3, 50)
    want = [b.copy() for b in bufs]
    bits = hi << 64 | lo
    for r in range(3):
        for e in range(128):
            if bits >> e & 1:
                want[0][r * 128 + e] = abs(bufs[1][r * 128 + e])
    want[2][:50] = np.maximum(bufs[3][:50], 0)
    want[4][: 3 * 128] = np.abs(bufs[1][: 3 * 128])
    _check(got, want)


def test_set_vector_mask_counter_length():
    """SetVectorMask<T, COUNTER>(n) writes the count itself."""
    k = _kernel(
        ("ext-cnt",),
        f"""
        %p = ascendc.construct {UN}()
        %zero = arith.constant 0 : i32
        %one = arith.constant 1 : i32
        ascendc.set_mask_count
        ascendc.set_vector_mask_l0 %s0 {{dtype = f32, mode = 1 : i32}} : i32
        ascendc.exp_l0 %b0, %b1, %zero, %one, %p : {{lt0}}, {{lt1}}, i32, i32, {UN}
        ascendc.set_mask_norm
        ascendc.reset_mask
        """,
        ["float32"] * 2,
        ["i32"],
    )
    rng = np.random.default_rng(17)
    bufs = _bufs(["float32"] * 2, rng)
    got = _run(k, bufs, 200)
    want = [b.copy() for b in bufs]
    want[0][:200] = np.exp(bufs[1][:200])
    _check(got, want)


UNARY = {
    "abs": np.abs,
    "exp": np.exp,
    "ln": np.log,
    "sqrt": np.sqrt,
    "rsqrt": lambda x: (x.dtype.type(1) / np.sqrt(x)).astype(x.dtype),
    "reciprocal": lambda x: (x.dtype.type(1) / x).astype(x.dtype),
    "relu": lambda x: np.maximum(x, x.dtype.type(0)),
    "not": np.invert,
}
UNARY_DTYPES = {"relu": ["float16", "int32", "float32"], "not": ["int16", "uint16"]}


@pytest.mark.parametrize("name", sorted(UNARY))
@pytest.mark.parametrize("level", [0, 1])
def test_unary_forms(name, level):
    rng = np.random.default_rng(18)
    for dtype in UNARY_DTYPES.get(name, ["float16", "float32"]):
        mt, mask = ("i32", "%s4") if level == 0 else ("ui64, ui64", "%s4, %s5")
        k = _kernel(
            ("un", name, dtype, level),
            f"""
            %p = ascendc.construct {UN}(%s0, %s1, %s2, %s3) : i32, i32, i32, i32
            ascendc.{name}_l{level} %b0, %b1, {mask}, %s6, %p {{isSetMask}} : {{lt0}}, {{lt1}}, {mt}, i32, {UN}
            """,
            [dtype] * 2,
            ["i32"] * 4 + (["i32", "i32"] if level == 0 else ["ui64", "ui64"]) + ["i32"],
        )
        erep = 256 // np.dtype(dtype).itemsize
        for strides, m, repeat in (((1, 1, 8, 8), 50, 3), ((3, 1, 24, 5), erep, 2)):
            bufs = _bufs([dtype] * 2, rng, special=np.dtype(dtype).kind == "f")
            if level == 0:
                bits, margs = vecref.continuous(m, erep), [m, 0]
            else:
                bits = (1 << m) - 1 ^ 0b1010
                margs = [bits & (2**64 - 1), bits >> 64]
            got = _run(k, bufs, *strides, *margs, repeat)
            db, sb, dr, sr = strides
            ls = vecref.lanes(erep, repeat, bits & ((1 << erep) - 1))
            want = vecref.run(bufs, 0, [1], [(db, dr), (sb, sr)], UNARY[name], erep, ls)
            _check(got, want, f"{name} {dtype} L{level} {strides} {m} {repeat}")


def _shift_left_keeping_sign(x, s):
    """The ShiftLeft page's shift (s < width): a signed element keeps its sign bit
    (1010101010101010 << 1 = 1101010101010100), an unsigned one shifts logically."""
    shifted = np.left_shift(x, s)
    if x.dtype.kind != "i":
        return shifted
    sign = x.dtype.type(np.iinfo(x.dtype).min)
    return (x & sign) | (shifted & ~sign)


SCALARS = {
    "adds": (np.add, ["int16", "float16", "int32", "float32"]),
    "muls": (np.multiply, ["int16", "float16", "int32", "float32"]),
    "maxs": (np.maximum, ["int16", "float16", "int32", "float32"]),
    "mins": (np.minimum, ["int16", "float16", "int32", "float32"]),
    "leaky_relu": (lambda x, s: np.where(x >= 0, x, x * s), ["float16", "float32"]),
    "shift_left": (_shift_left_keeping_sign, ["int16", "uint16", "int32", "uint32"]),
    "shift_right": (np.right_shift, ["int16", "uint16", "int32", "uint32"]),
}


@pytest.mark.parametrize("name", sorted(SCALARS))
@pytest.mark.parametrize("level", [0, 1, 2])
def test_tensor_scalar_forms(name, level):
    fn, dtypes = SCALARS[name]
    rng = np.random.default_rng(19)
    for dtype in dtypes:
        t = simkit.mlir_type(dtype)
        st = "i32" if "shift" in name else t
        erep = 256 // np.dtype(dtype).itemsize
        if level == 2:
            body = (
                f"ascendc.{name}_l2 %b0, %b1, %s0, %s1 {{isSetMask}} : {{lt0}}, {{lt1}}, {st}, i32"
            )
            scalars = [st, "i32"]
        else:
            mt, mask = ("i32", "%s5") if level == 0 else ("ui64, ui64", "%s5, %s6")
            body = f"""
            %p = ascendc.construct {UN}(%s1, %s2, %s3, %s4) : i32, i32, i32, i32
            ascendc.{name}_l{level} %b0, %b1, %s0, {mask}, %s7, %p {{isSetMask}} : {{lt0}}, {{lt1}}, {st}, {mt}, i32, {UN}
            """
            scalars = (
                [st] + ["i32"] * 4 + (["i32", "i32"] if level == 0 else ["ui64", "ui64"]) + ["i32"]
            )
        k = _kernel(("sc", name, dtype, level), body, [dtype] * 2, scalars)
        bufs = _bufs([dtype] * 2, rng)
        s = 3 if "shift" in name else (np.dtype(dtype).type(-2.5) if t.startswith("f") else -7)
        conv = np.dtype(dtype).type(s) if "shift" not in name else s

        def f(x, conv=conv, fn=fn):
            return fn(x, conv).astype(x.dtype)

        if level == 2:
            got = _run(k, bufs, s, 300)
            want = [b.copy() for b in bufs]
            with np.errstate(all="ignore"):
                want[0][:300] = f(bufs[1][:300])
            _check(got, want, f"{name} {dtype} L2")
            continue
        strides, m, repeat = (2, 1, 16, 8), erep - 3, 3
        bits = vecref.continuous(m, erep) if level == 0 else (1 << erep) - 1 ^ 0b110001
        margs = [m, 0] if level == 0 else [bits & (2**64 - 1), bits >> 64]
        got = _run(k, bufs, s, *strides, *margs, repeat)
        db, sb, dr, sr = strides
        ls = vecref.lanes(erep, repeat, bits & ((1 << erep) - 1))
        want = vecref.run(bufs, 0, [1], [(db, dr), (sb, sr)], f, erep, ls)
        _check(got, want, f"{name} {dtype} L{level}")


def test_operand_past_the_tensor_is_an_error():
    k = simkit.inout_kernel(
        f"""
        %p = ascendc.construct {UN}(%s0, %s0, %s1, %s1) : i32, i32, i32, i32
        ascendc.abs_l0 %b0, %b1, %s2, %s3, %p {{isSetMask}} : {{lt0}}, {{lt1}}, i32, i32, {UN}
        """,
        ["float32"] * 2,
        ["i32"] * 4,
        capacity=1024,
    )
    bufs = _bufs(["float32"] * 2, np.random.default_rng(0))
    bufs = [b[:256] for b in bufs]
    with pytest.raises(SimulatorError, match="past the end of local tensor dst"):
        k[1](*bufs, 1, 8, 64, 5)
