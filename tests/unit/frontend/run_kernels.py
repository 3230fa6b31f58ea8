"""Kernels whose scalar control flow is checked against plain Python on the simulator."""

import asc_xdsl as asc


@asc.jit
def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@asc.jit
def scalar_program(out: asc.GlobalAddress, n: int, limit: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(out)
    total = 0
    for i in range(n):
        if i == limit:
            break
        if i % 3 == 1:
            continue
        total += i * i
    steps = 0
    value = n
    while value != 1 and steps < 100:
        if value % 2 == 0:  # noqa: SIM108 (an if statement in a kernel is the point)
            value = value // 2
        else:
            value = 3 * value + 1
        steps += 1
    evens = 0
    for j in range(2, n, 2):
        evens = evens + j
    gm[0] = total
    gm[1] = steps
    gm[2] = clamp(total, 5, 50)
    gm[3] = evens
    gm[4] = max(n, limit) - min(n, limit)
    gm[5] = n if n > limit else -limit
    if n > 10:
        return
    gm[6] = 1


def scalar_program_reference(n: int, limit: int) -> list[int]:
    out = [0] * 8
    total = 0
    for i in range(n):
        if i == limit:
            break
        if i % 3 == 1:
            continue
        total += i * i
    steps, value = 0, n
    while value != 1 and steps < 100:
        value = value // 2 if value % 2 == 0 else 3 * value + 1
        steps += 1
    out[0], out[1] = total, steps
    out[2] = min(max(total, 5), 50)
    out[3] = sum(range(2, n, 2))
    out[4] = max(n, limit) - min(n, limit)
    out[5] = n if n > limit else -limit
    if n <= 10:
        out[6] = 1
    return out


@asc.jit
def reads_past_the_end(x: asc.GlobalAddress, start: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, gm[start:], 64)


@asc.jit
def load_tile(gm, buf, offset, tile: asc.ConstExpr[int]):
    t = buf.get(asc.float32)
    asc.data_copy(t, gm[offset:], tile)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    return t


@asc.jit
def sum_and_max(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    """Sum and maximum of x[0:n] (n a multiple of tile): reduce each tile, accumulate scalars."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out)
    pipe = asc.TPipe()
    data = asc.TBuf(asc.TPosition.VECCALC)
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(data, tile * 4)
    pipe.init_buffer(work, tile * 4)
    total = 0.0
    best = -1.0e30
    for i in range(n // tile):
        t = load_tile(x_gm, data, i * tile, tile)
        r = work.get(asc.float32)
        asc.reduce_sum(r, t, r, tile)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        total += r.get_value(0)
        asc.reduce_max(r, t, r, tile)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        m = r.get_value(0)
        if m > best:
            best = m
    out_gm[0] = total
    out_gm[1] = best


@asc.jit
def generic_add(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    n: int,
    tile: asc.ConstExpr[int],
):
    """One kernel for every dtype: the element type comes from the arguments (x.dtype)."""
    base = asc.get_block_idx() * n
    gms = [asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()]
    for gm, ptr in zip(gms, (x, y, z), strict=True):
        gm.set_global_buffer(ptr + base, n)
    size = tile * x.dtype.sizeof()
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, tile)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, size, tile)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 2 * size, tile)
    for i in range(n // tile):
        asc.data_copy(a, gms[0][i * tile :], tile)
        asc.data_copy(b, gms[1][i * tile :], tile)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.add(c, a, b, tile)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(gms[2][i * tile :], c, tile)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


TILES = 4


@asc.jit
def constant_bound_loop(x: asc.GlobalAddress, tile: asc.ConstExpr[int]):
    """pyasc's tutorials loop over `range(TILE_NUM * BUFFER_NUM)`: constant bounds."""
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, tile)
    for i in range(TILES * 2):
        buf = i % 2
        asc.data_copy(t, gm[i * tile :], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, buf)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf)
        asc.adds(t, t, 1.0, tile)
        asc.set_flag(asc.HardEvent.V_MTE3, buf)
        asc.wait_flag(asc.HardEvent.V_MTE3, buf)
        asc.data_copy(gm[i * tile :], t, tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, buf)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, buf)
