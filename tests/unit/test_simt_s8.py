"""SIMT warp functions, `asc_syncthreads`, atomics, `__simt_callee__` functions and run-time
thread dims (`asc.simt.*`, Ascend 950): the simulator's numbers against numpy, the
barrier honoured across threads, the located errors for misuse, and the race checker's
view of atomics. (The C++ of every op: tests/filecheck/simt/simt_s8.mlir, compiled
against the 3510 headers by test_headers.py.)
"""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.jit import jit
from asc_xdsl.runtime.simulator.errors import SimulatorError

SOC = "Ascend950PR_9599"
S = asc.simt
W = 14  # words each thread writes in `warps`


@S.callee
def lane_of(t):
    """(A helper calling a helper: the linear index's lane, as laneid() gives it.)"""
    return t % S.WARP_SIZE


@S.callee
def load_twice(p: S.Pointer, i):
    return p[i] * 2 + 0 * lane_of(i)


@S.vf(launch_bounds=64)
def warps(src: S.Pointer, fsrc: S.Pointer, out: S.Pointer, fout: S.Pointer):
    """A 16 x 4 block (two warps of linear indices): each warp function's result."""
    t = S.thread_idx.x + S.thread_idx.y * S.block_dim.x
    v = load_twice(src, t)
    f = fsrc[t]
    o = t * W
    out[o] = S.lane_id() - lane_of(t)
    out[o + 1] = S.lanemask_lt()
    out[o + 2] = S.lanemask_ge() ^ S.lanemask_eq()
    out[o + 3] = S.shfl(v, 5, 16)
    out[o + 4] = S.shfl_up(v, 2, 16)
    out[o + 5] = S.shfl_down(v, 3)
    out[o + 6] = S.shfl_xor(v, 6, 8)
    out[o + 7] = S.reduce_max(v)
    out[o + 8] = S.reduce_min(v)
    out[o + 9] = S.ballot(v % 3 == 0)
    out[o + 10] = S.all(v >= 0) * 10 + S.any(v == 66)
    out[o + 11] = S.reduce_add(v)
    out[o + 12] = S.lanemask_gt()
    out[o + 13] = S.lanemask_le()
    fout[2 * t] = S.reduce_add(f)
    fout[2 * t + 1] = S.shfl_down(f, 16)


@S.vf(launch_bounds=64)
def divergent(out: S.Pointer):
    """Lanes 3..12 of each warp only: the active mask and a reduction over them."""
    t = S.thread_idx.x
    lane = S.lane_id()
    if lane >= 3 and lane < 13:
        out[2 * t] = S.activemask()
        out[2 * t + 1] = S.reduce_add(lane)


@jit
def warp_kernel(
    src: asc.GlobalAddress,
    fsrc: asc.GlobalAddress,
    out: asc.GlobalAddress,
    fout: asc.GlobalAddress,
    dout: asc.GlobalAddress,
):
    warps[16, 4](src, fsrc, out, fout)
    divergent[48](dout)


def _tree_sum(x: np.ndarray) -> np.float32:
    """The pairwise tree asc_reduce_add is modelled with: lane i + lane i + 16, ..."""
    x = x.astype(np.float32)
    while len(x) > 1:
        half = len(x) // 2
        x = x[:half] + x[half:]
    return x[0]


