// Upstream ops in the forms pyasc's IR writes (asc_xdsl/dialects/pyasc_syntax.py): the
// two-type `arith.select` and `memref.cast`'s custom syntax parse as xDSL's own ops.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s -t ascendc | filecheck %s --check-prefix=CPP

// CHECK-LABEL: func.func @select_and_cast(%c: i1, %a: i32, %b: i32, %m: memref<2xi32>) -> i32 {
// CHECK-NEXT:    %0 = arith.select %c, %a, %b : i32
// CHECK-NEXT:    %1 = arith.select %c, %0, %b : i32
// CHECK-NEXT:    %2 = "memref.cast"(%m) : (memref<2xi32>) -> memref<?xi32>
// CPP-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t select_and_cast(bool c, int32_t a, int32_t b, int32_t* m) {
// CPP-NEXT:    int32_t v1 = c ? a : b;
// CPP-NEXT:    int32_t v2 = c ? v1 : b;
// CPP-NEXT:    int32_t* v3 = reinterpret_cast<int32_t*>(m);
// CPP-NEXT:    return v2;
func.func @select_and_cast(%c: i1, %a: i32, %b: i32, %m: memref<2xi32>) -> i32 {
  %0 = arith.select %c, %a, %b : i1, i32
  %1 = arith.select %c, %0, %b : i32
  %2 = memref.cast %m : memref<2xi32> to memref<?xi32>
  func.return %1 : i32
}
