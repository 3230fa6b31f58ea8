"""The advanced math library (Acos .. Trunc, Power, Xor, Axpy, ClampMax/Min, Exp).

Each API works on the first `calCount` elements (without a count: all of `src`, as
`srcTensor.GetSize()`), reads its sources and writes `dst` on the V pipe.

Precision (*decision*): the library's own polynomial and Newton steps are not
reproduced; each function is evaluated in float64 and rounded once to the element type,
so results are the correctly rounded values the library approximates (its documented
error bounds are within a few ulp of them). `Exp`'s Taylor expansion level is taken as
exact. Round rounds half away from zero (the docs' 四舍五入, Round(3.5) = 4), Frac is
x - trunc(x). Integer Power follows C: a negative exponent gives 0 unless the base is
1 or -1, results wrap to int32.

The scratch buffer (`sharedTmpBuffer`) must be a live local tensor; its contents are
not modelled (the library leaves them undefined). `isReuseSource` may let the library
overwrite `src`; the simulator leaves `src` as it was (a kernel must not rely on either).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from asc_xdsl.dialects.ascendc.types import LocalTensorType
from asc_xdsl.runtime.simulator.compile import sim_hook
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import UnsupportedOpError
from asc_xdsl.runtime.simulator.profile import C_V, I_V, VEC_ELEMS, vector_cycles

Fn = Callable[[np.ndarray], np.ndarray]
CYCLES_PER_REPEAT = 8
"""Cost model: a library call is a sequence of vector instructions (cast, polynomial,
select); charged as 8 cycles per 256-byte repeat of its input."""


def _digamma(x: np.ndarray) -> np.ndarray:
    """psi(x): reflection below 0.5, recurrence up to 6, then the asymptotic series."""
    x = np.asarray(x, np.float64)
    out = np.empty_like(x)
    neg = x < 0.5
    with np.errstate(all="ignore"):
        xr = np.where(neg, 1.0 - x, x)
        acc = np.zeros_like(xr)
        for _ in range(6):
            small = xr < 6
            acc = np.where(small, acc - 1.0 / xr, acc)
            xr = np.where(small, xr + 1.0, xr)
        inv2 = 1.0 / (xr * xr)
        series = (
            np.log(xr)
            - 0.5 / xr
            - inv2 * (1 / 12 - inv2 * (1 / 120 - inv2 * (1 / 252 - inv2 * (1 / 240 - inv2 / 132))))
        )
        psi = series + acc
        out = np.where(neg, psi - np.pi / np.tan(np.pi * x), psi)
        out = np.where((x <= 0) & (x == np.floor(x)), np.nan, out)
    return out


def _vectorised(f: Callable[[float], float]) -> Fn:
    def fn(x: np.ndarray) -> np.ndarray:
        flat = [_safe(f, float(v)) for v in x.reshape(-1)]
        return np.array(flat, np.float64).reshape(x.shape)

    return fn


def _safe(f: Callable[[float], float], v: float) -> float:
    try:
        return f(v)
    except (ValueError, OverflowError):  # lgamma(0), lgamma(-1), ...: a pole
        return math.inf if not math.isnan(v) else math.nan


def _round_half_away(x: np.ndarray) -> np.ndarray:
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


UNARY: dict[str, Fn] = {
    "acos": np.arccos,
    "acosh": np.arccosh,
    "asin": np.arcsin,
    "asinh": np.arcsinh,
    "atan": np.arctan,
    "atanh": np.arctanh,
    "ceil": np.ceil,
    "cos": np.cos,
    "cosh": np.cosh,
    "digamma": _digamma,
    "erf": _vectorised(math.erf),
    "erfc": _vectorised(math.erfc),
    "floor": np.floor,
    "frac": lambda x: x - np.trunc(x),
    "lgamma": _vectorised(math.lgamma),
    "log": np.log,
    "round": _round_half_away,
    "sign": np.sign,
    "sin": np.sin,
    "sinh": np.sinh,
    "tan": np.tan,
    "tanh": np.tanh,
    "trunc": np.trunc,
}


def charge_library(c, n: int, itemsize: int) -> None:
    """Cost of a library call over n elements (CYCLES_PER_REPEAT)."""
    k = c.cnt
    k[I_V] += 1
    k[VEC_ELEMS] += n
    k[C_V] += vector_cycles(n * itemsize, CYCLES_PER_REPEAT)


def _count_of(op, comp, src_name: str):
    """A function (frame, tensors) -> the element count: calCount, else src's size."""
    n = op.cal_count
    if n is not None:
        slot = comp.slot(n)
        return lambda e, src: int(e[slot])
    return lambda e, src: src.length


def check_tmp(op, comp):
    """The scratch buffer, if given, must be a live local tensor."""
    tmp = getattr(op, "shared_tmp_buffer", None)
    if tmp is None:
        return lambda e: None
    slot = comp.slot(tmp)
    return lambda e: e[slot].check(0, "sharedTmpBuffer", vector=False)


