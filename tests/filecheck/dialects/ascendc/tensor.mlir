// Round trip of the tensor ops (tensor.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// pyasc writes an unranked tensor without shape (`<i32>`); it prints as `<*xi32>`.
// CHECK-LABEL: func.func @constructors(%u: ui32)
// CHECK-NEXT:    %gt = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
// CHECK-NEXT:    %gs = ascendc.global_tensor : !ascendc.global_tensor<16x?xf16>
// CHECK-NEXT:    %lt = ascendc.local_tensor : !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %ls = ascendc.local_tensor : !ascendc.local_tensor<1x23x45xf16>
// CHECK-NEXT:    %v2 = ascendc.local_tensor_v2 vecin, %u, %u : !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %v2b = ascendc.local_tensor_v2 vecout, %u, %u : !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %v2c = ascendc.local_tensor_v2 a1, %u, %u : !ascendc.local_tensor<256xi8>
// CHECK-NEXT:    %v2d = ascendc.local_tensor_v2 co2, %u, %u : !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "constructors"
// GENERIC:         %gt = "ascendc.global_tensor"() : () -> !ascendc.global_tensor<*xi32>
// GENERIC-NEXT:    %gs = "ascendc.global_tensor"() : () -> !ascendc.global_tensor<16x?xf16>
// GENERIC-NEXT:    %lt = "ascendc.local_tensor"() : () -> !ascendc.local_tensor<*xf32>
// GENERIC-NEXT:    %ls = "ascendc.local_tensor"() : () -> !ascendc.local_tensor<1x23x45xf16>
// GENERIC-NEXT:    %v2 = "ascendc.local_tensor_v2"(%u, %u) <{pos = 9 : i32}> : (ui32, ui32) -> !ascendc.local_tensor<*xf32>
// GENERIC-NEXT:    %v2b = "ascendc.local_tensor_v2"(%u, %u) <{pos = 10 : i32}> : (ui32, ui32) -> !ascendc.local_tensor<*xf32>
// GENERIC-NEXT:    %v2c = "ascendc.local_tensor_v2"(%u, %u) <{pos = 1 : i32}> : (ui32, ui32) -> !ascendc.local_tensor<256xi8>
// GENERIC-NEXT:    %v2d = "ascendc.local_tensor_v2"(%u, %u) <{pos = 8 : i32}> : (ui32, ui32) -> !ascendc.local_tensor<*xf32>
func.func @constructors(%u: ui32) {
  %gt = ascendc.global_tensor : !ascendc.global_tensor<i32>
  %gs = ascendc.global_tensor : !ascendc.global_tensor<16x?xf16>
  %lt = ascendc.local_tensor : !ascendc.local_tensor<*xf32>
  %ls = ascendc.local_tensor : !ascendc.local_tensor<1x23x45xf16>
  %v2 = ascendc.local_tensor_v2 vec_in, %u, %u : !ascendc.local_tensor<*xf32>
  %v2b = ascendc.local_tensor_v2 vecout, %u, %u : !ascendc.local_tensor<*xf32>
  %v2c = ascendc.local_tensor_v2 a1, %u, %u : !ascendc.local_tensor<256xi8>
  // The position may also come from the attribute dictionary (generic spelling).
  %v2d = "ascendc.local_tensor_v2"(%u, %u) <{pos = 8 : i32}> : (ui32, ui32) -> !ascendc.local_tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @global(%gt: !ascendc.global_tensor<*xf32>, %p: memref<?xf32, 22 : i64>, %pb: memref<?xui8, 22 : i64>, %n: ui64, %i: index)
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer %gt, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer %gt, %pb, %n : !ascendc.global_tensor<*xf32>, memref<?xui8, 22 : i64>, ui64
// CHECK-NEXT:    %sub = ascendc.global_tensor.subindex %gt[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    %sub2 = ascendc.global_tensor.subindex %gt[%n] : !ascendc.global_tensor<*xf32>, ui64, !ascendc.global_tensor<128xf32>
// CHECK-NEXT:    %v = ascendc.global_tensor.get_value %gt, %n : !ascendc.global_tensor<*xf32>, ui64, f32
// CHECK-NEXT:    ascendc.global_tensor.set_value %gt, %n, %v : !ascendc.global_tensor<*xf32>, ui64, f32
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "global"
// GENERIC:         "ascendc.global_tensor.set_global_buffer"(%gt, %p) : (!ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>) -> ()
// GENERIC-NEXT:    "ascendc.global_tensor.set_global_buffer"(%gt, %pb, %n) : (!ascendc.global_tensor<*xf32>, memref<?xui8, 22 : i64>, ui64) -> ()
// GENERIC-NEXT:    %sub = "ascendc.global_tensor.subindex"(%gt, %i) : (!ascendc.global_tensor<*xf32>, index) -> !ascendc.global_tensor<*xf32>
// GENERIC-NEXT:    %sub2 = "ascendc.global_tensor.subindex"(%gt, %n) : (!ascendc.global_tensor<*xf32>, ui64) -> !ascendc.global_tensor<128xf32>
// GENERIC-NEXT:    %v = "ascendc.global_tensor.get_value"(%gt, %n) : (!ascendc.global_tensor<*xf32>, ui64) -> f32
// GENERIC-NEXT:    "ascendc.global_tensor.set_value"(%gt, %n, %v) : (!ascendc.global_tensor<*xf32>, ui64, f32) -> ()
func.func @global(%gt: !ascendc.global_tensor<*xf32>, %p: memref<?xf32, 22>, %pb: memref<?xui8, 22>, %n: ui64, %i: index) {
  ascendc.global_tensor.set_global_buffer %gt, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gt, %pb, %n : !ascendc.global_tensor<*xf32>, memref<?xui8, 22>, ui64
  %sub = ascendc.global_tensor.subindex %gt[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %sub2 = ascendc.global_tensor.subindex %gt[%n] : !ascendc.global_tensor<*xf32>, ui64, !ascendc.global_tensor<128xf32>
  %v = ascendc.global_tensor.get_value %gt, %n : !ascendc.global_tensor<*xf32>, ui64, f32
  ascendc.global_tensor.set_value %gt, %n, %v : !ascendc.global_tensor<*xf32>, ui64, f32
  return
}

// CHECK-LABEL: func.func @local(%lt: !ascendc.local_tensor<1024xf16>, %i: index, %u: ui32, %h: f16)
// CHECK-NEXT:    %sub = ascendc.local_tensor.subindex %lt[%i] : !ascendc.local_tensor<1024xf16>, index, !ascendc.local_tensor<1024xf16>
// CHECK-NEXT:    %sub2 = ascendc.local_tensor.subindex %lt[%u] : !ascendc.local_tensor<1024xf16>, ui32, !ascendc.local_tensor<*xf16>
// CHECK-NEXT:    %v = ascendc.local_tensor.get_value %lt, %u : !ascendc.local_tensor<1024xf16>, ui32, f16
// CHECK-NEXT:    ascendc.local_tensor.set_value %lt, %i, %h : !ascendc.local_tensor<1024xf16>, index, f16
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "local"
// GENERIC:         %sub = "ascendc.local_tensor.subindex"(%lt, %i) : (!ascendc.local_tensor<1024xf16>, index) -> !ascendc.local_tensor<1024xf16>
// GENERIC-NEXT:    %sub2 = "ascendc.local_tensor.subindex"(%lt, %u) : (!ascendc.local_tensor<1024xf16>, ui32) -> !ascendc.local_tensor<*xf16>
// GENERIC-NEXT:    %v = "ascendc.local_tensor.get_value"(%lt, %u) : (!ascendc.local_tensor<1024xf16>, ui32) -> f16
// GENERIC-NEXT:    "ascendc.local_tensor.set_value"(%lt, %i, %h) : (!ascendc.local_tensor<1024xf16>, index, f16) -> ()
func.func @local(%lt: !ascendc.local_tensor<1024xf16>, %i: index, %u: ui32, %h: f16) {
  %sub = ascendc.local_tensor.subindex %lt[%i] : !ascendc.local_tensor<1024xf16>, index, !ascendc.local_tensor<1024xf16>
  %sub2 = ascendc.local_tensor.subindex %lt[%u] : !ascendc.local_tensor<1024xf16>, ui32, !ascendc.local_tensor<*xf16>
  %v = ascendc.local_tensor.get_value %lt, %u : !ascendc.local_tensor<1024xf16>, ui32, f16
  ascendc.local_tensor.set_value %lt, %i, %h : !ascendc.local_tensor<1024xf16>, index, f16
  return
}
