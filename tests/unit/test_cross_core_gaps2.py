"""Issue 32's second round of cross-core gaps: where insert-sync, verify-sync and the race
checker must hold the same model. Each part has a seeded bug: verify-sync reports it,
the checker gives a located race, and `insert_sync=True` makes the kernel clean and exact.

1. A hand-written mode-1 wait on Ascend 950 holds only its pipe; an intra-core
   SetFlag<P_Q> after it hands the order on to Q, and insert-sync inserts that one.
2. The one-if matcher (both sides in one `if ascend_is_aic() ... else`) knows 950's
   mode 4 (both AIVs' counts, or a mode-1 hand-off between the AIVs).
3. A mode-2 round trip made of inserted pairs orders the two AIVs: no mode-1 pair more.
4. Auto-sync is the AIVs' only: bisheng inserts no sync on the cube side (asc-devkit's
   sync docs, docs/passes.md), so the checker keeps the AIC strict, as insert-sync does;
   one table (`sync_analysis.AUTO_SYNC_PAIRS`, `auto_synced`) says it for both.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from race_checks import clean, marked_line

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import core_pipes
from asc_xdsl.runtime.simulator.sanitizer import (
    IN_ORDER_PIPES,
    BlockSanitizer,
    RaceError,
)
from asc_xdsl.transforms.hardware import PIPES
from asc_xdsl.transforms.sync_analysis import AUTO_SYNC_PAIRS, auto_synced

A950, A2 = "Ascend950PR_9599", "Ascend910B1"


def where(marker: str) -> str:
    return marked_line(__file__, marker)


def verify(kernel, *args, what: str = "cross-core") -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel.compile(*args, verify_sync=True)
    return [str(w.message) for w in caught if what in str(w.message)]


def cross_sets(ir: str, mode: int) -> int:
    return sum(
        1
        for ln in ir.splitlines()
        if "ascendc.cross_core_set_flag" in ln and f", {mode}, pipe" in ln
    )


# -- 4: auto-sync on the AIVs only ---------------------------------------------------------


def checker_pairs(core: str, kernel_type: str) -> frozenset[tuple[str, str]]:
    """The (earlier, later) pipe pairs the checker of a `core` takes as ordered beyond
    the in-order pipes, built as a launch builds it (compiled with auto_sync)."""
    san = BlockSanitizer("warn", core_pipes.auto_sync_on(core, kernel_type), 0)
    return frozenset(
        (PIPES[q], PIPES[p])
        for p in range(len(PIPES))
        for q in range(len(PIPES))
        if san.always[p][q] and not (p == q and PIPES[p] in IN_ORDER_PIPES)
    )


@pytest.mark.parametrize(
    "core, kernel_type",
    [("AIV", "vector"), ("AIV", "mix"), ("AIC", "mix"), ("AIC", "cube"), ("AICore", "vector")],
)
def test_the_checker_and_insert_sync_auto_sync_the_same_cores(core, kernel_type):
    want = AUTO_SYNC_PAIRS if auto_synced(core, kernel_type) else frozenset()
    assert checker_pairs(core, kernel_type) == want
    assert bool(want) == (core != "AIC")  # the docs' fact: none on the cube side


def test_insert_sync_auto_sync_sides_are_the_table():
    from asc_xdsl.transforms.cross_core_sync import CORE, scalar_ordered
    from asc_xdsl.transforms.sync_analysis import _auto_sides

    class Mix:  # (a mix kernel's sides: what `_auto_sides` reads of it)
        pass

    sides = _auto_sides(None, {Mix(): "cube", Mix(): "vector"}, None)  # type: ignore[arg-type]
    assert {CORE[s] for s in sides} == {c for c in ("AIC", "AIV") if checker_pairs(c, "mix")}
    # a cross-core set on MTE2/MTE3 covers the AIVs' scalar work, not the AIC's
    assert "MTE3" in scalar_ordered("vector") and scalar_ordered("cube") == {"S"}


def aic_body(y: asc.GlobalAddress, cube: asc.ConstExpr[bool]):
    """Each block's core writes 8 ints into L1 (`cube`, the AIC; else UB) with SetValue
    (S) and copies them out to y[8 b:] (MTE3): on the AIC no auto-sync orders the two."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    b = asc.get_block_idx()
    pos = asc.TPosition.A1 if cube else asc.TPosition.VECCALC
    t = asc.LocalTensor(asc.int32, pos, 0, 8)
    for i in range(8):
        t.set_value(i, b * 10 + i)  # scalar-write
    asc.data_copy(yg[b * 8 :], t, 8)  # copy-out


aic_scalar = asc.jit(kernel_type="cube", soc_version=A2)(aic_body)
aiv_scalar = asc.jit(kernel_type="vector", soc_version=A2)(aic_body)
WANT = [*range(8), *range(10, 18)]


