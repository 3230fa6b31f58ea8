"""The SIMT vector types (float2, int4, uchar3, ...: vector_functions.h's make_<type> and
the components .x .y .z .w) and the float2 conversions of asc_fp16.h / asc_bf16.h
(`__float22half2_<R>[_sat]`, `__float22bfloat162_<R>[_sat]`, `__bfloat1622float2`),
run on the simulator against numpy / an exact rounding reference, and their misuse."""

from __future__ import annotations

import math

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.jit import jit

SOC = "Ascend950PR_9599"
S = asc.simt
N = 32
HALF2 = ("rn", "rn_sat", "rz_sat", "rd", "rd_sat", "ru", "ru_sat", "rna", "rna_sat", "ro",
         "ro_sat")  # fmt: skip
"""The __float22half2_* modes asc_fp16.h declares (no plain _rz), in the kernel's order."""
BF2 = ("rn", "rn_sat", "rz", "rz_sat", "rd", "rd_sat", "ru", "ru_sat", "rna", "rna_sat")
COMPONENTS = (  # (type, its integer conversion) of the kernel's int vectors, in order
    ("char4", np.int8), ("uchar2", np.uint8), ("short3", np.int16), ("ushort4", np.uint16),
    ("int2", np.int32), ("uint3", np.uint32), ("long4", np.int64), ("ulong2", np.uint64),
    ("longlong3", np.int64), ("ulonglong4", np.uint64),
)  # fmt: skip


@S.vf(launch_bounds=32)
def vec_vf(pf: S.Pointer, pb: S.Pointer, pi: S.Pointer, oh: S.Pointer, ob: S.Pointer,
           of: S.Pointer, oi: S.Pointer):  # fmt: skip
    t = S.thread_idx.x
    f = S.make_float2(pf[2 * t], pf[2 * t + 1])
    h = oh.cast(S.half2)
    k = 11 * t
    h[k] = S.float22half2_rn(f)
    h[k + 1] = S.float22half2_rn_sat(f)
    h[k + 2] = S.float22half2_rz_sat(f)
    h[k + 3] = S.float22half2_rd(f)
    h[k + 4] = S.float22half2_rd_sat(f)
    h[k + 5] = S.float22half2_ru(f)
    h[k + 6] = S.float22half2_ru_sat(f)
    h[k + 7] = S.float22half2_rna(f)
    h[k + 8] = S.float22half2_rna_sat(f)
    h[k + 9] = S.float22half2_ro(f)
    h[k + 10] = S.float22half2_ro_sat(f)
    b = ob.cast(S.bfloat16x2)
    j = 10 * t
    b[j] = S.float22bfloat162_rn(f)
    b[j + 1] = S.float22bfloat162_rn_sat(f)
    b[j + 2] = S.float22bfloat162_rz(f)
    b[j + 3] = S.float22bfloat162_rz_sat(f)
    b[j + 4] = S.float22bfloat162_rd(f)
    b[j + 5] = S.float22bfloat162_rd_sat(f)
    b[j + 6] = S.float22bfloat162_ru(f)
    b[j + 7] = S.float22bfloat162_ru_sat(f)
    b[j + 8] = S.float22bfloat162_rna(f)
    b[j + 9] = S.float22bfloat162_rna_sat(f)
    g = S.bfloat1622float2(pb.cast(S.bfloat16x2)[t])
    f3 = S.make_float3(f.y, f.x, g.x)
    f4 = S.make_float4(g.y, f3.z, f3.y, f3.x)
    o = 9 * t
    of[o] = g.x
    of[o + 1] = g.y
    of[o + 2] = f3.x
    of[o + 3] = f3.y
    of[o + 4] = f3.z
    of[o + 5] = f4.x
    of[o + 6] = f4.y
    of[o + 7] = f4.z
    of[o + 8] = f4.w
    a0, a1, a2, a3 = pi[4 * t], pi[4 * t + 1], pi[4 * t + 2], pi[4 * t + 3]
    n = 32 * t
    c4 = S.make_char4(a0, a1, a2, a3)
    oi[n], oi[n + 1], oi[n + 2], oi[n + 3] = c4.x, c4.y, c4.z, c4.w
    u2 = S.make_uchar2(a0, a1)
    oi[n + 4], oi[n + 5] = u2.x, u2.y
    s3 = S.make_short3(a0, a1, a2)
    oi[n + 6], oi[n + 7], oi[n + 8] = s3.x, s3.y, s3.z
    us4 = S.make_ushort4(a0, a1, a2, a3)
    oi[n + 9], oi[n + 10], oi[n + 11], oi[n + 12] = us4.x, us4.y, us4.z, us4.w
    i2 = S.make_int2(a0, a1)
    oi[n + 13], oi[n + 14] = i2.x, i2.y
    ui3 = S.make_uint3(a0, a1, a2)
    oi[n + 15], oi[n + 16], oi[n + 17] = ui3.x, ui3.y, ui3.z
    l4 = S.make_long4(a0, a1, a2, a3)
    oi[n + 18], oi[n + 19], oi[n + 20], oi[n + 21] = l4.x, l4.y, l4.z, l4.w
    ul2 = S.make_ulong2(a0, a1)
    oi[n + 22], oi[n + 23] = ul2.x, ul2.y
    ll3 = S.make_longlong3(a0, a1, a2)
    oi[n + 24], oi[n + 25], oi[n + 26] = ll3.x, ll3.y, ll3.z
    ull4 = S.make_ulonglong4(a0, a1, a2, a3)
    oi[n + 27], oi[n + 28], oi[n + 29], oi[n + 30] = ull4.x, ull4.y, ull4.z, ull4.w


