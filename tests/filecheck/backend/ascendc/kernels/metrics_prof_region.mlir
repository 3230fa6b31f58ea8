// A kernel whose compute section is the msprof region: MetricsProfStart() just
// before the first vector instruction, MetricsProfStop() right after the last.
// RUN: asc-opt %s -t ascendc | filecheck %s
// RUN: asc-opt %s -t ascendc | filecheck %s --check-prefix=REGION

// The region holds the compute and nothing else, and appears exactly once.
// REGION-NOT:  AscendC::{{Exp|Muls|MetricsProfStop}}
// REGION:      AscendC::MetricsProfStart();
// REGION-NEXT: AscendC::Exp(z_local, xa, n);
// REGION-NEXT: AscendC::Muls<float, 1>(z_local, z_local, scale, n);
// REGION-NEXT: AscendC::MetricsProfStop();
// REGION-NOT:  AscendC::{{Exp|Muls|MetricsProf}}

// CHECK:       #include "kernel_operator.h"
// CHECK-LABEL: extern "C" __global__ __aicore__ void scaled_exp(__gm__ float* x, __gm__ float* z, float scale) {
// CHECK-NEXT:    constexpr int32_t n = 1024;
// CHECK-NEXT:    constexpr int32_t depth = 1;
// CHECK-NEXT:    constexpr int32_t bytes = 4096;
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 1> in_q;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 1> out_q;
// CHECK-NEXT:    pipe.InitBuffer(in_q, depth, bytes);
// CHECK-NEXT:    pipe.InitBuffer(out_q, depth, bytes);
// CHECK-NEXT:    AscendC::GlobalTensor<float> x_gm;
// CHECK-NEXT:    AscendC::GlobalTensor<float> z_gm;
// CHECK-NEXT:    x_gm.SetGlobalBuffer(x);
// CHECK-NEXT:    z_gm.SetGlobalBuffer(z);
// CHECK-NEXT:    AscendC::LocalTensor<float> x_local = in_q.AllocTensor<float>();
// CHECK-NEXT:    AscendC::DataCopy(x_local, x_gm, n);
// CHECK-NEXT:    in_q.EnQue(x_local);
// CHECK-NEXT:    AscendC::LocalTensor<float> xa = in_q.DeQue<float>();
// CHECK-NEXT:    AscendC::LocalTensor<float> z_local = out_q.AllocTensor<float>();
// CHECK-NEXT:    AscendC::MetricsProfStart();
// CHECK-NEXT:    AscendC::Exp(z_local, xa, n);
// CHECK-NEXT:    AscendC::Muls<float, 1>(z_local, z_local, scale, n);
// CHECK-NEXT:    AscendC::MetricsProfStop();
// CHECK-NEXT:    out_q.EnQue(z_local);
// CHECK-NEXT:    in_q.FreeTensor(xa);
// CHECK-NEXT:    AscendC::LocalTensor<float> z_ready = out_q.DeQue<float>();
// CHECK-NEXT:    AscendC::DataCopy(z_gm, z_ready, n);
// CHECK-NEXT:    out_q.FreeTensor(z_ready);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
// CHECK-NOT:   {{.}}

func.func @scaled_exp(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>, %scale: f32) attributes {ascendc.aicore, ascendc.global} {
  %n = arith.constant 1024 : i32
  %depth = arith.constant 1 : i32
  %bytes = arith.constant 4096 : i32
  %pipe = ascendc.pipe
  %in_q = ascendc.queue : !ascendc.queue<vecin, 1>
  %out_q = ascendc.queue : !ascendc.queue<vecout, 1>
  ascendc.pipe.init_queue %pipe, %in_q, %depth, %bytes : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %out_q, %depth, %bytes : !ascendc.queue<vecout, 1>, i32, i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  // CopyIn
  %x_local = ascendc.que_bind.alloc_tensor %in_q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %x_local, %x_gm, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %in_q, %x_local : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %xa = ascendc.que_bind.deque_tensor %in_q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %z_local = ascendc.que_bind.alloc_tensor %out_q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  // Compute, profiled
  ascendc.metrics_prof_start
  ascendc.exp_l2 %z_local, %xa, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.muls_l2 %z_local, %z_local, %scale, %n {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.metrics_prof_stop
  ascendc.que_bind.enque_tensor %out_q, %z_local : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %in_q, %xa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  // CopyOut
  %z_ready = ascendc.que_bind.deque_tensor %out_q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %z_gm, %z_ready, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %out_q, %z_ready : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  return
}