def test_warp_functions_against_numpy():
    rng = np.random.default_rng(7)
    src = rng.integers(0, 50, 64).astype(np.int32)
    fsrc = rng.uniform(-1, 1, 64).astype(np.float32)
    out = np.zeros(64 * W, np.int32)
    fout = np.zeros(128, np.float32)
    dout = np.zeros(96, np.uint32)
    warp_kernel[1](src, fsrc, out, fout, dout, platform=SOC)
    o, f = out.reshape(64, W), fout.reshape(64, 2)
    v = (src * 2).reshape(2, 32)
    lane = np.arange(32)
    base16, base8 = lane & ~15, lane & ~7
    up = np.where(lane - 2 >= base16, lane - 2, lane)
    down = np.where(lane + 3 < 32, lane + 3, lane)
    xor = np.where((lane ^ 6) < base8 + 8, lane ^ 6, lane)
    for w in range(2):
        r, vw = o[32 * w : 32 * w + 32], v[w]
        np.testing.assert_array_equal(r[:, 0], 0)
        np.testing.assert_array_equal(r[:, 1], (1 << lane) - 1)
        np.testing.assert_array_equal(
            r[:, 2].view(np.uint32), (0xFFFFFFFF << lane + 1) & 0xFFFFFFFF
        )
        np.testing.assert_array_equal(r[:, 3], vw[base16 + 5])
        np.testing.assert_array_equal(r[:, 4], vw[up])
        np.testing.assert_array_equal(r[:, 5], vw[down])
        np.testing.assert_array_equal(r[:, 6], vw[xor])
        np.testing.assert_array_equal(r[:, 7], vw.max())
        np.testing.assert_array_equal(r[:, 8], vw.min())
        ballot = int(sum(1 << i for i in lane if vw[i] % 3 == 0))
        np.testing.assert_array_equal(r[:, 9].view(np.uint32), ballot)
        np.testing.assert_array_equal(r[:, 10], 10 + int((vw == 66).any()))
        np.testing.assert_array_equal(r[:, 11], vw.sum())
        np.testing.assert_array_equal(
            r[:, 12].view(np.uint32), (0xFFFFFFFF << lane + 1) & 0xFFFFFFFF
        )
        np.testing.assert_array_equal(r[:, 13].view(np.uint32), (2 << lane) - 1 & 0xFFFFFFFF)
        fw = fsrc[32 * w : 32 * w + 32]
        np.testing.assert_array_equal(f[32 * w : 32 * w + 32, 0], _tree_sum(fw))
        shifted = np.where(lane < 16, fw[(lane + 16) % 32], fw)  # (own value past the warp)
        np.testing.assert_array_equal(f[32 * w : 32 * w + 32, 1], shifted)
    d = dout.reshape(48, 2)
    active = (lane >= 3) & (lane < 13)
    for w, n in ((0, 32), (1, 16)):
        got = d[32 * w : 32 * w + n]
        lanes = np.arange(n)
        on = active[:n]
        np.testing.assert_array_equal(got[on, 0], 0x1FF8)
        np.testing.assert_array_equal(got[on, 1], lanes[on].sum())
        np.testing.assert_array_equal(got[~on], 0)


@S.vf(launch_bounds=64)
def reverse(src: S.Pointer, ub: S.Pointer, dst: S.Pointer, total: S.Pointer):
    """Each thread stores its element in UB, waits for the block, then reads its mirror
    (a thread before it in the order the threads run wrote nothing yet without the
    barrier); thread 0 then sums what the others wrote after a second barrier."""
    t = S.thread_idx.x
    n = S.block_dim.x
    ub[t] = src[t]
    S.syncthreads()
    dst[t] = ub[n - 1 - t]
    S.threadfence_block()
    S.syncthreads()
    if t == 0:
        s = 0.0
        for i in range(n):
            s = s + dst[i]
        total[0] = s


@S.vf(launch_bounds=64)
def half_barrier(dst: S.Pointer):
    t = S.thread_idx.x
    if t < 32:
        S.syncthreads()
    dst[t] = 1.0


@S.vf(launch_bounds=64)
def two_barriers(dst: S.Pointer):
    t = S.thread_idx.x
    if t < 32:
        S.syncthreads()
    else:
        S.syncthreads()
    dst[t] = 1.0


@jit
def barrier_kernel(
    src: asc.GlobalAddress, dst: asc.GlobalAddress, total: asc.GlobalAddress, case: asc.ConstExpr
):
    ub = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.float32, 64)
    if case == "ok":
        reverse[64](src, ub, dst, total)
    elif case == "half":
        half_barrier[64](dst)
    else:
        two_barriers[64](dst)


