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

import functools
from typing import Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute

from asc_xdsl.runtime.cann.args import ScalarSpec, check_scalar
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.runtime.numpy_types import np_dtype
from asc_xdsl.utils.int_types import int_bounds


@functools.lru_cache(maxsize=256)
def scalar_spec(t: Attribute) -> ScalarSpec:
    """The record of a scalar parameter of IR type `t` (what a CANN manifest keeps)."""
    try:
        dtype = np_dtype(t)
    except TypeError:
        raise LaunchError(
            f"kernel parameters of type {t} cannot be passed from the host", code="ASC-R601"
        ) from None
    name = "bfloat16" if str(t) == "bf16" else dtype.name
    bounds = int_bounds(t) if isinstance(t, IntegerType | IndexType) else None
    return ScalarSpec(str(t), name, bounds)


def scalar_argument(t: Attribute, value: Any, index: int, name: str | None = None) -> Any:
    """`value` checked against scalar parameter type `t`: a Python int, float or bool.

    `index` counts the kernel's runtime parameters from 0 and `name` is the parameter's
    (when known); both appear in the error so it reads the same on every backend. The
    rule is `check_scalar`'s, which a prebuilt CANN launch applies to its manifest's
    record without xDSL."""
    return check_scalar(scalar_spec(t), value, index, name)
