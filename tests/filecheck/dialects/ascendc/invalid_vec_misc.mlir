// Verifier and parser errors of the other vector ops, located at the failing op.
// (`ascendc.local_tensor.get_phy_addr` stands unregistered for the op that gives a
// tensor's address.)
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics --allow-unregistered-dialect | filecheck %s

func.func @gather_offset_float(%f: !ascendc.local_tensor<*xf32>, %base: ui32, %n: i32) {
  // CHECK: invalid_vec_misc.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.gather_l2': src_offset must be a !ascendc.local_tensor of ui32, got !ascendc.local_tensor<*xf32>
  ascendc.gather_l2 %f, %f, %f, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui32, i32
  return
}

// -----

func.func @gather_int8(%a: !ascendc.local_tensor<*xi8>, %off: !ascendc.local_tensor<*xui32>, %base: ui32, %n: i32) {
  // CHECK: error: 'ascendc.gather_l2': Gather does not support element type i8 on Atlas A2/A3 (supported: i16, ui16, f16, bf16, i32, ui32, f32)
  ascendc.gather_l2 %a, %a, %off, %base, %n : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xui32>, ui32, i32
  return
}

// -----

func.func @gatherb_float(%f: !ascendc.local_tensor<*xf32>, %off: !ascendc.local_tensor<*xui32>, %rep: i32, %p: !ascendc.gather_repeat_params) {
  // CHECK: error: 'ascendc.gatherb_l0': Gatherb does not support element type f32 on Atlas A2/A3 (supported: ui16, ui32)
  ascendc.gatherb_l0 %f, %f, %off, %rep, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i32, !ascendc.gather_repeat_params
  return
}

// -----

func.func @gatherb_params(%u: !ascendc.local_tensor<*xui32>, %rep: i32, %p: !ascendc.brcb_repeat_params) {
  // CHECK: error: 'ascendc.gatherb_l0': repeat_params must be !ascendc.gather_repeat_params, got !ascendc.brcb_repeat_params
  ascendc.gatherb_l0 %u, %u, %u, %rep, %p : !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, i32, !ascendc.brcb_repeat_params
  return
}

// -----

func.func @scatter_offset_signed(%f: !ascendc.local_tensor<*xf32>, %off: !ascendc.local_tensor<*xi32>, %base: ui32, %n: i32) {
  // CHECK: error: 'ascendc.scatter_l2': dst_offset must be a !ascendc.local_tensor of ui32, got !ascendc.local_tensor<*xi32>
  ascendc.scatter_l2 %f, %f, %off, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xi32>, ui32, i32
  return
}

// -----

func.func @scatter_mask_bits_i32(%f: !ascendc.local_tensor<*xf32>, %off: !ascendc.local_tensor<*xui32>, %base: ui32, %m: i32, %rep: i32) {
  // CHECK: error: 'ascendc.scatter_l1': mask must be a 64-bit integer, got i32
  ascendc.scatter_l1 %f, %f, %off, %base, %m, %m, %rep, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32, i32
  return
}

// -----

func.func @gather_mask_pattern_width(%f: !ascendc.local_tensor<*xf32>, %p: !ascendc.local_tensor<*xui16>, %r: i1, %m: ui32, %gp: !ascendc.gather_mask_params) {
  // CHECK: invalid_vec_misc.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.gather_mask': a pattern tensor for f32 data must hold ui32, got ui16
  %n = ascendc.gather_mask %f, %f, %p, %r, %m, %gp, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui16>, i1, ui32, !ascendc.gather_mask_params -> ui64
  return
}

// -----

func.func @gather_mask_pattern_float(%f: !ascendc.local_tensor<*xf32>, %p: f32, %r: i1, %m: ui32, %gp: !ascendc.gather_mask_params) {
  // CHECK: error: 'ascendc.gather_mask': src1_pattern must be a !ascendc.local_tensor or an integer, got f32
  %n = ascendc.gather_mask %f, %f, %p, %r, %m, %gp, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i1, ui32, !ascendc.gather_mask_params -> ui64
  return
}

// -----

func.func @gather_mask_reduce_mode(%f: !ascendc.local_tensor<*xf32>, %p: !ascendc.local_tensor<*xui32>, %r: i32, %m: ui32, %gp: !ascendc.gather_mask_params) {
  // CHECK: error: 'ascendc.gather_mask': reduce_mode must be i1, got i32
  %n = ascendc.gather_mask %f, %f, %p, %r, %m, %gp, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i32, ui32, !ascendc.gather_mask_params -> ui64
  return
}

// -----

