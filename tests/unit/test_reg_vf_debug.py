"""Inside a vector function (Ascend 950): printf, asc_dump and `ptr[i]` (their records,
C++ and round trip), the SoC a Reg kernel is compiled for, the one vector length, and
the UB accesses of an `asc_vf_call` as insert-sync and the race checker see them.

(test_spec_ops.py round-trips and prints every op's sample, these ones' too; the whole
asc-devkit samples are `tools/reg_samples.py`'s.)
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from xdsl.parser import Parser

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.frontend.jit import jit
from asc_xdsl.runtime.simulator.sanitizer import SanitizerWarning

SOC = "Ascend950PR_9599"
N = 64  # f32 elements of one register


@asc.vf
def show(x: asc.reg.UbPointer, n: int):
    asc.reg.printf("[vf] x[1]=%f n=%d %s %x p=%p\n", x[1], n, "str%", 255, 0x12FF)
    asc.reg.dump_ubuf(x, 7, 3)
    asc.reg.dump(asc.reg.duplicate(2.5, asc.reg.create_mask(x.dtype), x.dtype), 8, 2)


@asc.vf
def plus_one(x: asc.reg.UbPointer, z: asc.reg.UbPointer, n: int):
    mask = asc.reg.create_mask(x.dtype)
    for i in range(n // N):
        r = asc.reg.adds(asc.reg.load_align(x, i * N), 1.0, mask)
        asc.reg.store_align(z, r, mask, i * N)


@jit
def debug_kernel(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ub = asc.LocalMemAllocator()
    xl = ub.alloc(asc.TPosition.VECIN, asc.float32, N)
    asc.data_copy(xl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.printf("[aicore] go\n")
    show(xl, n)


@jit
def copy_plus_one(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """The seeded bug: the vector function reads what DataCopy wrote, no MTE2 -> V flag."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    ub = asc.LocalMemAllocator()
    xl = ub.alloc(asc.TPosition.VECIN, asc.float32, 2 * N)
    zl = ub.alloc(asc.TPosition.VECOUT, asc.float32, 2 * N)
    asc.data_copy(xl, xg, 2 * N)
    plus_one(xl, zl, 2 * N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 2 * N)


def test_printf_dump_records_cpp_and_round_trip(capsys):
    x = np.arange(N, dtype=np.float32) / 4
    debug_kernel[1](x, 42, platform=SOC)
    assert capsys.readouterr().out == (
        "[AIV Block 0/1] [aicore] go\n"
        "[vf] x[1]=0.250000 n=42 str% ff p=0x12ff\n"
        "DumpTensor: desc=7, addr=0, data_type=float32, position=UB, dump_size=3\n"
        "[0.000000, 0.250000, 0.500000]\n"
        "DumpTensor: desc=8, addr=0, data_type=float32, position=REG, dump_size=2\n"
        "[2.500000, 2.500000]\n"
    )
    compiled = debug_kernel.compile(x, 42, soc_version=SOC)
    cpp = compiled.asm["ascendc"]
    assert '#include "utils/debug/asc_printf.h"' in cpp
    assert '#include "utils/debug/asc_dump.h"' in cpp
    assert '__ubuf__ const char* fmt = "[vf] x[1]=%f n=%d str%% %x p=%p\\n";' in cpp
    load = re.search(r"float (\w+) = x\[c1_i32\];", cpp)
    assert load is not None
    assert f"__asc_simd_vf::printf(fmt, {load[1]}, n, c255_i32, (void*)(uintptr_t)(" in cpp
    assert "__asc_simd_vf::asc_dump_ubuf<float>(x + " in cpp
    assert "__asc_simd_vf::asc_dump<float>(" in cpp
    text = compiled.asm["ir"]
    ctx = make_context()
    module = Parser(ctx, text).parse_module()
    module.verify()
    assert str(Parser(ctx, str(module)).parse_module()) == str(module)
    for op in ("reg.printf", "reg.load_scalar", "reg.dump_ubuf", "reg.dump_reg"):
        assert f"ascendc.{op} " in text or f"ascendc.{op}(" in text


