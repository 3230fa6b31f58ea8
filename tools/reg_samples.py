"""asc-devkit's Reg-layer samples, ported to Python (`@asc.vf`, `asc.reg.*`), run on the
simulator and header-checked for 3510.

    python tools/reg_samples.py            # every sample; ends with the summary line
    python tools/reg_samples.py add gelu   # the samples whose path contains a word

The samples are asc-devkit's examples that use `AscendC::Reg` (found under
`$ASC_XDSL_ASC_DEVKIT/examples`; the list below names each by its directory). Each one
this file ports is written here as a user would write it in Python: a vector function
with the sample's Reg calls (a PostUpdate load or store returns the advanced pointer,
which the loop carries as the C++ loop carries the variable it advances), and a kernel
that copies the inputs to UB, calls it and copies the result back (`reg_kernel`, or
`reg_kernel_with_mask` for a sample with a third input tensor). Its
inputs and reference come from the sample's `scripts/gen_data.py` (the same formula and
value ranges, a fixed seed; a shape larger than the kernel's 4096-element buffers is
cut to one buffer: the best-practice gelu samples' 8192 x 8192 to one 4096-element row,
softmax's 128 x 128 to 32 rows, and their kernels' multi-core ping-pong pipeline around
the vector function is not reproduced), and it passes with the samples' `verify_result.py` rule
(elements within rtol 1e-4 / atol 1e-5, at most 1e-4 of them outside). Every port is
compiled for Ascend950PR_9599 and its C++ checked by `tools/check_headers.py --arch
3510` (asc-tools through `ASC_XDSL_ASC_TOOLS`).

The samples with kernels of their own run them (`Sample.run`): the debug ones of
`tools/reg_samples_debug.py`, 01_utilities/03_clock's SIMT gather and SIMD Adds in
`tools/reg_samples_simt.py`, and 05_best_practices/04_memory_access's two, written
here: bank_conflict_3510's 14 scenarios (its operands at config.h's fixed UB addresses,
overlapping in 3, 5, 9 and 10, the vector function run 1000 times between PIPE_ALL
barriers and timed by GetSystemCycle, its log lines checked; ComputeBoundVF's scenario
8 runs it twice, the same result, as 1000 x 64 x 1000 Adds are past a CPU simulation)
and bank_conflict_nd2nz's two (KernelNd2Nz with the sample's 144 x 128 tiles and
ping-pong, its 8192 x 8192 half matrix on 8 x 8 blocks cut to 300 x 512 on 2 x 2;
checked element for element, as its verify_result.py does); and
05_best_practices/03_fusion_compute/matmul_gelu_high_performance's two scenarios (its
mix kernel: the AIC's fp16 matmul with L1 / L0 ping-pong, LoadData2DParamsV2 loads and
unitFlag, FixpipeParamsArch3510 to GM (scenario 1, the AIVs read it back) or into both
AIVs' UB (scenario 2, dualDstCtl 0b01), the AIVs' GELU vector function; its 8192^3 on
32 blocks cut to 128^3 on 4, every loop still running more than once; checked by its
verify_result.py rule, rtol / atol 1e-3, at most 1e-3 of the elements off; the race
checker's findings in its line).

A sample this file does not port is listed with the reason, and counts as not passing;
a port whose result the simulator cannot give says why in its line.
The last line is `asc-devkit reg samples: P/N pass, H/N header-clean (3510)`.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import asc_xdsl as asc  # noqa: E402
from asc_xdsl.frontend.jit import jit  # noqa: E402
from tools import reg_samples_debug, reg_samples_simt  # noqa: E402

SOC = "Ascend950PR_9599"
RTOL, ATOL, ERROR_TOL = 1e-4, 1e-5, 1e-4  # the samples' verify_result.py
BASIC = "examples/01_simd_cpp_api/03_basic_api"
CAPACITY = 4096  # elements of every UB buffer of the kernel (8 bytes each at most)


# ---------------------------------------------------------------------------
# The kernel every port uses: inputs to UB, the vector function, outputs to GM
# ---------------------------------------------------------------------------


@jit
def reg_kernel(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    n: int,
    s: float,
    vf: asc.ConstExpr,
    dtype: asc.ConstExpr,
    y_dtype: asc.ConstExpr,
    out_dtype: asc.ConstExpr,
):
    """x, y: inputs (of `dtype`, `y_dtype`); z: the output of `out_dtype`, copied in
    first (a sample's untouched elements keep their value); `vf(xl, yl, zl, n, s)` in
    between."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, CAPACITY * 8)  # (8: int64 elements)
    pipe.init_buffer(by, CAPACITY * 8)
    pipe.init_buffer(bz, CAPACITY * 8)
    xl = bx.get(dtype)
    yl = by.get(y_dtype)
    zl = bz.get(out_dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, CAPACITY)
    asc.data_copy(yl, yg, CAPACITY)
    asc.data_copy(zl, zg, CAPACITY)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    vf(xl, yl, zl, n, s)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, CAPACITY)


@jit
def reg_kernel_with_mask(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    m: asc.GlobalAddress,
    z: asc.GlobalAddress,
    n: int,
    s: float,
    vf: asc.ConstExpr,
    dtype: asc.ConstExpr,
    m_dtype: asc.ConstExpr,
    out_dtype: asc.ConstExpr,
):
    """`reg_kernel` with a third input m (a sample's separate mask tensor, of
    `m_dtype`): `vf(xl, yl, ml, zl, n, s)`; x and y are of `dtype`."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bm = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, CAPACITY * 4)
    pipe.init_buffer(by, CAPACITY * 4)
    pipe.init_buffer(bm, CAPACITY * 4)
    pipe.init_buffer(bz, CAPACITY * 4)
    xl = bx.get(dtype)
    yl = by.get(dtype)
    ml = bm.get(m_dtype)
    zl = bz.get(out_dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    mg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    mg.set_global_buffer(m)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, CAPACITY)
    asc.data_copy(yl, yg, CAPACITY)
    asc.data_copy(ml, mg, CAPACITY)
    asc.data_copy(zl, zg, CAPACITY)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    vf(xl, yl, ml, zl, n, s)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, CAPACITY)


# ---------------------------------------------------------------------------
# The ported vector functions (the samples' Reg calls)
# ---------------------------------------------------------------------------


@asc.vf
def add_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """00_introduction/04_reg_compute/add: y = x + x, UpdateMask per repeat."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(x, i * vl)
        asc.reg.store_align(z, asc.reg.add(b, a, mask), mask, i * vl)


@asc.vf
def gelu_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """00_introduction/04_reg_compute/gelu: x / (1 + exp(-1.595769 x - 0.071405 x^3))."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        xr = asc.reg.load_align(x, i * vl)
        cube = asc.reg.mul(asc.reg.mul(xr, xr, mask), xr, mask)
        cube = asc.reg.muls(cube, -0.071405, mask)
        lin = asc.reg.muls(xr, -1.595769, mask)
        e = asc.reg.exp(asc.reg.add(lin, cube, mask), mask)
        out = asc.reg.div(xr, asc.reg.adds(e, 1.0, mask), mask)
        asc.reg.store_align(z, out, mask, i * vl)


@asc.vf
def abs_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALL)
    for i in range(n // vl):
        asc.reg.store_align(z, asc.reg.abs(asc.reg.load_align(x, i * vl), mask), mask, i * vl)


@asc.vf
def muls_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    for i in range(n // vl):
        asc.reg.store_align(z, asc.reg.muls(asc.reg.load_align(x, i * vl), s, mask), mask, i * vl)


@asc.vf
def mul_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    for i in range(n // vl):
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(y, i * vl)
        asc.reg.store_align(z, asc.reg.mul(b, a, mask), mask, i * vl)


@asc.vf
def duplicate_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    vl = asc.reg.lanes(z.dtype)
    mask = asc.reg.create_mask(z.dtype)
    for i in range(n // vl):
        asc.reg.store_align(z, asc.reg.duplicate(s, mask, z.dtype), mask, i * vl)


@asc.vf
def compare_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """compare, scenario 1: Compare<GT> then Select (the elementwise maximum)."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    for i in range(n // vl):
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(y, i * vl)
        gt = asc.reg.compare(a, b, asc.CMPMODE.GT, mask)
        asc.reg.store_align(z, asc.reg.select(a, b, gt), mask, i * vl)


@asc.vf
def compares_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """compare, scenario 2: Compares<GT> against a scalar then Select."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    for i in range(n // vl):
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(y, i * vl)
        gt = asc.reg.compares(a, s, asc.CMPMODE.GT, mask)
        asc.reg.store_align(z, asc.reg.select(a, b, gt), mask, i * vl)


@asc.vf
def reduce_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """reduce: Reduce<SUM> per repeat, accumulated with Add; element 0 stored."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    acc = asc.reg.duplicate(0.0, mask, x.dtype)
    for i in range(n // vl):
        part = asc.reg.reduce(asc.reg.load_align(x, i * vl), mask, asc.reg.ReduceType.SUM)
        acc = asc.reg.add(acc, part, mask)
    one = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.VL1)
    asc.reg.store_align(z, acc, one)


