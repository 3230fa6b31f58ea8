"""Signed `+ - *` that Python kernels build are marked `nsw` (Python's integers do not
wrap and C++'s signed ones may not overflow): the Ascend C keeps the plain operator,
and the simulator reports an overflow, located at the kernel's line, instead of a
wrapped value the NPU would not be bound to give. Ops without the flag wrap, as MLIR
says."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

import asc_xdsl as asc


@asc.jit
def scale_sum(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 4)
    g.set_value(0, a * b + 1)


def test_plain_operators_in_the_ascend_c():
    cpp = scale_sum.compile(np.zeros(4, np.int32), 3, 4).asm["ascendc"]
    assert "int32_t v1 = a * b;" in cpp
    assert "static_cast<uint32_t>" not in cpp


def test_result_in_range():
    out = np.zeros(4, np.int32)
    scale_sum[1](out, 1000, 1000)
    assert out[0] == 1_000_001


def test_overflow_is_the_kernels_error_at_its_line():
    out = np.zeros(4, np.int32)
    with pytest.raises(Exception, match=r"signed integer overflow: 65536 \* 65536") as info:
        scale_sum[1](out, 65536, 65536)
    assert "test_sim_signed_overflow.py" in str(info.value)
    assert "a * b + 1" in str(info.value)


WRAPPING = """
func.func @k(%out: memref<?xi32, 22>, %a: i32) attributes {ascendc.aicore, ascendc.global} {
  %gm = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %gm, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %p = arith.muli %a, %a : i32
  %c0 = arith.constant 0 : i32
  ascendc.global_tensor.set_value %gm, %c0, %p : !ascendc.global_tensor<*xi32>, i32, i32
  return
}
"""


def test_ops_without_nsw_wrap():
    out = np.zeros(4, np.int32)
    simkit.kernel(WRAPPING, "k")[1](out, np.int32(65537), backend="cpu")
    assert out[0] == np.int32(np.uint32((65537 * 65537) % 2**32))
