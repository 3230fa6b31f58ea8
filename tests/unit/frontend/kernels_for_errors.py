# ruff: noqa  (each kernel is deliberately wrong)
"""Kernels with one unsupported construct each (test_frontend_errors.py compiles them)."""

import asc_xdsl as asc

NOT_A_KERNEL_VALUE = object()


@asc.jit
def uses_lambda(x: asc.GlobalAddress, n: int):
    f = lambda v: v  # noqa: E731
    asc.printf("%d", f(n))


@asc.jit
def uses_list_comprehension(x: asc.GlobalAddress, n: int):
    values = [i for i in range(3)]
    asc.printf("%d", n)


@asc.jit
def uses_with(x: asc.GlobalAddress, n: int):
    with n:  # only loop contexts (matmul.iterate()) are kernel `with`s
        pass


@asc.jit
def uses_try(x: asc.GlobalAddress, n: int):
    try:
        asc.printf("%d", n)
    except Exception:
        pass


@asc.jit
def runtime_assert(x: asc.GlobalAddress, n: int):
    assert n > 0, "n must be positive"


@asc.jit
def failing_static_assert(x: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    assert tile % 32 == 0, "tile must be a multiple of 32"


@asc.jit
def undefined_name(x: asc.GlobalAddress, n: int):
    asc.printf("%d", m)  # noqa: F821


@asc.jit
def calls_python_function(x: asc.GlobalAddress, n: int):
    print(n)


@asc.jit
def type_change_in_loop(x: asc.GlobalAddress, n: int):
    v = 0
    for i in range(n):
        v = 0.5
    asc.printf("%f", v)


@asc.jit
def div_on_int_tensor(x: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 256)
    asc.div(t, t, t, n)


@asc.jit
def wrong_argument_kind(x: asc.GlobalAddress, n: int):
    asc.add(x, x, x, n)


@asc.jit
def float_loop_bound(x: asc.GlobalAddress, f: float):
    for i in range(f):
        pass


@asc.jit
def negative_step(x: asc.GlobalAddress, n: int):
    for i in range(n, 0, -1):
        pass


@asc.jit
def runtime_value_in_python_if(x: asc.GlobalAddress, n: int):
    t = asc.TPipe()
    if t:
        pass


@asc.jit
def bad_enum(x: asc.GlobalAddress, n: int):
    asc.set_flag(999, 0)  # a number that names no HardEvent


@asc.jit
def global_keyword(x: asc.GlobalAddress, n: int):
    global NOT_A_KERNEL_VALUE


@asc.jit
def unpack_runtime(x: asc.GlobalAddress, n: int):
    a, b = n


@asc.jit
def unbound_global_tensor(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g[0] = 1


@asc.jit
def constant_too_big(x: asc.GlobalAddress, n: int):
    y = n + 2**40


@asc.jit
def float_tensor_index(x: asc.GlobalAddress, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    v = g[f]


@asc.jit
def printf_of_a_pointer(x: asc.GlobalAddress, n: int):
    asc.printf("%d", x)


@asc.jit
def position_as_string(x: asc.GlobalAddress, n: int):
    q = asc.TQue("vecin", 1)


@asc.jit
def runtime_queue_depth(x: asc.GlobalAddress, n: int):
    q = asc.TQue(asc.TPosition.VECIN, n)


@asc.jit
def bounded_slice(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    y = g[1:5]
