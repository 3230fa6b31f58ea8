// emitasc.ptr_offset: round trip (custom and generic) and emission.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s -t ascendc | filecheck %s --check-prefix=CPP

// CHECK-LABEL: func.func @offset(%x: memref<?xf32, 22 : i64>, %i: index)
// CHECK-NEXT:    %p = emitasc.ptr_offset %x[%i] : memref<?xf32, 22 : i64>, memref<?xf32, 22 : i64>
// CPP-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void offset(__gm__ float* x, int64_t i) {
// CPP-NEXT:    __gm__ float* p = x + i;
func.func @offset(%x: memref<?xf32, 22>, %i: index) {
  %p = emitasc.ptr_offset %x[%i] : memref<?xf32, 22>, memref<?xf32, 22>
  return
}
