// Declarations at module level print after the includes and before the functions;
// `#define` lines configure the headers, so they come first.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK:      #define ASCENDC_CUBE_ONLY
// CHECK-NEXT: #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT: #pragma pack(push, 8)
// CHECK-NEXT: struct Shape {
// CHECK-NEXT:   int32_t rows;
// CHECK-NEXT:   int32_t cols;
// CHECK-NEXT: };
// CHECK-NEXT: #pragma pack(pop)
// CHECK-EMPTY:
// CHECK-NEXT: __inline__ __attribute__((always_inline)) __aicore__ void uses_shape(__gm__ Shape* s) {
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @uses_shape(%s: memref<?x!emitasc.py_struct<"Shape", [i32, i32], ["rows", "cols"]>, 22>) {
  func.return
}
emitasc.verbatim "#define ASCENDC_CUBE_ONLY"
emitasc.declare_py_struct !emitasc.py_struct<"Shape", [i32, i32], ["rows", "cols"]>