def test_the_aic_has_no_auto_sync():
    y = np.zeros(16, np.int32)
    with pytest.raises(RaceError, match=r"\(RAW\): pipe MTE3 reads L1 bytes") as info:
        aic_scalar[2](y, True, sanitize="error")
    assert str(info.value).startswith(where("copy-out")) and where("scalar-write") in str(
        info.value
    )
    (found,) = verify(aic_scalar, y, True, what="nothing orders them")
    assert found.startswith(where("copy-out")) and "SetFlag/WaitFlag<S_MTE3>" in found
    clean(aic_scalar[2], y, True, insert_sync=True)
    assert y.tolist() == WANT
    # the same code on the AIV: auto-sync orders S -> MTE3
    y = np.zeros(16, np.int32)
    clean(aiv_scalar[2], y, False)
    assert y.tolist() == WANT


# -- 3: fewest flags: an inserted round trip through the AIC orders the AIVs --------------


@asc.jit(kernel_type="mix", soc_version=A2)
def round_trip(
    x: asc.GlobalAddress, ws: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress
):
    """Each AIV s copies x[8 s:] to ws[8 s:]; the AIC adds ws[0] and ws[8] into y[0]
    (it needs both AIVs' tiles: a V -> C pair); each AIV then copies the other AIV's ws
    tile to z[8 s:] and y[0] to z[16 + s] (a C -> V pair). The round trip orders each
    AIV's ws read after the other's write: no mode-1 pair is needed."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    if asc.ascend_is_aiv():
        s = asc.get_sub_block_idx()
        a = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
        asc.data_copy(a, xg[s * 8 :], 8)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(wg[s * 8 :], a, 8)  # rt-write
    if asc.ascend_is_aic():
        yg.set_value(0, wg.get_value(0) + wg.get_value(8))
    if asc.ascend_is_aiv():
        s = asc.get_sub_block_idx()
        c = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 32, 8)
        asc.data_copy(c, wg[8 - s * 8 :], 8)  # rt-read
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
        asc.data_copy(zg[s * 8 :], c, 8)
        zg.set_value(16 + s, yg.get_value(0))


def test_an_inserted_round_trip_orders_the_aivs():
    x = np.arange(16, dtype=np.int32)
    ws, y, z = np.zeros(16, np.int32), np.zeros(8, np.int32), np.zeros(24, np.int32)
    # the bug: no sync at all; verify-sync names the AIV <-> AIV pair among the others
    found = verify(round_trip, x, ws, y, z)
    peer = [f for f in found if "on the other AIV of its AI Core" in f]
    assert peer and peer[0].startswith(where("rt-read")) and where("rt-write") in peer[0]
    with pytest.raises(RaceError, match="cross-core"):
        round_trip[1](x, ws, y, z, sanitize="error")
    clean(round_trip[1], x, ws, y, z, insert_sync=True)
    assert z.tolist() == [*range(8, 16), *range(8), 8, 8, *[0] * 6]
    ir = round_trip.compile(x, ws, y, z, insert_sync=True).asm["lowered_ir"]
    # the V -> C and C -> V pairs; before, one mode-1 pair more (3 in all)
    assert (cross_sets(ir, 2), cross_sets(ir, 1)) == (2, 0)


# -- 1: a hand-written mode-1 wait on Ascend 950 holds one pipe ----------------------------


@asc.jit(kernel_type="mix", soc_version=A950)
def swap950(
    x: asc.GlobalAddress, ws: asc.GlobalAddress, y: asc.GlobalAddress, hold: asc.ConstExpr[int]
):
    """Each AIV s copies x[8 s:] to ws[8 s:] and the other AIV's ws tile to y[8 s:],
    with a mode-1 pair between whose wait holds `hold` (1: MTE2, the pipe that reads;
    0: MTE3, which leaves the MTE2 copy-in unordered; 2: MTE3, then
    SetFlag/WaitFlag<MTE3_MTE2> hands the order on to MTE2)."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    if asc.ascend_is_aiv():
        s = asc.get_sub_block_idx()
        a = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
        c = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 32, 8)
        asc.data_copy(a, xg[s * 8 :], 8)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(wg[s * 8 :], a, 8)  # swap-write
        asc.cross_core_set_flag(0, mode_id=1, pipe=asc.PipeID.PIPE_MTE3)
        held = asc.PipeID.PIPE_MTE2 if hold == 1 else asc.PipeID.PIPE_MTE3
        asc.cross_core_wait_flag(0, mode_id=1, pipe=held)
        if hold == 2:
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 1)
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 1)
        asc.data_copy(c, wg[8 - s * 8 :], 8)  # swap-read
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
        asc.data_copy(yg[s * 8 :], c, 8)


def swap_args():
    return np.arange(16, dtype=np.int32), np.zeros(16, np.int32), np.zeros(16, np.int32)


SWAPPED = [*range(8, 16), *range(8)]


