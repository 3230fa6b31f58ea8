"""Evaluating `arith` ops on constants, for `sccp`: MLIR's folders' semantics.

`evaluate(op, operands)` gives the constant results of `op` on constant operands
(`IntegerAttr`/`FloatAttr`), or None when it does not fold. Integers are signless
values of their width (`index` is 64-bit) read as two's complement signed, or unsigned
by the `u` ops and predicates; floats are computed in double precision and rounded once
to f16/f32 (exact for one IEEE operation: a double holds more than twice their
significands); bf16 and other types are not folded. An op is not folded where it is
undefined (division by zero, `INT_MIN / -1`, a shift by the width or more, a float to
integer conversion out of range): it stays, and does what it does at run time.

xDSL's own folding (`SignlessIntegerBinaryOperation.py_operation`) is used where it
exists (add, sub, mul, and, or, xor); xDSL's interpreter has more, but importing it
loads every dialect's interpreter (about half a second on a compile).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
)
from xdsl.ir import Attribute, Operation

INDEX_BITS = 64
"""`index` is 64-bit (the device's size_t; the simulator's too)."""


def _rounding(np_type: type[np.floating[Any]]) -> Callable[[float], float]:
    def rounded(v: float) -> float:
        with np.errstate(over="ignore"):  # beyond the type's range it is inf, quietly
            return float(np_type(v))

    return rounded


ROUNDING: dict[type, Callable[[float], float]] = {
    Float16Type: _rounding(np.float16),
    Float32Type: _rounding(np.float32),
    Float64Type: float,
}
"""The float types folded, and how a double is rounded to each."""

Number = int | float


def width(t: Attribute) -> int | None:
    if isinstance(t, IntegerType):
        return t.width.data
    if isinstance(t, IndexType):
        return INDEX_BITS
    return None


def normalize(v: int, w: int) -> int:
    """`v` in `w` bits as it is stored: i1 as 0/1, wider types two's-complement signed."""
    v &= (1 << w) - 1
    if w > 1 and v >> (w - 1):
        v -= 1 << w
    return v


def _signed(v: int, w: int) -> int:
    return -(v & 1) if w == 1 else normalize(v, w)


def _unsigned(v: int, w: int) -> int:
    return v & ((1 << w) - 1)


def attribute(value: Number, t: Attribute) -> Attribute | None:
    """The constant of type `t` holding `value`, if the type is folded."""
    if (w := width(t)) is not None:
        return IntegerAttr(normalize(int(value), w), t)  # type: ignore[arg-type]
    rounding = ROUNDING.get(type(t))
    if rounding is not None:
        return FloatAttr(rounding(float(value)), t)  # type: ignore[arg-type]
    return None


def number(attr: Attribute) -> Number | None:
    """The value of a constant: an integer as `normalize` stores it (IR may spell a
    signless value either way: `4294967295 : i32` is -1), a float in its type's
    precision (None for a type not folded)."""
    if isinstance(attr, IntegerAttr):
        w = width(attr.type)
        return attr.value.data if w is None else normalize(attr.value.data, w)
    if isinstance(attr, FloatAttr):
        rounding = ROUNDING.get(type(attr.type))  # `0.1 : f32` is the f32 nearest 0.1
        return None if rounding is None else rounding(attr.value.data)
    return None


# -- integer binary ops: (signedness of the operands, function; None = undefined) ----


def _div_trunc(a: int, b: int) -> int | None:
    if b == 0:
        return None
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _rem_trunc(a: int, b: int) -> int | None:
    q = _div_trunc(a, b)
    return None if q is None else a - b * q


def _div_floor(a: int, b: int) -> int | None:
    return None if b == 0 else a // b


