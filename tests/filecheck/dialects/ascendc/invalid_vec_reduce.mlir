// Verifier errors of the reduction ops (vec_reduce.py), located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @block_reduce_int(%a: !ascendc.local_tensor<*xi32>, %n: i32) {
  // CHECK: invalid_vec_reduce.mlir:[[# @LINE + 3]]:3
  // CHECK-NEXT: ascendc.block_reduce_sum_l0 %a, %a, %n, %n, %n, %n, %n
  // CHECK: error: 'ascendc.block_reduce_sum_l0': BlockReduceSum does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.block_reduce_sum_l0 %a, %a, %n, %n, %n, %n, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32, i32, i32, i32
  return
}

// -----

func.func @block_reduce_mask_word_i32(%a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.block_reduce_max_l1': mask must be a 64-bit integer, got i32
  ascendc.block_reduce_max_l1 %a, %a, %n, %n, %n, %n, %n, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32, i32
  return
}

// -----

func.func @pair_reduce_mixed(%a: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: 'ascendc.pair_reduce_sum_l0': element types differ: dst has f32, src has f16
  ascendc.pair_reduce_sum_l0 %a, %h, %n, %n, %n, %n, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  return
}

// -----

func.func @repeat_reduce_stride_float(%h: !ascendc.local_tensor<*xf16>, %n: i32, %f: f32) {
  // CHECK: error: 'ascendc.repeat_reduce_sum_l0': dst_blk_stride must be an integer, got f32
  ascendc.repeat_reduce_sum_l0 %h, %h, %n, %n, %f, %n, %n, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, f32, i32, i32, i32
  return
}

// -----

func.func @whole_reduce_no_order(%h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: property 'order' expected in operation 'ascendc.whole_reduce_max_l0'
  ascendc.whole_reduce_max_l0 %h, %h, %n, %n, %n, %n, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  return
}

// -----

func.func @whole_reduce_bad_order(%h: !ascendc.local_tensor<*xf16>, %n: i32, %m: ui64) {
  // CHECK: error: 'ascendc.whole_reduce_min_l1': 4 is not a valid ReduceOrder (valid: 0 (order_value_index), 1 (order_index_value), 2 (order_only_value), 3 (order_only_index))
  ascendc.whole_reduce_min_l1 %h, %h, %m, %m, %n, %n, %n, %n {order = 4 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
  return
}

// -----

func.func @whole_reduce_dst_global(%g: !ascendc.global_tensor<*xf16>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: 'ascendc.whole_reduce_sum_l0': dst must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf16>
  ascendc.whole_reduce_sum_l0 %g, %h, %n, %n, %n, %n, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  return
}

// -----

func.func @reduce_l1_mask_word_i32(%a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.reduce_sum_l1': mask must be a 64-bit integer, got i32
  ascendc.reduce_sum_l1 %a, %a, %a, %n, %n, %n, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32
  return
}

// -----

func.func @reduce_l0_cal_index_float(%a: !ascendc.local_tensor<*xf32>, %n: i32, %f: f32) {
  // CHECK: error: 'ascendc.reduce_max_l0': cal_index must be an integer, got f32
  ascendc.reduce_max_l0 %a, %a, %a, %n, %n, %n, %f : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, f32
  return
}

// -----

func.func @reduce_tmp_global(%a: !ascendc.local_tensor<*xf32>, %g: !ascendc.global_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.reduce_sum_l2': shared_tmp_buffer must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  ascendc.reduce_sum_l2 %a, %a, %g, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  return
}

// -----

func.func @reduce_mixed_types(%a: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32) {
  // CHECK: error: 'ascendc.reduce_max_l2': element types differ: dst has f32, shared_tmp_buffer has f16
  ascendc.reduce_max_l2 %a, %a, %h, %n, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32, i32
  return
}

// -----

func.func @reduce_int(%a: !ascendc.local_tensor<*xi32>, %n: i32) {
  // CHECK: error: 'ascendc.reduce_sum_l2': ReduceSum does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.reduce_sum_l2 %a, %a, %a, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  return
}

// -----

func.func @reduce_bf16(%a: !ascendc.local_tensor<*xbf16>, %n: i32) {
  // CHECK: error: 'ascendc.reduce_min_l2': ReduceMin does not support element type bf16 on Atlas A2/A3 (supported: f16, f32)
  ascendc.reduce_min_l2 %a, %a, %a, %n, %n : !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, i32, i32
  return
}

// -----

func.func @reduce_count_float(%a: !ascendc.local_tensor<*xf32>, %f: f32) {
  // CHECK: error: 'ascendc.reduce_sum_l2': count must be an integer, got f32
  ascendc.reduce_sum_l2 %a, %a, %a, %f : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32
  return
}

// -----

func.func @reduce_cal_index_float(%a: !ascendc.local_tensor<*xf32>, %n: i32, %f: f32) {
  // CHECK: error: 'ascendc.reduce_min_l2': cal_index must be an integer, got f32
  ascendc.reduce_min_l2 %a, %a, %a, %n, %f : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, f32
  return
}
