// RUN: asc-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @other_element(%x: memref<?xf32, 22>, %i: index) {
  // CHECK: invalid_ptr_offset.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'emitasc.ptr_offset': result memref<?xf16, 22 : i64> must point to the same element type and memory space as the base memref<?xf32, 22 : i64>
  %p = emitasc.ptr_offset %x[%i] : memref<?xf32, 22>, memref<?xf16, 22>
  return
}
