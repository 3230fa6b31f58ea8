// A mixed (cube + vector) kernel gets the hidden FFTS parameter CANN's launcher passes,
// and sets the FFTS base address first; vector kernels get nothing extra.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: extern "C" __global__ __aicore__ void mixed(__gm__ float* x, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:    set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:    int32_t i = static_cast<int32_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:    return;
func.func @mixed(%x: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "mix"} {
  %i = ascendc.get_block_idx : i32
  return
}

// CHECK-LABEL: extern "C" __global__ __aicore__ void vec(__gm__ float* x) {
// CHECK-NEXT:    return;
func.func @vec(%x: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "vector"} {
  return
}
