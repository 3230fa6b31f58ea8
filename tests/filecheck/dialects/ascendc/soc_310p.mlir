// Atlas inference (310P) dtype tables: deltas on Atlas A2/A3's (family_dtypes.py), from
// the Ascend C API reference's per-product data types and support.
// RUN: asc-opt %s --split-input-file --soc Ascend310P --verify-diagnostics | filecheck %s --check-prefix=P310
// RUN: asc-opt %s --split-input-file --soc Ascend910B1 --verify-diagnostics | filecheck %s --check-prefix=A2

// Neg(ISASI) does not exist on the inference series.
// P310: error: 'ascendc.neg_l2': Neg is not supported on Atlas inference (Ascend C API reference: 基础算术/Neg(ISASI))
// A2: func.func @neg_f16
func.func @neg_f16(%a: !ascendc.local_tensor<1024xf16>, %n: i32) {
  ascendc.neg_l2 %a, %a, %n : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, i32
  return
}

// -----

// Compare on int32_t (EQ) is Atlas A2/A3 only; 310P takes half and float.
// P310: error: 'ascendc.compare_l2': Compare does not support element type i32 on Atlas inference (supported: f16, f32)
// A2: func.func @compare_i32
func.func @compare_i32(%d: !ascendc.local_tensor<*xui8>, %w: !ascendc.local_tensor<*xi32>, %n: i32) {
  ascendc.compare_l2 %d, %w, %w, %n {cmpMode = 2} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  return
}

// -----

// Brcb: no bfloat16_t on 310P.
// P310: error: 'ascendc.brcb_l0': Brcb does not support element type bf16 on Atlas inference
// A2: func.func @brcb_bf16
func.func @brcb_bf16(%a: !ascendc.local_tensor<1024xbf16>, %r: i32, %p: !ascendc.brcb_repeat_params) {
  ascendc.brcb_l0 %a, %a, %r, %p : !ascendc.local_tensor<1024xbf16>, !ascendc.local_tensor<1024xbf16>, i32, !ascendc.brcb_repeat_params
  return
}

// -----

// Not on f32 is refused by both tables (the same on 310P).
// P310: error: 'ascendc.not_l2': Not does not support element type f32 on Atlas inference (supported: i16, ui16)
// A2: error: 'ascendc.not_l2': Not does not support element type f32 on Atlas A2/A3 (supported: i16, ui16)
func.func @not_f32(%a: !ascendc.local_tensor<1024xf32>, %n: i32) {
  ascendc.not_l2 %a, %a, %n : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}

// -----

// Cast f32 -> f32 (rounding to an integral value) is an Atlas A2/A3 conversion only.
// A2: error: 'ascendc.cast_l2': Cast from f32 to f32 does not support CAST_NONE
// P310: error: 'ascendc.cast_l2': Cast from f32 to f32 is not supported on Atlas inference
func.func @cast_f32_f32(%d: !ascendc.local_tensor<1024xf32>, %s: !ascendc.local_tensor<1024xf32>, %n: i32) {
  ascendc.cast_l2 %d, %s, %n {roundMode = 0 : i32} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}

// -----

// A2/A3-only rejection: Mmad's table is Atlas A2/A3's; on 310P it is not established
// (docs/dialect.md), so bisheng judges it.
// A2: error: 'ascendc.mmad': Mmad does not compute i32 <- i32 x i32 on Atlas A2/A3
// P310: func.func @mmad_i32
func.func @mmad_i32(%c: !ascendc.local_tensor<i32>, %p: !ascendc.mmad_params) {
  ascendc.mmad %c, %c, %c, %p : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.mmad_params
  return
}

// -----

// One form of an API: L0C leaves by DataCopy to UB only (DataCopyEnhancedParams) on 310P.
// P310: error: 'ascendc.data_copy_co12dst': DataCopy is not supported on Atlas inference (Ascend C API reference: 矩阵计算的搬出/L0C到GM数据搬运（DataCopy）)
// A2: func.func @co1_to_gm
func.func @co1_to_gm(%g: !ascendc.global_tensor<*xf32>, %c: !ascendc.local_tensor<*xf32>, %p: !ascendc.data_copy_co12dst_params) {
  ascendc.data_copy_co12dst %g, %c, %p : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_co12dst_params
  return
}

// -----

// Cast's conversion table per family: f16 -> i16 rounds only with CAST_RINT on 310P ...
// P310: error: 'ascendc.cast_l2': Cast from f16 to i16 does not support CAST_FLOOR (supported: CAST_RINT)
// A2: func.func @cast_f16_i16_floor
func.func @cast_f16_i16_floor(%d: !ascendc.local_tensor<1024xi16>, %s: !ascendc.local_tensor<1024xf16>, %n: i32) {
  ascendc.cast_l2 %d, %s, %n {roundMode = 2 : i32} : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xf16>, i32
  return
}

// -----

// ... and bf16 -> f32 is not there at all.
// P310: error: 'ascendc.cast_l2': Cast from bf16 to f32 is not supported on Atlas inference
// A2: func.func @cast_bf16_f32
func.func @cast_bf16_f32(%d: !ascendc.local_tensor<1024xf32>, %s: !ascendc.local_tensor<1024xbf16>, %n: i32) {
  ascendc.cast_l2 %d, %s, %n {roundMode = 0 : i32} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xbf16>, i32
  return
}
