"""Forms the hardware does not have are reported as invalid (not as "not simulated"),
when the kernel is compiled, at the op."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator.errors import UnsupportedOpError


def test_trans_data_to_5hd_of_64_bit_elements_is_invalid():
    body = """
%f = arith.constant false
%r = arith.constant 1 : i32
%p = ascendc.construct !ascendc.trans_data_to_5hd_params(%f, %f, %r, %r, %r) : i1, i1, i32, i32, i32
ascendc.trans_data_to_5hd %b0, %b1, %p {dtype = i64} : {lt0}, {lt1}, !ascendc.trans_data_to_5hd_params
"""
    kern = simkit.inout_kernel(body, [np.uint64, np.uint64])
    tables = [np.zeros(512, np.uint64), np.zeros(512, np.uint64)]
    with pytest.raises(UnsupportedOpError, match="TransDataTo5HD of i64 is invalid on Atlas A2/A3"):
        kern[1](*tables)
