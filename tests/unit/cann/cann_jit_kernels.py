"""A Python (`@asc.jit`) kernel for the frontend -> CANN backend test (needs a file)."""

import asc_xdsl as asc


@asc.jit
def add_custom(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    block_length: int,
    tile: asc.ConstExpr[int],
):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, 2)
    in_y = asc.TQue(asc.TPosition.VECIN, 2)
    out_z = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(que=in_x, num=2, len=tile * x.dtype.sizeof())
    pipe.init_buffer(que=in_y, num=2, len=tile * y.dtype.sizeof())
    pipe.init_buffer(que=out_z, num=2, len=tile * z.dtype.sizeof())
    for i in range(block_length // tile):
        x_local = in_x.alloc_tensor(asc.float32)
        y_local = in_y.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[i * tile :], tile)
        asc.data_copy(y_local, y_gm[i * tile :], tile)
        in_x.enque(x_local)
        in_y.enque(y_local)
        xa = in_x.deque(asc.float32)
        ya = in_y.deque(asc.float32)
        z_local = out_z.alloc_tensor(asc.float32)
        asc.add(z_local, xa, ya, tile)
        out_z.enque(z_local)
        in_x.free_tensor(xa)
        in_y.free_tensor(ya)
        zr = out_z.deque(asc.float32)
        asc.data_copy(z_gm[i * tile :], zr, tile)
        out_z.free_tensor(zr)


# -- a kernel taking a struct defined in Python (its C++ declaration is printed) ------

from asc_xdsl.language.core.dtype import KnownTypes as KT  # noqa: E402
from asc_xdsl.language.core.struct import Field, Struct, StructField  # noqa: E402


class Inner(Struct):
    a = Field(dtype=KT.int16, default=0)
    b = Field(dtype=KT.int64, default=0)


class Config(Struct):
    flag = Field(dtype=KT.int8, default=1)
    inner = StructField(Inner)
    scale = Field(dtype=KT.float32, default=0.5, name="scaleValue")
    count = Field(dtype=KT.uint32, default=0)


@asc.jit
def struct_param(x: asc.GlobalAddress, cfg: Config):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    g[0] = cfg.count
