"""Scalar math: the `math` dialect's ops (their own family: a kernel without them does
not import xDSL's math dialect). The float ops round as C does in the op's type."""

from __future__ import annotations

import math as pymath
from fractions import Fraction

import numpy as np
from xdsl.dialects import math

from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import int_range, np_dtype, wrap_int
from asc_xdsl.runtime.simulator.ops.scalar import float_binary, float_unary


def _powf(x, y) -> float:
    """C's pow in double (numpy's power makes pow(-inf, 0.5) NaN, C and MLIR +inf)."""
    x, y = float(x), float(y)
    try:
        return pymath.pow(x, y)
    except ValueError:  # zero to a negative power (a pole), or a negative base
        if x == 0:
            odd = y == int(y) and int(y) % 2 == 1
            return pymath.copysign(pymath.inf, x) if odd else pymath.inf
        return pymath.nan  # to a non-integer power
    except OverflowError:
        odd = y == int(y) and int(y) % 2 == 1
        return -pymath.inf if x < 0 and odd else pymath.inf


_MATH_BINARY = {
    math.PowFOp: lambda x, y: _powf(x, y),
    math.Atan2Op: np.arctan2,
    math.CopySignOp: np.copysign,
}


handles(*_MATH_BINARY)(float_binary(_MATH_BINARY))


def _round_half_away(x):
    """math.round: halves away from zero. (`floor(|x| + 0.5)` is wrong where the sum
    rounds: the float below 0.5, odd integers past 2**(precision - 1).)"""
    if not np.isfinite(x):
        return x
    whole = np.floor(np.abs(x))
    if np.abs(x) - whole >= 0.5:  # exact: a float's fraction is a float
        whole += 1
    return np.copysign(whole, x)


_MATH_UNARY = {
    math.AbsFOp: np.abs,
    math.ExpOp: np.exp,
    math.Exp2Op: np.exp2,
    math.ExpM1Op: np.expm1,
    math.LogOp: np.log,
    math.Log2Op: np.log2,
    math.Log10Op: np.log10,
    math.Log1pOp: np.log1p,
    math.SqrtOp: np.sqrt,
    math.RsqrtOp: lambda x: 1 / np.sqrt(x),
    math.SinOp: np.sin,
    math.CosOp: np.cos,
    math.TanOp: np.tan,
    math.TanhOp: np.tanh,
    math.SinhOp: np.sinh,
    math.CoshOp: np.cosh,
    math.AsinOp: np.arcsin,
    math.AcosOp: np.arccos,
    math.AtanOp: np.arctan,
    math.FloorOp: np.floor,
    math.CeilOp: np.ceil,
    math.TruncOp: np.trunc,
    math.RoundEvenOp: np.rint,
    math.CbrtOp: np.cbrt,
    math.RoundOp: lambda x: _round_half_away(x),
}


handles(*_MATH_UNARY)(float_unary(_MATH_UNARY))


def fused_multiply_add(x, y, z, cast):
    """x * y + z rounded once to the float type `cast` (math.fma), exactly: the sum is
    computed as a fraction and rounded to nearest, ties to even."""
    x, y, z = float(x), float(y), float(z)
    if not (np.isfinite(x) and np.isfinite(y)):
        return cast(x * y + z)  # an infinite or NaN product: IEEE's rules
    if not np.isfinite(z):
        return cast(z)  # a finite product (however large) and an infinite or NaN addend
    exact = Fraction(x) * Fraction(y) + Fraction(z)
    if exact == 0:  # -0 only if both terms are -0
        negative = np.signbit(x) != np.signbit(y) and np.signbit(z)
        return cast(-0.0 if negative else 0.0)
    info = np.finfo(cast)
    magnitude = abs(exact)
    exponent = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    if Fraction(2) ** exponent > magnitude:
        exponent -= 1
    ulp = Fraction(2) ** (max(exponent, int(info.minexp)) - int(info.nmant))
    n, rest = divmod(magnitude / ulp, 1)
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2):
        n += 1
    try:
        rounded = float(n * ulp)  # exact
    except OverflowError:
        rounded = float("inf")
    with np.errstate(over="ignore"):
        return cast(-rounded if exact < 0 else rounded)


@handles(math.FmaOp)
def _fma(op, comp):
    a, b, d, r = [*comp.slots_of(op.operands), comp.slot(op.result)]
    cast = np_dtype(op.result.type).type

    def run(e, c, _op=op):
        e[r] = fused_multiply_add(e[a], e[b], e[d], cast)

    return run


@handles(math.AbsIOp)
def _absi(op, comp):
    a, r = comp.slot(op.operands[0]), comp.slot(op.result)
    width, signed = int_range(op.result.type)

    def run(e, c, _op=op):
        e[r] = wrap_int(abs(e[a]), width, signed)

    return run
