"""Small ops on the simulator: GetDataBlockSizeInBytes (32), the empty statement,
Trap (stops the kernel: an error at its line), t(i) element reads of local and global
tensors, and a TQue seen as its TQueBind base."""

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator import SimulatorError

LT, GT = "!ascendc.local_tensor<*xi32>", "!ascendc.global_tensor<*xi32>"


def test_block_size_noop_and_brackets():
    k = simkit.inout_kernel(
        f"""
        %bs = ascendc.get_data_block_size_in_bytes : i32
        ascendc.noop
        %i3 = arith.constant 3 : i32
        %l3 = ascendc.local_tensor.bracket %b0(%i3) : {LT}, i32, i32
        %g = ascendc.global_tensor : {GT}
        ascendc.global_tensor.set_global_buffer %g, %g0 : {GT}, memref<?xi32, 22>
        %g5 = ascendc.global_tensor.bracket %g(%s0) : {GT}, i32, i32
        %i0 = arith.constant 0 : i32
        %i1 = arith.constant 1 : i32
        %i2 = arith.constant 2 : i32
        ascendc.local_tensor.set_value %b0, %i0, %bs : {LT}, i32, i32
        ascendc.local_tensor.set_value %b0, %i1, %l3 : {LT}, i32, i32
        ascendc.local_tensor.set_value %b0, %i2, %g5 : {LT}, i32, i32
        """,
        ["int32"],
        ["i32"],
    )
    x = np.arange(1024, dtype=np.int32) * 10
    k[1](x, 5)
    assert x[:3].tolist() == [32, 30, 50]


def test_trap_stops_the_kernel():
    k = simkit.inout_kernel("ascendc.trap", ["int32"])
    with pytest.raises(SimulatorError, match=r"Trap\(\): the kernel stopped the AI Core"):
        k[1](np.zeros(1024, np.int32))


def test_a_tque_seen_as_its_tquebind_is_the_same_queue():
    q, b = "!ascendc.queue<vecin, 1>", "!ascendc.que_bind<gm, vecin, 1>"
    k = simkit.inout_kernel(
        f"""
        %q = ascendc.queue : {q}
        %b = ascendc.to_que_bind %q : {q}, {b}
        %one = arith.constant 1 : i32
        %len = arith.constant 1024 : i32
        ascendc.pipe.init_queue %pipe, %q, %one, %len : {q}, i32, i32
        %t = ascendc.que_bind.alloc_tensor %b : {b}, {LT}
        %n = ascendc.que_bind.has_idle_buffer %q : {q}, i1
        %v = arith.extui %n : i1 to i32
        %i0 = arith.constant 0 : i32
        ascendc.local_tensor.set_value %b0, %i0, %v : {LT}, i32, i32
        ascendc.que_bind.free_tensor %q, %t : {q}, {LT}
        """,
        ["int32"],
    )
    x = np.full(1024, 7, np.int32)
    k[1](x)
    assert x[0] == 0  # the buffer allocated through the TQueBind is the TQue's


def test_system_cycle_counts_the_modelled_cycles():
    k = simkit.inout_kernel(
        f"""
        %t0 = ascendc.get_system_cycle : i64
        %n = arith.constant 512 : i32
        ascendc.adds_l2 %b0, %b0, %n, %n : {LT}, {LT}, i32, i32
        %t1 = ascendc.get_system_cycle : i64
        %d = arith.subi %t1, %t0 : i64
        %d32 = arith.trunci %d : i64 to i32
        %i0 = arith.constant 0 : i32
        ascendc.local_tensor.set_value %b0, %i0, %d32 : {LT}, i32, i32
        """,
        ["int32"],
    )
    x = np.zeros(1024, np.int32)
    k[1](x)
    assert x[0] > 0  # the Adds took modelled cycles


def test_get_shape_info_gives_back_the_dimensions():
    si = "!ascendc.shape_info"
    k = simkit.inout_kernel(
        f"""
        %dims = memref.alloca() : memref<4xui32>
        %a = arith.constant 6 : i32
        %b = arith.constant 9 : i32
        %ua = builtin.unrealized_conversion_cast %a : i32 to ui32
        %ub = builtin.unrealized_conversion_cast %b : i32 to ui32
        %x0 = arith.constant 0 : index
        %x1 = arith.constant 1 : index
        memref.store %ua, %dims[%x0] : memref<4xui32>
        memref.store %ub, %dims[%x1] : memref<4xui32>
        %c2 = arith.constant 2 : i8
        %n = builtin.unrealized_conversion_cast %c2 : i8 to ui8
        %info = ascendc.construct {si}(%n, %dims) : ui8, memref<4xui32>
        ascendc.local_tensor.set_shape_info %b0, %info : {LT}, {si}
        %got = ascendc.local_tensor.get_shape_info %b0 : {LT}, {si}
        %d0 = ascendc.shape_info.shape %got, %i0v i32, i32
        %d1 = ascendc.shape_info.original_shape %got, %i1v i32, i32
        ascendc.local_tensor.set_value %b0, %i0v, %d0 : {LT}, i32, i32
        ascendc.local_tensor.set_value %b0, %i1v, %d1 : {LT}, i32, i32
        """.replace("%i0v", "%s0").replace("%i1v", "%s1"),
        ["int32"],
        ["i32", "i32"],
    )
    x = np.zeros(1024, np.int32)
    k[1](x, 0, 1)
    assert x[:2].tolist() == [6, 9]
    with pytest.raises(SimulatorError, match=r"ShapeInfo.shape\[2\] of 2 dimensions"):
        k[1](x, 2, 1)


def test_pipe_base_address_is_the_devices_zero():
    k = simkit.inout_kernel(
        f"""
        %base = ascendc.pipe.get_base_addr %pipe, vecin : ui64
        %v = builtin.unrealized_conversion_cast %base : ui64 to i64
        %v32 = arith.trunci %v : i64 to i32
        %i0 = arith.constant 0 : i32
        ascendc.local_tensor.set_value %b0, %i0, %v32 : {LT}, i32, i32
        """,
        ["int32"],
    )
    x = np.full(1024, 5, np.int32)
    k[1](x)
    assert x[0] == 0