func.func @gather_mask_count_type(%f: !ascendc.local_tensor<*xf32>, %p: !ascendc.local_tensor<*xui32>, %r: i1, %m: ui32, %gp: !ascendc.gather_mask_params) {
  // CHECK: error: 'ascendc.gather_mask': result rsvd_cnt must be ui64, got i64
  %n = ascendc.gather_mask %f, %f, %p, %r, %m, %gp, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i1, ui32, !ascendc.gather_mask_params -> i64
  return
}

// -----

func.func @gather_mask_mode_keyword(%f: !ascendc.local_tensor<*xf32>, %p: !ascendc.local_tensor<*xui32>, %r: i1, %m: ui32, %gp: !ascendc.gather_mask_params) {
  // CHECK: expected a GatherMaskMode keyword (default), got 'v2'
  %n = ascendc.gather_mask %f, %f, %p, %r, %m, %gp, v2 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i1, ui32, !ascendc.gather_mask_params -> ui64
  return
}

// -----

func.func @gather_mask_mode_value(%f: !ascendc.local_tensor<*xf32>, %p: !ascendc.local_tensor<*xui32>, %r: i1, %m: ui32, %gp: !ascendc.gather_mask_params) {
  // CHECK: error: 'ascendc.gather_mask': 1 is not a valid GatherMaskMode (valid: 0 (default))
  %n = "ascendc.gather_mask"(%f, %f, %p, %r, %m, %gp) <{gatherMaskMode = 1 : i32}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i1, ui32, !ascendc.gather_mask_params) -> ui64
  return
}

// -----

func.func @remain_count_float() {
  // CHECK: error: 'ascendc.get_gather_mask_remain_count': result result must be an integer, got f32
  %n = ascendc.get_gather_mask_remain_count : f32
  return
}

// -----

func.func @brcb_int8(%a: !ascendc.local_tensor<*xi8>, %rep: i32, %p: !ascendc.brcb_repeat_params) {
  // CHECK: error: 'ascendc.brcb_l0': Brcb does not support element type i8 on Atlas A2/A3 (supported: i16, ui16, f16, bf16, i32, ui32, f32)
  ascendc.brcb_l0 %a, %a, %rep, %p : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, i32, !ascendc.brcb_repeat_params
  return
}

// -----

func.func @duplicate_mask_float(%f: !ascendc.local_tensor<*xf32>, %s: f32, %m: f32, %rep: i32) {
  // CHECK: error: 'ascendc.duplicate_l0': mask must be an integer, got f32
  ascendc.duplicate_l0 %f, %s, %m, %rep, %rep, %rep : !ascendc.local_tensor<*xf32>, f32, f32, i32, i32, i32
  return
}

// -----