def _rounded(values: np.ndarray, dt: np.dtype) -> np.ndarray:
    with np.errstate(all="ignore"):
        return values.astype(dt)


@sim_hook("adv_unary")
def _unary(op, comp, key: str):
    fn = UNARY.get(key)
    if fn is None:
        raise UnsupportedOpError(f"the CPU simulator has no semantics for '{key}'")
    dt = np_dtype(op.dst.type.element_type)
    d, s = comp.slot(op.dst), comp.slot(op.src)
    count, tmp = _count_of(op, comp, "src"), check_tmp(op, comp)

    def run(e, c, _op=op):
        src = e[s]
        n = count(e, src)
        x = src.span(n, "src").astype(np.float64)
        tmp(e)
        with np.errstate(all="ignore"):
            e[d].span(n, "dst")[...] = _rounded(fn(x), dt)
        charge_library(c, n, dt.itemsize)

    return run


def _int_power(base: np.ndarray, exp: np.ndarray) -> np.ndarray:
    b, x = base.astype(np.int64), exp.astype(np.int64)
    with np.errstate(all="ignore"):
        pos = np.power(b, np.maximum(x, 0))
    neg = np.where(b == 1, 1, np.where(b == -1, np.where(x % 2 == 0, 1, -1), 0))
    return np.where(x < 0, neg, pos).astype(np.int32)


@sim_hook("adv_binary")
def _binary(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    d, a, b = comp.slot(op.dst), comp.slot(op.src0), comp.slot(op.src1)
    tensor0 = isinstance(op.src0.type, LocalTensorType)
    tensor1 = isinstance(op.src1.type, LocalTensorType)
    size_of = comp.slot(op.src0 if tensor0 else op.src1)
    n_slot = comp.slot(op.cal_count) if op.cal_count is not None else None
    tmp = check_tmp(op, comp)

    def operand(e, slot, is_tensor, n, name):
        if is_tensor:
            return e[slot].span(n, name)
        return np.full(n, e[slot]).astype(dt)

    if key == "power":
        if dt.kind == "i":
            fn = _int_power
        else:

            def fn(x, y):
                with np.errstate(all="ignore"):
                    return np.power(x.astype(np.float64), y.astype(np.float64)).astype(dt)

    elif key == "xor":
        fn = np.bitwise_xor
    else:
        raise UnsupportedOpError(f"the CPU simulator has no semantics for '{key}'")

    def run(e, c, _op=op):
        n = int(e[n_slot]) if n_slot is not None else e[size_of].length
        x, y = operand(e, a, tensor0, n, "src0"), operand(e, b, tensor1, n, "src1")
        tmp(e)
        e[d].span(n, "dst")[...] = fn(x, y)
        charge_library(c, n, dt.itemsize)

    return run


@sim_hook("adv_axpy")
def _axpy(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    d, s, k, n = (comp.slot(v) for v in (op.dst, op.src, op.scalar, op.cal_count))
    tmp = check_tmp(op, comp)

    def run(e, c, _op=op):
        count = int(e[n])
        src = e[s].span(count, "src").astype(np.float64)
        dst = e[d].span(count, "dst")
        tmp(e)
        with np.errstate(all="ignore"):
            dst[...] = (dst.astype(np.float64) + src * float(e[k])).astype(dt)
        charge_library(c, count, dt.itemsize)

    return run


@sim_hook("adv_clamp")
def _clamp(op, comp, key: str):
    fn = {"clamp_max": np.minimum, "clamp_min": np.maximum}[key]
    dt = np_dtype(op.dst.type.element_type)
    d, s, k, n = (comp.slot(v) for v in (op.dst, op.src, op.scalar, op.cal_count))
    tmp = check_tmp(op, comp)

    def run(e, c, _op=op):
        count = int(e[n])
        x = e[s].span(count, "src")
        tmp(e)
        e[d].span(count, "dst")[...] = fn(x, np.array(e[k]).astype(dt))
        charge_library(c, count, dt.itemsize)

    return run


@sim_hook("adv_exp")
def _exp(op, comp, key: str):
    dt = np_dtype(op.dst.type.element_type)
    d, s, n = comp.slot(op.dst), comp.slot(op.src), comp.slot(op.cal_count)
    tmp = check_tmp(op, comp)

    def run(e, c, _op=op):
        count = int(e[n])
        x = e[s].span(count, "src").astype(np.float64)
        tmp(e)
        with np.errstate(all="ignore"):
            e[d].span(count, "dst")[...] = np.exp(x).astype(dt)
        charge_library(c, count, dt.itemsize)

    return run


@sim_hook("adv_cumsum")
def _cumsum(op, comp, key: str):
    raise UnsupportedOpError(
        "CumSum is not simulated: pyasc's op carries CumSumConfig's options but not the "
        "shape (CumSumInfo{outter, inner}) the sums run over"
    )
