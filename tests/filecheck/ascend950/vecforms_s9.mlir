// Ascend 950 (issue 30), session 9: the mask forms (level 0: a count mask, level 1: a bit
// mask; UnaryRepeatParams) of the flexible-scalar-position Adds ... Ors (both sources
// LocalTensors, BinaryConfig::scalarTensorIndex), bfloat16 and complex in their count
// forms, and the 3510 dtypes of the ordinary Adds / Muls / Maxs / Mins the Atlas A2/A3
// table leaves out (bfloat16 in the mask forms; 8- and 64-bit ints and bfloat16 in
// Maxs / Mins' count forms). Header-checked for 3510 by tests/unit/test_headers.py.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // IR-LABEL: func.func @masked
  // IR: ascendc.adds_scalar_tensor_l0 %d, %a, %b, %m, %r, %p {isSetMask, scalarTensorIndex = 1 : i8}
  // IR: ascendc.adds_scalar_tensor_l1 %d, %b, %a, %w0, %w1, %r, %p {isSetMask, scalarTensorIndex = 0 : i8}
  // CHECK-LABEL: __aicore__ void masked(
  // CHECK-NEXT: AscendC::Adds(d, a, b, m, r, p);
  // CHECK-NEXT: uint64_t [[M0:.*]][] = {w0, w1};
  // CHECK-NEXT: AscendC::Adds(d, a, b, [[M0]], r, p);
  // CHECK-NEXT: AscendC::Muls<AscendC::BinaryDefaultType, false>(d, a, b, m, r, p);
  // CHECK-NEXT: uint64_t [[M1:.*]][] = {w0, w1};
  // CHECK-NEXT: AscendC::Maxs(d, a, b, [[M1]], r, p);
  // CHECK-NEXT: AscendC::Mins(d, a, b, m, r, p);
  // CHECK-NEXT: AscendC::Subs(d, a, b, m, r, p);
  // CHECK-NEXT: uint64_t [[M2:.*]][] = {w0, w1};
  // CHECK-NEXT: static constexpr AscendC::BinaryConfig [[C0:.*]] = {0};
  // CHECK-NEXT: AscendC::Subs<AscendC::BinaryDefaultType, true, [[C0]]>(d, b, a, [[M2]], r, p);
  // CHECK-NEXT: static constexpr AscendC::BinaryConfig [[C1:.*]] = {0};
  // CHECK-NEXT: AscendC::Subs<AscendC::BinaryDefaultType, false, [[C1]]>(d, b, a, m, r, p);
  // CHECK-NEXT: uint64_t [[M3:.*]][] = {w0, w1};
  // CHECK-NEXT: AscendC::Divs<AscendC::BinaryDefaultType, false>(d, a, b, [[M3]], r, p);
  // CHECK-NEXT: static constexpr AscendC::BinaryConfig [[C2:.*]] = {0};
  // CHECK-NEXT: AscendC::Divs<AscendC::BinaryDefaultType, true, [[C2]]>(d, b, a, m, r, p);
  func.func @masked(%d: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf32>, %b: !ascendc.local_tensor<*xf32>, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params, %w0: ui64, %w1: ui64, %n: i32) {
    "ascendc.adds_scalar_tensor_l0"(%d, %a, %b, %m, %r, %p) <{isSetMask, scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.adds_scalar_tensor_l1"(%d, %b, %a, %w0, %w1, %r, %p) <{isSetMask, scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.muls_scalar_tensor_l0"(%d, %b, %a, %m, %r, %p) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.maxs_scalar_tensor_l1"(%d, %a, %b, %w0, %w1, %r, %p) <{isSetMask, scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.mins_scalar_tensor_l0"(%d, %b, %a, %m, %r, %p) <{isSetMask, scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.subs_scalar_tensor_l0"(%d, %a, %b, %m, %r, %p) <{isSetMask, scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.subs_scalar_tensor_l1"(%d, %b, %a, %w0, %w1, %r, %p) <{isSetMask, scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.subs_scalar_tensor_l0"(%d, %b, %a, %m, %r, %p) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.divs_scalar_tensor_l1"(%d, %a, %b, %w0, %w1, %r, %p) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.divs_scalar_tensor_l0"(%d, %b, %a, %m, %r, %p) <{isSetMask, scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.unary_repeat_params) -> ()
    func.return
  }

  // CHECK-LABEL: __aicore__ void bits(
  // CHECK-NEXT: AscendC::Ands(d, a, b, m, r, p);
  // CHECK-NEXT: uint64_t [[M4:.*]][] = {w0, w1};
  // CHECK-NEXT: AscendC::Ors(d, a, b, [[M4]], r, p);
  func.func @bits(%d: !ascendc.local_tensor<*xui16>, %a: !ascendc.local_tensor<*xui16>, %b: !ascendc.local_tensor<*xui16>, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params, %w0: ui64, %w1: ui64, %n: i32) {
    "ascendc.ands_scalar_tensor_l0"(%d, %a, %b, %m, %r, %p) <{isSetMask, scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.ors_scalar_tensor_l1"(%d, %b, %a, %w0, %w1, %r, %p) <{isSetMask, scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
    func.return
  }

  // CHECK-LABEL: __aicore__ void bf16(
  // CHECK-NEXT: AscendC::Adds(d, a, b, m, r, p);
  // CHECK-NEXT: AscendC::Subs(d, a, b, n);
  // CHECK-NEXT: AscendC::Maxs(d, a, b, n);
  // CHECK-NEXT: AscendC::Adds<bfloat16_t, 1>(d, a, s, m, r, p);
  // CHECK-NEXT: uint64_t [[M5:.*]][] = {w0, w1};
  // CHECK-NEXT: AscendC::Muls<bfloat16_t, 1>(d, a, s, [[M5]], r, p);
  // CHECK-NEXT: AscendC::Maxs<bfloat16_t, 0>(d, a, s, m, r, p);
  // CHECK-NEXT: uint64_t [[M6:.*]][] = {w0, w1};
  // CHECK-NEXT: AscendC::Mins<bfloat16_t, 1>(d, a, s, [[M6]], r, p);
  // CHECK-NEXT: AscendC::Mins<bfloat16_t, 1>(d, a, s, n);
  func.func @bf16(%d: !ascendc.local_tensor<*xbf16>, %a: !ascendc.local_tensor<*xbf16>, %b: !ascendc.local_tensor<*xbf16>, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params, %w0: ui64, %w1: ui64, %n: i32, %s: bf16) {
    "ascendc.adds_scalar_tensor_l0"(%d, %a, %b, %m, %r, %p) <{isSetMask, scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.subs_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, i32) -> ()
    "ascendc.maxs_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, i32) -> ()
    "ascendc.adds_l0"(%d, %a, %s, %m, %r, %p) <{isSetMask}> : (!ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.muls_l1"(%d, %a, %s, %w0, %w1, %r, %p) <{isSetMask}> : (!ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.maxs_l0"(%d, %a, %s, %m, %r, %p) : (!ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.mins_l1"(%d, %a, %s, %w0, %w1, %r, %p) <{isSetMask}> : (!ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.mins_l2"(%d, %a, %s, %n) <{isSetMask}> : (!ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, i32) -> ()
    func.return
  }

  // CHECK-LABEL: __aicore__ void c64(
  // CHECK-NEXT: AscendC::Adds(d, a, b, n);
  // CHECK-NEXT: AscendC::Muls(d, a, b, n);
  // CHECK-NEXT: static constexpr AscendC::BinaryConfig [[Cc64:.*]] = {0};
  // CHECK-NEXT: AscendC::Subs<AscendC::BinaryDefaultType, true, [[Cc64]]>(d, b, a, n);
  // CHECK-NEXT: AscendC::Divs(d, a, b, n);
  func.func @c64(%d: !ascendc.local_tensor<*xcomplex<f32>>, %a: !ascendc.local_tensor<*xcomplex<f32>>, %b: !ascendc.local_tensor<*xcomplex<f32>>, %n: i32) {
    "ascendc.adds_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32) -> ()
    "ascendc.muls_scalar_tensor_l2"(%d, %b, %a, %n) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32) -> ()
    "ascendc.subs_scalar_tensor_l2"(%d, %b, %a, %n) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32) -> ()
    "ascendc.divs_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32) -> ()
    func.return
  }

  // CHECK-LABEL: __aicore__ void c32(
  // CHECK-NEXT: AscendC::Adds(d, a, b, n);
  // CHECK-NEXT: AscendC::Muls(d, a, b, n);
  // CHECK-NEXT: static constexpr AscendC::BinaryConfig [[Cc32:.*]] = {0};
  // CHECK-NEXT: AscendC::Subs<AscendC::BinaryDefaultType, true, [[Cc32]]>(d, b, a, n);
  // CHECK-NEXT: AscendC::Divs(d, a, b, n);
  func.func @c32(%d: !ascendc.local_tensor<*xcomplex<f16>>, %a: !ascendc.local_tensor<*xcomplex<f16>>, %b: !ascendc.local_tensor<*xcomplex<f16>>, %n: i32) {
    "ascendc.adds_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, i32) -> ()
    "ascendc.muls_scalar_tensor_l2"(%d, %b, %a, %n) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, i32) -> ()
    "ascendc.subs_scalar_tensor_l2"(%d, %b, %a, %n) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, i32) -> ()
    "ascendc.divs_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, i32) -> ()
    func.return
  }

  // CHECK-LABEL: __aicore__ void wide(
  // CHECK-NEXT: AscendC::Maxs<int64_t, 1>(q, q, s, n);
  // CHECK-NEXT: AscendC::Mins<int8_t, 1>(c, c, t, n);
  // CHECK-NEXT: AscendC::Maxs<uint64_t, 1>(u, u, v, n);
  func.func @wide(%q: !ascendc.local_tensor<*xi64>, %s: i64, %c: !ascendc.local_tensor<*xi8>, %t: i8, %u: !ascendc.local_tensor<*xui64>, %v: ui64, %n: i32) {
    "ascendc.maxs_l2"(%q, %q, %s, %n) <{isSetMask}> : (!ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i64, i32) -> ()
    "ascendc.mins_l2"(%c, %c, %t, %n) <{isSetMask}> : (!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, i8, i32) -> ()
    "ascendc.maxs_l2"(%u, %u, %v, %n) <{isSetMask}> : (!ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, ui64, i32) -> ()
    func.return
  }
}
