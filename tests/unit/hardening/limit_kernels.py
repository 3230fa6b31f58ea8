"""Kernels for the launch, option and limit tests (test_launch_limits.py)."""

import asc_xdsl as asc


@asc.jit
def store_n(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(asc.get_block_idx(), n)  # each block its own word (no race between them)


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
    gm.set_value(asc.get_block_idx(), total)


@asc.jit
def long_range(x: asc.GlobalAddress):
    total = 0
    for _i in range(2**31 - 1):
        total = total + 1
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(asc.get_block_idx(), total)


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


@asc.jit
def spin_on_gm(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    i = 0
    while gm.get_value(0) < n:  # a memory read: no repeat check, the budget stops it
        i += 1
    gm.set_value(1, i)


@asc.jit
def cycles_through_states(x: asc.GlobalAddress, n: int):
    i = 0
    k = 0
    while i < n:
        i = (i + 3) % 7  # 0 3 6 2 5 1 4 0 ...: a cycle of 7 values below n = 9
        k += 1  # grows, but the condition does not depend on it
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, k)


@asc.jit
def settles_then_ends(x: asc.GlobalAddress, n: int):
    i = 0
    j = 0
    while i < n:
        if j > 100:  # i stays put for 100 iterations, then moves: not endless
            i += 1
        j += 1
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, j)


@asc.jit
def float_state_settles(x: asc.GlobalAddress, f: float):
    v = f
    k = 0
    while v != 0.0:  # halves to 0 and stops: float states compare by their bits
        v = v * 0.5
        k += 1
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, k)


@asc.jit
def float_state_repeats(x: asc.GlobalAddress, f: float):
    v = f
    k = 0
    while v < 10.0:
        v = v * 1.0  # stays put
        k += 1
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 8)
    gm.set_value(0, k)
