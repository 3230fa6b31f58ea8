// complex32 / complex64 in the basic vector API on Ascend 950: the count forms whose 3510
// implementations take complex (Add, Sub, Mul, Div and their operators, Adds, Muls,
// Duplicate, Select, and UB -> UB Copy of complex32; family_3510.COMPLEX_FORMS), Abs
// into the parts' type (abs_complex_l2) and Cast between complex types
// (vec_vconv.CAST_MODES_950_COMPLEX); a complex scalar printed `complex64(re, im)`.
// Header-checked for 3510 by tests/unit/test_headers.py.
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __aicore__ void c64(AscendC::LocalTensor<complex64> d, AscendC::LocalTensor<complex64> a, AscendC::LocalTensor<complex64> b, int32_t n, float re, float im) {
  // CHECK:      complex64 s = complex64(re, im);
  // CHECK-NEXT: AscendC::Add(d, a, b, n);
  // CHECK-NEXT: AscendC::Sub(d, a, b, n);
  // CHECK-NEXT: AscendC::Mul(d, a, b, n);
  // CHECK-NEXT: AscendC::Div(d, a, b, n);
  // CHECK-NEXT: d = a.operator+(b);
  // CHECK-NEXT: d = a.operator-(b);
  // CHECK-NEXT: d = a.operator*(b);
  // CHECK-NEXT: d = a.operator/(b);
  // CHECK-NEXT: AscendC::Adds<complex64, 1>(d, a, s, n);
  // CHECK-NEXT: AscendC::Muls<complex64, 1>(d, a, s, n);
  // CHECK-NEXT: AscendC::Duplicate(d, s, n);
  func.func @c64(%d: !ascendc.local_tensor<*xcomplex<f32>>, %a: !ascendc.local_tensor<*xcomplex<f32>>, %b: !ascendc.local_tensor<*xcomplex<f32>>, %n: i32, %re: f32, %im: f32) {
    %s = complex.create %re, %im : complex<f32>
    ascendc.add_l2 %d, %a, %b, %n : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.sub_l2 %d, %a, %b, %n : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.mul_l2 %d, %a, %b, %n : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.div_l2 %d, %a, %b, %n : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.add_l3 %d, %a, %b : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>
    ascendc.sub_l3 %d, %a, %b : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>
    ascendc.mul_l3 %d, %a, %b : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>
    ascendc.div_l3 %d, %a, %b : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>
    ascendc.adds_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, i32
    ascendc.muls_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, i32
    ascendc.duplicate_l2 %d, %s, %n : !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, i32
    func.return
  }

  // CHECK-LABEL: __aicore__ void c32(AscendC::LocalTensor<complex32> d, AscendC::LocalTensor<complex32> a, AscendC::LocalTensor<complex32> b, int32_t n, half re, half im) {
  // CHECK:      complex32 s = complex32(re, im);
  // CHECK-NEXT: AscendC::Div(d, a, b, n);
  // CHECK-NEXT: d = a.operator*(b);
  // CHECK-NEXT: AscendC::Muls<complex32, 1>(d, a, s, n);
  // CHECK-NEXT: AscendC::Adds<complex32, 1>(d, a, s, n);
  // CHECK-NEXT: AscendC::Duplicate(d, s, n);
  func.func @c32(%d: !ascendc.local_tensor<*xcomplex<f16>>, %a: !ascendc.local_tensor<*xcomplex<f16>>, %b: !ascendc.local_tensor<*xcomplex<f16>>, %n: i32, %re: f16, %im: f16) {
    %s = complex.create %re, %im : complex<f16>
    ascendc.div_l2 %d, %a, %b, %n : !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, i32
    ascendc.mul_l3 %d, %a, %b : !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>
    ascendc.muls_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, complex<f16>, i32
    ascendc.adds_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, complex<f16>, i32
    ascendc.duplicate_l2 %d, %s, %n : !ascendc.local_tensor<*xcomplex<f16>>, complex<f16>, i32
    func.return
  }

  // CHECK-LABEL: __aicore__ void sel_cast(AscendC::LocalTensor<complex64> d, AscendC::LocalTensor<complex32> h, AscendC::LocalTensor<uint8_t> sel, int32_t n, complex64 s, AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> hf, AscendC::CopyRepeatParams p) {
  // CHECK-NEXT: AscendC::Select(d, sel, d, d, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
  // CHECK-NEXT: AscendC::Select(d, sel, d, s, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
  // CHECK-NEXT: AscendC::Select(h, sel, h, h, AscendC::SELMODE::VSEL_CMPMASK_SPR, n);
  // CHECK-NEXT: AscendC::Cast<complex32, complex64>(h, d, AscendC::RoundMode::CAST_ODD, n);
  // CHECK-NEXT: AscendC::Cast<complex64, complex32>(d, h, AscendC::RoundMode::CAST_NONE, n);
  // CHECK-NEXT: AscendC::Cast<complex64, complex64>(d, d, AscendC::RoundMode::CAST_FLOOR, n);
  // CHECK-NEXT: AscendC::Abs(f, d, n);
  // CHECK-NEXT: AscendC::Abs(hf, h, n);
  // CHECK:      AscendC::Copy<complex32, one>(h, h, n, n, p);
  func.func @sel_cast(%d: !ascendc.local_tensor<*xcomplex<f32>>, %h: !ascendc.local_tensor<*xcomplex<f16>>, %sel: !ascendc.local_tensor<*xui8>, %n: i32, %s: complex<f32>, %f: !ascendc.local_tensor<*xf32>, %hf: !ascendc.local_tensor<*xf16>, %p: !ascendc.copy_repeat_params) {
    ascendc.select_l2 %d, %sel, %d, %d, %n {selMode = 2 : i32} : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.select_scalar_l2 %d, %sel, %d, %s, %n {selMode = 1 : i32} : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, i32
    ascendc.select_l2 %h, %sel, %h, %h, %n {selMode = 0 : i32} : !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, i32
    ascendc.cast_l2 %h, %d, %n {roundMode = 6 : i32} : !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.cast_l2 %d, %h, %n {roundMode = 0 : i32} : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f16>>, i32
    ascendc.cast_l2 %d, %d, %n {roundMode = 2 : i32} : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.abs_complex_l2 %f, %d, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.abs_complex_l2 %hf, %h, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xcomplex<f16>>, i32
    %one = arith.constant 1 : i8
    ascendc.copy_l1 %h, %h, %n, %n, %p, %one : !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, i32, i32, !ascendc.copy_repeat_params, i8
    func.return
  }
}
