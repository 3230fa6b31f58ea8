// L1 (bit-mask) forms pass their mask words as one `uint64_t` C array, declared before
// the call (the headers take `const uint64_t mask[]`); each word is converted to
// uint64_t (unless it is a non-negative constant), since braces forbid narrowing and an
// int64_t array would not convert.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void l1(AscendC::LocalTensor<float> dst, AscendC::LocalTensor<float> src, uint64_t hi, int64_t lo, int32_t r, AscendC::BinaryRepeatParams params) {
// CHECK-NEXT:    uint64_t mask_list[] = {hi, static_cast<uint64_t>(lo)};
// CHECK-NEXT:    AscendC::Add<float, 0>(dst, src, src, mask_list, r, params);
// CHECK-NEXT:    uint64_t mask_list_1[] = {static_cast<uint64_t>(lo), hi};
// CHECK-NEXT:    AscendC::Mul<float, 0>(dst, src, src, mask_list_1, r, params);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @l1(%dst: !ascendc.local_tensor<1024xf32>, %src: !ascendc.local_tensor<1024xf32>, %hi: ui64, %lo: i64, %r: i32, %params: !ascendc.binary_repeat_params) {
  ascendc.add_l1 %dst, %src, %src, %hi, %lo, %r, %params : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, i64, i32, !ascendc.binary_repeat_params
  ascendc.mul_l1 %dst, %src, %src, %lo, %hi, %r, %params : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i64, ui64, i32, !ascendc.binary_repeat_params
  return
}

// A non-negative constant word needs no cast: a constant expression whose value fits
// is not narrowing. A negative one is converted.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void constant_words(AscendC::LocalTensor<float> dst, int32_t r, AscendC::BinaryRepeatParams params) {
// CHECK-NEXT:    constexpr int64_t all = -1;
// CHECK-NEXT:    constexpr int64_t low = 255;
// CHECK-NEXT:    uint64_t mask_list[] = {static_cast<uint64_t>(all), low};
// CHECK-NEXT:    AscendC::Add<float, 0>(dst, dst, dst, mask_list, r, params);
func.func @constant_words(%dst: !ascendc.local_tensor<1024xf32>, %r: i32, %params: !ascendc.binary_repeat_params) {
  %all = arith.constant -1 : i64
  %low = arith.constant 255 : i64
  ascendc.add_l1 %dst, %dst, %dst, %all, %low, %r, %params : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i64, i64, i32, !ascendc.binary_repeat_params
  return
}
