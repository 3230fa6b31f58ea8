"""The Reg samples `tools/reg_samples.py` runs with kernels of their own: printf and
asc_dump inside a vector function (checked by what they print) and tensor_allocation
(LocalMemAllocator and a vector function in one kernel).

Each `run_*` returns (passed, detail, C++ of the kernel). A printing sample passes when
its printout is the one the sample prints on a device, which this file writes down
from the sample's README (simd_vf_printf) or from the print format of the debug API
pages (simd_vf_dump: `DumpTensor: desc=..., addr=..., data_type=..., position=...,
dump_size=...` then the values; a vector function's records print without the
`[AIV Block i/N]` prefix the kernel's have).
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

import asc_xdsl as asc
from asc_xdsl.frontend.jit import jit

SOC = "Ascend950PR_9599"


def _launch(kernel: Callable[[], None]) -> tuple[str, str | None]:
    """Run `kernel()` (a launch) capturing what it prints; (printout, its C++)."""
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as dump:
        previous = os.environ.get("ASC_XDSL_DUMP_DIR")
        os.environ["ASC_XDSL_DUMP_DIR"] = dump
        try:
            with contextlib.redirect_stdout(out):
                kernel()
        finally:
            if previous is None:
                os.environ.pop("ASC_XDSL_DUMP_DIR", None)
            else:
                os.environ["ASC_XDSL_DUMP_DIR"] = previous
        cpps = sorted(Path(dump).rglob("*.cpp"))
        cpp = cpps[-1].read_text() if cpps else None
    return out.getvalue(), cpp


def _compare(got: str, expected: str) -> str:
    """'' when the printouts are the same, else the first line that differs."""
    g, e = got.splitlines(), expected.splitlines()
    for i, (a, b) in enumerate(zip(g, e, strict=False)):
        if a != b:
            return f"line {i + 1}: printed {a!r}, expected {b!r}"
    if len(g) != len(e):
        return f"printed {len(g)} lines, expected {len(e)}"
    return ""


# ---------------------------------------------------------------------------
# 01_utilities/00_printf/simd_vf_printf
# ---------------------------------------------------------------------------

ADD_DATA_LEN = 16
PRINT_COUNT = 1


@asc.vf
def simd_vf_print_format():
    asc.reg.printf("[simd_vf] int=%d, uint=%u, float=%f, string=%s\n", 10, 20, 3.14, "hello")


@asc.vf
def simd_vf_print_hex_ptr():
    asc.reg.printf("[simd_vf] hex=%x, ptr=%p\n", 255, 0x12FF)


@asc.vf
def simd_vf_print_str():
    asc.reg.printf("[simd_vf] This is a simd_vf printf demo string.\n")


@asc.vf
def simd_vf_print_add(x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, count: int):
    for i in range(count):
        asc.reg.printf("[simd_vf] add[%u]: %f + %f = %f\n", i, x[i], y[i], z[i])


@jit
def simd_vf_printf_kernel():
    asc.printf("[aicore] simd_vf printf demo start ...\n")
    asc.printf("[aicore] blockIdx=%u\n", asc.get_block_idx())
    simd_vf_print_format()
    simd_vf_print_hex_ptr()
    simd_vf_print_str()
    # SimdVfAddTensorDemo: fixed inputs in static UB tensors, Add, printed by the VF
    ub = asc.LocalMemAllocator()
    x = ub.alloc(asc.TPosition.VECIN, asc.float32, ADD_DATA_LEN)
    y = ub.alloc(asc.TPosition.VECIN, asc.float32, ADD_DATA_LEN)
    z = ub.alloc(asc.TPosition.VECIN, asc.float32, ADD_DATA_LEN)
    asc.duplicate(x, 1.25, ADD_DATA_LEN)
    asc.duplicate(y, 10.0, ADD_DATA_LEN)
    asc.add(z, x, y, ADD_DATA_LEN)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    simd_vf_print_add(x, y, z, PRINT_COUNT)
    asc.printf("[aicore] simd_vf printf demo end ...\n")
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


PRINTF_EXPECTED = """\
[AIV Block 0/1] [aicore] simd_vf printf demo start ...
[AIV Block 0/1] [aicore] blockIdx=0
[simd_vf] int=10, uint=20, float=3.140000, string=hello
[simd_vf] hex=ff, ptr=0x12ff
[simd_vf] This is a simd_vf printf demo string.
[simd_vf] add[0]: 1.250000 + 10.000000 = 11.250000
[AIV Block 0/1] [aicore] simd_vf printf demo end ...
"""
"""The sample README's printout (its execution result)."""


