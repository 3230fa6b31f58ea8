// Emission of the sort and region-proposal ops.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void sort(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<uint32_t> idx, uint32_t n, int32_t rep) {
// CHECK-NEXT:    uint32_t len = AscendC::GetSortLen<float>(n);
// CHECK-NEXT:    uint32_t off = AscendC::GetSortOffset<float>(n);
// CHECK-NEXT:    AscendC::Sort32(f, f, idx, rep);
// CHECK-NEXT:    AscendC::Sort<float, 0>(f, f, idx, f, rep);
// CHECK-NEXT:    AscendC::Sort<half, 1>(h, h, idx, h, rep);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @sort(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %idx: !ascendc.local_tensor<*xui32>, %n: ui32, %rep: i32) {
  %len = ascendc.get_sort_len %n : ui32
  %off = ascendc.get_sort_offset %n : ui32
  ascendc.sort32 %f, %f, %idx, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i32
  ascendc.sort %f, %f, %idx, %f, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.sort %h, %h, %idx, %h, %rep {isFullSort} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void merge(AscendC::LocalTensor<float> dst, AscendC::LocalTensor<float> q, uint16_t c16, uint32_t c32, int32_t ci, int16_t valid, int32_t rep, AscendC::MrgSort4Info info) {
// CHECK-NEXT:    AscendC::MrgSortSrcList<float> empty;
// CHECK-NEXT:    AscendC::MrgSortSrcList<float> list{q, q, q, q};
// CHECK-NEXT:    uint16_t dst_element_count_list[] = {c16, c16, c16, c16};
// CHECK-NEXT:    uint32_t dst_sorted_num[] = {c32, c32, c32, c32};
// CHECK-NEXT:    AscendC::MrgSort<float, 0>(dst, list, dst_element_count_list, dst_sorted_num, valid, rep);
// CHECK-NEXT:    uint16_t dst_element_count_list_1[] = {static_cast<uint16_t>(ci), static_cast<uint16_t>(ci), static_cast<uint16_t>(ci), static_cast<uint16_t>(ci)};
// CHECK-NEXT:    uint32_t dst_sorted_num_1[] = {static_cast<uint32_t>(ci), static_cast<uint32_t>(ci), static_cast<uint32_t>(ci), static_cast<uint32_t>(ci)};
// CHECK-NEXT:    AscendC::MrgSort<float, 1>(dst, list, dst_element_count_list_1, dst_sorted_num_1, valid, rep);
// CHECK-NEXT:    AscendC::MrgSort(dst, list, info);
// CHECK-NEXT:    uint16_t r0;
// CHECK-NEXT:    uint16_t r1;
// CHECK-NEXT:    uint16_t r2;
// CHECK-NEXT:    uint16_t r3;
// CHECK-NEXT:    AscendC::GetMrgSortResult(r0, r1, r2, r3);
// CHECK-NEXT:    AscendC::MrgSort4(dst, empty, info);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
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

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void proposals(AscendC::LocalTensor<half> h, int32_t rep, int32_t mode) {
// CHECK-NEXT:    AscendC::RpSort16(h, h, rep);
// CHECK-NEXT:    AscendC::ProposalConcat(h, h, rep, mode);
// CHECK-NEXT:    AscendC::ProposalExtract(h, h, rep, mode);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @proposals(%h: !ascendc.local_tensor<*xf16>, %rep: i32, %mode: i32) {
  ascendc.rp_sort16 %h, %h, %rep : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.proposal_concat %h, %h, %rep, %mode : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.proposal_extract %h, %h, %rep, %mode : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
  return
}