def test_syncthreads_is_honoured_across_threads():
    src = np.arange(64, dtype=np.float32) * 0.5
    dst, total = np.zeros(64, np.float32), np.zeros(1, np.float32)
    barrier_kernel[1](src, dst, total, asc.ConstExpr("ok"), platform=SOC)
    np.testing.assert_array_equal(dst, src[::-1])
    assert total[0] == src.sum()


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("half", r"thread \(32, 0, 0\) finished without reaching this asc_syncthreads"),
        ("two", r"threads wait at two different asc_syncthreads"),
    ],
)
def test_a_barrier_not_all_threads_reach_is_a_located_error(case, message):
    z = np.zeros(64, np.float32)
    with pytest.raises(SimulatorError, match=message) as err:
        barrier_kernel[1](z, z.copy(), z[:1].copy(), asc.ConstExpr(case), platform=SOC)
    assert "S.syncthreads()" in str(err.value) and "^" in str(err.value)


@S.vf(launch_bounds=256)
def histogram(
    data: S.Pointer, hist: S.Pointer, ub: S.Pointer, ubu: S.Pointer, fsum: S.Pointer, n: int
):
    """Every thread of every block: GM histogram (add), ticket (returned old values),
    UB max / min / bit ops / inc / dec / exch / cas, a float sum of exact values."""
    t = S.block_idx.x * S.block_dim.x + S.thread_idx.x
    if t < n:
        x = data[t]
        S.atomic_add(hist, x % 16, 1)
        S.atomic_max(ub, 0, x)
        S.atomic_min(ub, 1, x)
        S.atomic_or(ub, 2, 1 << (x % 31))
        S.atomic_xor(ub, 3, x)
        S.atomic_and(ub, 4, x | 1)
        S.atomic_inc(ubu, 0, 9)
        S.atomic_dec(ubu, 1, 9)
        S.atomic_sub(ub, 7, 2)
        S.atomic_cas(ub, 8, 0, x + 1)  # (the first thread to run sets it)
        S.atomic_exch(ub, 9, 5)
        S.atomic_add(fsum, 0, 0.25)
        S.atomic_max(fsum, 1, x * 0.5)


@jit
def atomic_kernel(
    data: asc.GlobalAddress,
    hist: asc.GlobalAddress,
    out: asc.GlobalAddress,
    outu: asc.GlobalAddress,
    fsum: asc.GlobalAddress,
    n: int,
    threads: int,
):
    alloc = asc.LocalMemAllocator()
    buf = alloc.alloc(asc.TPosition.VECCALC, asc.int32, 16)
    bufu = alloc.alloc(asc.TPosition.VECCALC, asc.uint32, 16)
    asc.duplicate(buf, 0, 16)
    asc.duplicate(bufu, 0, 16)
    buf.set_value(1, 1 << 30)
    buf.set_value(4, -1)
    asc.set_flag(asc.HardEvent.S_V, 0)
    asc.wait_flag(asc.HardEvent.S_V, 0)
    histogram[threads](data, hist, buf, bufu, fsum, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    o = asc.GlobalTensor()
    o.set_global_buffer(out + 16 * asc.get_block_idx())
    asc.data_copy(o, buf, 16)
    ou = asc.GlobalTensor()
    ou.set_global_buffer(outu + 16 * asc.get_block_idx())
    asc.data_copy(ou, bufu, 16)


def test_atomics_on_gm_and_ub_against_numpy():
    rng = np.random.default_rng(3)
    n, threads, blocks = 300, 200, 2  # (thread 200.. of block 1: past n)
    data = rng.integers(1, 1000, n).astype(np.int32)
    hist = np.zeros(16, np.int32)
    out = np.zeros(32, np.int32)
    outu = np.zeros(32, np.uint32)
    fsum = np.zeros(2, np.float32)
    atomic_kernel[blocks](data, hist, out, outu, fsum, n, threads, platform=SOC, sanitize=True)
    np.testing.assert_array_equal(hist, np.bincount(data % 16, minlength=16))
    assert fsum[0] == n * 0.25 and fsum[1] == data.max() * 0.5
    for b in range(blocks):
        x = data[b * threads : min(n, (b + 1) * threads)]
        count = len(x)
        o = out[16 * b : 16 * b + 16]
        assert o[0] == x.max() and o[1] == min(x.min(), 1 << 30)
        assert o[2] == np.bitwise_or.reduce(1 << (x % 31))
        assert o[3] == np.bitwise_xor.reduce(x) and o[4] == np.bitwise_and.reduce(x | 1)
        inc = dec = 0
        for _ in range(count):
            inc = 0 if inc >= 9 else inc + 1
            dec = 9 if dec == 0 or dec > 9 else dec - 1
        assert (outu[16 * b], outu[16 * b + 1], o[7]) == (inc, dec, -2 * count)
        assert o[8] == x[0] + 1 and o[9] == 5


@S.vf(launch_bounds=64)
def scale(src: S.Pointer, dst: S.Pointer, k: int):
    t = S.thread_idx.x + S.thread_idx.y * S.block_dim.x
    dst[t] = src[t] * k


@jit
def runtime_dims_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: int, rows: int):
    scale[n, rows](src, dst, 3)


