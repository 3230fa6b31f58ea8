// Emission of the advanced math APIs (adv_math.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// The optional scratch buffer and count; a buffer of another element type is passed as a
// named byte view (some APIs take it by non-const reference).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void forms(AscendC::LocalTensor<float> dst, AscendC::LocalTensor<float> src, AscendC::LocalTensor<uint8_t> tmp, AscendC::LocalTensor<float> tmpf, int32_t n) {
// CHECK-NEXT:    constexpr bool false_ = false;
// CHECK-NEXT:    constexpr bool true_ = true;
// CHECK-NEXT:    AscendC::Acosh<float, false_>(dst, src, tmp, n);
// CHECK-NEXT:    AscendC::Acosh<float, true_>(dst, src);
// CHECK-NEXT:    AscendC::LocalTensor<uint8_t> tmpf_bytes = tmpf.ReinterpretCast<uint8_t>();
// CHECK-NEXT:    AscendC::Acosh<float, false_>(dst, src, tmpf_bytes);
// CHECK-NEXT:    AscendC::Acosh<float, false_>(dst, src, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @forms(%dst: !ascendc.local_tensor<1024xf32>, %src: !ascendc.local_tensor<1024xf32>, %tmp: !ascendc.local_tensor<4096xui8>, %tmpf: !ascendc.local_tensor<1024xf32>, %n: i32) {
  %false = arith.constant false
  %true = arith.constant true
  ascendc.acosh %dst, %src, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.acosh %dst, %src, %true {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i1
  ascendc.acosh %dst, %src, %tmpf, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i1
  ascendc.acosh %dst, %src, %n, %false {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i1
  return
}

// Every unary function (Log takes no scratch buffer; Ceil, Digamma, Floor, Lgamma, Round need a count).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void unary(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<uint8_t> tmp, int32_t n) {
// CHECK-NEXT:    constexpr bool false_ = false;
// CHECK-NEXT:    AscendC::Acos<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Acosh<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Asin<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Asinh<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Atan<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Atanh<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Ceil<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Cos<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Cosh<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Digamma<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Erf<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Erfc<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Floor<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Frac<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Lgamma<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Log<half, false_>(h, h, n);
// CHECK-NEXT:    AscendC::Round<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Sign<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Sin<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Sinh<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Tan<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Tanh<half, false_>(h, h, tmp, n);
// CHECK-NEXT:    AscendC::Trunc<float, false_>(f, f, tmp, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @unary(%f: !ascendc.local_tensor<1024xf32>, %h: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %n: i32) {
  %false = arith.constant false
  ascendc.acos %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.acosh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.asin %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.asinh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.atan %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.atanh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.ceil %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.cos %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.cosh %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.digamma %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.erf %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.erfc %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.floor %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.frac %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.lgamma %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.log %h, %h, %n, %false {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, i32, i1
  ascendc.round %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.sign %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.sin %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.sinh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.tan %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.tanh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.trunc %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  return
}

// Power of tensors, a tensor and a scalar, a scalar and a tensor; Xor.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void binary(AscendC::LocalTensor<float> f, AscendC::LocalTensor<int32_t> w, AscendC::LocalTensor<int16_t> s, AscendC::LocalTensor<uint16_t> u, AscendC::LocalTensor<uint8_t> tmp, float x, int32_t k, int32_t n) {
// CHECK-NEXT:    constexpr bool false_ = false;
// CHECK-NEXT:    AscendC::Power<float, false_>(f, f, f, tmp, n);
// CHECK-NEXT:    AscendC::Power<float, false_>(f, f, x);
// CHECK-NEXT:    AscendC::Power<int32_t, false_>(w, k, w, n);
// CHECK-NEXT:    AscendC::Xor<int16_t, false_>(s, s, s, tmp, n);
// CHECK-NEXT:    AscendC::Xor<uint16_t, false_>(u, u, u);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @binary(%f: !ascendc.local_tensor<1024xf32>, %w: !ascendc.local_tensor<1024xi32>, %s: !ascendc.local_tensor<1024xi16>, %u: !ascendc.local_tensor<1024xui16>, %tmp: !ascendc.local_tensor<4096xui8>, %x: f32, %k: i32, %n: i32) {
  %false = arith.constant false
  ascendc.power %f, %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.power %f, %f, %x, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, i1
  ascendc.power %w, %k, %w, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xi32>, i32, !ascendc.local_tensor<1024xi32>, i32, i1
  ascendc.xor %s, %s, %s, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.xor %u, %u, %u, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xui16>, !ascendc.local_tensor<1024xui16>, !ascendc.local_tensor<1024xui16>, i1
  return
}

// Axpy (half into float), ClampMax/ClampMin, Exp with a Taylor level.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void others(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<uint8_t> tmp, float a, int32_t n) {
// CHECK-NEXT:    constexpr bool false_ = false;
// CHECK-NEXT:    constexpr int8_t level = 4;
// CHECK-NEXT:    AscendC::Axpy<float, half, false_>(f, h, a, tmp, n);
// CHECK-NEXT:    AscendC::Axpy<half, half, false_>(h, h, a, tmp, n);
// CHECK-NEXT:    AscendC::ClampMax<float, false_>(f, f, tmp, a, n);
// CHECK-NEXT:    AscendC::ClampMin<half, false_>(h, h, a, n);
// CHECK-NEXT:    AscendC::Exp<float, level, false_>(f, f, tmp, n);
// CHECK-NEXT:    AscendC::Exp<half, level, false_>(h, h, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @others(%f: !ascendc.local_tensor<1024xf32>, %h: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %a: f32, %n: i32) {
  %false = arith.constant false
  %level = arith.constant 4 : i8
  ascendc.axpy %f, %h, %a, %tmp, %n, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf16>, f32, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.axpy %h, %h, %a, %tmp, %n, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, f32, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.clamp_max %f, %f, %tmp, %a, %n, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, f32, i32, i1
  ascendc.clamp_min %h, %h, %a, %n, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, f32, i32, i1
  ascendc.exp %f, %f, %n, %level, %tmp, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i8, !ascendc.local_tensor<4096xui8>, i1
  ascendc.exp %h, %h, %n, %level, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, i32, i8, i1
  return
}
