"""The SIMT API's half and bfloat16_t overloads (asc_fp16.h, asc_bf16.h): warp
shuffles and reductions, the add / max / min atomics, on the simulator against numpy
(half arithmetic rounded to half at each step), their C++ and the refusals. (The C++ of
each form: tests/filecheck/simt/simt_s9.mlir, compiled against the 3510 headers by
test_headers.py.)
"""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.jit import jit

SOC = "Ascend950PR_9599"
S = asc.simt


def _bf16_bits(v: np.ndarray) -> np.ndarray:
    """float32 -> bfloat16 bits, to nearest even (numpy has no bfloat16)."""
    u = np.asarray(v, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def _bf16(bits: np.ndarray) -> np.ndarray:
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def _tree(x: np.ndarray, dtype) -> np.ndarray:
    """asc_reduce_add's pairwise tree (lane i + lane i + 16, ...), each sum rounded to
    `dtype`."""
    x = x.astype(dtype)
    while len(x) > 1:
        h = len(x) // 2
        x = (x[:h] + x[h:]).astype(dtype)
    return x[0]


# -- half on GM ------------------------------------------------------------------------


@S.vf(launch_bounds=32)
def half_warp(src: S.Pointer, out: S.Pointer, acc: S.Pointer):
    """A warp of half values: each overload's result."""
    t = S.thread_idx.x
    v = src[t]
    o = 8 * t
    out[o] = S.reduce_add(v)
    out[o + 1] = S.reduce_max(v)
    out[o + 2] = S.reduce_min(v)
    out[o + 3] = S.shfl(v, 3, 8)
    out[o + 4] = S.shfl_up(v, 1)
    out[o + 5] = S.shfl_down(v, 2, 16)
    out[o + 6] = S.shfl_xor(v, 5)
    out[o + 7] = S.atomic_add(acc, 0, v)
    S.atomic_max(acc, 1, v)
    S.atomic_min(acc, 2, v)


@jit
def half_kernel(src: asc.GlobalAddress, out: asc.GlobalAddress, acc: asc.GlobalAddress):
    half_warp[32](src, out, acc)


def test_half_warp_functions_and_atomics_against_numpy():
    rng = np.random.default_rng(5)
    src = rng.uniform(-4, 4, 32).astype(np.float16)
    src[7] = np.float16(1000.0)  # (a sum whose low bits half drops)
    out = np.zeros(32 * 8, np.float16)
    acc = np.array([0, -60000, 60000], np.float16)
    half_kernel[1](src, out, acc, platform=SOC)
    r, v = out.reshape(32, 8), src
    lane = np.arange(32)
    total = _tree(v, np.float16)
    assert total != np.float16(v.astype(np.float64).sum())  # (rounded at each step)
    np.testing.assert_array_equal(r[:, 0], total)
    np.testing.assert_array_equal(r[:, 1], v.max())
    np.testing.assert_array_equal(r[:, 2], v.min())
    np.testing.assert_array_equal(r[:, 3], v[(lane & ~7) + 3])
    np.testing.assert_array_equal(r[:, 4], v[np.where(lane >= 1, lane - 1, lane)])
    down = np.where(lane + 2 < (lane & ~15) + 16, lane + 2, lane)
    np.testing.assert_array_equal(r[:, 5], v[down])
    np.testing.assert_array_equal(r[:, 6], v[lane ^ 5])
    # the atomic add: one half rounding per thread, in thread order; the half overload
    # returns the element after the add (`atomicAdd(a, v); return *a;`)
    running, after = np.float16(0), []
    for x in src:
        running = np.float16(running + x)
        after.append(running)
    np.testing.assert_array_equal(r[:, 7], after)
    np.testing.assert_array_equal(acc, [running, src.max(), src.min()])
    cpp = half_kernel.compile(src, out, acc, soc_version=SOC).asm["ascendc"]
    assert '#include "simt_api/asc_fp16.h"' in cpp and "asc_bf16.h" not in cpp
    assert "half v" in cpp and "= asc_atomic_add(acc + " in cpp  # (global, no __asc_simt_vf::)


# -- bfloat16_t on UB ------------------------------------------------------------------

N_BF16 = 32 * 4 + 64  # (32 inputs, 3 results a thread, the atomics' 2 cells, padding)


@S.vf(launch_bounds=32)
def bf16_warp(ub: S.Pointer):
    """One warp over a __ubuf__ bfloat16_t*: ub[0:32] in, 3 results a thread after."""
    t = S.thread_idx.x
    v = ub[t]
    ub[32 + 3 * t] = S.shfl(v, 31 - t)
    ub[33 + 3 * t] = S.shfl_down(v, 4, 8)
    ub[34 + 3 * t] = S.atomic_add(ub, 128, v)
    S.atomic_max(ub, 129, v)
    S.atomic_min(ub, 130, v * 2)
    ub[131 + t] = S.hfma(v, v, v)


@jit
def bf16_kernel(x: asc.GlobalAddress):
    """x: bfloat16 bits (uint16), through UB as a bfloat16_t view."""
    buf = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.uint16, N_BF16)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    asc.data_copy(buf, xg, N_BF16)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    bf16_warp[32](buf.reinterpret_cast(asc.bfloat16))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(xg, buf, N_BF16)


