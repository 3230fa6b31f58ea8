"""Kernels that read UB nothing wrote, and ones that read only what they wrote
(test_sim_uninit.py)."""

import asc_xdsl as asc


@asc.jit
def copies_too_little(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 64)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 64)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gx, 32)  # half the tile
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.muls(t, t, 2.0, 64)  # reads all of it
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gy, t, 64)


@asc.jit
def reads_before_writing(x: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 8)
    t = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 256, 8)
    v = t.get_value(3)
    gx.set_value(0, v)


@asc.jit
def reads_what_it_wrote(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 64)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 64)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 256, 64)
    for _ in range(n):
        asc.data_copy(a, gx, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.duplicate(b, 1.0, 32)
        asc.add(b[32:], a, a, 32)  # the second half of b, from a
        asc.add(b, b, a, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(gy, b, 64)
        b.set_value(3, 5.0)
        gy.set_value(1, b.get_value(3))


@asc.jit
def reads_past_its_tensor(x: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 64)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 8)
    asc.muls(t, t, 2.0, 64)  # past the tensor, and unwritten: the bounds error wins


@asc.jit
def sets_one_reads_another(x: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 8)
    t = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 512, 8)
    t.set_value(0, 7)
    gx.set_value(0, t.get_value(0))  # written: silent
    gx.set_value(1, t.get_value(1))  # SetValue wrote element 0 only: a finding
