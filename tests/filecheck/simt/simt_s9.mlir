// The half and bfloat16_t overloads of the SIMT warp functions and atomics, printed as
// asc_fp16.h and asc_bf16.h declare them: the shuffles of both, asc_reduce_* of half,
// and asc_atomic_add / max / min of both on GM and UB, global functions (not
// __asc_simt_vf::), each header included once.
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK:      #include "kernel_operator.h"
  // CHECK-DAG:  #include "simt_api/device_warp_functions.h"
  // CHECK-DAG:  #include "simt_api/device_atomic_functions.h"
  // CHECK-DAG:  #include "simt_api/asc_fp16.h"
  // CHECK-DAG:  #include "simt_api/asc_bf16.h"
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(256) inline void halves(__gm__ half* h, __ubuf__ half* hu, __gm__ bfloat16_t* b, __ubuf__ bfloat16_t* bu, float x, __gm__ uint32_t* cnt, uint32_t k) {
  // CHECK:      half v = h[c0];
  // CHECK-NEXT: half s0 = asc_shfl(v, c0, c32);
  // CHECK-NEXT: half s1 = asc_shfl_up(s0, c1, c16);
  // CHECK-NEXT: half s2 = asc_shfl_down(s1, c1, c32);
  // CHECK-NEXT: half s3 = asc_shfl_xor(s2, c1, c32);
  // CHECK-NEXT: half r0 = asc_reduce_add(s3);
  // CHECK-NEXT: half r1 = asc_reduce_max(r0);
  // CHECK-NEXT: half r2 = asc_reduce_min(r1);
  // CHECK-NEXT: half a0 = asc_atomic_add(h + c0, r2);
  // CHECK-NEXT: half a1 = asc_atomic_max(hu + c1, a0);
  // CHECK-NEXT: half a2 = asc_atomic_min(h + c1, a1);
  // CHECK-NEXT: bfloat16_t w = bu[c0];
  // CHECK-NEXT: bfloat16_t t0 = asc_shfl(w, c0, c32);
  // CHECK-NEXT: bfloat16_t t1 = asc_shfl_up(t0, c1, c32);
  // CHECK-NEXT: bfloat16_t t2 = asc_shfl_down(t1, c1, c8);
  // CHECK-NEXT: bfloat16_t t3 = asc_shfl_xor(t2, c1, c32);
  // CHECK-NEXT: bfloat16_t b0 = asc_atomic_add(b + c0, t3);
  // CHECK-NEXT: bfloat16_t b1 = asc_atomic_max(bu + c1, b0);
  // CHECK-NEXT: bfloat16_t b2 = asc_atomic_min(b + c1, b1);
  // CHECK-NEXT: float f = asc_reduce_add(x);
  // CHECK-NEXT: uint32_t u = __asc_simt_vf::asc_atomic_add(cnt + c0, k);
  func.func @halves(%h: memref<?xf16, 22 : i64>, %hu: memref<?xf16, 26 : i64>, %b: memref<?xbf16, 22 : i64>, %bu: memref<?xbf16, 26 : i64>, %x: f32, %cnt: memref<?xui32, 22 : i64>, %k: ui32) attributes {ascendc.simt_vf = 256 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %v = ascendc.simt.load %h, %c0 : memref<?xf16, 22 : i64>, i32 -> f16
    %s0 = ascendc.simt.shfl %v, %c0, %c32 : f16, i32, i32 -> f16
    %s1 = ascendc.simt.shfl_up %s0, %c1, %c16 : f16, i32, i32 -> f16
    %s2 = ascendc.simt.shfl_down %s1, %c1, %c32 : f16, i32, i32 -> f16
    %s3 = ascendc.simt.shfl_xor %s2, %c1, %c32 : f16, i32, i32 -> f16
    %r0 = ascendc.simt.reduce_add %s3 : f16 -> f16
    %r1 = ascendc.simt.reduce_max %r0 : f16 -> f16
    %r2 = ascendc.simt.reduce_min %r1 : f16 -> f16
    %a0 = ascendc.simt.atomic_add %h, %c0, %r2 : memref<?xf16, 22 : i64>, i32, f16 -> f16
    %a1 = ascendc.simt.atomic_max %hu, %c1, %a0 : memref<?xf16, 26 : i64>, i32, f16 -> f16
    %a2 = ascendc.simt.atomic_min %h, %c1, %a1 : memref<?xf16, 22 : i64>, i32, f16 -> f16
    %w = ascendc.simt.load %bu, %c0 : memref<?xbf16, 26 : i64>, i32 -> bf16
    %t0 = ascendc.simt.shfl %w, %c0, %c32 : bf16, i32, i32 -> bf16
    %t1 = ascendc.simt.shfl_up %t0, %c1, %c32 : bf16, i32, i32 -> bf16
    %t2 = ascendc.simt.shfl_down %t1, %c1, %c8 : bf16, i32, i32 -> bf16
    %t3 = ascendc.simt.shfl_xor %t2, %c1, %c32 : bf16, i32, i32 -> bf16
    %b0 = ascendc.simt.atomic_add %b, %c0, %t3 : memref<?xbf16, 22 : i64>, i32, bf16 -> bf16
    %b1 = ascendc.simt.atomic_max %bu, %c1, %b0 : memref<?xbf16, 26 : i64>, i32, bf16 -> bf16
    %b2 = ascendc.simt.atomic_min %b, %c1, %b1 : memref<?xbf16, 22 : i64>, i32, bf16 -> bf16
    %f = ascendc.simt.reduce_add %x : f32 -> f32
    %u = ascendc.simt.atomic_add %cnt, %c0, %k : memref<?xui32, 22 : i64>, i32, ui32 -> ui32
    func.return
  }
}
