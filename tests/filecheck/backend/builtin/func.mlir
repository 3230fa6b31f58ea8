// Emission of func: external declarations and callees defined later are declared first,
// calls with and without results, kernels (ascendc.global), returning a value.
// RUN: asc-opt %s -t ascendc | filecheck %s

// Declarations come first, in order of need; an external function is not `inline`
// (its definition lives in another translation unit) and has unnamed parameters.
// CHECK:       #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT:  __aicore__ float external_helper(int32_t, __gm__ float*);
// CHECK-EMPTY:
// CHECK-NEXT:  __inline__ __attribute__((always_inline)) __aicore__ int32_t defined_later(int32_t v);
// CHECK-EMPTY:
// CHECK-NEXT:  __inline__ __attribute__((always_inline)) __aicore__ void no_result();
// CHECK-EMPTY:
// CHECK-NEXT:  __inline__ __attribute__((always_inline)) __aicore__ float caller(

func.func private @external_helper(i32, memref<?xf32, 22>) -> f32

// CHECK-SAME:  __gm__ float* x, int32_t n) {
// CHECK-NEXT:    int32_t a = defined_later(n);
// CHECK-NEXT:    float b = external_helper(a, x);
// CHECK-NEXT:    no_result();
// CHECK-NEXT:    return b;
// CHECK-NEXT:  }
func.func @caller(%x: memref<?xf32, 22>, %n: i32) -> f32 {
  %a = func.call @defined_later(%n) : (i32) -> i32
  %b = func.call @external_helper(%a, %x) : (i32, memref<?xf32, 22>) -> f32
  func.call @no_result() : () -> ()
  return %b : f32
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t defined_later(int32_t v) {
// CHECK-NEXT:    constexpr int32_t two = 2;
// CHECK-NEXT:    int32_t r = static_cast<int32_t>(static_cast<uint32_t>(v) * static_cast<uint32_t>(two));
// CHECK-NEXT:    return r;
// CHECK-NEXT:  }
func.func @defined_later(%v: i32) -> i32 {
  %two = arith.constant 2 : i32
  %r = arith.muli %v, %two : i32
  return %r : i32
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void no_result() {
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @no_result() {
  return
}

// CHECK-LABEL: extern "C" __global__ __aicore__ void kernel(__gm__ float* x, int32_t n) {
// CHECK-NEXT:    float r = caller(x, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @kernel(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %r = func.call @caller(%x, %n) : (memref<?xf32, 22>, i32) -> f32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int64_t returns_index(int64_t i) {
// CHECK-NEXT:    return i;
// CHECK-NEXT:  }
func.func @returns_index(%i: index) -> index {
  return %i : index
}

// The external function gets no definition anywhere in the output.
// CHECK-NOT:   external_helper({{.*}}) {