@asc.vf
def arange_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    vl = asc.reg.lanes(z.dtype)
    mask = asc.reg.create_mask(z.dtype)
    for i in range(n // vl):
        asc.reg.store_align(z, asc.reg.arange(i * vl, z.dtype), mask, i * vl)


@asc.vf
def truncate_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    for i in range(n // vl):
        r = asc.reg.truncate(asc.reg.load_align(x, i * vl), mask, asc.RoundMode.CAST_FLOOR)
        asc.reg.store_align(z, r, mask, i * vl)


@asc.vf
def reduce_block_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """reduce_block: ReduceDataBlock<SUM> per register; its 8 block sums stored in turn."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    eight = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.VL8)
    for i in range(n // vl):
        sums = asc.reg.reduce_data_block(asc.reg.load_align(x, i * vl), mask)
        asc.reg.store_align(z, sums, eight, i * 8)


@asc.vf
def reduce_pair_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """reduce_pair: PairReduceElem<SUM> per register (UpdateMask of the count); its
    half register of pair sums stored in turn."""
    vl = asc.reg.lanes(x.dtype)
    half = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.H)
    for i in range(n // vl):
        mask, n = asc.reg.update_mask(n, x.dtype)
        sums = asc.reg.pair_reduce_elem(asc.reg.load_align(x, i * vl), mask)
        asc.reg.store_align(z, sums, half, i * (vl // 2))


@asc.vf
def select_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """select (and reg_load_store_mask, scenario 2): Select by a mask register loaded
    from UB, 32 bytes a repeat; the mask bytes follow y's 4096 data elements."""
    vl = asc.reg.lanes(x.dtype)
    store = asc.reg.create_mask(x.dtype)
    for i in range(n // vl):
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(y, i * vl)
        sel = asc.reg.load_mask(y, CAPACITY // 2 + i * 8)
        asc.reg.store_align(z, asc.reg.select(a, b, sel), store, i * vl)


@asc.vf
def mask_copy_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """reg_load_store_mask, scenario 1 (uint8): Duplicate 2 under a mask loaded from x,
    stored under it; then an all-true mask stored as bytes 256..287."""
    mask = asc.reg.load_mask(x)
    asc.reg.store_align(z, asc.reg.duplicate(2, mask, x.dtype), mask)
    asc.reg.store_mask(z, asc.reg.create_mask(x.dtype), asc.reg.lanes(x.dtype))


@asc.vf
def cast_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """cast, scenario 2: f32 -> int16 rounding half away from zero (CAST_ROUND),
    saturating; the sample's narrowing cast leaves result i in 16-bit slot 2i and its
    store packs the even slots, written here as a cast to int32 and a Pack to 16 bits
    (Pack's destination is unsigned: the output holds the int16 bits)."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    half = asc.reg.create_mask(asc.uint16, asc.reg.MaskPattern.H)
    for i in range(n // vl):
        wide = asc.reg.cast(
            asc.reg.load_align(x, i * vl), asc.int32, mask, asc.RoundMode.CAST_ROUND
        )
        packed = asc.reg.pack(wide, asc.uint16, asc.reg.HighLowPart.LOWEST)
        asc.reg.store_align(z, packed, half, i * vl)


@asc.vf
def ld_st_align_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        asc.reg.store_align(z, asc.reg.load_align(x, i * vl), mask, i * vl)


@asc.vf
def ld_st_unalign_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """reg_load_store_unalign, scenario 1: 2 x 64 floats from x[1:] to z[1:]."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(2):
        r = asc.reg.load_unalign(x, 1 + i * vl)
        asc.reg.store_unalign(z, r, vl, 1 + i * vl)


@asc.vf
def gather_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """reg_load_gather, scenario 1: z[i] = x[index[i]] for 128 halves, uint16 indices."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        index = asc.reg.load_align(y, i * vl)
        asc.reg.store_align(z, asc.reg.gather(x, index, mask), mask, i * vl)


@asc.vf
def scatter_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """reg_store_scatter: z[index[i]] = x[i] for 128 halves (index: 127 down to 0)."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        src = asc.reg.load_align(x, i * vl)
        asc.reg.scatter(z, src, asc.reg.load_align(y, i * vl), mask)


@asc.vf
def mergemode_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """mergemode: MaxMergeModeVF, Max<MERGING> of x with itself over `n` elements into
    registers of 2s (the 2s stay where UpdateMask is off), x walked by PostUpdate loads,
    stored in full to y's buffer; then ReduceMaxVF over y's registers into z (the two
    vector functions of the sample, ordered here by a LocalMemBar)."""
    vl = asc.reg.lanes(x.dtype)
    all_ = asc.reg.create_mask(x.dtype)
    count = n
    src0 = x
    src1 = x
    for i in range(asc.ceildiv(n, vl)):
        dst = asc.reg.duplicate(2.0, all_, x.dtype)
        mask, count = asc.reg.update_mask(count, x.dtype)
        a, src0 = asc.reg.load_align_post(src0, vl)
        b, src1 = asc.reg.load_align_post(src1, vl)
        dst = asc.reg.max_merging(dst, a, b, mask)
        asc.reg.store_align(y, dst, all_, i * vl)
    asc.reg.local_mem_bar(asc.reg.MemType.VEC_STORE, asc.reg.MemType.VEC_LOAD)
    top = asc.reg.reduce(asc.reg.load_align(y), all_, asc.reg.ReduceType.MAX)
    acc = asc.reg.max(top, top, all_)
    for i in range(1, asc.ceildiv(n, vl)):
        top = asc.reg.reduce(asc.reg.load_align(y, i * vl), all_, asc.reg.ReduceType.MAX)
        acc = asc.reg.max(acc, top, all_)
    asc.reg.store_align(z, acc, all_)


@asc.vf
def reg_sync_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """reg_sync, scenario 1: z = exp(x), UpdateMask per repeat."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        asc.reg.store_align(z, asc.reg.exp(asc.reg.load_align(x, i * vl), mask), mask, i * vl)


@asc.vf
def div_ftz_false_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """subnormal, scenario 1: Div with DivSpecificMode {ZEROING, false,
    PRECISION_1ULP_FTZ_FALSE} (subnormal inputs and results kept)."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALL)
    for i in range(asc.ceildiv(n, vl)):
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(y, i * vl)
        q = asc.reg.div(a, b, mask, algo=asc.reg.DivAlgo.PRECISION_1ULP_FTZ_FALSE)
        asc.reg.store_align(z, q, mask, i * vl)


@asc.vf
def div_ftz_true_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """subnormal, scenario 2: Div with PRECISION_1ULP_FTZ_TRUE (subnormals flushed)."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALL)
    for i in range(asc.ceildiv(n, vl)):
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(y, i * vl)
        q = asc.reg.div(a, b, mask, algo=asc.reg.DivAlgo.PRECISION_1ULP_FTZ_TRUE)
        asc.reg.store_align(z, q, mask, i * vl)


@asc.vf
def squeeze_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """squeeze: every fourth element (CreateMask M4) of each register, Squeeze<STORE_REG>
    to the front, stored by StoreUnAlign's AR form one after another (AR, cleared first,
    advances by what each Squeeze kept); StoreUnAlignPost writes the last tail."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.M4)
    ureg = asc.reg.unalign_reg_for_store()
    asc.reg.clear_spr(asc.reg.SpecialPurposeReg.AR)
    for i in range(asc.ceildiv(n, vl)):
        src = asc.reg.load_align(x, i * vl)
        kept = asc.reg.squeeze(src, mask, asc.reg.GatherMaskMode.STORE_REG)
        asc.reg.store_unalign_ar(z, kept, ureg)
    asc.reg.store_unalign_post_ar(z, ureg)


@asc.vf
def histogram_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """histogram: uint8 values counted into two uint16 registers (BIN0: 0..127, BIN1:
    128..255), stored as z[0:128] and z[128:256]."""
    vl = asc.reg.lanes(x.dtype)
    all8 = asc.reg.create_mask(x.dtype)
    all16 = asc.reg.create_mask(z.dtype)
    low = asc.reg.duplicate(0, all16, z.dtype)
    high = asc.reg.duplicate(0, all16, z.dtype)
    for i in range(asc.ceildiv(n, vl)):
        v = asc.reg.load_align(x, i * vl)
        low = asc.reg.histograms(low, v, all8, asc.reg.HistogramsBinType.BIN0)
        high = asc.reg.histograms(high, v, all8, asc.reg.HistogramsBinType.BIN1)
    asc.reg.store_align(z, low, all16, 0)
    asc.reg.store_align(z, high, all16, 128)


@asc.vf
def interleave_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """data_relayout, scenario 1: Interleave of x and y (uint16); the sample's dst0 and
    dst1 tensors are z[0:n] and z[n:2n] here."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(y, i * vl)
        d0, d1 = asc.reg.interleave(a, b)
        asc.reg.store_align(z, d0, mask, i * vl)
        asc.reg.store_align(z, d1, mask, n + i * vl)


@asc.vf
def pack_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """data_relayout, scenario 2: Pack<uint16, uint32, LOWEST> of each register, stored
    with the full uint16 mask one uint32 register's count apart (the next store
    overwrites the zero half)."""
    vl = asc.reg.lanes(x.dtype)
    mask16 = asc.reg.create_mask(z.dtype)
    for i in range(asc.ceildiv(n, vl)):
        packed = asc.reg.pack(asc.reg.load_align(x, i * vl), z.dtype, asc.reg.HighLowPart.LOWEST)
        asc.reg.store_align(z, packed, mask16, i * vl)


@asc.vf
def gather_reg_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """gather: the register Gather<half, uint16_t>: z[i] = x[index[i]] within each
    register of x (index from y)."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        src = asc.reg.load_align(x, i * vl)
        index = asc.reg.load_align(y, i * vl)
        asc.reg.store_align(z, asc.reg.gather_reg(src, index), mask, i * vl)


@asc.vf
def trait_one_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """trait, scenario 1: int64 Div in RegTraitNumOne registers (32 elements each)."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALL, asc.reg.RegTrait.NUM_ONE)
    for i in range(asc.ceildiv(n, vl)):
        a = asc.reg.load_align(x, i * vl)
        b = asc.reg.load_align(y, i * vl)
        asc.reg.store_align(z, asc.reg.div(a, b, mask), mask, i * vl)


@asc.vf
def trait_two_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """trait, scenario 2: the same loop on RegTraitNumTwo pairs (64 elements each, the
    low and high 32 bits in two registers). As in the sample, the addresses still advance
    by one register's 32 elements, so the pairs overlap and the last one reaches 32
    elements past n."""
    vl = asc.reg.lanes(x.dtype)
    two = asc.reg.RegTrait.NUM_TWO
    mask = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALL, two)
    for i in range(asc.ceildiv(n, vl)):
        a = asc.reg.load_align(x, i * vl, two)
        b = asc.reg.load_align(y, i * vl, two)
        asc.reg.store_align(z, asc.reg.div(a, b, mask), mask, i * vl)


@asc.vf
def auxscalar_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """reg_auxscalar: z = x + y[i] over register i (128 halves), y[i] read from UB
    inside the vector function (AuxScalar), x and z walked by PostUpdate forms."""
    vl = asc.reg.lanes(x.dtype)
    mask = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALL)
    for i in range(asc.ceildiv(n, vl)):
        scalar = y[i]
        xr, x = asc.reg.load_align_post(x, vl)
        z = asc.reg.store_align_post(z, asc.reg.adds(xr, scalar, mask), vl, mask)


@asc.vf
def mask_gen_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """reg_move, scenario 1: MaskGenWithRegTensor<int32_t, 0> of the register loaded
    from x (its first 8 bytes, each bit 4 mask bits), stored as 32 bytes."""
    cond = asc.reg.load_align(x)
    asc.reg.store_mask(z, asc.reg.mask_gen_with_reg_tensor(cond, 0))


@asc.vf
def mask_select_vf(
    x: asc.reg.UbPointer,
    y: asc.reg.UbPointer,
    m: asc.reg.UbPointer,
    z: asc.reg.UbPointer,
    n: int,
    s: float,
):
    """reg_move, scenario 2: Select of x and y by MaskGenWithRegTensor<float, 0> of the
    register the unaligned stream over m gives, 64 mask bits (2 floats) a repeat; x, y
    and z walked by PostUpdate forms."""
    vl = asc.reg.lanes(x.dtype)
    mask_step = vl // (x.dtype.sizeof() * 8)  # maskRepeatSize
    store = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALL)
    u = asc.reg.load_unalign_pre(m)
    for _i in range(asc.ceildiv(n, vl)):
        xr, x = asc.reg.load_align_post(x, vl)
        yr, y = asc.reg.load_align_post(y, vl)
        mr, u, m = asc.reg.load_unalign_post(u, m, mask_step)
        sel = asc.reg.mask_gen_with_reg_tensor(mr, 0)
        z = asc.reg.store_align_post(z, asc.reg.select(xr, yr, sel), vl, store)


@asc.vf
def add_post_update_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """reg_load_store_align, scenario 2 (CopyWithPostUpdateVF): z = x + y, the three
    pointers walked by PostUpdate forms."""
    vl = asc.reg.lanes(x.dtype)
    for _i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        xr, x = asc.reg.load_align_post(x, vl)
        yr, y = asc.reg.load_align_post(y, vl)
        z = asc.reg.store_align_post(z, asc.reg.add(xr, yr, mask), vl, mask)


@asc.vf
def add_addr_reg_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """reg_load_store_align, scenario 3 (CopyWithAddrRegVF): z = x + y at the offset
    CreateAddrReg<T>(i, oneRepeatSize) binds to the loop."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        areg = asc.reg.create_addr_reg(x.dtype, i, vl)
        mask, n = asc.reg.update_mask(n, x.dtype)
        xr = asc.reg.load_align(x, areg)
        yr = asc.reg.load_align(y, areg)
        asc.reg.store_align(z, asc.reg.add(xr, yr, mask), mask, areg)


COEFF_A = 0.044715  # the best-practice gelu samples' constants
COEFF_B = -1.595769


@asc.vf
def gelu_hp_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """gelu_high_performance, GeluVfBasic: x / (1 + exp(-1.595769 (x + 0.044715 x^3)))
    in one register chain per repeat (UpdateMask for the tail)."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        xr = asc.reg.load_align(x, i * vl)
        yr = asc.reg.mul(xr, xr, mask)
        yr = asc.reg.mul(yr, xr, mask)
        yr = asc.reg.muls(yr, COEFF_A, mask)
        yr = asc.reg.add(xr, yr, mask)
        yr = asc.reg.muls(yr, COEFF_B, mask)
        yr = asc.reg.exp(yr, mask)
        yr = asc.reg.adds(yr, 1.0, mask)
        yr = asc.reg.div(xr, yr, mask)
        asc.reg.store_align(z, yr, mask, i * vl)


@asc.vf
def gelu_eltwise_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """gelu_eltwise_high_performance, GeluEltwiseBasic (scenario 1): the gelu chain, then
    exp(-0.5 (g + 1)^2 + 2) on it, one loop."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        xr = asc.reg.load_align(x, i * vl)
        yr = asc.reg.mul(xr, xr, mask)
        yr = asc.reg.mul(yr, xr, mask)
        yr = asc.reg.muls(yr, COEFF_A, mask)
        yr = asc.reg.add(xr, yr, mask)
        yr = asc.reg.muls(yr, COEFF_B, mask)
        yr = asc.reg.exp(yr, mask)
        yr = asc.reg.adds(yr, 1.0, mask)
        yr = asc.reg.div(xr, yr, mask)
        yr = asc.reg.adds(yr, 1.0, mask)
        yr = asc.reg.mul(yr, yr, mask)
        yr = asc.reg.muls(yr, -0.5, mask)
        yr = asc.reg.adds(yr, 2.0, mask)
        yr = asc.reg.exp(yr, mask)
        asc.reg.store_align(z, yr, mask, i * vl)


@asc.vf
def gelu_eltwise_split_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """gelu_eltwise_high_performance, GeluEltwiseLoopSplit (scenarios 2, 3): the gelu
    chain stored to z, then a second loop over z for the elementwise tail. The sample's
    second loop loads into `yReg`, the register its first loop stored, which orders the
    load after the store (the LocalMemBar page's same-register rule); here each value
    is its own register (the C++ prints one `RegTensor` per value), so the port says
    that order with `LocalMemBar<VEC_STORE, VEC_LOAD>` between the loops."""
    vl = asc.reg.lanes(x.dtype)
    n2 = n
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        xr = asc.reg.load_align(x, i * vl)
        yr = asc.reg.mul(xr, xr, mask)
        yr = asc.reg.mul(yr, xr, mask)
        yr = asc.reg.muls(yr, COEFF_A, mask)
        yr = asc.reg.add(xr, yr, mask)
        yr = asc.reg.muls(yr, COEFF_B, mask)
        yr = asc.reg.exp(yr, mask)
        yr = asc.reg.adds(yr, 1.0, mask)
        yr = asc.reg.div(xr, yr, mask)
        asc.reg.store_align(z, yr, mask, i * vl)
    asc.reg.local_mem_bar(asc.reg.MemType.VEC_STORE, asc.reg.MemType.VEC_LOAD)
    for i in range(asc.ceildiv(n2, vl)):
        mask, n2 = asc.reg.update_mask(n2, x.dtype)
        yr = asc.reg.load_align(z, i * vl)
        yr = asc.reg.adds(yr, 1.0, mask)
        yr = asc.reg.mul(yr, yr, mask)
        yr = asc.reg.muls(yr, -0.5, mask)
        yr = asc.reg.adds(yr, 2.0, mask)
        yr = asc.reg.exp(yr, mask)
        asc.reg.store_align(z, yr, mask, i * vl)


SOFTMAX_R = 128  # softmax_high_performance: the row length (rDim = rDimAlign)
FP32_MIN = 1.1754943508222875e-38  # its Custom::fp32MinValue (the bits 0x00800000)


@asc.vf
def softmax_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float):
    """softmax_high_performance, Case 5 (main blocks, the outer loop unrolled by two,
    ExpSub): the softmax of each of n rows of x into z, y holding e^(x - max). Rows i
    and i + n / 2 go together; ReduceMax / ReduceSum are written as Reduce<MAX> /
    Reduce<SUM> (the same instructions)."""
    vl = asc.reg.lanes(asc.float32)
    repeat_main = SOFTMAX_R // vl
    full = asc.reg.create_mask(x.dtype)
    half_a = n // 2
    other = half_a * SOFTMAX_R
    for i in range(half_a):
        mx = asc.reg.duplicate(FP32_MIN, full, asc.float32)
        mx1 = asc.reg.duplicate(FP32_MIN, full, asc.float32)
        for j in range(repeat_main):
            src = asc.reg.load_align(x, i * SOFTMAX_R + j * vl)
            src1 = asc.reg.load_align(x, i * SOFTMAX_R + j * vl + other)
            mx = asc.reg.max(mx, src, full)
            mx1 = asc.reg.max(mx1, src1, full)
        mx = asc.reg.reduce(mx, full, asc.reg.ReduceType.MAX)
        mx1 = asc.reg.reduce(mx1, full, asc.reg.ReduceType.MAX)
        mx = asc.reg.duplicate(mx, full)
        mx1 = asc.reg.duplicate(mx1, full)
        for j in range(repeat_main):
            src = asc.reg.load_align(x, i * SOFTMAX_R + j * vl)
            src1 = asc.reg.load_align(x, i * SOFTMAX_R + j * vl + other)
            e = asc.reg.exp_sub(src, mx, full)
            e1 = asc.reg.exp_sub(src1, mx1, full)
            asc.reg.store_align(y, e, full, i * SOFTMAX_R + j * vl)
            asc.reg.store_align(y, e1, full, i * SOFTMAX_R + j * vl + other)
    asc.reg.local_mem_bar(asc.reg.MemType.VEC_LOAD, asc.reg.MemType.VEC_STORE)
    for i in range(half_a):
        sm = asc.reg.duplicate(0.0, full, asc.float32)
        sm1 = asc.reg.duplicate(0.0, full, asc.float32)
        for j in range(repeat_main):
            src = asc.reg.load_align(y, i * SOFTMAX_R + j * vl)
            src1 = asc.reg.load_align(y, i * SOFTMAX_R + j * vl + other)
            sm = asc.reg.add(sm, src, full)
            sm1 = asc.reg.add(sm1, src1, full)
        sm = asc.reg.reduce(sm, full, asc.reg.ReduceType.SUM)
        sm1 = asc.reg.reduce(sm1, full, asc.reg.ReduceType.SUM)
        sm = asc.reg.duplicate(sm, full)
        sm1 = asc.reg.duplicate(sm1, full)
        for j in range(repeat_main):
            num = asc.reg.load_align(y, i * SOFTMAX_R + j * vl)
            num1 = asc.reg.load_align(y, i * SOFTMAX_R + j * vl + other)
            asc.reg.store_align(z, asc.reg.div(num, sm, full), full, i * SOFTMAX_R + j * vl)
            asc.reg.store_align(
                z, asc.reg.div(num1, sm1, full), full, i * SOFTMAX_R + j * vl + other
            )


@asc.vf
def softmax_update_mask_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int, s: float
):
    """softmax_high_performance, Case 3 (UpdateMask for the tail, MERGING accumulators,
    the outer loop unrolled by two); as Case 5 otherwise."""
    vl = asc.reg.lanes(asc.float32)
    repeat = asc.ceildiv(SOFTMAX_R, vl)
    full = asc.reg.create_mask(x.dtype)
    half_a = n // 2
    other = half_a * SOFTMAX_R
    for i in range(half_a):
        count = SOFTMAX_R
        mx = asc.reg.duplicate(FP32_MIN, full, asc.float32)
        mx1 = asc.reg.duplicate(FP32_MIN, full, asc.float32)
        for j in range(repeat):
            mask, count = asc.reg.update_mask(count, asc.float32)
            src = asc.reg.load_align(x, i * SOFTMAX_R + j * vl)
            src1 = asc.reg.load_align(x, i * SOFTMAX_R + j * vl + other)
            mx = asc.reg.max_merging(mx, mx, src, mask)
            mx1 = asc.reg.max_merging(mx1, mx1, src1, mask)
        mx = asc.reg.duplicate(asc.reg.reduce(mx, full, asc.reg.ReduceType.MAX), full)
        mx1 = asc.reg.duplicate(asc.reg.reduce(mx1, full, asc.reg.ReduceType.MAX), full)
        count0 = SOFTMAX_R
        for j in range(repeat):
            mask, count0 = asc.reg.update_mask(count0, asc.float32)
            src = asc.reg.load_align(x, i * SOFTMAX_R + j * vl)
            src1 = asc.reg.load_align(x, i * SOFTMAX_R + j * vl + other)
            e = asc.reg.exp_sub(src, mx, mask)
            e1 = asc.reg.exp_sub(src1, mx1, mask)
            asc.reg.store_align(y, e, mask, i * SOFTMAX_R + j * vl)
            asc.reg.store_align(y, e1, mask, i * SOFTMAX_R + j * vl + other)
    asc.reg.local_mem_bar(asc.reg.MemType.VEC_LOAD, asc.reg.MemType.VEC_STORE)
    for i in range(half_a):
        count1 = SOFTMAX_R
        sm = asc.reg.duplicate(0.0, full, asc.float32)
        sm1 = asc.reg.duplicate(0.0, full, asc.float32)
        for j in range(repeat):
            mask, count1 = asc.reg.update_mask(count1, asc.float32)
            src = asc.reg.load_align(y, i * SOFTMAX_R + j * vl)
            src1 = asc.reg.load_align(y, i * SOFTMAX_R + j * vl + other)
            sm = asc.reg.add_merging(sm, sm, src, mask)
            sm1 = asc.reg.add_merging(sm1, sm1, src1, mask)
        sm = asc.reg.duplicate(asc.reg.reduce(sm, full, asc.reg.ReduceType.SUM), full)
        sm1 = asc.reg.duplicate(asc.reg.reduce(sm1, full, asc.reg.ReduceType.SUM), full)
        count2 = SOFTMAX_R
        for j in range(repeat):
            mask, count2 = asc.reg.update_mask(count2, asc.float32)
            num = asc.reg.load_align(y, i * SOFTMAX_R + j * vl)
            num1 = asc.reg.load_align(y, i * SOFTMAX_R + j * vl + other)
            asc.reg.store_align(z, asc.reg.div(num, sm, mask), mask, i * SOFTMAX_R + j * vl)
            asc.reg.store_align(
                z, asc.reg.div(num1, sm1, mask), mask, i * SOFTMAX_R + j * vl + other
            )


