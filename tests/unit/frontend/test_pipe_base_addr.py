"""`TPipe.get_base_addr(logic_pos)`: pyasc's signature (default None) and, as in pyasc,
a position is required: GetBaseAddr has no default."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError


@asc.jit
def base_addresses(out: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    pipe = asc.TPipe()
    og[0] = pipe.get_base_addr(asc.TPosition.VECIN)
    og[1] = pipe.get_base_addr(logic_pos=asc.TPosition.A1)


def test_ir_ascend_c_and_the_simulator():
    out = np.full(2, 7, np.uint64)
    compiled = base_addresses.compile(out, always_compile=True)
    assert "ascendc.pipe.get_base_addr %pipe, vecin : ui64" in compiled.asm["ir"]
    assert "ascendc.pipe.get_base_addr %pipe, a1 : ui64" in compiled.asm["ir"]
    base_addresses[1](out, backend="cpu")
    assert out.tolist() == [0, 0]  # on-chip addresses start at 0 on the device


@asc.jit
def no_position():
    pipe = asc.TPipe()
    pipe.get_base_addr()


def test_without_a_position_it_is_a_located_error():
    with pytest.raises(CompileError, match="get_base_addr needs logic_pos") as e:
        no_position.compile(always_compile=True)
    assert "pipe.get_base_addr()" in str(e.value)
