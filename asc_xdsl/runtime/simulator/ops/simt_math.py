"""The float64 references of the SIMT math functions s10 added (math_functions.h), for
`ops/simt.py` (a helper of that family, not a family of its own).

Each function takes the operands' Python / numpy scalars and returns the value the op
gives. The transcendental ones are modelled *correctly rounded*: the exact value
(computed in float64, good to about 1e-15 relative, or for the Bessel functions about
1e-13 absolute) rounded to float once; the device computes them in float software (the
header's range reductions and polynomials) with an error of a few ulp, which is not
modelled. The exact ones (fmodf, remainderf, remquof, frexpf, modff, ldexpf, scalbnf,
nextafterf, copysignf, fdimf, the roundings) are exact, as on the device. The header's
own conventions where they differ from C's: logbf is the exponent field minus 127 (a
subnormal gives -127), ilogbf of 0 or NaN is INT_MIN and of an infinity INT_MAX, the
float -> integer functions saturate (NaN: 0), scalblnf casts n to int32_t.

Only `math` and numpy (no scipy): the Bessel functions J and Y by Gauss-Legendre
quadrature of their integral representations below 25 and Hankel's asymptotic series
from 25 (Jn, Yn by recurrence where it is stable), the inverse error functions by
Newton's method on `math.erf` / `math.erfc`, erfcx by its asymptotic series past 26.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

F32 = np.float32
INF = math.inf
NAN = math.nan
INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def _f(x) -> float:
    return float(x)


def _round(v: float) -> np.float32:
    with np.errstate(over="ignore"):
        return F32(v)


def _guard(fn):
    """fn of float64 values, rounded to float; a domain error is NaN, an overflow the
    signed infinity (math raises where C returns those)."""

    def run(*args):
        try:
            return _round(fn(*(_f(a) for a in args)))
        except ValueError:
            return F32(NAN)
        except (OverflowError, ZeroDivisionError):
            return F32(INF)

    return run


# -- pi-scaled trigonometry: x reduced exactly (x - n / 2 is exact in float64) --------


def _pi_parts(x: float) -> tuple[float, float]:
    """(sin(pi x), cos(pi x)) with x reduced exactly to [-1/4, 1/4] about n / 2."""
    if not math.isfinite(x):
        return NAN, NAN
    n = round(2 * x)
    f = x - n / 2
    s, c = math.sin(math.pi * f), math.cos(math.pi * f)
    q = n % 4
    if f == 0:
        s = 0.0
    sin, cos = ((s, c), (c, -s), (-s, -c), (-c, s))[q]
    if sin == 0:
        sin = math.copysign(0.0, x)  # (an even multiple: the sign of x)
    return sin, cos + 0.0


def sinpi(x: float) -> float:
    return _pi_parts(x)[0]


def cospi(x: float) -> float:
    return _pi_parts(x)[1]


def tanpi(x: float) -> float:
    s, c = _pi_parts(x)
    if c == 0:
        return math.copysign(INF, s)
    return s / c


# -- error functions -------------------------------------------------------------------


def erfinv(y: float) -> float:
    if math.isnan(y) or abs(y) > 1:
        return NAN
    if abs(y) == 1:
        return math.copysign(INF, y)
    if y == 0:
        return y
    # |y| near 1: from erfc's side (1 - |y| is exact in float64 for a float y)
    if abs(y) > 0.5:
        return math.copysign(erfcinv(1 - abs(y)), y)
    x = y * math.sqrt(math.pi) / 2
    for _ in range(60):
        step = (math.erf(x) - y) / (2 / math.sqrt(math.pi) * math.exp(-x * x))
        x -= step
        if abs(step) <= 1e-17 * abs(x):
            break
    return x


def erfcinv(y: float) -> float:
    if math.isnan(y) or y < 0 or y > 2:
        return NAN
    if y == 0:
        return INF
    if y == 2:
        return -INF
    if y > 1:
        return -erfcinv(2 - y)
    if y > 0.5:
        return erfinv(1 - y)
    # Newton on ln erfc(x) = ln y (relative steps: erfc is accurate in its tail)
    x = math.sqrt(-math.log(y))
    for _ in range(100):
        e = math.erfc(x)
        if e == 0:
            x *= 0.9
            continue
        step = (math.log(e) - math.log(y)) / (-2 / math.sqrt(math.pi) * math.exp(-x * x) / e)
        x -= step
        if abs(step) <= 1e-16 * abs(x):
            break
    return x


def erfcx(x: float) -> float:
    if math.isnan(x):
        return NAN
    if x < 26:
        try:
            return math.exp(x * x) * math.erfc(x)
        except OverflowError:
            return INF
    # exp(x^2) erfc(x) ~ 1 / (x sqrt(pi)) * sum (-1)^k (2k - 1)!! / (2 x^2)^k
    total, term = 1.0, 1.0
    for k in range(1, 30):
        term *= -(2 * k - 1) / (2 * x * x)
        total += term
        if abs(term) < 1e-17:
            break
    return total / (x * math.sqrt(math.pi))


def normcdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def normcdfinv(p: float) -> float:
    return -math.sqrt(2) * erfcinv(2 * p)


def tgamma(x: float) -> float:
    if math.isnan(x):
        return NAN
    if x == 0:
        return math.copysign(INF, x)
    if math.isinf(x):
        return INF if x > 0 else NAN
    if x < 0 and x == math.floor(x):
        return NAN
    try:
        return math.gamma(x)
    except OverflowError:
        return INF
    except ValueError:
        return NAN


def lgamma(x: float) -> float:
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return INF
    if x <= 0 and x == math.floor(x):
        return INF
    try:
        return math.lgamma(x)
    except OverflowError:
        return INF


# -- Bessel functions -------------------------------------------------------------------

_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(96)
_ASYMPTOTIC = 25.0


def _gauss(f, a: float, b: float, pieces: int) -> float:
    """The integral of f over [a, b]: 96-point Gauss-Legendre on `pieces` equal parts."""
    edges = np.linspace(a, b, pieces + 1)
    total = 0.0
    for lo, hi in itertools.pairwise(edges):
        t = (hi - lo) / 2 * _NODES + (hi + lo) / 2
        total += (hi - lo) / 2 * float(np.dot(_WEIGHTS, f(t)))
    return total


def _hankel(n: int, x: float) -> tuple[float, float]:
    """(J_n(x), Y_n(x)) for n = 0, 1 and x >= 25 by Hankel's asymptotic series."""
    mu = 4.0 * n * n
    p, q = 1.0, 0.0
    term = 1.0
    for k in range(1, 40):
        term *= (mu - (2 * k - 1) ** 2) / (k * 8 * x)
        if abs(term) < 1e-17:
            break
        if k % 2:
            q += term if k % 4 == 1 else -term
        else:
            p += -term if k % 4 == 2 else term
    chi = x - (n / 2 + 0.25) * math.pi
    scale = math.sqrt(2 / (math.pi * x))
    return (
        scale * (p * math.cos(chi) - q * math.sin(chi)),
        scale * (p * math.sin(chi) + q * math.cos(chi)),
    )


