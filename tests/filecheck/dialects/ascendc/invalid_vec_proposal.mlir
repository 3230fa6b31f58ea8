// Verifier and parser errors of the sort and region-proposal ops, located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @mrg_sort_three_counts(%dst: !ascendc.local_tensor<*xf32>, %l: !ascendc.mrg_sort_src_list<f32>, %c: ui16, %s: ui32, %v: i16, %r: i32) {
  // CHECK: invalid_vec_proposal.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.mrg_sort': element_count_list must have 4 entries (one per queue), got 3
  ascendc.mrg_sort %dst, %l, %c, %c, %c, %s, %s, %s, %s, %v, %r {operandSegmentSizes = array<i32: 1, 1, 3, 4, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui32, ui32, ui32, ui32, i16, i32
  return
}

// -----

func.func @mrg_sort_list_type(%dst: !ascendc.local_tensor<*xf32>, %l: !ascendc.mrg_sort_src_list<f16>, %info: !ascendc.mrg_sort4_info) {
  // CHECK: error: 'ascendc.mrg_sort_with_info': element types differ: dst has f32, sort_list has f16
  ascendc.mrg_sort_with_info %dst, %l, %info : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f16>, !ascendc.mrg_sort4_info
  return
}

// -----

func.func @mrg_sort_list_not_list(%dst: !ascendc.local_tensor<*xf32>, %info: !ascendc.mrg_sort4_info) {
  // CHECK: error: 'ascendc.mrg_sort4': src must be a !ascendc.mrg_sort_src_list, got !ascendc.local_tensor<*xf32>
  ascendc.mrg_sort4 %dst, %dst, %info : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort4_info
  return
}

// -----

func.func @mrg_sort_segments(%dst: !ascendc.local_tensor<*xf32>, %l: !ascendc.mrg_sort_src_list<f32>, %c: ui16, %v: i16, %r: i32) {
  // CHECK: 'ascendc.mrg_sort': operandSegmentSizes is required (more than one optional/variadic operand)
  ascendc.mrg_sort %dst, %l, %c, %c, %c, %c, %c, %c, %c, %c, %v, %r : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16, i16, i32
  return
}

// -----

func.func @sort32_index_type(%f: !ascendc.local_tensor<*xf32>, %i: !ascendc.local_tensor<*xi32>, %r: i32) {
  // CHECK: error: 'ascendc.sort32': src1 must be a !ascendc.local_tensor of ui32, got !ascendc.local_tensor<*xi32>
  ascendc.sort32 %f, %f, %i, %r : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xi32>, i32
  return
}

// -----

func.func @sort_int(%a: !ascendc.local_tensor<*xi32>, %i: !ascendc.local_tensor<*xui32>, %r: i32) {
  // CHECK: error: 'ascendc.sort': Sort does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.sort %a, %a, %i, %a, %r : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xi32>, i32
  return
}

// -----

func.func @sort_len_result(%n: ui32) {
  // CHECK: error: 'ascendc.get_sort_len': result result must be ui32, got i32
  %l = "ascendc.get_sort_len"(%n) : (ui32) -> i32
  return
}

// -----

func.func @sort_offset_float(%n: f32) {
  // CHECK: error: 'ascendc.get_sort_offset': elem_offset must be an integer, got f32
  %o = ascendc.get_sort_offset %n : f32
  return
}

// -----

func.func @mrg_sort_result_type() {
  // CHECK: error: 'ascendc.get_mrg_sort_result': result mrg_sort_list1 must be ui16, got ui32
  %a, %b, %c, %d = ascendc.get_mrg_sort_result : ui32, ui16, ui16, ui16
  return
}

// -----

func.func @src_list_result() {
  // CHECK: error: 'ascendc.mrg_sort_src_list': result params must be a !ascendc.mrg_sort_src_list, got !ascendc.mrg_sort4_info
  %l = ascendc.mrg_sort_src_list : !ascendc.mrg_sort4_info
  return
}

// -----

func.func @proposal_concat_int(%a: !ascendc.local_tensor<*xi32>, %r: i32) {
  // CHECK: error: 'ascendc.proposal_concat': ProposalConcat does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.proposal_concat %a, %a, %r, %r : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  return
}