def test_950_mode1_wait_on_another_pipe_than_the_reader_is_a_race():
    x, ws, y = swap_args()
    with pytest.raises(RaceError, match=r"cross-core .* race") as info:
        swap950[1](x, ws, y, 0, sanitize="error")
    assert where("swap-read") in str(info.value) and where("swap-write") in str(info.value)
    (found,) = verify(swap950, x, ws, y, 0)
    assert found.startswith(where("swap-read")) and where("swap-write") in found
    assert "on the other AIV of its AI Core (pipe MTE3) writes" in found
    assert "it needs SetFlag/WaitFlag<MTE3_MTE2> after the CrossCoreWaitFlag on PIPE_MTE3" in found
    # holding the reader's pipe orders it, as does handing MTE3's order on to MTE2
    for fixed in (1, 2):
        assert verify(swap950, x, ws, y, fixed) == []
        clean(swap950[1], x, ws, y, fixed)
        assert y.tolist() == SWAPPED


def test_insert_sync_hands_the_held_wait_on_to_the_reader():
    x, ws, y = swap_args()
    clean(swap950[1], x, ws, y, 0, insert_sync=True)
    assert y.tolist() == SWAPPED
    # the intra-core sync the reader lacks, not another mode-1 pair
    text = swap950.compile(x, ws, y, 0, insert_sync=True).asm["ascendc"]
    after = text.split("AscendC::CrossCoreWaitFlag<1, PIPE_MTE3>(c0_i32);\n", 1)[1]
    assert after.split("AscendC::DataCopy(", 1)[0].count("Flag<AscendC::HardEvent::MTE3_MTE2>") == 2
    for hold in (0, 1):
        ir = swap950.compile(x, ws, y, hold, insert_sync=True).asm["lowered_ir"]
        assert cross_sets(ir, 1) == 1  # the hand-written pair is enough


# -- 2: the one-if matcher knows mode 4 and mode 1 (Ascend 950) ----------------------------

S = asc.PipeID.PIPE_S


@asc.jit(kernel_type="mix", soc_version=A950)
def one_if4(y: asc.GlobalAddress, how: asc.ConstExpr[int]):
    """One `if ascend_is_aic() ... else ...`: each AIV stores 8 ints to y[8 b:] and sets
    mode-4 id 2; the AIC reads AIV1's tile back. `how` 0: the AIC waits for both AIVs
    (its ids 2 and 18); 1: for AIV0 only (the bug); 2: for AIV0 only, after the AIVs'
    mode-1 pair, which hands AIV1's store to AIV0's set."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    b = asc.get_block_idx()
    if asc.ascend_is_aic():
        asc.cross_core_wait_flag(2, mode_id=4, pipe=S)
        if how == 0:
            asc.cross_core_wait_flag(18, mode_id=4, pipe=S)
        yg.set_value(32 + b, yg.get_value(b * 16 + 8))  # one-if-load
    else:
        ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
        asc.duplicate(ub, b + 1, 8)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(yg[b * 8 :], ub, 8)  # one-if-store
        if how == 2:
            asc.cross_core_set_flag(3, mode_id=1, pipe=asc.PipeID.PIPE_MTE3)
            asc.cross_core_wait_flag(3, mode_id=1, pipe=asc.PipeID.PIPE_MTE3)
        asc.cross_core_set_flag(2, mode_id=4, pipe=asc.PipeID.PIPE_MTE3)


@asc.jit(kernel_type="mix", soc_version=A950)
def one_if4_down(y: asc.GlobalAddress):
    """The other way: the AIC stores y[b] and sets its ids 2 (AIV0's) and 18 (AIV1's);
    each AIV waits for its id 2 and copies y[b // 2] to y[8 + b]."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    b = asc.get_block_idx()
    if asc.ascend_is_aiv():
        asc.cross_core_wait_flag(2, mode_id=4, pipe=S)
        yg.set_value(8 + b, yg.get_value(b // 2))
    else:
        yg.set_value(b, 10 + b)
        asc.cross_core_set_flag(2, mode_id=4, pipe=S)
        asc.cross_core_set_flag(18, mode_id=4, pipe=S)


def insert_warnings(kernel, *args) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel.compile(*args, insert_sync=True)
    return [str(w.message) for w in caught if "not ordered" in str(w.message)]


@pytest.mark.parametrize("how", [0, 2])
def test_one_if_mode4_waits_for_both_aivs_or_a_mode1_hand_off(how):
    y = np.zeros(40, np.int32)
    assert verify(one_if4, y, how) == [] and insert_warnings(one_if4, y, how) == []
    clean(one_if4[2], y, how, insert_sync=True)
    assert y[32:34].tolist() == [2, 4]


def test_one_if_mode4_wait_for_one_aiv_is_reported():
    y = np.zeros(40, np.int32)
    with pytest.raises(RaceError, match=r"\(WAR\): AIV of block 0.1 writes GM argument 'y'"):
        one_if4[2](y, 1, sanitize="error")
    found = verify(one_if4, y, 1)
    assert found and found[0].startswith(where("one-if-store")) and where("one-if-load") in found[0]
    (warned, *_) = insert_warnings(one_if4, y, 1)
    assert "insert-sync cannot put a pair between the two branches" in warned


def test_one_if_mode4_from_the_aic_to_both_aivs():
    y = np.zeros(16, np.int32)
    assert verify(one_if4_down, y) == [] and insert_warnings(one_if4_down, y) == []
    clean(one_if4_down[2], y, insert_sync=True)
    assert y[8:12].tolist() == [10, 10, 11, 11]
