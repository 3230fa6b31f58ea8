"""The annotations of the kernel language's parameters: what a Python argument may be.

A kernel computes with compile-time Python values and runtime values of the IR alike,
so a parameter that takes an integer takes a Python `int` or a runtime integer
(`RuntimeScalar`, e.g. a loop index or `tensor.get_size()`).
"""

from __future__ import annotations

from typing import TypeAlias

from asc_xdsl.language.builder import RuntimeScalar

Int: TypeAlias = "int | RuntimeScalar"
"""An integer: a Python int (a compile-time constant) or a runtime integer value."""

Scalar: TypeAlias = "int | float | RuntimeScalar"
"""A number: a Python int or float, or a runtime value (converted to the operand's type)."""

Bool: TypeAlias = "bool | RuntimeScalar"
"""A flag: a Python bool or a runtime i1 value."""

__all__ = ["Bool", "Int", "Scalar"]
