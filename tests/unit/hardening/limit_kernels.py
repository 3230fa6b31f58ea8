"""Kernels for the launch, option and limit tests (test_launch_limits.py)."""

import asc_xdsl as asc


@asc.jit
def store_n(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, n)


@asc.jit
def store_f16(x: asc.GlobalAddress, v: float):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, v)


@asc.jit
def spin(x: asc.GlobalAddress, n: int):
    i = 0
    while i < n:
        i = i * 1  # never advances
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, i)


@asc.jit
def count_to(x: asc.GlobalAddress, n: int):
    total = 0
    for _i in range(n):
        total = total + 1
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, total)


@asc.jit
def long_range(x: asc.GlobalAddress):
    total = 0
    for _i in range(2**31 - 1):
        total = total + 1
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, total)


@asc.jit
def unrolled(x: asc.GlobalAddress, count: asc.ConstExpr[int]):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    for i in asc.static_range(count):
        gm.set_value(0, i)


@asc.jit
def nested_unroll(x: asc.GlobalAddress, count: asc.ConstExpr[int]):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    for i in asc.static_range(count):
        for j in asc.static_range(count):
            gm.set_value(0, i + j)


@asc.jit
def returns_value(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    return n


@asc.jit
def deep_queue(x: asc.GlobalAddress):
    asc.TQue(asc.TPosition.VECIN, 10**30)


@asc.jit
def f16_overflow(x: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, 1.0e10)


@asc.jit
def local_tensor_param(x: asc.LocalTensor, n: int):
    pass
