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


@S.vf(launch_bounds=64)
def half_warp(src: S.Pointer, out: S.Pointer, acc: S.Pointer):
    """A 64-thread block (two warps) of half values: each overload's result."""
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
    half_warp[64](src, out, acc)


def test_half_warp_functions_and_atomics_against_numpy():
    rng = np.random.default_rng(5)
    src = rng.uniform(-4, 4, 64).astype(np.float16)
    src[7] = np.float16(1000.0)  # (a sum whose low bits half drops)
    out = np.zeros(64 * 8, np.float16)
    acc = np.array([0, -60000, 60000], np.float16)
    half_kernel[1](src, out, acc, platform=SOC)
    o = out.reshape(64, 8)
    lane = np.arange(32)
    for w in range(2):
        v, r = src[32 * w : 32 * w + 32], o[32 * w : 32 * w + 32]
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
    np.testing.assert_array_equal(o[:, 7], after)
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


@jit
def refused(p: asc.GlobalAddress, case: asc.ConstExpr):
    buf = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.uint16, 64)
    if case == "reduce":
        bf16_reduce[32](buf.reinterpret_cast(asc.bfloat16))
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
