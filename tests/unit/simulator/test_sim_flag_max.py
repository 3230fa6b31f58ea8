"""`SetFlag`/`WaitFlag<HardEvent::MAX>` is the headers' no-op (`case HardEvent::MAX:
break;`): the simulator runs it as nothing, and the race checker neither pairs it nor
reports it (a lone WaitFlag<MAX> does not hang, a lone SetFlag<MAX> is not left set)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import simkit

KERNEL = """
func.func @k(%out: memref<?xi32, 22>, %v: i32) attributes {ascendc.aicore, ascendc.global} {
  %id = arith.constant 0 : i32
  ascendc.wait_flag max, %id : i32
  %gm = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %gm, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  ascendc.set_flag max, %id : i32
  %c0 = arith.constant 0 : i32
  ascendc.global_tensor.set_value %gm, %c0, %v : !ascendc.global_tensor<*xi32>, i32, i32
  return
}
"""


@pytest.mark.parametrize("sanitize", ["off", "error"])
def test_max_event_flags_do_nothing(sanitize):
    out = np.zeros(8, np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no sanitizer warning either
        simkit.kernel(KERNEL, "k")[1](out, np.int32(42), backend="cpu", sanitize=sanitize)
    assert out[0] == 42
