// Ascend 950 (arch 3510) dtype rules: the ops whose dtypes the 3510 headers narrow
// (family_3510.py, docs/ascend950.md); each is refused at its own line for a 950 part and
// accepted for Atlas A2/A3.
// RUN: asc-opt %s --split-input-file --soc Ascend950PR_9599 --verify-diagnostics | filecheck %s --check-prefix=C310
// RUN: asc-opt %s --split-input-file --soc Ascend910B1 --verify-diagnostics | filecheck %s --check-prefix=A2
// RUN: not asc-opt %s --split-input-file --soc Ascend950DT_9581 2>&1 | filecheck %s --check-prefix=LOC

// FusedExpSub writes float only on 3510 (probed; the header asserts dst float).
// C310: error: 'ascendc.fused_exp_sub_l2': FusedExpSub does not support element type f16 on Ascend 950 (supported: f32)
// A2: func.func @fused_exp_sub_f16
// LOC: soc_3510.mlir:[[# @LINE + 4]]:3
// LOC-NEXT: ascendc.fused_exp_sub_l2 %d, %d, %d, %n
// LOC: error: 'ascendc.fused_exp_sub_l2': FusedExpSub does not support element type f16 on Ascend 950
func.func @fused_exp_sub_f16(%d: !ascendc.local_tensor<*xf16>, %n: i32) {
  ascendc.fused_exp_sub_l2 %d, %d, %d, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

// ... and f32 stays.
// C310: func.func @fused_exp_sub_f32
// A2: func.func @fused_exp_sub_f32
func.func @fused_exp_sub_f32(%d: !ascendc.local_tensor<*xf32>, %n: i32) {
  ascendc.fused_exp_sub_l2 %d, %d, %d, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

// MulCast has no Atlas A2/A3 dtype table; on 3510 its header states the pairs: half
// sources, an int8_t/uint8_t destination (the count form adds int64_t sources).
// C310: error: 'ascendc.mul_cast_l2': MulCast does not support element type f32 on Ascend 950 (supported: f16, i64)
// A2: func.func @mul_cast_f32
func.func @mul_cast_f32(%d: !ascendc.local_tensor<*xf32>, %n: i32) {
  ascendc.mul_cast_l2 %d, %d, %d, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

// C310: func.func @mul_cast_f16_to_i8
// A2: func.func @mul_cast_f16_to_i8
func.func @mul_cast_f16_to_i8(%d: !ascendc.local_tensor<*xi8>, %s: !ascendc.local_tensor<*xf16>, %n: i32) {
  ascendc.mul_cast_l2 %d, %s, %s, %n : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

// LoadImageToLocal: uint8_t, int8_t or half.
// C310: error: 'ascendc.load_image_to_local': LoadImageToLocal does not support element type f32 on Ascend 950 (supported: ui8, i8, f16)
// A2: func.func @load_image_f32
func.func @load_image_f32(%d: !ascendc.local_tensor<*xf32>, %p: !ascendc.load_image_to_local_params) {
  ascendc.load_image_to_local %d, %p : !ascendc.local_tensor<*xf32>, !ascendc.load_image_to_local_params
  return
}