# ---------------------------------------------------------------------------
# 05_best_practices/04_memory_access/bank_conflict_3510: its own kernel (operands at
# fixed UB addresses, some overlapping, the vector function run 1000 times)
# ---------------------------------------------------------------------------

BANK_REPEAT = 1000  # REPEAT_TIMES_FOR_INSTR_EXCUTE
BANK_COMPUTE_BOUND_REPEAT = 2
"""ComputeBoundVF's outer repeats here: its result is the same after any number (it
reloads its inputs each time), and 1000 x 64 x 1000 Adds are past a CPU simulation."""
ONE_REP = 64  # oneRepSize: the floats of a register
BANK_TOTAL = 4096  # TOTAL_LENGTH of scenarios 1-8
GATHER_TOTAL = 256  # of 9-10
BLOCK_TOTAL = 512  # of 11-14


@asc.vf
def add_with_unroll_vf(src0: asc.reg.UbPointer, src1: asc.reg.UbPointer, dst: asc.reg.UbPointer):
    """AddWithUnRollVF: dst = src0 + src1, the two halves interleaved (2-way unroll)."""
    mask = asc.reg.create_mask(src0.dtype, asc.reg.MaskPattern.ALL)
    half = BANK_TOTAL // ONE_REP // 2
    for i in range(half):
        r0 = asc.reg.load_align(src0, ONE_REP * i)
        r1 = asc.reg.load_align(src1, ONE_REP * i)
        r3 = asc.reg.load_align(src0, ONE_REP * (half + i))
        r4 = asc.reg.load_align(src1, ONE_REP * (half + i))
        r2 = asc.reg.add(r0, r1, mask)
        r5 = asc.reg.add(r3, r4, mask)
        asc.reg.store_align(dst, r2, mask, ONE_REP * i)
        asc.reg.store_align(dst, r5, mask, ONE_REP * (half + i))