@jit
def vec_kernel(pf, pb, pi, oh, ob, of, oi):
    vec_vf[32](pf, pb, pi, oh, ob, of, oi)


FORMATS = {"half": (11, -14, 65504.0), "bfloat16": (8, -126, 3.3895313892515355e38)}


def _round(v: float, fmt: str, mode: str) -> float:
    """v (a float32 value) rounded to `fmt` in `mode` (rn, rz, rd, ru, rna, ro: to odd,
    `_sat` appended: the largest finite value past it and NaN 0), exactly."""
    sat = mode.endswith("_sat")
    mode = mode.removesuffix("_sat")
    bits, emin, largest = FORMATS[fmt]
    if math.isnan(v):
        return 0.0 if sat else math.nan
    if math.isinf(v) or v == 0:
        return math.copysign(largest, v) if sat and math.isinf(v) else v
    neg = v < 0
    e = math.frexp(abs(v))[1] - 1  # (floor(log2 |v|))
    u = max(e, emin) - bits + 1  # (the result's ulp is 2^u)
    q = abs(v) / 2.0**u  # (exact: a float32 times a power of two)
    n = math.floor(q)
    rest = q - n
    up = {
        "rn": rest > 0.5 or (rest == 0.5 and n % 2 == 1),
        "rna": rest >= 0.5,
        "rz": False,
        "rd": rest > 0 and neg,
        "ru": rest > 0 and not neg,
        "ro": rest > 0 and n % 2 == 0,
    }[mode]
    r = (n + up) * 2.0**u
    if r > largest:
        away = mode in ("rn", "rna") or (mode == "rd" and neg) or (mode == "ru" and not neg)
        r = math.inf if away and not sat else largest
    return -r if neg else r


