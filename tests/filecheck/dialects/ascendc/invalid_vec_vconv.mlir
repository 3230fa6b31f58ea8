// Verifier errors of the conversion ops (vec_vconv.py), located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @cast_l0_float_none(%f: !ascendc.local_tensor<*xf32>, %m: ui64, %r: ui8, %p: !ascendc.unary_repeat_params) {
  // CHECK: invalid_vec_vconv.mlir:[[# @LINE + 3]]:3
  // CHECK-NEXT: ascendc.cast_l0 %f, %f, %m, %r, %p {roundMode = 0
  // CHECK: error: 'ascendc.cast_l0': Cast from f32 to f32 does not support CAST_NONE (supported: CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC)
  ascendc.cast_l0 %f, %f, %m, %r, %p {roundMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui8, !ascendc.unary_repeat_params
  return
}

// -----

func.func @cast_l1_mask_word(%h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %m: i32, %r: ui8, %p: !ascendc.unary_repeat_params) {
  // CHECK: error: 'ascendc.cast_l1': mask must be a 64-bit integer, got i32
  ascendc.cast_l1 %h, %f, %m, %m, %r, %p {roundMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32, i32, ui8, !ascendc.unary_repeat_params
  return
}

// -----

func.func @cast_l0_binary_params(%h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %m: i32, %r: ui8, %p: !ascendc.binary_repeat_params) {
  // CHECK: error: 'ascendc.cast_l0': repeat_params must be !ascendc.unary_repeat_params, got !ascendc.binary_repeat_params
  ascendc.cast_l0 %h, %f, %m, %r, %p {roundMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32, ui8, !ascendc.binary_repeat_params
  return
}

// -----

func.func @cast_deq_pair(%f: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.cast_deq_l2': CastDeq from f32 to f32 is not supported on Atlas A2/A3 (supported: i16 to i8, i16 to ui8, i32 to f16)
  ascendc.cast_deq_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @add_relu_cast_pair(%f: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.add_relu_cast_l2': AddReluCast from f32 to f32 is not supported on Atlas A2/A3 (supported: f16 to i8, f32 to f16, i16 to i8)
  ascendc.add_relu_cast_l2 %f, %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @sub_relu_cast_srcs(%h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %s: !ascendc.local_tensor<*xi16>, %m: i32, %r: ui8, %p: !ascendc.binary_repeat_params) {
  // CHECK: error: 'ascendc.sub_relu_cast_l0': element types differ: src0 has f32, src1 has i16
  ascendc.sub_relu_cast_l0 %h, %f, %s, %m, %r, %p : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xi16>, i32, ui8, !ascendc.binary_repeat_params
  return
}

// -----

func.func @set_deq_scale_int(%s: i32) {
  // CHECK: error: 'ascendc.set_deq_scale': scale must be f16 or f32, got i32
  ascendc.set_deq_scale %s : i32
  return
}

// -----

func.func @set_deq_scale_offset_only(%s: f32, %o: i16) {
  // CHECK: error: 'ascendc.set_deq_scale': takes a scale alone or a scale, an offset and a sign mode; only offset was given
  ascendc.set_deq_scale %s, %o : f32, i16
  return
}

// -----

func.func @set_deq_scale_offset_float(%s: f32, %o: f32, %b: i1) {
  // CHECK: error: 'ascendc.set_deq_scale': offset must be an integer, got f32
  ascendc.set_deq_scale %s, %o, %b : f32, f32, i1
  return
}

// -----

func.func @set_deq_scale_l4_f32(%v: !ascendc.local_tensor<32xf32>, %i: !ascendc.vdeq_info) {
  // CHECK: error: 'ascendc.set_deq_scale_l4': SetDeqScale does not support element type f32 on Atlas A2/A3 (supported: ui64)
  ascendc.set_deq_scale_l4 %v, %i : !ascendc.local_tensor<32xf32>, !ascendc.vdeq_info
  return
}

// -----

func.func @set_deq_scale_l4_info(%v: !ascendc.local_tensor<16xui64>, %i: i32) {
  // CHECK: error: 'ascendc.set_deq_scale_l4': vdeq_info must be !ascendc.vdeq_info, got i32
  ascendc.set_deq_scale_l4 %v, %i : !ascendc.local_tensor<16xui64>, i32
  return
}

// -----

func.func @cast_dst_global(%g: !ascendc.global_tensor<*xf16>, %a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.cast_l2': dst must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf16>
  ascendc.cast_l2 %g, %a, %n {roundMode = 1 : i32} : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @cast_src_global(%h: !ascendc.local_tensor<*xf16>, %g: !ascendc.global_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.cast_l2': src must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  ascendc.cast_l2 %h, %g, %n {roundMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf32>, i32
  return
}

// -----

func.func @cast_bad_mode(%h: !ascendc.local_tensor<*xf16>, %a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.cast_l2': 9 is not a valid RoundMode (valid: 0 (cast_none), 1 (cast_rint), 2 (cast_floor), 3 (cast_ceil), 4 (cast_round), 5 (cast_trunc), 6 (cast_odd), 7 (cast_hybrid))
  ascendc.cast_l2 %h, %a, %n {roundMode = 9 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @cast_count_float(%h: !ascendc.local_tensor<*xf16>, %a: !ascendc.local_tensor<*xf32>, %n: f32) {
  // CHECK: error: 'ascendc.cast_l2': count must be an integer, got f32
  ascendc.cast_l2 %h, %a, %n {roundMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, f32
  return
}

// -----

func.func @cast_pair(%c: !ascendc.local_tensor<*xi8>, %a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.cast_l2': Cast from f32 to i8 is not supported on Atlas A2/A3
  ascendc.cast_l2 %c, %a, %n {roundMode = 1 : i32} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @cast_mode_widening(%a: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: invalid_vec_vconv.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.cast_l2': Cast from f16 to f32 does not support CAST_RINT (supported: CAST_NONE)
  ascendc.cast_l2 %a, %h, %n {roundMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

func.func @cast_mode_none(%w: !ascendc.local_tensor<*xi32>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: 'ascendc.cast_l2': Cast from f16 to i32 does not support CAST_NONE (supported: CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC)
  ascendc.cast_l2 %w, %h, %n {roundMode = 0 : i32} : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

func.func @cast_mode_odd(%h: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xi16>, %n: i32) {
  // CHECK: error: 'ascendc.cast_l2': Cast from i16 to f16 does not support CAST_ODD (supported: CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC)
  ascendc.cast_l2 %h, %s, %n {roundMode = 6 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xi16>, i32
  return
}
