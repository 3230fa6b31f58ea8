"""Issue 32: the two AIVs of an AI Core sharing GM through GetValue/SetValue.

Each scalar GM access is the one element it touches (the tensor's offset plus the
index, linear in GetSubBlockIdx/GetBlockIdx and loop indices where that is known), so
the AIV <-> AIV analysis compares it like a vector access: an AIV that reads the element
the other AIV stored is reported by verify-sync at both lines and gets a mode-1 pair from
insert-sync, while AIVs that keep to their own elements get nothing. An index that is
not known and not computed from the AIV's index (read from GM, say) may be any element.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from race_checks import clean, marked_line

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.sanitizer import RaceError

A950, A2 = "Ascend950PR_9599", "Ascend910B1"
OWN, SWAP, OWN_BLOCK, SWAP_DATA, OWN_DATA, OWN_LOOP, SWAP_LOOP = range(7)


def where(marker: str) -> str:
    return marked_line(__file__, marker)


def body(y: asc.GlobalAddress, kind: asc.ConstExpr[int]):
    """AIV s stores 10 + s to y[s], then copies an element to y[2 + s]: its own (OWN,
    OWN_BLOCK through GetBlockIdx, OWN_DATA at s * y[17], not known at compile time) or
    the other AIV's (SWAP, SWAP_DATA at y[16] + 1 - s). y[16] = 0, y[17] = 1. The
    loops: AIV s stores y[4 s + i], then copies y[4 s + i] (OWN_LOOP) or the other
    AIV's y[4 - 4 s + i] (SWAP_LOOP) to y[8 + 4 s + i], i < 4."""
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    if asc.ascend_is_aiv():
        s = asc.get_sub_block_idx()
        if kind == OWN:
            yg.set_value(s, 10 + s)
            yg.set_value(2 + s, yg.get_value(s))
        if kind == SWAP:
            yg.set_value(s, 10 + s)  # swap-store
            yg.set_value(2 + s, yg.get_value(1 - s))  # swap-load
        if kind == OWN_BLOCK:
            b = asc.get_block_idx()
            yg.set_value(b, 10 + b)
            yg.set_value(2 + b, yg.get_value(b))
        if kind == SWAP_DATA:
            i = yg.get_value(16)
            yg.set_value(i + s, 10 + s)  # data-store
            yg.set_value(2 + s, yg.get_value(i + 1 - s))  # data-load
        if kind == OWN_DATA:
            i = s * yg.get_value(17)
            yg.set_value(i, 10 + s)
            yg.set_value(2 + s, yg.get_value(i))
        if kind >= OWN_LOOP:
            for i in range(4):
                yg.set_value(4 * s + i, 10 * s + i)  # loop-store
            for i in range(4):
                j = 4 * s + i if kind == OWN_LOOP else 4 - 4 * s + i
                yg.set_value(8 + 4 * s + i, yg.get_value(j))  # loop-load
    if asc.ascend_is_aic():
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)  # (a mix kernel; the printer drops it)


peer2 = asc.jit(kernel_type="mix", soc_version=A2)(body)
peer950 = asc.jit(kernel_type="mix", soc_version=A950)(body)
WANT = {OWN: [10, 11, 10, 11], SWAP: [10, 11, 11, 10]}
LOOP_WANT = {
    OWN_LOOP: [0, 1, 2, 3, 10, 11, 12, 13] * 2,
    SWAP_LOOP: [0, 1, 2, 3, 10, 11, 12, 13, 10, 11, 12, 13, 0, 1, 2, 3],
}


def data() -> np.ndarray:
    y = np.zeros(18, np.int32)
    y[17] = 1
    return y


def verify(kernel, *args, **options) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel.compile(*args, verify_sync=True, **options)
    return [str(w.message) for w in caught if "cross-core" in str(w.message)]


def cross_core_lines(kernel, *args, **options) -> list[str]:
    text = kernel.compile(*args, insert_sync=True, **options).asm["ascendc"]
    calls = ("CrossCore", "PipeBarrier<PIPE_ALL>();")
    return [ln.strip() for ln in text.splitlines() if any(c in ln for c in calls)]


@pytest.mark.parametrize("kind, marker", [(SWAP, "swap"), (SWAP_DATA, "data")])
def test_a_read_of_the_other_aivs_store_is_reported_and_ordered(kind, marker):
    y = data()
    with pytest.raises(RaceError, match=r"cross-core (read-after-write|write-after-read)"):
        peer2[1](y, kind, sanitize="error")
    found = verify(peer2, y, kind)
    load, store = where(f"{marker}-load"), where(f"{marker}-store")
    raw = [f for f in found if f.startswith(load) and f"{store}:" in f]  # (the note)
    assert raw and "reads GM that 'ascendc.global_tensor.set_value' on the other AIV" in raw[0]
    y = data()
    clean(peer2[1], y, kind, insert_sync=True)
    assert y[:4].tolist() == WANT[SWAP]
    pair = [
        "AscendC::CrossCoreSetFlag<1, PIPE_MTE3>(cross_flag0);",
        "AscendC::CrossCoreWaitFlag<1, PIPE_MTE3>(cross_flag0);",
    ]
    if kind == SWAP:  # the elements are known: that race alone, one pair
        assert found == raw[:1]
        assert cross_core_lines(peer2, y, kind) == pair
    else:  # y[4] + ... may be any element: each store/load after another may meet it
        assert len(found) == 4 and all(f.startswith(f"{__file__}:") for f in found)
        assert cross_core_lines(peer2, y, kind) == pair * 3


def test_without_auto_sync_and_on_950_the_pair_covers_the_scalar_store():
    """The set on MTE3 covers a SetValue only through auto-sync (else PipeBarrier first);
    an Ascend 950 wait for a scalar read holds PIPE_S."""
    y = data()
    clean(peer950[1], y, SWAP, insert_sync=True, auto_sync=False)
    assert y[:4].tolist() == WANT[SWAP]
    assert cross_core_lines(peer950, y, SWAP, auto_sync=False) == [
        "AscendC::PipeBarrier<PIPE_ALL>();",
        "AscendC::CrossCoreSetFlag<1, PIPE_MTE3>(cross_flag0);",
        "AscendC::CrossCoreWaitFlag<1, PIPE_S>(cross_flag0);",
    ]


@pytest.mark.parametrize("kind", [OWN, OWN_BLOCK, OWN_DATA])
def test_aivs_on_their_own_elements_get_nothing(kind):
    y = data()
    assert verify(peer2, y, kind) == []
    assert cross_core_lines(peer2, y, kind) == []
    clean(peer2[1], y, kind, insert_sync=True)
    assert y[:4].tolist() == WANT[OWN]


def test_loops_over_each_aivs_own_elements_get_nothing_and_a_swap_one_pair():
    """Each AIV's loop index takes its whole range whatever the other AIV's does: y[4 s +
    i] for i < 4 stay apart (the loop's constant bounds), y[4 - 4 s + i] meets them."""
    for kind, pairs in ((OWN_LOOP, 0), (SWAP_LOOP, 1)):
        y = data()
        found = verify(peer2, y, kind)
        assert len(found) == pairs
        assert all(f.startswith(where("loop-load")) and where("loop-store") in f for f in found)
        assert len(cross_core_lines(peer2, y, kind)) == 2 * pairs
        clean(peer2[1], y, kind, insert_sync=True)
        assert y[:16].tolist() == LOOP_WANT[kind]