def test_bfloat16_shuffles_and_atomics_against_numpy():
    rng = np.random.default_rng(9)
    x = np.zeros(N_BF16, np.uint16)
    x[:32] = _bf16_bits(rng.uniform(-3, 3, 32))
    x[5] = _bf16_bits(np.float32(300.0))  # (bfloat16 keeps 8 bits: sums round)
    x[128:131] = _bf16_bits(np.array([0.0, -100.0, 100.0], np.float32))
    v = _bf16(x[:32])
    bf16_kernel[1](x, platform=SOC, sanitize=True)
    r = _bf16(x[32:128]).reshape(32, 3)
    lane = np.arange(32)
    np.testing.assert_array_equal(r[:, 0], v[31 - lane])
    np.testing.assert_array_equal(r[:, 1], v[np.where((lane & 7) + 4 < 8, lane + 4, lane)])
    running, after = np.float32(0), []
    for value in v:  # (each add rounded to bfloat16 once; the element after it returned)
        running = _bf16(_bf16_bits(running + value))[()]
        after.append(running)
    assert running != _bf16(_bf16_bits(v.astype(np.float64).sum()))[()]
    np.testing.assert_array_equal(r[:, 2], after)
    np.testing.assert_array_equal(_bf16(x[128:131]), [running, v.max(), (2 * v).min()])
    exact = v.astype(np.float64) ** 2 + v  # (17 bits at most: exact in float)
    np.testing.assert_array_equal(x[131:163], _bf16_bits(exact.astype(np.float32)))
    cpp = bf16_kernel.compile(x, soc_version=SOC).asm["ascendc"]
    assert '#include "simt_api/asc_bf16.h"' in cpp and "__ubuf__ bfloat16_t* ub" in cpp
    assert "= asc_atomic_max(ub + " in cpp and "__asc_simt_vf::" not in cpp


# -- refusals --------------------------------------------------------------------------


@S.vf(launch_bounds=32)
def bf16_reduce(p: S.Pointer):
    p[0] = S.reduce_add(p[S.thread_idx.x])


@S.vf(launch_bounds=32)
def half_sub(p: S.Pointer):
    S.atomic_sub(p, 0, p[S.thread_idx.x])


@S.vf(launch_bounds=32)
def float_hexp(p: S.Pointer, f: S.Pointer):
    p[0] = S.hexp(f[S.thread_idx.x])


@jit
def refused(p: asc.GlobalAddress, case: asc.ConstExpr):
    buf = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.uint16, 64)
    fbuf = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.float32, 64)
    if case == "reduce":
        bf16_reduce[32](buf.reinterpret_cast(asc.bfloat16))
    elif case == "hexp":
        float_hexp[32](p, fbuf)
    elif case == "kernel":
        S.expf(1.0)
    else:
        half_sub[32](p)


@pytest.mark.parametrize(
    ("case", "line", "message"),
    [
        (
            "reduce",
            "S.reduce_add(p[S.thread_idx.x])",
            r"asc_reduce_add takes i32, ui32, f32, f16, not bf16",
        ),
        ("sub", "S.atomic_sub(p, 0, p[S.thread_idx.x])", r"asc_atomic_sub on GM takes .*not f16"),
        ("hexp", "S.hexp(f[S.thread_idx.x])", r"asc.simt.hexp takes a float16 or bfloat16 value"),
        ("kernel", "S.expf(1.0)", r"SIMT"),
    ],
)
def test_overloads_the_headers_lack_are_located_errors(case, line, message):
    p = np.zeros(64, np.float16)
    with pytest.raises(CompileError, match=message) as err:
        refused.compile(p, asc.ConstExpr(case), soc_version=SOC)
    assert line in str(err.value) and "^" in str(err.value)


# -- cooperative groups ----------------------------------------------------------------

cg = S.cooperative_groups
G = 12  # (words each thread writes in `groups`)


@S.vf(launch_bounds=64)
def groups(src: S.Pointer, out: S.Pointer, ub: S.Pointer):
    """A 48-thread block: the block, its tiles of 16 and their tiles of 4."""
    block = cg.this_thread_block()
    tile = cg.tiled_partition(block, 16)
    sub = cg.tiled_partition(tile, 4)
    t = block.thread_rank()
    v = src[t]
    o = G * t
    out[o] = tile.thread_rank() * 100 + sub.thread_rank()
    out[o + 1] = sub.meta_group_rank()
    out[o + 2] = tile.meta_group_rank() * 100 + tile.meta_group_size()
    out[o + 3] = tile.shfl(v, 3)
    out[o + 4] = sub.shfl_down(v, 1)
    out[o + 5] = tile.ballot(v % 2 == 0)
    out[o + 6] = sub.all(v > 10) * 10 + sub.any(v > 40)
    out[o + 7] = block.num_threads() * 100 + block.size() * 0 + sub.size() * 10 + tile.num_threads()
    out[o + 8] = tile.shfl_xor(v, 5) + sub.shfl_up(v, 2) * 1000
    # tile.sync(): the tile's lanes meet, so a lane reads what a later lane wrote
    ub[t] = v
    tile.sync()
    out[o + 9] = ub[t ^ 1]
    # block.sync(): every thread's write is seen by all (here: across the warps)
    block.sync()
    ub[64 + t] = v * 2
    block.sync()
    out[o + 10] = ub[64 + 47 - t]
    out[o + 11] = block.thread_index().x - t + block.dim_threads().x