def _div_ceil(a: int, b: int) -> int | None:
    return None if b == 0 else -(-a // b)


def _rem_floor(a: int, b: int) -> int | None:
    return None if b == 0 else a % b


_INT_BINARY: dict[type[Operation], tuple[bool, Callable[[int, int], int | None]]] = {
    arith.DivSIOp: (True, _div_trunc),
    arith.RemSIOp: (True, _rem_trunc),
    arith.FloorDivSIOp: (True, _div_floor),
    arith.CeilDivSIOp: (True, _div_ceil),
    arith.DivUIOp: (False, _div_floor),
    arith.RemUIOp: (False, _rem_floor),
    arith.CeilDivUIOp: (False, _div_ceil),
    arith.MaxSIOp: (True, max),
    arith.MinSIOp: (True, min),
    arith.MaxUIOp: (False, max),
    arith.MinUIOp: (False, min),
    arith.ShLIOp: (False, operator.lshift),
    arith.ShRSIOp: (True, operator.rshift),
    arith.ShRUIOp: (False, operator.rshift),
}
_SHIFTS = (arith.ShLIOp, arith.ShRSIOp, arith.ShRUIOp)
_SIGNED_DIVISIONS = (arith.DivSIOp, arith.FloorDivSIOp, arith.CeilDivSIOp)


def _int_binary(op: Operation, a: int, b: int) -> int | None:
    w = width(op.results[0].type) or INDEX_BITS
    if isinstance(op, arith.SignlessIntegerBinaryOperation):
        r = op.py_operation(_signed(a, w), _signed(b, w))  # xDSL's folding
        if r is not None:
            return r
    entry = _INT_BINARY.get(type(op))
    if entry is None:
        return None
    signed, fn = entry
    if isinstance(op, _SHIFTS) and not 0 <= _unsigned(b, w) < w:
        return None  # poison
    sa, sb = (_signed(a, w), _signed(b, w)) if signed else (_unsigned(a, w), _unsigned(b, w))
    if isinstance(op, _SIGNED_DIVISIONS) and sb == -1 and sa == -(1 << (w - 1)):
        return None  # overflows
    if isinstance(op, _SHIFTS):
        sb = _unsigned(b, w)
    return fn(sa, sb)


_CMPI: list[tuple[bool, Callable[[int, int], bool]]] = [
    (True, operator.eq),
    (True, operator.ne),
    (True, operator.lt),
    (True, operator.le),
    (True, operator.gt),
    (True, operator.ge),
    (False, operator.lt),
    (False, operator.le),
    (False, operator.gt),
    (False, operator.ge),
]
"""`arith.cmpi` predicates by number: (signed, comparison)."""


def _cmpi(op: arith.CmpiOp, a: int, b: int) -> int | None:
    w = width(op.lhs.type) or INDEX_BITS
    p = op.predicate.value.data
    if not 0 <= p < len(_CMPI):
        return None  # not a predicate (the verifier does not check it)
    signed, cmp = _CMPI[p]
    conv = _signed if signed else _unsigned
    return int(cmp(conv(a, w), conv(b, w)))


_CMPF: list[Callable[[float, float], bool] | None] = [
    None, operator.eq, operator.gt, operator.ge, operator.lt, operator.le, operator.ne,
]  # fmt: skip
"""`arith.cmpf` predicates 1-6 (ordered) and 8-13 (the same + 7, unordered) by number."""


def _cmpf(op: arith.CmpfOp, a: float, b: float) -> int | None:
    p = op.predicate.value.data
    if not 0 <= p <= 15:
        return None  # not a predicate
    unordered = math.isnan(a) or math.isnan(b)
    if p in (0, 15):
        return int(p == 15)
    if p == 7:
        return int(not unordered)
    if p == 14:
        return int(unordered)
    cmp = _CMPF[p if p < 7 else p - 7]
    assert cmp is not None
    return int(unordered if p > 7 and unordered else (not unordered and cmp(a, b)))


def _nan_propagating(pick: Callable[[float, float], float]) -> Callable[[float, float], float]:
    def fn(a: float, b: float) -> float:
        if math.isnan(a) or math.isnan(b):
            return math.nan
        if a == b == 0:  # -0.0 < +0.0
            return pick(math.copysign(1, a), math.copysign(1, b)) * 0.0
        return pick(a, b)

    return fn


def _nan_ignoring(pick: Callable[[float, float], float]) -> Callable[[float, float], float]:
    def fn(a: float, b: float) -> float:
        if math.isnan(a):
            return b
        if math.isnan(b):
            return a
        return _nan_propagating(pick)(a, b)

    return fn


def _divf(a: float, b: float) -> float | None:
    return None if b == 0 else a / b  # x / 0 (inf or NaN) is left to the device


_FLOAT_BINARY: dict[type[Operation], Callable[[float, float], float | None]] = {
    arith.AddfOp: operator.add,
    arith.SubfOp: operator.sub,
    arith.MulfOp: operator.mul,
    arith.DivfOp: _divf,
    arith.MaximumfOp: _nan_propagating(max),
    arith.MinimumfOp: _nan_propagating(min),
    arith.MaxnumfOp: _nan_ignoring(max),
    arith.MinnumfOp: _nan_ignoring(min),
}


def _int_cast(op: Operation, a: int) -> int:
    src = width(op.operands[0].type) or INDEX_BITS
    zero_extend = isinstance(op, arith.ExtUIOp)
    return _unsigned(a, src) if zero_extend else _signed(a, src)


def _int_to_float(op: Operation, a: int) -> float | None:
    src = width(op.operands[0].type) or INDEX_BITS
    v = _unsigned(a, src) if isinstance(op, arith.UIToFPOp) else _signed(a, src)
    return float(v) if abs(v) <= 1 << 53 else None  # exact in a double: rounded once


def _float_to_int(op: Operation, a: float) -> int | None:
    w = width(op.results[0].type) or INDEX_BITS
    if math.isnan(a) or math.isinf(a):
        return None
    v = math.trunc(a)
    unsigned = isinstance(op, arith.FPToUIOp)
    lo, hi = (0, (1 << w) - 1) if unsigned else (-(1 << (w - 1)), (1 << (w - 1)) - 1)
    return v if lo <= v <= hi else None  # out of range: poison


_UNARY: dict[type[Operation], Callable[[Operation, Number], Number | None]] = {
    arith.IndexCastOp: _int_cast,
    arith.ExtSIOp: _int_cast,
    arith.ExtUIOp: _int_cast,
    arith.TruncIOp: _int_cast,  # normalized to the result's width by `attribute`
    arith.SIToFPOp: _int_to_float,  # type: ignore[dict-item]
    arith.UIToFPOp: _int_to_float,  # type: ignore[dict-item]
    arith.FPToSIOp: _float_to_int,  # type: ignore[dict-item]
    arith.FPToUIOp: _float_to_int,  # type: ignore[dict-item]
    arith.ExtFOp: lambda op, a: a,
    arith.TruncFOp: lambda op, a: a,  # rounded to the result's type by `attribute`
    arith.NegfOp: lambda op, a: -a,
}


def evaluate(op: Operation, operands: Sequence[Attribute]) -> list[Attribute] | None:
    """`op`'s results on these constant operands (None: not folded)."""
    args = [number(a) for a in operands]
    if any(a is None for a in args) or len(op.results) != 1:
        return None
    result: Number | None
    if isinstance(op, arith.CmpiOp):
        result = _cmpi(op, *args)  # type: ignore[arg-type]
    elif isinstance(op, arith.CmpfOp):
        result = _cmpf(op, *args)  # type: ignore[arg-type]
    elif isinstance(op, arith.SelectOp):
        result = args[1] if args[0] else args[2]
    elif (binary := _FLOAT_BINARY.get(type(op))) is not None:
        result = binary(*args)  # type: ignore[arg-type]
    elif (unary := _UNARY.get(type(op))) is not None:
        result = unary(op, args[0])  # type: ignore[arg-type]
    elif len(args) == 2 and width(op.results[0].type) is not None:
        result = _int_binary(op, *args)  # type: ignore[arg-type]
    else:
        return None
    if result is None:
        return None
    attr = attribute(result, op.results[0].type)
    return None if attr is None else [attr]