def run_printf() -> tuple[bool, str, str | None]:
    printed, cpp = _launch(lambda: simd_vf_printf_kernel[1](platform=SOC))
    problem = _compare(printed, PRINTF_EXPECTED)
    return not problem, problem, cpp


# ---------------------------------------------------------------------------
# 01_utilities/02_dump/simd_vf_dump
# ---------------------------------------------------------------------------

DATA_LEN = 32
REG_COUNT = 32


@asc.vf
def dump_ubuf_data(x: asc.reg.UbPointer):
    asc.reg.dump_ubuf(x, 5, 32)
    asc.reg.dump(x, 5, 16)


@asc.vf
def dump_reg_data(x: asc.reg.UbPointer):
    _mask, _ = asc.reg.update_mask(REG_COUNT, x.dtype)  # (unused, as in the sample)
    src = asc.reg.load_align(x)
    every = asc.reg.create_mask(x.dtype)
    src = asc.reg.duplicate(3.0, every, x.dtype)
    asc.reg.dump_reg(src, 5, 32)
    src = asc.reg.duplicate(4.0, every, x.dtype)
    asc.reg.dump(src, 5, 16)


@asc.vf
def dump_modified_ubuf(x: asc.reg.UbPointer):
    asc.reg.dump(x, 5, 32)


@jit
def simd_vf_dump_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    gm_input = asc.GlobalTensor()
    gm_output = asc.GlobalTensor()
    gm_input.set_global_buffer(x, DATA_LEN)
    gm_output.set_global_buffer(z, DATA_LEN)
    ub = asc.LocalMemAllocator()
    ub_input = ub.alloc(asc.TPosition.VECIN, asc.float32, DATA_LEN)
    asc.data_copy(ub_input, gm_input, DATA_LEN)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.printf("[aicore] simd_vf dump demo start ...\n")
    asc.printf("========== UB data (asc_dump_ubuf + asc_dump) ==========\n")
    dump_ubuf_data(ub_input)
    asc.printf("========== Register data (asc_dump_reg + asc_dump) ==========\n")
    dump_reg_data(ub_input)
    asc.printf("========== UB data (asc_dump) ==========\n")
    dump_modified_ubuf(ub_input)
    asc.adds(ub_input, ub_input, 1.0, DATA_LEN)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gm_output, ub_input, DATA_LEN)
    asc.printf("[aicore] simd_vf dump demo end ...\n")
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def _values(values) -> str:
    return "[" + ", ".join(f"{float(v):f}" for v in values) + "]"


def _dump_record(addr: int, position: str, values) -> str:
    head = (
        f"DumpTensor: desc=5, addr={addr}, data_type=float32, position={position}, "
        f"dump_size={len(values)}"
    )
    return f"{head}\n{_values(values)}\n"