def _jn_quadrature(n: int, x: float) -> float:
    """J_n(x) = (1/pi) int_0^pi cos(n t - x sin t) dt."""
    pieces = 1 + int((abs(x) + n) / 16)
    return _gauss(lambda t: np.cos(n * t - x * np.sin(t)), 0.0, math.pi, pieces) / math.pi


def _yn_quadrature(n: int, x: float) -> float:
    """Y_n(x) = (1/pi) int_0^pi sin(x sin t - n t) dt
    - (1/pi) int_0^inf (e^{nt} + (-1)^n e^{-nt}) e^{-x sinh t} dt, for x > 0."""
    first = _gauss(lambda t: np.sin(x * np.sin(t) - n * t), 0.0, math.pi, 1 + int(x / 16))
    # the tail: e^{n t - x sinh t} below e^-40 past T
    end = math.asinh((40 + n * 40) / x) + 1
    sign = -1.0 if n % 2 else 1.0

    def tail(t):
        return (np.exp(n * t) + sign * np.exp(-n * t)) * np.exp(-x * np.sinh(t))

    second = _gauss(tail, 0.0, end, 4 + int(end))
    return (first - second) / math.pi


def _j01(n: int, x: float) -> float:
    ax = abs(x)
    v = _hankel(n, ax)[0] if ax >= _ASYMPTOTIC else _jn_quadrature(n, ax)
    return -v if (n and x < 0) else v


def _y01(n: int, x: float) -> float:
    if math.isnan(x) or x < 0:
        return NAN
    if x == 0:
        return -INF
    if math.isinf(x):
        return 0.0
    return _hankel(n, x)[1] if x >= _ASYMPTOTIC else _yn_quadrature(n, x)


def j0(x: float) -> float:
    if math.isnan(x):
        return NAN
    return 0.0 if math.isinf(x) else _j01(0, x)


def j1(x: float) -> float:
    if math.isnan(x):
        return NAN
    return math.copysign(0.0, x) if math.isinf(x) else _j01(1, x)


def y0(x: float) -> float:
    return _y01(0, x)


def y1(x: float) -> float:
    return _y01(1, x)


