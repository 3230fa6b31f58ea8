"""The SIMT sample `tools/reg_samples.py` runs: 01_utilities/03_clock (a SIMT gather
timed by `clock()`, then a `__simd_vf__` Adds), ported to Python as a user would write
it (`@asc.simt.vf`, `f[threads](...)`).

The port keeps the sample's sizes (100000 inputs, 8 * 1024 indices on 8 blocks of 1024
threads, the input `i * 0.01f`, the index `i % 100000`, the addend 1.0) and its check
(every output equal to `input[index] + 1`, as its VerifyResult's std::equal). Thread 0
of block 0 prints its `end - start` with the SIMT printf, as the sample does; the port
passes when that line is printed once, with a positive count (the simulator's
modelled cycles: docs/ascend950.md, "SIMT vector functions"), which the harness shows.
"""

from __future__ import annotations

import re

import numpy as np

import asc_xdsl as asc
from asc_xdsl.frontend.jit import jit
from tools.reg_samples_debug import SOC, _launch

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
