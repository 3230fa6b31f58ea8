"""Python's `//` and `%` on runtime scalars, built from `arith` ops.

A kernel is written in Python, so `-7 // 2` is -4 and `-7 % 2` is 1 whether the operands
are compile-time constants (folded by Python) or runtime values. C++ truncates toward
zero instead, so the runtime forms are built here from plain `arith` ops that every
backend already knows (the printer needs nothing special):

* signed integers: `arith.floordivsi` for `//`; for `%`, `remsi` plus the divisor when
  the remainder is non-zero and its sign differs from the divisor's. Unsigned integers
  are never negative: `divui`/`remui` are already Python's. Division by zero is an
  error on the simulator (undefined on the device), as in C.
* floats (f16, bf16, f32): CPython's `float_divmod` evaluated in f64 on the operands'
  exact values, then rounded once to the operands' type -- so the result is Python's
  result on those values, rounded like every other runtime float op. Its `fmod` is
  exact: ten reduction stages `r -= trunc(r / (|b| * 2**m)) * |b| * 2**m` for
  m = 261, 232, ..., 29, 0. Each stage's quotient is below 2**29, so with operands of at
  most 24 significant bits (all f32/f16/bf16 values) the f64 division truncates to the
  exact integer, the product is exact (29 + 24 bits) and so is the subtraction. IEEE
  special cases follow C's fmod (NaN for x % 0, inf % y; fmod(x, inf) = x) and CPython's
  sign rules; Python's ZeroDivisionError becomes NaN, as a float division by zero on
  the device gives inf or NaN rather than stopping.
* float64 runtime operands are refused (their 53-bit significands break the exact
  reduction).

Shifts (`<<`, `>>`) by a runtime amount are defined for every amount (C++ leaves a
shift by the type's width or more undefined): the amount is clamped to width - 1
before the shift op, so the op itself is always defined, and an amount outside
[0, width) (negative ones included, read as unsigned) gives what shifting by ever more
bits gives: 0 for `<<` and for `>>` of an unsigned value, the sign (0 or -1) for `>>`
of a signed one. A constant amount outside [0, width) is a compile error instead.

Compile-time folding (two Python values, `fold_limit`) is Python's, bounded: an int
result of more than `MAX_FOLD_BITS` bits (`10 ** 10 ** 8` would take hours; no runtime
type holds more than 64 bits anyway) or a sequence repeated to more than
`MAX_FOLD_LENGTH` items (`'a' * 10**11`) is refused before it is computed.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects import arith
from xdsl.dialects.builtin import Float64Type, f64
from xdsl.ir import Operation, SSAValue

from asc_xdsl.frontend.scalars import (
    _ARITH,
    _binary_op,
    _compare_op,
    _select_op,
    _signless_dtype,
    signless_type,
)

if TYPE_CHECKING:
    from asc_xdsl.dialects.dtypes import DataType
    from asc_xdsl.frontend.scalars import ScalarBuilder as CodeGenerator

MAX_FOLD_BITS = 8192
"""The largest int (in bits) a kernel may compute at compile time: 2**8192 has 2467
digits, well inside Python's 4300-digit limit for printing it."""
MAX_FOLD_LENGTH = 1 << 20
"""The longest str, bytes, tuple or list that `*` may build at compile time."""

_STAGES = tuple(range(261, -1, -29))
"""Reduction exponents: f32 operands have |a / b| < 2**277, and each stage leaves a
remainder below |b| * 2**m, so the next quotient stays below 2**29."""
_TRUNC_LIMIT = 2.0**29
_INTEGRAL = 2.0**52
"""f64 values at least this large are integers already (floor is the identity)."""


