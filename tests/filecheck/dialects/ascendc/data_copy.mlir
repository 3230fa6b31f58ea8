// Round trip of the data movement ops (data_copy.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @data_copy(%gt: !ascendc.global_tensor<*xi32>, %lt: !ascendc.local_tensor<*xi32>, %lt2: !ascendc.local_tensor<1024xi32>, %n: i32, %u: ui32, %p: !ascendc.data_copy_params)
// CHECK-NEXT:    ascendc.data_copy_l2 %lt, %gt, %n : !ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, i32
// CHECK-NEXT:    ascendc.data_copy_l2 %gt, %lt, %u : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, ui32
// CHECK-NEXT:    ascendc.data_copy_l2 %lt2, %lt, %n : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<*xi32>, i32
// CHECK-NEXT:    ascendc.data_copy_l0 %gt, %lt, %p : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params
// CHECK-NEXT:    ascendc.data_copy_l0 %lt, %gt, %p : !ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, !ascendc.data_copy_params
// CHECK-NEXT:    ascendc.data_copy_l0 %lt2, %lt, %p : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "data_copy"
// GENERIC:         "ascendc.data_copy_l2"(%lt, %gt, %n) : (!ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, i32) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l2"(%gt, %lt, %u) : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, ui32) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l2"(%lt2, %lt, %n) : (!ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<*xi32>, i32) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l0"(%gt, %lt, %p) : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l0"(%lt, %gt, %p) : (!ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, !ascendc.data_copy_params) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l0"(%lt2, %lt, %p) : (!ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params) -> ()
func.func @data_copy(%gt: !ascendc.global_tensor<i32>, %lt: !ascendc.local_tensor<i32>, %lt2: !ascendc.local_tensor<1024xi32>, %n: i32, %u: ui32, %p: !ascendc.data_copy_params) {
  ascendc.data_copy_l2 %lt, %gt, %n : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, i32
  ascendc.data_copy_l2 %gt, %lt, %u : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, ui32
  ascendc.data_copy_l2 %lt2, %lt, %n : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<i32>, i32
  ascendc.data_copy_l0 %gt, %lt, %p : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l0 %lt, %gt, %p : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l0 %lt2, %lt, %p : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  return
}

// The other DataCopy forms; a local copy with DataCopyParams may reinterpret (i32 -> f32).
// CHECK-LABEL: func.func @data_copy_forms(
// CHECK-NEXT:    ascendc.data_copy_enhanced %gt, %lt, %p, %e : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
// CHECK-NEXT:    ascendc.data_copy_enhanced %lh, %lf, %p, %e : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
// CHECK-NEXT:    ascendc.data_copy_nd2nz %lt, %gt, %nd {enableSmall} : !ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, !ascendc.nd2nz_params
// CHECK-NEXT:    ascendc.data_copy_nz2nd %gt, %lt, %nz : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.nz2nd_params_full
// CHECK-NEXT:    ascendc.data_copy_co12dst %lh, %lf, %co : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_co12dst_params
// CHECK-NEXT:    ascendc.data_copy_l0 %lf, %lt, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "data_copy_forms"
// GENERIC:         "ascendc.data_copy_enhanced"(%gt, %lt, %p, %e) : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params) -> ()
// GENERIC:         "ascendc.data_copy_nd2nz"(%lt, %gt, %nd) {enableSmall} : (!ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, !ascendc.nd2nz_params) -> ()
func.func @data_copy_forms(%gt: !ascendc.global_tensor<i32>, %lt: !ascendc.local_tensor<i32>, %lf: !ascendc.local_tensor<f32>, %lh: !ascendc.local_tensor<f16>, %p: !ascendc.data_copy_params, %e: !ascendc.data_copy_enhanced_params, %nd: !ascendc.nd2nz_params, %nz: !ascendc.nz2nd_params_full, %co: !ascendc.data_copy_co12dst_params) {
  ascendc.data_copy_enhanced %gt, %lt, %p, %e : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  ascendc.data_copy_enhanced %lh, %lf, %p, %e : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  ascendc.data_copy_nd2nz %lt, %gt, %nd {enableSmall} : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.nd2nz_params
  ascendc.data_copy_nz2nd %gt, %lt, %nz : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.nz2nd_params_full
  ascendc.data_copy_co12dst %lh, %lf, %co : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.data_copy_co12dst_params
  ascendc.data_copy_l0 %lf, %lt, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  return
}

// CHECK-LABEL: func.func @data_copy_slice(
// CHECK-NEXT:    ascendc.data_copy_slice %lt, %gt, %s0, %s1, %s1, %s0, %d {operandSegmentSizes = array<i32: 1, 1, 2, 2, 1>} : !ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info, ui32
// CHECK-NEXT:    ascendc.data_copy_slice %gt, %lt, %s0, %s1 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.slice_info, !ascendc.slice_info
// CHECK-NEXT:    %v = ascendc.slice_info.subindex %s0[%i] : !ascendc.slice_info, i32, !ascendc.slice_info
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "data_copy_slice"
// GENERIC:         "ascendc.data_copy_slice"(%lt, %gt, %s0, %s1, %s1, %s0, %d) <{operandSegmentSizes = array<i32: 1, 1, 2, 2, 1>}>
// GENERIC:         %v = "ascendc.slice_info.subindex"(%s0, %i) : (!ascendc.slice_info, i32) -> !ascendc.slice_info
func.func @data_copy_slice(%gt: !ascendc.global_tensor<i32>, %lt: !ascendc.local_tensor<i32>, %s0: !ascendc.slice_info, %s1: !ascendc.slice_info, %d: ui32, %i: i32) {
  ascendc.data_copy_slice %lt, %gt, %s0, %s1, %s1, %s0, %d {operandSegmentSizes = array<i32: 1, 1, 2, 2, 1>} : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info, ui32
  ascendc.data_copy_slice %gt, %lt, %s0, %s1 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>} : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.slice_info, !ascendc.slice_info
  %v = ascendc.slice_info.subindex %s0[%i] : !ascendc.slice_info, i32, !ascendc.slice_info
  return
}

