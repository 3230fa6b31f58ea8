"""DataCopy(dst, src, DataCopyParams, DataCopyEnhancedParams) on the simulator against
numpy: dav-c220's bursts between GM, UB and L1 (the enhanced parameters unused there),
and the L0C paths A2/A3 do not have."""

from __future__ import annotations

import numpy as np
import pytest
import simkit
from cubekit import IR, lt

from asc_xdsl.runtime.simulator.errors import SimulatorError

GT = "!ascendc.global_tensor<*xf32>"
PARAMS = "!ascendc.data_copy_params, !ascendc.data_copy_enhanced_params"


def test_gm_to_ub_bursts_with_gaps_and_back():
    """4 bursts of 2 blocks (16 floats), GM blocks 1 apart, UB blocks 3 apart; then the
    UB rows back to GM contiguously (the second buffer)."""
    body = f"""
%c4 = arith.constant 4 : i32
%c2 = arith.constant 2 : i32
%c1 = arith.constant 1 : i32
%c3 = arith.constant 3 : i32
%c0 = arith.constant 0 : i32
%e = ascendc.construct !ascendc.data_copy_enhanced_params()
%pin = ascendc.construct !ascendc.data_copy_params(%c4, %c2, %c1, %c3) : i32, i32, i32, i32
ascendc.duplicate_l2 %b0, %s0, %n : {{lt0}}, f32, i32
ascendc.pipe_barrier pipe_all
ascendc.data_copy_enhanced %b0, %gsrc, %pin, %e : {{lt0}}, {GT}, {PARAMS}
ascendc.pipe_barrier pipe_all
%pout = ascendc.construct !ascendc.data_copy_params(%c4, %c2, %c3, %c0) : i32, i32, i32, i32
ascendc.data_copy_enhanced %gdst, %b0, %pout, %e : {GT}, {{lt0}}, {PARAMS}
ascendc.pipe_barrier pipe_all
"""
    # %gsrc / %gdst: GM views of the kernel's two trailing memref parameters (%s1, %s2)
    body = body.replace("%gsrc", "%gsrc_t").replace("%gdst", "%gdst_t")
    head = f"""
%gsrc_t = ascendc.global_tensor : {GT}
ascendc.global_tensor.set_global_buffer %gsrc_t, %s1 : {GT}, memref<?xf32, 22>
%gdst_t = ascendc.global_tensor : {GT}
ascendc.global_tensor.set_global_buffer %gdst_t, %s2 : {GT}, memref<?xf32, 22>
%n = arith.constant 1024 : i32
"""
    kern = simkit.inout_kernel(head + body, [np.float32], ["f32", "memref<?xf32, 22>",
                                                         "memref<?xf32, 22>"])  # fmt: skip
    ub = np.zeros(1024, np.float32)
    src = np.arange(4 * 24, dtype=np.float32)  # bursts of 16 at 0, 24, 48, 72
    out = np.zeros(4 * 16, np.float32)
    kern[1](ub, -1.0, src, out)
    rows = np.stack([src[i * 24 : i * 24 + 16] for i in range(4)])
    staged = ub[: 4 * 40].reshape(4, 40)  # UB bursts 40 floats apart (2 + 3 blocks)
    np.testing.assert_array_equal(staged[:, :16], rows)
    assert (staged[:, 16:] == -1).all()
    np.testing.assert_array_equal(out.reshape(4, 16), rows)


def test_l0c_to_ub_is_invalid_on_a2():
    ir = IR()
    co1 = ir.local("co1", 0, 256, "f32")
    ub = ir.local("vecout", 0, 256, "f32")
    p = ir.struct("data_copy_params", [(1, "ui16"), (1, "ui16"), (0, "ui16"), (0, "ui16")])
    e = ir.struct("data_copy_enhanced_params", [])
    ir.op(f"ascendc.data_copy_enhanced {ub}, {co1}, {p}, {e} : {lt('f32')}, {lt('f32')}, {PARAMS}")
    with pytest.raises(SimulatorError, match="L0C -> UB with DataCopyEnhancedParams is invalid"):
        ir.kernel()[1]()