class _Ops:
    """Emits ops into the kernel being compiled (the binary, compare and select ops built
    as `scalars._binary_op` builds them); constants come from its table."""

    def __init__(self, g: CodeGenerator):
        self.g = g

    def op(self, op: Operation) -> SSAValue:
        return self.g.emit(op).results[0]

    def f64(self, value: float) -> SSAValue:
        from asc_xdsl.dialects import dtypes as dt

        return self.g.constant(value, dt.float64)

    def add(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(_binary_op(arith.AddfOp, a, b))

    def sub(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(_binary_op(arith.SubfOp, a, b))

    def mul(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(_binary_op(arith.MulfOp, a, b))

    def div(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(_binary_op(arith.DivfOp, a, b))

    def cmp(self, a: SSAValue, b: SSAValue, predicate: str) -> SSAValue:
        return self.op(_compare_op(arith.CmpfOp, a, b, predicate))

    def select(self, c: SSAValue, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(_select_op(c, a, b))

    def both(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(_binary_op(arith.AndIOp, a, b))

    def either(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(_binary_op(arith.OrIOp, a, b))

    def differ(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.op(_binary_op(arith.XOrIOp, a, b))

    def abs(self, x: SSAValue) -> SSAValue:
        return self.select(self.cmp(x, self.f64(0.0), "olt"), self.op(arith.NegfOp(x)), x)

    def trunc(self, x: SSAValue, limit: float, width: int) -> SSAValue:
        """x rounded toward zero, for |x| < limit <= 2**(width-1); other inputs give 0
        (never an out-of-range float-to-int conversion, which C++ leaves undefined)."""
        safe = self.select(self.cmp(self.abs(x), self.f64(limit), "olt"), x, self.f64(0.0))
        return self.op(arith.SIToFPOp(self.op(arith.FPToSIOp(safe, signless_type(width))), f64))

    def copysign_zero(self, sign_of: SSAValue) -> SSAValue:
        """+0.0 or -0.0 with the sign bit of `sign_of` (bits, so -0.0 counts too)."""
        i64 = signless_type(64)
        bits = self.op(arith.BitcastOp(sign_of, i64))
        sign = self.op(arith.AndIOp(bits, self.g.constant(-(1 << 63), _i64())))
        return self.op(arith.BitcastOp(sign, f64))


def _i64() -> DataType:
    from asc_xdsl.dialects import dtypes as dt

    return dt.int64


# -- integers -----------------------------------------------------------------------------


def int_floordiv(g: CodeGenerator, a: SSAValue, b: SSAValue) -> SSAValue:
    """Python's `a // b` on signless (signed) integers: rounds toward -inf."""
    return g.emit(_binary_op(arith.FloorDivSIOp, a, b)).results[0]


def int_mod(g: CodeGenerator, a: SSAValue, b: SSAValue, dtype: DataType) -> SSAValue:
    """Python's `a % b` on signless (signed) integers of `dtype`: the divisor's sign."""
    o = _Ops(g)
    r = o.op(_binary_op(arith.RemSIOp, a, b))
    zero = g.constant(0, dtype)
    nonzero = o.op(_compare_op(arith.CmpiOp, r, zero, "ne"))
    # The signs of r and b differ exactly when r ^ b is negative.
    signs_differ = o.op(_compare_op(arith.CmpiOp, o.differ(r, b), zero, "slt"))
    fix = o.both(nonzero, signs_differ)
    return o.select(fix, o.op(_binary_op(arith.AddiOp, r, b)), r)


# -- floats -------------------------------------------------------------------------------


def float_divmod(
    g: CodeGenerator, a: SSAValue, b: SSAValue, dtype: DataType
) -> tuple[SSAValue, SSAValue]:
    """(a // b, a % b) as Python computes them, rounded to `dtype` (f16, bf16, f32)."""
    o = _Ops(g)
    x = a if isinstance(a.type, Float64Type) else o.op(arith.ExtFOp(a, f64))
    y = b if isinstance(b.type, Float64Type) else o.op(arith.ExtFOp(b, f64))
    mod = _fmod(o, x, y)
    # CPython's float_divmod, in f64.
    zero, one = o.f64(0.0), o.f64(1.0)
    div = o.div(o.sub(x, mod), y)
    mod_nonzero = o.cmp(mod, zero, "une")  # NaN counts as non-zero, as in `if mod:`
    flip = o.both(mod_nonzero, o.differ(o.cmp(y, zero, "olt"), o.cmp(mod, zero, "olt")))
    mod = o.select(flip, o.add(mod, y), mod)
    div = o.select(flip, o.sub(div, one), div)
    mod = o.select(mod_nonzero, mod, o.copysign_zero(y))
    floor = o.trunc(div, _INTEGRAL, 64)
    floor = o.select(o.cmp(floor, div, "ogt"), o.sub(floor, one), floor)
    floor = o.select(o.cmp(o.abs(div), o.f64(_INTEGRAL), "olt"), floor, div)
    floor = o.select(o.cmp(o.sub(div, floor), o.f64(0.5), "ogt"), o.add(floor, one), floor)
    floordiv = o.select(o.cmp(div, zero, "une"), floor, o.copysign_zero(o.div(x, y)))
    target = dtype.ir_type()
    if isinstance(target, Float64Type):
        return floordiv, mod
    return o.op(arith.TruncFOp(floordiv, target)), o.op(arith.TruncFOp(mod, target))


def _fmod(o: _Ops, x: SSAValue, y: SSAValue) -> SSAValue:
    """C's fmod(x, y), exact for operands of at most 24 significant bits."""
    zero = o.f64(0.0)
    inf = o.f64(float("inf"))
    ax, ay = o.abs(x), o.abs(y)
    r = ax
    for m in _STAGES:
        step = o.mul(ay, o.f64(2.0**m)) if m else ay
        r = o.sub(r, o.mul(o.trunc(o.div(r, step), _TRUNC_LIMIT, 32), step))
    r = o.select(o.cmp(x, zero, "olt"), o.op(arith.NegfOp(r)), r)  # the sign of x
    nan = o.f64(float("nan"))
    invalid = o.either(o.either(o.cmp(x, y, "uno"), o.cmp(ax, inf, "oeq")), o.cmp(y, zero, "oeq"))
    r = o.select(o.cmp(ay, inf, "oeq"), x, r)
    return o.select(invalid, nan, r)


# -- shifts -------------------------------------------------------------------------------


def shift(g: CodeGenerator, op: str, a: SSAValue, amount: SSAValue, dtype: DataType) -> SSAValue:
    """`a << amount` / `a >> amount` on signless integers of `dtype` with a runtime
    amount, defined for every amount (see the module docstring)."""
    o = _Ops(g)
    width = dtype.bitwidth
    top = g.constant(width - 1, _signless_of(dtype))
    in_range = o.op(_compare_op(arith.CmpiOp, amount, top, "ule"))  # unsigned: negatives too
    clamped = o.select(in_range, amount, top)
    sint, uint, _ = _ARITH[op]
    op_class = uint if dtype.kind == "uint" else sint
    r = o.op(_binary_op(op_class, a, clamped))
    if op == ">>" and dtype.kind != "uint":
        return r  # a shift by width - 1 already gives the sign
    return o.select(in_range, r, g.constant(0, _signless_of(dtype)))


def _signless_of(dtype: DataType) -> DataType:
    return _signless_dtype(dtype) if dtype.kind == "uint" else dtype


# -- compile-time folding -----------------------------------------------------------------


def fold_limit(op: str, a: Any, b: Any) -> str | None:
    """Why Python's `a op b` on two compile-time values is too large to compute, or
    None (only `**`, `<<` and `*` can grow a value beyond its operands' sum)."""
    if op == "*":
        for seq, n in ((a, b), (b, a)):
            if isinstance(seq, str | bytes | tuple | list) and _is_int(n):
                if len(seq) * n > MAX_FOLD_LENGTH:
                    unit = {str: "characters", bytes: "bytes"}.get(type(seq), "items")
                    return (
                        f"{type(seq).__name__} * {_short(n)} would make "
                        f"{len(seq) * n} {unit}; compile-time sequences are limited to "
                        f"{MAX_FOLD_LENGTH} {unit}"
                    )
                return None
        if _is_int(a) and _is_int(b):
            return _too_wide(abs(a).bit_length() + abs(b).bit_length(), op, a, b)
        return None
    if not (_is_int(a) and _is_int(b)) or b <= 0:
        return None
    if op == "<<":
        return _too_wide(abs(a).bit_length() + b, op, a, b) if a else None
    if op == "**" and abs(a) > 1:
        return _too_wide(math.ceil(b * math.log2(abs(a))), op, a, b)
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int)  # (bool and IntEnum members too, as Python folds them)


def _too_wide(bits: int, op: str, a: Any, b: Any) -> str | None:
    if bits <= MAX_FOLD_BITS:
        return None
    return (
        f"{_short(a)} {op} {_short(b)} would be an integer of about {bits} bits; "
        f"compile-time integers are limited to {MAX_FOLD_BITS} bits (a runtime value "
        "holds at most 64)"
    )


def _short(value: int) -> str:
    """An int as text, or its size when its digits would fill the message."""
    if value.bit_length() <= 64:
        return str(int(value))
    return f"<a {value.bit_length()}-bit integer>"


__all__ = [
    "MAX_FOLD_BITS",
    "MAX_FOLD_LENGTH",
    "float_divmod",
    "fold_limit",
    "int_floordiv",
    "int_mod",
    "shift",
]
