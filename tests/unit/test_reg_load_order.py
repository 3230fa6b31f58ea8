"""Inside a vector function a load does not wait for an earlier store to UB unless a
`LocalMemBar` from a store pipe to a load pipe comes between (the LocalMemBar page):
the simulator gives such a load UB as it was at the call's start or its last such
barrier (`runtime/simulator/ops/reg.py` `loads_see`). The reproducer is asc-devkit's
bank_conflict_3510 scenario 10 (Gather, Adds 1, Scatter in place over indices 0 and
128, four repeats a call: its device golden adds 1 per call, not 4).
"""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.jit import jit

SOC = "Ascend950PR_9599"
N = 64  # f32 elements of one register
CALLS = 3


@asc.vf
def plus_one_twice(y: asc.reg.UbPointer):
    """y[0:64] + 1, stored, loaded back without a barrier, + 1 again."""
    mask = asc.reg.create_mask(y.dtype)
    asc.reg.store_align(y, asc.reg.adds(asc.reg.load_align(y), 1.0, mask), mask)
    asc.reg.store_align(y, asc.reg.adds(asc.reg.load_align(y), 1.0, mask), mask)


@asc.vf
def plus_one_twice_ordered(y: asc.reg.UbPointer):
    """The same with LocalMemBar<VEC_STORE, VEC_LOAD> between the store and the load."""
    mask = asc.reg.create_mask(y.dtype)
    asc.reg.store_align(y, asc.reg.adds(asc.reg.load_align(y), 1.0, mask), mask)
    asc.reg.local_mem_bar(asc.reg.MemType.VEC_STORE, asc.reg.MemType.VEC_LOAD)
    asc.reg.store_align(y, asc.reg.adds(asc.reg.load_align(y), 1.0, mask), mask)


@asc.vf
def gather_add_scatter(index: asc.reg.UbPointer, y: asc.reg.UbPointer):
    """bank_conflict_3510's GatherAndScatterVF: four repeats, no barrier."""
    mask = asc.reg.create_mask(y.dtype)
    for i in range(4):
        idx = asc.reg.load_align(index, i * N)
        r = asc.reg.adds(asc.reg.gather(y, idx, mask), 1.0, mask)
        asc.reg.scatter(y, r, idx, mask)


@jit
def kernel(idx: asc.GlobalAddress, y: asc.GlobalAddress, case: asc.ConstExpr):
    ub = asc.LocalMemAllocator()
    il = ub.alloc(asc.TPosition.VECIN, asc.uint32, 4 * N)
    yl = ub.alloc(asc.TPosition.VECIN, asc.float32, 4 * N)
    ig = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    ig.set_global_buffer(idx)
    yg.set_global_buffer(y)
    asc.data_copy(il, ig, 4 * N)
    asc.data_copy(yl, yg, 4 * N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if case == "gather":
        for _ in asc.static_range(CALLS):
            gather_add_scatter(il, yl)
    elif case == "barrier":
        plus_one_twice_ordered(yl)
    else:
        plus_one_twice(yl)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, yl, 4 * N)


@pytest.mark.parametrize(("case", "added"), [("barrier", 2.0), ("no barrier", 1.0)])
def test_a_load_sees_an_earlier_store_only_after_the_barrier(case, added):
    y = np.arange(4 * N, dtype=np.float32)
    expected = y.copy()
    expected[:N] += added
    kernel[1](np.zeros(4 * N, np.uint32), y, asc.ConstExpr(case), platform=SOC)
    np.testing.assert_array_equal(y, expected)


def test_bank_conflict_scenario_10_adds_one_per_call():
    idx = np.tile(np.array([0, 128], np.uint32), 2 * N)
    y = np.random.default_rng(10).uniform(1, 100, 4 * N).astype(np.float32)
    expected = y.copy()
    expected[[0, 128]] += CALLS  # (each call's stores land after it: the next one sees them)
    kernel[1](idx, y, asc.ConstExpr("gather"), platform=SOC)
    np.testing.assert_array_equal(y, expected)
