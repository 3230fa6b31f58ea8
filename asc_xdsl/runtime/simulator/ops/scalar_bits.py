"""The scalar unit's bit operations and ScalarCast (S pipe), as the Ascend C docs
define them on 64-bit values:

* `ScalarGetSFFValue<v>(x)`: the position of the lowest bit of x equal to v, -1 if none;
* `ScalarGetCountOfValue<v>(x)`: how many of x's 64 bits equal v;
* `ScalarCountLeadingZero(x)`: the zero bits above the highest one (64 for 0);
* `CountBitsCntSameAsSignBit(x)`: the bits below the sign bit equal to it, counted from
  the top (-1 for 0 and -1, as documented);
* `ScalarCast<float, T, roundMode>(x)`: float to half (CAST_ODD) or int32_t (CAST_ROUND,
  CEIL, FLOOR, RINT), the documented combinations (`cast.py`: saturating, as the vector
  Cast).
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc import scalar as sc
from asc_xdsl.enums import RoundMode
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import np_dtype, to_scalar
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.ops.cast import cast_array

_MASK = (1 << 64) - 1
_CAST_MODES = {
    np.dtype(np.float16): (RoundMode.CAST_ODD,),
    np.dtype(np.int32): (
        RoundMode.CAST_ROUND,
        RoundMode.CAST_CEIL,
        RoundMode.CAST_FLOOR,
        RoundMode.CAST_RINT,
    ),
}
"""ScalarCast's documented (result type -> round modes)."""


def sff(x: int, bit: int) -> int:
    x &= _MASK
    y = x if bit else ~x & _MASK
    return (y & -y).bit_length() - 1  # -1 when no bit is set


def count_of(x: int, bit: int) -> int:
    ones = (x & _MASK).bit_count()
    return ones if bit else 64 - ones


def leading_zeros(x: int) -> int:
    return 64 - (x & _MASK).bit_length()


def same_as_sign(x: int) -> int:
    x &= _MASK
    if x in (0, _MASK):
        return -1
    y = ~x & _MASK if x >> 63 else x  # make the sign 0: count the zeros after it
    return 63 - y.bit_length()


@handles(sc.ScalarGetSFFValueOp, sc.ScalarGetCountOfValueOp)
def _count_value(op, comp):
    x, v, r = comp.slot(op.value_in), comp.slot(op.count_value), comp.slot(op.results[0])
    fn = sff if isinstance(op, sc.ScalarGetSFFValueOp) else count_of
    t = op.results[0].type

    def run(e, c, _op=op):
        e[r] = to_scalar(t, fn(int(e[x]), int(e[v]) & 1))

    return run


@handles(sc.ScalarCountLeadingZeroOp, sc.CountBitsCntSameAsSignBitOp)
def _bits(op, comp):
    x, r = comp.slot(op.value_in), comp.slot(op.count)
    fn = leading_zeros if isinstance(op, sc.ScalarCountLeadingZeroOp) else same_as_sign
    t = op.count.type

    def run(e, c, _op=op):
        e[r] = to_scalar(t, fn(int(e[x])))

    return run


@handles(sc.ScalarCastOp)
def _scalar_cast(op, comp):
    x, r = comp.slot(op.value_in), comp.slot(op.value_out)
    t = op.value_out.type
    dt, mode = np_dtype(t), op._call_item("roundMode")
    if mode not in _CAST_MODES.get(dt, ()):
        allowed = ", ".join(m.name for m in _CAST_MODES.get(dt, ()))
        raise SimulatorError(
            f"ScalarCast from float to {dt} takes {allowed or 'no round mode'}, not {mode.name}"
        )

    def run(e, c, _op=op):
        out = cast_array(np.array([e[x]], np.float32), False, dt, False, mode)
        e[r] = to_scalar(t, out[0])

    return run
