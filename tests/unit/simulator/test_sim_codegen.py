"""Generated code per block (compile.py): inlined ops keep their values in Python locals,
loops run in the generated function, closures in between may rebind frame slots, and a
failing inlined op is still named with its location, block and iteration's data."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator import GmAccessError, QueueError

LT = "!ascendc.local_tensor<*xf32>"
GT = "!ascendc.global_tensor<*xf32>"
QB0 = "!ascendc.que_bind<vecin, vecout, 0>"


def _loop_kernel(body: str, tail: str = "") -> simkit.CompiledKernel:
    """A kernel over x (f32, `%n` tiles of 64) and y: block b runs the loop body for
    tiles b, b + blocks, ...; `%off` is the tile's first element. A depth-0 TQueBind
    `%q` (two buffers) and an outer tensor `%t` given a buffer in place come first."""
    text = f"""
func.func @loops(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32) attributes {{ascendc.aicore, ascendc.global}} {{
  %tile = arith.constant 64 : i32
  %two = arith.constant 2 : i32
  %bytes = arith.constant 256 : i32
  %three = arith.constant 3.0 : f32
  %ev = arith.constant 0 : i32
  %pipe = ascendc.pipe
  %q = ascendc.que_bind : {QB0}
  ascendc.pipe.init_queue %pipe, %q, %two, %bytes : {QB0}, i32, i32
  %xg = ascendc.global_tensor : {GT}
  %yg = ascendc.global_tensor : {GT}
  ascendc.global_tensor.set_global_buffer %xg, %x : {GT}, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %yg, %y : {GT}, memref<?xf32, 22>
  %t = ascendc.local_tensor : {LT}
  %b = ascendc.get_block_idx : i32
  %nb = ascendc.get_block_num : i32
  scf.for %i = %b to %n step %nb : i32 {{
    %off_i = arith.muli %i, %tile : i32
    %off = arith.index_cast %off_i : i32 to index
    %xs = ascendc.global_tensor.subindex %xg[%off] : {GT}, index, {GT}
    %ys = ascendc.global_tensor.subindex %yg[%off] : {GT}, index, {GT}
{body}
  }}
{tail}
  return
}}
"""
    return simkit.kernel(text, "loops")


# Each pass gives the outer %t a new buffer (a closure rebinding its slot) that the
# inlined ops after it use: a stale copy of the last pass's (freed) tensor would fail.
_TRIPLE = f"""
    ascendc.que_bind.alloc_tensor_in_place %q, %t : {QB0}, {LT}
    ascendc.data_copy_l2 %t, %xs, %tile : {LT}, {GT}, i32
    ascendc.set_flag mte2_v, %ev : i32
    ascendc.wait_flag mte2_v, %ev : i32
    ascendc.muls_l2 %t, %t, %three, %tile {{isSetMask}} : {LT}, {LT}, f32, i32
    ascendc.set_flag v_mte3, %ev : i32
    ascendc.wait_flag v_mte3, %ev : i32
    ascendc.data_copy_l2 %ys, %t, %tile : {GT}, {LT}, i32
    ascendc.set_flag mte3_mte2, %ev : i32
    ascendc.wait_flag mte3_mte2, %ev : i32
    ascendc.que_bind.free_tensor %q, %t : {QB0}, {LT}
"""


@pytest.mark.parametrize("sanitize", ["off", "error"])
def test_loop_with_a_closure_rebinding_an_outer_tensor(sanitize):
    k = _loop_kernel(_TRIPLE + _TRIPLE)  # the second half: %t read, rebound, read again
    x = np.arange(8 * 64, dtype=np.float32)
    y = np.zeros_like(x)
    k[3](x, y, 8, sanitize=sanitize)
    np.testing.assert_array_equal(y, 3 * x)


def test_a_freed_tensor_used_after_the_loop_is_an_error():
    """The tensor freed in the last pass is dead after the loop (the frame's copy is the
    one the code reads, not a local of the loop)."""
    tail = f"  ascendc.muls_l2 %t, %t, %three, %tile {{isSetMask}} : {LT}, {LT}, f32, i32"
    k = _loop_kernel(_TRIPLE, tail)
    x = np.arange(2 * 64, dtype=np.float32)
    with pytest.raises(QueueError, match="use after free"):
        k[1](x, np.zeros_like(x), 2)


def test_an_inlined_op_failing_in_a_loop_names_its_location_and_block():
    body = f"""
    ascendc.que_bind.alloc_tensor_in_place %q, %t : {QB0}, {LT}
    ascendc.data_copy_l2 %t, %xs, %tile : {LT}, {GT}, i32 loc("loop.py":7:5)
    ascendc.pipe_barrier pipe_all
    ascendc.que_bind.free_tensor %q, %t : {QB0}, {LT}
"""
    k = _loop_kernel(body)
    x = np.zeros(5 * 64, np.float32)  # tile 5 is past the end: block 1's third pass
    with pytest.raises(GmAccessError) as info:
        k[2](x, np.zeros_like(x), 6)
    msg = str(info.value)
    assert msg.startswith("loop.py:7:5: block 1: ascendc.data_copy_l2 (DataCopy): "), msg
    assert "[1280, 1536)" in msg


def test_a_loop_that_runs_no_pass_defines_nothing():
    """Values loaded or defined in a loop's body are not read after it (the loop may not
    run): the ops after an empty loop read the frame."""
    tail = f"""  %z = ascendc.global_tensor.subindex %yg[%c0] : {GT}, index, {GT}
  ascendc.que_bind.alloc_tensor_in_place %q, %t : {QB0}, {LT}
  ascendc.data_copy_l2 %t, %xg, %tile : {LT}, {GT}, i32
  ascendc.set_flag mte2_mte3, %ev : i32
  ascendc.wait_flag mte2_mte3, %ev : i32
  ascendc.data_copy_l2 %z, %t, %tile : {GT}, {LT}, i32
  ascendc.que_bind.free_tensor %q, %t : {QB0}, {LT}"""
    k = _loop_kernel(_TRIPLE, "  %c0 = arith.constant 0 : index\n" + tail)
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    k[1](x, y, 0)  # no tile: only the copy after the loop
    np.testing.assert_array_equal(y, x)
