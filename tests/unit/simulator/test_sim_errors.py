"""Bad kernels get clear errors naming the op, its source location and the block."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator import (
    AlignmentError,
    GmAccessError,
    MemoryOverflowError,
    ProfileRegionError,
    QueueError,
    SimulatorError,
    TensorBoundsError,
)

LT = "!ascendc.local_tensor<*xf32>"
GT = "!ascendc.global_tensor<*xf32>"
Q = "!ascendc.queue<vecin, 1>"


def _kernel(body: str, params: str = "") -> simkit.CompiledKernel:
    text = f"""
func.func @bad(%x: memref<?xf32, 22>, %n: i32{params}) attributes {{ascendc.aicore, ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %bytes = arith.constant 4096 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : {Q}
  ascendc.pipe.init_queue %pipe, %q, %c1, %bytes : {Q}, i32, i32
  %gm = ascendc.global_tensor : {GT}
  ascendc.global_tensor.set_global_buffer %gm, %x : {GT}, memref<?xf32, 22>
{body}
  return
}}
"""
    return simkit.kernel(text, "bad")


def _raises(kind, kernel, *args, blocks=1, match=None, **options):
    with pytest.raises(kind) as info:
        kernel[blocks](*args, **options)
    msg = str(info.value)
    if match:
        for m in match:
            assert m in msg, msg
    return msg


def test_gm_read_past_end_names_op_location_block():
    k = _kernel(f"""
  %bidx = ascendc.get_block_idx : i32
  %off_i = arith.muli %bidx, %n : i32
  %off = arith.index_cast %off_i : i32 to index
  %sub = ascendc.global_tensor.subindex %gm[%off] : {GT}, index, {GT}
  %t = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
  ascendc.data_copy_l2 %t, %sub, %n : {LT}, {GT}, i32 loc("kern.py":17:9)
  ascendc.que_bind.free_tensor %q, %t : {Q}, {LT}
""")
    x = np.zeros(3 * 64, np.float32)  # blocks 0..2 fit, block 3 reads past the end
    msg = _raises(
        GmAccessError,
        k,
        x,
        64,
        blocks=4,
        match=[
            "kern.py:17:9",
            "block 3",
            "ascendc.data_copy_l2 (DataCopy)",
            "'x'",
            "[768, 1024)",
            "768 bytes",
        ],
    )
    assert msg.startswith("kern.py:17:9: block 3: ")


def test_gm_negative_offset():
    k = _kernel(f"""
  %m = arith.constant -8 : index
  %sub = ascendc.global_tensor.subindex %gm[%m] : {GT}, index, {GT}
  %t = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
  ascendc.data_copy_l2 %sub, %t, %n : {GT}, {LT}, i32
""")
    _raises(GmAccessError, k, np.zeros(64, np.float32), 8, match=["[-32, 0)"])


def test_init_buffer_overflows_ub():
    text = """
func.func @big(%n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c2 = arith.constant 2 : i32
  %bytes = arith.constant 100000 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : !ascendc.queue<vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %bytes : !ascendc.queue<vecin, 2>, i32, i32 loc("big.py":3:4)
  return
}
"""
    k = simkit.kernel(text, "big")
    msg = _raises(
        MemoryOverflowError,
        k,
        0,
        match=["big.py:3:4", "200000 bytes", "196608", "Ascend910B1", "UB"],
    )
    assert "ascendc.pipe.init_queue (InitBuffer)" in msg
    # L1 is bigger: the same buffers fit in an A1 queue
    ok = simkit.kernel(text.replace("vecin", "a1"), "big")
    ok[1](0)


def test_address_constructed_tensor_past_end_and_misaligned():
    body = f"""
  %t = ascendc.local_tensor_v2 vecin, %addr, %len : {LT}
"""
    k = _kernel(body, ", %addr: ui32, %len: ui32")
    _raises(
        MemoryOverflowError,
        k,
        np.zeros(8, np.float32),
        0,
        196608 - 1024,
        512,
        match=["2048 bytes requested", "196608 bytes", "local_tensor_v2"],
    )
    _raises(AlignmentError, k, np.zeros(8, np.float32), 0, 16, 8, match=["multiple of 32"])
    k[1](np.zeros(8, np.float32), 0, 196608 - 2048, 512)


def test_vector_access_past_tensor_length():
    k = _kernel(f"""
  %t = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
  ascendc.add_l2 %t, %t, %t, %n : {LT}, {LT}, {LT}, i32 loc("v.py":5:1)
  ascendc.que_bind.free_tensor %q, %t : {Q}, {LT}
""")
    _raises(
        TensorBoundsError,
        k,
        np.zeros(8, np.float32),
        1025,
        match=["v.py:5:1", "ascendc.add_l2 (Add)", "1025 elements", "holds 1024"],
    )
    k[1](np.zeros(8, np.float32), 1024, uninit="off")  # (t is never written: not the point)


def test_misaligned_vector_operand():
    k = _kernel(f"""
  %t = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
  %i3 = arith.constant 3 : index
  %s = ascendc.local_tensor.subindex %t[%i3] : {LT}, index, {LT}
  ascendc.exp_l2 %s, %s, %n : {LT}, {LT}, i32
