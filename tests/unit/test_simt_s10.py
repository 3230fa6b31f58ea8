"""The SIMT API s10 added: the rest of math_functions.h (each function on the simulator
against numpy, or where numpy has none against Python's `math` or an identity, with the
tolerance said at each) and the cache-hinted GM loads and stores (asc_ldcg / ldca /
stcg / stwt: the plain load and store), and their refusals. (The C++ of every op:
tests/filecheck/simt/simt_s10.mlir, compiled against the 3510 headers.)

The simulator models the transcendental functions correctly rounded (the float64
value rounded to float once), so a numpy float64 reference rounded to float agrees to
1 ulp (two libms may differ in float64's last bit, which can move a float rounding).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.frontend.errors import CompileError
from asc_xdsl.frontend.jit import jit

SOC = "Ascend950PR_9599"
S = asc.simt
F = 64  # float results a thread writes
K = 16  # integer results a thread writes


@S.vf(launch_bounds=32)
def math_vf(x: S.Pointer, out: S.Pointer, io: S.Pointer, lo: S.Pointer, arr: S.Pointer):
    t = S.thread_idx.x
    v = x[t]
    a = S.fabsf(v) + 0.25  # (positive)
    u = v * 0.0625  # (in (-1, 1))
    o = F * t
    out[o] = S.tanf(v)
    out[o + 1] = S.tanpif(v)
    out[o + 2] = S.sinpif(v)
    out[o + 3] = S.cospif(v)
    out[o + 4] = S.asinf(u)
    out[o + 5] = S.acosf(u)
    out[o + 6] = S.atanf(v)
    out[o + 7] = S.sinhf(v)
    out[o + 8] = S.coshf(v)
    out[o + 9] = S.asinhf(v)
    out[o + 10] = S.acoshf(a + 1.0)
    out[o + 11] = S.atanhf(u)
    out[o + 12] = S.exp10f(u * 8.0)
    out[o + 13] = S.expm1f(u)
    out[o + 14] = S.log10f(a)
    out[o + 15] = S.log1pf(u)
    out[o + 16] = S.logbf(v)
    out[o + 17] = S.cbrtf(v)
    out[o + 18] = S.rcbrtf(a)
    out[o + 19] = S.erff(v)
    out[o + 20] = S.erfcf(v)
    out[o + 21] = S.erfinvf(u)
    out[o + 22] = S.erfcinvf(u + 1.0)
    out[o + 23] = S.erfcxf(v)
    out[o + 24] = S.tgammaf(v)
    out[o + 25] = S.lgammaf(v)
    out[o + 26] = S.cyl_bessel_i0f(v)
    out[o + 27] = S.cyl_bessel_i1f(v)
    out[o + 28] = S.normcdff(v)
    out[o + 29] = S.normcdfinvf(u * 0.5 + 0.5)
    out[o + 30] = S.j0f(a)
    out[o + 31] = S.j1f(a)
    out[o + 32] = S.y0f(a)
    out[o + 33] = S.y1f(a)
    out[o + 34] = S.jnf(3, a)
    out[o + 35] = S.ynf(3, a)
    out[o + 36] = S.nearbyintf(v)
    out[o + 37] = S.atan2f(v, u)
    out[o + 38] = S.powf(a, u * 4.0)
    out[o + 39] = S.fmodf(v, 1.75)
    out[o + 40] = S.remainderf(v, 1.75)
    out[o + 41] = S.fdimf(v, u)
    out[o + 42] = S.copysignf(a, u)
    out[o + 43] = S.nextafterf(v, 0.0)
    out[o + 44] = S.hypotf(v, u)
    out[o + 45] = S.rhypotf(v, a)
    out[o + 46] = S.fdividef(v, a)
    out[o + 47] = S.norm3df(v, u, a)
    out[o + 48] = S.rnorm3df(v, u, a)
    out[o + 49] = S.norm4df(v, u, a, 2.0)
    out[o + 50] = S.rnorm4df(v, u, a, 2.0)
    out[o + 51] = S.ldexpf(v, -130)
    out[o + 52] = S.scalbnf(v, 5)
    out[o + 53] = S.scalblnf(v, (1 << 32) + 3)  # (cast to int32_t: 3)
    out[o + 54] = S.modff(v, out, o + 55)
    out[o + 56] = S.frexpf(v, io, K * t + 9)
    out[o + 57] = S.remquof(v, 1.75, io, K * t + 10)
    S.sincosf(v, out, o + 58, out, o + 59)
    S.sincospif(v, out, o + 60, out, o + 61)
    out[o + 62] = S.normf(4, arr, 0)
    out[o + 63] = S.rnormf(4, arr, 0)
    k = K * t
    io[k] = S.ilogbf(v)
    io[k + 1] = S.signbit(v)
    io[k + 2] = S.isfinite(v)
    io[k + 3] = S.isnan(v)
    io[k + 4] = S.isinf(v)
    lo[4 * t] = S.lroundf(v)
    lo[4 * t + 1] = S.llroundf(v * 1e10)
    lo[4 * t + 2] = S.lrintf(v)
    lo[4 * t + 3] = S.llabs(S.llrintf(v * -1e10))


@jit
def math_kernel(x, out, io, lo, arr):
    math_vf[32](x, out, io, lo, arr)


X = np.array(
    [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 1 + 2**-12, -3.75, 0.0, -0.0, 7.3, -9.99, 3.0, -3.0,
     np.nan, np.inf, -np.inf, 1e-8, 2.0**-20, -(2.0**-25), 1.00390625, 12.5, -12.25, 0.1,
     -0.7, 4.2, 11.75, -11.5, 2.0**-140, 1e30, 0.25, 6.0],
    np.float32,
)  # fmt: skip


def _f32(v) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.asarray(v, np.float64).astype(np.float32)


def _close(got, want, ulps: int = 1, what: str = "") -> None:
    """Equal to `want` (NaN where it is NaN, infinities exactly), else within `ulps`."""
    got, want = np.asarray(got, np.float32), np.asarray(want, np.float32)
    assert np.array_equal(np.isnan(got), np.isnan(want)), what
    fin = np.isfinite(want)
    assert np.array_equal(got[~fin & ~np.isnan(want)], want[~fin & ~np.isnan(want)]), what
    np.testing.assert_array_max_ulp(got[fin], want[fin], maxulp=ulps, dtype=np.float32)


def _map(fn, *columns) -> np.ndarray:
    """A scalar float64 `math` reference over the columns (domain errors: NaN)."""

    def one(*a):
        try:
            return fn(*(float(v) for v in a))
        except ValueError:
            return math.nan
        except OverflowError:
            return math.inf

    return np.array([one(*a) for a in zip(*columns, strict=True)], np.float64)


@pytest.fixture(scope="module")
def run():
    arr = np.array([3.0, -4.0, 12.0, 0.5], np.float32)
    out = np.zeros(32 * F, np.float32)
    io = np.zeros(32 * K, np.int32)
    lo = np.zeros(32 * 4, np.int64)
    with np.errstate(all="ignore"):
        math_kernel[1](X, out, io, lo, arr, platform=SOC)
    return out.reshape(32, F), io.reshape(32, K), lo.reshape(32, 4), arr


def test_elementary_functions_against_numpy(run):
    o = run[0]
    x = X.astype(np.float64)
    with np.errstate(all="ignore"):
        a = (np.abs(X) + np.float32(0.25)).astype(np.float64)
        u = (X * np.float32(0.0625)).astype(np.float64)
        golden = {
            0: np.tan(x),
            6: np.arctan(x),
            7: np.sinh(x),
            8: np.cosh(x),
            9: np.arcsinh(x),
            10: np.arccosh((a.astype(np.float32) + np.float32(1)).astype(np.float64)),
            4: np.arcsin(u),
            5: np.arccos(u),
            11: np.arctanh(u),
            12: 10.0 ** (u.astype(np.float32) * np.float32(8)).astype(np.float64),
            13: np.expm1(u),
            14: np.log10(a),
            15: np.log1p(u),
            17: np.cbrt(x),
            18: 1 / np.cbrt(a),
            36: np.rint(x),
            37: np.arctan2(x, u),
            38: np.power(a, (u.astype(np.float32) * np.float32(4)).astype(np.float64)),
            39: np.fmod(x, 1.75),
            41: np.where(x > u, x - u, np.where(np.isnan(x + u), np.nan, 0.0)),
            42: np.copysign(a, u),
            43: np.nextafter(X, np.float32(0)),
            44: np.hypot(x, u),
            45: 1 / np.hypot(x, a),
            47: np.sqrt(x * x + u * u + a * a),
            48: 1 / np.sqrt(x * x + u * u + a * a),
            49: np.sqrt(x * x + u * u + a * a + 4),
            50: 1 / np.sqrt(x * x + u * u + a * a + 4),
            51: np.ldexp(x, -130),
            52: np.ldexp(x, 5),
            53: np.ldexp(x, 3),
            58: np.sin(x),
            59: np.cos(x),
        }
        golden[40] = _map(math.remainder, x, np.full(32, 1.75))
        golden[46] = (X / (np.abs(X) + np.float32(0.25))).astype(np.float64)  # (float's /)
        for k, want in golden.items():
            _close(o[:, k], _f32(want), what=f"column {k}")
        # the infinities C gives where numpy's float64 functions agree are covered above;
        # pi-scaled: exact at the multiples of 1/2, else sin(pi x) of float64's pi x
        s, c = np.sin(np.pi * x), np.cos(np.pi * x)
        half = np.isfinite(x) & (2 * x == np.round(2 * x))
        n = np.round(2 * x)
        quadrant = np.where(half, np.mod(np.nan_to_num(n), 4), 0).astype(int)
        s = np.where(half, np.choose(quadrant, [0, 1, 0, -1]), s)
        c = np.where(half, np.choose(quadrant, [1, 0, -1, 0]), c)
        for k, want in ((2, s), (3, c), (60, s), (61, c)):
            _close(o[:, k], _f32(want), what=f"column {k}")
        t = o[:, 1]
        fin = ~half & np.isfinite(x)
        _close(t[fin], _f32(s[fin] / c[fin]), ulps=2, what="tanpif")
        odd_half = half & (np.mod(n, 2) == 1)
        assert np.all(np.isinf(t[odd_half])) and np.all(t[half & ~odd_half] == 0)
        # modff, frexpf, remquof (through pointers)
        frac, whole = np.modf(X)
        fin = np.isfinite(X)
        _close(o[fin, 54], frac[fin], 0, "modff")
        _close(o[fin, 55], whole[fin], 0, "modff's integral part")
        mant, ex = np.frexp(X)
        _close(o[fin, 56], mant[fin], 0, "frexpf")
        assert np.array_equal(run[1][fin, 9], ex[fin])
        _close(o[:, 57], _f32(golden[40]), 0, "remquof")
        quo = run[1][:, 10]
        from fractions import Fraction

        for k in np.flatnonzero(fin):  # (the quotient exactly: 1e30 / 1.75 too)
            q = int((Fraction(float(x[k])) - Fraction(float(golden[40][k]))) / Fraction(1.75))
            assert quo[k] == (abs(q) % 8) * (-1 if x[k] < 0 else 1), k
        # normf / rnormf of the 4 elements (3, -4, 12, 0.5)
        assert o[0, 62] == np.float32(np.sqrt(169.25)) and o[0, 63] == np.float32(
            1 / np.sqrt(169.25)
        )


def test_special_functions_against_math_references(run):
    """erf, gamma: Python's math (float64, correctly rounded to ~1 ulp of double); the
    inverses by the function they invert; Bessel by identities and tabulated values."""
    o = run[0]
    x = X.astype(np.float64)
    u = (X * np.float32(0.0625)).astype(np.float64)
    for k, fn, arg in (
        (19, math.erf, x),
        (20, math.erfc, x),
        (24, math.gamma, x),
        (25, math.lgamma, x),
    ):
        want = _map(fn, arg)
        pole = (x <= 0) & (x == np.floor(x))
        fin = np.isfinite(x) & ~pole  # (math raises at the poles: C's values below)
        _close(o[fin, k], _f32(want[fin]), what=f"column {k}")
    # C's edges: tgamma(+-0) = +-inf, tgamma(-inf) NaN, lgamma(0) inf, erfc(-inf) = 2
    i = {float(v): n for n, v in enumerate(X) if not np.isnan(v)}
    assert np.isposinf(o[8, 24]) and np.isneginf(o[9, 24])  # (X[8] = 0.0, X[9] = -0.0)
    assert np.isnan(o[i[-np.inf], 24]) and np.isposinf(o[8, 25])
    assert np.isnan(o[i[-3.0], 24]) and np.isposinf(o[i[-3.0], 25])
    assert o[i[-np.inf], 20] == 2 and o[i[np.inf], 19] == 1
    # logbf / ilogbf: the exponent field - 127 (the header's: a subnormal gives -127)
    _, e = np.frexp(X)
    normal = np.isfinite(X) & (np.abs(X) >= np.float32(2.0**-126))
    assert np.array_equal(o[normal, 16], (e - 1)[normal].astype(np.float32))
    assert o[i[2.0**-140], 16] == -127 and np.isneginf(o[8, 16])
    assert np.array_equal(run[1][normal, 0], (e - 1)[normal])
    assert run[1][8, 0] == -(2**31) and run[1][i[np.inf], 0] == 2**31 - 1
    # erfinvf(u): erf(result) is u within the change erf makes over one ulp of the
    # result (its derivative 2/sqrt(pi) e^-r^2 times r's ulp) plus u's half ulp
    fin = np.abs(u) < 1  # (past 1: NaN, checked below)
    assert np.all(np.isnan(o[~fin, 21]))
    r = o[fin, 21].astype(np.float64)
    back = _map(math.erf, r)
    slack = 2 / np.sqrt(np.pi) * np.exp(-r * r) * np.spacing(np.abs(o[fin, 21])) + np.spacing(
        np.abs(u[fin]).astype(np.float32)
    )
    assert np.all(np.abs(back - u[fin]) <= slack)
    y = (u[fin].astype(np.float32) + np.float32(1)).astype(np.float64)
    r = o[fin, 22].astype(np.float64)
    back = _map(math.erfc, r)
    slack = 2 / np.sqrt(np.pi) * np.exp(-r * r) * np.spacing(np.abs(o[fin, 22])) + np.spacing(
        y.astype(np.float32)
    )
    assert np.all(np.abs(back - y) <= slack)
    p = (u[fin].astype(np.float32) * np.float32(0.5) + np.float32(0.5)).astype(np.float64)
    r = o[fin, 29].astype(np.float64)
    back = 0.5 * _map(math.erfc, -r / np.sqrt(2))
    slack = np.exp(-r * r / 2) / np.sqrt(2 * np.pi) * np.spacing(np.abs(o[fin, 29]) + 1e-30) + (
        np.spacing(p.astype(np.float32))
    )
    assert np.all(np.abs(back - p) <= slack)
    _close(o[fin, 28], _f32(0.5 * _map(math.erfc, -x[fin] / np.sqrt(2))), what="normcdff")
    # erfcx = exp(x^2) erfc(x) (float64 fine below 26; inf where float overflows)
    fin = np.isfinite(x) & (x < 26)  # (past 26: the asymptotic 1 / (x sqrt(pi)) (1 - ...))
    k = i[float(np.float32(1e30))]
    assert o[k, 23] == np.float32(1 / (float(X[k]) * math.sqrt(math.pi)))
    with np.errstate(over="ignore"):
        _close(o[fin, 23], _f32(np.exp(x[fin] ** 2) * _map(math.erfc, x[fin])), what="erfcxf")
    assert o[i[np.inf], 23] == 0 and np.isposinf(o[i[-np.inf], 23])
    # I0: numpy's; I1 = I0' (central difference in float64, ~1e-9 relative)
    fin = np.abs(x) < 80  # (past ~89 both overflow float)
    assert np.isposinf(o[k, 26]) and np.isposinf(o[k, 27])
    _close(o[fin, 26], _f32(np.i0(x[fin])), what="I0")
    h = 1e-5
    d = (np.i0(x[fin] + h) - np.i0(x[fin] - h)) / (2 * h)
    np.testing.assert_allclose(o[fin, 27], d, rtol=1e-6, atol=3e-11)  # (the difference's 1e-11)


def test_bessel_functions(run):
    """J and Y of a = |x| + 0.25 (0.25 .. 12.75, and 1e30): the Wronskian J1 Y0 - J0 Y1 =
    2 / (pi a) to float's rounding of four values of magnitude <= 1 (3e-7 absolute); J0
    and J1 by their power series in float64 for a <= 6 (1 ulp of 1e-7 absolute); J3 and
    Y3 by the recurrences from J0, J1, Y0, Y1 (2e-6 absolute: float inputs); tabulated
    values (Abramowitz and Stegun, table 9.1) at 1 and 10."""
    o = run[0]
    a = (np.abs(X) + np.float32(0.25)).astype(np.float64)
    fin = np.isfinite(a) & (a < 100)
    j0, j1, y0, y1, j3, y3 = (o[fin, k].astype(np.float64) for k in range(30, 36))
    af = a[fin]
    np.testing.assert_allclose(j1 * y0 - j0 * y1, 2 / (np.pi * af), atol=3e-7, rtol=1e-6)
    small = af <= 6
    kk = np.arange(40)
    fact = np.array([math.factorial(int(k)) for k in kk], np.float64)
    q = (af[small, None] / 2) ** 2
    series0 = np.sum((-1.0) ** kk * q**kk / fact**2, axis=1)
    series1 = af[small] / 2 * np.sum((-1.0) ** kk * q**kk / (fact * fact * (kk + 1)), axis=1)
    np.testing.assert_allclose(j0[small], series0, atol=1.2e-7)
    np.testing.assert_allclose(j1[small], series1, atol=1.2e-7)
    j2 = 2 / af * j1 - j0
    np.testing.assert_allclose(j3, 4 / af * j2 - j1, atol=2e-6)
    y2 = 2 / af * y1 - y0
    np.testing.assert_allclose(y3, 4 / af * y2 - y1, atol=2e-6, rtol=2e-6)
    big = np.where(a == np.float32(1e30) + np.float32(0.25))[0]
    assert np.all(np.abs(o[big, 30:36]) < 1e-14)  # (|J|, |Y| <= sqrt(2 / (pi x)))
    with np.errstate(all="ignore"):
        for n, v, want in (
            (0, 1.0, 0.7651976865579666),
            (1, 1.0, 0.4400505857449335),
            (0, 10.0, -0.2459357644513483),
            (1, 10.0, 0.04347274616886144),
        ):
            from asc_xdsl.runtime.simulator.ops import simt_math as m

            assert abs(m.jn(n, v) - want) < 1e-12
        assert abs(m.y0(1.0) - 0.08825696421567696) < 1e-12
        assert abs(m.y1(10.0) - 0.24901542420695388) < 1e-12
        assert abs(m.y0(30.0) - (-0.11729573168666413)) < 1e-12  # (the Hankel series)


def test_integer_results(run):
    _, io, lo, _ = run
    fin = np.isfinite(X)
    assert np.array_equal(io[:, 1], np.signbit(X).astype(np.int32))
    assert np.array_equal(io[:, 2], np.isfinite(X))
    assert np.array_equal(io[:, 3], np.isnan(X))
    assert np.array_equal(io[:, 4], np.isinf(X))
    away = np.copysign(np.floor(np.abs(X.astype(np.float64)) + 0.5), X)
    big = np.abs(away) < 2**62
    assert np.array_equal(lo[big, 0], away[big].astype(np.int64))
    assert np.array_equal(lo[big & fin, 2], np.rint(X[big & fin]).astype(np.int64))
    # saturating (the header's RS_ENABLE): 1e30 -> INT64_MAX, NaN -> 0, -inf -> INT64_MIN
    i = {float(v): n for n, v in enumerate(X) if not np.isnan(v)}
    assert lo[i[float(np.float32(1e30))], 0] == 2**63 - 1 and lo[i[-np.inf], 2] == -(2**63)
    assert lo[np.isnan(X), 0][0] == 0
    with np.errstate(over="ignore", invalid="ignore"):
        scaled = (X * np.float32(1e10)).astype(np.float64)
        neg = (X * np.float32(-1e10)).astype(np.float64)
    ok = np.isfinite(scaled) & (np.abs(scaled) < 2**62)
    r = np.copysign(np.floor(np.abs(scaled) + 0.5), scaled)
    assert np.array_equal(lo[ok, 1], r[ok].astype(np.int64))
    assert np.array_equal(lo[ok, 3], np.abs(np.rint(neg[ok])).astype(np.int64))
    assert lo[i[-np.inf], 3] == 2**63 - 1  # (llabs of the saturated INT64_MAX)


# -- cache-hinted loads and stores -------------------------------------------------------


@S.vf(launch_bounds=32)
def cached_vf(f: S.Pointer, h: S.Pointer, i8: S.Pointer, u64: S.Pointer):
    t = S.thread_idx.x
    S.stcg(f, t + 32, S.ldcg(f, t) * 2.0)
    S.stwt(h, t + 32, S.ldca(h, t) + S.ldcg(h, 31 - t))
    S.stwt(i8, t + 32, S.ldcg(i8, t) - 1)
    S.stcg(u64, t + 32, S.ldca(u64, t) + 1)


@jit
def cached_kernel(f, h, i8, u64):
    cached_vf[32](f, h, i8, u64)


def test_cache_hinted_loads_and_stores_are_plain_ones():
    rng = np.random.default_rng(10)
    f = np.zeros(64, np.float32)
    f[:32] = rng.standard_normal(32)
    h = np.zeros(64, np.float16)
    h[:32] = rng.standard_normal(32)
    i8 = np.zeros(64, np.int8)
    i8[:32] = rng.integers(-128, 127, 32)
    u64 = np.zeros(64, np.uint64)
    u64[:32] = rng.integers(0, 2**63, 32, dtype=np.uint64) * 2 + 1
    want_u64 = u64[:32] + np.uint64(1)
    cached_kernel[1](f, h, i8, u64, platform=SOC)
    assert np.array_equal(f[32:], f[:32] * np.float32(2))
    assert np.array_equal(h[32:], h[:32] + h[:32][::-1])
    assert np.array_equal(i8[32:], (i8[:32].astype(np.int16) - 1).astype(np.int8))
    assert np.array_equal(u64[32:], want_u64)


# -- refusals ------------------------------------------------------------------------------


@S.vf(launch_bounds=32)
def cached_on_ub(p: S.Pointer):
    p[0] = S.ldcg(p, 0)


@S.vf(launch_bounds=32)
def sincos_int(p: S.Pointer, q: S.Pointer):
    S.sincosf(1.0, p, 0, q, 0)


@S.vf(launch_bounds=32)
def sincos_scalar(p: S.Pointer):
    S.sincosf(1.0, p, 0, 2.5, 0)


@S.vf(launch_bounds=32)
def math_of_a_string(p: S.Pointer):
    p[0] = S.erff("x")


@jit
def refused(p: asc.GlobalAddress, q: asc.GlobalAddress, case: asc.ConstExpr):
    if case == 0:
        buf = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
        cached_on_ub[32](buf)
    elif case == 1:
        sincos_int[32](p, q)
    elif case == 2:
        sincos_scalar[32](p)
    elif case == 3:
        math_of_a_string[32](p)
    else:
        S.tgammaf(1.5)


@pytest.mark.parametrize(
    "case, line, message",
    [
        (0, "p[0] = S.ldcg(p, 0)", "asc_ldcg takes a __gm__ pointer"),
        (1, "S.sincosf(1.0, p, 0, q, 0)", "c must point to float32, not int32"),
        (2, "S.sincosf(1.0, p, 0, 2.5, 0)", "c must be a SIMT pointer, got float"),
        (3, 'p[0] = S.erff("x")', "str"),
        (4, "S.tgammaf(1.5)", "SIMT"),
    ],
)
def test_misuse_is_a_located_compile_error(case, line, message):
    p = np.zeros(64, np.float32)
    q = np.zeros(64, np.int32) if case == 1 else np.zeros(64, np.float32)
    with pytest.raises(CompileError) as err:
        refused[1](p, q, case, platform=SOC)
    text = str(err.value)
    assert message in text and line in text, text


def test_ir_verifier_refuses_bad_pointers_and_types():
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    def module(body: str) -> str:
        return (
            f'builtin.module attributes {{ascendc.soc = "{SOC}"}} {{\n'
            "  func.func @f(%x: f32, %g: memref<?xf32, 22 : i64>, %u: memref<?xf32, 26 : i64>,"
            " %i: memref<?xi32, 22 : i64>, %b: memref<?xi1, 22 : i64>)"
            " attributes {ascendc.simt_vf = 64 : i32} {\n"
            f"    %c = arith.constant 1 : i32\n    {body}\n    func.return\n  }}\n}}\n"
        )

    ctx = make_context()
    ok = "%r = ascendc.simt.frexpf %x, %i, %c : f32, memref<?xi32, 22 : i64>, i32 -> f32"
    Parser(ctx, module(ok)).parse_module().verify()
    for body, message in (
        (
            "%r = ascendc.simt.frexpf %x, %g, %c : f32, memref<?xf32, 22 : i64>, i32 -> f32",
            "frexpf's exp is a i32 pointer, not one of f32",
        ),
        (
            "%r = ascendc.simt.ldca %u, %c : memref<?xf32, 26 : i64>, i32 -> f32",
            "asc_ldca takes a __gm__ pointer",
        ),
        (
            "%r = ascendc.simt.ldcg %b, %c : memref<?xi1, 22 : i64>, i32 -> i1",
            "asc_ldcg takes i8, ui8",
        ),
    ):
        with pytest.raises(VerifyException, match=message):
            Parser(ctx, module(body)).parse_module().verify()


# -- half2 / bfloat16x2_t --------------------------------------------------------------

P = 16  # pair results a thread writes


@S.vf(launch_bounds=32)
def pair_vf(x: S.Pointer, out: S.Pointer, acc: S.Pointer, io: S.Pointer, hs: S.Pointer):
    t = S.thread_idx.x
    v = x.cast(S.half2)[t]
    w = S.make_half2(v.y, v.x)
    q = out.cast(S.half2)
    o = P * t
    q[o] = S.haddx2(v, w)
    q[o + 1] = S.hsubx2(v, w)
    q[o + 2] = S.hmulx2(v, w)
    q[o + 3] = S.hdivx2(v, w)
    q[o + 4] = S.hmaxx2(v, S.hnegx2(w))
    q[o + 5] = S.hminx2_nan(v, w)
    q[o + 6] = S.hfmax2(v, w, v)
    q[o + 7] = S.hfmax2_relu(v, w, w)
    q[o + 8] = S.hcmadd(v, w, v)
    q[o + 9] = S.h2exp(v)
    q[o + 10] = S.h2sqrt(S.habsx2(v))
    q[o + 11] = S.h2log10(S.habsx2(v))
    q[o + 12] = S.highs2half2(S.lowhigh2highlow(v), S.low2half2(w))
    q[o + 13] = S.hltux2(v, w)
    q[o + 14] = S.floats2half2_rn(S.low2float(v) * 3.0, S.high2float(w) * 3.0)
    q[o + 15] = S.shfl_xor(v, 1)
    k = 8 * t
    io[k] = S.hltx2_mask(v, w)
    io[k + 1] = S.hbgex2(v, S.hnegx2(S.habsx2(v)))
    io[k + 2] = S.hbequx2(v, w)
    old = S.atomic_add(acc.cast(S.half2), 0, v)
    io[k + 3] = S.float_as_uint(S.low2float(old))
    io[k + 4] = S.heq(v.x, w.y)
    io[k + 5] = S.hisnan(S.hdiv(v.x, v.x))
    h = 4 * t
    hs[h] = S.hadd(v.x, v.y)
    hs[h + 1] = S.hfma_relu(v.x, v.y, v.x)
    hs[h + 2] = S.hexp10(v.x)
    hs[h + 3] = S.ushort_as_half(15360)  # (0x3C00: 1.0)


@jit
def pair_kernel(x, out, acc, io, hs):
    pair_vf[32](x, out, acc, io, hs)


def test_half2_functions_against_numpy():
    rng = np.random.default_rng(11)
    x = rng.uniform(-3, 3, 64).astype(np.float16)
    x[2:4] = [0.0, 0.0]  # (0 / 0 in lane 1's pair)
    x[10] = x[11]  # (an equal pair: the comparisons' equality)
    out = np.zeros(32 * P * 2, np.float16)
    acc = np.zeros(2, np.float16)
    io = np.zeros(32 * 8, np.uint32)
    hs = np.zeros(32 * 4, np.float16)
    with np.errstate(all="ignore"):
        pair_kernel[1](x, out, acc, io, hs, platform=SOC)
        o = out.reshape(32, P, 2)
        v = x.reshape(32, 2)
        w = v[:, ::-1]
        f16 = np.float16
        want = {
            0: v + w,
            1: v - w,
            2: v * w,
            3: v / w,
            4: np.fmax(v, -w),
            5: np.minimum(v, w),
            6: (v.astype(np.float64) * w + v).astype(f16),  # (exact in float64)
            7: np.maximum((v.astype(np.float64) * w + w).astype(f16), 0),
            9: np.exp(v.astype(np.float64)).astype(np.float32).astype(f16),
            10: np.sqrt(np.abs(v).astype(np.float64)).astype(np.float32).astype(f16),
            12: np.stack([v[:, 0], w[:, 0]], axis=1),
            13: np.where(np.isnan(v) | np.isnan(w) | (v < w), f16(1), f16(0)),
            14: (np.stack([v[:, 0], w[:, 1]], axis=1).astype(np.float32) * 3).astype(f16),
            15: v[np.arange(32) ^ 1],
        }
        for k, ref in want.items():
            np.testing.assert_array_equal(o[:, k], np.asarray(ref, f16), err_msg=f"column {k}")
        # complex x * y + z, each part exact then rounded once
        a, b, c, d = (col.astype(np.float64) for col in (v[:, 0], v[:, 1], w[:, 0], w[:, 1]))
        re = (a * c - b * d + a).astype(f16)
        im = (a * d + b * c + b).astype(f16)
        np.testing.assert_array_equal(o[:, 8], np.stack([re, im], axis=1))
        # log10 as the header: logf(x) / logf(10.0f) in float, rounded to half
        av = np.abs(v).astype(np.float64)
        log10 = (np.log(av).astype(np.float32) / np.float32(np.log(np.float64(10)))).astype(f16)
        np.testing.assert_array_equal(o[:, 11], log10)
        # masks and booleans
        lt = v < w
        mask = np.where(lt[:, 0], 0xFFFF, 0) | np.where(lt[:, 1], 0xFFFF0000, 0)
        io = io.reshape(32, 8)
        np.testing.assert_array_equal(io[:, 0], mask.astype(np.uint32))
        np.testing.assert_array_equal(io[:, 1], np.all(v >= -np.abs(v), axis=1))
        np.testing.assert_array_equal(io[:, 2], np.all((v == w) | np.isnan(v), axis=1))
        np.testing.assert_array_equal(io[:, 4], v[:, 0] == w[:, 1])
        assert io[1, 5] == 1 and io[0, 5] == 0  # (0 / 0 is NaN)
        # the atomic add: each component's sum rounded to half at each step, in thread
        # order; each thread gets the pair before its add
        running, before = np.zeros(2, f16), []
        for pair in v:
            before.append(running[0])
            running = running + pair
        np.testing.assert_array_equal(acc, running)
        got = io[:, 3].view(np.float32).astype(f16)
        np.testing.assert_array_equal(got, np.array(before, f16))
        h = hs.reshape(32, 4)
        np.testing.assert_array_equal(h[:, 0], v[:, 0] + v[:, 1])
        fma = (v[:, 0].astype(np.float64) * v[:, 1] + v[:, 0]).astype(f16)
        np.testing.assert_array_equal(h[:, 1], np.maximum(fma, 0))
        ten = (10.0 ** v[:, 0].astype(np.float64)).astype(np.float32).astype(f16)
        np.testing.assert_array_equal(h[:, 2], ten)
        assert np.all(h[:, 3] == 1)


@S.vf(launch_bounds=32)
def bf16_pair_vf(bits: S.Pointer, out: S.Pointer):
    t = S.thread_idx.x
    v = bits.cast(S.bfloat16x2)[t]
    q = out.cast(S.bfloat16x2)
    w = S.lows2bfloat162(S.high2bfloat162(v), v)
    q[4 * t] = S.haddx2(v, w)
    q[4 * t + 1] = S.hmulx2(v, S.float2bfloat162_rn(1.5))
    q[4 * t + 2] = S.h2rsqrt(S.habsx2(v))
    q[4 * t + 3] = S.make_bfloat162(S.high2bfloat16(v), S.low2bfloat16(S.shfl_down(v, 1)))


@jit
def bf16_pair_kernel(bits, out):
    bf16_pair_vf[32](bits, out)


def _bf16_bits(v) -> np.ndarray:
    u = np.asarray(v, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def _bf16(bits) -> np.ndarray:
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def test_bfloat16x2_functions_against_numpy():
    rng = np.random.default_rng(12)
    bits = _bf16_bits(rng.uniform(-4, 4, 64).astype(np.float32))
    out = np.zeros(32 * 4 * 2, np.uint16)
    bf16_pair_kernel[1](bits, out, platform=SOC)
    v = _bf16(bits).reshape(32, 2)
    w = np.stack([v[:, 1], v[:, 0]], axis=1)
    o = _bf16(out).reshape(32, 4, 2)
    np.testing.assert_array_equal(o[:, 0], _bf16(_bf16_bits(v + w)))
    np.testing.assert_array_equal(o[:, 1], _bf16(_bf16_bits(v * np.float32(1.5))))
    r = np.float32(1) / np.sqrt(np.abs(v).astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(o[:, 2], _bf16(_bf16_bits(r)))
    down = np.where(np.arange(32) + 1 < 32, np.arange(32) + 1, np.arange(32))
    np.testing.assert_array_equal(o[:, 3], np.stack([v[:, 1], v[down, 0]], axis=1))


@S.vf(launch_bounds=32)
def pair_into_half(p: S.Pointer):
    v = p.cast(S.half2)[0]
    p[0] = v


@S.vf(launch_bounds=32)
def half2_into_bf16x2(p: S.Pointer):
    v = p.cast(S.half2)[0]
    p.cast(S.bfloat16x2)[0] = v


@S.vf(launch_bounds=32)
def pair_of_scalar(p: S.Pointer):
    p[0] = S.h2exp(p[0])


@jit
def pair_refused(p: asc.GlobalAddress, case: asc.ConstExpr):
    if case == 0:
        pair_into_half[32](p)
    elif case == 1:
        half2_into_bf16x2[32](p)
    else:
        pair_of_scalar[32](p)


@pytest.mark.parametrize(
    "case, line, message",
    [
        (0, "p[0] = v", "must be a float16 scalar, got a half2 pair"),
        (1, "p.cast(S.bfloat16x2)[0] = v", "must be a bfloat16x2_t value"),
        (2, "p[0] = S.h2exp(p[0])", "takes a half2 or bfloat16x2 pair, got float16"),
    ],
)
def test_pair_misuse_is_a_located_compile_error(case, line, message):
    with pytest.raises(CompileError) as err:
        pair_refused[1](np.zeros(8, np.float16), case, platform=SOC)
    text = str(err.value)
    assert message in text and line in text, text


# -- run-time cooperative groups -----------------------------------------------------------

CG = S.cooperative_groups
G = 16  # results a thread writes


@S.vf(launch_bounds=64)
def groups_vf(out: S.Pointer, n: int):
    t = S.thread_idx.x
    o = G * t
    # (before the branch: every lane is active at the warp functions; a lane that took
    # another branch is not, docs/ascend950.md)
    tg = CG.tiled_partition(CG.this_thread_block(), n)
    out[o + 10] = tg.thread_rank() * 100 + tg.num_threads()
    out[o + 11] = CG.tiled_partition(tg, 4).thread_rank()
    tb = CG.binary_partition(CG.tiled_partition(CG.this_thread_block(), 8), t % 3 == 1)
    out[o + 12] = tb.thread_rank() * 100 + tb.num_threads()
    out[o + 13] = tb.meta_group_rank()
    if t % 3 != 0:
        g = CG.coalesced_threads()
        out[o] = g.thread_rank()
        out[o + 1] = g.num_threads()
        out[o + 2] = g.shfl(t * 10, 2)
        out[o + 3] = g.ballot(t % 2)
        out[o + 4] = g.any(t == 5) * 10 + g.all(t < 100)
        out[o + 5] = g.shfl_up(t, 2)
        h = CG.tiled_partition(g, 4)
        out[o + 6] = h.thread_rank() * 100 + h.meta_group_rank() * 10 + h.meta_group_size()
        b = CG.binary_partition(g, t % 2 == 0)
        out[o + 7] = b.num_threads() * 100 + b.meta_group_rank() * 10 + b.meta_group_size()
        out[o + 8] = b.shfl_down(t, 1)
        out[o + 9] = b.shfl(t, 1)
        g.sync()


@jit
def groups_kernel(out: asc.GlobalAddress, n: int):
    groups_vf[40](out, n)


def test_coalesced_and_runtime_groups_against_a_model():
    """Each member against a set-based model of cooperative_groups_impl.h: a group is
    the list of its lanes, a rank the position in it."""
    out = np.zeros(40 * G, np.int64)
    groups_kernel[1](out, 16, platform=SOC)
    o = out.reshape(40, G)
    for t in range(40):
        if t % 3 == 0:
            assert not o[t, :10].any()
            continue
        warp = range(32 * (t // 32), min(32 * (t // 32) + 32, 40))
        g = [u for u in warp if u % 3 != 0]
        r, n = g.index(t), len(g)
        assert (o[t, 0], o[t, 1]) == (r, n)
        assert o[t, 2] == 10 * g[2 % n]
        assert o[t, 3] == sum(1 << k for k, u in enumerate(g) if u % 2)
        assert o[t, 4] == 10 * (5 in g) + 1
        assert o[t, 5] == (g[r - 2] if r >= 2 else t)
        assert o[t, 6] == (r % 4) * 100 + (r // 4) * 10 + (n + 3) // 4
        side = [u for u in g if (u % 2 == 0) == (t % 2 == 0)]
        assert o[t, 7] == len(side) * 100 + (t % 2 == 0) * 10 + 2
        k = side.index(t)
        assert o[t, 8] == (side[k + 1] if k + 1 < len(side) else t)
        assert o[t, 9] == side[1 % len(side)]
    for t in range(40):
        assert o[t, 10] == (t % 16) * 100 + (8 if t >= 32 else 16)
        assert o[t, 11] == t % 4
        tile = range(t & ~7, (t & ~7) + 8)
        side = [u for u in tile if (u % 3 == 1) == (t % 3 == 1)]
        assert o[t, 12] == side.index(t) * 100 + len(side)
        assert o[t, 13] == (t % 3 == 1)
    cpp = groups_kernel.compile(out, 16, soc_version=SOC).asm["ascendc"]
    assert "cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();" in cpp
    assert "cooperative_groups::tiled_partition(cooperative_groups::this_thread_block(), n)" in cpp


@S.vf(launch_bounds=32)
def bad_size(out: S.Pointer, n: int):
    out[0] = CG.tiled_partition(CG.this_thread_block(), n).size()


@jit
def bad_size_kernel(out: asc.GlobalAddress, n: int):
    bad_size[32](out, n)


@S.vf(launch_bounds=32)
def coalesced_member_of_thread_group(out: S.Pointer):
    tg = CG.tiled_partition(CG.this_thread_block(), 8, runtime=True)
    out[0] = CG.binary_partition(tg, True).size()


@jit
def group_refused(out: asc.GlobalAddress):
    coalesced_member_of_thread_group[32](out)


def test_runtime_group_misuse():
    from asc_xdsl.runtime.simulator.errors import SimulatorError

    out = np.zeros(4, np.int64)
    with pytest.raises(SimulatorError, match="tiled_partition size 6 is not a power of two"):
        bad_size_kernel[1](out, 6, platform=SOC)
    with pytest.raises(CompileError) as err:
        group_refused[1](out, platform=SOC)
    text = str(err.value)
    assert "binary_partition takes a coalesced_group or a thread_block_tile" in text
    assert "CG.binary_partition(tg, True)" in text


# -- the other conversions -------------------------------------------------------------------


@S.vf(launch_bounds=32)
def cvt_vf(x: S.Pointer, h: S.Pointer, b: S.Pointer, ul: S.Pointer, fo: S.Pointer,
           io: S.Pointer, uo: S.Pointer, ho: S.Pointer, bo: S.Pointer):  # fmt: skip
    t = S.thread_idx.x
    v, hv, bv, uv = x[t], h[t], b.cast(asc.bfloat16)[t], ul[t]
    o = 8 * t
    fo[o] = S.float2float_rn(v)
    fo[o + 1] = S.float2float_rz(v)
    fo[o + 2] = S.float2float_rd(v)
    fo[o + 3] = S.float2float_ru(v)
    fo[o + 4] = S.float2float_rna(v)
    fo[o + 5] = S.ull2float_rn(uv)
    fo[o + 6] = S.ull2float_rd(uv)
    fo[o + 7] = S.ull2float_rna(uv)
    io[o] = S.half2int_rn(hv)
    io[o + 1] = S.half2int_rz(hv)
    io[o + 2] = S.half2ll_rd(hv)
    io[o + 3] = S.half2ll_ru(hv)
    io[o + 4] = S.bfloat162int_rna(bv)
    io[o + 5] = S.bfloat162ll_rz(bv)
    io[o + 6] = S.half2uint_rn(hv)
    io[o + 7] = S.bfloat162uint_ru(bv)
    uo[2 * t] = S.float2ull_rz(v)
    uo[2 * t + 1] = S.half2ull_ru(hv)
    ho[o] = S.half2half_rna(hv)
    ho[o + 1] = S.half2half_rd(hv)
    ho[o + 2] = S.int2half_rn(S.float2int_rz(v))
    ho[o + 3] = S.int2half_rz_sat(S.float2int_rz(v))
    ho[o + 4] = S.uint2half_ru(S.float2uint_rz(v))
    ho[o + 5] = S.ll2half_rd(S.float2ll_rz(v))
    ho[o + 6] = S.bfloat162half_rn(bv)
    ho[o + 7] = S.bfloat162half_rz_sat(bv)
    bq = bo.cast(asc.bfloat16)
    bq[4 * t] = S.half2bfloat16_rn(hv)
    bq[4 * t + 1] = S.bfloat162bfloat16_ru(bv)
    bq[4 * t + 2] = S.int2bfloat16_rd(S.float2int_rz(v))
    bq[4 * t + 3] = S.ull2bfloat16_rna(uv)


@jit
def cvt_kernel(x, h, b, ul, fo, io, uo, ho, bo):
    cvt_vf[32](x, h, b, ul, fo, io, uo, ho, bo)


def _round_to(x64: np.ndarray, mode: str, dtype) -> np.ndarray:
    """float64 values (exact) rounded to `dtype` in a directed mode: numpy's nearest,
    stepped when it is on the wrong side."""
    near = x64.astype(dtype)
    back = near.astype(np.float64)
    if mode == "rn":
        return near
    down = np.where(back > x64, np.nextafter(near, dtype(-np.inf)), near)
    up = np.where(back < x64, np.nextafter(near, dtype(np.inf)), near)
    if mode == "rd":
        return down
    if mode == "ru":
        return up
    if mode == "rz":
        return np.where(x64 >= 0, down, up)
    lo, hi = down.astype(np.float64), up.astype(np.float64)  # rna: ties away
    return np.where(x64 - lo < hi - x64, down, np.where(x64 - lo > hi - x64, up,
                    np.where(x64 >= 0, up, down)))  # fmt: skip


def _integral(x: np.ndarray, mode: str) -> np.ndarray:
    return {
        "rn": np.rint,
        "rz": np.trunc,
        "rd": np.floor,
        "ru": np.ceil,
        "rna": lambda v: np.copysign(np.floor(np.abs(v) + 0.5), v),
    }[mode](x)


def _sat_int(x: np.ndarray, mode: str, lo: int, hi: int) -> list[int]:
    r = _integral(x.astype(np.float64), mode)
    return [0 if np.isnan(v) else int(max(lo, min(hi, v))) for v in r]


def test_the_other_conversions_against_numpy():
    x = np.array(
        [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.7, -3.7, 70000.5, -70000.5, 65519.0, 65520.0,
         1e10, -1e10, np.nan, np.inf, -np.inf, 1e20, 2049.5, -2049.5, 0.0, -0.0, 100.25,
         -7.75, 4e9, 1.25, -1.25, 33.5, 1e-3, 123456.7, 5e4, -6e4],
        np.float32,
    )  # fmt: skip
    h = np.clip(np.nan_to_num(x, nan=0.0), -65504, 65504).astype(np.float16)
    h[14:17] = [np.nan, np.inf, -np.inf]
    b = _bf16_bits(x)
    ul = np.array([3 * 2**40 + k for k in range(29)] + [2**60 + 2**36, 2**64 - 1, 1], np.uint64)
    fo = np.zeros(32 * 8, np.float32)
    uo, ho = np.zeros(64, np.uint64), np.zeros(32 * 8, np.float16)
    bo = np.zeros(32 * 4, np.uint16)
    io32 = np.zeros(32 * 8, np.int32)
    with np.errstate(all="ignore"):
        cvt_kernel[1](x, h, b, ul, fo, io32, uo, ho, bo, platform=SOC)
        fo, ho = fo.reshape(32, 8), ho.reshape(32, 8)
        for k, mode in enumerate(("rn", "rz", "rd", "ru", "rna")):
            np.testing.assert_array_equal(fo[:, k], _integral(x, mode), err_msg=mode)
        # unsigned long long -> float: exact in float64 below 2^53, the rest by hand
        small = ul < 2**53
        for k, mode in ((5, "rn"), (6, "rd"), (7, "rna")):
            np.testing.assert_array_equal(
                fo[small, k], _round_to(ul[small].astype(np.float64), mode, np.float32)
            )
        tie = 2.0**60  # (2^60 + 2^36: halfway between 2^60 and 2^60 + 2^37)
        assert list(fo[29, 5:8]) == [tie, tie, tie + 2.0**37]
        assert fo[30, 5] == 2.0**64 and fo[30, 6] == np.nextafter(np.float32(2.0**64), 0)
        i = io32.reshape(32, 8)
        i32, i64 = (-(2**31), 2**31 - 1), (-(2**63), 2**63 - 1)
        assert list(i[:, 0]) == _sat_int(h, "rn", *i32)
        assert list(i[:, 1]) == _sat_int(h, "rz", *i32)
        bf = _bf16(b)
        assert list(i[:, 4]) == _sat_int(bf, "rna", *i32)
        assert list(i[:, 6]) == [np.int32(np.uint32(v)) for v in _sat_int(h, "rn", 0, 2**32 - 1)]
        assert list(i[:, 7]) == [np.int32(np.uint32(v)) for v in _sat_int(bf, "ru", 0, 2**32 - 1)]
        # (the ll results land in int32 slots: compare their low 32 bits)
        low = lambda vs: [int(np.int64(v).astype(np.int32)) for v in vs]  # noqa: E731
        assert list(i[:, 2]) == low(_sat_int(h, "rd", *i64))
        assert list(i[:, 3]) == low(_sat_int(h, "ru", *i64))
        assert list(i[:, 5]) == low(_sat_int(bf, "rz", *i64))
        u = uo.reshape(32, 2)
        assert list(u[:, 0]) == _sat_int(x, "rz", 0, 2**64 - 1)
        assert list(u[:, 1]) == _sat_int(h, "ru", 0, 2**64 - 1)
        # half -> half: integral, NaN and inf kept
        np.testing.assert_array_equal(
            ho[:, 0], _integral(h.astype(np.float64), "rna").astype(np.float16)
        )
        np.testing.assert_array_equal(ho[:, 1], np.floor(h))
        # int -> half through float, each step in the mode (exact in float below 2^24)
        xi = np.array(_sat_int(x, "rz", *i32), np.float64)
        np.testing.assert_array_equal(ho[:, 2], _round_to(xi, "rn", np.float16))
        sat = np.clip(_round_to(xi, "rz", np.float16), -65504, 65504)
        np.testing.assert_array_equal(ho[:, 3], sat)
        xu = np.array(_sat_int(x, "rz", 0, 2**32 - 1), np.float64)
        via = _round_to(xu, "ru", np.float32).astype(np.float64)  # (4e9: float rounds first)
        np.testing.assert_array_equal(ho[:, 4], _round_to(via, "ru", np.float16))
        xl = np.array(_sat_int(x, "rz", *i64), np.float64)
        ok = np.abs(xl) < 2**53
        via = _round_to(xl[ok], "rd", np.float32).astype(np.float64)
        np.testing.assert_array_equal(ho[ok, 5], _round_to(via, "rd", np.float16))
        np.testing.assert_array_equal(ho[:, 6], _round_to(bf.astype(np.float64), "rn", np.float16))
        fin = np.isfinite(bf)
        want = np.clip(_round_to(bf.astype(np.float64), "rz", np.float16), -65504, 65504)
        np.testing.assert_array_equal(ho[fin, 7], want[fin])
        assert ho[14, 7] == 0 and ho[15, 7] == 65504  # (_sat: NaN 0, inf the largest)
        bo = _bf16(bo).reshape(32, 4)
        np.testing.assert_array_equal(bo[:, 0], _bf16(_bf16_bits(h.astype(np.float32))))
        np.testing.assert_array_equal(bo[:, 1], np.ceil(bf))
        bits_rd = _round_to(xi, "rd", np.float32)
        want = np.array([_bf16_directed(v, "rd") for v in bits_rd], np.float32)
        np.testing.assert_array_equal(bo[:, 2], want)
        # unsigned long long -> bfloat16_t: through float (rna), then rna
        assert bo[29, 3] == 2.0**60 and bo[31, 3] == 1


def _bf16_directed(v: float, mode: str) -> float:
    """A float rounded to bfloat16 in a directed mode (by its bits)."""
    f = np.float32(v)
    if not np.isfinite(f):
        return float(f)
    bits = int(np.array([f], np.float32).view(np.uint32)[0])
    low, top = bits & 0xFFFF, bits & 0xFFFF0000
    down_mag = np.array([top], np.uint32).view(np.float32)[0]
    up_mag = np.array([top + 0x10000], np.uint32).view(np.float32)[0] if low else down_mag
    neg = f < 0
    if mode == "rd":
        return float(up_mag if neg else down_mag)
    if mode == "ru":
        return float(down_mag if neg else up_mag)
    raise ValueError(mode)
