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
