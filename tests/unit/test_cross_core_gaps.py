"""Issue 32's cross-core gaps: what insert-sync, verify-sync and the race checker agree
on at the edges of the mix-kernel model.

- AIV <-> AIV: one AIV of an AI Core reads GM the other wrote. insert-sync inserts a
  mode-1 pair (CrossCoreSetFlag<1> / CrossCoreWaitFlag<1> on the AIVs), verify-sync
  reports it missing, the checker orders mode 1.
- Hand-written Ascend 950 mode-4 pairs (the AIC with one AIV) order what they cover:
  insert-sync adds no mode-2 pair beside them, verify-sync accepts them.

- A CrossCoreWaitFlag on Ascend 950 holds only the pipe it names (A2/A3 block the whole
  core): the checker joins the acquired order into that pipe alone, so another pipe of
  the waiting core touching the data races.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from race_checks import clean, marked_line

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.sanitizer import RaceError

A950, A2 = "Ascend950PR_9599", "Ascend910B1"
S = asc.PipeID.PIPE_S


def where(marker: str) -> str:
    return marked_line(__file__, marker)


# -- 3: a wait that holds one pipe --------------------------------------------------------


def held_body(y: asc.GlobalAddress, z: asc.GlobalAddress, hold_mte2: asc.ConstExpr[bool]):
    """The AIC stores y[8 b]; each AIV copies y[8 b:] in (MTE2) and out to z after a
    mode-2 wait that holds MTE3 (`hold_mte2`: MTE2, the pipe that reads)."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    b = asc.get_block_idx()
    if asc.ascend_is_aic():
        yg.set_value(b * 8, 10 + b)
        asc.cross_core_set_flag(0, mode_id=2, pipe=S)
    if asc.ascend_is_aiv():
        held = asc.PipeID.PIPE_MTE2 if hold_mte2 else asc.PipeID.PIPE_MTE3
        asc.cross_core_wait_flag(0, mode_id=2, pipe=held)
        ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
        asc.data_copy(ub, yg[b // 2 * 8 :], 8)  # held-read
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(zg[b * 8 :], ub, 8)


held_950 = asc.jit(kernel_type="mix", soc_version=A950)(held_body)
held_a2 = asc.jit(kernel_type="mix", soc_version=A2)(held_body)


def run_held(kernel, hold_mte2: bool) -> np.ndarray:
    y, z = np.zeros(16, np.int32), np.zeros(32, np.int32)
    clean(kernel[2], y, z, hold_mte2)
    return z[::8]


def test_950_wait_on_another_pipe_than_the_reader_is_a_race():
    # the wait holds MTE3; the copy-in on MTE2 may run before the AIC's store
    with pytest.raises(RaceError, match=r"cross-core read-after-write race \(RAW\): AIV of "):
        run_held(held_950, False)
    assert run_held(held_950, True).tolist() == [10, 10, 11, 11]
    # verify-sync and insert-sync hold the same model: the wait orders MTE3 only
    y, z = np.zeros(16, np.int32), np.zeros(32, np.int32)
    (found,) = verify(held_950, y, z, False)
    assert found.startswith(where("held-read")) and "reads GM that" in found
    assert verify(held_950, y, z, True) == [] and verify(held_a2, y, z, False) == []
    clean(held_950[2], y, z, False, insert_sync=True)
    assert z[::8].tolist() == [10, 10, 11, 11]


def test_a2_wait_blocks_the_whole_core():
    # Atlas A2/A3 ignore the wait's pipe: every later instruction waits
    assert run_held(held_a2, False).tolist() == [10, 10, 11, 11]


# -- 4: a scalar store before a set on FIX ------------------------------------------------


@asc.jit(kernel_type="mix", soc_version=A2)
def scalar_fix(y: asc.GlobalAddress, flags: asc.ConstExpr[int]):
    """The AIC stores y[b] with SetValue, the AIVs read it back; `flags` 0: none, 1: a
    set on FIX right after the store (not enough), 2: PipeBarrier<PIPE_ALL> first."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    b = asc.get_block_idx()
    if asc.ascend_is_aic():
        yg.set_value(b, 10 + b)  # scalar-store
        if flags == 2:
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        if flags > 0:
            asc.cross_core_set_flag(3, mode_id=2, pipe=asc.PipeID.PIPE_FIX)
    if asc.ascend_is_aiv():
        if flags > 0:
            asc.cross_core_wait_flag(3, mode_id=2, pipe=asc.PipeID.PIPE_MTE3)
        yg.set_value(8 + asc.get_block_idx(), yg.get_value(b // 2))  # scalar-load


def verify(kernel, *args) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel.compile(*args, verify_sync=True)
    return [str(w.message) for w in caught if "cross-core" in str(w.message)]


def test_scalar_store_before_a_set_on_fix_is_not_covered():
    y = np.zeros(16, np.int32)
    # the checker: a located race
    with pytest.raises(RaceError, match=r"cross-core read-after-write race") as info:
        scalar_fix[2](y, 1, sanitize="error")
    assert str(info.value).startswith(where("scalar-load"))
    assert where("scalar-store") in str(info.value)
    # verify-sync: the same pair, and what orders it (the AIVs' own store to y[8 + i]
    # is at an offset it cannot tell from the AIC's: a second warning)
    found = verify(scalar_fix, y, 1)[0]
    assert (
        found.startswith(where("scalar-load"))
        and "'ascendc.global_tensor.get_value' on the vector core" in found
    )
    assert "PipeBarrier<PIPE_ALL> and CrossCoreSetFlag<2, PIPE_FIX>(id) on the AIC" in found
    # the barrier orders it for all three
    assert verify(scalar_fix, y, 2) == []
    clean(scalar_fix[2], y, 2)
    assert y[8:12].tolist() == [10, 10, 11, 11]


@pytest.mark.parametrize("flags", [0, 1])
def test_insert_sync_puts_a_barrier_before_the_set_after_a_scalar_store(flags):
    y = np.zeros(16, np.int32)
    clean(scalar_fix[2], y, flags, insert_sync=True)
    assert y[8:12].tolist() == [10, 10, 11, 11]
    text = scalar_fix.compile(y, flags, insert_sync=True).asm["ascendc"]
    added = text.split("PipeBarrier<PIPE_ALL>();\n", 1)[1]
    assert added.lstrip().startswith("AscendC::CrossCoreSetFlag<2, PIPE_FIX>(cross_flag")


# -- 2: hand-written mode-4 pairs (Ascend 950) --------------------------------------------


@asc.jit(kernel_type="mix", soc_version=A950)
def mode4_pairs(y: asc.GlobalAddress, both: asc.ConstExpr[bool]):
    """Each AIV copies 8 ints to y[8 i:] (MTE3) and tells its AIC with a mode-4 set
    (AIV0's id 2 is the AIC's 2, AIV1's its 18); the AIC waits for both (`both`; else
    for AIV0's only), reads y[16 b + 8] back (AIV1's tile) and writes y[32 + b]."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    b = asc.get_block_idx()
    if asc.ascend_is_aiv():
        ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
        asc.duplicate(ub, b + 1, 8)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(yg[b * 8 :], ub, 8)  # aiv-store
        asc.cross_core_set_flag(2, mode_id=4, pipe=asc.PipeID.PIPE_MTE3)
    if asc.ascend_is_aic():
        asc.cross_core_wait_flag(2, mode_id=4, pipe=S)
        if both:
            asc.cross_core_wait_flag(18, mode_id=4, pipe=S)
        yg.set_value(32 + b, yg.get_value(b * 16 + 8))  # aic-load


def mode2_sets(*args, **options) -> int:
    ir = mode4_pairs.compile(*args, **options).asm["lowered_ir"]
    return sum(
        1 for ln in ir.splitlines() if "ascendc.cross_core_set_flag" in ln and ", 2, pipe" in ln
    )


def test_hand_written_mode4_pair_orders_what_it_covers():
    y = np.zeros(40, np.int32)
    assert verify(mode4_pairs, y, True) == []
    assert mode2_sets(y, True, insert_sync=True) == 0  # nothing redundant added
    clean(mode4_pairs[2], y, True, insert_sync=True)
    assert y[32:34].tolist() == [2, 4]


def test_mode4_wait_for_one_aiv_leaves_the_other_unordered():
    y = np.zeros(40, np.int32)
    # (the AIC reads as soon as AIV0 has set: AIV1's store comes after, unordered)
    with pytest.raises(RaceError, match=r"\(WAR\): AIV of block 0.1 writes GM argument 'y'"):
        mode4_pairs[2](y, False, sanitize="error")
    found = verify(mode4_pairs, y, False)
    assert found and found[0].startswith(where("aic-load")) and where("aiv-store") in found[0]
    assert mode2_sets(y, False, insert_sync=True) == 1  # the AIVs' pair to the AIC
    clean(mode4_pairs[2], y, False, insert_sync=True)
    assert y[32:34].tolist() == [2, 4]


# -- 1: AIV <-> AIV (mode 1) --------------------------------------------------------------


@asc.jit(kernel_type="mix", soc_version=A2)
def aiv_swap(
    x: asc.GlobalAddress, ws: asc.GlobalAddress, y: asc.GlobalAddress, hand: asc.ConstExpr[bool]
):
    """Each AIV s copies x[8 s:] to ws[8 s:] and the other AIV's ws tile to y[8 s:]
    (`hand`: a mode-1 pair between); the AIC touches no GM."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    if asc.ascend_is_aic():
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if asc.ascend_is_aiv():
        s = asc.get_sub_block_idx()
        a = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
        c = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 32, 8)
        asc.data_copy(a, xg[s * 8 :], 8)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(wg[s * 8 :], a, 8)  # aiv-write
        if hand:
            asc.cross_core_set_flag(0, mode_id=1, pipe=asc.PipeID.PIPE_MTE3)
            asc.cross_core_wait_flag(0, mode_id=1, pipe=asc.PipeID.PIPE_MTE2)
        asc.data_copy(c, wg[8 - s * 8 :], 8)  # aiv-read
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
        asc.data_copy(yg[s * 8 :], c, 8)


def swap_args():
    return np.arange(16, dtype=np.int32), np.zeros(16, np.int32), np.zeros(16, np.int32)


def cross_sets(ir: str, mode: int) -> int:
    return sum(
        1
        for ln in ir.splitlines()
        if "ascendc.cross_core_set_flag" in ln and f", {mode}, pipe" in ln
    )


def test_aiv_to_aiv_read_without_a_flag_is_a_race_and_a_warning():
    x, ws, y = swap_args()
    # (simulated, AIV0 runs first: AIV1's store comes after the read it must precede)
    with pytest.raises(
        RaceError, match=r"\(WAR\): AIV of block 0.1 writes GM argument 'ws'"
    ) as info:
        aiv_swap[1](x, ws, y, False, sanitize="error")
    assert str(info.value).startswith(where("aiv-write")) and where("aiv-read") in str(info.value)
    (found,) = verify(aiv_swap, x, ws, y, False)
    assert found.startswith(where("aiv-read")) and where("aiv-write") in found
    assert "on the other AIV of its AI Core (pipe MTE3) writes" in found
    assert "CrossCoreSetFlag<1, PIPE_MTE3>(id) and CrossCoreWaitFlag<1>(id) on the AIVs" in found
    assert verify(aiv_swap, x, ws, y, True) == []


@pytest.mark.parametrize("hand", [False, True])
def test_insert_sync_orders_the_aivs_with_one_mode1_pair(hand):
    x, ws, y = swap_args()
    clean(aiv_swap[1], x, ws, y, hand, insert_sync=True)
    assert y.tolist() == [*range(8, 16), *range(8)]
    ir = aiv_swap.compile(x, ws, y, hand, insert_sync=True).asm["lowered_ir"]
    assert cross_sets(ir, 1) == 1 and cross_sets(ir, 2) == 0  # the hand-written one, or one
    if not hand:
        text = aiv_swap.compile(x, ws, y, hand, insert_sync=True).asm["ascendc"]
        assert "CrossCoreSetFlag<1, PIPE_MTE3>(cross_flag0)" in text
        assert "CrossCoreWaitFlag<1, PIPE_MTE2>(cross_flag0)" in text
