"""LocalMemAllocator on the simulator: consecutive tensors from UB byte 0 (a constant
and a runtime tile size), GetCurAddr, numerics through them, and a tile that does not
keep the next tensor 32-byte aligned (an error at the Alloc, as LocalTensor(pos, addr,
len) is)."""

import numpy as np
import pytest
import simkit

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import AlignmentError


@asc.jit
def add_via_allocator(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalMemAllocator()
    t = a.alloc(asc.TPosition.VECIN, asc.float32, 256)
    u = a.alloc(asc.TPosition.VECOUT, asc.float32, n)
    asc.data_copy(t, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(u, t, 1.0, 256)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, u, 256)


def test_consecutive_tensors():
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    add_via_allocator[1](x, z, 256, backend="cpu", sanitize="error")
    np.testing.assert_array_equal(z, x + 1)  # u at byte 1024 did not overwrite t


@asc.jit
def misaligned(out: asc.GlobalAddress):
    a = asc.LocalMemAllocator()
    a.alloc(asc.TPosition.VECCALC, asc.float16, 7)
    a.alloc(asc.TPosition.VECCALC, asc.float16, 16)


def test_an_unaligned_head_is_an_error_at_the_next_alloc():
    with pytest.raises(AlignmentError, match="misaligned UB address 14"):
        misaligned[1](np.zeros(4, np.int32), backend="cpu")


def test_get_cur_addr_follows_the_allocations():
    alloc = "!ascendc.local_mem_allocator<1>"  # Hardware::UB
    lt = "!ascendc.local_tensor<*xf16>"
    k = simkit.inout_kernel(
        f"""
        %hw = arith.constant 1 : i32
        %a = ascendc.local_mem_allocator %hw : i32, {alloc}
        %h0 = ascendc.local_mem_allocator.get_cur_addr %a : {alloc}, ui32
        %t = ascendc.local_mem_allocator.alloc_dynamic %a, vecin, %s0, f16 : {alloc}, i32, {lt}
        %h1 = ascendc.local_mem_allocator.get_cur_addr %a : {alloc}, ui32
        %i0 = arith.constant 0 : i32
        %i1 = arith.constant 1 : i32
        %v0 = builtin.unrealized_conversion_cast %h0 : ui32 to i32
        %v1 = builtin.unrealized_conversion_cast %h1 : ui32 to i32
        ascendc.local_tensor.set_value %b0, %i0, %v0 : {{lt0}}, i32, i32
        ascendc.local_tensor.set_value %b0, %i1, %v1 : {{lt0}}, i32, i32
        """,
        ["int32"],
        ["i32"],
    )
    out = np.zeros(1024, np.int32)
    k[1](out, 48)
    assert out[:2].tolist() == [0, 96]
