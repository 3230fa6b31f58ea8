// Verifier errors of the data movement ops (data_copy.py), located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @gm_to_gm(%g: !ascendc.global_tensor<f32>, %n: i32) {
  // CHECK: invalid_data_copy.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.data_copy_l2': cannot copy GM to GM (this form copies local <- GM, GM <- local, local <- local)
  ascendc.data_copy_l2 %g, %g, %n : !ascendc.global_tensor<f32>, !ascendc.global_tensor<f32>, i32
  return
}

// -----

func.func @element_mismatch(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f16>, %n: i32) {
  // CHECK: invalid_data_copy.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.data_copy_l2': element types differ: dst has f32, src has f16
  ascendc.data_copy_l2 %g, %l, %n : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f16>, i32
  return
}

// -----

func.func @count_float(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %n: f32) {
  // CHECK: error: 'ascendc.data_copy_l2': count must be an integer, got f32
  ascendc.data_copy_l2 %l, %g, %n : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, f32
  return
}

// -----

func.func @dst_memref(%m: memref<?xf32, 22>, %l: !ascendc.local_tensor<f32>, %n: i32) {
  // CHECK: error: 'ascendc.data_copy_l2': dst must be a local or global tensor, got memref<?xf32, 22 : i64>
  ascendc.data_copy_l2 %m, %l, %n : memref<?xf32, 22>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

func.func @src_scalar(%g: !ascendc.global_tensor<f32>, %n: i32) {
  // CHECK: error: 'ascendc.data_copy_l2': src must be a local or global tensor, got i32
  ascendc.data_copy_l2 %g, %n, %n : !ascendc.global_tensor<f32>, i32, i32
  return
}

// -----

// DataCopy<T, U> with DataCopyParams converts only between local tensors.
func.func @l0_element_mismatch_from_gm(%g: !ascendc.global_tensor<i32>, %l: !ascendc.local_tensor<ui32>, %p: !ascendc.data_copy_params) {
  // CHECK: error: 'ascendc.data_copy_l0': element types differ: dst has ui32, src has i32
  ascendc.data_copy_l0 %l, %g, %p : !ascendc.local_tensor<ui32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params
  return
}

// -----

func.func @l0_ext_params(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_ext_params) {
  // CHECK: error: 'ascendc.data_copy_l0': repeat_params must be !ascendc.data_copy_params, got !ascendc.data_copy_ext_params
  ascendc.data_copy_l0 %g, %l, %p : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_ext_params
  return
}

// -----

func.func @l0_operand_count(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>) {
  // CHECK: 'ascendc.data_copy_l0': expected {{.*}}3 operands, got 2
  ascendc.data_copy_l0 %g, %l : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>
  return
}

// -----

func.func @enhanced_conversion(%a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<i8>, %p: !ascendc.data_copy_params, %e: !ascendc.data_copy_enhanced_params) {
  // CHECK: error: 'ascendc.data_copy_enhanced': element types differ: dst has f16, src has i8 (a local copy converts only bf16 <- f32, f16 <- f32, f16 <- i32, f32 <- f16, i16 <- i32, i8 <- i32, ui8 <- i32)
  ascendc.data_copy_enhanced %a, %b, %p, %e : !ascendc.local_tensor<f16>, !ascendc.local_tensor<i8>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  return
}

// -----

func.func @enhanced_conversion_from_gm(%a: !ascendc.local_tensor<f16>, %b: !ascendc.global_tensor<f32>, %p: !ascendc.data_copy_params, %e: !ascendc.data_copy_enhanced_params) {
  // CHECK: error: 'ascendc.data_copy_enhanced': element types differ: dst has f16, src has f32 (a local copy converts only
  ascendc.data_copy_enhanced %a, %b, %p, %e : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  return
}

// -----

func.func @nd2nz_to_gm(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f16>, %p: !ascendc.nd2nz_params) {
  // CHECK: error: 'ascendc.data_copy_nd2nz': cannot copy local to GM (this form copies local <- GM, local <- local)
  ascendc.data_copy_nd2nz %g, %l, %p : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.nd2nz_params
  return
}

// -----

func.func @nz2nd_wrong_params(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f16>, %p: !ascendc.nz2nd_params) {
  // CHECK: error: 'ascendc.data_copy_nz2nd': intri_params must be !ascendc.nz2nd_params_full, got !ascendc.nz2nd_params
  ascendc.data_copy_nz2nd %g, %l, %p : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.nz2nd_params
  return
}

// -----

func.func @co12dst_from_gm(%l: !ascendc.local_tensor<f16>, %g: !ascendc.global_tensor<f32>, %p: !ascendc.data_copy_co12dst_params) {
  // CHECK: error: 'ascendc.data_copy_co12dst': cannot copy GM to local (this form copies local <- local, GM <- local)
  ascendc.data_copy_co12dst %l, %g, %p : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f32>, !ascendc.data_copy_co12dst_params
  return
}

// -----

func.func @pad_l0_local_to_local(%l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l0': cannot copy local to local (this form copies local <- GM)
  ascendc.data_copy_pad_l0 %l, %l, %p, %pp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  return
}

// -----

func.func @pad_l0_ext_pad_params(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_ext_params<f32>) {
  // CHECK: error: 'ascendc.data_copy_pad_l0': pad_params must be !ascendc.data_copy_pad_params, got !ascendc.data_copy_pad_ext_params<f32>
  "ascendc.data_copy_pad_l0"(%l, %g, %p, %pp) : (!ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_ext_params<f32>) -> ()
  return
}

// -----

func.func @pad_l2_gm_to_local(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l2': cannot copy GM to local (this form copies GM <- local)
  ascendc.data_copy_pad_l2 %l, %g, %p : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, !ascendc.data_copy_params
  return
}

// -----

func.func @pad_l0_ext_wrong_pad_type(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %e: !ascendc.data_copy_ext_params, %pe: !ascendc.data_copy_pad_ext_params<f16>) {
  // CHECK: invalid_data_copy.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.data_copy_pad_l0_ext': element types differ: dst has f32, pad_params has f16
  ascendc.data_copy_pad_l0_ext %l, %g, %e, %pe : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  return
}

// -----

func.func @pad_l2_ext_plain_params(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l2_ext': data_copy_params must be !ascendc.data_copy_ext_params, got !ascendc.data_copy_params
  "ascendc.data_copy_pad_l2_ext"(%g, %l, %p) : (!ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_params) -> ()
  return
}

// -----

func.func @pad_nd2nz_from_gm(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f16>, %e: !ascendc.data_copy_ext_params, %nd: !ascendc.nd2nz_params) {
  // CHECK: error: 'ascendc.data_copy_pad_nd2nz_ext': cannot copy GM to local (this form copies local <- local)
  ascendc.data_copy_pad_nd2nz_ext %l, %g, %e, %nd : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.nd2nz_params
  return
}

// -----

func.func @slice_counts(%g: !ascendc.global_tensor<i32>, %l: !ascendc.local_tensor<i32>, %s: !ascendc.slice_info) {
  // CHECK: error: 'ascendc.data_copy_slice': 2 dst slice infos but 1 src slice infos (one per dimension each)
  ascendc.data_copy_slice %l, %g, %s, %s, %s {operandSegmentSizes = array<i32: 1, 1, 2, 1, 0>} : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info
  return
}

// -----

func.func @slice_empty(%g: !ascendc.global_tensor<i32>, %l: !ascendc.local_tensor<i32>) {
  // CHECK: error: 'ascendc.data_copy_slice': dst slice info needs at least one dimension
  ascendc.data_copy_slice %l, %g {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>
  return
}

// -----

func.func @slice_local_to_local(%l: !ascendc.local_tensor<i32>, %s: !ascendc.slice_info) {
  // CHECK: error: 'ascendc.data_copy_slice': cannot copy local to local (this form copies local <- GM, GM <- local)
  ascendc.data_copy_slice %l, %l, %s, %s {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>} : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.slice_info, !ascendc.slice_info
  return
}

// -----

func.func @slice_segments(%g: !ascendc.global_tensor<i32>, %l: !ascendc.local_tensor<i32>, %s: !ascendc.slice_info) {
  // CHECK: 'ascendc.data_copy_slice': operandSegmentSizes is required (more than one optional/variadic operand)
  ascendc.data_copy_slice %l, %g, %s, %s : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.slice_info, !ascendc.slice_info
  return
}

// -----

func.func @slice_subindex_float(%s: !ascendc.slice_info, %f: f32) {
  // CHECK: error: 'ascendc.slice_info.subindex': index must be an integer, got f32
  %0 = ascendc.slice_info.subindex %s[%f] : !ascendc.slice_info, f32, !ascendc.slice_info
  return
}

// -----

func.func @copy_gm(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f16>, %m: ui64, %r: ui8, %p: !ascendc.copy_repeat_params) {
  %t = arith.constant true
  // CHECK: error: 'ascendc.copy_l1': dst must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf16>
  ascendc.copy_l1 %g, %l, %m, %r, %p, %t : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.copy_repeat_params, i1
  return
}

// -----

func.func @copy_dtype(%l: !ascendc.local_tensor<i8>, %m: ui64, %r: ui8, %p: !ascendc.copy_repeat_params) {
  %t = arith.constant true
  // CHECK: error: 'ascendc.copy_l0': Copy does not support element type i8 on Atlas A2/A3 (supported: i16, ui16, f16, bf16, i32, ui32, f32)
  ascendc.copy_l0 %l, %l, %m, %m, %r, %p, %t : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, ui64, ui64, ui8, !ascendc.copy_repeat_params, i1
  return
}

// -----

func.func @copy_mask_float(%l: !ascendc.local_tensor<f16>, %m: f32, %r: ui8, %p: !ascendc.copy_repeat_params) {
  %t = arith.constant true
  // CHECK: error: 'ascendc.copy_l1': mask must be an integer, got f32
  ascendc.copy_l1 %l, %l, %m, %r, %p, %t : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f32, ui8, !ascendc.copy_repeat_params, i1
  return
}

// -----

// isSetMask is a template argument of Copy: a compile-time constant.
func.func @copy_runtime_flag(%l: !ascendc.local_tensor<f16>, %m: ui64, %r: ui8, %p: !ascendc.copy_repeat_params, %t: i1) {
  // CHECK: error: 'ascendc.copy_l1': is_set_mask must be a constant (it is a C++ template argument), got a block argument
  ascendc.copy_l1 %l, %l, %m, %r, %p, %t : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.copy_repeat_params, i1
  return
}

// -----

func.func @set_pad_value_tensor(%l: !ascendc.local_tensor<f16>) {
  // CHECK: error: 'ascendc.set_pad_value': padding_value must be a scalar, got !ascendc.local_tensor<*xf16>
  ascendc.set_pad_value %l {pos = 9 : i32} : !ascendc.local_tensor<f16>
  return
}

// -----

func.func @set_pad_value_position(%v: i32) {
  // CHECK: error: 'ascendc.set_pad_value': 13 is not a valid TPosition (valid: 0 (gm), 1 (a1)
  ascendc.set_pad_value %v {pos = 13 : i32} : i32
  return
}

// -----

func.func @set_pad_value_a1(%v: i32) {
  // CHECK: error: 'ascendc.set_pad_value': DataCopyPad pads only into VECIN or VECOUT (pos vecin, vecout or max), not a1
  ascendc.set_pad_value %v {pos = 1 : i32} : i32
  return
}

// -----

func.func @pad_ext_params_result() {
  // CHECK: error: 'ascendc.data_copy_pad_ext_params': result params must be !ascendc.data_copy_pad_ext_params, got !ascendc.data_copy_params
  %0 = ascendc.data_copy_pad_ext_params : !ascendc.data_copy_params
  return
}
