"""Kernels for Python's `//` and `%` on runtime operands (test_python_division.py)."""

import asc_xdsl as asc


@asc.jit
def int_division(x: asc.GlobalAddress, a: int, b: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 10)
    gm.set_value(0, a // b)
    gm.set_value(1, a % b)
    gm.set_value(2, -7 // b)  # a constant and a runtime operand
    gm.set_value(3, a % -3)
    gm.set_value(4, -7 // 2)  # folded by Python
    gm.set_value(5, -7 % 2)
    gm.set_value(6, a // 4)  # by powers of two: a shift and a mask
    gm.set_value(7, a % 8)
    gm.set_value(8, a // 1)
    gm.set_value(9, a % 1)


@asc.jit
def float_division(x: asc.GlobalAddress, a: float, b: float):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, a // b)
    gm.set_value(1, a % b)
    gm.set_value(2, a // 0.5)
    gm.set_value(3, -7.5 % b)


@asc.jit
def extremes(x: asc.GlobalAddress, a: float, b: float):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, max(a, b))
    gm.set_value(1, min(a, b))


@asc.jit
def signed_zero(x: asc.GlobalAddress, a: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, float(a) * 0.0)  # makes the +0.0 constant first
    gm.set_value(1, -0.0 if a == 0 else 1.0)
