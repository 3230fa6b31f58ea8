# The tutorial-style TPipe/TQue vector add with helper functions: IR and Ascend C.
# RUN: %python %s | filecheck %s

import numpy as np

import asc_xdsl as asc

BUFFER_NUM = 2


@asc.jit
def copy_in(x_gm, in_queue, progress, tile: asc.ConstExpr[int]):
    x_local = in_queue.alloc_tensor(asc.float16)
    asc.data_copy(x_local, x_gm[progress * tile :], tile)
    in_queue.enque(x_local)


@asc.jit
def compute(in_x, in_y, out_z, tile: asc.ConstExpr[int]):
    x_local = in_x.deque(asc.float16)
    y_local = in_y.deque(asc.float16)
    z_local = out_z.alloc_tensor(asc.float16)
    asc.add(z_local, x_local, y_local, tile)
    out_z.enque(z_local)
    in_x.free_tensor(x_local)
    in_y.free_tensor(y_local)


@asc.jit
def copy_out(z_gm, out_z, progress, tile: asc.ConstExpr[int]):
    z_local = out_z.deque(asc.float16)
    asc.data_copy(z_gm[progress * tile :], z_local, tile)
    out_z.free_tensor(z_local)


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
    in_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(que=in_x, num=BUFFER_NUM, len=tile * x.dtype.sizeof())
    pipe.init_buffer(que=in_y, num=BUFFER_NUM, len=tile * y.dtype.sizeof())
    pipe.init_buffer(que=out_z, num=BUFFER_NUM, len=tile * z.dtype.sizeof())
    for i in range(block_length // tile):
        copy_in(x_gm, in_x, i, tile)
        copy_in(y_gm, in_y, i, tile)
        compute(in_x, in_y, out_z, tile)
        copy_out(z_gm, out_z, i, tile)


x = np.zeros(8 * 1024, np.float16)
compiled = add_custom.compile(x, x, x, 1024, 256, block_dim=8, always_compile=True)
print(compiled.asm["ir"])
print(compiled.asm["ascendc"])

# CHECK-LABEL: func.func @add_custom(%x: memref<?xf16, 22 : i64>, %y: memref<?xf16, 22 : i64>, %z: memref<?xf16, 22 : i64>, %block_length: i32) attributes {ascendc.global, ascendc.aicore} {
# CHECK:         %{{.*}} = ascendc.get_block_idx : i32
# CHECK:         %offset = arith.muli
# CHECK:         emitasc.ptr_offset %x[
# CHECK:         %x_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
# CHECK:         %pipe = ascendc.pipe
# CHECK:         %in_x = ascendc.queue : !ascendc.queue<vecin, 2>
# CHECK:         %out_z = ascendc.queue : !ascendc.queue<vecout, 2>
# CHECK:         ascendc.pipe.init_queue %pipe, %in_x, %{{.*}}, %{{.*}} : !ascendc.queue<vecin, 2>, i32, i32
# CHECK:         scf.for %i = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
# CHECK:           %x_local = ascendc.que_bind.alloc_tensor %in_x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
# CHECK:           ascendc.data_copy_l2 %x_local, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
# CHECK:           ascendc.add_l2 %z_local, %x_local{{.*}}, %y_local{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf16>
# CHECK:           ascendc.que_bind.free_tensor %out_z, %z_local{{.*}}

# CHECK-LABEL: extern "C" __global__ __aicore__ void add_custom(__gm__ half* x, __gm__ half* y, __gm__ half* z, int32_t block_length) {
# CHECK-NEXT:    constexpr int32_t c2_i32 = 2;
# CHECK-NEXT:    constexpr int32_t c512_i32 = 512;
# CHECK-NEXT:    constexpr int32_t c256_i32 = 256;
# CHECK:         int32_t offset = v1 * block_length;
# CHECK:         AscendC::GlobalTensor<half> x_gm;
# CHECK-NEXT:    x_gm.SetGlobalBuffer(v3, block_length);
# CHECK:         AscendC::TPipe pipe;
# CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> in_x;
# CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> in_y;
# CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_z;
# CHECK-NEXT:    pipe.InitBuffer(in_x, c2_i32, c512_i32);
# CHECK:         for (int32_t i = c0_i32; i < v{{[0-9]+}}; i += c1_i32) {
# CHECK-NEXT:      AscendC::LocalTensor<half> x_local = in_x.AllocTensor<half>();
# CHECK-NEXT:      int32_t v{{[0-9]+}} = i * c256_i32;
# CHECK-NEXT:      AscendC::GlobalTensor<half> [[XV:v[0-9]+]] = x_gm[v{{[0-9]+}}];
# CHECK-NEXT:      AscendC::DataCopy(x_local, [[XV]], c256_i32);
# CHECK-NEXT:      in_x.EnQue(x_local);
# CHECK:           AscendC::Add(z_local, x_local_{{[0-9]}}, y_local, c256_i32);
# CHECK-NEXT:      out_z.EnQue(z_local);
# CHECK:           AscendC::DataCopy(v{{[0-9]+}}, z_local_1, c256_i32);
# CHECK-NEXT:      out_z.FreeTensor(z_local_1);
# CHECK-NEXT:    }
# CHECK-NEXT:    return;
# CHECK-NEXT:  }
