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

// -----

// Duplicate's count form: on 3510 the scalar has the tensor's element type (its
// overloads are ambiguous for a float into half); Atlas A2/A3 converts it.
// C310: error: 'ascendc.duplicate_l2': Duplicate on Ascend 950 takes scalar of T's element type f16, got f32
// A2: func.func @duplicate_f32_into_f16
func.func @duplicate_f32_into_f16(%h: !ascendc.local_tensor<*xf16>, %s: f32, %n: i32) {
  ascendc.duplicate_l2 %h, %s, %n : !ascendc.local_tensor<*xf16>, f32, i32
  return
}

// -----

// C310: func.func @duplicate_f16
// A2: func.func @duplicate_f16
func.func @duplicate_f16(%h: !ascendc.local_tensor<*xf16>, %s: f16, %n: i32) {
  ascendc.duplicate_l2 %h, %s, %n : !ascendc.local_tensor<*xf16>, f16, i32
  return
}

// -----

// DataCachePreload: the 3510 header takes the offset as int16_t or int64_t.
// C310: error: 'ascendc.data_cache_preload': DataCachePreload on Ascend 950 takes cache_offset as one of i16, i64, got i32
// A2: func.func @preload_i32
func.func @preload_i32(%g: !ascendc.global_tensor<*xui64>, %o: i32) {
  ascendc.data_cache_preload %g, %o : !ascendc.global_tensor<*xui64>, i32
  return
}

// -----

// C310: func.func @preload_i64
// A2: func.func @preload_i64
func.func @preload_i64(%g: !ascendc.global_tensor<*xui64>, %o: i64) {
  ascendc.data_cache_preload %g, %o : !ascendc.global_tensor<*xui64>, i64
  return
}

// -----

// Nz2NdParams holds three fields on 3510, five on Atlas A2/A3.
// C310: error: 'ascendc.construct': on Ascend 950 AscendC::Nz2NdParams is constructed from 0 or 3 fields, not 5
// A2: func.func @nz2nd_params
func.func @nz2nd_params(%i: i32) {
  %v = ascendc.construct !ascendc.nz2nd_params(%i, %i, %i, %i, %i) : i32, i32, i32, i32, i32
  return
}