def test_dump_reg_beyond_the_register_and_bad_source_are_refused():
    @asc.vf
    def too_many(x: asc.reg.UbPointer, n: int):
        asc.reg.dump_reg(asc.reg.load_align(x), 1, N + 1)

    @asc.vf
    def not_a_register(x: asc.reg.UbPointer, n: int):
        asc.reg.dump_reg(x, 1, 4)

    @jit
    def k(x: asc.GlobalAddress, n: int, vf: asc.ConstExpr):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        xl = asc.LocalMemAllocator().alloc(asc.TPosition.VECIN, asc.float32, N)
        asc.data_copy(xl, xg, N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        vf(xl, n)

    x = np.zeros(N, np.float32)
    with pytest.raises(Exception, match=r"dump_size 65 is more than the register's 64"):
        k[1](x, 0, asc.ConstExpr(too_many), platform=SOC)
    with pytest.raises(CompileError, match=r"src must be a RegTensor, got UbPointer") as err:
        k.compile(x, 0, asc.ConstExpr(not_a_register), soc_version=SOC)
    assert "asc.reg.dump_reg(x, 1, 4)\n" in str(err.value) and "^" in str(err.value)


def test_reg_kernel_keeps_the_selected_soc(monkeypatch):
    x = np.zeros(2 * N, np.float32)
    monkeypatch.delenv("ASC_XDSL_SOC_VERSION", raising=False)
    monkeypatch.delenv("ASC_XDSL_PLATFORM", raising=False)
    for given, what in ((None, "Ascend910B (Atlas A2/A3, the default"), ("Ascend910B1", "")):
        kw = {} if given is None else {"soc_version": given}
        with pytest.raises(CompileError, match="exists on Ascend 950") as err:
            copy_plus_one.compile(x, x, **kw)
        message = str(err.value)
        assert what in message and "select an Ascend 950 SoC" in message
        assert "plus_one(xl, zl, 2 * N)\n    ^" in message  # located at the call
    monkeypatch.setenv("ASC_XDSL_SOC_VERSION", "Ascend950DT_9591")  # another 3510 part
    ir = copy_plus_one.compile(x, x).asm["ir"]
    assert 'ascendc.soc = "Ascend950"' in ir  # its series, not a chip picked for it


def test_one_vector_length():
    from asc_xdsl.dialects import reg_enums
    from asc_xdsl.soc import SOCS, reg_vec_len

    lengths = {s.vec_len for s in SOCS.values() if s.vec_len is not None}
    assert lengths == {reg_enums.VEC_LEN} == {reg_vec_len()}
    assert "256" not in Path(reg_enums.__file__).read_text()  # (soc.py's table has it)


def test_vf_ub_accesses_need_sync_and_insert_sync_orders_them():
    x = np.arange(2 * N, dtype=np.float32)
    z = np.zeros_like(x)
    with pytest.warns(SanitizerWarning) as found:
        copy_plus_one[1](x, z, platform=SOC, insert_sync=False)
    message = str(found[0].message)
    assert "asc_vf_call" in message and "RAW" in message and "SetFlag<MTE2_V>" in message
    assert "plus_one(xl, zl, 2 * N)\n    ^" in message
    z[:] = 0
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        copy_plus_one[1](x, z, platform=SOC, insert_sync=True)
    np.testing.assert_array_equal(z, x + 1)
    cpp = copy_plus_one.compile(x, z, soc_version=SOC, insert_sync=True).asm["ascendc"]
    wait = cpp.index("WaitFlag<AscendC::HardEvent::MTE2_V>")
    assert cpp.index("DataCopy(xl") < wait < cpp.index("asc_vf_call<plus_one>")
    assert "PipeBarrier<PIPE_V>" not in cpp  # (the UB pointers are no vector work)


def test_kernel_side_printf_in_a_vector_function_is_refused():
    @asc.vf
    def kernel_printf(x: asc.reg.UbPointer, n: int):
        asc.printf("n=%d\n", n)

    @jit
    def k(x: asc.GlobalAddress, n: int):
        xl = asc.LocalMemAllocator().alloc(asc.TPosition.VECIN, asc.float32, N)
        kernel_printf(xl, n)

    with pytest.raises(CompileError, match=r"kernel-side; inside a vector function use asc.reg"):
        k.compile(np.zeros(N, np.float32), 1, soc_version=SOC)
