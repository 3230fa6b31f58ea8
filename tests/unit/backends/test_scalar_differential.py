"""Scalar arith/math ops, three ways: the C++ our printer writes (compiled with the host g++,
`-std=c++17` at -O1, or at bisheng's -O3 under `ASC_XDSL_FUZZ_PROFILE=long`, plus UBSan so
that C++ undefined behaviour fails the test instead of hiding), the CPU simulator running
the same IR, and MLIR's documented semantics written out here in Python. All three must
agree on every edge value (signed zeros, infinities, NaN, each width's minimum and maximum,
-1, shift
amounts at and past the width, division by -1 at the minimum).

The ops come from the printer's handler table: an `arith.`/`math.` op it prints must be
in `ORACLES` or in `EXCLUDED` with a reason, so a new op is tested or the test fails.

Where MLIR leaves a result open the test pins our documented choice instead of comparing
garbage (docs/printer.md, "Scalar semantics"):
* poison (a shift by the width or more, a float-to-int conversion out of range): the
  C++ must stay defined (UBSan) and C++ and simulator give the documented value;
* undefined behaviour (integer division by zero, signed division overflow): the C++ is
  not run; the simulator refuses (SimulatorError) or gives its documented value.
Floats compare bitwise (any NaN matches any NaN), except the transcendental functions,
whose accuracy MLIR does not fix: those compare within a few ULPs of the correctly
rounded result, with NaN, infinities and exact cases (zeros) exact.
"""

from __future__ import annotations

import functools
import io
import itertools
import math
import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import fuzz_budget
import numpy as np
import pytest
from xdsl.parser import Parser

from asc_xdsl.backends.ascendc.errors import EmissionError
from asc_xdsl.backends.ascendc.printer import _HANDLERS, emit_ascendc
from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.runtime.simulator.backend import BlockContext
from asc_xdsl.runtime.simulator.compile import Program
from asc_xdsl.runtime.simulator.errors import SimulatorError
from asc_xdsl.runtime.simulator.platform import get_platform

# ---------------------------------------------------------------------------
# Types and their values, as bit patterns
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Ty:
    mlir: str
    width: int
    float: bool = False
    unsigned: bool = False  # ui*: the C++ type reads the bits unsigned

    @property
    def mask(self) -> int:
        return (1 << self.width) - 1


I1, I8, I16, I32, I64 = (Ty(f"i{w}", w) for w in (1, 8, 16, 32, 64))
INDEX = Ty("index", 64)
UI8, UI16, UI32, UI64 = (Ty(f"ui{w}", w, unsigned=True) for w in (8, 16, 32, 64))
F16, F32, F64 = Ty("f16", 16, True), Ty("f32", 32, True), Ty("f64", 64, True)
SIGNLESS = (I1, I8, I16, I32, I64, INDEX)
UNSIGNED = (UI8, UI16, UI32, UI64)
FLOATS = (F16, F32, F64)
NP_FLOAT = {16: np.float16, 32: np.float32, 64: np.float64}
NP_BITS = {16: np.uint16, 32: np.uint32, 64: np.uint64}
PRECISION = {16: 11, 32: 24, 64: 53}


def signed(bits: int, t: Ty) -> int:
    return bits - (1 << t.width) if bits >> (t.width - 1) else bits


def to_float(bits: int, t: Ty):
    return np.array(bits, NP_BITS[t.width]).view(NP_FLOAT[t.width])[()]


def float_bits(x, t: Ty) -> int:
    return int(np.array(x, NP_FLOAT[t.width]).view(NP_BITS[t.width])[()])


def int_values(t: Ty) -> list[int]:
    """0, ±1, ±2, 3, 7, the width and its neighbours (shift amounts), the extremes."""
    if t.width == 1:
        return [0, 1]
    w = t.width
    lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
    values = [0, 1, -1, 2, -2, 3, 7, w - 1, w, w + 1, lo, hi, lo + 1, hi - 1]
    return sorted({v & t.mask for v in values})


