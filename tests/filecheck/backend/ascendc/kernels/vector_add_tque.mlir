// Vector add in the TPipe/TQue style, double-buffered (queue depth 2): each of
// GetBlockNum() blocks adds its share of `total` floats tile by tile; the compute
// stage is a helper function, printed always-inline and called per tile.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK:       #include "kernel_operator.h"
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void compute(AscendC::LocalTensor<float> z, AscendC::LocalTensor<float> x, AscendC::LocalTensor<float> y, int32_t n) {
// CHECK-NEXT:    AscendC::Add(z, x, y, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }

// CHECK-LABEL: extern "C" __global__ __aicore__ void add_custom(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t total) {
// CHECK-NEXT:    constexpr int64_t c0 = 0;
// CHECK-NEXT:    constexpr int64_t c1 = 1;
// CHECK-NEXT:    constexpr int32_t tile = 2048;
// CHECK-NEXT:    constexpr int32_t depth = 2;
// CHECK-NEXT:    constexpr int32_t tile_bytes = 8192;
// CHECK-NEXT:    int32_t block_num = static_cast<int32_t>(AscendC::GetBlockNum());
// CHECK-NEXT:    int32_t block_idx = static_cast<int32_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:    int32_t block_len = total / block_num;
// CHECK-NEXT:    int32_t block_off = static_cast<int32_t>(static_cast<uint32_t>(block_len) * static_cast<uint32_t>(block_idx));
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> in_x;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> in_y;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_z;
// CHECK-NEXT:    pipe.InitBuffer(in_x, depth, tile_bytes);
// CHECK-NEXT:    pipe.InitBuffer(in_y, depth, tile_bytes);
// CHECK-NEXT:    pipe.InitBuffer(out_z, depth, tile_bytes);
// CHECK-NEXT:    AscendC::GlobalTensor<float> x_gm;
// CHECK-NEXT:    AscendC::GlobalTensor<float> y_gm;
// CHECK-NEXT:    AscendC::GlobalTensor<float> z_gm;
// CHECK-NEXT:    x_gm.SetGlobalBuffer(x);
// CHECK-NEXT:    y_gm.SetGlobalBuffer(y);
// CHECK-NEXT:    z_gm.SetGlobalBuffer(z);
// CHECK-NEXT:    int32_t tiles_i32 = block_len / tile;
// CHECK-NEXT:    int64_t tiles = static_cast<int64_t>(tiles_i32);
// CHECK-NEXT:    for (int64_t i = c0; i < tiles; i += c1) {
// CHECK-NEXT:      int32_t i_i32 = static_cast<int32_t>(i);
// CHECK-NEXT:      int32_t in_block = static_cast<int32_t>(static_cast<uint32_t>(i_i32) * static_cast<uint32_t>(tile));
// CHECK-NEXT:      int32_t offset_i32 = static_cast<int32_t>(static_cast<uint32_t>(block_off) + static_cast<uint32_t>(in_block));
// CHECK-NEXT:      int64_t offset = static_cast<int64_t>(offset_i32);
// CHECK-NEXT:      AscendC::LocalTensor<float> x_local = in_x.AllocTensor<float>();
// CHECK-NEXT:      AscendC::LocalTensor<float> y_local = in_y.AllocTensor<float>();
// CHECK-NEXT:      AscendC::GlobalTensor<float> x_tile = x_gm[offset];
// CHECK-NEXT:      AscendC::GlobalTensor<float> y_tile = y_gm[offset];
// CHECK-NEXT:      AscendC::DataCopy(x_local, x_tile, tile);
// CHECK-NEXT:      AscendC::DataCopy(y_local, y_tile, tile);
// CHECK-NEXT:      in_x.EnQue(x_local);
// CHECK-NEXT:      in_y.EnQue(y_local);
// CHECK-NEXT:      AscendC::LocalTensor<float> xa = in_x.DeQue<float>();
// CHECK-NEXT:      AscendC::LocalTensor<float> ya = in_y.DeQue<float>();
// CHECK-NEXT:      AscendC::LocalTensor<float> z_local = out_z.AllocTensor<float>();
// CHECK-NEXT:      compute(z_local, xa, ya, tile);
// CHECK-NEXT:      out_z.EnQue(z_local);
// CHECK-NEXT:      in_x.FreeTensor(xa);
// CHECK-NEXT:      in_y.FreeTensor(ya);
// CHECK-NEXT:      AscendC::LocalTensor<float> z_ready = out_z.DeQue<float>();
// CHECK-NEXT:      AscendC::GlobalTensor<float> z_tile = z_gm[offset];
// CHECK-NEXT:      AscendC::DataCopy(z_tile, z_ready, tile);
// CHECK-NEXT:      out_z.FreeTensor(z_ready);
// CHECK-NEXT:    }
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
// CHECK-NOT:   {{.}}

func.func @compute(%z: !ascendc.local_tensor<*xf32>, %x: !ascendc.local_tensor<*xf32>, %y: !ascendc.local_tensor<*xf32>, %n: i32) {
  ascendc.add_l2 %z, %x, %y, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

func.func @add_custom(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>, %total: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tile = arith.constant 2048 : i32
  %depth = arith.constant 2 : i32
  %tile_bytes = arith.constant 8192 : i32
  %block_num = ascendc.get_block_num : i32
  %block_idx = ascendc.get_block_idx : i32
  %block_len = arith.divsi %total, %block_num : i32
  %block_off = arith.muli %block_len, %block_idx : i32
  %pipe = ascendc.pipe
  %in_x = ascendc.queue : !ascendc.queue<vecin, 2>
  %in_y = ascendc.queue : !ascendc.queue<vecin, 2>
  %out_z = ascendc.queue : !ascendc.queue<vecout, 2>
  ascendc.pipe.init_queue %pipe, %in_x, %depth, %tile_bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %in_y, %depth, %tile_bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %out_z, %depth, %tile_bytes : !ascendc.queue<vecout, 2>, i32, i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %y_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %y_gm, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %tiles_i32 = arith.divsi %block_len, %tile : i32
  %tiles = arith.index_cast %tiles_i32 : i32 to index
  scf.for %i = %c0 to %tiles step %c1 {
    %i_i32 = arith.index_cast %i : index to i32
    %in_block = arith.muli %i_i32, %tile : i32
    %offset_i32 = arith.addi %block_off, %in_block : i32
    %offset = arith.index_cast %offset_i32 : i32 to index
    // CopyIn: GM -> UB (MTE2)
    %x_local = ascendc.que_bind.alloc_tensor %in_x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %y_local = ascendc.que_bind.alloc_tensor %in_y : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %x_tile = ascendc.global_tensor.subindex %x_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %y_tile = ascendc.global_tensor.subindex %y_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %x_local, %x_tile, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %y_local, %y_tile, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %in_x, %x_local : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %in_y, %y_local : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    // Compute (V)
    %xa = ascendc.que_bind.deque_tensor %in_x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %ya = ascendc.que_bind.deque_tensor %in_y : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %z_local = ascendc.que_bind.alloc_tensor %out_z : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    func.call @compute(%z_local, %xa, %ya, %tile) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    ascendc.que_bind.enque_tensor %out_z, %z_local : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %in_x, %xa : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %in_y, %ya : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    // CopyOut: UB -> GM (MTE3)
    %z_ready = ascendc.que_bind.deque_tensor %out_z : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    %z_tile = ascendc.global_tensor.subindex %z_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %z_tile, %z_ready, %tile : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %out_z, %z_ready : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
  }
  return
}
