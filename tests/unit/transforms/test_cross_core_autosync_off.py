"""Issue 32's last cross-core gap: a mix kernel compiled with `auto_sync=False`.

Bisheng's auto-sync (the compile option `auto_sync`, on by default) orders the AIV's
scalar unit with V, MTE2 and MTE3, so a CrossCoreSetFlag on MTE3 covers a SetValue
before it, and an Ascend 950 CrossCoreWaitFlag that holds PIPE_V orders a GetValue
after it. Compiled with `auto_sync=False` neither holds: the race checker reports the
race, and now so does verify-sync, located, while insert-sync puts what is missing
there (a PipeBarrier<PIPE_ALL> before the set; SetFlag/WaitFlag<V_S> after the held
wait). The compile option reaches both passes as their option `auto_sync=false`
(`transforms/pipeline.py`); with the default, nothing changes.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from race_checks import clean, marked_line

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.sanitizer import RaceError
from asc_xdsl.transforms.pipeline import _pipeline, pipeline_spec

A950, A2 = "Ascend950PR_9599", "Ascend910B1"
P = asc.PipeID


def where(marker: str) -> str:
    return marked_line(__file__, marker)


def verify(kernel, *args, **options) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel.compile(*args, verify_sync=True, **options)
    return [str(w.message) for w in caught if "cross-core" in str(w.message)]


def sync_lines(kernel, *args, **options) -> list[str]:
    """The synchronisation calls of the kernel's Ascend C, in order."""
    text = kernel.compile(*args, **options).asm["ascendc"]
    calls = ("CrossCore", "PipeBarrier", "SetFlag<", "WaitFlag<")
    return [ln.strip() for ln in text.splitlines() if any(c in ln for c in calls)]


# -- the AIVs set, the AIC waits: a SetValue before the set ------------------------------


