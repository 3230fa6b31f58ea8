// Vector add with manual synchronisation: tensors at explicit UB addresses, and
// SetFlag/WaitFlag between the copy-in (MTE2), the add (V) and the copy-out (MTE3).
// The UB byte addresses and the tile length (in elements) are kernel arguments:
// LocalTensor's constructor takes uint32_t, and arith.constant has no ui32 form.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK:       #include "kernel_operator.h"
// CHECK-LABEL: extern "C" __global__ __aicore__ void add_manual_flags(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t total, uint32_t x_addr, uint32_t y_addr, uint32_t z_addr, uint32_t tile_elems) {
// CHECK-NEXT:    constexpr int64_t c0 = 0;
// CHECK-NEXT:    constexpr int64_t c1 = 1;
// CHECK-NEXT:    constexpr int32_t tile = 1024;
// CHECK-NEXT:    constexpr int32_t event = 0;
// CHECK-NEXT:    AscendC::GlobalTensor<float> x_gm;
// CHECK-NEXT:    AscendC::GlobalTensor<float> y_gm;
// CHECK-NEXT:    AscendC::GlobalTensor<float> z_gm;
// CHECK-NEXT:    x_gm.SetGlobalBuffer(x);
// CHECK-NEXT:    y_gm.SetGlobalBuffer(y);
// CHECK-NEXT:    z_gm.SetGlobalBuffer(z);
// CHECK-NEXT:    AscendC::LocalTensor<float> x_ub = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, x_addr, tile_elems);
// CHECK-NEXT:    AscendC::LocalTensor<float> y_ub = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, y_addr, tile_elems);
// CHECK-NEXT:    AscendC::LocalTensor<float> z_ub = AscendC::LocalTensor<float>(AscendC::TPosition::VECOUT, z_addr, tile_elems);
// CHECK-NEXT:    int32_t tiles_i32 = total / tile;
// CHECK-NEXT:    int64_t tiles = static_cast<int64_t>(tiles_i32);
// CHECK-NEXT:    for (int64_t i = c0; i < tiles; i += c1) {
// CHECK-NEXT:      int32_t i_i32 = static_cast<int32_t>(i);
// CHECK-NEXT:      int32_t offset_i32 = static_cast<int32_t>(static_cast<uint32_t>(i_i32) * static_cast<uint32_t>(tile));
// CHECK-NEXT:      int64_t offset = static_cast<int64_t>(offset_i32);
// CHECK-NEXT:      AscendC::GlobalTensor<float> x_tile = x_gm[offset];
// CHECK-NEXT:      AscendC::GlobalTensor<float> y_tile = y_gm[offset];
// CHECK-NEXT:      AscendC::GlobalTensor<float> z_tile = z_gm[offset];
// CHECK-NEXT:      AscendC::DataCopy(x_ub, x_tile, tile);
// CHECK-NEXT:      AscendC::DataCopy(y_ub, y_tile, tile);
// CHECK-NEXT:      AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(event);
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(event);
// CHECK-NEXT:      AscendC::Add(z_ub, x_ub, y_ub, tile);
// CHECK-NEXT:      AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(event);
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(event);
// CHECK-NEXT:      AscendC::DataCopy(z_tile, z_ub, tile);
// CHECK-NEXT:      AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(event);
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(event);
// CHECK-NEXT:    }
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
// CHECK-NOT:   {{.}}

func.func @add_manual_flags(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>, %total: i32, %x_addr: ui32, %y_addr: ui32, %z_addr: ui32, %tile_elems: ui32) attributes {ascendc.aicore, ascendc.global} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tile = arith.constant 1024 : i32
  %event = arith.constant 0 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %y_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %y_gm, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %x_ub = ascendc.local_tensor_v2 vecin, %x_addr, %tile_elems : !ascendc.local_tensor<*xf32>
  %y_ub = ascendc.local_tensor_v2 vecin, %y_addr, %tile_elems : !ascendc.local_tensor<*xf32>
  %z_ub = ascendc.local_tensor_v2 vecout, %z_addr, %tile_elems : !ascendc.local_tensor<*xf32>
  %tiles_i32 = arith.divsi %total, %tile : i32
  %tiles = arith.index_cast %tiles_i32 : i32 to index
  scf.for %i = %c0 to %tiles step %c1 {
    %i_i32 = arith.index_cast %i : index to i32
    %offset_i32 = arith.muli %i_i32, %tile : i32
    %offset = arith.index_cast %offset_i32 : i32 to index
    %x_tile = ascendc.global_tensor.subindex %x_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %y_tile = ascendc.global_tensor.subindex %y_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %z_tile = ascendc.global_tensor.subindex %z_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %x_ub, %x_tile, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %y_ub, %y_tile, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.set_flag mte2_v, %event : i32
    ascendc.wait_flag mte2_v, %event : i32
    ascendc.add_l2 %z_ub, %x_ub, %y_ub, %tile : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.set_flag v_mte3, %event : i32
    ascendc.wait_flag v_mte3, %event : i32
    ascendc.data_copy_l2 %z_tile, %z_ub, %tile : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.set_flag mte3_v, %event : i32
    ascendc.wait_flag mte3_v, %event : i32
  }
  return
}
