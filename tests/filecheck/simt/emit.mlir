// SIMT vector functions printed as the 3510 headers expect: `__simt_vf__
// __launch_bounds__(N) inline`, the dim3 builtins, `__asc_simt_vf::clock()` and printf,
// element reads and writes through `__gm__` / `__ubuf__` pointers, and the kernel's
// `asc_vf_call<f>(dim3(x, y, z), args...)` with the headers they need.
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK:      #include "kernel_operator.h"
  // CHECK-DAG:  #include "utils/debug/asc_time.h"
  // CHECK-DAG:  #include "utils/debug/asc_printf.h"
  // CHECK-DAG:  #include "simt_api/common_functions.h"
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(256) inline void gather(__gm__ float* src, __gm__ uint32_t* index, __ubuf__ float* dst, uint32_t n) {
  // CHECK:      uint64_t start = __asc_simt_vf::clock();
  // CHECK-NEXT: uint32_t t = threadIdx.x;
  // CHECK-NEXT: uint32_t b = blockIdx.x;
  // CHECK-NEXT: uint32_t d = blockDim.y;
  // CHECK-NEXT: uint32_t g = gridDim.z;
  // CHECK-NEXT: uint32_t i = index[t];
  // CHECK-NEXT: float v = src[i];
  // CHECK-NEXT: dst[t] = v;
  // CHECK-NEXT: uint64_t end = __asc_simt_vf::clock();
  // CHECK-NEXT: __asc_simt_vf::printf("[simt] %u %u %u %lu\n", b, d, g, end);
  func.func @gather(%src: memref<?xf32, 22 : i64>, %index: memref<?xui32, 22 : i64>, %dst: memref<?xf32, 26 : i64>, %n: ui32) attributes {ascendc.simt_vf = 256 : i32} {
    %start = ascendc.simt.clock : () -> ui64
    %t = ascendc.simt.thread_idx {dim = "x"} : () -> ui32
    %b = ascendc.simt.block_idx {dim = "x"} : () -> ui32
    %d = ascendc.simt.block_dim {dim = "y"} : () -> ui32
    %g = ascendc.simt.grid_dim {dim = "z"} : () -> ui32
    %i = ascendc.simt.load %index, %t : memref<?xui32, 22 : i64>, ui32 -> ui32
    %v = ascendc.simt.load %src, %i : memref<?xf32, 22 : i64>, ui32 -> f32
    ascendc.simt.store %dst, %t, %v : memref<?xf32, 26 : i64>, ui32, f32
    %end = ascendc.simt.clock : () -> ui64
    ascendc.simt.printf (%b, %d, %g, %end : ui32, ui32, ui32, ui64) {desc = "[simt] %u %u %u %lu\0A"}
    func.return
  }
  // CHECK-LABEL: extern "C" __global__ __aicore__ void k(__gm__ float* x, __gm__ uint32_t* idx, uint32_t n) {
  // CHECK:      __ubuf__ float* p = reinterpret_cast<__ubuf__ float*>(buf.GetPhyAddr(c0));
  // CHECK-NEXT: asc_vf_call<gather>(dim3(32, 4, 2), x, idx, p, n);
  func.func @k(%x: memref<?xf32, 22 : i64>, %idx: memref<?xui32, 22 : i64>, %n: ui32) attributes {ascendc.global, ascendc.aicore} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %ub = ascendc.local_mem_allocator %c1 : i32, !ascendc.local_mem_allocator<1>
    %buf = ascendc.local_mem_allocator.alloc %ub, veccalc, %c256, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
    %p = ascendc.reg.ub_ptr %buf, %c0 : !ascendc.local_tensor<*xf32>, i32 -> memref<?xf32, 26 : i64>
    ascendc.simt.vf_call (%x, %idx, %p, %n : memref<?xf32, 22 : i64>, memref<?xui32, 22 : i64>, memref<?xf32, 26 : i64>, ui32) {callee = @gather, dim_x = 32 : i32, dim_y = 4 : i32, dim_z = 2 : i32}
    func.return
  }
}