def up_body(y: asc.GlobalAddress, how: asc.ConstExpr[int], mode: asc.ConstExpr[int]):
    """Each AIV s stores 10 + s to y[s] with SetValue; the AIC adds them into y[2].
    `how` 0: no sync (for insert-sync); 1: the cross-core pair alone, on MTE3 (enough
    with auto-sync); 2: PipeBarrier<PIPE_ALL> first (the kernel synchronised by hand
    for auto_sync=False). `mode` 2, or 4 (Ascend 950: the AIC waits for each AIV's id)."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    if asc.ascend_is_aiv():
        s = asc.get_sub_block_idx()
        yg.set_value(s, 10 + s)  # up-store
        if how == 2:
            asc.pipe_barrier(P.PIPE_ALL)
        if how > 0:
            asc.cross_core_set_flag(2, mode_id=mode, pipe=P.PIPE_MTE3)
    if asc.ascend_is_aic():
        if how > 0:
            asc.cross_core_wait_flag(2, mode_id=mode, pipe=P.PIPE_S)
            if mode == 4:
                asc.cross_core_wait_flag(18, mode_id=mode, pipe=P.PIPE_S)
        yg.set_value(2, yg.get_value(0) + yg.get_value(1))  # up-load


up2 = asc.jit(kernel_type="mix", soc_version=A2)(up_body)
up950 = asc.jit(kernel_type="mix", soc_version=A950)(up_body)
UP = [(up2, 2), (up950, 2), (up950, 4)]
UP_IDS = ["2201-mode2", "3510-mode2", "3510-mode4"]
UP_WANT = [10, 11, 21, 0]


@pytest.mark.parametrize("kernel, mode", UP, ids=UP_IDS)
def test_a_scalar_store_before_the_aivs_set_is_reported_without_auto_sync(kernel, mode):
    y = np.zeros(4, np.int32)
    with pytest.raises(RaceError, match=r"cross-core read-after-write race \(RAW\)") as info:
        kernel[1](y, 1, mode, auto_sync=False, sanitize="error")
    assert str(info.value).startswith(where("up-load")) and where("up-store") in str(info.value)
    found = verify(kernel, y, 1, mode, auto_sync=False)
    assert found and all(f.startswith(where("up-load")) for f in found)
    assert where("up-store") in found[0]
    fix = "it needs PipeBarrier<PIPE_ALL> and CrossCoreSetFlag<2, PIPE_MTE3>(id) on the AIV"
    assert fix in found[0]
    assert "compiled with auto_sync=False: nothing orders the AIV's scalar unit" in found[0]
    # the hand-synchronised kernel is clean either way; the pair alone with auto-sync
    for how, auto in ((2, False), (2, True), (1, True)):
        assert verify(kernel, y, how, mode, auto_sync=auto) == []
        y[:] = 0
        clean(kernel[1], y, how, mode, auto_sync=auto)
        assert y.tolist() == UP_WANT


@pytest.mark.parametrize("kernel, mode", UP, ids=UP_IDS)
def test_insert_sync_puts_the_barrier_before_the_set_without_auto_sync(kernel, mode):
    got = {}
    for auto in (False, True):
        y = np.zeros(4, np.int32)
        clean(kernel[1], y, 0, mode, insert_sync=True, auto_sync=auto)
        assert y.tolist() == UP_WANT  # as the hand-synchronised kernel (above)
        got[auto] = sync_lines(kernel, y, 0, mode, insert_sync=True, auto_sync=auto)
    pair = ["AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(cross_flag0);"]
    wait = ["AscendC::CrossCoreWaitFlag<2, PIPE_S>(cross_flag0);"]
    if kernel is up2:  # (A2/A3 holds the whole core whatever the wait names)
        wait = ["AscendC::CrossCoreWaitFlag<2, PIPE_MTE3>(cross_flag0);"]
    assert got[False] == ["AscendC::PipeBarrier<PIPE_ALL>();", *pair, *wait]
    assert got[True] == [*pair, *wait]  # unchanged: auto-sync orders S before MTE3


@asc.jit(kernel_type="mix", soc_version=A2)
def one_if(y: asc.GlobalAddress, barrier: asc.ConstExpr[bool]):
    """The same hand-off in one `if ascend_is_aiv() ... else ...` (the branches run at
    once on different cores: only the kernel's own flags can order them)."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    if asc.ascend_is_aiv():
        s = asc.get_sub_block_idx()
        yg.set_value(s, 10 + s)  # one-if-store
        if barrier:
            asc.pipe_barrier(P.PIPE_ALL)
        asc.cross_core_set_flag(3, mode_id=2, pipe=P.PIPE_MTE3)
    else:
        asc.cross_core_wait_flag(3, mode_id=2, pipe=P.PIPE_S)
        yg.set_value(2, yg.get_value(0) + yg.get_value(1))  # one-if-load


@pytest.mark.parametrize("auto, barrier", [(True, False), (False, False), (False, True)])
def test_one_if_hand_off_is_judged_with_the_compile_option(auto, barrier):
    y = np.zeros(4, np.int32)
    found = verify(one_if, y, barrier, auto_sync=auto)
    if auto or barrier:
        assert found == []
        clean(one_if[1], y, barrier, auto_sync=auto)
        assert y.tolist() == UP_WANT
        return
    assert found and found[0].startswith(where("one-if-load")) and where("one-if-store") in found[0]
    assert "both are under one `if ascend_is_aic()/aiv()`" in found[0]
    with pytest.raises(RaceError, match=r"cross-core read-after-write race \(RAW\)"):
        one_if[1](y, barrier, auto_sync=auto, sanitize="error")


# -- the AIC sets, the AIVs wait: on Ascend 950 a wait that holds PIPE_V ----------------


def down_body(y: asc.GlobalAddress, hold: asc.ConstExpr[bool]):
    """The AIC stores 7 to y[0] and sets on S (which covers its scalar work); each AIV
    s waits, holding PIPE_V (`hold`; else PIPE_S, every pipe), and stores y[0] + s to
    y[1 + s]. On Ascend 950 a wait on V orders the AIV's later scalar work only through
    auto-sync; on A2/A3 the wait holds the whole core."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    if asc.ascend_is_aic():
        yg.set_value(0, 7)  # down-store
        asc.cross_core_set_flag(4, mode_id=2, pipe=P.PIPE_S)
    if asc.ascend_is_aiv():
        s = asc.get_sub_block_idx()
        asc.cross_core_wait_flag(4, mode_id=2, pipe=P.PIPE_V if hold else P.PIPE_S)
        yg.set_value(1 + s, yg.get_value(0) + s)  # down-load


down950 = asc.jit(kernel_type="mix", soc_version=A950)(down_body)
down2 = asc.jit(kernel_type="mix", soc_version=A2)(down_body)
DOWN_WANT = [7, 7, 8, 0]


def test_a_950_wait_on_v_does_not_order_the_aivs_scalar_read_without_auto_sync():
    y = np.zeros(4, np.int32)
    with pytest.raises(RaceError, match=r"cross-core read-after-write race \(RAW\)") as info:
        down950[1](y, True, auto_sync=False, sanitize="error")
    assert str(info.value).startswith(where("down-load"))
    assert where("down-store") in str(info.value)
    (found, *_) = verify(down950, y, True, auto_sync=False)
    assert found.startswith(where("down-load")) and where("down-store") in found
    assert "it needs SetFlag/WaitFlag<V_S> after the CrossCoreWaitFlag on PIPE_V" in found
    # insert-sync hands the wait's order on to S: that one pair, no other cross-core pair
    y[:] = 0
    clean(down950[1], y, True, insert_sync=True, auto_sync=False)
    assert y.tolist() == DOWN_WANT
    assert sync_lines(down950, y, True, insert_sync=True, auto_sync=False)[1:] == [
        "AscendC::CrossCoreWaitFlag<2, PIPE_V>(c4_i32);",
        "AscendC::SetFlag<AscendC::HardEvent::V_S>(event0);",
        "AscendC::WaitFlag<AscendC::HardEvent::V_S>(event0);",
    ]
    # with auto-sync (unchanged), on S, and on A2/A3 whatever the wait names: ordered
    ordered = ((down950, True, True), (down950, False, False), (down2, True, False))
    for kernel, hold, auto in ordered:
        assert verify(kernel, y, hold, auto_sync=auto) == []
        y[:] = 0
        clean(kernel[1], y, hold, auto_sync=auto)
        assert y.tolist() == DOWN_WANT
        assert len(sync_lines(kernel, y, hold, insert_sync=True, auto_sync=auto)) == 2


def test_the_compile_option_reaches_both_passes():
    off = pipeline_spec({"insert_sync": True, "verify_sync": True, "auto_sync": False})
    assert "ascendc-insert-sync{auto_sync=false}" in off
    assert "ascendc-verify-sync{auto_sync=false}" in off
    on = pipeline_spec({"insert_sync": True, "verify_sync": True, "auto_sync": True})
    assert "ascendc-insert-sync," in on and on.endswith("ascendc-verify-sync")
    # `@asc2.jit`'s mix kernels (insert_sync_auto) are compiled with auto-sync only
    both = {"insert_sync": True, "insert_sync_auto": True, "auto_sync": False}
    assert "ascendc-insert-sync{auto_sync=false}" in pipeline_spec(both)
    # and the driver's pipeline by name, for textual IR
    (jit,) = _pipeline("ascendc-jit-pipeline{insert_sync=true auto_sync=false}").passes
    assert jit.auto_sync is False
