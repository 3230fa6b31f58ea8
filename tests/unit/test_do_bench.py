"""asc.testing.do_bench on the CPU simulator: the cost model's figures, labelled as such
(the NPU's ACL-event timing: tests/unit/cann/test_do_bench_npu.py)."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime import last_profile

N = 256


@asc.jit
def scaled(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, tile)
    for i in range(N // tile):
        asc.data_copy(t, xg[i * tile :], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(t, t, 3.0, tile)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(zg[i * tile :], t, tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def _cycles(profile) -> int:
    return max(b.whole.total_cycles for b in profile.blocks)


def test_simulator_figures_are_the_cost_model_s_and_say_so():
    x, z = np.arange(N, dtype=np.float32), np.zeros(N, np.float32)
    result = asc.testing.do_bench(lambda: scaled[1](x, z, 64), backend="cpu")
    profile = last_profile()
    assert result.modelled and result.backend == "cpu" and result.launches == 1
    assert result.cycles == _cycles(profile) > 0
    assert result.us == pytest.approx(profile.task_duration_us)
    assert float(result) == result.ms and result.quantiles == {0.2: result.ms, 0.8: result.ms}
    assert "modelled" in str(result) and "not a measurement" in str(result)
    assert f"{result.cycles} cycles on {profile.platform}" in str(result)
    np.testing.assert_array_equal(z, 3 * x)


def test_a_call_s_launches_add_up_and_a_finer_tile_costs_more():
    x, z = np.arange(N, dtype=np.float32), np.zeros(N, np.float32)
    one = asc.testing.do_bench(lambda: scaled[1](x, z, 64), backend="cpu")
    two = asc.testing.do_bench(lambda: (scaled[1](x, z, 64), scaled[1](x, z, 64)))
    assert two.launches == 2 and two.cycles == 2 * one.cycles
    fine = asc.testing.do_bench(lambda: scaled[1](x, z, 32), backend="cpu")
    assert fine.cycles > one.cycles


def test_bad_uses_are_clear_errors():
    with pytest.raises(RuntimeError, match=r"launched no kernel on the CPU simulator"):
        asc.testing.do_bench(lambda: None, backend="cpu")
    with pytest.raises(ValueError, match=r"rep must be an integer >= 1, got 0"):
        asc.testing.do_bench(lambda: None, rep=0)
    with pytest.raises(ValueError, match=r"quantiles lie in \[0, 1\]"):
        asc.testing.do_bench(lambda: None, quantiles=(50,))