def float_values(t: Ty) -> list[int]:
    f = NP_FLOAT[t.width]
    finfo = np.finfo(f)
    below_half = np.nextafter(f(0.5), f(0))  # round() must not add 0.5 and floor
    odd = f(2.0 ** (PRECISION[t.width] - 1) + 1)  # x + 0.5 rounds up: round() again
    xs = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, below_half, 1.5, -2.5, 3.0, odd, -odd]
    xs += [finfo.max, -finfo.max, finfo.smallest_subnormal, -finfo.smallest_subnormal]
    xs += [math.inf, -math.inf, math.nan]
    return [float_bits(f(x), t) for x in xs]


@functools.cache
def values(t: Ty) -> list[int]:
    return float_values(t) if t.float else int_values(t)


# ---------------------------------------------------------------------------
# Outcomes the oracle can state besides a value
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Poison:
    """MLIR: poison. Ours: `value` (C++ and simulator, both defined)."""

    value: int


@dataclass(frozen=True)
class Undefined:
    """MLIR: undefined behaviour. The C++ is not run; the simulator gives `value`, or
    refuses (SimulatorError) when it is None."""

    value: int | None = None


# ---------------------------------------------------------------------------
# MLIR's semantics, on bit patterns
# ---------------------------------------------------------------------------

IntFn = Callable[[int, int, Ty], "int | Poison | Undefined"]


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _signed_division(fn: Callable[[int, int], int]) -> IntFn:
    def oracle(a: int, b: int, t: Ty):
        sa, sb = signed(a, t), signed(b, t)
        if sb == 0:
            return Undefined()
        if sa == -(1 << (t.width - 1)) and sb == -1:  # the quotient overflows
            return Undefined(a)  # the simulator wraps: the minimum
        return fn(sa, sb) & t.mask

    return oracle


def _unsigned_division(fn: Callable[[int, int], int]) -> IntFn:
    return lambda a, b, t: Undefined() if b == 0 else fn(a, b) & t.mask


def _remsi(a: int, b: int, t: Ty):
    sa, sb = signed(a, t), signed(b, t)
    if sb == 0:
        return Undefined()
    if sa == -(1 << (t.width - 1)) and sb == -1:  # llvm.srem: undefined
        return Undefined(0)
    return (sa - sb * _trunc_div(sa, sb)) & t.mask


def _shift(fn: Callable[[int, int, Ty], int], past: Callable[[int, Ty], int]) -> IntFn:
    """A shift; by the width or more (the amount read unsigned) it is poison, and ours
    is what shifting one bit at a time gives (`past`)."""
    return lambda a, b, t: Poison(past(a, t)) if b >= t.width else fn(a, b, t) & t.mask


def _sign_fill(a: int, t: Ty) -> int:
    return t.mask if signed(a, t) < 0 else 0


