// A whole module as pyasc writes it (written here by hand in its style): an
// emitc.include, #emitasc<kernel_arg ...> markers, parameter names in NameLocs, the
// hidden ffts_addr parameter, and location aliases defined after their uses.
// RUN: asc-opt %s -t ascendc | filecheck %s
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR

#loc1 = loc("kernel.py":3:0)
module attributes {asc.enable_debug} {
  emitc.include "kernel_operator.h" loc(#loc)
  func.func @scale(%arg0: memref<?xf32, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>} loc("x"(#loc1)), %arg1: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>} loc("n"(#loc1)), %arg2: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>} loc("ffts_addr")) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg2 : memref<?xui64, 22> loc(#loc)
    %cst = arith.constant 2.000000e+00 : f32 loc(#loc)
    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32> loc(#loc2)
    ascendc.global_tensor.set_global_buffer %0, %arg0, %arg1 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32 loc(#loc2)
    %1 = ascendc.global_tensor.get_value %0, %arg1 : !ascendc.global_tensor<*xf32>, i32, f32 loc(#loc3)
    %2 = arith.mulf %1, %cst : f32 loc(#loc3)
    ascendc.global_tensor.set_value %0, %arg1, %2 : !ascendc.global_tensor<*xf32>, i32, f32 loc(#loc3)
    return loc(#loc)
  } loc(#loc1)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("kernel.py":5:4)
#loc3 = loc("kernel.py":6:4)

// CHECK:       #include "kernel_operator.h"
// CHECK-NOT:   #include
// CHECK:       extern "C" __global__ __aicore__ void scale(__gm__ float* x, int32_t n, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:    set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:    constexpr float cst = 2.0f;
// CHECK-NEXT:    AscendC::GlobalTensor<float> v1;
// CHECK-NEXT:    v1.SetGlobalBuffer(x, n);
// CHECK-NEXT:    float v2 = v1.GetValue(n);
// CHECK-NEXT:    float v3 = v2 * cst;
// CHECK-NEXT:    v1.SetValue(n, v3);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }

// IR:       builtin.module attributes {asc.enable_debug} {
// IR-NEXT:    emitasc.include "kernel_operator.h"
// IR-NEXT:    func.func @scale(%arg0: memref<?xf32, 22 : i64> {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}, %arg1: i32 {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}, %arg2: memref<?xui64, 22 : i64> {emitasc.kernel_arg = #emitasc.kernel_arg<ffts_addr>})
// IR-NEXT:      ascendc.set_ffts_base_addr %arg2 : memref<?xui64, 22 : i64>
