"""The scalar unit's bit operations and ScalarCast on the simulator, against the Ascend
C docs' examples and Python's integers."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.runtime.simulator import SimulatorError


@asc.jit
def bits(out: asc.GlobalAddress, xs: asc.GlobalAddress, ss: asc.GlobalAddress):
    o, xg, sg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    o.set_global_buffer(out)
    xg.set_global_buffer(xs)
    sg.set_global_buffer(ss)
    x = xg[0]
    s = sg[0]
    o[0] = asc.scalar_get_sff_value(x, 1)
    o[1] = asc.scalar_get_sff_value(x, 0)
    o[2] = asc.scalar_get_count_of_value(x, 1)
    o[3] = asc.scalar_get_count_of_value(x, 0)
    o[4] = asc.scalar_count_leading_zero(x)
    o[5] = asc.count_bits_cnt_same_as_sign_bit(s)


@pytest.mark.parametrize(
    ("x", "s", "want"),
    [  # the docs' examples: GetSFFValue<1>(0x1000000000000100) = 8, CountLeadingZero(
        # 0x0100000000000020) = 7, CountBitsCntSameAsSignBit(0x0100000000000020) = 6
        (0x1000000000000100, 0x0100000000000020, [8, 0, 2, 62, 3, 6]),
        (0x0100000000000020, 0, [5, 0, 2, 62, 7, -1]),
        (0, -1, [-1, 0, 0, 64, 64, -1]),
        ((1 << 64) - 1, 0x7FFFFFFFFFFFFFFF, [0, -1, 64, 0, 0, 0]),
        (0xFFFF, -0x8000000000000000, [0, 16, 16, 48, 48, 0]),
        (0x8000000000000000, -3, [63, 0, 1, 63, 0, 61]),
    ],
)
def test_bit_operations(x, s, want):
    out = np.zeros(8, np.int64)
    bits[1](out, np.array([x], np.uint64), np.array([s], np.int64), backend="cpu")
    assert out[:6].tolist() == want


@asc.jit
def casts(out: asc.GlobalAddress, h: asc.GlobalAddress, v: float):
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    o[0] = asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_ROUND)
    o[1] = asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_FLOOR)
    o[2] = asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_CEIL)
    o[3] = asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_RINT)
    g = asc.GlobalTensor()
    g.set_global_buffer(h)
    g[0] = asc.scalar_cast(v, asc.float16, asc.RoundMode.CAST_ODD)


@pytest.mark.parametrize(
    ("v", "ints", "half"),
    [  # a finite float past half's range saturates (as the vector Cast)
        (2.5, [3, 2, 3, 2], 2.5),
        (-2.5, [-3, -3, -2, -2], -2.5),
        (3e10, [2**31 - 1] * 4, 65504.0),
    ],
)
def test_scalar_cast(v, ints, half):
    out, h = np.zeros(4, np.int32), np.zeros(16, np.float16)
    casts[1](out, h, np.float32(v), backend="cpu")
    assert out.tolist() == ints
    assert h[0] == np.float16(half)


def test_scalar_cast_to_half_rounds_to_odd():
    out, h = np.zeros(4, np.int32), np.zeros(16, np.float16)
    casts[1](out, h, np.float32(3.14159265), backend="cpu")
    assert h[0] == np.float16(3.142578)  # the docs' example (nearest is 3.140625)


@asc.jit
def bad_cast(out: asc.GlobalAddress, v: float):
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    o[0] = asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_TRUNC)


def test_undocumented_cast_mode_is_an_error():
    with pytest.raises(
        SimulatorError, match="takes CAST_ROUND, CAST_CEIL, CAST_FLOOR, CAST_RINT, not CAST_TRUNC"
    ):
        bad_cast[1](np.zeros(4, np.int32), np.float32(1.5), backend="cpu")