def _bf16_bits(v) -> np.ndarray:
    u = np.asarray(v, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def _bf16(bits) -> np.ndarray:
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def _same(got, want, what: str) -> None:
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    nan = np.isnan(want)
    bad = ((got != want) | (np.signbit(got) != np.signbit(want))) & ~nan
    bad |= np.isnan(got) != nan
    assert not bad.any(), f"{what}: at {np.flatnonzero(bad)} got {got[bad]} want {want[bad]}"


def test_vector_types_and_float2_conversions_against_numpy():
    rng = np.random.default_rng(10)
    x = rng.uniform(-3, 3, 2 * N).astype(np.float32)
    x[:8] = [1e5, -1e5, 3e38, np.inf, -np.inf, np.nan, 1e-7, -0.0]  # (overflow, NaN, tiny)
    x[8:12] = [1 + 2.0**-11, 1 + 3 * 2.0**-11, 1 + 2.0**-8, 1 + 3 * 2.0**-8]  # (ties)
    bits = _bf16_bits(rng.uniform(-100, 100, 2 * N))
    ints = rng.integers(-300, 300, 4 * N).astype(np.int32)
    ints[:4] = [-1, 255, 65536 + 7, -(2**31)]
    oh, ob = np.zeros(11 * N * 2, np.float16), np.zeros(10 * N * 2, np.uint16)
    of, oi = np.zeros(9 * N, np.float32), np.zeros(32 * N, np.int64)
    vec_kernel[1](x, bits, ints, oh, ob, of, oi, platform=SOC)
    h = oh.astype(np.float64).reshape(N, 11, 2)
    v = x.reshape(N, 2)
    for k, mode in enumerate(HALF2):
        want = [[_round(float(c), "half", mode) for c in p] for p in v]
        _same(h[:, k], want, f"__float22half2_{mode}")
    with np.errstate(over="ignore"):
        _same(h[:, 0], v.astype(np.float16), "__float22half2_rn against numpy")
    bf = _bf16(ob).reshape(N, 10, 2)
    for k, mode in enumerate(BF2):
        want = [[_round(float(c), "bfloat16", mode) for c in p] for p in v]
        _same(bf[:, k], want, f"__float22bfloat162_{mode}")
    fin = np.isfinite(v).all(axis=1) & (np.abs(v) < 1e38).all(axis=1)
    _same(bf[fin, 0], _bf16(_bf16_bits(v[fin])), "__float22bfloat162_rn against numpy")
    g = _bf16(bits).reshape(N, 2)  # (exact in float)
    o = of.reshape(N, 9)
    _same(o[:, :2], g, "__bfloat1622float2")
    _same(o[:, 2:5], np.stack([v[:, 1], v[:, 0], g[:, 0]], 1), "make_float3")
    _same(o[:, 5:], np.stack([g[:, 1], g[:, 0], v[:, 0], v[:, 1]], 1), "make_float4")
    a = ints.reshape(N, 4).astype(np.int64)
    got = oi.reshape(N, 32)
    col = 0
    for name, np_t in COMPONENTS:
        n = int(name[-1])
        want = a[:, :n].astype(np_t).astype(np.int64)  # (C++'s conversion, then int64)
        np.testing.assert_array_equal(got[:, col : col + n], want, err_msg=name)
        col += n


OTHER = (  # the other 20 make_<type>s: each integer type at the counts COMPONENTS leaves
    ("char2", np.int8), ("char3", np.int8), ("uchar3", np.uint8), ("uchar4", np.uint8),
    ("short2", np.int16), ("short4", np.int16), ("ushort2", np.uint16),
    ("ushort3", np.uint16), ("int3", np.int32), ("int4", np.int32), ("uint2", np.uint32),
    ("uint4", np.uint32), ("long2", np.int64), ("long3", np.int64), ("ulong3", np.uint64),
    ("ulong4", np.uint64), ("longlong2", np.int64), ("longlong4", np.int64),
    ("ulonglong2", np.uint64), ("ulonglong3", np.uint64),
)  # fmt: skip


@S.vf(launch_bounds=32)
def other_vf(pi: S.Pointer, oi: S.Pointer):
    """OTHER's vectors of the thread's four ints, their components at 64 * t in order."""
    t = S.thread_idx.x
    a0, a1, a2, a3 = pi[4 * t], pi[4 * t + 1], pi[4 * t + 2], pi[4 * t + 3]
    n = 64 * t
    v = S.make_char2(a0, a1)
    oi[n], oi[n + 1] = v.x, v.y
    v = S.make_char3(a0, a1, a2)
    oi[n + 2], oi[n + 3], oi[n + 4] = v.x, v.y, v.z
    v = S.make_uchar3(a0, a1, a2)
    oi[n + 5], oi[n + 6], oi[n + 7] = v.x, v.y, v.z
    v = S.make_uchar4(a0, a1, a2, a3)
    oi[n + 8], oi[n + 9], oi[n + 10], oi[n + 11] = v.x, v.y, v.z, v.w
    v = S.make_short2(a0, a1)
    oi[n + 12], oi[n + 13] = v.x, v.y
    v = S.make_short4(a0, a1, a2, a3)
    oi[n + 14], oi[n + 15], oi[n + 16], oi[n + 17] = v.x, v.y, v.z, v.w
    v = S.make_ushort2(a0, a1)
    oi[n + 18], oi[n + 19] = v.x, v.y
    v = S.make_ushort3(a0, a1, a2)
    oi[n + 20], oi[n + 21], oi[n + 22] = v.x, v.y, v.z
    v = S.make_int3(a0, a1, a2)
    oi[n + 23], oi[n + 24], oi[n + 25] = v.x, v.y, v.z
    v = S.make_int4(a0, a1, a2, a3)
    oi[n + 26], oi[n + 27], oi[n + 28], oi[n + 29] = v.x, v.y, v.z, v.w
    v = S.make_uint2(a0, a1)
    oi[n + 30], oi[n + 31] = v.x, v.y
    v = S.make_uint4(a0, a1, a2, a3)
    oi[n + 32], oi[n + 33], oi[n + 34], oi[n + 35] = v.x, v.y, v.z, v.w
    v = S.make_long2(a0, a1)
    oi[n + 36], oi[n + 37] = v.x, v.y
    v = S.make_long3(a0, a1, a2)
    oi[n + 38], oi[n + 39], oi[n + 40] = v.x, v.y, v.z
    v = S.make_ulong3(a0, a1, a2)
    oi[n + 41], oi[n + 42], oi[n + 43] = v.x, v.y, v.z
    v = S.make_ulong4(a0, a1, a2, a3)
    oi[n + 44], oi[n + 45], oi[n + 46], oi[n + 47] = v.x, v.y, v.z, v.w
    v = S.make_longlong2(a0, a1)
    oi[n + 48], oi[n + 49] = v.x, v.y
    v = S.make_longlong4(a0, a1, a2, a3)
    oi[n + 50], oi[n + 51], oi[n + 52], oi[n + 53] = v.x, v.y, v.z, v.w
    v = S.make_ulonglong2(a0, a1)
    oi[n + 54], oi[n + 55] = v.x, v.y
    v = S.make_ulonglong3(a0, a1, a2)
    oi[n + 56], oi[n + 57], oi[n + 58] = v.x, v.y, v.z


@jit
def other_kernel(pi, oi):
    other_vf[32](pi, oi)


def test_every_other_integer_vector_type_against_numpy():
    # with COMPONENTS above, all 30 integer make_<type>s of vector_functions.h
    assert len({n for n, _ in OTHER + COMPONENTS}) == 30
    ints = np.random.default_rng(11).integers(-300, 300, 4 * N).astype(np.int32)
    ints[:4] = [-1, 255, 65536 + 7, -(2**31)]
    oi = np.zeros(64 * N, np.int64)
    other_kernel[1](ints, oi, platform=SOC)
    a, got, col = ints.reshape(N, 4).astype(np.int64), oi.reshape(N, 64), 0
    for name, np_t in OTHER:
        n = int(name[-1])
        want = a[:, :n].astype(np_t).astype(np.int64)  # (C++'s conversion, then int64)
        np.testing.assert_array_equal(got[:, col : col + n], want, err_msg=name)
        col += n
    assert col == 59


@S.vf(launch_bounds=32)
def past_components(p: S.Pointer):
    f = S.make_float2(p[0], p[1])
    p[0] = f.z


@S.vf(launch_bounds=32)
def wrong_count(p: S.Pointer):
    f = S.make_float3(p[0], p[1])
    p[0] = f.x


@S.vf(launch_bounds=32)
def vector_as_scalar(p: S.Pointer):
    f = S.make_float2(p[0], p[1])
    p[0] = S.make_float2(f, p[1]).x


@S.vf(launch_bounds=32)
def wrong_vector(p: S.Pointer):
    q = S.make_int2(1, 2)
    p.cast(S.half2)[0] = S.float22half2_rn(q)


@jit
def vec_refused(p: asc.GlobalAddress, case: asc.ConstExpr):
    if case == 0:
        past_components[32](p)
    elif case == 1:
        wrong_count[32](p)
    elif case == 2:
        vector_as_scalar[32](p)
    else:
        wrong_vector[32](p)


@pytest.mark.parametrize(
    "case, line, message",
    [
        (0, "p[0] = f.z", "a float2 has the components .x, .y, not .z"),
        (1, "S.make_float3(p[0], p[1])", "asc.simt.make_float3 takes 3 argument(s), got 2"),
        (2, "S.make_float2(f, p[1])", "must be a float32 scalar, got a float2 vector"),
        (3, "S.float22half2_rn(q)", "must be a float2 value (asc.simt.float2), got int2"),
    ],
)
def test_vector_misuse_is_a_located_compile_error(case, line, message):
    with pytest.raises(CompileError) as err:
        vec_refused[1](np.zeros(8, np.float32), case, platform=SOC)
    text = str(err.value)
    assert message in text and line in text, text


def test_ir_refuses_bad_vector_types_and_components():
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import ParseError, VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    def module(body: str) -> str:
        return (
            f'builtin.module attributes {{ascendc.soc = "{SOC}"}} {{\n'
            "  func.func @f(%v: !ascendc.vector<int3>, %x: f32)"
            " attributes {ascendc.simt_vf = 64 : i32} {\n"
            f"    {body}\n    func.return\n  }}\n}}\n"
        )

    ctx = make_context()
    ok = '%r = ascendc.simt.component %v {component = "z"} : !ascendc.vector<int3> -> i32'
    Parser(ctx, module(ok)).parse_module().verify()
    for body, message in (
        (
            '%r = ascendc.simt.component %v {component = "w"} : !ascendc.vector<int3> -> i32',
            "int3 has the components .x .y .z, not .w",
        ),
        (
            '%r = ascendc.simt.component %v {component = "x"} : !ascendc.vector<int3> -> f32',
            r".x of a int3 is i32, not f32",
        ),
        (
            '%r = ascendc.simt.component %x {component = "x"} : f32 -> f32',
            r"vector must be a vector type \(float2, int4, ...\), got f32",
        ),
        (
            "%r = ascendc.simt.make_int2 %x, %x : f32, f32 -> !ascendc.vector<int2>",
            "make_int2",
        ),
    ):
        with pytest.raises(VerifyException, match=message):
            Parser(ctx, module(body)).parse_module().verify()
    with pytest.raises(ParseError, match="not 'int5'") as err:
        Parser(ctx, module("").replace("int3", "int5")).parse_module()
    assert "^" in str(err.value)
