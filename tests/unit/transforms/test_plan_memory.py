"""ascendc-plan-memory in the JIT: its addresses are the ones TPipe hands out (the
simulator's bump allocator, read back with GetPhyAddr), and an overflow is a
CompileError at the request that does not fit, before anything runs."""

from __future__ import annotations

import re

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError


@asc.jit
def addresses(out: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    pipe = asc.TPipe()
    q1 = asc.TQue(asc.TPosition.VECIN, 2)
    b = asc.TBuf(asc.TPosition.VECCALC)
    q2 = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q1, 2, 1000)  # 2 x 1024: each buffer rounded up to 32 bytes
    pipe.init_buffer(b, 100)  # 128
    pipe.init_buffer(q2, 1, 64)
    t = q2.alloc_tensor(asc.float32)
    og.set_value(0, t.get_phy_addr())
    u = b.get(asc.float32)
    og.set_value(1, u.get_phy_addr())
    q2.free_tensor(t)


@asc.jit
def l1_overflow(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    a = asc.TQue(asc.TPosition.A1, 1)
    b = asc.TQue(asc.TPosition.B1, 1)
    pipe.init_buffer(a, 1, 300 * 1024)
    pipe.init_buffer(b, 1, 300 * 1024)


def test_addresses_are_the_simulators() -> None:
    out = np.zeros(2, np.uint64)
    addresses[1](out)
    ir = addresses.compile(out).asm["lowered_ir"]
    planned = [int(a) for a in re.findall(r"ascendc\.address = (\d+)", ir)]
    assert planned == [0, 2048, 2176]
    assert out.tolist() == [2176, 2048]  # q2's tensor, then b's


def test_l1_overflow_names_both_queues() -> None:
    with pytest.raises(CompileError) as e:
        l1_overflow.compile(np.zeros(8, np.float32), always_compile=True)
    text = str(e.value)
    assert "L1 overflow: the buffers need 614400 bytes but Ascend910B1 has 524288" in text
    assert "(%a 307200 B, %b 307200 B)" in text
    assert "pipe.init_buffer(b, 1, 300 * 1024)" in text
