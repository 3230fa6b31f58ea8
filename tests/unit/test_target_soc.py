"""The SoC a module names (`ascendc.soc`) decides whether the per-SoC dtype tables apply."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp, StringAttr

import asc_xdsl as asc
from asc_xdsl.dialects.ascendc.target import DEFAULT_SOC, SOC_ATTR, SOC_FAMILY, set_soc

N = 256


@asc.jit
def not_kernel(x: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, N)
    asc.data_copy(t, gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.bitwise_not(t, t, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, N)


def test_the_frontend_names_its_soc() -> None:
    compiled = not_kernel.compile(np.zeros(N, np.int16), always_compile=True)
    assert f'{SOC_ATTR} = "{DEFAULT_SOC}"' in compiled.asm["ir"]


def test_the_frontend_checks_the_soc_dtypes() -> None:
    with pytest.raises(
        asc.CompileError, match=r"Not does not support element type f32 on Atlas A2/A3"
    ):
        not_kernel.compile(np.zeros(N, np.float32), always_compile=True)


def test_set_soc_refuses_an_unknown_name() -> None:
    module = ModuleOp([])
    known = r"unknown SoC 'Ascend999' \(known: Ascend910B1, .*Ascend310P3"
    with pytest.raises(ValueError, match=known):
        set_soc(module, "Ascend999")
    set_soc(module, "Ascend910B3")
    assert module.attributes[SOC_ATTR] == StringAttr("Ascend910B3")


def test_310p_has_the_atlas_inference_tables() -> None:
    # 310P's tables are deltas on Atlas A2/A3's (family_dtypes.py)
    assert SOC_FAMILY["Ascend310P3"] == "Atlas inference"
    assert SOC_FAMILY["Ascend910_9391"] == "Atlas A2/A3"


def test_every_simulated_platform_is_a_known_soc() -> None:
    from asc_xdsl.runtime.simulator.platform import PLATFORMS

    assert set(PLATFORMS) <= set(SOC_FAMILY)
