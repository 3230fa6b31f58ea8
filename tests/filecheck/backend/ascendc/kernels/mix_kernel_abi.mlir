// A mixed (cube + vector) kernel's hidden FFTS parameter, which CANN's launcher passes, is
// in the IR: ascendc-legalize-kernel-args adds it (marked #emitasc.kernel_arg<ffts_addr>)
// with the set_ffts_base_addr that comes first, and the printer prints both as they are.
// Vector kernels get nothing extra. Without the pass, the printer refuses a mixed kernel
// (invalid_codegen.mlir).
// RUN: asc-opt %s -p ascendc-legalize-kernel-args -t ascendc | filecheck %s

// CHECK-LABEL: extern "C" __global__ __aicore__ void mixed(__gm__ float* x, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:    set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:    int32_t i = static_cast<int32_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:    return;
func.func @mixed(%x: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "mix"} {
  %i = ascendc.get_block_idx : i32
  return
}

// A parameter the caller names like the hidden one: the hidden one keeps its name.
// CHECK-LABEL: extern "C" __global__ __aicore__ void named_like_it(int32_t ffts_addr_1, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:    set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:    return;
func.func @named_like_it(%ffts_addr: i32) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "mix"} {
  return
}

// Already legalized IR prints as it is (the pass adds nothing the second time).
// CHECK-LABEL: extern "C" __global__ __aicore__ void given(__gm__ uint64_t* sync_word) {
// CHECK-NEXT:    set_ffts_base_addr(*sync_word);
// CHECK-NEXT:    return;
func.func @given(%sync_word: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc.kernel_arg<ffts_addr>}) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "mix"} {
  ascendc.set_ffts_base_addr %sync_word : memref<?xui64, 22>
  return
}

// CHECK-LABEL: extern "C" __global__ __aicore__ void vec(__gm__ float* x) {
// CHECK-NEXT:    return;
func.func @vec(%x: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "vector"} {
  return
}