def jn(n: int, x: float) -> float:
    if math.isnan(x):
        return NAN
    sign = 1.0
    if n < 0:
        n, sign = -n, (-1.0 if n % 2 else 1.0)
    if x < 0:
        x, sign = -x, sign * (-1.0 if n % 2 else 1.0)
    if math.isinf(x):
        return 0.0
    if n <= 1:
        return sign * _j01(n, x)
    if x == 0:
        return 0.0
    if x >= _ASYMPTOTIC and n < x:  # (upward recurrence: stable while n < x)
        a, b = _j01(0, x), _j01(1, x)
        for k in range(1, n):
            a, b = b, 2 * k / x * b - a
        return sign * b
    # J_n(x) <= (x/2)^n / n!: below float's least subnormal, 0
    if n * math.log(math.e * x / (2 * n)) - 0.5 * math.log(2 * math.pi * n) < -110:
        return 0.0
    return sign * _jn_quadrature(n, x)


def yn(n: int, x: float) -> float:
    sign = 1.0
    if n < 0:
        n, sign = -n, (-1.0 if n % 2 else 1.0)
    if n <= 1:
        return sign * _y01(n, x)
    if math.isnan(x) or x < 0:
        return NAN
    if x == 0:
        return -INF
    if math.isinf(x):
        return 0.0
    a, b = _y01(0, x), _y01(1, x)  # (upward recurrence: stable for Y)
    for k in range(1, n):
        a, b = b, 2 * k / x * b - a
        if math.isinf(b):
            break
    return sign * b


def bessel_i0(x: float) -> float:
    if math.isnan(x):
        return NAN
    return float(np.i0(x)) if abs(x) < 700 else INF


def bessel_i1(x: float) -> float:
    """I1(x) = sum_k (x/2)^(2k+1) / (k! (k+1)!) (every term positive: no cancellation)."""
    if math.isnan(x):
        return NAN
    if abs(x) > 100:
        return math.copysign(INF, x)  # (past float's range from ~89)
    h = x / 2
    term = h
    total = term
    k = 0
    while abs(term) > 1e-17 * abs(total):
        k += 1
        term *= h * h / (k * (k + 1))
        total += term
    return total


# -- exact functions ----------------------------------------------------------------------


def logb(x: float) -> float:
    """The header's logbf: the exponent field minus 127 (a subnormal: -127)."""
    if math.isnan(x):
        return x
    if math.isinf(x):
        return INF
    if x == 0:
        return -INF
    bits = int(np.array([x], np.float32).view(np.uint32)[0])
    return float(((bits >> 23) & 0xFF) - 127)


def ilogb(x: float) -> int:
    if x == 0 or math.isnan(x):
        return INT_MIN
    if math.isinf(x):
        return INT_MAX
    return int(logb(abs(x)))


def saturate_int(v: float, bits: int) -> int:
    """The header's `__cvt_int*<..., RS_ENABLE>` of an integral float: clamped, NaN 0."""
    if math.isnan(v):
        return 0
    lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    if v <= lo:
        return lo
    if v >= hi:
        return hi
    return int(v)


def round_away(x: float) -> float:
    return math.copysign(math.floor(abs(x) + 0.5), x) if math.isfinite(x) else x


def fmod(x: float, y: float) -> float:
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0:
        return NAN
    if math.isinf(y):
        return x
    return math.fmod(x, y)


def remainder(x: float, y: float) -> float:
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0:
        return NAN
    if math.isinf(y):
        return x
    return math.remainder(x, y)


def remquo(x: float, y: float) -> tuple[float, int]:
    """(remainderf(x, y), the quotient's sign and its 3 lowest bits)."""
    r = remainder(x, y)
    if math.isnan(r):
        return r, 0
    if math.isinf(y):
        return r, 0
    # the quotient rint(x / y): exact from the remainder ((x - r) / y is an integer)
    from fractions import Fraction

    q = (Fraction(x) - Fraction(r)) / Fraction(y)
    low = abs(int(q)) & 7
    return r, -low if (x < 0) != (y < 0) else low


def scalbn(x: float, n: int) -> np.float32:
    """x 2^n rounded once to float (ldexp in float64 is exact, the rounding to float
    then correct: float64's range covers every float result)."""
    n = max(-400, min(400, int(n)))
    return _round(math.ldexp(x, n))


def nextafter(x, y) -> np.float32:
    return np.nextafter(F32(x), F32(y))


def modf(x: float) -> tuple[float, float]:
    """(the fraction, the integral part), each with x's sign; inf: (+-0, inf)."""
    if math.isinf(x):
        return math.copysign(0.0, x), x
    if math.isnan(x):
        return x, x
    frac, whole = math.modf(x)
    return math.copysign(frac, x), whole


def frexp(x: float) -> tuple[float, int]:
    if math.isnan(x) or math.isinf(x) or x == 0:
        return x, 0
    return math.frexp(x)


def norm(values) -> float:
    vs = [abs(float(v)) for v in values]
    if any(math.isinf(v) for v in vs):
        return INF  # (an infinite operand wins over a NaN, as hypot's)
    return math.sqrt(math.fsum(v * v for v in vs))  # (a float's square is exact in float64)