def test_runtime_thread_dims_and_their_bound():
    src = np.arange(64, dtype=np.int32)
    dst = np.zeros(64, np.int32)
    runtime_dims_kernel[1](src, dst, 10, 4, platform=SOC)
    np.testing.assert_array_equal(dst[:40], src[:40] * 3)
    assert not dst[40:].any()
    cpp = runtime_dims_kernel.compile(src, dst, 10, 4, soc_version=SOC).asm["ascendc"]
    assert "asc_vf_call<scale>(dim3(" in cpp and "dim3(64" not in cpp
    with pytest.raises(SimulatorError, match=r"dim3\(33, 2, 1\) must start at most 64") as err:
        runtime_dims_kernel[1](src, dst, 33, 2, platform=SOC)
    assert "scale[n, rows](src, dst, 3)" in str(err.value)


def test_callee_cpp():
    z = np.zeros(64, np.int32)
    cpp = warp_kernel.compile(z, z.astype(np.float32), z, z, z, soc_version=SOC).asm["ascendc"]
    assert "__simt_callee__ inline int32_t load_twice(__gm__ int32_t* p, uint32_t i) {" in cpp
    assert "__simt_callee__ inline uint32_t lane_of(uint32_t t) {" in cpp
    assert "= load_twice(src, " in cpp and "asc_shfl(" in cpp and "asc_reduce_add(" in cpp


# ---------------------------------------------------------------------------
# Misuse: located errors
# ---------------------------------------------------------------------------


@S.vf(launch_bounds=64)
def bad_width(p: S.Pointer):
    p[S.thread_idx.x] = S.shfl(p[S.thread_idx.x], 0, 12)


@S.vf(launch_bounds=64)
def bad_dtype(p: S.Pointer):
    S.atomic_and(p, 0, 1.0)


@S.vf(launch_bounds=48)
def inactive(p: S.Pointer):
    p[S.thread_idx.x] = S.shfl_down(p[S.thread_idx.x], 8)


@jit
def misuse(p: asc.GlobalAddress, case: asc.ConstExpr):
    if case == "width":
        bad_width[64](p)
    elif case == "dtype":
        bad_dtype[64](p)
    elif case == "kernel":
        lane_of(1)
    elif case == "inactive":
        inactive[48](p)


@pytest.mark.parametrize(
    ("case", "line", "message"),
    [
        ("width", "S.shfl(p[S.thread_idx.x], 0, 12)", "width 12 is not a power of two"),
        ("dtype", "S.atomic_and(p, 0, 1.0)", r"asc_atomic_and on GM takes i32, ui32, i64, ui64"),
        ("kernel", "lane_of(1)", "lane_of is a __simt_callee__ function"),
    ],
)
def test_misuse_is_a_located_compile_error(case, line, message):
    p = np.zeros(64, np.float32)
    with pytest.raises(CompileError, match=message) as err:
        misuse.compile(p, asc.ConstExpr(case), soc_version=SOC)
    assert line in str(err.value) and "^" in str(err.value)


