// Emission of the reduction ops (vec_reduce.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void block_pair_repeat(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, int32_t n, int32_t r, int32_t ds, int32_t sb, int32_t sr, uint64_t m0, uint64_t m1) {
// CHECK-NEXT:    AscendC::BlockReduceSum(f, f, r, n, ds, sb, sr);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::BlockReduceSum(h, h, r, mask_list, ds, sb, sr);
// CHECK-NEXT:    AscendC::BlockReduceMax(h, h, r, n, ds, sb, sr);
// CHECK-NEXT:    uint64_t mask_list_1[] = {m0, m1};
// CHECK-NEXT:    AscendC::BlockReduceMax(f, f, r, mask_list_1, ds, sb, sr);
// CHECK-NEXT:    AscendC::BlockReduceMin(f, f, r, n, ds, sb, sr);
// CHECK-NEXT:    uint64_t mask_list_2[] = {m0, m1};
// CHECK-NEXT:    AscendC::BlockReduceMin(h, h, r, mask_list_2, ds, sb, sr);
// CHECK-NEXT:    AscendC::PairReduceSum(h, h, r, n, ds, sb, sr);
// CHECK-NEXT:    uint64_t mask_list_3[] = {m0, m1};
// CHECK-NEXT:    AscendC::PairReduceSum<float, 0>(f, f, r, mask_list_3, ds, sb, sr);
// CHECK-NEXT:    AscendC::RepeatReduceSum(h, h, r, n, ds, sb, ds, sr);
// CHECK-NEXT:    AscendC::RepeatReduceSum<float, 0>(f, f, r, n, ds, sb, ds, sr);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @block_pair_repeat(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<256xf16>, %n: i32, %r: i32, %ds: i32, %sb: i32, %sr: i32, %m0: ui64, %m1: ui64) {
  ascendc.block_reduce_sum_l0 %f, %f, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  ascendc.block_reduce_sum_l1 %h, %h, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, ui64, ui64, i32, i32, i32
  ascendc.block_reduce_max_l0 %h, %h, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32
  ascendc.block_reduce_max_l1 %f, %f, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
  ascendc.block_reduce_min_l0 %f, %f, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  ascendc.block_reduce_min_l1 %h, %h, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, ui64, ui64, i32, i32, i32
  ascendc.pair_reduce_sum_l0 %h, %h, %r, %n, %ds, %sb, %sr {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32
  ascendc.pair_reduce_sum_l1 %f, %f, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
  ascendc.repeat_reduce_sum_l0 %h, %h, %r, %n, %ds, %sb, %ds, %sr {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32, i32
  ascendc.repeat_reduce_sum_l0 %f, %f, %r, %n, %ds, %sb, %ds, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void whole(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, int32_t n, int32_t r, int32_t ds, int32_t sb, int32_t sr, uint64_t m0, uint64_t m1) {
// CHECK-NEXT:    AscendC::WholeReduceMax(f, f, n, r, ds, sb, sr, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::WholeReduceMax<half, 0>(h, h, mask_list, r, ds, sb, sr, AscendC::ReduceOrder::ORDER_VALUE_INDEX);
// CHECK-NEXT:    AscendC::WholeReduceMin<half, 0>(h, h, n, r, ds, sb, sr, AscendC::ReduceOrder::ORDER_ONLY_VALUE);
// CHECK-NEXT:    uint64_t mask_list_1[] = {m0, m1};
// CHECK-NEXT:    AscendC::WholeReduceMin(f, f, mask_list_1, r, ds, sb, sr, AscendC::ReduceOrder::ORDER_ONLY_INDEX);
// CHECK-NEXT:    AscendC::WholeReduceSum<float, 0>(f, f, n, r, ds, sb, sr);
// CHECK-NEXT:    uint64_t mask_list_2[] = {m0, m1};
// CHECK-NEXT:    AscendC::WholeReduceSum(h, h, mask_list_2, r, ds, sb, sr);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @whole(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32, %r: i32, %ds: i32, %sb: i32, %sr: i32, %m0: ui64, %m1: ui64) {
  ascendc.whole_reduce_max_l0 %f, %f, %n, %r, %ds, %sb, %sr {order = 1 : i32, isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  ascendc.whole_reduce_max_l1 %h, %h, %m0, %m1, %r, %ds, %sb, %sr {order = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
  ascendc.whole_reduce_min_l0 %h, %h, %n, %r, %ds, %sb, %sr {order = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  ascendc.whole_reduce_min_l1 %f, %f, %m0, %m1, %r, %ds, %sb, %sr {order = 3 : i32, isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, i32, i32, i32
  ascendc.whole_reduce_sum_l0 %f, %f, %n, %r, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  ascendc.whole_reduce_sum_l1 %h, %h, %m0, %m1, %r, %ds, %sb, %sr {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void reduce(AscendC::LocalTensor<float> dst, AscendC::LocalTensor<float> src, AscendC::LocalTensor<float> tmp, AscendC::LocalTensor<half> h, int32_t n, int32_t r, int32_t sr, bool with_index, int64_t w0, uint64_t m1) {
// CHECK-NEXT:    AscendC::ReduceSum(dst, src, tmp, n, r, sr);
// CHECK-NEXT:    uint64_t mask_list[] = {static_cast<uint64_t>(w0), m1};
// CHECK-NEXT:    AscendC::ReduceSum(h, h, h, mask_list, r, sr);
// CHECK-NEXT:    AscendC::ReduceSum(dst, src, tmp, n);
// CHECK-NEXT:    AscendC::ReduceMax(h, h, h, n, r, sr, with_index);
// CHECK-NEXT:    uint64_t mask_list_1[] = {m1, m1};
// CHECK-NEXT:    AscendC::ReduceMax(dst, src, tmp, mask_list_1, r, sr, n);
// CHECK-NEXT:    AscendC::ReduceMax(h, h, h, n, with_index);
// CHECK-NEXT:    AscendC::ReduceMin(dst, src, tmp, n, r, sr, with_index);
// CHECK-NEXT:    uint64_t mask_list_2[] = {m1, static_cast<uint64_t>(w0)};
// CHECK-NEXT:    AscendC::ReduceMin(h, h, h, mask_list_2, r, sr, with_index);
// CHECK-NEXT:    AscendC::ReduceMin(dst, src, tmp, n, with_index);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @reduce(%dst: !ascendc.local_tensor<*xf32>, %src: !ascendc.local_tensor<*xf32>, %tmp: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32, %r: i32, %sr: i32, %with_index: i1, %w0: i64, %m1: ui64) {
  ascendc.reduce_sum_l0 %dst, %src, %tmp, %n, %r, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32
  ascendc.reduce_sum_l1 %h, %h, %h, %w0, %m1, %r, %sr : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i64, ui64, i32, i32
  ascendc.reduce_sum_l2 %dst, %src, %tmp, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.reduce_max_l0 %h, %h, %h, %n, %r, %sr, %with_index : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i1
  ascendc.reduce_max_l1 %dst, %src, %tmp, %m1, %m1, %r, %sr, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, i32, i32
  ascendc.reduce_max_l2 %h, %h, %h, %n, %with_index : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i1
  ascendc.reduce_min_l0 %dst, %src, %tmp, %n, %r, %sr, %with_index : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i1
  ascendc.reduce_min_l1 %h, %h, %h, %m1, %w0, %r, %sr, %with_index : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, i64, i32, i32, i1
  ascendc.reduce_min_l2 %dst, %src, %tmp, %n, %with_index : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i1
  return
}