func.func @duplicate_scalar_tensor(%f: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.duplicate_l2': scalar must be a scalar number, got !ascendc.local_tensor<*xf32>
  ascendc.duplicate_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @duplicate_global(%g: !ascendc.global_tensor<*xf32>, %s: f32, %n: i32) {
  // CHECK: error: 'ascendc.duplicate_l2': dst must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  ascendc.duplicate_l2 %g, %s, %n : !ascendc.global_tensor<*xf32>, f32, i32
  return
}

// -----

func.func @duplicate_int8(%a: !ascendc.local_tensor<*xi8>, %s: i8, %n: i32) {
  // CHECK: error: 'ascendc.duplicate_l2': Duplicate does not support element type i8 on Atlas A2/A3 (supported: i16, ui16, f16, bf16, i32, ui32, f32)
  ascendc.duplicate_l2 %a, %s, %n : !ascendc.local_tensor<*xi8>, i8, i32
  return
}

// -----

func.func @axpy_narrowing(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: f32, %n: i32) {
  // CHECK: invalid_vec_misc.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.axpy_l2': Axpy from f32 to f16 is not supported on Atlas A2/A3 (supported: f16 -> f16, f16 -> f32, f32 -> f32)
  ascendc.axpy_l2 %h, %f, %s, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, f32, i32
  return
}

// -----

func.func @axpy_int(%a: !ascendc.local_tensor<*xi32>, %s: i32, %n: i32) {
  // CHECK: error: 'ascendc.axpy_l2': Axpy does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.axpy_l2 %a, %a, %s, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  return
}

// -----

func.func @bilinear_scratch(%h: !ascendc.local_tensor<*xf16>, %off: !ascendc.local_tensor<*xui32>, %m: i64, %r: i8) {
  // CHECK: error: 'ascendc.bilinearInterpolation_l0': shared_tmp_buffer must be a !ascendc.local_tensor of ui8, got !ascendc.local_tensor<*xf16>
  ascendc.bilinearInterpolation_l0 %h, %h, %off, %h, %m, %r, %r, %r, %r, %r, %h : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i64, i8, i8, i8, i8, i8, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @bilinear_float(%f: !ascendc.local_tensor<*xf32>, %off: !ascendc.local_tensor<*xui32>, %tmp: !ascendc.local_tensor<*xui8>, %m: i64, %r: i8) {
  // CHECK: error: 'ascendc.bilinearInterpolation_l0': BilinearInterpolation does not support element type f32 on Atlas A2/A3 (supported: f16)
  ascendc.bilinearInterpolation_l0 %f, %f, %off, %f, %m, %r, %r, %r, %r, %r, %tmp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, i64, i8, i8, i8, i8, i8, !ascendc.local_tensor<*xui8>
  return
}

// -----

func.func @transpose_float(%f: !ascendc.local_tensor<*xf32>) {
  // CHECK: error: 'ascendc.transpose': Transpose does not support element type f32 on Atlas A2/A3 (supported: i16, ui16, f16)
  ascendc.transpose %f, %f : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @transpose_mixed(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>) {
  // CHECK: error: 'ascendc.transpose': element types differ: dst has f16, src has f32
  ascendc.transpose %h, %f : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @trans_5hd_short_list(%h: !ascendc.local_tensor<*xf16>, %p: !ascendc.trans_data_to_5hd_params) {
  // CHECK: error: 'ascendc.trans_data_to_5hd_tensor_list': dst_list must have 16 entries, got 15
  ascendc.trans_data_to_5hd_tensor_list %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %p {operandSegmentSizes = array<i32: 15, 16, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_unknown_type(%dst: !ascendc.local_tensor<*xui64>, %p: !ascendc.trans_data_to_5hd_params) {
  // CHECK: invalid_vec_misc.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.trans_data_to_5hd': the element type of the data is unknown: give it as the dtype property ({dtype = f16}), or take the addresses from ascendc.local_tensor.get_phy_addr
  ascendc.trans_data_to_5hd %dst, %dst, %p : !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_table_type(%dst: !ascendc.local_tensor<*xui32>, %p: !ascendc.trans_data_to_5hd_params) {
  // CHECK: error: 'ascendc.trans_data_to_5hd': dst must be a !ascendc.local_tensor of ui64, got !ascendc.local_tensor<*xui32>
  ascendc.trans_data_to_5hd %dst, %dst, %p {dtype = f16} : !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, !ascendc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_signed_addresses(%a: i64, %p: !ascendc.trans_data_to_5hd_params) {
  // CHECK: error: 'ascendc.trans_data_to_5hd_uint_list': dst_list must be ui64, got i64
  ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p {dtype = f16, operandSegmentSizes = array<i32: 16, 16, 1>} : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, !ascendc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_bf16(%a: ui64, %p: !ascendc.trans_data_to_5hd_params) {
  // CHECK: error: 'ascendc.trans_data_to_5hd_uint_list': TransDataTo5HD does not support element type bf16 on Atlas A2/A3 (supported: i8, ui8, i16, ui16, f16, i32, ui32, f32)
  ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p {dtype = bf16, operandSegmentSizes = array<i32: 16, 16, 1>} : ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_dtype_differs(%t: !ascendc.local_tensor<*xf32>, %i: ui32, %p: !ascendc.trans_data_to_5hd_params) {
  // CHECK: error: 'ascendc.trans_data_to_5hd_uint_list': dtype f16 differs from f32, the element type of the tensors the addresses come from
  %a = "ascendc.local_tensor.get_phy_addr"(%t, %i) : (!ascendc.local_tensor<*xf32>, ui32) -> ui64
  ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p {dtype = f16, operandSegmentSizes = array<i32: 16, 16, 1>} : ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}

// -----

func.func @duplicate_count_float(%a: !ascendc.local_tensor<*xf32>, %s: f32) {
  // CHECK: error: 'ascendc.duplicate_l2': count must be an integer, got f32
  ascendc.duplicate_l2 %a, %s, %s : !ascendc.local_tensor<*xf32>, f32, f32
  return
}

// -----

func.func @vector_mask_mode(%n: i32) {
  // CHECK: invalid_vec_misc.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.set_vector_mask_l0': 2 is not a valid MaskMode (valid: 0 (normal), 1 (counter))
  ascendc.set_vector_mask_l0 %n {dtype = f16, mode = 2 : i32} : i32
  return
}

// -----

func.func @vector_mask_dtype(%n: i32) {
  // CHECK: error: 'ascendc.set_vector_mask_l0': SetVectorMask does not support dtype f64 on Atlas A2/A3 (supported: i8, ui8, i16, ui16, f16, bf16, i32, ui32, f32)
  ascendc.set_vector_mask_l0 %n {dtype = f64, mode = 0 : i32} : i32
  return
}

// -----

func.func @vector_mask_bits_float(%h: f32, %l: i64) {
  // CHECK: error: 'ascendc.set_vector_mask_l1': mask_high must be a 64-bit integer, got f32
  ascendc.set_vector_mask_l1 %h, %l {dtype = f16, mode = 0 : i32} : f32, i64
  return
}