""")
    _raises(AlignmentError, k, np.zeros(8, np.float32), 8, match=["byte 12", "multiple of 32"])


def test_deque_from_empty_queue():
    k = _kernel(f"""
  %t = ascendc.que_bind.deque_tensor %q : {Q}, {LT}
""")
    _raises(QueueError, k, np.zeros(8, np.float32), 0, match=["DeQue from empty queue q"])


def test_alloc_more_than_buffers():
    k = _kernel(f"""
  %t = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
  %u = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
""")
    _raises(QueueError, k, np.zeros(8, np.float32), 0, match=["AllocTensor", "all 1 buffers"])


def test_enque_more_than_depth():
    text = f"""
  %q2 = ascendc.queue : {Q}
  %c2 = arith.constant 2 : i32
  ascendc.pipe.init_queue %pipe, %q2, %c2, %bytes : {Q}, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q2 : {Q}, {LT}
  %u = ascendc.que_bind.alloc_tensor %q2 : {Q}, {LT}
  ascendc.que_bind.enque_tensor %q2, %t : {Q}, {LT}
  ascendc.que_bind.enque_tensor %q2, %u : {Q}, {LT}
"""
    _raises(QueueError, _kernel(text), np.zeros(8, np.float32), 0, match=["depth is 1"])


def test_free_of_foreign_tensor():
    k = _kernel(f"""
  %buf = ascendc.tbuf : !ascendc.tbuf<veccalc>
  ascendc.pipe.init_buffer %pipe, %buf, %bytes : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, {LT}
  ascendc.que_bind.free_tensor %q, %t : {Q}, {LT}
""")
    _raises(QueueError, k, np.zeros(8, np.float32), 0, match=["does not own"])


def test_use_after_free():
    k = _kernel(
        f"""
  %t = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
  ascendc.que_bind.free_tensor %q, %t : {Q}, {LT}
  ascendc.duplicate_l2 %t, %f, %n : {LT}, f32, i32
""",
        ", %f: f32",
    )
    _raises(QueueError, k, np.zeros(8, np.float32), 8, 1.0, match=["use after free", "Duplicate"])
    k2 = _kernel(f"""
  %t = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
  ascendc.que_bind.free_tensor %q, %t : {Q}, {LT}
  ascendc.que_bind.free_tensor %q, %t : {Q}, {LT}
""")
    _raises(QueueError, k2, np.zeros(8, np.float32), 0, match=["already freed"])


def test_metrics_prof_unpaired():
    stop = _kernel('  ascendc.metrics_prof_stop loc("p.py":9:3)')
    _raises(
        ProfileRegionError,
        stop,
        np.zeros(8, np.float32),
        0,
        match=["p.py:9:3", "without a matching MetricsProfStart"],
    )
    start = _kernel('  ascendc.metrics_prof_start loc("p.py":4:3)')
    _raises(
        ProfileRegionError,
        start,
        np.zeros(8, np.float32),
        0,
        match=["p.py:4:3", "block 0", "before the kernel ends"],
    )


def test_copy_tail_error_or_drop():
    k = _kernel(f"""
  %t = ascendc.que_bind.alloc_tensor %q : {Q}, {LT}
  ascendc.data_copy_l2 %t, %gm, %n : {LT}, {GT}, i32
  ascendc.set_flag mte2_mte3, %c0 : i32
  ascendc.wait_flag mte2_mte3, %c0 : i32
  ascendc.data_copy_l2 %gm, %t, %n : {GT}, {LT}, i32
  ascendc.que_bind.free_tensor %q, %t : {Q}, {LT}
""")
    x = np.arange(16, dtype=np.float32)
    _raises(SimulatorError, k, x.copy(), 12, match=["not a multiple of 32", "DataCopyPad"])
    y = x.copy()
    k[1](y, 12, copy_tail="drop")  # 48 bytes -> the first 32 bytes move, as on the NPU
    np.testing.assert_array_equal(y, x)


def test_unknown_option_and_bad_argument():
    k = _kernel("")
    from asc_xdsl.runtime.kernel import LaunchError

    with pytest.raises(LaunchError, match="unknown launch option"):
        k[1](np.zeros(8, np.float32), 0, nonsense=1)
    with pytest.raises(LaunchError, match="reads f32 but got a float64"):
        k[1](np.zeros(8), 0)


def test_unassigned_local_tensor():
    k = _kernel(f"""
  %t = ascendc.local_tensor : {LT}
  ascendc.exp_l2 %t, %t, %n : {LT}, {LT}, i32
""")
    _raises(
        TensorBoundsError, k, np.zeros(8, np.float32), 8, match=["before it was given a buffer"]
    )


def test_vector_operand_outside_ub():
    k = _kernel(
        f"""
  %t = ascendc.local_tensor_v2 a1, %addr, %len : {LT}
  ascendc.exp_l2 %t, %t, %n : {LT}, {LT}, i32
""",
        ", %addr: ui32, %len: ui32",
    )
    _raises(AlignmentError, k, np.zeros(8, np.float32), 8, 0, 64, match=["in L1 (A1)", "UB only"])