// CHECK-LABEL: func.func @data_copy_pad(%gt: !ascendc.global_tensor<*xf16>, %lt: !ascendc.local_tensor<*xf16>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_params, %e: !ascendc.data_copy_ext_params, %pe: !ascendc.data_copy_pad_ext_params<f16>, %nd: !ascendc.nd2nz_params)
// CHECK-NEXT:    ascendc.data_copy_pad_l0 %lt, %gt, %p, %pp : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
// CHECK-NEXT:    ascendc.data_copy_pad_l2 %gt, %lt, %p : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params
// CHECK-NEXT:    ascendc.data_copy_pad_l0_ext %lt, %gt, %e, %pe : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
// CHECK-NEXT:    ascendc.data_copy_pad_l2_ext %gt, %lt, %e : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_ext_params
// CHECK-NEXT:    ascendc.data_copy_pad_nd2nz %lt, %lt, %p, %nd : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.nd2nz_params
// CHECK-NEXT:    ascendc.data_copy_pad_nd2nz_ext %lt, %lt, %e, %nd : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_ext_params, !ascendc.nd2nz_params
// CHECK-NEXT:    %default = ascendc.data_copy_pad_ext_params : !ascendc.data_copy_pad_ext_params<f16>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "data_copy_pad"
// GENERIC:         "ascendc.data_copy_pad_l0"(%lt, %gt, %p, %pp) : (!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params) -> ()
// GENERIC:         %default = "ascendc.data_copy_pad_ext_params"() : () -> !ascendc.data_copy_pad_ext_params<f16>
func.func @data_copy_pad(%gt: !ascendc.global_tensor<*xf16>, %lt: !ascendc.local_tensor<*xf16>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_params, %e: !ascendc.data_copy_ext_params, %pe: !ascendc.data_copy_pad_ext_params<f16>, %nd: !ascendc.nd2nz_params) {
  ascendc.data_copy_pad_l0 %lt, %gt, %p, %pp : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  ascendc.data_copy_pad_l2 %gt, %lt, %p : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params
  ascendc.data_copy_pad_l0_ext %lt, %gt, %e, %pe : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  ascendc.data_copy_pad_l2_ext %gt, %lt, %e : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_ext_params
  ascendc.data_copy_pad_nd2nz %lt, %lt, %p, %nd : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.nd2nz_params
  ascendc.data_copy_pad_nd2nz_ext %lt, %lt, %e, %nd : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_ext_params, !ascendc.nd2nz_params
  %default = ascendc.data_copy_pad_ext_params : !ascendc.data_copy_pad_ext_params<f16>
  return
}

// Copy (pyasc's l0 takes the bit-mask words, l1 the element count); isSetMask is a constant.
// CHECK-LABEL: func.func @copy(
// CHECK-NEXT:    %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT:    ascendc.copy_l1 %dst, %src, %mask, %rep, %p, %c1_i8 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui8, !ascendc.copy_repeat_params, i8
// CHECK-NEXT:    ascendc.copy_l0 %dst, %src, %mask, %mask, %rep, %p, %c1_i8 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.copy_repeat_params, i8
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "copy"
// GENERIC:         "ascendc.copy_l0"(%dst, %src, %mask, %mask, %rep, %p, %c1_i8) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.copy_repeat_params, i8) -> ()
func.func @copy(%dst: !ascendc.local_tensor<*xf16>, %src: !ascendc.local_tensor<*xf16>, %mask: ui64, %rep: ui8, %p: !ascendc.copy_repeat_params) {
  %c1_i8 = arith.constant 1 : i8
  ascendc.copy_l1 %dst, %src, %mask, %rep, %p, %c1_i8 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui8, !ascendc.copy_repeat_params, i8
  ascendc.copy_l0 %dst, %src, %mask, %mask, %rep, %p, %c1_i8 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.copy_repeat_params, i8
  return
}

// CHECK-LABEL: func.func @set_pad_value(%v: f16, %n: i32)
// CHECK-NEXT:    ascendc.set_pad_value %v {pos = 12 : i32} : f16
// CHECK-NEXT:    ascendc.set_pad_value %n {pos = 9 : i32} : i32
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "set_pad_value"
// GENERIC:         "ascendc.set_pad_value"(%v) <{pos = 12 : i32}> : (f16) -> ()
func.func @set_pad_value(%v: f16, %n: i32) {
  ascendc.set_pad_value %v {pos = 12 : i32} : f16
  "ascendc.set_pad_value"(%n) {pos = 9 : i32} : (i32) -> ()
  return
}
