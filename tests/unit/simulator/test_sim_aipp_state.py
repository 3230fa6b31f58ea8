"""SetAippFunctions only sets state for LoadImageToLocal: a kernel that sets it and
copies as usual runs (pyasc's test_aipp does that), LoadImageToLocal stays refused."""

from __future__ import annotations

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator import UnsupportedOpError

GT = "!ascendc.global_tensor<*xi8>"


def test_set_aipp_functions_leaves_copies_alone():
    body = f"""
%cfg = ascendc.construct !ascendc.aipp_params<i8>()
ascendc.set_aipp_functions %gt0, %cfg, format = RGB888_U8 : ({GT}, !ascendc.aipp_params<i8>) -> ()
"""
    k = simkit.inout_kernel(body, [np.int8])
    x = np.arange(4096, dtype=np.int64).astype(np.int8)
    y = x.copy()
    k[1](y, sanitize="error")
    np.testing.assert_array_equal(y, x)


def test_load_image_to_local_is_refused_when_compiled():
    body = """
%cfg = ascendc.construct !ascendc.aipp_params<i8>()
ascendc.set_aipp_functions %gt0, %cfg, format = RGB888_U8 : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params<i8>) -> ()
%lp = ascendc.construct !ascendc.load_image_to_local_params()
ascendc.load_image_to_local %b0, %lp : !ascendc.local_tensor<*xi8>, !ascendc.load_image_to_local_params
"""
    k = simkit.inout_kernel(body, [np.int8])
    with pytest.raises(UnsupportedOpError, match="AIPP image loads are not simulated"):
        k[1](np.zeros(4096, np.int8))
