// Verifier errors of the vector compute ops, located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @binary_dst_global(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: invalid_vector.mlir:[[# @LINE + 3]]:3
  // CHECK-NEXT: ascendc.add_l2 %g, %a, %a, %n
  // CHECK: error: 'ascendc.add_l2': dst must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  ascendc.add_l2 %g, %a, %a, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @binary_src1_scalar(%a: !ascendc.local_tensor<*xf32>, %s: f32, %n: i32) {
  // CHECK: error: 'ascendc.mul_l2': src1 must be a !ascendc.local_tensor, got f32
  ascendc.mul_l2 %a, %a, %s, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  return
}

// -----

func.func @binary_mixed_types(%a: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: invalid_vector.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.sub_l2': element types differ: dst has f32, src1 has f16
  ascendc.sub_l2 %a, %a, %h, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

func.func @div_int(%a: !ascendc.local_tensor<*xi32>, %n: i32) {
  // CHECK: error: 'ascendc.div_l2': Div does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.div_l2 %a, %a, %a, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  return
}

// -----

func.func @and_float(%a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.and_l2': And does not support element type f32 on Atlas A2/A3 (supported: i16, ui16)
  ascendc.and_l2 %a, %a, %a, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @add_uint16(%a: !ascendc.local_tensor<*xui16>, %n: i32) {
  // CHECK: error: 'ascendc.add_l2': Add does not support element type ui16 on Atlas A2/A3 (supported: i16, f16, i32, f32)
  ascendc.add_l2 %a, %a, %a, %n : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
  return
}

// -----

func.func @binary_count_float(%a: !ascendc.local_tensor<*xf32>, %n: f32) {
  // CHECK: error: 'ascendc.max_l2': count must be an integer, got f32
  ascendc.max_l2 %a, %a, %a, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32
  return
}

// -----

func.func @unary_src_global(%a: !ascendc.local_tensor<*xf32>, %g: !ascendc.global_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.exp_l2': src must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  ascendc.exp_l2 %a, %g, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  return
}

// -----

func.func @unary_mixed_types(%a: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: 'ascendc.sqrt_l2': element types differ: dst has f16, src has f32
  ascendc.sqrt_l2 %h, %a, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @exp_int(%a: !ascendc.local_tensor<*xi32>, %n: i32) {
  // CHECK: error: 'ascendc.exp_l2': Exp does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.exp_l2 %a, %a, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  return
}

// -----

func.func @relu_int16(%a: !ascendc.local_tensor<*xi16>, %n: i32) {
  // CHECK: error: 'ascendc.relu_l2': Relu does not support element type i16 on Atlas A2/A3 (supported: f16, i32, f32)
  ascendc.relu_l2 %a, %a, %n : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
  return
}

// -----

func.func @not_half(%a: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: 'ascendc.not_l2': Not does not support element type f16 on Atlas A2/A3 (supported: i16, ui16)
  ascendc.not_l2 %a, %a, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

func.func @unary_count_tensor(%a: !ascendc.local_tensor<*xf32>) {
  // CHECK: error: 'ascendc.abs_l2': count must be an integer, got !ascendc.local_tensor<*xf32>
  ascendc.abs_l2 %a, %a, %a : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @scalar_dst_global(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<*xf32>, %s: f32, %n: i32) {
  // CHECK: error: 'ascendc.adds_l2': dst must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  ascendc.adds_l2 %g, %a, %s, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  return
}

// -----

func.func @scalar_mixed_types(%a: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: f32, %n: i32) {
  // CHECK: error: 'ascendc.muls_l2': element types differ: dst has f32, src has f16
  ascendc.muls_l2 %a, %h, %s, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f32, i32
  return
}

// -----

func.func @maxs_uint16(%a: !ascendc.local_tensor<*xui16>, %s: ui16, %n: i32) {
  // CHECK: error: 'ascendc.maxs_l2': Maxs does not support element type ui16 on Atlas A2/A3 (supported: i16, f16, i32, f32)
  ascendc.maxs_l2 %a, %a, %s, %n : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, ui16, i32
  return
}

// -----

func.func @scalar_is_tensor(%a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.mins_l2': scalar must be a scalar number, got !ascendc.local_tensor<*xf32>
  ascendc.mins_l2 %a, %a, %a, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @scalar_count_float(%a: !ascendc.local_tensor<*xf32>, %s: f32) {
  // CHECK: error: 'ascendc.adds_l2': count must be an integer, got f32
  ascendc.adds_l2 %a, %a, %s, %s {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, f32
  return
}
