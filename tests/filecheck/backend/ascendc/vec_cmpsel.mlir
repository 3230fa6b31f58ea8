// Emission of the compare and select ops (vec_cmpsel.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void compare(AscendC::LocalTensor<uint8_t> d, AscendC::LocalTensor<int8_t> s8, AscendC::LocalTensor<half> h, AscendC::LocalTensor<float> f, AscendC::LocalTensor<int32_t> w, int32_t n, int32_t m, uint8_t r, AscendC::BinaryRepeatParams bp, AscendC::UnaryRepeatParams up, uint64_t m0, uint64_t m1, half sh, int32_t sw) {
// CHECK-NEXT:    AscendC::Compare(d, h, h, AscendC::CMPMODE::GT, m, r, bp);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::Compare<float, int8_t, 0>(s8, f, f, AscendC::CMPMODE::LE, mask_list, r, bp);
// CHECK-NEXT:    AscendC::Compare(d, w, w, AscendC::CMPMODE::EQ, n);
// CHECK-NEXT:    AscendC::Compare(h, h, AscendC::CMPMODE::GE, m, bp);
// CHECK-NEXT:    uint64_t mask_list_1[] = {m0, m1};
// CHECK-NEXT:    AscendC::Compare<float, 0>(f, f, AscendC::CMPMODE::NE, mask_list_1, bp);
// CHECK-NEXT:    AscendC::CompareScalar(d, h, sh, AscendC::CMPMODE::LT, m, r, up);
// CHECK-NEXT:    uint64_t mask_list_2[] = {m0, m1};
// CHECK-NEXT:    AscendC::CompareScalar<half, uint8_t, 0>(d, h, sh, AscendC::CMPMODE::GT, mask_list_2, r, up);
// CHECK-NEXT:    AscendC::CompareScalar(d, w, sw, AscendC::CMPMODE::EQ, n);
// CHECK-NEXT:    AscendC::CompareScalar(d, h, static_cast<half>(sw), AscendC::CMPMODE::LT, n);
// CHECK-NEXT:    AscendC::GetCmpMask(d);
// CHECK-NEXT:    AscendC::SetCmpMask(h);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @compare(%d: !ascendc.local_tensor<*xui8>, %s8: !ascendc.local_tensor<*xi8>, %h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %w: !ascendc.local_tensor<*xi32>, %n: i32, %m: i32, %r: ui8, %bp: !ascendc.binary_repeat_params, %up: !ascendc.unary_repeat_params, %m0: ui64, %m1: ui64, %sh: f16, %sw: i32) {
  ascendc.compare_l0 %d, %h, %h, %m, %r, %bp {cmpMode = 1 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, ui8, !ascendc.binary_repeat_params
  ascendc.compare_l1 %s8, %f, %f, %m0, %m1, %r, %bp {cmpMode = 3} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.compare_l2 %d, %w, %w, %n {cmpMode = 2} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.compare_r_l0 %h, %h, %m, %bp {cmpMode = 4, isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, !ascendc.binary_repeat_params
  ascendc.compare_r_l1 %f, %f, %m0, %m1, %bp {cmpMode = 5} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, !ascendc.binary_repeat_params
  ascendc.compare_scalar_l0 %d, %h, %sh, %m, %r, %up {cmpMode = 0, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, i32, ui8, !ascendc.unary_repeat_params
  ascendc.compare_scalar_l1 %d, %h, %sh, %m0, %m1, %r, %up {cmpMode = 1} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, ui8, !ascendc.unary_repeat_params
  ascendc.compare_scalar_l2 %d, %w, %sw, %n {cmpMode = 2} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, i32, i32
  // a scalar of another type is converted to the element type
  ascendc.compare_scalar_l2 %d, %h, %sw, %n {cmpMode = 0} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.get_cmp_mask %d : !ascendc.local_tensor<*xui8>
  ascendc.set_cmp_mask %h : !ascendc.local_tensor<*xf16>
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void selects(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<uint8_t> c8, AscendC::LocalTensor<uint16_t> c16, AscendC::LocalTensor<uint32_t> c32, AscendC::LocalTensor<uint64_t> c64, float sf, half sh, int32_t n, int32_t m, uint8_t r, AscendC::BinaryRepeatParams bp, uint64_t m0, uint64_t m1) {
// CHECK-NEXT:    AscendC::Select(f, c8, f, f, AscendC::SELMODE::VSEL_CMPMASK_SPR, m, r, bp);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::Select<half, uint16_t, 0>(h, c16, h, h, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, mask_list, r, bp);
// CHECK-NEXT:    AscendC::Select(f, c32, f, f, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
// CHECK-NEXT:    AscendC::Select<half, uint64_t, 0>(h, c64, h, sh, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, m, r, bp);
// CHECK-NEXT:    uint64_t mask_list_1[] = {m0, m1};
// CHECK-NEXT:    AscendC::Select(f, c8, f, sf, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, mask_list_1, r, bp);
// CHECK-NEXT:    AscendC::Select(f, c8, f, sf, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
// CHECK-NEXT:    AscendC::Select<half, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE>(h, h, h, r, bp);
// CHECK-NEXT:    AscendC::Select(f, c16, f, r, bp);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @selects(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %c8: !ascendc.local_tensor<*xui8>, %c16: !ascendc.local_tensor<*xui16>, %c32: !ascendc.local_tensor<*xui32>, %c64: !ascendc.local_tensor<*xui64>, %sf: f32, %sh: f16, %n: i32, %m: i32, %r: ui8, %bp: !ascendc.binary_repeat_params, %m0: ui64, %m1: ui64) {
  ascendc.select_l0 %f, %c8, %f, %f, %m, %r, %bp {selMode = 0 : i32, isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui8, !ascendc.binary_repeat_params
  ascendc.select_l1 %h, %c16, %h, %h, %m0, %m1, %r, %bp {selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.select_l2 %f, %c32, %f, %f, %n {selMode = 2 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.select_scalar_l0 %h, %c64, %h, %sh, %m, %r, %bp {selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xf16>, f16, i32, ui8, !ascendc.binary_repeat_params
  ascendc.select_scalar_l1 %f, %c8, %f, %sf, %m0, %m1, %r, %bp {selMode = 1 : i32, isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, f32, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.select_scalar_l2 %f, %c8, %f, %sf, %n {selMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.select_reg %h, %h, %h, %r, %bp {selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui8, !ascendc.binary_repeat_params
  ascendc.select_scalar_reg %f, %c16, %f, %r, %bp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xf32>, ui8, !ascendc.binary_repeat_params
  return
}
