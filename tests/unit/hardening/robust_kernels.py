"""Kernels of the robustness review (issue 28): bounded folding, located errors for
unsupported Python, runtime shifts (test_frontend_robustness.py)."""

import asc_xdsl as asc

LOG = []


@asc.jit
def huge_power(x: asc.GlobalAddress, n: int):
    asc.printf("%d\n", n + 10**10**8)


@asc.jit
def huge_power_of_three(x: asc.GlobalAddress, n: int):
    y = 3**10**7
    asc.printf("%d\n", n + y)


@asc.jit
def huge_pow_builtin(x: asc.GlobalAddress, n: int):
    asc.printf("%d\n", n + pow(10, 10**8))


@asc.jit
def huge_left_shift(x: asc.GlobalAddress, n: int):
    asc.printf("%d\n", n + (1 << 10**10))


@asc.jit
def huge_string(x: asc.GlobalAddress, n: int):
    s = "a" * 10**11
    asc.printf(s)


@asc.jit
def wide_constant(x: asc.GlobalAddress, n: int):
    y = 2**5000  # foldable, but no runtime type holds it
    asc.printf("%d\n", n + y)


@asc.jit
def folded_within_limits(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 4)
    gm.set_value(0, n + (2**100 >> 90))  # a wide intermediate, a small result
    gm.set_value(1, len("ab" * 1000))
    gm.set_value(2, pow(3, 4))
    gm.set_value(3, (1 << 30) * 2 // 4096)


@asc.jit
def starred_runtime(x: asc.GlobalAddress, n: int):
    asc.printf("%d\n", *n)


@asc.jit
def double_starred_runtime(x: asc.GlobalAddress, n: int):
    asc.printf("%d\n", **n)


@asc.jit
def starred_tuple(x: asc.GlobalAddress, n: int):
    args = (n, n + 1)
    asc.printf("%d %d\n", *args)


@asc.jit
def mutates_module_list(x: asc.GlobalAddress, n: int):
    LOG.append(1)


@asc.jit
def shift_by_width(x: asc.GlobalAddress, n: int):
    asc.printf("%d\n", n << 100)


@asc.jit
def shift_by_negative(x: asc.GlobalAddress, n: int):
    asc.printf("%d\n", n >> -1)


@asc.jit
def shift_by_float(x: asc.GlobalAddress, n: int):
    asc.printf("%d\n", n << 1.5)


@asc.jit
def runtime_shifts(x: asc.GlobalAddress, y: asc.GlobalAddress, a: int, s: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, 4)
    gm.set_value(0, a << s)
    gm.set_value(1, a >> s)
    gm.set_value(2, 1 << s)  # a constant shifted by a runtime amount
    gm.set_value(3, a << 31)  # a constant amount inside the width
    gu = asc.GlobalTensor()
    gu.set_global_buffer(y, 3)
    u = gu.get_value(0)
    gu.set_value(1, u << s)
    gu.set_value(2, u >> s)


@asc.jit
def shadows_asc(x: asc.GlobalAddress, n: int):
    b = asc.get_block_idx()  # noqa: F823 (the error under test)
    asc = 3
    return b + asc


@asc.jit
def shadows_constant(x: asc.GlobalAddress, n: int):
    n += LIMIT  # noqa: F823 (the error under test)
    LIMIT = 4  # noqa: F841


LIMIT = 8


@asc.jit
def local_tensor_of_size_zero(x: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 64, 0)
    asc.duplicate(t, 1.0, 8)


@asc.jit
def local_tensor_at_zero_of_size_zero(x: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 0)
    asc.duplicate(t, 1.0, 8)


@asc.jit
def local_tensor_without_size(x: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN)
    asc.duplicate(t, 1.0, 8)