def test_a_shuffle_from_a_missing_lane_is_a_located_error():
    p = np.zeros(64, np.float32)
    with pytest.raises(SimulatorError, match=r"lane 8 \(thread \(40, 0, 0\)\) reads lane 16"):
        misuse[1](p, asc.ConstExpr("inactive"), platform=SOC)


@S.callee
def bump(ub: S.Pointer):
    S.atomic_add(ub, 0, 1)


@S.vf(launch_bounds=64)
def count(ub: S.Pointer):
    bump(ub)  # (the effect through the helper's parameter: the call's V access)


@jit
def unflagged_atomic(z: asc.GlobalAddress):
    """The seeded bug: the SIMT atomics on UB read what DataCopy wrote, no MTE2 -> V flag."""
    buf = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.int32, 16)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.data_copy(buf, zg, 16)
    count[64](buf)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, buf, 16)


def test_race_checker_and_insert_sync_see_atomics_in_a_callee():
    from asc_xdsl.runtime.simulator.sanitizer import RaceError

    with pytest.raises(RaceError, match=r"ascendc.simt.vf_call .*\(RAW\).*MTE2_V"):
        unflagged_atomic[1](np.zeros(16, np.int32), platform=SOC, sanitize=True)
    z = np.zeros(16, np.int32)
    unflagged_atomic[1](z, platform=SOC, sanitize=True, insert_sync=True)
    assert z[0] == 64


def test_ir_verifier_refuses_bad_runtime_dims_calls_and_dtypes():
    from xdsl.parser import Parser

    from asc_xdsl.frontend.ir_context import make_context

    base = (
        'builtin.module attributes {ascendc.soc = "Ascend950"} {\n'
        "  func.func @h(%x: i32) -> i32 HELPER {\n    func.return %x : i32\n  }\n"
        "  func.func @f(%p: memref<?xf16, 22 : i64>) attributes {ascendc.simt_vf = 64 : i32} {\n"
        "    %c = arith.constant 1 : i32\n"
        "    %r = func.call @h(%c) : (i32) -> i32\n"
        "    BODY\n    func.return\n  }\n"
        "  func.func @k(%p: memref<?xf16, 22 : i64>, %n: i32) attributes {ascendc.global} {\n"
        "    %d = arith.constant DY : i32\n"
        "    ascendc.simt.vf_call_dims %n, %d, %d (%p : memref<?xf16, 22 : i64>) "
        "{callee = @f} : i32, i32, i32\n"
        "    func.return\n  }\n}\n"
    )
    ok = {"HELPER": "attributes {ascendc.simt_callee}", "BODY": "", "DY": "1"}
    ctx = make_context()
    for change, message in (
        ({"DY": "0"}, r"dim3\(1, 0, 0\) must be 1 or more"),
        ({"DY": "64"}, r"4096 threads, more than the 2048"),
        ({"HELPER": ""}, r"call of @h inside SIMT vector function @f: SIMT code calls "),
        (
            {
                "BODY": "%h = arith.constant 1.0 : f16\n    %o = ascendc.simt.atomic_sub %p, %c, "
                "%h : memref<?xf16, 22 : i64>, i32, f16 -> f16"
            },
            r"asc_atomic_sub on GM takes i32, ui32, f32, i64, ui64, half2, bfloat16x2_t, not f16",
        ),
    ):
        text = base
        for key, value in {**ok, **change}.items():
            text = text.replace(key, value)
        with pytest.raises(Exception, match=message):
            Parser(ctx, text).parse_module().verify()
    text = base
    for key, value in ok.items():
        text = text.replace(key, value)
    Parser(ctx, text).parse_module().verify()
