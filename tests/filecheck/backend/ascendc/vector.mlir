// Emission of the vector compute ops (count form).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void binary(AscendC::LocalTensor<float> dst, AscendC::LocalTensor<float> src0, AscendC::LocalTensor<float> src1, AscendC::LocalTensor<half> h, AscendC::LocalTensor<int16_t> s, AscendC::LocalTensor<uint16_t> u, AscendC::LocalTensor<int32_t> w, int32_t n) {
// CHECK-NEXT:    AscendC::Add(dst, src0, src1, n);
// CHECK-NEXT:    AscendC::Sub(w, w, w, n);
// CHECK-NEXT:    AscendC::Mul(s, s, s, n);
// CHECK-NEXT:    AscendC::Div(h, h, h, n);
// CHECK-NEXT:    AscendC::Max(dst, src1, src0, n);
// CHECK-NEXT:    AscendC::Min(h, h, h, n);
// CHECK-NEXT:    AscendC::And(u, u, u, n);
// CHECK-NEXT:    AscendC::Or(s, s, s, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @binary(%dst: !ascendc.local_tensor<*xf32>, %src0: !ascendc.local_tensor<*xf32>, %src1: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xi16>, %u: !ascendc.local_tensor<*xui16>, %w: !ascendc.local_tensor<*xi32>, %n: i32) {
  ascendc.add_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.sub_l2 %w, %w, %w, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.mul_l2 %s, %s, %s, %n : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
  ascendc.div_l2 %h, %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.max_l2 %dst, %src1, %src0, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.min_l2 %h, %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.and_l2 %u, %u, %u, %n : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
  ascendc.or_l2 %s, %s, %s, %n : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void unary(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<int32_t> w, AscendC::LocalTensor<uint16_t> u, int32_t n) {
// CHECK-NEXT:    AscendC::Abs(f, f, n);
// CHECK-NEXT:    AscendC::Exp(h, h, n);
// CHECK-NEXT:    AscendC::Ln(f, f, n);
// CHECK-NEXT:    AscendC::Sqrt(h, h, n);
// CHECK-NEXT:    AscendC::Rsqrt(f, f, n);
// CHECK-NEXT:    AscendC::Reciprocal(h, h, n);
// CHECK-NEXT:    AscendC::Relu(w, w, n);
// CHECK-NEXT:    AscendC::Not(u, u, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @unary(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %w: !ascendc.local_tensor<*xi32>, %u: !ascendc.local_tensor<*xui16>, %n: i32) {
  ascendc.abs_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.exp_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.ln_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.sqrt_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.rsqrt_l2 %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.reciprocal_l2 %h, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.relu_l2 %w, %w, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.not_l2 %u, %u, %n : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void scalar(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<int16_t> s, AscendC::LocalTensor<int32_t> w, float sf, half sh, int16_t ss, int32_t sw, int32_t n) {
// CHECK-NEXT:    AscendC::Adds<float, 0>(f, f, sf, n);
// CHECK-NEXT:    AscendC::Adds<half, 1>(h, h, sh, n);
// CHECK-NEXT:    AscendC::Muls<int16_t, 1>(s, s, ss, n);
// CHECK-NEXT:    AscendC::Maxs<int32_t, 0>(w, w, sw, n);
// CHECK-NEXT:    AscendC::Mins<float, 1>(f, f, sf, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @scalar(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xi16>, %w: !ascendc.local_tensor<*xi32>, %sf: f32, %sh: f16, %ss: i16, %sw: i32, %n: i32) {
  ascendc.adds_l2 %f, %f, %sf, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.adds_l2 %h, %h, %sh, %n {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
  ascendc.muls_l2 %s, %s, %ss, %n {isSetMask} : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32
  ascendc.maxs_l2 %w, %w, %sw, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.mins_l2 %f, %f, %sf, %n {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  return
}


// The L3 forms are LocalTensor's operators: `dst = src0 + src1` calls the member
// `operator+(src1)` of src0.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void operators(AscendC::LocalTensor<float> dst, AscendC::LocalTensor<float> a, AscendC::LocalTensor<float> b) {
// CHECK-NEXT:    dst = a.operator+(b);
// CHECK-NEXT:    dst = a.operator-(b);
// CHECK-NEXT:    dst = b.operator*(a);
// CHECK-NEXT:    dst = a.operator/(b);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @operators(%dst: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf32>, %b: !ascendc.local_tensor<*xf32>) {
  ascendc.add_l3 %dst, %a, %b : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  ascendc.sub_l3 %dst, %a, %b : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  ascendc.mul_l3 %dst, %b, %a : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  ascendc.div_l3 %dst, %a, %b : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  return
}
