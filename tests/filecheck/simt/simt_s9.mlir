// The half and bfloat16_t overloads of the SIMT warp functions and atomics, printed as
// asc_fp16.h and asc_bf16.h declare them: the shuffles of both, asc_reduce_* of half,
// and asc_atomic_add / max / min of both on GM and UB, global functions (not
// __asc_simt_vf::), each header included once. Then the cooperative groups
// (cooperative_groups.h): each member called on its group's expression, the thread
// block (`this_thread_block()`) or a static tile (`tiled_partition<Size>(parent)`).
// Then math and conversion functions (math_functions.h, device_functions.h, and the
// half / bfloat16_t ones), each a call of the C++ function.
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK:      #include "kernel_operator.h"
  // CHECK-DAG:  #include "simt_api/device_warp_functions.h"
  // CHECK-DAG:  #include "simt_api/device_atomic_functions.h"
  // CHECK-DAG:  #include "simt_api/asc_fp16.h"
  // CHECK-DAG:  #include "simt_api/asc_bf16.h"
  // CHECK-DAG:  #include "simt_api/cooperative_groups.h"
  // CHECK-DAG:  #include "simt_api/math_functions.h"
  // CHECK-DAG:  #include "simt_api/device_functions.h"
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
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(64) inline void groups(__gm__ float* p, half h) {
  // CHECK:      cooperative_groups::this_thread_block().sync();
  // CHECK-NEXT: cooperative_groups::tiled_partition<16>(cooperative_groups::this_thread_block()).sync();
  // CHECK-NEXT: uint32_t r0 = cooperative_groups::this_thread_block().thread_rank();
  // CHECK-NEXT: uint64_t r1 = cooperative_groups::tiled_partition<4>(cooperative_groups::tiled_partition<16>(cooperative_groups::this_thread_block())).thread_rank();
  // CHECK-NEXT: uint32_t n0 = cooperative_groups::this_thread_block().num_threads();
  // CHECK-NEXT: uint64_t n1 = cooperative_groups::tiled_partition<8>(cooperative_groups::this_thread_block()).size();
  // CHECK-NEXT: uint32_t n2 = cooperative_groups::this_thread_block().size();
  // CHECK-NEXT: uint64_t n3 = cooperative_groups::tiled_partition<2>(cooperative_groups::this_thread_block()).num_threads();
  // CHECK-NEXT: uint32_t m0 = cooperative_groups::tiled_partition<4>(cooperative_groups::tiled_partition<16>(cooperative_groups::this_thread_block())).meta_group_rank();
  // CHECK-NEXT: uint32_t m1 = cooperative_groups::tiled_partition<32>(cooperative_groups::this_thread_block()).meta_group_size();
  // CHECK-NEXT: float s0 = cooperative_groups::tiled_partition<16>(cooperative_groups::this_thread_block()).shfl(v, c1);
  // CHECK-NEXT: float s1 = cooperative_groups::tiled_partition<16>(cooperative_groups::this_thread_block()).shfl_up(v, c1);
  // CHECK-NEXT: half s2 = cooperative_groups::tiled_partition<8>(cooperative_groups::tiled_partition<32>(cooperative_groups::this_thread_block())).shfl_down(h, c1);
  // CHECK-NEXT: float s3 = cooperative_groups::tiled_partition<1>(cooperative_groups::this_thread_block()).shfl_xor(v, c1);
  // CHECK-NEXT: int32_t a0 = cooperative_groups::tiled_partition<16>(cooperative_groups::this_thread_block()).any(c1);
  // CHECK-NEXT: int32_t a1 = cooperative_groups::tiled_partition<16>(cooperative_groups::this_thread_block()).all(c1);
  // CHECK-NEXT: uint32_t a2 = cooperative_groups::tiled_partition<16>(cooperative_groups::this_thread_block()).ballot(c1);
  func.func @groups(%p: memref<?xf32, 22 : i64>, %h: f16) attributes {ascendc.simt_vf = 64 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %v = ascendc.simt.load %p, %c0 : memref<?xf32, 22 : i64>, i32 -> f32
    ascendc.simt.cg_sync
    ascendc.simt.cg_sync {tiles = array<i32: 16>}
    %r0 = ascendc.simt.cg_thread_rank : () -> ui32
    %r1 = ascendc.simt.cg_thread_rank {tiles = array<i32: 16, 4>} : () -> ui64
    %n0 = ascendc.simt.cg_num_threads : () -> ui32
    %n1 = ascendc.simt.cg_size {tiles = array<i32: 8>} : () -> ui64
    %n2 = ascendc.simt.cg_size : () -> ui32
    %n3 = ascendc.simt.cg_num_threads {tiles = array<i32: 2>} : () -> ui64
    %m0 = ascendc.simt.cg_meta_group_rank {tiles = array<i32: 16, 4>} : () -> ui32
    %m1 = ascendc.simt.cg_meta_group_size {tiles = array<i32: 32>} : () -> ui32
    %s0 = ascendc.simt.cg_shfl %v, %c1 {tiles = array<i32: 16>} : f32, i32 -> f32
    %s1 = ascendc.simt.cg_shfl_up %v, %c1 {tiles = array<i32: 16>} : f32, i32 -> f32
    %s2 = ascendc.simt.cg_shfl_down %h, %c1 {tiles = array<i32: 32, 8>} : f16, i32 -> f16
    %s3 = ascendc.simt.cg_shfl_xor %v, %c1 {tiles = array<i32: 1>} : f32, i32 -> f32
    %a0 = ascendc.simt.cg_any %c1 {tiles = array<i32: 16>} : i32 -> i32
    %a1 = ascendc.simt.cg_all %c1 {tiles = array<i32: 16>} : i32 -> i32
    %a2 = ascendc.simt.cg_ballot %c1 {tiles = array<i32: 16>} : i32 -> ui32
    func.return
  }
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(32) inline void maths(float x, half h, bfloat16_t b, int64_t l, uint32_t u) {
  // CHECK-NEXT: float e = expf(x);
  // CHECK-NEXT: float r = rsqrtf(e);
  // CHECK-NEXT: float f = fmaf(x, e, r);
  // CHECK-NEXT: float m = fmaxf(f, x);
  // CHECK-NEXT: float t = tanhf(m);
  // CHECK-NEXT: uint32_t um = umax(u, u);
  // CHECK-NEXT: half he = hexp(h);
  // CHECK-NEXT: bfloat16_t bs = hsqrt(b);
  // CHECK-NEXT: half ha = __habs(he);
  // CHECK-NEXT: bfloat16_t bf = __hfma(bs, bs, b);
  // CHECK-NEXT: int32_t i = __float2int_rna(t);
  // CHECK-NEXT: float fi = __int2float_rz(i);
  // CHECK-NEXT: float fl = __ll2float_ru(l);
  // CHECK-NEXT: half hr = __float2half_ro_sat(fi);
  // CHECK-NEXT: bfloat16_t br = __float2bfloat16_rd(fl);
  // CHECK-NEXT: float hf = __half2float(hr);
  // CHECK-NEXT: float bf2 = __bfloat162float(br);
  // CHECK-NEXT: int32_t bits = __float_as_int(hf);
  func.func @maths(%x: f32, %h: f16, %b: bf16, %l: i64, %u: ui32) attributes {ascendc.simt_vf = 32 : i32} {
    %e = ascendc.simt.expf %x : f32 -> f32
    %r = ascendc.simt.rsqrtf %e : f32 -> f32
    %f = ascendc.simt.fmaf %x, %e, %r : f32, f32, f32 -> f32
    %m = ascendc.simt.fmaxf %f, %x : f32, f32 -> f32
    %t = ascendc.simt.tanhf %m : f32 -> f32
    %um = ascendc.simt.umax %u, %u : ui32, ui32 -> ui32
    %he = ascendc.simt.hexp %h : f16 -> f16
    %bs = ascendc.simt.hsqrt %b : bf16 -> bf16
    %ha = ascendc.simt.habs %he : f16 -> f16
    %bf = ascendc.simt.hfma %bs, %bs, %b : bf16, bf16, bf16 -> bf16
    %i = ascendc.simt.float2int_rna %t : f32 -> i32
    %fi = ascendc.simt.int2float_rz %i : i32 -> f32
    %fl = ascendc.simt.ll2float_ru %l : i64 -> f32
    %hr = ascendc.simt.float2half_ro_sat %fi : f32 -> f16
    %br = ascendc.simt.float2bfloat16_rd %fl : f32 -> bf16
    %hf = ascendc.simt.half2float %hr : f16 -> f32
    %bf2 = ascendc.simt.bfloat162float %br : bf16 -> f32
    %bits = ascendc.simt.float_as_int %hf : f32 -> i32
    func.return
  }
}
