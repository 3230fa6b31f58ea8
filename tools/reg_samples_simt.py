"""The SIMT sample `tools/reg_samples.py` runs: 01_utilities/03_clock (a SIMT gather
timed by `clock()`, then a `__simd_vf__` Adds), ported to Python as a user would write
it (`@asc.simt.vf`, `f[threads](...)`).

The port keeps the sample's sizes (100000 inputs, 8 * 1024 indices on 8 blocks of 1024
threads, the input `i * 0.01f`, the index `i % 100000`, the addend 1.0) and its check
(every output equal to `input[index] + 1`, as its VerifyResult's std::equal). Thread 0
of block 0 prints its `end - start` with the SIMT printf, as the sample does; the port
passes when that line is printed once, with a positive count (the simulator's
modelled cycles: docs/ascend950.md, "SIMT vector functions"), which the harness shows.

Below it, SIMT API examples (examples/03_simt_api) that use the warp functions,
`asc_syncthreads`, atomics, `__simt_callee__` helpers and the math functions, ported
the same way (`PORTS`);
`python tools/reg_samples_simt.py` runs 03_clock and them, a PASS/FAIL line each.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np

import asc_xdsl as asc
from asc_xdsl.frontend.jit import jit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as `python tools/reg_samples_simt.py`
    sys.path.insert(0, str(ROOT))

from tools.reg_samples_debug import SOC, _launch  # noqa: E402

THREAD_COUNT = 1024
INPUT_LENGTH = 100000
INDEX_LENGTH = 8 * 1024
BLOCKS = 8
PER_BLOCK = INDEX_LENGTH // BLOCKS
PRINTED = re.compile(r"^simt_gather execute cycle : (\d+)$", re.M)


@asc.simt.vf(launch_bounds=THREAD_COUNT)
def simt_gather(
    inp: asc.simt.Pointer,
    index: asc.simt.Pointer,
    gather_out: asc.simt.Pointer,
    input_length: int,
    index_length: int,
    output_length: int,
):
    """Thread t of block b: gather_out[t] = inp[index[b * blockDim + t]], each index
    bounds-checked by an early return, as in the sample; thread 0 of block 0 prints its
    clock() difference."""
    start = asc.simt.clock()
    if asc.simt.thread_idx.x >= output_length:
        return
    idx = asc.simt.block_idx.x * asc.simt.block_dim.x + asc.simt.thread_idx.x
    if idx >= index_length:
        return
    gather_idx = index[idx]
    if gather_idx >= input_length:
        return
    gather_out[asc.simt.thread_idx.x] = inp[gather_idx]
    end = asc.simt.clock()
    if asc.simt.block_idx.x == 0 and asc.simt.thread_idx.x == 0:
        asc.simt.printf("simt_gather execute cycle : %lu\n", end - start)


@asc.vf
def simd_adds(out: asc.reg.UbPointer, inp: asc.reg.UbPointer, addend: float, count: int):
    vl = asc.reg.lanes(inp.dtype)
    for i in range(asc.ceildiv(count, vl)):
        mask, count = asc.reg.update_mask(count, inp.dtype)
        r = asc.reg.adds(asc.reg.load_align(inp, i * vl), addend, mask)
        asc.reg.store_align(out, r, mask, i * vl)


@jit
def gather_and_adds_kernel(
    inp: asc.GlobalAddress,
    index: asc.GlobalAddress,
    out: asc.GlobalAddress,
    addend: float,
    input_length: int,
    index_length: int,
):
    asc.init_soc_state()
    ub = asc.LocalMemAllocator()
    per_block = index_length // asc.get_block_num()
    gather_out = ub.alloc(asc.TPosition.VECCALC, asc.float32, PER_BLOCK)
    simt_gather[THREAD_COUNT](inp, index, gather_out, input_length, index_length, per_block)
    adds_out = ub.alloc(asc.TPosition.VECCALC, asc.float32, PER_BLOCK)
    simd_adds(adds_out, gather_out, addend, per_block)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out + per_block * asc.get_block_idx())
    asc.data_copy(out_gm, adds_out, PER_BLOCK)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def run_clock() -> tuple[bool, str, str | None]:
    inp = (np.arange(INPUT_LENGTH, dtype=np.float32) * np.float32(0.01)).astype(np.float32)
    index = (np.arange(INDEX_LENGTH) % INPUT_LENGTH).astype(np.uint32)
    golden = inp[index] + np.float32(1.0)
    out = np.zeros(INDEX_LENGTH, np.float32)
    printed, cpp = _launch(
        lambda: gather_and_adds_kernel[BLOCKS](
            inp, index, out, 1.0, INPUT_LENGTH, INDEX_LENGTH, platform=SOC
        )
    )
    wrong = np.flatnonzero(out != golden)
    if len(wrong):
        i = int(wrong[0])
        return False, f"{len(wrong)} outputs differ: out[{i}] = {out[i]}, expected {golden[i]}", cpp
    lines = PRINTED.findall(printed)
    if len(lines) != 1 or int(lines[0]) <= 0:
        return False, f"printed {printed!r}, expected one 'simt_gather execute cycle : N'", cpp
    return True, f"simt_gather execute cycle : {lines[0]} (modelled)", cpp


# ---------------------------------------------------------------------------
# 03_simt_api/02_features/01_api_features/01_sync_instruction/memory_fence: its two
# kernels (sync_barrier.asc, memory_fence.asc), pure SIMT `__global__` kernels there,
# written as `__simt_vf__` functions an AIV kernel starts (the SIMD-SIMT hybrid form
# the SIMT API pages give each example in); their `extern __ubuf__` shared memory is a
# local tensor passed as a `__ubuf__` pointer.
# ---------------------------------------------------------------------------

S = asc.simt
SYNC_THREADS = 1024
FENCE_BLOCKS = 8
"""memory_fence.asc's grid is 1024 blocks of 1024 threads (1M inputs); the port runs 8
(8192 inputs): the simulator starts a thread per SIMT thread."""


def _input(n: int) -> np.ndarray:
    return (np.arange(n) % 10).astype(np.float32)  # (the samples' `input[i] = i % 10`)


@asc.simt.vf(launch_bounds=SYNC_THREADS)
def kernel_sync_barrier(inp: S.Pointer, smem: S.Pointer, output: S.Pointer, length: int):
    """sync_barrier.asc: each warp's sum (asc_reduce_add) to smem by its lane 0, the
    block waits (asc_syncthreads), thread 0 adds the warps' sums."""
    tid = S.thread_idx.x
    lane_id = S.lane_id()
    warp_id = tid // S.WARP_SIZE
    val = 0.0
    if tid < length:
        val = inp[tid]
    val = S.reduce_add(val)
    if lane_id == 0:
        smem[warp_id] = val
    S.syncthreads()
    if tid == 0:
        for i in range(1, S.block_dim.x // S.WARP_SIZE):
            val = val + smem[i]
        output[0] = val


@jit
def sync_barrier_kernel(inp: asc.GlobalAddress, output: asc.GlobalAddress, length: int):
    smem = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.float32, SYNC_THREADS // 32)
    kernel_sync_barrier[SYNC_THREADS](inp, smem, output, length)


def _warp_tree_golden(x: np.ndarray, threads: int) -> float:
    """sync_barrier.asc's host check: each warp's pairwise tree, then the warps in turn."""
    buf = x[:threads].astype(np.float32).copy()
    for w in range(threads // 32):
        b = w * 32
        s = 1
        while s < 32:
            for i in range(0, 32, 2 * s):
                buf[b + i] += buf[b + i + s]
            s <<= 1
    golden = buf[0]
    for w in range(1, threads // 32):
        golden += buf[w * 32]
    return float(golden)


def _close(output: float, golden: float) -> bool:
    """The samples' verify_result: absolute and relative error below 1e-4."""
    err = abs(output - golden)
    return err < 1e-4 and err / abs(golden) < 1e-4


def run_sync_barrier() -> tuple[bool, str, str | None]:
    inp = _input(SYNC_THREADS)
    output = np.zeros(1, np.float32)
    _, cpp = _launch(lambda: sync_barrier_kernel[1](inp, output, SYNC_THREADS, platform=SOC))
    golden = _warp_tree_golden(inp, SYNC_THREADS)
    ok = _close(float(output[0]), golden)
    return ok, f"Output: {output[0]:g}, Golden: {golden:g}", cpp


@asc.simt.callee
def block_reduce(smem: S.Pointer, tid: int, val: float):
    """memory_fence.asc's block_reduce (an `__aicore__` helper there, a
    `__simt_callee__` one here): the block's sum in smem[0]."""
    lane_id = S.lane_id()
    warp_id = tid // S.WARP_SIZE
    val = S.reduce_add(val)
    if lane_id == 0:
        smem[warp_id] = val
    S.syncthreads()
    if tid == 0:
        for i in range(1, S.block_dim.x // S.WARP_SIZE):
            val = val + smem[i]
        smem[0] = val


@asc.simt.vf(launch_bounds=SYNC_THREADS)
def kernel_memory_fence(
    inp: S.Pointer,
    block_sums: S.Pointer,
    output: S.Pointer,
    counter: S.Pointer,
    smem: S.Pointer,
    is_last: S.Pointer,
    length: int,
):
    """memory_fence.asc: each block's sum to block_sums; after asc_threadfence, thread 0
    takes a ticket (asc_atomic_add on the GM counter), and the block that takes the last
    one adds every block's sum."""
    tid = S.thread_idx.x
    idx = S.block_idx.x * S.block_dim.x + tid
    val = 0.0
    if idx < length:
        val = inp[idx]
    block_reduce(smem, tid, val)
    if tid == 0:
        block_sums[S.block_idx.x] = smem[0]
    S.threadfence()
    if tid == 0:
        ticket = S.atomic_add(counter, 0, 1)
        is_last[0] = ticket == S.grid_dim.x - 1
    S.syncthreads()
    if is_last[0] != 0:
        my_sum = 0.0
        for i in range(tid, S.grid_dim.x, S.block_dim.x):
            my_sum = my_sum + block_sums[i]
        block_reduce(smem, tid, my_sum)
        if tid == 0:
            output[0] = smem[0]


@jit
def memory_fence_kernel(
    inp: asc.GlobalAddress,
    block_sums: asc.GlobalAddress,
    output: asc.GlobalAddress,
    counter: asc.GlobalAddress,
    length: int,
):
    ub = asc.LocalMemAllocator()
    smem = ub.alloc(asc.TPosition.VECCALC, asc.float32, SYNC_THREADS // 32)
    is_last = ub.alloc(asc.TPosition.VECCALC, asc.uint32, 8)
    kernel_memory_fence[SYNC_THREADS](inp, block_sums, output, counter, smem, is_last, length)


def run_memory_fence() -> tuple[bool, str, str | None]:
    n = FENCE_BLOCKS * SYNC_THREADS
    inp = _input(n)
    block_sums = np.zeros(FENCE_BLOCKS, np.float32)
    output = np.zeros(1, np.float32)
    counter = np.zeros(1, np.uint32)
    # (the race checker on: the last block reads the others' block_sums after their
    # asc_threadfence and its atomic ticket, which order them; docs/ascend950.md)
    _, cpp = _launch(
        lambda: memory_fence_kernel[FENCE_BLOCKS](
            inp, block_sums, output, counter, n, platform=SOC, sanitize=True
        )
    )
    # the sample's host check: per block, each warp summed in turn, then the warps
    sums = inp.reshape(FENCE_BLOCKS, SYNC_THREADS // 32, 32).sum(axis=2, dtype=np.float32)
    golden = float(sums.sum(axis=1, dtype=np.float32).sum(dtype=np.float32))
    ok = _close(float(output[0]), golden) and counter[0] == FENCE_BLOCKS
    return ok, f"Output: {output[0]:g}, Golden: {golden:g} ({FENCE_BLOCKS} blocks)", cpp


# ---------------------------------------------------------------------------
# 03_simt_api/02_features/01_api_features/02_atomic_operation/histogram: a byte
# histogram, per warp in UB with asc_atomic_add, then merged per bin by a block
# reduction with asc_syncthreads in a loop
# ---------------------------------------------------------------------------

HISTOGRAM_BIN_COUNT = 256
WARP_COUNT = 32
THREADS_PER_BLOCK = WARP_COUNT * 32
HISTOGRAM_TEMP_MEMORY = WARP_COUNT * HISTOGRAM_BIN_COUNT
REDUCE_BLOCK_SIZE = 128
PARTIAL_HISTOGRAM_COUNT = 4
"""The sample's grid is 72 blocks over 72 * 4096 bytes; the port runs 4 blocks over
4 * 4096 bytes (random bytes, as its seeded std::rand)."""
INPUT_BYTE_COUNT = PARTIAL_HISTOGRAM_COUNT * 1024 * 4


@asc.simt.vf(launch_bounds=THREADS_PER_BLOCK)
def accumulate_block_local_histogram(
    partial_histogram: S.Pointer, input_words: S.Pointer, s_mem: S.Pointer, word_count: int
):
    """Each warp counts the bytes of its words in its own 256 bins of s_mem (atomics on
    UB), then each thread of the first 256 sums one bin over the warps."""
    warp_base = (S.thread_idx.x >> 5) * HISTOGRAM_BIN_COUNT
    for chunk in range(HISTOGRAM_TEMP_MEMORY // THREADS_PER_BLOCK):
        s_mem[S.thread_idx.x + chunk * THREADS_PER_BLOCK] = 0
    S.syncthreads()
    stride = S.block_dim.x * S.grid_dim.x
    for tid in range(S.block_idx.x * S.block_dim.x + S.thread_idx.x, word_count, stride):
        packed_word = input_words[tid]
        S.atomic_add(s_mem, warp_base + (packed_word & 0xFF), 1)
        S.atomic_add(s_mem, warp_base + ((packed_word >> 8) & 0xFF), 1)
        S.atomic_add(s_mem, warp_base + ((packed_word >> 16) & 0xFF), 1)
        S.atomic_add(s_mem, warp_base + ((packed_word >> 24) & 0xFF), 1)
    S.syncthreads()
    for bin_index in range(S.thread_idx.x, HISTOGRAM_BIN_COUNT, THREADS_PER_BLOCK):
        bin_sum = 0
        for warp_index in range(WARP_COUNT):
            bin_sum = bin_sum + s_mem[bin_index + warp_index * HISTOGRAM_BIN_COUNT]
        partial_histogram[S.block_idx.x * HISTOGRAM_BIN_COUNT + bin_index] = bin_sum


@asc.simt.vf(launch_bounds=REDUCE_BLOCK_SIZE)
def merge_block_local_histogram(
    final_histogram: S.Pointer, partial_histogram: S.Pointer, bins: S.Pointer, partial_count: int
):
    """Block b sums bin b over the partial histograms: a tree in UB, halving the
    stride after each asc_syncthreads."""
    acc = 0
    for partial_index in range(S.thread_idx.x, partial_count, REDUCE_BLOCK_SIZE):
        acc = acc + partial_histogram[S.block_idx.x + partial_index * HISTOGRAM_BIN_COUNT]
    bins[S.thread_idx.x] = acc
    stride = REDUCE_BLOCK_SIZE // 2
    while stride > 0:
        S.syncthreads()
        if S.thread_idx.x < stride:
            bins[S.thread_idx.x] = bins[S.thread_idx.x] + bins[S.thread_idx.x + stride]
        stride = stride // 2
    if S.thread_idx.x == 0:
        final_histogram[S.block_idx.x] = bins[0]


@jit
def accumulate_kernel(partial: asc.GlobalAddress, words: asc.GlobalAddress, word_count: int):
    s_mem = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.uint32, HISTOGRAM_TEMP_MEMORY)
    accumulate_block_local_histogram[THREADS_PER_BLOCK](partial, words, s_mem, word_count)


@jit
def merge_kernel(final: asc.GlobalAddress, partial: asc.GlobalAddress, partial_count: int):
    bins = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.uint32, REDUCE_BLOCK_SIZE)
    merge_block_local_histogram[REDUCE_BLOCK_SIZE](final, partial, bins, partial_count)


def run_histogram() -> tuple[bool, str, str | None]:
    data = np.random.default_rng(2009).integers(0, 256, INPUT_BYTE_COUNT).astype(np.uint8)
    words = data.view(np.uint32)
    expected = np.bincount(data, minlength=HISTOGRAM_BIN_COUNT).astype(np.uint32)
    partial = np.zeros(PARTIAL_HISTOGRAM_COUNT * HISTOGRAM_BIN_COUNT, np.uint32)
    final = np.zeros(HISTOGRAM_BIN_COUNT, np.uint32)

    def launch() -> None:
        accumulate_kernel[PARTIAL_HISTOGRAM_COUNT](partial, words, len(words), platform=SOC)
        merge_kernel[HISTOGRAM_BIN_COUNT](final, partial, PARTIAL_HISTOGRAM_COUNT, platform=SOC)

    _, cpp = _launch(launch)
    wrong = np.flatnonzero(final != expected)
    if len(wrong):
        b = int(wrong[0])
        return False, f"Validation failed at bin {b}: device={final[b]} cpu={expected[b]}", cpp
    return (
        True,
        f"Validation passed ({INPUT_BYTE_COUNT} bytes, {PARTIAL_HISTOGRAM_COUNT} blocks)",
        cpp,
    )


SINCOS_THREADS = 512
SINCOS_LOOP = 16
SINCOS_BLOCKS = 2
"""sincos_compute.asc's grid is 48 blocks of 512 threads, 16 elements each; the port
runs 2 blocks (16384 inputs)."""


@asc.simt.vf(launch_bounds=SINCOS_THREADS)
def sincos_thread_512(inp: S.Pointer, output_sin: S.Pointer, output_cos: S.Pointer, total: int):
    """sincos_compute.asc's sincos_thread_512: each thread PER_THREAD_LOOP elements a
    block's length apart; `sincosf(x, sin + idx, cos + idx)` (the pointer and the index
    as two arguments: `asc.simt.sincosf(x, sin, idx, cos, idx)`)."""
    blk_start_idx = S.block_idx.x * SINCOS_THREADS * SINCOS_LOOP
    for i in range(SINCOS_LOOP):
        idx = blk_start_idx + i * SINCOS_THREADS + S.thread_idx.x
        S.sincosf(inp[idx], output_sin, idx, output_cos, idx)


@jit
def sincos_kernel(
    inp: asc.GlobalAddress, out_sin: asc.GlobalAddress, out_cos: asc.GlobalAddress, total: int
):
    sincos_thread_512[SINCOS_THREADS](inp, out_sin, out_cos, total)


def run_sincos() -> tuple[bool, str, str | None]:
    total = SINCOS_BLOCKS * SINCOS_THREADS * SINCOS_LOOP
    inp = (np.arange(total, dtype=np.float32) * np.float32(1.2)).astype(np.float32)
    out_sin, out_cos = np.zeros(total, np.float32), np.zeros(total, np.float32)
    _, cpp = _launch(
        lambda: sincos_kernel[SINCOS_BLOCKS](inp, out_sin, out_cos, total, platform=SOC)
    )
    x = inp.astype(np.float64)  # (the sample's golden: double sin / cos of each float)
    for name, got, golden in (("sin", out_sin, np.sin(x)), ("cos", out_cos, np.cos(x))):
        bad = np.flatnonzero(~(np.abs(got - golden) < 1e-4))  # (its verify_result's EPS)
        if len(bad):
            i = int(bad[0])
            return False, f"{name} failed at {i}: {got[i]} vs {golden[i]}", cpp
    return True, f"Validation passed ({total} inputs, {SINCOS_BLOCKS} blocks)", cpp


PORTS = {
    "examples/03_simt_api/02_features/01_api_features/01_sync_instruction/memory_fence#sync_barrier": run_sync_barrier,
    "examples/03_simt_api/02_features/01_api_features/01_sync_instruction/memory_fence": run_memory_fence,
    "examples/03_simt_api/02_features/01_api_features/02_atomic_operation/histogram": run_histogram,
    "examples/03_simt_api/03_best_practices/01_execution_conf_optimizations/max_thread_config/sincos_compute": run_sincos,
}
"""The SIMT API examples ported here: `python tools/reg_samples_simt.py` runs them after
03_clock (tools/reg_samples.py runs 03_clock only)."""


if __name__ == "__main__":
    import time

    for name, run in {"examples/01_simd_cpp_api/01_utilities/03_clock": run_clock, **PORTS}.items():
        start = time.perf_counter()
        ok, note, _ = run()
        print(f"{'PASS' if ok else 'FAIL'} {name}: {note} ({time.perf_counter() - start:.1f} s)")
