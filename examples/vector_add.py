"""Vector add in the TPipe/TQue style of the Ascend C tutorials (pyasc's API).

python examples/vector_add.py            # runs on the CPU simulator, checks numpy
python examples/vector_add.py --print    # prints the generated Ascend C instead
"""

import sys

import numpy as np

import asc_xdsl as asc

BUFFER_NUM = 2  # double buffering: copy-in of tile i+1 overlaps compute of tile i


@asc.jit
def copy_in(x_gm, y_gm, in_queue_x, in_queue_y, progress, tile_length: asc.ConstExpr[int]):
    x_local = in_queue_x.alloc_tensor(asc.float32)
    y_local = in_queue_y.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm[progress * tile_length :], tile_length)
    asc.data_copy(y_local, y_gm[progress * tile_length :], tile_length)
    in_queue_x.enque(x_local)
    in_queue_y.enque(y_local)


@asc.jit
def compute(in_queue_x, in_queue_y, out_queue_z, tile_length: asc.ConstExpr[int]):
    x_local = in_queue_x.deque(asc.float32)
    y_local = in_queue_y.deque(asc.float32)
    z_local = out_queue_z.alloc_tensor(asc.float32)
    asc.add(z_local, x_local, y_local, tile_length)
    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    in_queue_y.free_tensor(y_local)


@asc.jit
def copy_out(z_gm, out_queue_z, progress, tile_length: asc.ConstExpr[int]):
    z_local = out_queue_z.deque(asc.float32)
    asc.data_copy(z_gm[progress * tile_length :], z_local, tile_length)
    out_queue_z.free_tensor(z_local)


@asc.jit
def vadd_kernel(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    block_length: int,
    tile_length: asc.ConstExpr[int],
):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(que=in_queue_x, num=BUFFER_NUM, len=tile_length * x.dtype.sizeof())
    pipe.init_buffer(que=in_queue_y, num=BUFFER_NUM, len=tile_length * y.dtype.sizeof())
    pipe.init_buffer(que=out_queue_z, num=BUFFER_NUM, len=tile_length * z.dtype.sizeof())

    for i in range(block_length // tile_length):
        copy_in(x_gm, y_gm, in_queue_x, in_queue_y, i, tile_length)
        compute(in_queue_x, in_queue_y, out_queue_z, tile_length)
        copy_out(z_gm, out_queue_z, i, tile_length)


def main() -> None:
    block_dim, block_length, tile_length = 8, 2048, 512
    rng = np.random.default_rng(0)
    x = rng.random(block_dim * block_length, dtype=np.float32)
    y = rng.random(block_dim * block_length, dtype=np.float32)
    z = np.zeros_like(x)
    if "--print" in sys.argv:
        compiled = vadd_kernel.compile(x, y, z, block_length, tile_length, block_dim=block_dim)
        print(compiled.asm["ascendc"])
        return
    vadd_kernel[block_dim](x, y, z, block_length, tile_length)
    np.testing.assert_allclose(z, x + y)
    print(f"vadd_kernel[{block_dim}] on {len(x)} float32 elements: matches numpy")


if __name__ == "__main__":
    main()
