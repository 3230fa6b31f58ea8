"""`emitasc.constant`: a literal, or a constant of the Ascend C headers by its C++ name
(`asc.property(asc.DEFAULT_C0_SIZE)` emits `::AscendC::DEFAULT_C0_SIZE`); and
`emitasc.cast`, C's `(T) x` between scalars (the two ops MLIR's emitc names); and
`ascendc.float_constant`, a HiFloat8 constant (held as its code).

The sizes of on-chip memories come from the launch's platform; the others are the
headers' fixed values (kernel_utils.h: 32-byte blocks).
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, IntegerType
from xdsl.dialects.emitc import EmitC_OpaqueAttr

from asc_xdsl.dialects.ascendc.scalar import FloatConstantOp
from asc_xdsl.dialects.emitasc import CastOp, ConstantOp
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import int_range, to_scalar
from asc_xdsl.runtime.simulator.errors import UnsupportedOpError
from asc_xdsl.runtime.simulator.float8 import float8_code

FIXED = {"DEFAULT_C0_SIZE": 32, "ONE_BLK_SIZE": 32}
"""Header constants that do not depend on the platform."""
MEMORY_SIZES = {"TOTAL_L1_SIZE": "L1", "TOTAL_L0C_SIZE": "L0C", "TOTAL_UB_SIZE": "UB"}
"""Header constants that are an on-chip memory's size in bytes."""


@handles(ConstantOp)
def _constant(op, comp):
    value, r, t = op.value, comp.slot(op.results[0]), op.results[0].type
    if isinstance(value, IntegerAttr | FloatAttr):
        comp.constant(op.results[0], to_scalar(t, value.value.data))
        return None
    name = value.value.data if isinstance(value, EmitC_OpaqueAttr) else str(value)
    short = name.removeprefix("::").removeprefix("AscendC::")
    if short in FIXED:
        comp.constant(op.results[0], to_scalar(t, FIXED[short]))
        return None
    if short in MEMORY_SIZES:
        mem = MEMORY_SIZES[short]

        def run(e, c, _op=op):
            e[r] = to_scalar(t, c.onchip.capacity(mem))

        return run
    raise UnsupportedOpError(
        f"the CPU simulator does not know the value of {name!r} (known: "
        f"{', '.join(sorted([*FIXED, *MEMORY_SIZES]))})"
    )


@handles(CastOp)
def _c_cast(op, comp):
    """`(T) x`: an integer wraps to T's width, `(bool) x` is `x != 0`, a float converts
    to an integer toward zero (saturated, NaN as 0: as `arith.fptosi` here), anything
    converts to a float type by value."""
    a, r, t = comp.slot(op.source), comp.slot(op.result), op.result.type
    if not isinstance(t, IntegerType | IndexType):

        def to_float(e, c, _op=op):
            e[r] = to_scalar(t, e[a])

        return to_float
    width, signed = int_range(t)
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)

    def to_int(e, c, _op=op):
        x = e[a]
        if width == 1:
            e[r] = bool(x != 0)
        elif isinstance(x, float | np.floating):
            e[r] = 0 if x != x else int(min(max(np.trunc(x), lo), hi))
        else:
            e[r] = to_scalar(t, x)

    return to_int


@handles(FloatConstantOp)
def _float8_constant(op, comp):
    """`ascendc.float_constant`: the code of its value (an 8-bit float is its code here)."""
    comp.constant(op.results[0], float8_code(op.results[0].type, op._prop("value").value.data))
