"""Kernels whose compiled IR depends on module globals, closures and helper aliases
(test_cache_keys.py edits these globals and checks that no stale kernel is served)."""

import asc_xdsl as asc

SCALE = 2.0
BIAS = 0.0
TILE = 64


@asc.jit
def double(t, n):
    asc.muls(t, t, 2.0, n)


@asc.jit
def triple(t, n):
    asc.muls(t, t, 3.0, n)


@asc.jit
def add_bias(t, n):
    asc.adds(t, t, BIAS, n)  # a global read by a helper, not by the kernel


OP = double


@asc.jit
def twice(dst, src, n):
    asc.muls(dst, src, 2.0, n)


@asc.jit
def scaled(x: asc.GlobalAddress, n: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    asc.data_copy(t, gm, TILE)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.muls(t, t, SCALE, TILE)
    OP(t, TILE)
    add_bias(t, TILE)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, TILE)


def make_scaler(factor):
    """Kernels built by a factory: same source, different closure value."""

    @asc.jit
    def from_factory(x: asc.GlobalAddress, n: int):
        gm = asc.GlobalTensor()
        gm.set_global_buffer(x, n)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.data_copy(t, gm, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.muls(t, t, factor, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(gm, t, 64)

    return from_factory


@asc.jit
def from_table(x: asc.GlobalAddress, n: int, table: asc.ConstExpr, at: asc.ConstExpr[int]):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gm, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.muls(t, t, float(table[at]), 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, 64)


@asc.jit
def with_op(x: asc.GlobalAddress, n: int, op: asc.ConstExpr):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gm, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    op(t, t, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gm, t, 64)
