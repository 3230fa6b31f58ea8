// Round trip of the sort and region-proposal ops, custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @sort(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %idx: !ascendc.local_tensor<*xui32>, %n: ui32, %rep: i32)
// CHECK-NEXT:    %len = ascendc.get_sort_len %n : ui32
// CHECK-NEXT:    %off = ascendc.get_sort_offset %n : ui32
// CHECK-NEXT:    ascendc.sort32 %f, %f, %idx, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i32
// CHECK-NEXT:    ascendc.sort %f, %f, %idx, %f, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.sort %h, %h, %idx, %h, %rep {isFullSort} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "sort"
// GENERIC:       %len = "ascendc.get_sort_len"(%n) : (ui32) -> ui32
// GENERIC-NEXT:  %off = "ascendc.get_sort_offset"(%n) : (ui32) -> ui32
// GENERIC-NEXT:  "ascendc.sort32"(%f, %f, %idx, %rep) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.sort"(%f, %f, %idx, %f, %rep) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.sort"(%h, %h, %idx, %h, %rep) <{isFullSort}> : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i32) -> ()
func.func @sort(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %idx: !ascendc.local_tensor<*xui32>, %n: ui32, %rep: i32) {
  %len = ascendc.get_sort_len %n : ui32
  %off = ascendc.get_sort_offset %n : ui32
  ascendc.sort32 %f, %f, %idx, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i32
  ascendc.sort %f, %f, %idx, %f, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.sort %h, %h, %idx, %h, %rep {isFullSort} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i32
  return
}

// CHECK-LABEL: func.func @merge(%dst: !ascendc.local_tensor<*xf32>, %q: !ascendc.local_tensor<*xf32>, %c16: ui16, %c32: ui32, %ci: i32, %valid: i16, %rep: i32, %info: !ascendc.mrg_sort4_info)
// CHECK-NEXT:    %empty = ascendc.mrg_sort_src_list : !ascendc.mrg_sort_src_list<f32>
// CHECK-NEXT:    %list = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%q, %q, %q, %q) : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.mrg_sort %dst, %list, %c16, %c16, %c16, %c16, %c32, %c32, %c32, %c32, %valid, %rep {operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, i16, i32
// CHECK-NEXT:    ascendc.mrg_sort %dst, %list, %ci, %ci, %ci, %ci, %ci, %ci, %ci, %ci, %valid, %rep {isExhaustedSuspension, operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, i32, i32, i32, i32, i32, i32, i32, i32, i16, i32
// CHECK-NEXT:    ascendc.mrg_sort_with_info %dst, %list, %info : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info
// CHECK-NEXT:    %r0, %r1, %r2, %r3 = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16
// CHECK-NEXT:    ascendc.mrg_sort4 %dst, %empty, %info : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "merge"
// GENERIC:       %empty = "ascendc.mrg_sort_src_list"() : () -> !ascendc.mrg_sort_src_list<f32>
// GENERIC-NEXT:  %list = "ascendc.construct"(%q, %q, %q, %q) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>) -> !ascendc.mrg_sort_src_list<f32>
// GENERIC-NEXT:  "ascendc.mrg_sort"(%dst, %list, %c16, %c16, %c16, %c16, %c32, %c32, %c32, %c32, %valid, %rep) <{operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>}> : (!ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, i16, i32) -> ()
// GENERIC-NEXT:  "ascendc.mrg_sort"(%dst, %list, %ci, %ci, %ci, %ci, %ci, %ci, %ci, %ci, %valid, %rep) <{isExhaustedSuspension, operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>}> : (!ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, i32, i32, i32, i32, i32, i32, i32, i32, i16, i32) -> ()
// GENERIC-NEXT:  "ascendc.mrg_sort_with_info"(%dst, %list, %info) : (!ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info) -> ()
// GENERIC-NEXT:  %r0, %r1, %r2, %r3 = "ascendc.get_mrg_sort_result"() : () -> (ui16, ui16, ui16, ui16)
// GENERIC-NEXT:  "ascendc.mrg_sort4"(%dst, %empty, %info) : (!ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info) -> ()
func.func @merge(%dst: !ascendc.local_tensor<*xf32>, %q: !ascendc.local_tensor<*xf32>, %c16: ui16, %c32: ui32, %ci: i32, %valid: i16, %rep: i32, %info: !ascendc.mrg_sort4_info) {
  %empty = ascendc.mrg_sort_src_list : !ascendc.mrg_sort_src_list<f32>
  %list = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%q, %q, %q, %q) : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  ascendc.mrg_sort %dst, %list, %c16, %c16, %c16, %c16, %c32, %c32, %c32, %c32, %valid, %rep {operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, i16, i32
  ascendc.mrg_sort %dst, %list, %ci, %ci, %ci, %ci, %ci, %ci, %ci, %ci, %valid, %rep {isExhaustedSuspension, operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, i32, i32, i32, i32, i32, i32, i32, i32, i16, i32
  ascendc.mrg_sort_with_info %dst, %list, %info : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info
  %r0, %r1, %r2, %r3 = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16
  ascendc.mrg_sort4 %dst, %empty, %info : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info
  return
}

// CHECK-LABEL: func.func @proposals(%h: !ascendc.local_tensor<*xf16>, %rep: i32, %mode: i32)
// CHECK-NEXT:    ascendc.rp_sort16 %h, %h, %rep : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    ascendc.proposal_concat %h, %h, %rep, %mode : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
// CHECK-NEXT:    ascendc.proposal_extract %h, %h, %rep, %mode : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "proposals"
// GENERIC:       "ascendc.rp_sort16"(%h, %h, %rep) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32) -> ()
// GENERIC-NEXT:  "ascendc.proposal_concat"(%h, %h, %rep, %mode) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.proposal_extract"(%h, %h, %rep, %mode) : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32) -> ()
func.func @proposals(%h: !ascendc.local_tensor<*xf16>, %rep: i32, %mode: i32) {
  ascendc.rp_sort16 %h, %h, %rep : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.proposal_concat %h, %h, %rep, %mode : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.proposal_extract %h, %h, %rep, %mode : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
  return
}
