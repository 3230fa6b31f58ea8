# The tutorial-style TPipe/TQue vector add with helper functions
# (examples/vector_add.py): IR and Ascend C.
# RUN: %python %s | filecheck %s

import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "examples"))
from vector_add import vadd_kernel

x = np.zeros(8 * 1024, np.float32)
compiled = vadd_kernel.compile(x, x, x, 1024, 256, block_dim=8, always_compile=True)
print(compiled.asm["ir"])
print(compiled.asm["ascendc"])

# CHECK-LABEL: func.func @vadd_kernel(%x: memref<?xf32, 22 : i64>, %y: memref<?xf32, 22 : i64>, %z: memref<?xf32, 22 : i64>, %block_length: i32) attributes {ascendc.global, ascendc.aicore} {
# CHECK:         %{{.*}} = ascendc.get_block_idx : i32
# CHECK:         %offset = arith.muli
# CHECK:         emitasc.ptr_offset %x[
# CHECK:         %x_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
# CHECK:         %pipe = ascendc.pipe
# CHECK:         %in_queue_x = ascendc.queue : <vecin, 2>
# CHECK:         %out_queue_z = ascendc.queue : <vecout, 2>
# CHECK:         ascendc.pipe.init_queue %pipe, %in_queue_x, %{{.*}}, %{{.*}} : !ascendc.queue<vecin, 2>, i32, i32
# CHECK:         scf.for %i = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
# CHECK:           %x_local = ascendc.que_bind.alloc_tensor %in_queue_x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
# CHECK:           ascendc.data_copy_l2 %x_local, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
# CHECK:           ascendc.add_l2 %z_local, %x_local{{.*}}, %y_local{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>
# CHECK:           ascendc.que_bind.free_tensor %out_queue_z, %z_local{{.*}}

# CHECK-LABEL: extern "C" __global__ __aicore__ void vadd_kernel(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t block_length) {
# CHECK-NEXT:    constexpr int32_t c2_i32 = 2;
# CHECK-NEXT:    constexpr int32_t c1024_i32 = 1024;
# CHECK-NEXT:    constexpr int32_t c256_i32 = 256;
# CHECK:         int32_t offset = v1 * block_length;
# CHECK:         AscendC::GlobalTensor<float> x_gm;
# CHECK-NEXT:    x_gm.SetGlobalBuffer(v3, block_length);
# CHECK:         AscendC::TPipe pipe;
# CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> in_queue_x;
# CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> in_queue_y;
# CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_queue_z;
# CHECK-NEXT:    pipe.InitBuffer(in_queue_x, c2_i32, c1024_i32);
# CHECK:         for (int32_t i = c0_i32; i < v{{[0-9]+}}; i += c1_i32) {
# CHECK-NEXT:      AscendC::LocalTensor<float> x_local = in_queue_x.AllocTensor<float>();
# CHECK-NEXT:      AscendC::LocalTensor<float> y_local = in_queue_y.AllocTensor<float>();
# CHECK-NEXT:      int32_t [[OFF:v[0-9]+]] = i * c256_i32;
# CHECK-NEXT:      AscendC::GlobalTensor<float> [[XV:v[0-9]+]] = x_gm{{\[}}[[OFF]]];
# CHECK-NEXT:      AscendC::DataCopy(x_local, [[XV]], c256_i32);
# CHECK:           in_queue_x.EnQue(x_local);
# CHECK-NEXT:      in_queue_y.EnQue(y_local);
# CHECK-NEXT:      AscendC::LocalTensor<float> x_local_1 = in_queue_x.DeQue<float>();
# CHECK-NEXT:      AscendC::LocalTensor<float> y_local_1 = in_queue_y.DeQue<float>();
# CHECK-NEXT:      AscendC::LocalTensor<float> z_local = out_queue_z.AllocTensor<float>();
# CHECK-NEXT:      AscendC::Add(z_local, x_local_1, y_local_1, c256_i32);
# CHECK-NEXT:      out_queue_z.EnQue(z_local);
# CHECK-NEXT:      in_queue_x.FreeTensor(x_local_1);
# CHECK-NEXT:      in_queue_y.FreeTensor(y_local_1);
# CHECK-NEXT:      AscendC::LocalTensor<float> z_local_1 = out_queue_z.DeQue<float>();
# CHECK-NEXT:      AscendC::GlobalTensor<float> [[ZV:v[0-9]+]] = z_gm{{\[}}[[OFF]]];
# CHECK-NEXT:      AscendC::DataCopy([[ZV]], z_local_1, c256_i32);
# CHECK-NEXT:      out_queue_z.FreeTensor(z_local_1);
# CHECK-NEXT:    }
# CHECK-NEXT:    return;
# CHECK-NEXT:  }
