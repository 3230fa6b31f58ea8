// Verifier errors of the compare and select ops (vec_cmpsel.py), located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @compare_dst_f32(%f: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: invalid_vec_cmpsel.mlir:[[# @LINE + 3]]:3
  // CHECK-NEXT: ascendc.compare_l2 %f, %f, %f, %n {cmpMode = 0}
  // CHECK: error: 'ascendc.compare_l2': Compare does not support U type f32 on Atlas A2/A3 (supported: i8, ui8)
  ascendc.compare_l2 %f, %f, %f, %n {cmpMode = 0} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @compare_i16(%d: !ascendc.local_tensor<*xui8>, %s: !ascendc.local_tensor<*xi16>, %n: i32) {
  // CHECK: error: 'ascendc.compare_l2': Compare does not support element type i16 on Atlas A2/A3 (supported: f16, f32, i32)
  ascendc.compare_l2 %d, %s, %s, %n {cmpMode = 2} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
  return
}

// -----

func.func @compare_i32_lt(%d: !ascendc.local_tensor<*xui8>, %w: !ascendc.local_tensor<*xi32>, %m: i32, %r: ui8, %p: !ascendc.binary_repeat_params) {
  // CHECK: error: 'ascendc.compare_l0': Compare of i32 supports only CMPMODE EQ, got LT
  ascendc.compare_l0 %d, %w, %w, %m, %r, %p {cmpMode = 0, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, ui8, !ascendc.binary_repeat_params
  return
}

// -----

func.func @compare_bad_mode(%d: !ascendc.local_tensor<*xui8>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: 'ascendc.compare_l2': 6 is not a valid CMPMODE (valid: 0 (LT), 1 (GT), 2 (EQ), 3 (LE), 4 (GE), 5 (NE))
  ascendc.compare_l2 %d, %h, %h, %n {cmpMode = 6} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

func.func @compare_no_mode(%d: !ascendc.local_tensor<*xui8>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: property 'cmpMode' expected in operation 'ascendc.compare_l2'
  ascendc.compare_l2 %d, %h, %h, %n : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

func.func @compare_mixed(%d: !ascendc.local_tensor<*xui8>, %h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.compare_l2': element types differ: src0 has f16, src1 has f32
  ascendc.compare_l2 %d, %h, %f, %n {cmpMode = 0} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @compare_params(%d: !ascendc.local_tensor<*xui8>, %h: !ascendc.local_tensor<*xf16>, %m: i32, %p: !ascendc.unary_repeat_params) {
  // CHECK: error: 'ascendc.compare_l0': repeat_params must be !ascendc.binary_repeat_params, got !ascendc.unary_repeat_params
  ascendc.compare_l0 %d, %h, %h, %m, %m, %p {cmpMode = 0} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, !ascendc.unary_repeat_params
  return
}

// -----

func.func @compare_r_i32(%w: !ascendc.local_tensor<*xi32>, %m: i32, %p: !ascendc.binary_repeat_params) {
  // CHECK: error: 'ascendc.compare_r_l0': Compare does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.compare_r_l0 %w, %w, %m, %p {cmpMode = 2} : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, !ascendc.binary_repeat_params
  return
}

// -----

// The scalar may have another number type (it is converted), but it must be a number.
func.func @compare_scalar_type(%d: !ascendc.local_tensor<*xui8>, %f: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.compare_scalar_l2': src1_scalar must be a scalar number, got !ascendc.local_tensor<*xf32>
  ascendc.compare_scalar_l2 %d, %f, %f, %n {cmpMode = 0} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @get_cmp_mask_i64(%a: !ascendc.local_tensor<*xi64>) {
  // CHECK: error: 'ascendc.get_cmp_mask': GetCmpMask does not support element type i64 on Atlas A2/A3 (supported: i8, ui8, i16, ui16, f16, bf16, i32, ui32, f32)
  ascendc.get_cmp_mask %a : !ascendc.local_tensor<*xi64>
  return
}

// -----

func.func @set_cmp_mask_global(%g: !ascendc.global_tensor<*xf16>) {
  // CHECK: error: 'ascendc.set_cmp_mask': src must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf16>
  ascendc.set_cmp_mask %g : !ascendc.global_tensor<*xf16>
  return
}

// -----

func.func @select_mask_f16(%h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: 'ascendc.select_l2': sel_mask must be a local tensor of ui8, ui16, ui32, ui64, got !ascendc.local_tensor<*xf16>
  ascendc.select_l2 %h, %h, %h, %h, %n {selMode = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

func.func @select_i32(%w: !ascendc.local_tensor<*xi32>, %c: !ascendc.local_tensor<*xui8>, %n: i32) {
  // CHECK: error: 'ascendc.select_l2': Select does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.select_l2 %w, %c, %w, %w, %n {selMode = 0 : i32} : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  return
}

// -----

func.func @select_tensors_mode1(%f: !ascendc.local_tensor<*xf32>, %c: !ascendc.local_tensor<*xui8>, %n: i32) {
  // CHECK: error: 'ascendc.select_l2': two source tensors need selMode VSEL_CMPMASK_SPR or VSEL_TENSOR_TENSOR_MODE, got VSEL_TENSOR_SCALAR_MODE
  ascendc.select_l2 %f, %c, %f, %f, %n {selMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @select_scalar_mode0(%f: !ascendc.local_tensor<*xf32>, %c: !ascendc.local_tensor<*xui8>, %s: f32, %m: ui64, %r: ui8, %p: !ascendc.binary_repeat_params) {
  // CHECK: error: 'ascendc.select_scalar_l1': a scalar src1 needs selMode VSEL_TENSOR_SCALAR_MODE, got VSEL_CMPMASK_SPR
  ascendc.select_scalar_l1 %f, %c, %f, %s, %m, %m, %r, %p {selMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, f32, ui64, ui64, ui8, !ascendc.binary_repeat_params
  return
}

// -----

func.func @select_scalar_type(%f: !ascendc.local_tensor<*xf32>, %c: !ascendc.local_tensor<*xui8>, %s: f16, %n: i32) {
  // CHECK: error: 'ascendc.select_scalar_l2': types differ: dst has f32, src1 has f16
  ascendc.select_scalar_l2 %f, %c, %f, %s, %n {selMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, f16, i32
  return
}

// -----

func.func @select_reg_mode1(%h: !ascendc.local_tensor<*xf16>, %r: ui8, %p: !ascendc.binary_repeat_params) {
  // CHECK: error: 'ascendc.select_reg': two source tensors need selMode VSEL_CMPMASK_SPR or VSEL_TENSOR_TENSOR_MODE, got VSEL_TENSOR_SCALAR_MODE
  ascendc.select_reg %h, %h, %h, %r, %p {selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui8, !ascendc.binary_repeat_params
  return
}

// -----

func.func @select_bad_mode(%h: !ascendc.local_tensor<*xf16>, %r: ui8, %p: !ascendc.binary_repeat_params) {
  // CHECK: error: 'ascendc.select_reg': 3 is not a valid SelMode (valid: 0 (VSEL_CMPMASK_SPR), 1 (VSEL_TENSOR_SCALAR_MODE), 2 (VSEL_TENSOR_TENSOR_MODE))
  ascendc.select_reg %h, %h, %h, %r, %p {selMode = 3 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui8, !ascendc.binary_repeat_params
  return
}

// -----

func.func @compare_scalar_dst_i8(%d: !ascendc.local_tensor<*xi8>, %h: !ascendc.local_tensor<*xf16>, %s: f16, %n: i32) {
  // CHECK: error: 'ascendc.compare_scalar_l2': CompareScalar does not support U type i8 on Atlas A2/A3 (supported: ui8)
  ascendc.compare_scalar_l2 %d, %h, %s, %n {cmpMode = 0} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, f16, i32
  return
}