INT_BINARY: dict[str, IntFn] = {
    "arith.addi": lambda a, b, t: (a + b) & t.mask,
    "arith.subi": lambda a, b, t: (a - b) & t.mask,
    "arith.muli": lambda a, b, t: (a * b) & t.mask,
    "arith.andi": lambda a, b, t: a & b,
    "arith.ori": lambda a, b, t: a | b,
    "arith.xori": lambda a, b, t: a ^ b,
    "arith.divsi": _signed_division(_trunc_div),
    "arith.floordivsi": _signed_division(lambda a, b: a // b),
    "arith.ceildivsi": _signed_division(lambda a, b: -(-a // b)),
    "arith.remsi": _remsi,
    "arith.divui": _unsigned_division(lambda a, b: a // b),
    "arith.remui": _unsigned_division(lambda a, b: a % b),
    "arith.ceildivui": _unsigned_division(lambda a, b: -(-a // b)),
    "arith.maxsi": lambda a, b, t: a if signed(a, t) >= signed(b, t) else b,
    "arith.minsi": lambda a, b, t: a if signed(a, t) <= signed(b, t) else b,
    "arith.maxui": lambda a, b, t: max(a, b),
    "arith.minui": lambda a, b, t: min(a, b),
    "arith.shli": _shift(lambda a, b, t: a << b, lambda a, t: 0),
    "arith.shrui": _shift(lambda a, b, t: a >> b, lambda a, t: 0),
    "arith.shrsi": _shift(lambda a, b, t: signed(a, t) >> b, _sign_fill),
}
# Ops whose result does not depend on how the operands' type reads its bits: these
# run on the unsigned types too (the others read signless bits as MLIR defines).
SIGN_AGNOSTIC = {"arith.addi", "arith.subi", "arith.muli", "arith.andi", "arith.ori"}
SIGN_AGNOSTIC |= {"arith.xori", "arith.shli", "arith.shrui", "arith.divui", "arith.remui"}
SIGN_AGNOSTIC |= {"arith.ceildivui", "arith.maxui", "arith.minui"}

CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def _cmpi(predicate: str, a: int, b: int, t: Ty) -> int:
    if predicate[0] == "s":
        a, b = signed(a, t), signed(b, t)
    relation = predicate[-2:] if predicate[0] in "su" else predicate
    return int(
        {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[relation]
    )


CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord"]
CMPF += ["ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]


def _cmpf(predicate: str, x: float, y: float) -> int:
    unordered = math.isnan(x) or math.isnan(y)
    if predicate in ("false", "true"):
        return int(predicate == "true")
    if predicate in ("ord", "uno"):
        return int(unordered == (predicate == "uno"))
    relation = {"eq": x == y, "gt": x > y, "ge": x >= y, "lt": x < y, "le": x <= y}
    relation["ne"] = x != y
    held = relation[predicate[1:]]
    return int(held and not unordered) if predicate[0] == "o" else int(held or unordered)


def _round_fraction(q: Fraction, t: Ty) -> int:
    """The bits of the float of type `t` nearest to `q` (ties to even), overflow to inf."""
    p = PRECISION[t.width]
    f = NP_FLOAT[t.width]
    if q == 0:
        return float_bits(f(0.0), t)
    sign, q = (-1, -q) if q < 0 else (1, q)
    exponent = q.numerator.bit_length() - q.denominator.bit_length()  # 2**e <= q < 2**(e+1)
    if Fraction(2) ** exponent > q:
        exponent -= 1
    exponent = max(exponent, int(np.finfo(f).minexp))  # subnormals: the smallest ulp
    ulp = Fraction(2) ** (exponent - p + 1)
    n, rest = divmod(q / ulp, 1)
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2):
        n += 1
    try:
        magnitude = float(n * ulp)  # exact, or past the type's range (infinity below)
    except OverflowError:
        magnitude = math.inf
    with np.errstate(over="ignore"):
        return float_bits(f(math.copysign(magnitude, sign)), t)


def _fma(a: int, b: int, c: int, t: Ty) -> int:
    x, y, z = (float(to_float(v, t)) for v in (a, b, c))
    if not (math.isfinite(x) and math.isfinite(y)):
        return float_bits(NP_FLOAT[t.width](x * y + z), t)  # an infinite or NaN product
    if not math.isfinite(z):  # the exact product is finite, however large
        return c
    exact = Fraction(x) * Fraction(y) + Fraction(z)
    if exact == 0:  # the sign of an exact zero: -0 only when both terms are -0
        negative = (math.copysign(1, x) * math.copysign(1, y) < 0) and math.copysign(1, z) < 0
        return float_bits(NP_FLOAT[t.width](-0.0 if negative else 0.0), t)
    return _round_fraction(exact, t)


def _float_unary(fn: Callable[[np.floating], np.floating]) -> Callable[[int, Ty], int]:
    return lambda a, t: float_bits(fn(to_float(a, t)), t)


def _in_double(fn: Callable[..., float]) -> Callable[..., int]:
    """`fn` in double, rounded once to the type (the reference for the transcendental
    functions: double's error is far below the tolerance)."""

    def oracle(*args):
        *operands, t = args
        result = fn(*(float(to_float(v, t)) for v in operands))
        return float_bits(NP_FLOAT[t.width](result), t)

    return oracle


def _round_half_away(x: np.floating) -> np.floating:
    if not np.isfinite(x):
        return x
    magnitude = abs(float(x))
    whole = math.floor(magnitude)
    if magnitude - whole >= 0.5:  # exact: the fraction of a float is a float
        whole += 1
    return type(x)(math.copysign(whole, float(x)))


def _maximum(x, y, nan_wins: bool, greater: bool):
    if math.isnan(x) or math.isnan(y):
        if nan_wins:
            return x if math.isnan(x) else y
        return y if math.isnan(x) else x
    if x == y == 0:  # -0 < +0
        pick_negative = not greater
        return x if (math.copysign(1, x) < 0) == pick_negative else y
    return max(x, y) if greater else min(x, y)


FLOAT_BINARY: dict[str, Callable[[int, int, Ty], int]] = {
    "arith.addf": lambda a, b, t: float_bits(to_float(a, t) + to_float(b, t), t),
    "arith.subf": lambda a, b, t: float_bits(to_float(a, t) - to_float(b, t), t),
    "arith.mulf": lambda a, b, t: float_bits(to_float(a, t) * to_float(b, t), t),
    "arith.divf": lambda a, b, t: float_bits(to_float(a, t) / to_float(b, t), t),
    "math.copysign": lambda a, b, t: (a & (t.mask >> 1)) | (b & (1 << (t.width - 1))),
}
for _name, _nan_wins, _greater in (
    ("arith.maximumf", True, True),
    ("arith.minimumf", True, False),
    ("arith.maxnumf", False, True),
    ("arith.minnumf", False, False),
):
    FLOAT_BINARY[_name] = lambda a, b, t, n=_nan_wins, g=_greater: float_bits(
        _maximum(to_float(a, t), to_float(b, t), n, g), t
    )


def _c_pow(x: float, y: float) -> float:
    """C99's pow (numpy's power differs: pow(-inf, 0.5) is NaN there, +inf in C)."""
    try:
        return math.pow(x, y)
    except ValueError:  # zero to a negative power (a pole), or a negative base
        if x == 0:
            odd = y == int(y) and int(y) % 2 == 1
            return math.copysign(math.inf, x) if odd else math.inf
        return math.nan  # to a non-integer power
    except OverflowError:
        odd = y == int(y) and int(y) % 2 == 1
        return -math.inf if x < 0 and odd else math.inf


INEXACT_BINARY = {"math.powf": _in_double(_c_pow), "math.atan2": _in_double(np.arctan2)}

FLOAT_UNARY: dict[str, Callable[[int, Ty], int]] = {
    "arith.negf": lambda a, t: a ^ (1 << (t.width - 1)),
    "math.absf": lambda a, t: a & (t.mask >> 1),
    "math.ceil": _float_unary(np.ceil),
    "math.floor": _float_unary(np.floor),
    "math.round": _float_unary(_round_half_away),
    "math.sqrt": _in_double(np.sqrt),  # correctly rounded: double's rounding is innocuous
}
INEXACT_UNARY = {
    name: _in_double(fn)
    for name, fn in {
        "math.rsqrt": lambda x: 1 / np.sqrt(x),
        "math.exp": np.exp,
        "math.exp2": np.exp2,
        "math.log": np.log,
        "math.log2": np.log2,
        "math.sin": np.sin,
        "math.cos": np.cos,
        "math.tanh": np.tanh,
    }.items()
}
ULPS = {16: 1, 32: 2, 64: 2}
"""The tolerance of the transcendental functions: f16 is computed in float and rounded
once; float and double use the C library (glibc's are within 1-2 ULPs) and numpy."""

# ---------------------------------------------------------------------------
# Conversions
# ---------------------------------------------------------------------------


def _int_to_float(value: int, t: Ty) -> int:
    return _round_fraction(Fraction(value), t)


def _float_to_int(a: int, s: Ty, d: Ty, unsigned_result: bool):
    """fptosi/fptoui: truncation; out of range (NaN included) is poison, ours saturates
    (NaN gives 0), the value read as `d` reads its bits."""
    x = float(to_float(a, s))
    lo, hi = (0, d.mask) if unsigned_result else (-(1 << (d.width - 1)), (1 << (d.width - 1)) - 1)
    if math.isnan(x):
        return Poison(0)
    truncated = math.trunc(x) if math.isfinite(x) else (hi if x > 0 else lo)
    if not lo <= truncated <= hi:
        return Poison(min(max(truncated, lo), hi) & d.mask)
    return truncated & d.mask


# ---------------------------------------------------------------------------
# The cases: one function of IR each, and its operands
# ---------------------------------------------------------------------------


@dataclass
class Case:
    op: str  # the op it tests (a key of the printer's table)
    ir: str  # the function's body: operands %a, %b, %c; the result %r
    args: Sequence[Ty]
    result: Ty
    oracle: Callable[..., object]  # bits... -> bits | Poison | Undefined
    ulps: int = 0
    inputs: list[tuple[int, ...]] = field(default_factory=list)
    refused: str | None = None  # an EmissionError the printer must raise (the text)


def _pairs(t: Ty) -> list[tuple[int, int]]:
    return list(itertools.product(values(t), repeat=2))


def build_cases() -> list[Case]:
    cases: list[Case] = []
    for name, fn in INT_BINARY.items():
        types = (*SIGNLESS, *UNSIGNED) if name in SIGN_AGNOSTIC else SIGNLESS
        for t in types:
            cases.append(Case(name, f"{name} %a, %b : {t.mlir}", (t, t), t, fn, inputs=_pairs(t)))
    for t in SIGNLESS:
        for predicate in CMPI:
            oracle = lambda a, b, t, p=predicate: _cmpi(p, a, b, t)  # noqa: E731
            ir = f"arith.cmpi {predicate}, %a, %b : {t.mlir}"
            cases.append(Case("arith.cmpi", ir, (t, t), I1, oracle, inputs=_pairs(t)))
        absi = lambda a, t: abs(signed(a, t)) & t.mask  # noqa: E731
        cases.append(Case("math.absi", f"math.absi %a : {t.mlir}", (t,), t, absi))
    for t in FLOATS:
        for name, fn in FLOAT_BINARY.items():
            cases.append(Case(name, f"{name} %a, %b : {t.mlir}", (t, t), t, fn, inputs=_pairs(t)))
        for name, fn in INEXACT_BINARY.items():
            ir = f"{name} %a, %b : {t.mlir}"
            cases.append(Case(name, ir, (t, t), t, fn, ULPS[t.width], _pairs(t)))
        for name, fn in FLOAT_UNARY.items():
            cases.append(Case(name, f"{name} %a : {t.mlir}", (t,), t, fn))
        for name, fn in INEXACT_UNARY.items():
            cases.append(Case(name, f"{name} %a : {t.mlir}", (t,), t, fn, ULPS[t.width]))
        for predicate in CMPF:
            oracle = lambda a, b, t, p=predicate: _cmpf(  # noqa: E731
                p, float(to_float(a, t)), float(to_float(b, t))
            )
            ir = f"arith.cmpf {predicate}, %a, %b : {t.mlir}"
            cases.append(Case("arith.cmpf", ir, (t, t), I1, oracle, inputs=_pairs(t)))
        # (every pair, with addends that decide signs, overflow, NaN and rounding)
        addends = [values(t)[k] for k in (0, 1, 2, 3, 12, 13, 14, 16, 18)]
        triples = [(a, b, c) for a, b in _pairs(t) for c in addends]
        cases.append(Case("math.fma", f"math.fma %a, %b, %c : {t.mlir}", (t, t, t), t, _fma,
                          inputs=triples))  # fmt: skip
    for t in (*SIGNLESS, *UNSIGNED, *FLOATS):
        ir = f"arith.select %a, %b, %c : {t.mlir}"
        select = lambda c, a, b, t: a if c else b  # noqa: E731
        inputs = [(c, a, b) for c in (0, 1) for a, b in _pairs(t)]
        cases.append(Case("arith.select", ir, (I1, t, t), t, select, inputs=inputs))
    cases += conversion_cases()
    cases += extended_mul_cases()
    cases += constant_cases()
    for case in cases:
        if not case.inputs and case.args:
            case.inputs = [(v,) for v in values(case.args[0])]
    return cases


def conversion_cases() -> list[Case]:
    cases: list[Case] = []
    ints = (I1, I8, I16, I32, I64)
    for s, d in itertools.product(ints, ints):
        if s.width < d.width:
            cases.append(Case("arith.extsi", f"arith.extsi %a : {s.mlir} to {d.mlir}", (s,), d,
                              lambda a, t, s=s, d=d: signed(a, s) & d.mask))  # fmt: skip
            cases.append(Case("arith.extui", f"arith.extui %a : {s.mlir} to {d.mlir}", (s,), d,
                              lambda a, t: a))  # fmt: skip
        if s.width > d.width:
            cases.append(Case("arith.trunci", f"arith.trunci %a : {s.mlir} to {d.mlir}", (s,), d,
                              lambda a, t, d=d: a & d.mask))  # fmt: skip
    for other in ints:
        for s, d in ((other, INDEX), (INDEX, other)):
            ir = f"arith.index_cast %a : {s.mlir} to {d.mlir}"
            cases.append(Case("arith.index_cast", ir, (s,), d,
                              lambda a, t, s=s, d=d: signed(a, s) & d.mask))  # fmt: skip
    for i, f in itertools.product(ints, FLOATS):
        ir = f"arith.sitofp %a : {i.mlir} to {f.mlir}"
        cases.append(Case("arith.sitofp", ir, (i,), f,
                          lambda a, t, i=i, f=f: _int_to_float(signed(a, i), f)))  # fmt: skip
        ir = f"arith.uitofp %a : {i.mlir} to {f.mlir}"
        cases.append(Case("arith.uitofp", ir, (i,), f,
                          lambda a, t, f=f: _int_to_float(a, f)))  # fmt: skip
        for name, unsigned_result in (("arith.fptosi", False), ("arith.fptoui", True)):
            ir = f"{name} %a : {f.mlir} to {i.mlir}"
            cases.append(Case(name, ir, (f,), i,
                              lambda a, t, f=f, i=i, u=unsigned_result: _float_to_int(a, f, i, u)))  # fmt: skip
    for s, d in itertools.product(FLOATS, FLOATS):
        if s.width != d.width:
            name = "arith.extf" if s.width < d.width else "arith.truncf"
            cases.append(Case(name, f"{name} %a : {s.mlir} to {d.mlir}", (s,), d,
                              lambda a, t, s=s, d=d: float_bits(
                                  NP_FLOAT[d.width](to_float(a, s)), d)))  # fmt: skip
    for i, f in ((I16, F16), (I32, F32), (I64, F64)):
        for s, d in ((i, f), (f, i)):
            ir = f"arith.bitcast %a : {s.mlir} to {d.mlir}"
            cases.append(Case("arith.bitcast", ir, (s,), d, lambda a, t: a))
    return cases


def extended_mul_cases() -> list[Case]:
    cases: list[Case] = []
    for name, read in (("arith.mulsi_extended", signed), ("arith.mului_extended", None)):
        for t in (I8, I16, I32, I64):
            for half, shift in (("low", 0), ("high", t.width)):
                ir = f"%lo, %hi = {name} %a, %b : {t.mlir}\n  %r = arith.addi {'%lo' if half == 'low' else '%hi'}, %c : {t.mlir}"

                def oracle(a, b, t, read=read, shift=shift):
                    x, y = (read(a, t), read(b, t)) if read else (a, b)
                    return ((x * y) >> shift) & t.mask

                case = Case(name, ir, (t, t, t), t, oracle)
                case.inputs = [(a, b, 0) for a, b in _pairs(t)]
                case.oracle = lambda a, b, z, t, f=oracle: f(a, b, t)
                if t.width == 64:
                    case.refused = "has no Ascend C form (8 to 32 bits)"
                cases.append(case)
    return cases


def constant_cases() -> list[Case]:
    cases: list[Case] = []
    for t in (*SIGNLESS, *FLOATS):  # (arith.constant is signless: no ui* constant)
        for bits in values(t):
            if t.float:
                literal = f"0x{bits:X}"  # (MLIR's hexadecimal float: the exact bits)
            elif t.width == 1:
                literal = "true" if bits else "false"
            else:
                literal = str(bits if t.unsigned else signed(bits, t))
            typed = "" if t.width == 1 else f" : {t.mlir}"  # (`true` is i1)
            ir = f"arith.constant {literal}{typed}"
            cases.append(Case("arith.constant", ir, (), t, lambda t, b=bits: b, inputs=[()]))
    return cases


EXCLUDED: dict[str, str] = {}
"""Printed arith/math ops this test does not run, and why (none today)."""

# ---------------------------------------------------------------------------
# Running them
# ---------------------------------------------------------------------------

CPP_TYPES = {"f16": "half", "f32": "float", "f64": "double", "i1": "bool", "index": "int64_t"}
PRELUDE = """\
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#define __aicore__
typedef _Float16 half;
template <class T> static T from_bits(uint64_t b) { T x; std::memcpy(&x, &b, sizeof(T)); return x; }
template <class T> static unsigned long long to_bits(T x) {
  unsigned long long b = 0; std::memcpy(&b, &x, sizeof(T)); return b;
}
"""
INLINE = "__inline__ __attribute__((always_inline)) "
"""Replaced by noinline: each function compiles once, as itself (inlined into the
harness's ~600 loops, g++ takes several times longer)."""
CXXFLAGS = ["-std=c++17", "-fsanitize=undefined,float-cast-overflow", "-w"]
OPT_LEVEL = {"ci": "-O1", "long": "-O3"}
"""g++'s optimisation level by fuzz profile. UBSan proves the printed C++ free of undefined
behaviour on these inputs, and the operands come from stdin, so no level can change a
result; -O1 compiles the ~600 functions in a third of -O3's time. The long profile
compiles at bisheng's -O3."""


def cpp_type(t: Ty) -> str:
    return CPP_TYPES.get(t.mlir) or f"{'u' if t.mlir[0] == 'u' else ''}int{t.width}_t"


def ir_text(cases: Sequence[Case]) -> str:
    funcs = []
    for k, case in enumerate(cases):
        params = ", ".join(f"%{n}: {t.mlir}" for n, t in zip("abc", case.args, strict=False))
        body = case.ir if "%r =" in case.ir else f"%r = {case.ir}"
        funcs.append(
            f"func.func @t{k}({params}) -> {case.result.mlir} {{\n  {body}\n"
            f"  func.return %r : {case.result.mlir}\n}}"
        )
    return "\n".join(funcs)


def expected(case: Case, inputs: tuple[int, ...]):
    return case.oracle(*inputs, case.args[0] if case.args else case.result)


class CppRun:
    """The printed functions compiled (in the background: the simulator runs meanwhile)
    and called on `runs` ([(case index, inputs)]). The operands come on stdin (in the
    source they would make g++ several times slower)."""

    def __init__(self, tmp_path: Path, printed: str, cases: Sequence[Case], runs: list):
        by_case: dict[int, list[tuple[int, ...]]] = {}
        for k, inputs in runs:
            by_case.setdefault(k, []).append(inputs)
        calls, stdin = [], []
        for k, rows in by_case.items():  # (dicts keep the order of `runs`, case by case)
            case = cases[k]
            operands = ", ".join(
                f"from_bits<{cpp_type(t)}>(v[{n}])" for n, t in enumerate(case.args)
            )
            calls.append(
                f"  for (long n = next(), i = 0; i < n; ++i) {{ read(v, {len(case.args)}); "
                f'std::printf("%llx\\n", to_bits(t{k}({operands}))); }}'
            )
            stdin.append(f"{len(rows):x}")
            stdin += (" ".join(f"{x:x}" for x in row) for row in rows)
        self.stdin = "\n".join(stdin) + "\n"
        main = [
            "static unsigned long long next() {",
            '  unsigned long long x = 0; if (std::scanf("%llx", &x) != 1) std::abort(); return x;',
            "}",
            "static void read(unsigned long long* v, int n) { for (int i = 0; i < n; ++i) v[i] = next(); }",
            "int main() {",
            "  unsigned long long v[3] = {0, 0, 0};",
            *calls,
            "  return 0;",
            "}",
        ]
        functions = printed.replace('#include "kernel_operator.h"', "").replace(
            INLINE, "__attribute__((noinline)) "
        )
        source = tmp_path / "scalar_ops.cpp"
        source.write_text("\n".join([PRELUDE, functions, *main]))
        self.binary = tmp_path / "scalar_ops"
        command = [
            "g++",
            *CXXFLAGS,
            OPT_LEVEL[fuzz_budget.profile()],
            "-o",
            str(self.binary),
            str(source),
        ]
        self.compiling = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)

    def results(self) -> list[int]:
        _, errors = self.compiling.communicate()
        assert self.compiling.returncode == 0, f"g++ failed:\n{errors[-3000:]}"
        done = subprocess.run([str(self.binary)], input=self.stdin, capture_output=True, text=True)
        assert done.returncode == 0, f"the C++ failed:\n{done.stderr[-3000:]}"
        undefined = sorted(
            {line.split(": ", 1)[1] for line in done.stderr.splitlines() if "runtime error" in line}
        )
        assert not undefined, "undefined behaviour in the printed C++:\n" + "\n".join(undefined)
        return [int(line, 16) for line in done.stdout.split()]


def sim_value(bits: int, t: Ty):
    if t.float:
        return to_float(bits, t)
    if t.width == 1:
        return bool(bits)
    return bits if t.unsigned else signed(bits, t)


def sim_bits(value, t: Ty) -> int:
    if t.float:
        return float_bits(value, t)
    return int(value) & t.mask


def same(got: int, want: int, t: Ty, ulps: int) -> bool:
    if got == want or not t.float:  # (equal bits: equal, NaN or not)
        return got == want
    x, y = to_float(got, t), to_float(want, t)
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if ulps == 0 or math.isinf(x) or math.isinf(y):
        return got == want

    def ordered(bits: int) -> int:
        return -(bits & (t.mask >> 1)) if bits >> (t.width - 1) else bits

    return abs(ordered(got) - ordered(want)) <= ulps


needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")


def test_every_printed_scalar_op_is_covered_or_excluded():
    printed = {name for name in _HANDLERS if name.startswith(("arith.", "math."))}
    covered = {case.op for case in build_cases()}
    missing = printed - covered - set(EXCLUDED)
    assert not missing, f"scalar ops the printer prints but no case tests: {sorted(missing)}"
    assert not set(EXCLUDED) & covered, "an op is both tested and excluded"


@needs_gxx
def test_printer_simulator_and_mlir_semantics_agree(tmp_path: Path):
    cases = build_cases()
    printable = [c for c in cases if c.refused is None]
    for case in cases:
        if case.refused is not None:
            module = Parser(make_context(), ir_text([case])).parse_module()
            with pytest.raises(EmissionError, match=re.escape(case.refused)):
                emit_ascendc(module, io.StringIO())
    module = Parser(make_context(), ir_text(printable)).parse_module()
    module.verify()
    stream = io.StringIO()
    emit_ascendc(module, stream)
    program = Program(module)
    context = BlockContext(0, 1, get_platform(), "", "")

    with np.errstate(all="ignore"):
        wants = [[expected(case, inputs) for inputs in case.inputs] for case in printable]
    runs = [
        (k, inputs)
        for k, case in enumerate(printable)
        for inputs, want in zip(case.inputs, wants[k], strict=True)
        if not isinstance(want, Undefined)
    ]
    cpp_run = CppRun(tmp_path, stream.getvalue(), printable, runs)

    simulated: list[list[int | None]] = []
    with np.errstate(all="ignore"):
        for k, case in enumerate(printable):
            function, results = program.function(f"t{k}"), []
            for inputs in case.inputs:
                args = [sim_value(v, t) for v, t in zip(inputs, case.args, strict=True)]
                try:
                    results.append(sim_bits(function.call(context, args)[0], case.result))
                except SimulatorError:
                    results.append(None)
            simulated.append(results)

    cpp = iter(cpp_run.results())
    problems: list[str] = []

    def where(case: Case, inputs) -> str:  # (built for a disagreement only)
        return f"{case.ir.splitlines()[0]} ({', '.join(hex(v) for v in inputs)})"

    for k, case in enumerate(printable):
        for inputs, want, sim in zip(case.inputs, wants[k], simulated[k], strict=True):
            if isinstance(want, Undefined):
                if sim != want.value:
                    problems.append(
                        f"{where(case, inputs)}: undefined in MLIR; simulator {sim}, "
                        f"want {want.value}"
                    )
                continue
            got = next(cpp)
            value = want.value if isinstance(want, Poison) else want
            for who, result in (("C++", got), ("simulator", sim)):
                if result is None or not same(result, value, case.result, case.ulps):
                    shown = "refused" if result is None else hex(result)
                    problems.append(f"{where(case, inputs)}: {who} {shown}, want {hex(value)}")
    assert next(cpp, None) is None, "the C++ printed more results than it was given inputs"
    assert not problems, f"{len(problems)} disagreements:\n" + "\n".join(problems[:80])
