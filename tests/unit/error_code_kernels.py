"""Small kernels that each trigger one diagnostic code (test_error_codes.py; the
examples in docs/errors.md are their messages). Each kernel's bug is its last lines."""

import asc_xdsl as asc

TILE = 64
E = asc.HardEvent
VECIN, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECCALC


@asc.jit
def no_such_attribute(x: asc.GlobalAddress):
    i = asc.get_block_idx()
    asc.printf("%d\n", i.size)


@asc.jit
def for_else(x: asc.GlobalAddress):
    for _ in range(4):
        pass
    else:
        pass


@asc.jit
def helper(a: int):
    return a


@asc.jit
def wrong_arity(x: asc.GlobalAddress):
    helper(1, 2)


@asc.jit
def runtime_unroll(x: asc.GlobalAddress, n: int):
    for _ in asc.static_range(n):
        pass


@asc.jit
def recursive_expression(x: asc.GlobalAddress):
    asc.printf("%d\n", 1 // 0)


@asc.jit
def kept_in_a_list(x: asc.GlobalAddress, n: int):
    kept = []
    if n > 0:
        kept.append(n + 1)
    asc.printf("%d\n", kept[0])


@asc.jit
def int_parameter(x: asc.GlobalAddress, n: int):
    pass


@asc.jit
def add_without_flags(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(asc.float32, VECIN, 0, TILE)
    zl = asc.LocalTensor(asc.float32, VECCALC, 4 * TILE, TILE)
    asc.data_copy(xl, xg, TILE)
    asc.add(zl, xl, xl, TILE)  # no MTE2 -> V flag before the read
    asc.set_flag(E.V_MTE3, 0)
    asc.wait_flag(E.V_MTE3, 0)
    asc.data_copy(zg, zl, TILE)


@asc.jit
def wait_never_set(x: asc.GlobalAddress):
    asc.wait_flag(E.MTE2_V, 1)


@asc.jit(kernel_type="mix")
def deadlock(x: asc.GlobalAddress):
    if asc.ascend_is_aiv():
        asc.cross_core_wait_flag(2, mode_id=2, pipe=asc.PipeID.PIPE_V)


@asc.jit
def reads_before_writing(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 8)
    t = asc.LocalTensor(asc.int32, VECCALC, 256, 8)
    xg.set_value(0, t.get_value(3))


@asc.jit
def gm_write_past_end(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    xg.set_value(100, 1.0)


@asc.jit
def huge_queue(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 2)
    pipe.init_buffer(q, 2, 200000)


@asc.jit
def add_past_tensor(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, VECCALC, 0, TILE)
    asc.duplicate(t, 1.0, 2 * TILE)


@asc.jit
def misaligned_tensor(x: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, VECCALC, 4, TILE)
    asc.duplicate(t, 1.0, TILE)


@asc.jit
def deque_empty(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    q.deque(asc.float32)


@asc.jit
def prof_stop_alone(x: asc.GlobalAddress):
    asc.metrics_prof_stop()


@asc.jit
def counting_loop(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    for i in range(n):
        xg.set_value(0, i)


@asc.jit
def endless_loop(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    i = n
    while i < 10:
        i = (i + 1) % 5
    xg.set_value(0, i)


@asc.jit
def copy_odd_count(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, VECCALC, 0, TILE)
    asc.data_copy(t, xg, n)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, t, n)


@asc.jit
def whole_tile_of_short_input(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, VECCALC, 0, TILE)
    asc.data_copy(t, xg, TILE)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, t, TILE)


@asc.jit
def full_mask_add(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    src = asc.LocalTensor(asc.float16, VECCALC, 0, 64)
    dst = asc.LocalTensor(asc.float16, VECCALC, 128, 64)
    asc.data_copy(src, xg, 64)
    asc.set_flag(E.MTE2_V, 0)
    asc.wait_flag(E.MTE2_V, 0)
    full = 2**64 - 1
    asc.add(dst, src, src, mask=[full, full], repeat_times=1,
            repeat_params=asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))  # fmt: skip
    asc.set_flag(E.V_MTE3, 0)
    asc.wait_flag(E.V_MTE3, 0)
    asc.data_copy(zg, dst, 64)


@asc.jit
def tbuf_at_gm(x: asc.GlobalAddress):
    t = asc.TBuf(asc.TPosition.GM).get(asc.float32)
    asc.duplicate(t, 1.0, 8)


@asc.jit
def flag_left_set(x: asc.GlobalAddress, z: asc.GlobalAddress, event: int):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(asc.float32, VECIN, 0, TILE)
    zl = asc.LocalTensor(asc.float32, VECCALC, 4 * TILE, TILE)
    asc.set_flag(E.MTE2_V, event)  # set, never waited for
    asc.data_copy(xl, xg, TILE)
    asc.add(zl, xl, xl, TILE)
    asc.data_copy(zg, zl, TILE)


@asc.jit
def mixed_dtypes(x: asc.GlobalAddress):
    a = asc.LocalTensor(asc.float32, VECCALC, 0, TILE)
    b = asc.LocalTensor(asc.int32, VECCALC, 4 * TILE, TILE)
    asc.add(a, a, b, TILE)
