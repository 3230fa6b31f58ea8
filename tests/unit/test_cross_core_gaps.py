"""Issue 32's cross-core gaps: what insert-sync, verify-sync and the race checker agree
on at the edges of the mix-kernel model.

- A CrossCoreWaitFlag on Ascend 950 holds only the pipe it names (A2/A3 block the whole
  core): the checker joins the acquired order into that pipe alone, so another pipe of
  the waiting core touching the data races.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator.sanitizer import RaceError, SanitizerWarning

A950, A2 = "Ascend950PR_9599", "Ascend910B1"
S = asc.PipeID.PIPE_S


def clean(kernel, *args, **options) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", SanitizerWarning)
        kernel(*args, sanitize="error", **options)


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


def test_a2_wait_blocks_the_whole_core():
    # Atlas A2/A3 ignore the wait's pipe: every later instruction waits
    assert run_held(held_a2, False).tolist() == [10, 10, 11, 11]
