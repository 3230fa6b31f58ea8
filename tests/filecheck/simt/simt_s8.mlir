// SIMT warp functions, barriers, atomics, __simt_callee__ helpers and run-time thread
// dims, printed as the 3510 headers (simt_api/device_*_functions.h) declare them:
// `laneid()`, `lanemask_*()`, `asc_shfl*` / `asc_reduce_*` / votes, `asc_syncthreads()`
// and the fences, `__asc_simt_vf::asc_atomic_*(ptr + i, ...)`, a `__simt_callee__
// inline` function and `asc_vf_call<f>(dim3(n, 1, 1), ...)` with a run-time n.
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK:      #include "kernel_operator.h"
  // CHECK-DAG:  #include "simt_api/common_functions.h"
  // CHECK-DAG:  #include "simt_api/device_functions.h"
  // CHECK-DAG:  #include "simt_api/device_warp_functions.h"
  // CHECK-DAG:  #include "simt_api/device_sync_functions.h"
  // CHECK-DAG:  #include "simt_api/device_atomic_functions.h"
  // CHECK-LABEL: __simt_callee__ inline float scaled(__gm__ float* src, uint32_t i, float s) {
  // CHECK-NEXT: float v = src[i];
  // CHECK-NEXT: float r = v * s;
  // CHECK-NEXT: return r;
  func.func @scaled(%src: memref<?xf32, 22 : i64>, %i: ui32, %s: f32) -> f32 attributes {ascendc.simt_callee} {
    %v = ascendc.simt.load %src, %i : memref<?xf32, 22 : i64>, ui32 -> f32
    %r = arith.mulf %v, %s : f32
    func.return %r : f32
  }
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(256) inline void warps(__gm__ float* src, __gm__ uint32_t* count, __ubuf__ int32_t* ub, float s) {
  // CHECK:      int32_t lane = laneid();
  // CHECK-NEXT: int32_t lt = lanemask_lt();
  // CHECK-NEXT: int32_t ge = lanemask_ge();
  // CHECK-NEXT: uint32_t act = asc_activemask();
  // CHECK-NEXT: float x = scaled(src, t, s);
  // CHECK-NEXT: float y = asc_shfl(x, c0, c32);
  // CHECK-NEXT: float up = asc_shfl_up(y, c1, c16);
  // CHECK-NEXT: float down = asc_shfl_down(up, c1, c32);
  // CHECK-NEXT: float xo = asc_shfl_xor(down, c1, c32);
  // CHECK-NEXT: float sum = asc_reduce_add(xo);
  // CHECK-NEXT: int32_t mx = asc_reduce_max(lane);
  // CHECK-NEXT: uint32_t mn = asc_reduce_min(t);
  // CHECK-NEXT: int32_t al = asc_all(lane);
  // CHECK-NEXT: int32_t an = asc_any(lane);
  // CHECK-NEXT: uint32_t bal = asc_ballot(lane);
  // CHECK-NEXT: asc_syncthreads();
  // CHECK-NEXT: asc_threadfence();
  // CHECK-NEXT: asc_threadfence_block();
  // CHECK-NEXT: uint32_t old = __asc_simt_vf::asc_atomic_add(count + t, t);
  func.func @warps(%src: memref<?xf32, 22 : i64>, %count: memref<?xui32, 22 : i64>, %ub: memref<?xi32, 26 : i64>, %s: f32) attributes {ascendc.simt_vf = 256 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
        %t = ascendc.simt.thread_idx {dim = "x"} : () -> ui32
    %lane = ascendc.simt.lane_id : () -> i32
    %lt = ascendc.simt.lanemask_lt : () -> i32
    %ge = ascendc.simt.lanemask_ge : () -> i32
    %act = ascendc.simt.activemask : () -> ui32
    %x = func.call @scaled(%src, %t, %s) : (memref<?xf32, 22 : i64>, ui32, f32) -> f32
    %y = ascendc.simt.shfl %x, %c0, %c32 : f32, i32, i32 -> f32
    %up = ascendc.simt.shfl_up %y, %c1, %c16 : f32, i32, i32 -> f32
    %down = ascendc.simt.shfl_down %up, %c1, %c32 : f32, i32, i32 -> f32
    %xo = ascendc.simt.shfl_xor %down, %c1, %c32 : f32, i32, i32 -> f32
    %sum = ascendc.simt.reduce_add %xo : f32 -> f32
    %mx = ascendc.simt.reduce_max %lane : i32 -> i32
    %mn = ascendc.simt.reduce_min %t : ui32 -> ui32
    %al = ascendc.simt.all %lane : i32 -> i32
    %an = ascendc.simt.any %lane : i32 -> i32
    %bal = ascendc.simt.ballot %lane : i32 -> ui32
    ascendc.simt.syncthreads
    ascendc.simt.threadfence
    ascendc.simt.threadfence_block
    %old = ascendc.simt.atomic_add %count, %t, %t : memref<?xui32, 22 : i64>, ui32, ui32 -> ui32
    // CHECK-NEXT: uint32_t inc = __asc_simt_vf::asc_atomic_inc(count + c0, old);
    // CHECK-NEXT: int32_t mxu = __asc_simt_vf::asc_atomic_max(ub + t, lane);
    // CHECK-NEXT: int32_t cas = __asc_simt_vf::asc_atomic_cas(ub + c0, lane, mx);
    // CHECK-NEXT: int32_t xr = __asc_simt_vf::asc_atomic_xor(ub + t, lt);
    // CHECK-NEXT: float fa = __asc_simt_vf::asc_atomic_add(src + c0, sum);
    // CHECK-NEXT: float fe = __asc_simt_vf::asc_atomic_exch(src + t, x);
    %inc = ascendc.simt.atomic_inc %count, %c0, %old : memref<?xui32, 22 : i64>, i32, ui32 -> ui32
    %mxu = ascendc.simt.atomic_max %ub, %t, %lane : memref<?xi32, 26 : i64>, ui32, i32 -> i32
    %cas = ascendc.simt.atomic_cas %ub, %c0, %lane, %mx : memref<?xi32, 26 : i64>, i32, i32, i32 -> i32
    %xr = ascendc.simt.atomic_xor %ub, %t, %lt : memref<?xi32, 26 : i64>, ui32, i32 -> i32
    %fa = ascendc.simt.atomic_add %src, %c0, %sum : memref<?xf32, 22 : i64>, i32, f32 -> f32
    %fe = ascendc.simt.atomic_exch %src, %t, %x : memref<?xf32, 22 : i64>, ui32, f32 -> f32
    func.return
  }
  // CHECK-LABEL: extern "C" __global__ __aicore__ void k(__gm__ float* x, __gm__ uint32_t* count, uint32_t n) {
  // CHECK:      asc_vf_call<warps>(dim3(n, c1, c1), x, count, p, s);
  func.func @k(%x: memref<?xf32, 22 : i64>, %count: memref<?xui32, 22 : i64>, %n: ui32) attributes {ascendc.global, ascendc.aicore} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %s = arith.constant 2.0 : f32
    %ub = ascendc.local_mem_allocator %c1 : i32, !ascendc.local_mem_allocator<1>
    %buf = ascendc.local_mem_allocator.alloc %ub, veccalc, %c256, i32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xi32>
    %p = ascendc.reg.ub_ptr %buf, %c0 : !ascendc.local_tensor<*xi32>, i32 -> memref<?xi32, 26 : i64>
    ascendc.simt.vf_call_dims %n, %c1, %c1 (%x, %count, %p, %s : memref<?xf32, 22 : i64>, memref<?xui32, 22 : i64>, memref<?xi32, 26 : i64>, f32) {callee = @warps} : ui32, i32, i32
    func.return
  }
}
