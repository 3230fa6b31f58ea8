"""GetArchVersion, the HCCL contexts, a GlobalTensor's ShapeInfo, GetShapeSize, the
advanced API's Concat/Extract, DataCopyPadExtParams' defaults, ToFile, and the ops the
simulator refuses with a reason."""

import numpy as np
import pytest
import simkit

from asc_xdsl.runtime.simulator import UnsupportedOpError

LT, GT = "!ascendc.local_tensor<*xi32>", "!ascendc.global_tensor<*xi32>"
SET0 = "%i0 = arith.constant 0 : i32\n"


def test_get_arch_version_writes_its_argument():
    k = simkit.inout_kernel(
        SET0
        + f"""
        ascendc.get_arch_version %s0 : ui32
        ascendc.local_tensor.set_value %b0, %i0, %s0 : {{lt0}}, i32, ui32
        """,
        ["uint32"],
        ["ui32"],
    )
    x = np.zeros(1024, np.uint32)
    k[1](x, 7)
    assert x[0] == 0x220