@jit
def groups_kernel(src: asc.GlobalAddress, out: asc.GlobalAddress):
    buf = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.int32, 128)
    groups[48](src, out, buf)


def test_cooperative_groups_against_numpy():
    src = np.random.default_rng(2).integers(0, 50, 48).astype(np.int32)
    out = np.zeros(48 * G, np.int32)
    groups_kernel[1](src, out, platform=SOC)
    o = out.reshape(48, G)
    t = np.arange(48)
    lane = t % 32
    r16, r4 = lane & 15, lane & 3
    np.testing.assert_array_equal(o[:, 0], r16 * 100 + r4)
    np.testing.assert_array_equal(o[:, 1], r16 // 4)
    np.testing.assert_array_equal(o[:, 2], (t // 16) * 100 + 3)  # (3 tiles of 48 threads)
    np.testing.assert_array_equal(o[:, 3], src[(t & ~15) + 3])
    np.testing.assert_array_equal(o[:, 4], src[np.where(r4 + 1 < 4, t + 1, t)])
    even = (src % 2 == 0).astype(np.int64)
    ballot = [sum(int(even[(x & ~15) + r]) << r for r in range(16)) for x in t]
    np.testing.assert_array_equal(o[:, 5], ballot)
    quads = src.reshape(12, 4)
    all_, any_ = (quads > 10).all(1), (quads > 40).any(1)
    np.testing.assert_array_equal(o[:, 6], np.repeat(all_ * 10 + any_, 4))
    np.testing.assert_array_equal(o[:, 7], 48 * 100 + 4 * 10 + 16)
    up = np.where(r4 >= 2, t - 2, t)
    np.testing.assert_array_equal(o[:, 8], src[t ^ 5] + src[up] * 1000)
    np.testing.assert_array_equal(o[:, 9], src[t ^ 1])
    np.testing.assert_array_equal(o[:, 10], 2 * src[47 - t])
    np.testing.assert_array_equal(o[:, 11], 48)
    cpp = groups_kernel.compile(src, out, soc_version=SOC).asm["ascendc"]
    assert '#include "simt_api/cooperative_groups.h"' in cpp
    tile4 = (
        "cooperative_groups::tiled_partition<4>(cooperative_groups::tiled_partition<16>("
        "cooperative_groups::this_thread_block()))"
    )
    assert "uint32_t v" in cpp and f"= {tile4}.meta_group_rank();" in cpp
    assert "cooperative_groups::this_thread_block().sync();" in cpp


@S.vf(launch_bounds=32)
def bad_tile(p: S.Pointer):
    p[0] = cg.tiled_partition(cg.this_thread_block(), 12).thread_rank()


@S.vf(launch_bounds=32)
def bad_nesting(p: S.Pointer):
    tile = cg.tiled_partition(cg.this_thread_block(), 8)
    p[0] = cg.tiled_partition(tile, 16).thread_rank()


@jit
def group_misuse(p: asc.GlobalAddress, case: asc.ConstExpr):
    if case == "size":
        bad_tile[32](p)
    elif case == "nesting":
        bad_nesting[32](p)
    else:
        cg.this_thread_block().sync()  # (in the kernel, not SIMT code)


@pytest.mark.parametrize(
    ("case", "line", "message"),
    [
        ("size", "cg.tiled_partition(cg.this_thread_block(), 12)", r"got 12"),
        ("nesting", "cg.tiled_partition(tile, 16)", r"of a tile of 8 threads needs a smaller"),
        ("kernel", "cg.this_thread_block().sync()", r"SIMT"),
    ],
)
def test_group_misuse_is_a_located_compile_error(case, line, message):
    p = np.zeros(64, np.int32)
    with pytest.raises(CompileError, match=message) as err:
        group_misuse.compile(p, asc.ConstExpr(case), soc_version=SOC)
    assert line in str(err.value) and "^" in str(err.value)


def test_ir_verifier_refuses_bad_groups():
    from xdsl.parser import Parser

    from asc_xdsl.frontend.ir_context import make_context

    def module(body: str, soc: str = SOC) -> str:
        return (
            f'builtin.module attributes {{ascendc.soc = "{soc}"}} {{\n'
            "  func.func @f(%v: f32) attributes {ascendc.simt_vf = 64 : i32} {\n"
            f"    %c = arith.constant 1 : i32\n    {body}\n    func.return\n  }}\n}}\n"
        )

    ctx = make_context()
    ok = "%r = ascendc.simt.cg_thread_rank {tiles = array<i32: 16, 4>} : () -> ui64"
    Parser(ctx, module(ok)).parse_module().verify()
    for body, message in (
        ("%r = ascendc.simt.cg_shfl %v, %c : f32, i32 -> f32", r"member of a thread_block_tile"),
        (
            "%r = ascendc.simt.cg_thread_rank {tiles = array<i32: 4, 16>} : () -> ui64",
            r"a tile of 16 threads cannot partition one of 4",
        ),
        (
            "%r = ascendc.simt.cg_size {tiles = array<i32: 3>} : () -> ui64",
            r"tile size 3 is not one of",
        ),
        (
            "%r = ascendc.simt.cg_thread_rank {tiles = array<i32: 8>} : () -> ui32",
            r"thread_rank\(\) of a thread_block_tile is ui64, not ui32",
        ),
        (
            "%r = ascendc.simt.cg_shfl %c, %c {tiles = array<i32: 8>} : i32, i32 -> i32",
            None,
        ),
    ):
        if message is None:
            Parser(ctx, module(body)).parse_module().verify()
            continue
        with pytest.raises(Exception, match=message):
            Parser(ctx, module(body)).parse_module().verify()
    with pytest.raises(Exception, match="Ascend 950"):
        Parser(ctx, module(ok, "Ascend910B1")).parse_module().verify()


# -- math and conversion functions -----------------------------------------------------

F = 19  # float results a thread writes
C = 12  # conversion results a thread writes
H = 8  # half / bfloat16 results a thread writes


@S.vf(launch_bounds=32)
def math_vf(x: S.Pointer, out: S.Pointer, cvt: S.Pointer, h: S.Pointer, hout: S.Pointer):
    t = S.thread_idx.x
    v = x[t]
    a = S.fabsf(v) + 0.25
    o = F * t
    out[o] = S.expf(v)
    out[o + 1] = S.exp2f(v)
    out[o + 2] = S.logf(a)
    out[o + 3] = S.log2f(a)
    out[o + 4] = S.sqrtf(a)
    out[o + 5] = S.rsqrtf(a)
    out[o + 6] = S.sinf(v)
    out[o + 7] = S.cosf(v)
    out[o + 8] = S.tanhf(v)
    out[o + 9] = S.floorf(v)
    out[o + 10] = S.ceilf(v)
    out[o + 11] = S.roundf(v)
    out[o + 12] = S.rintf(v)
    out[o + 13] = S.truncf(v)
    out[o + 14] = S.fmaxf(v, 0.5)
    out[o + 15] = S.fminf(v, 0.5)
    out[o + 16] = S.fmaf(v, v, -1.0)
    out[o + 17] = S.float_as_int(v)
    out[o + 18] = S.int2float_rn(S.float2int_rz(v * 1000.0))
    c = C * t
    cvt[c] = S.float2int_rn(v)
    cvt[c + 1] = S.float2int_rz(v)
    cvt[c + 2] = S.float2int_rd(v)
    cvt[c + 3] = S.float2int_ru(v)
    cvt[c + 4] = S.float2int_rna(v)
    cvt[c + 5] = S.float2uint_rn(v)
    cvt[c + 6] = S.float_as_int(S.float2half_rn(v) * 1.0)
    cvt[c + 7] = S.float_as_int(S.half2float(S.float2half_rz(v)))
    cvt[c + 8] = S.float_as_int(S.half2float(S.float2half_ru_sat(v)))
    cvt[c + 9] = S.float_as_int(S.half2float(S.float2half_ro(v)))
    cvt[c + 10] = S.float_as_int(S.bfloat162float(S.float2bfloat16_rd(v)))
    cvt[c + 11] = S.float_as_int(S.bfloat162float(S.float2bfloat16_rna_sat(v)))
    hv = h[t]
    p = H * t
    hout[p] = S.hexp(hv)
    hout[p + 1] = S.hsqrt(S.habs(hv))
    hout[p + 2] = S.hrsqrt(S.habs(hv))
    hout[p + 3] = S.htanh(hv)
    hout[p + 4] = S.hlog2(S.habs(hv))
    hout[p + 5] = S.hfma(hv, hv, hv)
    hout[p + 6] = S.hmax(hv, S.hrint(hv))
    hout[p + 7] = S.hsin(hv) + S.hcos(hv)


@jit
def math_kernel(x, out, cvt, h, hout):
    math_vf[32](x, out, cvt, h, hout)


def _f32(fn, x):
    """A primitive as modelled: float64's result rounded to float."""
    return fn(x.astype(np.float64)).astype(np.float32)


def test_math_functions_against_numpy():
    x = np.array(
        [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 1 + 2**-12, -3.75, 0.0, -0.0, 7.3, -9.99, 3e9, -3e9,
         np.nan, np.inf, 65519.0, 65520.0, 70000.0, 1e-8, 2.0**-20, -(2.0**-25), 1.00390625,
         1 + 2**-8 + 2**-20, -1 - 2**-8, 0.1, -0.7, 4.2, 31.5, -31.5, 1e38, 2.0**30 + 64],
        np.float32,
    )  # fmt: skip
    h = np.linspace(-2.5, 2.5, 32).astype(np.float16)
    out, cvt = np.zeros(32 * F, np.float32), np.zeros(32 * C, np.int32)
    hout = np.zeros(32 * H, np.float16)
    with np.errstate(all="ignore"):
        math_kernel[1](x, out, cvt, h, hout, platform=SOC)
        o = out.reshape(32, F)
        a = np.abs(x) + np.float32(0.25)
        one = np.float32(1)
        golden = {
            0: _f32(np.exp, x),
            1: _f32(np.exp2, x),
            2: _f32(np.log, a),
            3: _f32(np.log, a) / _f32(np.log, np.float32(2)),  # (the header's logf / logf)
            4: _f32(np.sqrt, a),
            5: one / _f32(np.sqrt, a),
            6: _f32(np.sin, x),
            7: _f32(np.cos, x),
            8: one - np.float32(2) / (_f32(np.exp, np.float32(2) * x) + one),
            9: np.floor(x),
            10: np.ceil(x),
            11: np.copysign(np.floor(np.abs(x.astype(np.float64)) + 0.5), x).astype(np.float32),
            12: np.rint(x),
            13: np.trunc(x),
            14: np.fmax(x, np.float32(0.5)),
            15: np.fmin(x, np.float32(0.5)),
            16: (x.astype(np.float64) ** 2 - 1).astype(np.float32),  # (exact in float64)
        }
        for k, want in golden.items():
            np.testing.assert_array_equal(o[:, k], want, err_msg=f"column {k}")
        # the header's tanh formula is close to numpy's, away from its cancellation at 0
        far = np.isfinite(x) & (np.abs(x) > 0.1) & (np.abs(x) < 9)
        np.testing.assert_allclose(o[far, 8], np.tanh(x[far]), atol=2e-7)
        assert o[6, 16] == np.float32(2**-11 + 2**-24)  # (fused: the unfused result is 2^-11)
        np.testing.assert_array_equal(o[:, 17], x.view(np.int32).astype(np.float32))
        scaled = np.trunc((x * np.float32(1000)).astype(np.float64))
        ints = np.where(np.isnan(scaled), 0, np.clip(scaled, -(2**31), 2**31 - 1)).astype(np.int64)
        np.testing.assert_array_equal(o[:, 18], ints.astype(np.float32))
    q = cvt.reshape(32, C)
    nan = np.isnan(x)
    for k, fn in enumerate(
        (np.rint, np.trunc, np.floor, np.ceil, lambda v: np.copysign(np.floor(np.abs(v) + 0.5), v))
    ):
        want = fn(x.astype(np.float64))
        want = np.where(nan, 0, np.clip(want, -(2**31), 2**31 - 1))
        np.testing.assert_array_equal(q[:, k], want.astype(np.int64), err_msg=f"column {k}")
    assert q[0, 5] == 0 and q[15, 5] == -1  # (float2uint_rn: -2.5 -> 0, inf -> 2^32 - 1)
    assert q[12, 5] == 3_000_000_000 - 2**32  # (3e9: a uint32, its bits read as int32)
    f16 = q[:, 6].view(np.float32)
    with np.errstate(over="ignore"):  # (rn: numpy's, overflow to inf)
        np.testing.assert_array_equal(f16, x.astype(np.float16).astype(np.float32))
    rz = q[:, 7].view(np.float32)
    assert rz[17] == 65504 and rz[18] == 65504 and rz[6] == 1  # (toward zero: no inf)
    ru_sat = q[:, 8].view(np.float32)
    assert ru_sat[16] == 65504 and ru_sat[15] == 65504 and ru_sat[14] == 0 and ru_sat[6] > 1
    ro = q[:, 9].view(np.float32)
    assert ro[6] == np.float32(1 + 2**-10) and ro[0] == -2.5  # (inexact: the odd neighbour)
    bf_rd, bf_rna = q[:, 10].view(np.float32), q[:, 11].view(np.float32)
    assert bf_rd[23] == 1 and bf_rd[24] == np.float32(-1 - 2**-7) and bf_rna[23] == 1 + 2**-7
    assert bf_rna[14] == 0 and bf_rna[15] == np.float32(3.3895313892515355e38)  # (_sat)
    hh = hout.reshape(32, H)
    hf = h.astype(np.float32)
    np.testing.assert_array_equal(hh[:, 0], _f32(np.exp, hf).astype(np.float16))
    root = _f32(np.sqrt, np.abs(hf))
    np.testing.assert_array_equal(hh[:, 1], root.astype(np.float16))
    with np.errstate(divide="ignore"):  # hrsqrt: (half)1.0 / hsqrt(x), two roundings
        np.testing.assert_array_equal(
            hh[:, 2], (one / root.astype(np.float16).astype(np.float32)).astype(np.float16)
        )
        log2 = _f32(np.log, np.abs(hf)) / _f32(np.log, np.float32(2))
    np.testing.assert_array_equal(hh[:, 4], log2.astype(np.float16))
    fused = (hf.astype(np.float64) ** 2 + hf).astype(np.float16)  # (exact in float64)
    np.testing.assert_array_equal(hh[:, 5], fused)
    np.testing.assert_array_equal(hh[:, 6], np.fmax(h, np.rint(h)))
    tanh = one - np.float32(2) / (_f32(np.exp, np.float32(2) * hf) + one)
    np.testing.assert_array_equal(hh[:, 3], tanh.astype(np.float16))
    sin_cos = _f32(np.sin, hf).astype(np.float16) + _f32(np.cos, hf).astype(np.float16)
    np.testing.assert_array_equal(hh[:, 7], sin_cos)


@S.vf(launch_bounds=8)
def int_vf(ll: S.Pointer, i: S.Pointer, u: S.Pointer, out: S.Pointer, iout: S.Pointer):
    t = S.thread_idx.x
    v = ll[t]
    o = 5 * t
    out[o] = S.ll2float_rn(v)
    out[o + 1] = S.ll2float_rz(v)
    out[o + 2] = S.ll2float_rd(v)
    out[o + 3] = S.ll2float_ru(v)
    out[o + 4] = S.ll2float_rna(v)
    iout[2 * t] = S.llmax(v, -5)
    iout[2 * t + 1] = S.ullmin(S.float2ll_rn(S.uint2float_ru(u[t])), 1 << 40) + S.umax(u[t], 7)
    iout[16 + t] = S.float2ll_rd(S.int2float_rna(i[t]))


@jit
def int_kernel(ll, i, u, out, iout):
    int_vf[8](ll, i, u, out, iout)


def test_integer_conversions_round_exactly():
    """int64 -> float in each mode, exactly (through float64 2^60 + 2^36 + 1 would tie)."""
    big = 2**60 + 2**36 + 1  # (just above half an ulp of float at 2^60)
    ll = np.array([big, -big, 2**30 + 64, 2**30 + 65, -(2**30) - 64, 7, -9, 0], np.int64)
    i = np.array([2**30 + 64, -(2**30) - 64, 2**30 + 192, 3, 2**24 + 1, -7, 0, 1], np.int32)
    u = np.array([2**32 - 1, 5, 2**24 + 1, 0, 9, 2**31, 6, 1], np.uint32)
    out = np.zeros(40, np.float32)
    iout = np.zeros(24, np.int64)
    int_kernel[1](ll, i, u, out, iout, platform=SOC)
    o = out.reshape(8, 5).astype(np.float64)
    ulp60, ulp30 = 2.0**37, 2.0**7
    np.testing.assert_array_equal(o[0], [2**60 + ulp60, 2**60, 2**60, 2**60 + ulp60, 2**60 + ulp60])
    np.testing.assert_array_equal(o[1], -o[0][[0, 1, 3, 2, 4]])
    np.testing.assert_array_equal(o[2], [2**30, 2**30, 2**30, 2**30 + ulp30, 2**30 + ulp30])
    np.testing.assert_array_equal(o[3], [2**30 + ulp30, 2**30, 2**30, 2**30 + ulp30, 2**30 + ulp30])
    np.testing.assert_array_equal(o[5:, 0], [7, -9, 0])
    np.testing.assert_array_equal(iout[0:16:2], np.maximum(ll, -5))
    ru = [float(np.nextafter(np.float32(v), np.float32(np.inf))) if int(np.float32(v)) < v else float(np.float32(v)) for v in u.astype(np.int64)]  # fmt: skip
    want = np.minimum(np.array(ru, np.float64).astype(np.int64), 2**40) + np.maximum(u, 7)
    np.testing.assert_array_equal(iout[1:16:2], want)
    rna = [2**30 + 128, -(2**30) - 128, 2**30 + 256, 3, 2**24 + 2, -7, 0, 1]  # (ties away)
    np.testing.assert_array_equal(iout[16:], rna)


# -- the math and conversion functions the kernels above do not call --------------------

G = 13  # float results a thread writes
J = 11  # integer results a thread writes
K = 7  # half results a thread writes


@S.vf(launch_bounds=32)
def more_vf(x: S.Pointer, i: S.Pointer, u: S.Pointer, h: S.Pointer, fo: S.Pointer,
            io: S.Pointer, ho: S.Pointer):  # fmt: skip
    t = S.thread_idx.x
    v = x[t]
    iv = i[t]
    uv = u[t]
    o = G * t
    fo[o] = S.int2float_rd(iv)
    fo[o + 1] = S.int2float_ru(iv)
    fo[o + 2] = S.int2float_rz(iv)
    fo[o + 3] = S.uint2float_rd(uv)
    fo[o + 4] = S.uint2float_rn(uv)
    fo[o + 5] = S.uint2float_rna(uv)
    fo[o + 6] = S.uint2float_rz(uv)
    fo[o + 7] = S.int_as_float(iv)
    fo[o + 8] = S.uint_as_float(uv)
    fo[o + 9] = S.half2float(S.float2half(v))
    fo[o + 10] = S.half2float(S.float2half_rn_sat(v))
    fo[o + 11] = S.bfloat162float(S.float2bfloat16(v))
    fo[o + 12] = S.bfloat162float(S.float2bfloat16_rn(v))
    c = J * t
    io[c] = S.float2uint_rd(v)
    io[c + 1] = S.float2uint_ru(v)
    io[c + 2] = S.float2uint_rz(v)
    io[c + 3] = S.float2uint_rna(v)
    io[c + 4] = S.float2ll_ru(v)
    io[c + 5] = S.float2ll_rz(v)
    io[c + 6] = S.float2ll_rna(v)
    io[c + 7] = S.float_as_uint(v)
    io[c + 8] = S.llmin(S.float2ll_rd(v), -1)
    io[c + 9] = S.ullmax(S.float2uint_rd(v), 3)
    io[c + 10] = S.umin(uv, 100)
    hv = h[t]
    p = K * t
    ho[p] = S.hceil(hv)
    ho[p + 1] = S.hfloor(hv)
    ho[p + 2] = S.htrunc(hv)
    ho[p + 3] = S.hmin(hv, S.hfloor(hv))
    ho[p + 4] = S.hexp2(hv)
    ho[p + 5] = S.hlog(S.habs(hv))
    ho[p + 6] = S.hrcp(hv)


@jit
def more_kernel(x, i, u, h, fo, io, ho):
    more_vf[32](x, i, u, h, fo, io, ho)


def _directed(exact: np.ndarray, mode: str, dtype=np.float32) -> np.ndarray:
    """An exactly known value (float64) rounded to `dtype` in a direction: rn, rd, ru,
    rz, rna (to nearest, ties away; finite results only)."""
    near = exact.astype(dtype)
    down = np.where(near > exact, np.nextafter(near, dtype(-np.inf)), near)
    up = np.where(near < exact, np.nextafter(near, dtype(np.inf)), near)
    if mode == "rd":
        return down
    if mode == "ru":
        return up
    if mode == "rz":
        return np.where(exact < 0, up, down)
    if mode == "rna":
        lo, hi = exact - down.astype(np.float64), up.astype(np.float64) - exact
        return np.where(lo < hi, down, np.where(hi < lo, up, np.where(exact < 0, down, up)))
    return near


def test_the_other_math_and_conversion_functions_against_numpy():
    x = np.array(
        [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, 0.0, 7.3, 9.99, -7.3, 1.25, 100.75, 65519.0,
         70000.0, -70000.0, 0.1, 2.0**20 + 0.5, 12.5, -12.5, 3e9, 5.5, 0.75, 1e-3, 33.3,
         -0.75, 4.5, 2.75, 6.0, 17.5, 1 + 2**-9, -(1 + 2**-9)],
        np.float32,
    )  # fmt: skip
    i = np.array([2**30 + 64, -(2**30) - 64, 2**30 + 192, -(2**30) - 192, 2**24 + 1,
                  -(2**24) - 3, 7, -9] * 4, np.int32)  # fmt: skip
    u = np.array([2**32 - 1, 2**31 + 128, 2**31 + 384, 2**24 + 1, 2**24 + 3, 5, 0, 150] * 4,
                 np.uint32)  # fmt: skip
    h = np.linspace(-2.75, 3.25, 32).astype(np.float16)
    fo, io = np.zeros(32 * G, np.float32), np.zeros(32 * J, np.int64)
    ho = np.zeros(32 * K, np.float16)
    with np.errstate(all="ignore"):
        more_kernel[1](x, i, u, h, fo, io, ho, platform=SOC)
    f = fo.reshape(32, G)
    ie, ue = i.astype(np.float64), u.astype(np.float64)
    for k, (exact, mode) in enumerate(
        ((ie, "rd"), (ie, "ru"), (ie, "rz"), (ue, "rd"), (ue, "rn"), (ue, "rna"), (ue, "rz"))
    ):
        np.testing.assert_array_equal(f[:, k], _directed(exact, mode), err_msg=f"column {k}")
    np.testing.assert_array_equal(f[:, 7].view(np.int32), i)
    np.testing.assert_array_equal(f[:, 8].view(np.uint32), u)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(f[:, 9], x.astype(np.float16).astype(np.float32))
    sat = np.clip(x, -65504, 65504).astype(np.float16).astype(np.float32)
    np.testing.assert_array_equal(f[:, 10], sat)
    np.testing.assert_array_equal(f[:, 11], _bf16(_bf16_bits(x)))
    np.testing.assert_array_equal(f[:, 12], _bf16(_bf16_bits(x)))
    q = io.reshape(32, J)
    xe = x.astype(np.float64)
    away = np.copysign(np.floor(np.abs(xe) + 0.5), xe)
    for k, rounded in enumerate((np.floor(xe), np.ceil(xe), np.trunc(xe), away)):
        want = np.clip(rounded, 0, 2**32 - 1).astype(np.int64)  # (uint32, saturated)
        np.testing.assert_array_equal(q[:, k] & 0xFFFFFFFF, want, err_msg=f"column {k}")
    for k, rounded in zip((4, 5, 6), (np.ceil(xe), np.trunc(xe), away), strict=True):
        np.testing.assert_array_equal(q[:, k], rounded.astype(np.int64), err_msg=f"column {k}")
    np.testing.assert_array_equal(q[:, 7] & 0xFFFFFFFF, x.view(np.uint32))
    np.testing.assert_array_equal(q[:, 8], np.minimum(np.floor(xe), -1).astype(np.int64))
    floor_u = np.clip(np.floor(xe), 0, 2**32 - 1).astype(np.int64)
    np.testing.assert_array_equal(q[:, 9], np.maximum(floor_u, 3))
    np.testing.assert_array_equal(q[:, 10], np.minimum(u, 100))
    hh = ho.reshape(32, K)
    hf = h.astype(np.float32)
    np.testing.assert_array_equal(hh[:, 0], np.ceil(h))
    np.testing.assert_array_equal(hh[:, 1], np.floor(h))
    np.testing.assert_array_equal(hh[:, 2], np.trunc(h))
    np.testing.assert_array_equal(hh[:, 3], np.minimum(h, np.floor(h)))
    np.testing.assert_array_equal(hh[:, 4], _f32(np.exp2, hf).astype(np.float16))
    with np.errstate(divide="ignore"):
        np.testing.assert_array_equal(hh[:, 5], _f32(np.log, np.abs(hf)).astype(np.float16))
        np.testing.assert_array_equal(hh[:, 6], (np.float32(1) / hf).astype(np.float16))


@S.vf(launch_bounds=32)
def narrow_vf(x: S.Pointer, hb: S.Pointer, bb: S.Pointer):
    """float -> half / bfloat16 in the directed modes, with and without saturation."""
    t = S.thread_idx.x
    v = x[t]
    o = 7 * t
    hb[o] = S.half2float(S.float2half_rd(v))
    hb[o + 1] = S.half2float(S.float2half_ru(v))
    hb[o + 2] = S.half2float(S.float2half_rna(v))
    hb[o + 3] = S.half2float(S.float2half_rd_sat(v))
    hb[o + 4] = S.half2float(S.float2half_rna_sat(v))
    hb[o + 5] = S.half2float(S.float2half_ro_sat(v))
    hb[o + 6] = S.half2float(S.float2half_rz_sat(v))
    bb[o] = S.bfloat162float(S.float2bfloat16_ru(v))
    bb[o + 1] = S.bfloat162float(S.float2bfloat16_rz(v))
    bb[o + 2] = S.bfloat162float(S.float2bfloat16_rna(v))
    bb[o + 3] = S.bfloat162float(S.float2bfloat16_rd_sat(v))
    bb[o + 4] = S.bfloat162float(S.float2bfloat16_rn_sat(v))
    bb[o + 5] = S.bfloat162float(S.float2bfloat16_ru_sat(v))
    bb[o + 6] = S.bfloat162float(S.float2bfloat16_rz_sat(v))


@jit
def narrow_kernel(x, hb, bb):
    narrow_vf[32](x, hb, bb)


def _bf16_directed(x: np.ndarray, mode: str) -> np.ndarray:
    """float32 -> bfloat16 (as float32) in a direction, from the bits: toward zero drops
    the low 16 bits; away from zero is the next magnitude."""
    bits = x.view(np.uint32)
    toward = (bits & np.uint32(0xFFFF0000)).view(np.float32)
    away = ((bits & np.uint32(0xFFFF0000)) + np.uint32(0x10000)).view(np.float32)
    exact = toward == x
    if mode == "rz":
        return toward
    if mode == "rna":
        half_way = np.abs(x.astype(np.float64) - toward) >= np.abs(away - x.astype(np.float64))
        return np.where(exact | ~half_way, toward, away)
    grow = (x > 0) if mode == "ru" else (x < 0)  # (rd: away from zero for negatives)
    return np.where(exact | ~grow, toward, away)


def test_float_to_half_and_bfloat16_in_every_direction():
    x = np.array(
        [1 + 2**-11, -(1 + 2**-11), 1 + 3 * 2**-12, -(1 + 3 * 2**-12), 2.5, -2.5, 0.1, -0.1,
         65519.0, -65519.0, 70000.0, -70000.0, 1 + 2**-8, -(1 + 2**-8), 1 + 3 * 2**-9, 0.0,
         1e-3, -1e-3, 3.0, 1 + 2**-9, -(1 + 2**-9), 7.3, -7.3, 1000.1, 1 + 2**-20, 5e4,
         -5e4, 1.5, 0.3, -0.3, 1 + 3 * 2**-10, 2.0**-14 + 2**-30],
        np.float32,
    )  # fmt: skip
    hb, bb = np.zeros(32 * 7, np.float32), np.zeros(32 * 7, np.float32)
    with np.errstate(all="ignore"):
        narrow_kernel[1](x, hb, bb, platform=SOC)
    hh, bh = hb.reshape(32, 7), bb.reshape(32, 7)
    xe = x.astype(np.float64)
    fin = np.abs(xe) <= 65504  # (the half range: rounding beyond it is overflow's rule)
    top = np.float16(65504)
    for k, (mode, sat) in enumerate(
        (
            ("rd", False),
            ("ru", False),
            ("rna", False),
            ("rd", True),
            ("rna", True),
            ("rz", True),
        )
    ):
        col = k if k < 5 else 6
        got = hh[:, col]
        with np.errstate(over="ignore"):  # (70000 rounds past half's range)
            want = _directed(np.clip(xe, -65504, 65504) if sat else xe, mode, np.float16)
        rows = slice(None) if sat else fin
        np.testing.assert_array_equal(got[rows], want[rows].astype(np.float32), err_msg=mode)
    assert hh[10, 0] == 65504 and hh[11, 1] == -65504  # (rd / ru toward the range: finite)
    assert np.isinf(hh[10, 1]) and np.isinf(hh[11, 0])  # (past it: infinite, no _sat)
    assert hh[10, 3] == top and hh[11, 3] == -top  # (_sat)
    # ro (to odd): an inexact value takes the neighbour whose last bit is 1
    odd = hh[fin, 5].astype(np.float16).view(np.uint16) & 1
    inexact = x[fin].astype(np.float16).astype(np.float64) != xe[fin]
    assert (odd[inexact] == 1).all()
    assert hh[15, 5] == 0 and hh[18, 5] == 3
    for k, mode in enumerate(("ru", "rz", "rna", "rd", "rn", "ru", "rz")):
        want = _bf16(_bf16_bits(x)) if mode == "rn" else _bf16_directed(x, mode)
        np.testing.assert_array_equal(bh[:, k], want, err_msg=f"bfloat16 {mode}")
