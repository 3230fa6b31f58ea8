"""SIMT vector functions of Ascend 950 (`@asc.simt.vf`, `ascendc.simt.*`): the numbers each
op gives on the simulator against numpy, the C++ (header-checked for 3510 by
test_headers.py through tests/filecheck/simt/emit.mlir), the IR's round trip, and the located errors for misuse.

(test_spec_ops.py round-trips and prints every op's sample, these ones' too; the
asc-devkit sample 03_clock is `tools/reg_samples.py`'s.)
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from xdsl.parser import Parser

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.frontend.jit import jit

SOC = "Ascend950PR_9599"
X, Y, Z = 8, 4, 2  # the thread block of the index test
THREADS = X * Y * Z
BLOCKS = 3


@asc.simt.vf(launch_bounds=THREADS)
def indices(out: asc.simt.Pointer):
    """Each thread writes its indices and the dims into 8 words of `out`."""
    tx, ty, tz = asc.simt.thread_idx.x, asc.simt.thread_idx.y, asc.simt.thread_idx.z
    linear = tx + ty * asc.simt.block_dim.x + tz * asc.simt.block_dim.x * asc.simt.block_dim.y
    base = (asc.simt.block_idx.x * THREADS + linear) * 8
    out[base] = tx
    out[base + 1] = ty
    out[base + 2] = tz
    out[base + 3] = asc.simt.block_idx.x + asc.simt.block_idx.y + asc.simt.block_idx.z
    out[base + 4] = asc.simt.block_dim.x * 100 + asc.simt.block_dim.y * 10 + asc.simt.block_dim.z
    out[base + 5] = asc.simt.grid_dim.x
    out[base + 6] = asc.simt.grid_dim.y * 10 + asc.simt.grid_dim.z
    out[base + 7] = linear


@jit
def index_kernel(out: asc.GlobalAddress):
    indices[X, Y, Z](out)


@asc.simt.vf
def gather_scale(src: asc.simt.Pointer, index: asc.simt.Pointer, ub: asc.simt.Pointer, s: float):
    """ub[t] = src[index[t]] * s (GM reads, a UB write), then ub[t] read back + 1."""
    t = asc.simt.thread_idx.x
    ub[t] = src[index[t]] * s
    ub[t] = ub[t] + 1.0


@asc.simt.vf(launch_bounds=64)
def clocks(out: asc.simt.Pointer):
    t = asc.simt.thread_idx.x
    a = asc.simt.clock()
    b = asc.simt.clock()
    out[2 * t] = a
    out[2 * t + 1] = b
    if t == 0:
        asc.simt.printf("[simt] t=%u n=%u\n", t, asc.simt.block_dim.x)


@jit
def gather_kernel(
    x: asc.GlobalAddress, idx: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr, s: float
):
    ub = asc.LocalMemAllocator()
    buf = ub.alloc(asc.TPosition.VECCALC, z.dtype, 256)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.data_copy(buf, zg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    gather_scale[n](x, idx, buf, s)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, buf, 256)


@jit
def clock_kernel(out: asc.GlobalAddress):
    clocks[64](out)


def test_thread_indices_and_dims_against_numpy():
    out = np.zeros(BLOCKS * THREADS * 8, np.uint32)
    index_kernel[BLOCKS](out, platform=SOC)
    got = out.reshape(BLOCKS, THREADS, 8)
    linear = np.arange(THREADS)
    tx, ty, tz = linear % X, (linear // X) % Y, linear // (X * Y)
    for b in range(BLOCKS):
        expected = np.stack(
            [
                tx,
                ty,
                tz,
                np.full(THREADS, b),
                np.full(THREADS, X * 100 + Y * 10 + Z),
                np.full(THREADS, BLOCKS),
                np.full(THREADS, 11),
                linear,
            ],
            axis=1,
        )
        np.testing.assert_array_equal(got[b], expected)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_gm_gather_and_ub_read_write_against_numpy(dtype):
    rng = np.random.default_rng(1)
    n = 200
    x = rng.uniform(-4, 4, 1000).astype(dtype)
    idx = rng.integers(0, 1000, n).astype(np.uint32)
    z = np.full(256, 7, dtype)
    gather_kernel[1](x, idx, z, asc.ConstExpr(n), 0.5, platform=SOC)
    expected = np.full(256, 7, dtype)
    expected[:n] = (x[idx] * dtype(0.5)).astype(dtype) + dtype(1.0)
    np.testing.assert_array_equal(z, expected)


def test_clock_is_monotonic_and_printf_prints_per_thread(capsys):
    out = np.zeros(128, np.uint64)
    clock_kernel[1](out, platform=SOC)
    assert capsys.readouterr().out == "[simt] t=0 n=64\n"  # (thread 0 only, no prefix)
    assert out[0] > 0 and np.all(np.diff(out.astype(np.int64)) > 0), out[:8]


def test_cpp_and_round_trip():
    """(The header check of this C++: tests/filecheck/simt/emit.mlir in test_headers.py.)"""
    x = np.zeros(1000, np.float32)
    compiled = gather_kernel.compile(
        x, np.zeros(8, np.uint32), x, asc.ConstExpr(64), 2.0, soc_version=SOC
    )
    cpp = compiled.asm["ascendc"]
    for text in (
        '#include "simt_api/common_functions.h"',
        "__simt_vf__ __launch_bounds__(1024) inline void gather_scale(__gm__ float* src, "
        "__gm__ uint32_t* index, __ubuf__ float* ub, float s) {",
        "uint32_t t = threadIdx.x;",
        "asc_vf_call<gather_scale>(dim3(64, 1, 1), x, idx, ",
    ):
        assert text in cpp, cpp
    assert re.search(r"float \w+ = src\[\w+\];\n.*\n\s+ub\[\w+\] = \w+;", cpp), cpp
    more = clock_kernel.compile(np.zeros(128, np.uint64), soc_version=SOC).asm["ascendc"]
    for text in (
        '#include "utils/debug/asc_time.h"',
        '#include "utils/debug/asc_printf.h"',
        "__simt_vf__ __launch_bounds__(64) inline void clocks(",
        "uint64_t a = __asc_simt_vf::clock();",
        '__asc_simt_vf::printf("[simt] t=%u n=%u\\n", t, ',
    ):
        assert text in more, more
    text = compiled.asm["ir"]
    assert "ascendc.simt_vf = 1024 : i32" in text and "ascendc.simt.vf_call" in text
    ctx = make_context()
    module = Parser(ctx, text).parse_module()
    module.verify()
    assert str(Parser(ctx, str(module)).parse_module()) == str(module)


# ---------------------------------------------------------------------------
# Misuse: located errors
# ---------------------------------------------------------------------------


@asc.simt.vf(launch_bounds=64)
def small(z: asc.simt.Pointer):
    z[asc.simt.thread_idx.x] = 1.0


@asc.simt.vf
def kernel_api_inside(z: asc.simt.Pointer):
    z[asc.simt.thread_idx.x] = asc.get_block_idx()


@jit
def misuse(z: asc.GlobalAddress, case: asc.ConstExpr):
    if case == "ok":
        small[64](z)
    elif case == "outside":
        asc.simt.thread_idx.x  # noqa: B018
    elif case == "no dims":
        small(z)
    elif case == "api inside":
        kernel_api_inside[32](z)
    elif case == "zero":
        small[0](z)
    elif case == "too many":
        small[64, 64](z)
    elif case == "over bound":
        small[128](z)
    elif case == "bad arg":
        small[32](True)


@pytest.mark.parametrize(
    ("case", "line", "message"),
    [
        ("outside", "asc.simt.thread_idx.x  # noqa", "a SIMT op must be inside a SIMT vector"),
        ("no dims", "small(z)", r"small is started with its thread dims: small\[x\]"),
        ("api inside", "= asc.get_block_idx()", "'ascendc.get_block_idx' inside SIMT vector"),
        ("zero", "small[0](z)", r"dim3\(0, 1, 1\) must be 1 or more in each dimension"),
        ("too many", "small[64, 64](z)", "4096 threads, more than the 2048 an asc_vf_call"),
        ("over bound", "small[128](z)", "128 threads, more than small's launch_bounds=64"),
        ("bad arg", "small[32](True)", "argument 'z' is bool"),
    ],
)
def test_misuse_is_a_located_error(case, line, message):
    z = np.zeros(64, np.float32)
    with pytest.raises(CompileError, match=message) as err:
        misuse.compile(z, asc.ConstExpr(case), soc_version=SOC)
    assert line in str(err.value) and "^" in str(err.value)


def test_simt_on_2201_is_a_located_error(monkeypatch):
    monkeypatch.delenv("ASC_XDSL_SOC_VERSION", raising=False)
    monkeypatch.delenv("ASC_XDSL_PLATFORM", raising=False)
    z = np.zeros(64, np.float32)
    with pytest.raises(CompileError, match=r"SIMT \(__simt_vf__\) exists on Ascend 950") as err:
        misuse.compile(z, asc.ConstExpr("ok"), soc_version="Ascend910B1")
    assert "small[64](z)" in str(err.value) and "select an Ascend 950 SoC" in str(err.value)


def test_ir_verifier_refuses_bad_dims_and_callee():
    base = (
        'builtin.module attributes {ascendc.soc = "Ascend950"} {\n'
        "  func.func @f(%p: memref<?xf32, 22 : i64>) attributes {ascendc.simt_vf = 64 : i32} {\n"
        "    func.return\n  }\n"
        "  func.func @g(%p: memref<?xf32, 22 : i64>) {\n    func.return\n  }\n"
        "  func.func @k(%p: memref<?xf32, 22 : i64>) attributes {ascendc.global} {\n"
        "    ascendc.simt.vf_call (%p : memref<?xf32, 22 : i64>) {callee = @CALLEE, "
        "dim_x = DX : i32, dim_y = 1 : i32, dim_z = 1 : i32}\n"
        "    func.return\n  }\n}\n"
    )
    ctx = make_context()
    for callee, dx, message in (
        ("f", 65, r"65 threads, more than @f's __launch_bounds__\(64\)"),
        ("f", 0, "must be 1 or more"),
        ("g", 32, "@g is not a SIMT vector function"),
    ):
        text = base.replace("CALLEE", callee).replace("DX", str(dx))
        with pytest.raises(Exception, match=message):
            Parser(ctx, text).parse_module().verify()
    Parser(ctx, base.replace("CALLEE", "f").replace("DX", "64")).parse_module().verify()


@asc.simt.vf(launch_bounds=64)
def accumulate(src: asc.simt.Pointer, ub: asc.simt.Pointer):
    t = asc.simt.thread_idx.x
    ub[t] = src[t] + ub[t]


@jit
def unflagged(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """The seeded bug: the SIMT call reads what DataCopy wrote, no MTE2 -> V flag."""
    buf = asc.LocalMemAllocator().alloc(asc.TPosition.VECCALC, asc.float32, 64)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.data_copy(buf, zg, 64)
    accumulate[64](x, buf)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, buf, 64)


def test_race_checker_and_insert_sync_see_the_call_as_a_v_access():
    from asc_xdsl.runtime.simulator.sanitizer import RaceError

    x, z = np.ones(64, np.float32), np.arange(64, dtype=np.float32)
    with pytest.raises(RaceError, match=r"ascendc.simt.vf_call .*\(RAW\).*MTE2_V"):
        unflagged[1](x, z.copy(), platform=SOC, sanitize=True)
    cpp = unflagged.compile(x, z, soc_version=SOC, insert_sync=True).asm["ascendc"]
    flag = cpp.index("AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>")
    assert flag < cpp.index("asc_vf_call<accumulate>(dim3(64, 1, 1), x, ")
    out = z.copy()
    unflagged[1](x, out, platform=SOC, sanitize=True, insert_sync=True)
    np.testing.assert_array_equal(out, z + 1)