def dump_expected(x: np.ndarray) -> str:
    """The sample's printout: its printf lines, the UB dumps at UB address 0 (the
    allocator's first tensor), the register dumps at addr 0, position REG."""
    aiv = "[AIV Block 0/1] "
    return "".join(
        [
            f"{aiv}[aicore] simd_vf dump demo start ...\n",
            f"{aiv}========== UB data (asc_dump_ubuf + asc_dump) ==========\n",
            _dump_record(0, "UB", x[:32]),
            _dump_record(0, "UB", x[:16]),
            f"{aiv}========== Register data (asc_dump_reg + asc_dump) ==========\n",
            _dump_record(0, "REG", np.full(32, 3.0)),
            _dump_record(0, "REG", np.full(16, 4.0)),
            f"{aiv}========== UB data (asc_dump) ==========\n",
            _dump_record(0, "UB", x[:32]),
            f"{aiv}[aicore] simd_vf dump demo end ...\n",
        ]
    )


def run_dump() -> tuple[bool, str, str | None]:
    x = np.linspace(0, DATA_LEN - 1, DATA_LEN, dtype=np.float32)  # scripts/gen_data.py
    z = np.zeros(DATA_LEN, np.float32)
    printed, cpp = _launch(lambda: simd_vf_dump_kernel[1](x, z, platform=SOC))
    problem = _compare(printed, dump_expected(x))
    golden = x + 1.0
    if not problem and not np.allclose(z, golden, rtol=1e-4, atol=1e-5):
        first = int(np.argmax(~np.isclose(z, golden, rtol=1e-4, atol=1e-5)))
        problem = f"z[{first}] = {z[first]}, expected {golden[first]}"
    return not problem, problem, cpp


# ---------------------------------------------------------------------------
# 03_basic_api/04_memory_management/tensor_allocation (scenario 4: Reg)
# ---------------------------------------------------------------------------

TOTAL_LENGTH = 1024


@asc.vf
def add_vf(
    x: asc.reg.UbPointer, y: asc.reg.UbPointer, z: asc.reg.UbPointer, repeat: int, size: int
):
    mask = asc.reg.create_mask(x.dtype, asc.reg.MaskPattern.ALL)
    for i in range(repeat):
        xr = asc.reg.load_align(x, i * size)
        yr = asc.reg.load_align(y, i * size)
        asc.reg.store_align(z, asc.reg.add(yr, xr, mask), mask, i * size)


@jit
def tensor_allocate_custom(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    x_global = asc.GlobalTensor()
    y_global = asc.GlobalTensor()
    z_global = asc.GlobalTensor()
    x_global.set_global_buffer(x, TOTAL_LENGTH)
    y_global.set_global_buffer(y, TOTAL_LENGTH)
    z_global.set_global_buffer(z, TOTAL_LENGTH)
    ub = asc.LocalMemAllocator()
    x_local = ub.alloc(asc.TPosition.VECIN, asc.float32, TOTAL_LENGTH)
    y_local = ub.alloc(asc.TPosition.VECIN, asc.float32, TOTAL_LENGTH)
    z_local = ub.alloc(asc.TPosition.VECIN, asc.float32, TOTAL_LENGTH)
    asc.data_copy(x_local, x_global, TOTAL_LENGTH)
    asc.data_copy(y_local, y_global, TOTAL_LENGTH)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    one_repeat = asc.reg.lanes(asc.float32)
    add_vf(x_local, y_local, z_local, asc.ceildiv(TOTAL_LENGTH, one_repeat), one_repeat)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_global, z_local, TOTAL_LENGTH)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def run_tensor_allocation() -> tuple[bool, str, str | None]:
    i = np.arange(TOTAL_LENGTH)
    x = ((i % 100) * np.float32(0.1)).astype(np.float32)  # the sample's main()
    y = (((i + 50) % 100) * np.float32(0.2)).astype(np.float32)
    z = np.zeros(TOTAL_LENGTH, np.float32)
    _, cpp = _launch(lambda: tensor_allocate_custom[1](x, y, z, platform=SOC))
    bad = np.abs(z - (x + y)) > 1e-3  # VerifyResult's tolerance
    if bad.any():
        first = int(np.argmax(bad))
        return False, f"z[{first}] = {z[first]}, expected {x[first] + y[first]}", cpp
    return True, "", cpp
