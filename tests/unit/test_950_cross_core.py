"""Ascend 950's mode-4 cross-core flags (CrossCoreSetFlag<4, pipe> / CrossCoreWaitFlag<4,
pipe>: the AIC with one AIV of its AI Core) on the simulator and its race checker: the
AIC hands y[b] to each AIV through its own id (AIV0: 0-15, AIV1: 16-31 on the AIC), and
the AIVs answer on their 0-15. Seeded bugs: a missing wait (a race), the AIV1 handoff
on AIV0's id (a deadlock), mode 4 on Atlas A2, ids out of range."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from race_checks import marked_line

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError
from asc_xdsl.runtime.simulator.cores import DeadlockError
from asc_xdsl.runtime.simulator.sanitizer import RaceError, SanitizerWarning

A950 = "Ascend950PR_9599"
S = asc.PipeID.PIPE_S


def where(marker: str) -> str:
    return marked_line(__file__, marker)


def handoff_body(y: asc.GlobalAddress, case: asc.ConstExpr[int]):
    """case 0: right; 1: AIV1 does not wait; 2: the AIC sets AIV0's id twice, never
    AIV1's; 3: AIV1 waits for id 16 (AIV ids are 0-15); 4: the AIC waits for id 32; 5: the AIC sets AIV0's id on MTE3,
    which a 950 AIC lacks (the headers compile the set away)."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    b = asc.get_block_idx()
    if asc.ascend_is_aic():
        yg.set_value(b, 10 + b)  # aic-write
        to0 = asc.PipeID.PIPE_MTE3 if case == 5 else S  # no MTE3 on a 950 AIC
        asc.cross_core_set_flag(0, mode_id=4, pipe=to0)  # to AIV0
        asc.cross_core_set_flag(0 if case == 2 else 16, mode_id=4, pipe=S)  # to AIV1
        asc.cross_core_wait_flag(0, mode_id=4, pipe=S)  # AIV0's answer
        asc.cross_core_wait_flag(32 if case == 4 else 16, mode_id=4, pipe=S)  # aic-wait-aiv1
        yg.set_value(b, 0)  # the AIVs have read y[b]
    else:
        sub = asc.get_sub_block_idx()
        if case == 3:
            asc.cross_core_wait_flag(16 * sub, mode_id=4, pipe=S)  # bad-id
        elif case != 1:
            asc.cross_core_wait_flag(0, mode_id=4, pipe=S)  # aiv-wait
        elif sub == 0:
            asc.cross_core_wait_flag(0, mode_id=4, pipe=S)
        yg.set_value(8 + b, yg.get_value(b // 2))  # aiv-read
        asc.cross_core_set_flag(0, mode_id=4, pipe=S)


handoff = asc.jit(kernel_type="mix", soc_version=A950)(handoff_body)
handoff_a2 = asc.jit(kernel_type="mix", soc_version="Ascend910B1")(handoff_body)


def run(kernel, case, **options):
    y = np.zeros(16, np.int32)
    kernel[2](y, case, sanitize="error", **options)
    return y


def test_fixed_handoff_is_clean():
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        y = run(handoff, 0)
    assert y[8:12].tolist() == [10, 10, 11, 11] and y[:2].tolist() == [0, 0]


def test_missing_mode4_wait_is_a_located_race():
    with pytest.raises(RaceError) as info:
        run(handoff, 1)
    text = str(info.value)
    assert "cross-core read-after-write race (RAW): AIV of block 0.1 reads GM argument 'y'" in text
    assert "that AIC of block 0 wrote" in text
    assert text.startswith(where("aiv-read")) and where("aic-write") in text


def test_set_on_the_wrong_aivs_id_is_a_deadlock():
    with pytest.raises(DeadlockError) as info:
        run(handoff, 2)
    text = str(info.value)
    assert (
        "AIV of block 0.1: ascendc.cross_core_wait_flag (CrossCoreWaitFlag) waits for "
        f"mode-4 flag 0 (from its AI Core's other side) at {where('aiv-wait')}" in text
    )
    assert (
        f"AIC of block 0: ascendc.cross_core_wait_flag (CrossCoreWaitFlag) waits for "
        f"mode-4 flag 16 (from its AI Core's other side) at {where('aic-wait-aiv1')}" in text
    )


def test_a_set_on_a_pipe_the_aic_lacks_does_nothing():
    with pytest.raises(DeadlockError) as info:
        run(handoff, 5)
    text = str(info.value)
    assert (
        "AIV of block 0.0: ascendc.cross_core_wait_flag (CrossCoreWaitFlag) waits for "
        f"mode-4 flag 0 (from its AI Core's other side) at {where('aiv-wait')}" in text
    )


def test_aiv_ids_are_0_to_15():
    with pytest.raises(SimulatorError, match=r"flag id 16 is outside 0-15 on the AIV") as info:
        run(handoff, 3)
    assert where("bad-id") in str(info.value)


def test_mode4_is_refused_on_atlas_a2():
    # the verifier knows the module's SoC: a CompileError at the call
    with pytest.raises(asc.CompileError, match=r"mode 4 does not exist on Ascend910B") as info:
        run(handoff_a2, 0)
    assert str(info.value).startswith(where("to AIV0"))


def test_constant_mode4_id_out_of_range_is_a_compile_error():
    with pytest.raises(asc.CompileError, match=r"flag id 32 is out of range: mode 4") as info:
        run(handoff, 4)
    assert str(info.value).startswith(where("aic-wait-aiv1"))


def test_the_simulator_refuses_mode4_off_arch_3510():
    # target-neutral IR reaches the launch: the simulator's own check, at the op
    from asc_xdsl.runtime.simulator.ops import multicore

    class Platform:
        name = "Ascend910B1"

    class Onchip:
        platform = Platform()

    class Ctx:
        onchip = Onchip()

    with pytest.raises(SimulatorError, match=r"arch 2201\) has cross-core modes 0, 1, 2, not 4"):
        multicore._check_mode(Ctx(), 4, "CrossCoreSetFlag")


@asc.jit(kernel_type="mix", soc_version=A950)
def unsynced(y: asc.GlobalAddress, mode4: asc.ConstExpr[bool] = False):
    """Each AIV copies 8 ints to y[8 i:] (MTE3), its AIC reads one back with a scalar
    load (S): no mode-2 flag written (`mode4`: a mode-4 handshake on id 0 first)."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    b = asc.get_block_idx()
    if mode4:
        if asc.ascend_is_aic():
            asc.cross_core_set_flag(0, mode_id=4, pipe=S)
            asc.cross_core_set_flag(16, mode_id=4, pipe=S)
        if asc.ascend_is_aiv():
            asc.cross_core_wait_flag(0, mode_id=4, pipe=S)
    if asc.ascend_is_aiv():
        ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
        asc.duplicate(ub, b + 1, 8)
        asc.data_copy(yg[b * 8 :], ub, 8)
    if asc.ascend_is_aic():
        yg.set_value(32 + b, yg.get_value(b * 16 + 8))


def test_insert_sync_on_950_waits_on_a_pipe_the_core_has():
    # the AIVs' set goes on MTE3; the AIC's wait must not name MTE3, which a 950 AIC
    # lacks (the headers would compile the wait away): it names PIPE_S
    y = np.zeros(40, np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        unsynced[2](y, sanitize="error", insert_sync=True)
    assert y[32:34].tolist() == [2, 4]
    text = unsynced.compile(y, insert_sync=True).asm["ascendc"]
    assert "CrossCoreSetFlag<2, PIPE_MTE3>" in text and "CrossCoreWaitFlag<2, PIPE_S>" in text


def test_insert_sync_ids_are_apart_from_mode4_ids():
    # the kernel's mode-4 ids 0 and 16 count apart: the inserted mode-2 pair takes id 0
    y = np.zeros(40, np.int32)
    unsynced[2](y, True, sanitize="error", insert_sync=True)
    assert y[32:34].tolist() == [2, 4]
    text = unsynced.compile(y, True, insert_sync=True).asm["ascendc"]
    assert "CrossCoreSetFlag<2, PIPE_MTE3>(cross_flag0)" in text