@asc.vf
def add_without_unroll_vf(src0: asc.reg.UbPointer, src1: asc.reg.UbPointer, dst: asc.reg.UbPointer):
    """AddWithoutUnRollVF: dst = src0 + src1, one register at a time."""
    mask = asc.reg.create_mask(src0.dtype, asc.reg.MaskPattern.ALL)
    for i in range(BANK_TOTAL // ONE_REP):
        r0 = asc.reg.load_align(src0, ONE_REP * i)
        r1 = asc.reg.load_align(src1, ONE_REP * i)
        asc.reg.store_align(dst, asc.reg.add(r0, r1, mask), mask, ONE_REP * i)


@asc.vf
def compute_bound_vf(src0: asc.reg.UbPointer, src1: asc.reg.UbPointer, dst: asc.reg.UbPointer):
    """ComputeBoundVF: dst = (src0 + 1 a thousand times) + src1."""
    mask = asc.reg.create_mask(src0.dtype, asc.reg.MaskPattern.ALL)
    for i in range(BANK_TOTAL // ONE_REP):
        r0 = asc.reg.load_align(src0, ONE_REP * i)
        r1 = asc.reg.load_align(src1, ONE_REP * i)
        for _j in range(1000):
            r0 = asc.reg.adds(r0, 1.0, mask)
        asc.reg.store_align(dst, asc.reg.add(r0, r1, mask), mask, ONE_REP * i)


@asc.vf
def gather_and_scatter_vf(src0: asc.reg.UbPointer, src1: asc.reg.UbPointer, dst: asc.reg.UbPointer):
    """GatherAndScatterVF: dst[index[i]] = src1[index[i]] + 1 (index: src0's uint32s)."""
    mask = asc.reg.create_mask(src1.dtype, asc.reg.MaskPattern.ALL)
    for i in range(GATHER_TOTAL // ONE_REP):
        index = asc.reg.load_align(src0, ONE_REP * i)
        r0 = asc.reg.gather(src1, index, mask)
        asc.reg.scatter(dst, asc.reg.adds(r0, 1.0, mask), index, mask)


@asc.vf
def adds_by_row_vf(src0: asc.reg.UbPointer, src1: asc.reg.UbPointer, dst: asc.reg.UbPointer):
    """AddsByRowVF: 512 floats a row at a time (block stride 1)."""
    mask = asc.reg.create_mask(src0.dtype, asc.reg.MaskPattern.ALL)
    for i in range(8):
        r0 = asc.reg.load_align(src0, ONE_REP * i, block_stride=1, mask=mask)
        r1 = asc.reg.adds(r0, 0.0, mask)
        asc.reg.store_align(dst, r1, mask, ONE_REP * i, block_stride=1)


@asc.vf
def adds_by_col_vf(src0: asc.reg.UbPointer, src1: asc.reg.UbPointer, dst: asc.reg.UbPointer):
    """AddsByColVF: 512 floats a column of DataBlocks at a time (block stride 8)."""
    mask = asc.reg.create_mask(src0.dtype, asc.reg.MaskPattern.ALL)
    for i in range(8):
        r0 = asc.reg.load_align(src0, i * 8, block_stride=8, mask=mask)
        r1 = asc.reg.adds(r0, 0.0, mask)
        asc.reg.store_align(dst, r1, mask, i * 8, block_stride=8)


@asc.vf
def adds_with_block_overlap_vf(
    src0: asc.reg.UbPointer, src1: asc.reg.UbPointer, dst: asc.reg.UbPointer
):
    """AddsWithBlockOverlap: block stride 0 loads the first DataBlock eight times."""
    mask = asc.reg.create_mask(src0.dtype, asc.reg.MaskPattern.ALL)
    for i in range(8):
        r0 = asc.reg.load_align(src0, ONE_REP * i, block_stride=0, mask=mask)
        r1 = asc.reg.adds(r0, 0.0, mask)
        asc.reg.store_align(dst, r1, mask, ONE_REP * i, block_stride=1)


@asc.vf
def adds_with_repeat_overlap_vf(
    src0: asc.reg.UbPointer, src1: asc.reg.UbPointer, dst: asc.reg.UbPointer
):
    """AddsWithRepeatOverlap: every repeat loads from src0 itself."""
    mask = asc.reg.create_mask(src0.dtype, asc.reg.MaskPattern.ALL)
    for i in range(8):
        r0 = asc.reg.load_align(src0, 0, block_stride=1, mask=mask)
        r1 = asc.reg.adds(r0, 0.0, mask)
        asc.reg.store_align(dst, r1, mask, ONE_REP * i, block_stride=1)


@jit
def bank_conflict_kernel(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    case: asc.ConstExpr,
    vf: asc.ConstExpr,
    total: asc.ConstExpr,
    addrs: asc.ConstExpr,
    dtypes: asc.ConstExpr,
    repeat: asc.ConstExpr,
):
    """bank_conflict.asc's kernel: x, y, z as LocalTensors at the scenario's UB
    addresses (`addrs`, bytes), `vf` run `repeat` times between two PIPE_ALL barriers
    and timed with GetSystemCycle, z copied out."""
    t1, t2, t3 = dtypes
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, total)
    yg.set_global_buffer(y, total)
    zg.set_global_buffer(z, total)
    xl = asc.LocalTensor(t1, asc.TPosition.VECCALC, addrs[0], total)
    yl = asc.LocalTensor(t2, asc.TPosition.VECCALC, addrs[1], total)
    zl = asc.LocalTensor(t3, asc.TPosition.VECCALC, addrs[2], total)
    asc.data_copy(xl, xg, total)
    asc.data_copy(yl, yg, total)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    before = asc.get_system_cycle()
    for _i in range(repeat):
        vf(xl, yl, zl)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    after = asc.get_system_cycle()
    asc.printf("\n[LOG] Case %d\n", case)
    asc.printf("[LOG] systemCycleBefore: %lu\n", before)
    asc.printf("[LOG] systemCycleAfter: %lu\n", after)
    asc.printf(
        "[LOG] instruction executed %u times, cost total cycles: %lu\n", repeat, after - before
    )
    asc.data_copy(zg, zl, total)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@dataclass(frozen=True)
class BankCase:
    """One SCENARIO_NUM of bank_conflict_3510's config.h."""

    vf: Callable
    total: int
    addrs: tuple[int, int, int]  # xLocalAddr, yLocalAddr, zLocalAddr
    golden: Callable[[np.ndarray, np.ndarray], np.ndarray]
    repeat: int = BANK_REPEAT
    index: bool = False  # T1 = uint32_t (the Gather / Scatter scenarios)
    why_not: str = ""  # why the simulator cannot give gen_data's golden


UNORDERED_GATHER = (
    "gen_data's golden adds 1000 (one per call) to y[0] and y[128], but in program order "
    "each call's four repeats gather, add 1 to and scatter back 0 and 128 in turn, adding "
    "4 per call; the golden needs each Gather to read UB before the Scatters of the "
    "repeats before it land (the next Gather is two instructions after a Scatter). The "
    "LocalMemBar / asc_mem_bar pages leave that pair unordered (a VEC_STORE, then a "
    "VEC_LOAD into another register, no LocalMemBar<VEC_STORE, VEC_LOAD>): the race "
    "checker reports it. But they leave softmax_high_performance's reload of its exp "
    "buffer unordered the same way (StoreAlign of expReg, LoadAlign into srcReg / "
    "maxReg, only LocalMemBar<VEC_LOAD, VEC_STORE> between), and its golden needs the "
    "load to see the store: no documented rule tells the two apart (what differs is the "
    "distance, 2 to 10 instructions here, hundreds there), so the simulator keeps "
    "program order"
)


def _bank_add(x, y):
    return x + y


def _bank_gather(x, y):
    out = y.copy()
    out[np.unique(x)] += np.float32(BANK_REPEAT)
    return out


def _bank_block_stride0(x, y):
    return x[np.arange(BLOCK_TOTAL) // 64 * 64 + np.arange(BLOCK_TOTAL) % 8]


BANK_CASES = {
    1: BankCase(add_with_unroll_vf, BANK_TOTAL, (0x0000, 0x5000, 0xA100), _bank_add),
    2: BankCase(add_with_unroll_vf, BANK_TOTAL, (0x0000, 0x5100, 0xA000), _bank_add),
    3: BankCase(add_with_unroll_vf, BANK_TOTAL, (0x0000, 0x5100, 0x0000),
                lambda x, y: x + np.float32(BANK_REPEAT) * y),
    4: BankCase(add_with_unroll_vf, BANK_TOTAL, (0x0000, 0x5100, 0xA100), _bank_add),
    5: BankCase(add_with_unroll_vf, BANK_TOTAL, (0x0000, 0x5100, 0x5100),
                lambda x, y: np.float32(BANK_REPEAT) * x + y),
    6: BankCase(add_without_unroll_vf, BANK_TOTAL, (0x0000, 0x5000, 0xA000), _bank_add),
    7: BankCase(add_with_unroll_vf, BANK_TOTAL, (0x0000, 0x5000, 0xA000), _bank_add),
    8: BankCase(compute_bound_vf, BANK_TOTAL, (0x0000, 0x5000, 0xA000),
                lambda x, y: x + np.float32(1000) + y, repeat=BANK_COMPUTE_BOUND_REPEAT),
    9: BankCase(gather_and_scatter_vf, GATHER_TOTAL, (0x0000, 0x0400, 0x0400), _bank_gather,
                index=True),
    10: BankCase(gather_and_scatter_vf, GATHER_TOTAL, (0x0000, 0x0400, 0x0400), _bank_gather,
                 index=True, why_not=UNORDERED_GATHER),
    11: BankCase(adds_by_row_vf, BLOCK_TOTAL, (0x0000, 0x0800, 0x4100), lambda x, y: x),
    12: BankCase(adds_by_col_vf, BLOCK_TOTAL, (0x0000, 0x0800, 0x4100), lambda x, y: x),
    13: BankCase(adds_with_block_overlap_vf, BLOCK_TOTAL, (0x0000, 0x0800, 0x4100),
                 _bank_block_stride0),
    14: BankCase(adds_with_repeat_overlap_vf, BLOCK_TOTAL, (0x0000, 0x0800, 0x4100),
                 lambda x, y: np.tile(x[:64], 8)),
}  # fmt: skip


def _bank_inputs(case: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """gen_data.py's inputs: uniform [1, 100) floats; scenarios 9-10 index 0..255 or
    0, 128 alternating (uint32) and their data."""
    c = BANK_CASES[case]
    if c.index:
        y = rng.uniform(1, 100, c.total).astype(np.float32)
        x = np.arange(c.total, dtype=np.uint32)
        if case == 10:
            x[::2], x[1::2] = 0, 128
        return x, y
    return tuple(rng.uniform(1, 100, c.total).astype(np.float32) for _ in range(2))


def run_bank_conflict(case: int) -> tuple[bool, str, str | None]:
    """One scenario of bank_conflict_3510: its result against gen_data's golden by
    verify_result's rule, and its log lines."""
    c = BANK_CASES[case]
    x, y = _bank_inputs(case, np.random.default_rng(case))
    z = np.zeros(c.total, np.float32)
    dtypes = (asc.uint32 if c.index else asc.float32, asc.float32, asc.float32)
    printed, cpp = reg_samples_debug._launch(
        lambda: bank_conflict_kernel[1](
            x,
            y,
            z,
            asc.ConstExpr(case),
            asc.ConstExpr(c.vf),
            asc.ConstExpr(c.total),
            asc.ConstExpr(c.addrs),
            asc.ConstExpr(dtypes),
            asc.ConstExpr(c.repeat),
            platform=SOC,
        )
    )
    logs = (
        f"[LOG] Case {case}\n",
        "[LOG] systemCycleBefore: ",
        "[LOG] systemCycleAfter: ",
        f"[LOG] instruction executed {c.repeat} times, cost total cycles: ",
    )
    if any(line not in printed for line in logs):
        return False, f"its log is not the sample's: {printed!r}", cpp
    golden = c.golden(x, y).astype(np.float32)
    bad = ~np.isclose(z, golden, rtol=RTOL, atol=ATOL, equal_nan=True)
    if bad.mean() > ERROR_TOL:
        first = int(np.argmax(bad))
        why = f" ({c.why_not})" if c.why_not else ""
        wrong = f"z[{first}] = {z[first]}, expected {golden[first]}"
        return False, f"error ratio {bad.mean():.4f}: {wrong}{why}", cpp
    return True, "", cpp


# ---------------------------------------------------------------------------
# 05_best_practices/04_memory_access/bank_conflict_nd2nz: its own kernel (ND -> NZ of
# a half matrix by DataBlock-strided stores, ping-pong tiles over a grid of blocks)
# ---------------------------------------------------------------------------

C0_ELEMS = 16  # the halves of a DataBlock (C0)
ND2NZ_TILE_H = 144  # the sample's tiling: 144 x 128 tiles, 128 halves a register
ND2NZ_TILE_W = 128
ND2NZ_VEC_LEN = 128
ND2NZ_M = 300  # (the sample's 8192 x 8192 on 8 x 8 blocks, cut to 300 x 512 on 2 x 2:
ND2NZ_N = 512  # three row tiles, the last of 12 rows, and four column tiles)
ND2NZ_ROW_SPLITS = 2
ND2NZ_COL_SPLITS = 2


@asc.vf
def reg_load_store_vf(
    dst: asc.reg.UbPointer, src: asc.reg.UbPointer, actual_tile_h: int, scenario: asc.ConstExpr
):
    """Nd2Nz3510::RegLoadStoreVF: each row's 128 halves to 8 C0 columns of the NZ tile,
    `dstNzC0Stride` DataBlocks apart (the tile's height; one more in scenario 2)."""
    nz_c0_stride = ND2NZ_TILE_H if scenario == 1 else ND2NZ_TILE_H + 1
    vec_len_dbs = ND2NZ_VEC_LEN // C0_ELEMS
    mask = asc.reg.create_mask(asc.float16, asc.reg.MaskPattern.ALL)
    for k in range(ND2NZ_TILE_W // ND2NZ_VEC_LEN):
        col_group = k * vec_len_dbs * nz_c0_stride * C0_ELEMS
        for r in range(actual_tile_h):
            reg = asc.reg.load_align(src, r * ND2NZ_TILE_W + k * ND2NZ_VEC_LEN)
            row = col_group + r * C0_ELEMS
            asc.reg.store_align(dst, reg, mask, row, block_stride=nz_c0_stride)


@jit
def bank_conflict_nd2nz(x: asc.GlobalAddress, z: asc.GlobalAddress, scenario: asc.ConstExpr):
    """KernelNd2Nz<300, 512, 144, 128, 128, 2, 2>: Init and Process."""
    tile_h, tile_w, total_m, total_n = ND2NZ_TILE_H, ND2NZ_TILE_W, ND2NZ_M, ND2NZ_N
    tile_c0_cols = tile_w // C0_ELEMS
    total_row_tiles = (total_m + tile_h - 1) // tile_h
    tile_cols_per_split = total_n // tile_w // ND2NZ_COL_SPLITS
    nz_c0_stride = tile_h if scenario == 1 else tile_h + 1
    nd_buf_elems = tile_h * tile_w
    nz_buf_elems = ((tile_h - 1) + (tile_c0_cols - 1) * nz_c0_stride + 1 + (scenario == 2)) * 16
    nd_buf_bytes = nd_buf_elems * 2
    nz_buf_bytes = nz_buf_elems * 2
    # scenario 2 starts the NZ tiles at bank 8 (8 DataBlocks on), away from the ND loads
    bank8 = 8 * C0_ELEMS * 2 if scenario == 2 else 0
    nz_base = 2 * nd_buf_bytes + bank8
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, total_m * total_n)
    zg.set_global_buffer(z, total_m * total_n)
    block = asc.get_block_idx()
    if block < ND2NZ_ROW_SPLITS * ND2NZ_COL_SPLITS:
        row_split = block // ND2NZ_COL_SPLITS
        col_split = block % ND2NZ_COL_SPLITS
        base_row_tiles = total_row_tiles // ND2NZ_ROW_SPLITS
        extra_row_tiles = total_row_tiles % ND2NZ_ROW_SPLITS
        row_tile_begin = row_split * base_row_tiles + (
            row_split if row_split < extra_row_tiles else extra_row_tiles
        )
        row_tile_count = base_row_tiles + (1 if row_split < extra_row_tiles else 0)
        col_tile_begin = col_split * tile_cols_per_split
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.set_flag(asc.HardEvent.V_MTE2, 1)
        asc.set_flag(asc.HardEvent.MTE3_V, 0)
        asc.set_flag(asc.HardEvent.MTE3_V, 1)
        for i in range(row_tile_count * tile_cols_per_split):
            event = i & 1
            # ndPing / ndPong and nzPing / nzPong: the tensors at the parity's address
            nd_addr = event * nd_buf_bytes
            nz_addr = nz_base + event * (nz_buf_bytes + bank8)
            nd_buf = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, nd_addr, nd_buf_elems)
            nz_buf = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, nz_addr, nz_buf_elems)
            tile_row = row_tile_begin + i // tile_cols_per_split
            tile_col = col_tile_begin + i % tile_cols_per_split
            tile_row_start = tile_row * tile_h
            tile_col_start = tile_col * tile_w
            remain_rows = total_m - tile_row_start
            actual_tile_h = remain_rows if remain_rows < tile_h else tile_h
            src_offset = tile_row_start * total_n + tile_col_start
            dst_block_offset = tile_row_start + (tile_col_start // C0_ELEMS) * total_m
            asc.wait_flag(asc.HardEvent.V_MTE2, event)
            nd_params = asc.DataCopyParams(
                actual_tile_h, tile_w // C0_ELEMS, (total_n - tile_w) // C0_ELEMS, 0
            )
            asc.data_copy(nd_buf, xg[src_offset:], nd_params)
            asc.set_flag(asc.HardEvent.MTE2_V, event)
            asc.wait_flag(asc.HardEvent.MTE2_V, event)
            asc.wait_flag(asc.HardEvent.MTE3_V, event)
            reg_load_store_vf(nz_buf, nd_buf, actual_tile_h, scenario)
            asc.set_flag(asc.HardEvent.V_MTE2, event)
            asc.set_flag(asc.HardEvent.V_MTE3, event)
            asc.wait_flag(asc.HardEvent.V_MTE3, event)
            out_params = asc.DataCopyParams(
                tile_c0_cols, actual_tile_h, nz_c0_stride - actual_tile_h, total_m - actual_tile_h
            )
            asc.data_copy(zg[dst_block_offset * C0_ELEMS :], nz_buf, out_params)
            asc.set_flag(asc.HardEvent.MTE3_V, event)
        asc.wait_flag(asc.HardEvent.V_MTE2, 0)
        asc.wait_flag(asc.HardEvent.V_MTE2, 1)
        asc.wait_flag(asc.HardEvent.MTE3_V, 0)
        asc.wait_flag(asc.HardEvent.MTE3_V, 1)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def _nd2nz_golden(x: np.ndarray) -> np.ndarray:
    """gen_data.py's build_golden: the (M, N / 16, 16) blocks as (N / 16, M, 16)."""
    blocks = x.reshape(ND2NZ_M, ND2NZ_N // C0_ELEMS, C0_ELEMS)
    return np.ascontiguousarray(blocks.transpose(1, 0, 2)).reshape(-1)


def run_nd2nz(scenario: int) -> tuple[bool, str, str | None]:
    """bank_conflict_nd2nz, SCENARIO 1 or 2: gen_data's input (integers in [-128, 128]
    as halves, its seed), its golden by verify_result's rule (every element equal)."""
    rng = np.random.default_rng(2026)
    x = rng.integers(-128, 129, size=(ND2NZ_M, ND2NZ_N), dtype=np.int16).astype(np.float16)
    z = np.zeros(ND2NZ_M * ND2NZ_N, np.float16)
    blocks = ND2NZ_ROW_SPLITS * ND2NZ_COL_SPLITS
    _, cpp = reg_samples_debug._launch(
        lambda: bank_conflict_nd2nz[blocks](x.reshape(-1), z, asc.ConstExpr(scenario), platform=SOC)
    )
    golden = _nd2nz_golden(x)
    if not np.array_equal(z, golden):
        bad = np.nonzero(z != golden)[0]
        first = int(bad[0])
        return (
            False,
            f"{bad.size} mismatches: z[{first}] = {z[first]}, expected {golden[first]}",
            cpp,
        )
    return True, "", cpp


# ---------------------------------------------------------------------------
# 05_best_practices/03_fusion_compute/matmul_gelu_high_performance: its own mix kernel
# (the AIC's matmul, L1 and L0 ping-pong; the AIVs' GELU on the result, through GM or
# straight from L0C into their UB)
# ---------------------------------------------------------------------------

# The sample's 8192^3 fp16 matmul (baseM/K/N 256/64/256, stepKa/Kb 4, singleCore 2048 x
# 1024 on 32 blocks) cut to 128 x 128 x 128 on 4 blocks: every loop of its kernel still
# runs more than once (2 x 2 (m, n) tiles a core, 4 k tiles in 2 L1 chunks each).
MG_M = MG_K = MG_N = 128
MG_BASE_M, MG_BASE_K, MG_BASE_N = 32, 32, 32
MG_SINGLE_M, MG_SINGLE_K, MG_SINGLE_N = 64, MG_K, 64
MG_STEP_KA = MG_STEP_KB = 2
MG_BLOCKS = (MG_M // MG_SINGLE_M) * (MG_N // MG_SINGLE_N)
CUBE_BLOCK = 16
L0_PINGPONG_BYTES = 32 * 1024  # the sample's
L1_PINGPONG_BYTES = 256 * 1024


@asc.vf
def matmul_gelu_vf(x: asc.reg.UbPointer, y: asc.reg.UbPointer, n: int):
    """KernelMmadVector::GeluVf: the GELU chain per register, UpdateMask for the tail."""
    vl = asc.reg.lanes(x.dtype)
    for i in range(asc.ceildiv(n, vl)):
        mask, n = asc.reg.update_mask(n, x.dtype)
        xr = asc.reg.load_align(x, i * vl)
        yr = asc.reg.mul(xr, xr, mask)
        yr = asc.reg.mul(yr, xr, mask)
        yr = asc.reg.muls(yr, COEFF_A, mask)
        yr = asc.reg.add(xr, yr, mask)
        yr = asc.reg.muls(yr, COEFF_B, mask)
        yr = asc.reg.exp(yr, mask)
        yr = asc.reg.adds(yr, 1.0, mask)
        yr = asc.reg.div(xr, yr, mask)
        asc.reg.store_align(y, yr, mask, i * vl)


@jit(kernel_type="mix")
def mmad_vector_custom(
    x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, scenario: asc.ConstExpr
):
    """KernelMmadVector<M, K, N, baseM, baseK, baseN, singleCoreM, singleCoreK,
    singleCoreN, stepKa, stepKb> (B transposed): Init and Process, the sample's
    functions inlined; scenario 1 relays the matmul through GM, 2 fixpipes it into the
    AIVs' UB (dualDstCtl 0b01: half the rows each)."""
    m_, k_, n_ = MG_M, MG_K, MG_N
    base_m, base_k, base_n = MG_BASE_M, MG_BASE_K, MG_BASE_N
    step_ka, step_kb = MG_STEP_KA, MG_STEP_KB
    a_gm_ori, b_gm_ori, c_gm_ori = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    a_gm_ori.set_global_buffer(x)
    b_gm_ori.set_global_buffer(y)
    c_gm_ori.set_global_buffer(z)
    gelu_out_addr = base_m // 2 * base_n * 4
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, base_m // 2 * base_n)
    gelu_out_ub = asc.LocalTensor(
        asc.float32, asc.TPosition.VECCALC, gelu_out_addr, base_m // 2 * base_n
    )
    # InitComputeParams
    m_iter = (m_ + MG_SINGLE_M - 1) // MG_SINGLE_M
    logic_core = asc.get_block_idx()
    if asc.ascend_is_aiv():
        logic_core = asc.get_block_idx() // 2  # __mix__(1, 2): two AIVs a logical core
    m_iter_idx = logic_core % m_iter
    n_iter_idx = logic_core // m_iter
    a_gm = a_gm_ori[m_iter_idx * MG_SINGLE_M * k_ :]
    b_gm = b_gm_ori[n_iter_idx * k_ * MG_SINGLE_N :]
    c_gm = c_gm_ori[m_iter_idx * MG_SINGLE_M * n_ + n_iter_idx * MG_SINGLE_N :]
    single_m = min(m_ - m_iter_idx * MG_SINGLE_M, MG_SINGLE_M)
    single_n = min(n_ - n_iter_idx * MG_SINGLE_N, MG_SINGLE_N)
    k_loops = (MG_SINGLE_K + base_k - 1) // base_k
    m_loops = (single_m + base_m - 1) // base_m
    n_loops = (single_n + base_n - 1) // base_n
    base_n_count = single_n // base_n
    tail_n = single_n % base_n
    tail_n_align = (tail_n + CUBE_BLOCK - 1) // CUBE_BLOCK * CUBE_BLOCK
    base_m_count = single_m // base_m
    tail_m = single_m % base_m
    tail_m_align = (tail_m + CUBE_BLOCK - 1) // CUBE_BLOCK * CUBE_BLOCK
    # Process: the AIC's buffers (ping at 0 of L1 / L0, pong after it)
    a1_size = base_m * base_k * step_ka
    b1_size = base_k * base_n * step_kb
    a2_size = base_m * base_k
    b2_size = base_k * base_n
    c_local = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, base_m * base_n)
    mte1_db = 0
    if asc.ascend_is_aic():  # InitAicSyncFlags: the reverse syncs' first waits
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 1)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 3)
        asc.set_flag(asc.HardEvent.M_MTE1, 0)
        asc.set_flag(asc.HardEvent.M_MTE1, 1)
    for n_block in range(n_loops):
        for m_block in range(m_loops):
            cur_m = base_m if m_block != base_m_count else tail_m
            cur_n = base_n if n_block != base_n_count else tail_n
            cur_m_align = base_m if m_block != base_m_count else tail_m_align
            cur_n_align = base_n if n_block != base_n_count else tail_n_align
            if asc.ascend_is_aic():  # ProcessLoopAic
                a1_next, b1_next = 0, 0
                a1_in, b1_in = 0, 0
                nd_a = asc.Nd2NzParams(1, cur_m, base_k * step_ka, 0, k_, base_m, 1, 0)
                nd_b = asc.Nd2NzParams(1, cur_n, base_k * step_kb, 0, k_, base_n, 1, 0)
                a_src = m_block * k_ * base_m
                b_src = n_block * base_n * k_
                # the first chunks of A and B into the L1 pings
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
                a1_ping = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, a1_size)
                asc.data_copy(a1_ping, a_gm[a1_next * base_k + a_src :], nd_a)
                asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
                a1_next += step_ka
                a1_in ^= 1
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
                b1_ping = asc.LocalTensor(asc.float16, asc.TPosition.B1, L1_PINGPONG_BYTES, b1_size)
                asc.data_copy(b1_ping, b_gm[b1_next * base_k + b_src :], nd_b)
                asc.set_flag(asc.HardEvent.MTE2_MTE1, 2)
                b1_next += step_kb
                b1_in ^= 1
                for k_block in range(k_loops):
                    a1_read = (k_block // step_ka) % 2
                    b1_read = (k_block // step_kb) % 2
                    k_in_a = k_block % step_ka
                    k_in_b = k_block % step_kb
                    a1_buf = asc.LocalTensor(
                        asc.float16, asc.TPosition.A1, a1_read * a1_size * 2, a1_size
                    )
                    b1_buf = asc.LocalTensor(
                        asc.float16,
                        asc.TPosition.B1,
                        L1_PINGPONG_BYTES + b1_read * b1_size * 2,
                        b1_size,
                    )
                    a2 = asc.LocalTensor(
                        asc.float16, asc.TPosition.A2, mte1_db * L0_PINGPONG_BYTES, a2_size
                    )
                    b2 = asc.LocalTensor(
                        asc.float16, asc.TPosition.B2, mte1_db * L0_PINGPONG_BYTES, b2_size
                    )
                    asc.wait_flag(asc.HardEvent.M_MTE1, mte1_db)
                    if k_in_a == 0:
                        asc.wait_flag(asc.HardEvent.MTE2_MTE1, a1_read)
                    if k_in_b == 0:
                        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 2 + b1_read)
                    # DataLoadA / DataLoadB: L1 -> L0 with LoadData2DParamsV2
                    load_a = asc.LoadData2DParamsV2(
                        0,
                        0,
                        (cur_m_align + CUBE_BLOCK - 1) // CUBE_BLOCK,
                        (base_k + CUBE_BLOCK - 1) // CUBE_BLOCK,
                        (base_m + CUBE_BLOCK - 1) // CUBE_BLOCK,
                        (cur_m_align + CUBE_BLOCK - 1) // CUBE_BLOCK,
                        False,
                        0,
                    )
                    asc.load_data(a2, a1_buf[k_in_a * base_k * base_m :], load_a)
                    load_b = asc.LoadData2DParamsV2(
                        0,
                        0,
                        (cur_n_align + CUBE_BLOCK - 1) // CUBE_BLOCK,
                        (base_k * 2 + 31) // 32,
                        (base_n + CUBE_BLOCK - 1) // CUBE_BLOCK,
                        (cur_n_align + CUBE_BLOCK - 1) // CUBE_BLOCK,
                        False,
                        0,
                    )
                    asc.load_data(b2, b1_buf[k_in_b * base_k * base_n :], load_b)
                    if k_in_a + 1 == step_ka:
                        asc.set_flag(asc.HardEvent.MTE1_MTE2, a1_read)
                    if k_in_b + 1 == step_kb:
                        asc.set_flag(asc.HardEvent.MTE1_MTE2, 2 + b1_read)
                    # Compute
                    asc.set_flag(asc.HardEvent.MTE1_M, mte1_db)
                    asc.wait_flag(asc.HardEvent.MTE1_M, mte1_db)
                    unit_flag = 2 if k_block != k_loops - 1 else 3
                    mmad = asc.MmadParams(
                        m=cur_m,
                        n=cur_n,
                        k=base_k,
                        unit_flag=unit_flag,
                        cmatrix_source=False,
                        cmatrix_init_val=k_block == 0,
                    )
                    asc.mmad(c_local, a2, b2, mmad)
                    asc.set_flag(asc.HardEvent.M_MTE1, mte1_db)
                    mte1_db ^= 1
                    # the next L1 chunks, overlapping the computation
                    if ((k_block == 0) or (k_in_b + 1 == step_kb)) and b1_next < k_loops:
                        b1_write = asc.LocalTensor(
                            asc.float16,
                            asc.TPosition.B1,
                            L1_PINGPONG_BYTES + b1_in * b1_size * 2,
                            b1_size,
                        )
                        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2 + b1_in)
                        asc.data_copy(b1_write, b_gm[b1_next * base_k + b_src :], nd_b)
                        asc.set_flag(asc.HardEvent.MTE2_MTE1, 2 + b1_in)
                        b1_next += step_kb
                        b1_in ^= 1
                    if ((k_block == 0) or (k_in_a + 1 == step_ka)) and a1_next < k_loops:
                        a1_write = asc.LocalTensor(
                            asc.float16, asc.TPosition.A1, a1_in * a1_size * 2, a1_size
                        )
                        asc.wait_flag(asc.HardEvent.MTE1_MTE2, a1_in)
                        asc.data_copy(a1_write, a_gm[a1_next * base_k + a_src :], nd_a)
                        asc.set_flag(asc.HardEvent.MTE2_MTE1, a1_in)
                        a1_next += step_ka
                        a1_in ^= 1
                # CopyOutAic: Fixpipe CO1 -> GM (scenario 1) or the AIVs' UB (2)
                if scenario == 1:
                    out = asc.FixpipeParamsArch3510(cur_n, cur_m, cur_m_align, n_, unit_flag=3)
                    cfg = asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR, False)
                    asc.fixpipe(c_gm[m_block * base_m * n_ + n_block * base_n :], c_local, out, cfg)
                else:
                    out = asc.FixpipeParamsArch3510(
                        cur_n, (cur_m + 1) // 2 * 2, cur_m_align, cur_n, unit_flag=3, dual_dst_ctl=1
                    )
                    cfg = asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR, True)
                    asc.fixpipe(x_ub, c_local, out, cfg)
                asc.cross_core_set_flag(8, mode_id=2, pipe=asc.PipeID.PIPE_FIX)
            if asc.ascend_is_aiv():  # ProcessLoopAiv
                asc.cross_core_wait_flag(8, mode_id=0, pipe=asc.PipeID.PIPE_S)
                half_m = cur_m // 2
                sub = asc.get_sub_block_idx() % 2
                gm_offset = m_block * base_m * n_ + n_block * base_n + sub * base_m // 2 * n_
                if scenario == 1:  # GeluFromGM: the matmul's rows from GM first
                    copy_in = asc.DataCopyExtParams(half_m, cur_n * 4, (n_ - cur_n) * 4, 0, 0)
                    pad = asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0)
                    asc.data_copy_pad(x_ub, c_gm[gm_offset:], copy_in, pad)
                    asc.set_flag(asc.HardEvent.MTE2_V, 0)
                    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
                matmul_gelu_vf(x_ub, gelu_out_ub, half_m * cur_n)
                asc.set_flag(asc.HardEvent.V_MTE3, 0)
                asc.wait_flag(asc.HardEvent.V_MTE3, 0)
                copy_out = asc.DataCopyParams(half_m, cur_n * 4, 0, (n_ - cur_n) * 4)
                asc.data_copy_pad(c_gm[gm_offset:], gelu_out_ub, copy_out)
    if asc.ascend_is_aic():  # WaitAicSyncFlags
        asc.wait_flag(asc.HardEvent.M_MTE1, 0)
        asc.wait_flag(asc.HardEvent.M_MTE1, 1)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 1)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 3)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def _matmul_gelu_golden(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """gen_data.py's golden: the f32 matmul, GELU in f64 with the exponent clipped."""
    r = np.matmul(a.astype(np.float32), b.astype(np.float32)).astype(np.float64)
    e = -1.595769 * (r + 0.044715 * r**3)
    return (r / (1.0 + np.exp(np.clip(e, -88.0, 88.0)))).astype(np.float32)


def _race_summary(text: str) -> str:
    """`cross-core WAR: Fixpipe after asc_vf_call` from a race finding's first line."""
    head = text.splitlines()[0]
    match = re.search(r": (cross-core )?[\w-]+ race \((\w+)\).*?in \S+ \((\w+)\) with", head)
    op = re.search(r"block \d+: \S+ \((\w+)\)", head)
    if match is None or op is None:
        return head
    cross = "cross-core " if match.group(1) == "cross-core " else ""
    return f"{cross}{match.group(2)}: {op.group(1)} after {match.group(3)}"


_VF_RACE = re.compile(
    r"race \((\w+)\) inside (?:vector function '(\w+)'|a (__VEC_SCOPE__) region): "
    r"(?:Reg::)?(\S+) \(\w+\) \w+ UB bytes .*? that (?:Reg::)?(\S+) .*?"
    r"(LocalMemBar<MemType::\w+, MemType::\w+>)"
)


def _vf_race_summary(text: str) -> str | None:
    """`RAW in softmax_vf: LoadAlign after StoreAlign, no LocalMemBar<...>` from a race
    finding inside a vector function (None: another finding)."""
    m = _VF_RACE.search(text.splitlines()[0])
    if m is None:
        return None
    kind, vf, scope, later, earlier, bar = m.groups()
    return f"{kind} in {vf or scope}: {later} after {earlier}, no {bar}"


def run_matmul_gelu(scenario: int) -> tuple[bool, str, str | None]:
    """matmul_gelu_high_performance, SCENARIO_NUM 1 or 2: gen_data's inputs (uniform in
    [-1, 1], fp16; B given transposed), its verify_result.py rule (rtol, atol 1e-3, at
    most 1e-3 of the elements off). Race findings are reported in the detail line."""
    rng = np.random.default_rng(2026)
    a = rng.uniform(-1, 1, (MG_M, MG_K)).astype(np.float16)
    b = rng.uniform(-1, 1, (MG_K, MG_N)).astype(np.float16)
    z = np.zeros(MG_M * MG_N, np.float32)
    bt = np.ascontiguousarray(b.T)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _, cpp = reg_samples_debug._launch(
            lambda: mmad_vector_custom[MG_BLOCKS](
                a.reshape(-1), bt.reshape(-1), z, asc.ConstExpr(scenario), platform=SOC
            )
        )
    races = sorted({_race_summary(str(w.message)) for w in caught if " race (" in str(w.message)})
    golden = _matmul_gelu_golden(a, b).reshape(-1)
    bad = ~np.isclose(z, golden, rtol=1e-3, atol=1e-3, equal_nan=True)
    ratio = float(bad.mean())
    note = f"race checker: {'; '.join(races)}" if races else ""
    if ratio > 1e-3:
        first = int(np.argmax(bad))
        wrong = f"error ratio {ratio:.4f}: z[{first}] = {z[first]}, expected {golden[first]}"
        return False, f"{wrong} {note}".strip(), cpp
    return True, note, cpp


# ---------------------------------------------------------------------------
# The samples
# ---------------------------------------------------------------------------


@dataclass
class Port:
    """A sample as ported here: its vector function, dtypes, inputs and reference."""

    vf: Callable
    n: int
    make: Callable[[np.random.Generator], tuple[np.ndarray, np.ndarray, float]]
    golden: Callable[[np.ndarray, np.ndarray, float, np.ndarray], np.ndarray]
    dtype: np.dtype = field(default_factory=lambda: np.dtype(np.float32))
    out_dtype: np.dtype | None = None  # (None: dtype)
    y_dtype: np.dtype | None = None  # (None: dtype)
    # the sample's own rule instead of verify_result.py's: (z, golden) -> None when it
    # holds, else what is wrong
    check: Callable[[np.ndarray, np.ndarray], str | None] | None = None
    m_dtype: np.dtype | None = None
    """A third input's dtype: `make` returns (x, y, s, m), the vector function takes
    (x, y, m, z, n, s) through `reg_kernel_with_mask`, `golden` gets m last."""


@dataclass
class Sample:
    path: str  # under asc-devkit
    port: Port | None
    reason: str = ""  # why it is not ported
    # A sample with a kernel of its own (`tools/reg_samples_debug.py`): it runs itself
    # and returns (passed, detail, C++).
    run: Callable[[], tuple[bool, str, str | None]] | None = None


def _u(lo: float, hi: float):
    return lambda rng, n=CAPACITY: rng.uniform(lo, hi, n).astype(np.float32)


def _two(lo: float, hi: float, s: float = 0.0):
    def make(rng):
        return _u(lo, hi)(rng), _u(lo, hi)(rng), s

    return make


def _normal(rng):
    return rng.standard_normal(CAPACITY).astype(np.float32), _u(0, 1)(rng), 0.0


def _with_mask_bytes(rng):
    """select's data: x, y uniform [0, 2); 128 random mask bytes (32 a repeat) in y's
    second half (bit 4i of the bytes selects float element i)."""
    x, y = _u(0, 2)(rng), _u(0, 2)(rng)
    y.view(np.uint8)[CAPACITY * 2 : CAPACITY * 2 + 128] = rng.integers(0, 255, 128, np.uint8)
    return x, y, 0.0


def _select_golden(x, y, s, z):
    mask_bytes = y.view(np.uint8)[CAPACITY * 2 : CAPACITY * 2 + 128]
    bits = np.unpackbits(mask_bytes, bitorder="little")[::4].astype(bool)
    return _keep(z, 256, np.where(bits, x[:256], y[:256]))


def _mask_scenario_1(rng):
    src = np.zeros(CAPACITY, np.uint8)
    src[0] = 1
    src[31] = 1
    return src, np.zeros(CAPACITY, np.uint8), 0.0


def _mask_scenario_1_golden(z):
    out = z.copy()
    out[0] = 2
    out[248] = 2
    out[256 : 256 + 32] = 255
    return out


def _uint(rng, top: float, dtype) -> np.ndarray:
    """gen_data's `np.random.uniform(0, top, n).astype(dtype)` (randint for uint8)."""
    if dtype is np.uint8:
        return rng.integers(0, top, CAPACITY).astype(np.uint8)
    return rng.uniform(0, top, CAPACITY).astype(dtype)


def _subnormal_inputs() -> tuple[np.ndarray, np.ndarray]:
    """subnormal's gen_data: five (x, y) pairs of normal (N) and subnormal (S) floats,
    N/N=S, N/S=N, S/N=S, S/N=N, S/S=N, tiled over the elements."""
    x5 = np.power(2.0, [-126, -125, -130, -130, -140])
    y5 = np.array([4.0, 2.0**-127, 2.0, 2.0**-20, 2.0**-145])
    reps = CAPACITY // 5 + 1
    return np.tile(x5, reps)[:CAPACITY].astype(np.float32), np.tile(y5, reps)[:CAPACITY].astype(
        np.float32
    )


def _same_bits(z: np.ndarray, golden: np.ndarray) -> str | None:
    """subnormal scenario 1's rule: every output has the golden's bits."""
    bad = z.view(np.uint32) != golden.view(np.uint32)
    if bad.any():
        i = int(np.argmax(bad))
        return f"z[{i}] = {z.view(np.uint32)[i]:#010x}, expected {golden.view(np.uint32)[i]:#010x}"
    return None


# What PRECISION_1ULP_FTZ_TRUE gives for subnormal's five pairs (its README's table):
# a subnormal result flushed, a subnormal divisor or dividend read as 0 (x / 0 = inf,
# 0 / 0 = the NaN 0x7fffffff).
FTZ_TABLE = np.array([0x00000000, 0x7F800000, 0x00000000, 0x00000000, 0x7FFFFFFF], np.uint32)


def _ftz_differs(z: np.ndarray, golden: np.ndarray) -> str | None:
    """subnormal scenario 2's rule: its first five outputs differ from the (exact)
    golden; here also: they are the README table's."""
    first = z[:5].view(np.uint32)
    if (first == golden[:5].view(np.uint32)).any():
        return f"FTZ output {first} matches the subnormal-exact golden"
    if (first != FTZ_TABLE).any():
        return f"FTZ output {[hex(v) for v in first]}, the README's table has {[hex(v) for v in FTZ_TABLE]}"
    return None


TRAIT_N = 2048  # (the sample's 10 * 1024 int64 do not fit this harness's buffers)


def _trait_inputs(rng):
    """trait's gen_data: int64 x from uniform(1, 1000), y from uniform(1, 100) (its
    golden, (x / y).astype(int64), is the integer quotient for these)."""
    x = rng.uniform(1, 1000, CAPACITY).astype(np.int64)
    return x, rng.uniform(1, 100, CAPACITY).astype(np.int64), 0.0


def _mask_gen_inputs(rng):
    """reg_move scenario 1's cond: element 0 is 1, element 1 all ones, the rest 0."""
    cond = np.zeros(CAPACITY, np.uint32)
    cond[0], cond[1] = 0x00000001, 0xFFFFFFFF
    return cond.view(np.int32), np.zeros(CAPACITY, np.int32), 0.0


def _mask_gen_golden(x: np.ndarray) -> np.ndarray:
    """gen_data's rule: bit k of cond's first 8 bytes sets mask bits 4k .. 4k + 3."""
    bits = np.unpackbits(x.view(np.uint8)[:8], bitorder="little")
    return np.packbits(np.repeat(bits, 4), bitorder="little")


def _mask_select_inputs(rng):
    """reg_move scenario 2: x, y uniform [0, 2); m's first 32 bytes random mask bytes."""
    x, y = _u(0, 2)(rng), _u(0, 2)(rng)
    m = np.zeros(CAPACITY, np.float32)
    m.view(np.uint8)[:32] = rng.integers(0, 255, 32, np.uint8)
    return x, y, 0.0, m


def _mask_select_golden(x, y, s, z, m):
    """gen_data's rule: element i is x's where bit i % 8 of mask byte i // 8 is set."""
    bits = np.unpackbits(m.view(np.uint8)[:32], bitorder="little").astype(bool)
    return _keep(z, 256, np.where(bits, x[:256], y[:256]))


def _aranges(rng):
    """reg_load_store_align: x = y = 0, 1, ..., 1023 as halves."""
    a = np.zeros(CAPACITY, np.float16)
    a[:1024] = np.arange(1024)
    return a, a.copy(), 0.0


def _sum_1024(x, y, s, z):
    return _keep(z, 1024, x[:1024] + y[:1024])


def _auxscalar_inputs(rng):
    """reg_auxscalar: x uniform [1, 2) halves; the scalars 1.5 .. 4.5 then zeros."""
    x = rng.uniform(1, 2, CAPACITY).astype(np.float16)
    scalars = np.zeros(CAPACITY, np.float16)
    scalars[:4] = [1.5, 2.5, 3.5, 4.5]
    return x, scalars, 0.0


def _gelu(x: np.ndarray) -> np.ndarray:
    """The best-practice samples' gen_data (float32 throughout)."""
    return x / (1 + np.exp(-1.595769 * (x + 0.044715 * x**3)))


def _gelu_eltwise(x: np.ndarray) -> np.ndarray:
    g = _gelu(x)
    return np.exp(-0.5 * (g + 1) * (g + 1) + 2)


def _softmax(x: np.ndarray) -> np.ndarray:
    """softmax_high_performance's gen_data, per row of 128 (32 rows fill the buffer)."""
    rows = x.reshape(-1, SOFTMAX_R)
    e = np.exp(rows - rows.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)).reshape(-1)


