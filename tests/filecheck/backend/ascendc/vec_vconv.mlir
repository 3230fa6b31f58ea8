// Emission of the conversion ops (vec_vconv.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void casts(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<bfloat16_t> b, AscendC::LocalTensor<int8_t> i8, AscendC::LocalTensor<uint8_t> u8, AscendC::LocalTensor<int16_t> s16, AscendC::LocalTensor<int32_t> w, AscendC::LocalTensor<int64_t> l, int32_t n, int32_t m, uint8_t r, AscendC::UnaryRepeatParams up, AscendC::BinaryRepeatParams bp, uint64_t m0, uint64_t m1) {
// CHECK-NEXT:    AscendC::Cast<half, float, 1>(h, f, AscendC::RoundMode::CAST_ODD, m, r, up);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::Cast<int32_t, bfloat16_t, 0>(w, b, AscendC::RoundMode::CAST_TRUNC, mask_list, r, up);
// CHECK-NEXT:    AscendC::Cast<float, half>(f, h, AscendC::RoundMode::CAST_NONE, n);
// CHECK-NEXT:    AscendC::CastDeq<int8_t, int16_t, 1, 1, 1>(i8, s16, m, r, up);
// CHECK-NEXT:    uint64_t mask_list_1[] = {m0, m1};
// CHECK-NEXT:    AscendC::CastDeq<uint8_t, int16_t, 0, 0, 1>(u8, s16, mask_list_1, r, up);
// CHECK-NEXT:    AscendC::CastDeq<half, int32_t, 1, 0>(h, w, n);
// CHECK-NEXT:    AscendC::AddReluCast<half, float, 1>(h, f, f, m, r, bp);
// CHECK-NEXT:    uint64_t mask_list_2[] = {m0, m1};
// CHECK-NEXT:    AscendC::AddReluCast<int8_t, half, 0>(i8, h, h, mask_list_2, r, bp);
// CHECK-NEXT:    AscendC::AddReluCast(i8, s16, s16, n);
// CHECK-NEXT:    AscendC::SubReluCast<int8_t, int16_t, 0>(i8, s16, s16, m, r, bp);
// CHECK-NEXT:    uint64_t mask_list_3[] = {m0, m1};
// CHECK-NEXT:    AscendC::SubReluCast<half, float, 1>(h, f, f, mask_list_3, r, bp);
// CHECK-NEXT:    AscendC::SubReluCast(h, f, f, n);
// CHECK-NEXT:    AscendC::Cast<half, float>(h, f, AscendC::RoundMode::CAST_RINT, n);
// CHECK-NEXT:    AscendC::Cast<half, float>(h, f, AscendC::RoundMode::CAST_ODD, n);
// CHECK-NEXT:    AscendC::Cast<uint8_t, half>(u8, h, AscendC::RoundMode::CAST_FLOOR, n);
// CHECK-NEXT:    AscendC::Cast<int32_t, float>(w, f, AscendC::RoundMode::CAST_CEIL, n);
// CHECK-NEXT:    AscendC::Cast<float, int64_t>(f, l, AscendC::RoundMode::CAST_ROUND, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @casts(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xbf16>, %i8: !ascendc.local_tensor<*xi8>, %u8: !ascendc.local_tensor<*xui8>, %s16: !ascendc.local_tensor<*xi16>, %w: !ascendc.local_tensor<*xi32>, %l: !ascendc.local_tensor<*xi64>, %n: i32, %m: i32, %r: ui8, %up: !ascendc.unary_repeat_params, %bp: !ascendc.binary_repeat_params, %m0: ui64, %m1: ui64) {
  ascendc.cast_l0 %h, %f, %m, %r, %up {roundMode = 6 : i32, isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32, ui8, !ascendc.unary_repeat_params
  ascendc.cast_l1 %w, %b, %m0, %m1, %r, %up {roundMode = 5 : i32} : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xbf16>, ui64, ui64, ui8, !ascendc.unary_repeat_params
  ascendc.cast_l2 %f, %h, %n {roundMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
  ascendc.cast_deq_l0 %i8, %s16, %m, %r, %up {isSetMask, isVecDeq, halfBlock} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, i32, ui8, !ascendc.unary_repeat_params
  ascendc.cast_deq_l1 %u8, %s16, %m0, %m1, %r, %up {halfBlock} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi16>, ui64, ui64, ui8, !ascendc.unary_repeat_params
  ascendc.cast_deq_l2 %h, %w, %n {isVecDeq} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xi32>, i32
  ascendc.add_relu_cast_l0 %h, %f, %f, %m, %r, %bp {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui8, !ascendc.binary_repeat_params
  ascendc.add_relu_cast_l1 %i8, %h, %h, %m0, %m1, %r, %bp : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.add_relu_cast_l2 %i8, %s16, %s16, %n : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
  ascendc.sub_relu_cast_l0 %i8, %s16, %s16, %m, %r, %bp : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32, ui8, !ascendc.binary_repeat_params
  ascendc.sub_relu_cast_l1 %h, %f, %f, %m0, %m1, %r, %bp {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.sub_relu_cast_l2 %h, %f, %f, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.cast_l2 %h, %f, %n {roundMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32
  ascendc.cast_l2 %h, %f, %n {roundMode = 6 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32
  ascendc.cast_l2 %u8, %h, %n {roundMode = 2 : i32} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, i32
  ascendc.cast_l2 %w, %f, %n {roundMode = 3 : i32} : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.cast_l2 %f, %l, %n {roundMode = 4 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xi64>, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void deq_scale(half sh, float sf, int16_t off, bool sign, AscendC::LocalTensor<uint64_t> v, AscendC::VdeqInfo info) {
// CHECK-NEXT:    AscendC::SetDeqScale(sh);
// CHECK-NEXT:    AscendC::SetDeqScale(sf, off, sign);
// CHECK-NEXT:    AscendC::SetDeqScale(v, info);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @deq_scale(%sh: f16, %sf: f32, %off: i16, %sign: i1, %v: !ascendc.local_tensor<16xui64>, %info: !ascendc.vdeq_info) {
  ascendc.set_deq_scale %sh : f16
  ascendc.set_deq_scale %sf, %off, %sign : f32, i16, i1
  ascendc.set_deq_scale_l4 %v, %info : !ascendc.local_tensor<16xui64>, !ascendc.vdeq_info
  return
}
