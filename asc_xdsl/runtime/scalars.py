"""Host numbers passed to scalar kernel parameters: one check for every backend.

A scalar parameter (`i32`, `ui8`, `f16`, `bf16`, `f32`, `i1`, `index`, ...) takes a
Python number, a numpy scalar or a 0-d array/tensor whose value fits its type. A value
that does not fit is an error on every backend, with the same text -- never wrapped
(`2**31` is not -2**31) or rounded to infinity:

    argument 1: 2147483648 does not fit in i32 (parameter 'n': -2147483648 .. 2147483647)

Integers take ints (and integral floats); floats take any real number whose rounding to
the type is finite (infinities and NaN pass through as they are); `i1` takes bools
(and 0/1).
"""

from __future__ import annotations

import math
from typing import Any

from xdsl.dialects.builtin import IndexType, IntegerType, Signedness
from xdsl.ir import Attribute

from asc_xdsl.frontend import dtypes as dt
from asc_xdsl.runtime.kernel import LaunchError


def int_bounds(t: Attribute) -> tuple[int, int] | None:
    """[lo, hi] of an integer-like parameter type (signless = signed, index = i64)."""
    if isinstance(t, IndexType):
        return -(1 << 63), (1 << 63) - 1
    if isinstance(t, IntegerType):
        width = t.width.data
        if width == 1:
            return 0, 1
        if t.signedness.data == Signedness.UNSIGNED:
            return 0, (1 << width) - 1
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return None


def scalar_argument(t: Attribute, value: Any, index: int, name: str | None = None) -> Any:
    """`value` checked against scalar parameter type `t`: a Python int, float or bool.

    `index` counts the kernel's runtime parameters from 0 and `name` is the parameter's
    (when known); both appear in the error so it reads the same on every backend."""
    where = f" (parameter '{name}')" if name else ""
    value = _plain(value)
    if not isinstance(value, bool | int | float):
        raise LaunchError(
            f"argument {index} must be a number for parameter type {t}, got "
            f"{type(value).__name__}{where}"
        )
    bounds = int_bounds(t)
    if bounds is not None:
        if isinstance(value, float):
            if not value.is_integer():
                raise LaunchError(f"argument {index}: {value!r} is not an integer ({t}){where}")
            value = int(value)
        lo, hi = bounds
        if not lo <= value <= hi:
            range_text = f": {lo} .. {hi}" if name else f" ({lo} .. {hi})"
            label = f" (parameter '{name}'{range_text})" if name else range_text
            raise LaunchError(f"argument {index}: {value!r} does not fit in {t}{label}")
        return bool(value) if isinstance(t, IntegerType) and t.width.data == 1 else int(value)
    try:
        dtype = dt.from_ir(t)
    except TypeError:
        dtype = None
    if dtype is None or not dtype.is_float():
        raise LaunchError(f"kernel parameters of type {t} cannot be passed from the host")
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        number = math.inf
    if math.isnan(number) or (math.isinf(number) and isinstance(value, float)):
        return number  # an explicit infinity or NaN
    if math.isinf(number) or dt.float_overflows(number, dtype):
        raise LaunchError(
            f"argument {index}: {value!r} does not fit in {t} (largest finite value "
            f"{dt.FLOAT_LIMITS[dtype.name][0]:g}){where}"
        )
    return number


def _plain(value: Any) -> Any:
    """numpy scalars, 0-d arrays and 0-d torch tensors as Python numbers."""
    item = getattr(value, "item", None)
    if item is not None and getattr(value, "ndim", 0) == 0 and not isinstance(value, bool | int):
        try:
            return item()
        except (TypeError, ValueError):
            return value
    return value