def _keep(z: np.ndarray, n: int, values: np.ndarray) -> np.ndarray:
    out = z.copy()
    out[:n] = values
    return out


def _f32(x):
    return np.asarray(x, np.float32)


INTRO = "examples/01_simd_cpp_api/00_introduction/04_reg_compute"
V = f"{BASIC}/02_reg_vector_compute"
M = f"{BASIC}/00_data_movement"
P = "examples/01_simd_cpp_api/05_best_practices/02_reg_compute"
MA = "examples/01_simd_cpp_api/05_best_practices/04_memory_access"

SAMPLES: list[Sample] = [
    Sample(
        f"{INTRO}/add", Port(add_vf, 4096, _two(-10, 10), lambda x, y, s, z: _keep(z, 4096, x + x))
    ),
    Sample(
        f"{INTRO}/gelu",
        Port(
            gelu_vf,
            4000,
            _two(-10, 10),
            lambda x, y, s, z: _keep(
                z,
                4000,
                _f32(x[:4000] / (1 + np.exp(-1.595769 * x[:4000] - 0.071405 * x[:4000] ** 3))),
            ),
        ),
    ),
    Sample(
        f"{V}/abs",
        Port(abs_vf, 256, _two(-2, 2), lambda x, y, s, z: _keep(z, 256, np.abs(x[:256]))),
    ),
    Sample(
        f"{V}/muls",
        Port(muls_vf, 256, _two(1, 2, 2.0), lambda x, y, s, z: _keep(z, 256, x[:256] * _f32(s))),
    ),
    Sample(
        f"{V}/mul",
        Port(mul_vf, 1024, _two(1, 2), lambda x, y, s, z: _keep(z, 1024, x[:1024] * y[:1024])),
    ),
    Sample(
        f"{V}/duplicate",
        Port(
            duplicate_vf,
            256,
            _two(0, 1, 3.14),
            lambda x, y, s, z: _keep(z, 256, np.full(256, s, np.float32)),
        ),
    ),
    Sample(
        f"{V}/compare",
        Port(
            compare_vf,
            256,
            _two(-2, 2),
            lambda x, y, s, z: _keep(z, 256, np.maximum(x[:256], y[:256])),
        ),
    ),
    Sample(
        f"{V}/compare#compares",
        Port(
            compares_vf,
            256,
            _two(-2, 2, 0.0),
            lambda x, y, s, z: _keep(z, 256, np.where(x[:256] > s, x[:256], y[:256])),
        ),
    ),
    Sample(
        f"{V}/reduce",
        Port(
            reduce_vf,
            256,
            _two(1, 2),
            lambda x, y, s, z: _keep(z, 1, np.sum(x[:256], dtype=np.float32)),
        ),
    ),
    Sample(
        f"{V}/arange",
        Port(
            arange_vf,
            256,
            _two(0, 1),
            lambda x, y, s, z: _keep(z, 256, np.arange(256, dtype=np.float32)),
        ),
    ),
    Sample(
        f"{V}/cast",
        Port(
            cast_vf,
            256,
            lambda rng: (rng.uniform(-100, 100, CAPACITY).astype(np.float32), _u(0, 1)(rng), 0.0),
            lambda x, y, s, z: _cast_golden(x, z),
            out_dtype=np.dtype(np.uint16),
        ),
    ),
    Sample(
        f"{V}/mergemode",
        Port(
            mergemode_vf,
            200,
            lambda rng: (rng.uniform(-100, -1, CAPACITY).astype(np.float32), _u(0, 1)(rng), 0.0),
            lambda x, y, s, z: _keep(z, 1, np.float32(2.0)),
        ),
    ),
    Sample(
        f"{M}/reg_load_store_align",
        Port(ld_st_align_vf, 1000, _two(-1, 1), lambda x, y, s, z: _keep(z, 1000, x[:1000])),
    ),
    Sample(
        f"{M}/reg_load_store_align#post_update",
        Port(add_post_update_vf, 1024, _aranges, _sum_1024, dtype=np.dtype(np.float16)),
    ),
    Sample(
        f"{M}/reg_load_store_align#addr_reg",
        Port(add_addr_reg_vf, 1024, _aranges, _sum_1024, dtype=np.dtype(np.float16)),
    ),
    Sample(
        f"{M}/reg_load_store_unalign",
        Port(
            ld_st_unalign_vf,
            128,
            _two(-1, 1),
            lambda x, y, s, z: np.concatenate([z[:1], x[1:129], z[129:]]),
        ),
    ),
    Sample(
        f"{M}/reg_load_gather",
        Port(
            gather_vf,
            128,
            lambda rng: (
                rng.uniform(0, 1, CAPACITY).astype(np.float16),
                np.concatenate(
                    [rng.integers(0, 1024, 128), np.zeros(CAPACITY - 128, np.int64)]
                ).astype(np.uint16),
                0.0,
            ),
            lambda x, y, s, z: _keep(z, 128, x[y[:128].astype(np.int64)]),
            dtype=np.dtype(np.float16),
            y_dtype=np.dtype(np.uint16),
        ),
    ),
    Sample(
        f"{M}/reg_store_scatter",
        Port(
            scatter_vf,
            128,
            lambda rng: (
                rng.uniform(0, 1, CAPACITY).astype(np.float16),
                np.concatenate([np.arange(127, -1, -1), np.zeros(CAPACITY - 128, np.int64)]).astype(
                    np.uint16
                ),
                0.0,
            ),
            lambda x, y, s, z: _keep(z, 128, x[:128][::-1]),
            dtype=np.dtype(np.float16),
            y_dtype=np.dtype(np.uint16),
        ),
    ),
    Sample(
        f"{BASIC}/05_sync_control/reg_sync",
        Port(reg_sync_vf, 1024, _normal, lambda x, y, s, z: _keep(z, 1024, np.exp(x[:1024]))),
    ),
    # Not ported: what each needs that the Reg layer here does not have yet.
    Sample(f"{V}/select", Port(select_vf, 256, _with_mask_bytes, _select_golden)),
    Sample(
        f"{V}/subnormal",
        Port(
            div_ftz_false_vf,
            1024,
            lambda rng: (*_subnormal_inputs(), 0.0),
            lambda x, y, s, z: _keep(z, 1024, _f32(x[:1024].astype(np.float64) / y[:1024])),
            check=_same_bits,
        ),
    ),
    Sample(
        f"{V}/subnormal#ftz",
        Port(
            div_ftz_true_vf,
            1024,
            lambda rng: (*_subnormal_inputs(), 0.0),
            lambda x, y, s, z: _keep(z, 1024, _f32(x[:1024].astype(np.float64) / y[:1024])),
            check=_ftz_differs,
        ),
    ),
    Sample(
        f"{V}/truncate",
        Port(
            truncate_vf, 256, _two(-100, 100), lambda x, y, s, z: _keep(z, 256, np.floor(x[:256]))
        ),
    ),
    Sample(
        f"{V}/squeeze",
        Port(squeeze_vf, 256, _two(-2, 2), lambda x, y, s, z: _keep(z, 64, x[:256:4])),
    ),
    Sample(
        f"{V}/histogram",
        Port(
            histogram_vf,
            256,
            lambda rng: (_uint(rng, 256, np.uint8), np.zeros(CAPACITY, np.uint8), 0.0),
            lambda x, y, s, z: _keep(z, 256, np.bincount(x[:256], minlength=256)),
            dtype=np.dtype(np.uint8),
            out_dtype=np.dtype(np.uint16),
        ),
    ),
    Sample(
        f"{V}/data_relayout",
        Port(
            interleave_vf,
            128,
            lambda rng: (_uint(rng, 65535, np.uint16), _uint(rng, 65535, np.uint16), 0.0),
            lambda x, y, s, z: _keep(z, 256, np.stack([x[:128], y[:128]], 1).reshape(-1)),
            dtype=np.dtype(np.uint16),
        ),
    ),
    Sample(
        f"{V}/data_relayout#pack",
        Port(
            pack_vf,
            128,
            lambda rng: (_uint(rng, 0xFFFFFFFF, np.uint32), np.zeros(CAPACITY, np.uint32), 0.0),
            lambda x, y, s, z: _keep(z, 128, (x[:128] & 0xFFFF).astype(np.uint16)),
            dtype=np.dtype(np.uint32),
            out_dtype=np.dtype(np.uint16),
        ),
    ),
    Sample(
        f"{V}/reduce_block",
        Port(
            reduce_block_vf,
            256,
            _two(1, 2),
            lambda x, y, s, z: _keep(z, 32, x[:256].reshape(32, 8).sum(axis=1, dtype=np.float32)),
        ),
    ),
    Sample(
        f"{V}/reduce_pair",
        Port(
            reduce_pair_vf,
            256,
            _two(1, 2),
            lambda x, y, s, z: _keep(z, 128, x[:256:2] + x[1:256:2]),
        ),
    ),
    Sample(
        f"{V}/gather",
        Port(
            gather_reg_vf,
            128,
            lambda rng: (
                rng.uniform(0, 1, CAPACITY).astype(np.float16),
                rng.uniform(0, 128, CAPACITY).astype(np.uint16),
                0.0,
            ),
            lambda x, y, s, z: _keep(z, 128, x[y[:128].astype(np.int64)]),
            dtype=np.dtype(np.float16),
            y_dtype=np.dtype(np.uint16),
        ),
    ),
    Sample(
        f"{V}/trait",
        Port(
            trait_one_vf,
            TRAIT_N,
            _trait_inputs,
            lambda x, y, s, z: _keep(z, TRAIT_N, x[:TRAIT_N] // y[:TRAIT_N]),
            dtype=np.dtype(np.int64),
        ),
    ),
    Sample(
        f"{V}/trait#two",
        Port(
            trait_two_vf,
            TRAIT_N,
            _trait_inputs,
            # (the last pair's 32 elements past n: the same quotients)
            lambda x, y, s, z: _keep(z, TRAIT_N + 32, x[: TRAIT_N + 32] // y[: TRAIT_N + 32]),
            dtype=np.dtype(np.int64),
        ),
    ),
    Sample(
        f"{M}/reg_move",
        Port(
            mask_gen_vf,
            64,
            _mask_gen_inputs,
            lambda x, y, s, z: _keep(z, 32, _mask_gen_golden(x)),
            dtype=np.dtype(np.int32),
            out_dtype=np.dtype(np.uint8),
        ),
    ),
    Sample(
        f"{M}/reg_move#2",
        Port(
            mask_select_vf,
            256,
            _mask_select_inputs,
            _mask_select_golden,
            m_dtype=np.dtype(np.float32),
        ),
    ),
    Sample(
        f"{M}/reg_auxscalar",
        Port(
            auxscalar_vf,
            512,
            _auxscalar_inputs,
            lambda x, y, s, z: _keep(z, 512, x[:512] + np.repeat(y[:4], 128)),
            dtype=np.dtype(np.float16),
        ),
    ),
    Sample(
        f"{M}/reg_load_store_mask",
        Port(
            mask_copy_vf,
            256,
            _mask_scenario_1,
            lambda x, y, s, z: _mask_scenario_1_golden(z),
            dtype=np.dtype(np.uint8),
        ),
    ),
    Sample(f"{M}/reg_load_store_mask#2", Port(select_vf, 256, _with_mask_bytes, _select_golden)),
    Sample(
        f"{BASIC}/04_memory_management/tensor_allocation",
        None,
        run=reg_samples_debug.run_tensor_allocation,
    ),
    Sample(
        "examples/01_simd_cpp_api/01_utilities/00_printf/simd_vf_printf",
        None,
        run=reg_samples_debug.run_printf,
    ),
    Sample(
        "examples/01_simd_cpp_api/01_utilities/02_dump/simd_vf_dump",
        None,
        run=reg_samples_debug.run_dump,
    ),
    Sample(
        "examples/01_simd_cpp_api/01_utilities/03_clock",
        None,
        run=reg_samples_simt.run_clock,
    ),
    Sample(
        f"{P}/gelu_high_performance",
        Port(gelu_hp_vf, 4096, _two(-10, 10), lambda x, y, s, z: _gelu(x)),
    ),
    Sample(
        f"{P}/gelu_eltwise_high_performance",
        Port(gelu_eltwise_vf, 4096, _two(-10, 10), lambda x, y, s, z: _gelu_eltwise(x)),
    ),
    Sample(
        f"{P}/gelu_eltwise_high_performance#loop_split",
        Port(gelu_eltwise_split_vf, 4096, _two(-10, 10), lambda x, y, s, z: _gelu_eltwise(x)),
    ),
    Sample(
        f"{P}/softmax_high_performance",
        Port(softmax_vf, CAPACITY // SOFTMAX_R, _two(-5, 5), lambda x, y, s, z: _softmax(x)),
    ),
    Sample(
        f"{P}/softmax_high_performance#update_mask",
        Port(
            softmax_update_mask_vf,
            CAPACITY // SOFTMAX_R,
            _two(-5, 5),
            lambda x, y, s, z: _softmax(x),
        ),
    ),
    *(
        Sample(
            f"{MA}/bank_conflict_3510" + (f"#case{case}" if case > 1 else ""),
            None,
            run=functools.partial(run_bank_conflict, case),
        )
        for case in BANK_CASES
    ),
    *(
        Sample(
            f"{MA}/bank_conflict_nd2nz" + (f"#scenario{sc}" if sc > 1 else ""),
            None,
            run=functools.partial(run_nd2nz, sc),
        )
        for sc in (1, 2)
    ),
    *(
        Sample(
            "examples/01_simd_cpp_api/05_best_practices/03_fusion_compute/"
            "matmul_gelu_high_performance" + ("#ub_direct" if sc == 2 else ""),
            None,
            run=functools.partial(run_matmul_gelu, sc),
        )
        for sc in (1, 2)
    ),
]


def _keep_strided(z: np.ndarray, values: np.ndarray, stride: int) -> np.ndarray:
    out = z.copy()
    out[: len(values) * stride : stride] = values
    return out


def _cast_golden(x: np.ndarray, z: np.ndarray) -> np.ndarray:
    """cast scenario 2: round half away from zero, saturated to int16, in z[0:256]."""
    r = np.sign(x[:256]) * np.floor(np.abs(x[:256].astype(np.float64)) + 0.5)
    out = z.copy()
    out[:256] = np.clip(r, -32768, 32767).astype(np.int16).view(np.uint16)
    return out


# ---------------------------------------------------------------------------
# Running them
# ---------------------------------------------------------------------------


@dataclass
class Outcome:
    sample: Sample
    passed: bool = False
    detail: str = ""
    cpp: str | None = None
    header: str = "-"  # PASS, FAIL or - (nothing to check)


def _dtype_of(d: np.dtype):
    return {
        np.dtype(np.float32): asc.float32,
        np.dtype(np.float16): asc.float16,
        np.dtype(np.int16): asc.int16,
        np.dtype(np.int32): asc.int32,
        np.dtype(np.int64): asc.int64,
        np.dtype(np.uint16): asc.uint16,
        np.dtype(np.uint32): asc.uint32,
        np.dtype(np.uint8): asc.uint8,
        np.dtype(np.int8): asc.int8,
    }[np.dtype(d)]


def run_sample(sample: Sample, seed: int = 0) -> Outcome:
    """Run one ported sample on the simulator (and keep its C++ for the header check)."""
    out = Outcome(sample)
    if sample.run is not None:
        try:
            out.passed, out.detail, out.cpp = sample.run()
        except Exception as e:  # a sample that does not compile or run: its message
            out.detail = f"{type(e).__name__}: {e}"
        return out
    port = sample.port
    if port is None:
        out.detail = f"not ported: {sample.reason}"
        return out
    rng = np.random.default_rng(seed)
    x, y, s, *extra = port.make(rng)
    out_dtype = port.out_dtype or port.dtype
    z0 = np.zeros(CAPACITY, out_dtype)
    z = z0.copy()
    with tempfile.TemporaryDirectory() as dump:
        previous = os.environ.get("ASC_XDSL_DUMP_DIR")
        os.environ["ASC_XDSL_DUMP_DIR"] = dump
        try:
            if port.m_dtype is not None:
                reg_kernel_with_mask[1](
                    x, y, extra[0], z, port.n, s, asc.ConstExpr(port.vf),
                    asc.ConstExpr(_dtype_of(port.dtype)),
                    asc.ConstExpr(_dtype_of(port.m_dtype)),
                    asc.ConstExpr(_dtype_of(out_dtype)), platform=SOC,
                )  # fmt: skip
            else:
                reg_kernel[1](
                    x, y, z, port.n, s, asc.ConstExpr(port.vf),
                    asc.ConstExpr(_dtype_of(port.dtype)),
                    asc.ConstExpr(_dtype_of(port.y_dtype or port.dtype)),
                    asc.ConstExpr(_dtype_of(out_dtype)), platform=SOC,
                )  # fmt: skip
        except Exception as e:  # a sample that does not compile or run: its message
            out.detail = f"{type(e).__name__}: {e}"
            return out
        finally:
            if previous is None:
                os.environ.pop("ASC_XDSL_DUMP_DIR", None)
            else:
                os.environ["ASC_XDSL_DUMP_DIR"] = previous
        cpps = sorted(Path(dump).rglob("*.cpp"))
        out.cpp = cpps[-1].read_text() if cpps else None
    golden = port.golden(x, y, s, z0, *extra)
    if port.check is not None:
        wrong = port.check(z, golden)
        out.passed = wrong is None
        out.detail = wrong or ""
        return out
    bad = ~np.isclose(z, golden, rtol=RTOL, atol=ATOL, equal_nan=True)
    ratio = float(bad.mean())
    out.passed = ratio <= ERROR_TOL
    if not out.passed:
        first = int(np.argmax(bad))
        out.detail = f"error ratio {ratio:.4f}: z[{first}] = {z[first]}, expected {golden[first]}"
    return out


def header_check(outcomes: list[Outcome], jobs: int = 2) -> None:
    """`check_headers --arch 3510` of every port's C++ (PASS / FAIL on each outcome)."""
    from tools.check_headers import Checker, HeadersMissing, Source, find_headers

    todo = [o for o in outcomes if o.cpp is not None]
    if not todo:
        return
    try:
        headers = find_headers()
    except HeadersMissing as e:
        for o in todo:
            o.header = f"not checked ({e})"
        return
    sources = [Source(o.sample.path, o.cpp) for o in todo]
    with Checker(headers, "g++", len(sources) > 2, "3510") as checker:
        results = checker.check_all(sources, jobs)
    by_name = {r.source.name: r for r in results}
    for o in todo:
        r = by_name[o.sample.path]
        o.header = r.status
        if r.status != "PASS":
            o.detail = (o.detail + " " if o.detail else "") + r.message.splitlines()[0]


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    if "ASC_XDSL_ASC_DEVKIT" not in os.environ:
        print("reg_samples: ASC_XDSL_ASC_DEVKIT is not set (the asc-devkit checkout)")
        return 2
    devkit = Path(os.environ["ASC_XDSL_ASC_DEVKIT"])
    chosen = [s for s in SAMPLES if not words or any(w in s.path for w in words)]
    outcomes = []
    for sample in chosen:
        directory = devkit / sample.path.split("#")[0]
        if not directory.is_dir():
            outcomes.append(Outcome(sample, detail=f"not in this asc-devkit ({directory})"))
            continue
        # the race checker's findings inside a vector function go into the sample's line
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = run_sample(sample)
        races = []
        for w in caught:
            found = _vf_race_summary(str(w.message))
            if found is None:
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
            elif found not in races:
                races.append(found)
        if races:
            note = "race checker: " + "; ".join(races)
            out.detail = f"{out.detail} {note}" if out.detail else note
        outcomes.append(out)
    header_check(outcomes)
    for o in outcomes:
        status = "PASS" if o.passed else "FAIL"
        note = f"  {o.detail}" if o.detail else ""
        print(f"{status} {o.sample.path} [headers: {o.header}]{note}")
    # A sample is its directory: it passes (is header-clean) when all its ports do.
    by_dir: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_dir.setdefault(o.sample.path.split("#")[0], []).append(o)
    n = len(by_dir)
    passed = sum(all(o.passed for o in group) for group in by_dir.values())
    clean = sum(all(o.header == "PASS" for o in group) for group in by_dir.values())
    print(f"asc-devkit reg samples: {passed}/{n} pass, {clean}/{n} header-clean (3510)")
    return 0 if passed == n else 1


if __name__ == "__main__":
    sys.exit(main())
