// Verifier errors of DataCopy / DataCopyPad (data_copy.py), located at the failing op.
// RUN: asc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

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
  // CHECK: error: 'ascendc.data_copy_l2': dst must be a global or local tensor, got memref<?xf32, 22 : i64>
  ascendc.data_copy_l2 %m, %l, %n : memref<?xf32, 22>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

func.func @src_scalar(%g: !ascendc.global_tensor<f32>, %n: i32) {
  // CHECK: error: 'ascendc.data_copy_l2': src must be a global or local tensor, got i32
  ascendc.data_copy_l2 %g, %n, %n : !ascendc.global_tensor<f32>, i32, i32
  return
}

// -----

func.func @l0_gm_to_gm(%g: !ascendc.global_tensor<i32>, %p: !ascendc.data_copy_params) {
  // CHECK: error: 'ascendc.data_copy_l0': cannot copy GM to GM (this form copies local <- GM, GM <- local, local <- local)
  ascendc.data_copy_l0 %g, %g, %p : !ascendc.global_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params
  return
}

// -----

func.func @l0_element_mismatch(%g: !ascendc.global_tensor<i32>, %l: !ascendc.local_tensor<ui32>, %p: !ascendc.data_copy_params) {
  // CHECK: error: 'ascendc.data_copy_l0': element types differ: dst has ui32, src has i32
  ascendc.data_copy_l0 %l, %g, %p : !ascendc.local_tensor<ui32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params
  return
}

// -----

func.func @l0_ext_params(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_ext_params) {
  // CHECK: Expected attribute !ascendc.data_copy_params but got !ascendc.data_copy_ext_params
  ascendc.data_copy_l0 %g, %l, %p : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_ext_params
  return
}

// -----

func.func @l0_count_instead_of_params(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %n: i32) {
  // CHECK: error: operand 'repeat_params' at position 2 does not verify:
  // CHECK-NEXT: Expected attribute !ascendc.data_copy_params but got i32
  "ascendc.data_copy_l0"(%g, %l, %n) : (!ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32) -> ()
  return
}

// -----

func.func @pad_l0_local_to_local(%l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l0': cannot copy local to local (this form copies local <- GM)
  ascendc.data_copy_pad_l0 %l, %l, %p, %pp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  return
}

// -----

func.func @pad_l0_local_to_gm(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l0': cannot copy local to GM (this form copies local <- GM)
  ascendc.data_copy_pad_l0 %g, %l, %p, %pp : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  return
}

// -----

func.func @pad_l0_element_mismatch(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f16>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l0': element types differ: dst has f16, src has f32
  ascendc.data_copy_pad_l0 %l, %g, %p, %pp : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  return
}

// -----

func.func @pad_l0_ext_pad_params(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_ext_params<f32>) {
  // CHECK: error: operand 'pad_params' at position 3 does not verify:
  // CHECK-NEXT: Expected attribute !ascendc.data_copy_pad_params but got !ascendc.data_copy_pad_ext_params<f32>
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

func.func @pad_l2_element_mismatch(%g: !ascendc.global_tensor<i8>, %l: !ascendc.local_tensor<ui8>, %p: !ascendc.data_copy_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l2': element types differ: dst has i8, src has ui8
  ascendc.data_copy_pad_l2 %g, %l, %p : !ascendc.global_tensor<i8>, !ascendc.local_tensor<ui8>, !ascendc.data_copy_params
  return
}

// -----

func.func @pad_l2_src_scalar(%g: !ascendc.global_tensor<f32>, %f: f32, %p: !ascendc.data_copy_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l2': src must be a global or local tensor, got f32
  ascendc.data_copy_pad_l2 %g, %f, %p : !ascendc.global_tensor<f32>, f32, !ascendc.data_copy_params
  return
}

// -----

func.func @pad_l0_ext_wrong_pad_type(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %e: !ascendc.data_copy_ext_params, %pe: !ascendc.data_copy_pad_ext_params<f16>) {
  // CHECK: invalid_data_copy.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.data_copy_pad_l0_ext': pad parameters are for f16 but the tensors hold f32
  ascendc.data_copy_pad_l0_ext %l, %g, %e, %pe : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  return
}

// -----

func.func @pad_l0_ext_local_to_gm(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %e: !ascendc.data_copy_ext_params, %pe: !ascendc.data_copy_pad_ext_params<f32>) {
  // CHECK: error: 'ascendc.data_copy_pad_l0_ext': cannot copy local to GM (this form copies local <- GM)
  ascendc.data_copy_pad_l0_ext %g, %l, %e, %pe : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
  return
}

// -----

func.func @pad_l0_ext_element_mismatch(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f32>, %e: !ascendc.data_copy_ext_params, %pe: !ascendc.data_copy_pad_ext_params<f32>) {
  // CHECK: error: 'ascendc.data_copy_pad_l0_ext': element types differ: dst has f32, src has f16
  ascendc.data_copy_pad_l0_ext %l, %g, %e, %pe : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
  return
}

// -----

func.func @pad_l0_ext_plain_params(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params, %pe: !ascendc.data_copy_pad_ext_params<f32>) {
  // CHECK: error: operand 'data_copy_params' at position 2 does not verify:
  // CHECK-NEXT: Expected attribute !ascendc.data_copy_ext_params but got !ascendc.data_copy_params
  "ascendc.data_copy_pad_l0_ext"(%l, %g, %p, %pe) : (!ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_ext_params<f32>) -> ()
  return
}

// -----

func.func @pad_l2_ext_local_to_local(%l: !ascendc.local_tensor<f32>, %e: !ascendc.data_copy_ext_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l2_ext': cannot copy local to local (this form copies GM <- local)
  ascendc.data_copy_pad_l2_ext %l, %l, %e : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_ext_params
  return
}

// -----

func.func @pad_l2_ext_element_mismatch(%g: !ascendc.global_tensor<bf16>, %l: !ascendc.local_tensor<f16>, %e: !ascendc.data_copy_ext_params) {
  // CHECK: error: 'ascendc.data_copy_pad_l2_ext': element types differ: dst has bf16, src has f16
  ascendc.data_copy_pad_l2_ext %g, %l, %e : !ascendc.global_tensor<bf16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_ext_params
  return
}

// -----

func.func @pad_l2_ext_plain_params(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>, %p: !ascendc.data_copy_params) {
  // CHECK: error: operand 'data_copy_params' at position 2 does not verify:
  // CHECK-NEXT: Expected attribute !ascendc.data_copy_ext_params but got !ascendc.data_copy_params
  "ascendc.data_copy_pad_l2_ext"(%g, %l, %p) : (!ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.data_copy_params) -> ()
  return
}
