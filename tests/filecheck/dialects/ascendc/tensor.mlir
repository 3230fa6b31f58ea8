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

// CHECK-LABEL: func.func @global(%gt: !ascendc.global_tensor<*xf32>, %p: memref<?xf32, 22 : i64>, %pb: memref<?xui8, 22 : i64>, %n: ui64, %i: index, %si: !ascendc.shape_info, %d: i32)
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer %gt, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer %gt, %pb, %n : !ascendc.global_tensor<*xf32>, memref<?xui8, 22 : i64>, ui64
// CHECK-NEXT:    %sub = ascendc.global_tensor.subindex %gt[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    %sub2 = ascendc.global_tensor.subindex %gt[%n] : !ascendc.global_tensor<*xf32>, ui64, !ascendc.global_tensor<128xf32>
// CHECK-NEXT:    %v = ascendc.global_tensor.get_value %gt, %n : !ascendc.global_tensor<*xf32>, ui64, f32
// CHECK-NEXT:    ascendc.global_tensor.set_value %gt, %n, %v : !ascendc.global_tensor<*xf32>, ui64, f32
// CHECK-NEXT:    %e = ascendc.global_tensor.bracket %gt(%n) : !ascendc.global_tensor<*xf32>, ui64, f32
// CHECK-NEXT:    %a = ascendc.global_tensor.get_phy_addr %gt : !ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>
// CHECK-NEXT:    %a2 = ascendc.global_tensor.get_phy_addr %gt, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>, ui64
// CHECK-NEXT:    %size = ascendc.global_tensor.get_size %gt : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    %info = ascendc.global_tensor.get_shape_info %gt : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
// CHECK-NEXT:    ascendc.global_tensor.set_shape_info %gt, %si : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
// CHECK-NEXT:    ascendc.global_tensor.set_shape_info_v2 %gt, %d, %d, %d : !ascendc.global_tensor<*xf32>, i32, i32, i32
// CHECK-NEXT:    ascendc.global_tensor.set_l2_cache_hint %gt {mode = 0 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.global_tensor.set_l2_cache_hint %gt {mode = 1 : i32, rwMode = 1 : i32} : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "global"
// GENERIC:         %size = "ascendc.global_tensor.get_size"(%gt) : (!ascendc.global_tensor<*xf32>) -> ui64
// GENERIC:         "ascendc.global_tensor.set_l2_cache_hint"(%gt) <{mode = 0 : i32, rwMode = 3 : i32}> : (!ascendc.global_tensor<*xf32>) -> ()
func.func @global(%gt: !ascendc.global_tensor<*xf32>, %p: memref<?xf32, 22>, %pb: memref<?xui8, 22>, %n: ui64, %i: index, %si: !ascendc.shape_info, %d: i32) {
  ascendc.global_tensor.set_global_buffer %gt, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gt, %pb, %n : !ascendc.global_tensor<*xf32>, memref<?xui8, 22>, ui64
  %sub = ascendc.global_tensor.subindex %gt[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %sub2 = ascendc.global_tensor.subindex %gt[%n] : !ascendc.global_tensor<*xf32>, ui64, !ascendc.global_tensor<128xf32>
  %v = ascendc.global_tensor.get_value %gt, %n : !ascendc.global_tensor<*xf32>, ui64, f32
  ascendc.global_tensor.set_value %gt, %n, %v : !ascendc.global_tensor<*xf32>, ui64, f32
  %e = ascendc.global_tensor.bracket %gt(%n) : !ascendc.global_tensor<*xf32>, ui64, f32
  %a = ascendc.global_tensor.get_phy_addr %gt : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %a2 = ascendc.global_tensor.get_phy_addr %gt, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, ui64
  // pyasc's default syntax: the result type (uint64_t) is not written.
  %size = ascendc.global_tensor.get_size %gt : !ascendc.global_tensor<*xf32>
  %info = ascendc.global_tensor.get_shape_info %gt : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
  ascendc.global_tensor.set_shape_info %gt, %si : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
  ascendc.global_tensor.set_shape_info_v2 %gt, %d, %d, %d : !ascendc.global_tensor<*xf32>, i32, i32, i32
  ascendc.global_tensor.set_l2_cache_hint %gt{mode = 0 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_l2_cache_hint %gt {mode = 1 : i32, rwMode = 1 : i32} : !ascendc.global_tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @local(%lt: !ascendc.local_tensor<1024xf16>, %i: index, %u: ui32, %h: f16, %tag: i32, %si: !ascendc.shape_info)
// CHECK-NEXT:    %sub = ascendc.local_tensor.subindex %lt[%i] : !ascendc.local_tensor<1024xf16>, index, !ascendc.local_tensor<1024xf16>
// CHECK-NEXT:    %sub2 = ascendc.local_tensor.subindex %lt[%u] : !ascendc.local_tensor<1024xf16>, ui32, !ascendc.local_tensor<*xf16>
// CHECK-NEXT:    %v = ascendc.local_tensor.get_value %lt, %u : !ascendc.local_tensor<1024xf16>, ui32, f16
// CHECK-NEXT:    ascendc.local_tensor.set_value %lt, %i, %h : !ascendc.local_tensor<1024xf16>, index, f16
// CHECK-NEXT:    %e = ascendc.local_tensor.bracket %lt(%i) : !ascendc.local_tensor<1024xf16>, index, f16
// CHECK-NEXT:    %cast = ascendc.reinterpret_cast %lt : !ascendc.local_tensor<1024xf16> to !ascendc.local_tensor<*xi16>
// CHECK-NEXT:    ascendc.local_tensor.set_addr_with_offset %sub2, %lt, %u : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<1024xf16>, ui32
// CHECK-NEXT:    %addr = ascendc.local_tensor.get_phy_addr %lt : !ascendc.local_tensor<1024xf16>, ui64
// CHECK-NEXT:    %addr2 = ascendc.local_tensor.get_phy_addr %lt, %u : !ascendc.local_tensor<1024xf16>, ui64, ui32
// CHECK-NEXT:    %len = ascendc.local_tensor.get_length %lt : !ascendc.local_tensor<1024xf16>, ui32
// CHECK-NEXT:    %size = ascendc.local_tensor.get_size %lt : !ascendc.local_tensor<1024xf16>, i32
// CHECK-NEXT:    %pos = ascendc.local_tensor.get_position %lt : !ascendc.local_tensor<1024xf16>, i32
// CHECK-NEXT:    %t = ascendc.local_tensor.get_user_tag %lt : !ascendc.local_tensor<1024xf16>, i32
// CHECK-NEXT:    ascendc.local_tensor.set_size %lt, %u : !ascendc.local_tensor<1024xf16>, ui32
// CHECK-NEXT:    ascendc.local_tensor.set_buffer_len %lt, %u : !ascendc.local_tensor<1024xf16>, ui32
// CHECK-NEXT:    ascendc.local_tensor.set_user_tag %lt, %tag : !ascendc.local_tensor<1024xf16>, i32
// CHECK-NEXT:    %info = ascendc.local_tensor.get_shape_info %lt : !ascendc.local_tensor<1024xf16>, !ascendc.shape_info
// CHECK-NEXT:    ascendc.local_tensor.set_shape_info %lt, %si : !ascendc.local_tensor<1024xf16>, !ascendc.shape_info
// CHECK-NEXT:    ascendc.local_tensor.print %lt : !ascendc.local_tensor<1024xf16>
// CHECK-NEXT:    ascendc.local_tensor.print %lt, %u : !ascendc.local_tensor<1024xf16>, ui32
// CHECK-NEXT:    ascendc.local_tensor.to_file %lt {fileName = "lt.bin"} : !ascendc.local_tensor<1024xf16>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "local"
// GENERIC:         %cast = "ascendc.reinterpret_cast"(%lt) : (!ascendc.local_tensor<1024xf16>) -> !ascendc.local_tensor<*xi16>
// GENERIC:         "ascendc.local_tensor.to_file"(%lt) <{fileName = "lt.bin"}> : (!ascendc.local_tensor<1024xf16>) -> ()
func.func @local(%lt: !ascendc.local_tensor<1024xf16>, %i: index, %u: ui32, %h: f16, %tag: i32, %si: !ascendc.shape_info) {
  %sub = ascendc.local_tensor.subindex %lt[%i] : !ascendc.local_tensor<1024xf16>, index, !ascendc.local_tensor<1024xf16>
  %sub2 = ascendc.local_tensor.subindex %lt[%u] : !ascendc.local_tensor<1024xf16>, ui32, !ascendc.local_tensor<*xf16>
  %v = ascendc.local_tensor.get_value %lt, %u : !ascendc.local_tensor<1024xf16>, ui32, f16
  ascendc.local_tensor.set_value %lt, %i, %h : !ascendc.local_tensor<1024xf16>, index, f16
  %e = ascendc.local_tensor.bracket %lt(%i) : !ascendc.local_tensor<1024xf16>, index, f16
  %cast = ascendc.reinterpret_cast %lt : !ascendc.local_tensor<1024xf16> to !ascendc.local_tensor<i16>
  ascendc.local_tensor.set_addr_with_offset %sub2, %lt, %u : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<1024xf16>, ui32
  %addr = ascendc.local_tensor.get_phy_addr %lt : !ascendc.local_tensor<1024xf16>, ui64
  %addr2 = ascendc.local_tensor.get_phy_addr %lt, %u : !ascendc.local_tensor<1024xf16>, ui64, ui32
  %len = ascendc.local_tensor.get_length %lt : !ascendc.local_tensor<1024xf16>, ui32
  %size = ascendc.local_tensor.get_size %lt : !ascendc.local_tensor<1024xf16>, i32
  %pos = ascendc.local_tensor.get_position %lt : !ascendc.local_tensor<1024xf16>, i32
  %t = ascendc.local_tensor.get_user_tag %lt : !ascendc.local_tensor<1024xf16>, i32
  ascendc.local_tensor.set_size %lt, %u : !ascendc.local_tensor<1024xf16>, ui32
  ascendc.local_tensor.set_buffer_len %lt, %u : !ascendc.local_tensor<1024xf16>, ui32
  ascendc.local_tensor.set_user_tag %lt, %tag: !ascendc.local_tensor<1024xf16>, i32
  %info = ascendc.local_tensor.get_shape_info %lt : !ascendc.local_tensor<1024xf16>, !ascendc.shape_info
  ascendc.local_tensor.set_shape_info %lt, %si : !ascendc.local_tensor<1024xf16>, !ascendc.shape_info
  ascendc.local_tensor.print %lt : !ascendc.local_tensor<1024xf16>
  ascendc.local_tensor.print %lt, %u : !ascendc.local_tensor<1024xf16>, ui32
  ascendc.local_tensor.to_file %lt {fileName = "lt.bin"} : !ascendc.local_tensor<1024xf16>
  return
}

// pyasc's ShapeInfo syntax names no type for the ShapeInfo and no `:` before the rest.
// CHECK-LABEL: func.func @shape_info(%si: !ascendc.shape_info, %d: i32, %u: ui32)
// CHECK-NEXT:    %s = ascendc.shape_info.shape %si, %d i32, i32
// CHECK-NEXT:    %o = ascendc.shape_info.original_shape %si, %u ui32, ui32
// CHECK-NEXT:    %n = ascendc.get_shape_size %si : !ascendc.shape_info -> i32
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "shape_info"
// GENERIC:         %s = "ascendc.shape_info.shape"(%si, %d) : (!ascendc.shape_info, i32) -> i32
func.func @shape_info(%si: !ascendc.shape_info, %d: i32, %u: ui32) {
  %s = ascendc.shape_info.shape %si, %d i32, i32
  %o = ascendc.shape_info.original_shape %si, %u ui32, ui32
  %n = ascendc.get_shape_size %si : !ascendc.shape_info -> i32
  return
}

// CHECK-LABEL: func.func @base_types(%bg: !ascendc.base_global_tensor<*xf32>, %bl: !ascendc.base_local_tensor<16xf16>)
func.func @base_types(%bg: !ascendc.base_global_tensor<f32>, %bl: !ascendc.base_local_tensor<16xf16>) {
  return
}
