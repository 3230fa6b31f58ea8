"""The vector mask register's ops: SetVectorMask, ResetMask, SetMaskCount/Norm (S pipe).

`SetVectorMask<T, NORMAL>(len)` writes the first `len` bits as the continuous form of
a vector op does; `SetVectorMask<T, COUNTER>(len)` writes `len` as the count;
`SetVectorMask(high, low)` writes both words. The mode switch is separate
(`SetMaskCount` / `SetMaskNorm`), as on hardware.
"""

from __future__ import annotations

from asc_xdsl.dialects.ascendc import vec_misc as misc
from asc_xdsl.dialects.ascendc.enums import MaskMode
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.vmask import FULL, LOW64, bits_of, continuous_bits


def _counter_mode(op) -> bool:
    attr = op.properties.get("mode")
    return attr is not None and MaskMode.from_attr(attr) is MaskMode.COUNTER


@handles(misc.SetVectorMaskL0Op)
def _set_vector_mask_len(op, comp):
    n = comp.slot(op.len)
    counter = _counter_mode(op)
    erep = 256 // np_dtype(op.properties["dtype"]).itemsize

    def run(e, c, _op=op):
        length = int(e[n])
        if length < 0:
            raise SimulatorError(f"SetVectorMask of a negative length {length}")
        c.vmask.bits = (length & LOW64) if counter else continuous_bits(length, erep)

    return run


@handles(misc.SetVectorMaskL1Op)
def _set_vector_mask_bits(op, comp):
    hi, lo = comp.slot(op.mask_high), comp.slot(op.mask_low)

    def run(e, c, _op=op):
        c.vmask.bits = bits_of([e[lo], e[hi]])

    return run


@handles(misc.ResetMaskOp)
def _reset_mask(op, comp):
    def run(e, c, _op=op):
        c.vmask.bits = FULL

    return run


@handles(misc.SetMaskCountOp, misc.SetMaskNormOp)
def _mask_mode(op, comp):
    counter = isinstance(op, misc.SetMaskCountOp)

    def run(e, c, _op=op):
        c.vmask.counter = counter

    return run
