// Ascend 950 (issue 30), session 10: the count forms of ShiftLeft / ShiftRight by a
// scalar of int8 / uint8 / int64 / uint64 (dav_3510 ShiftLeftImpl / ShiftRightImpl), and
// 3510's extra dtypes of And / Or (int32 / uint32 mask forms, 8- and 64-bit count forms)
// and Not (half / float too); ShiftLeft / ShiftRight by a tensor of counts (950 only).
// Header-checked for 3510 by tests/unit/test_headers.py.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // IR-LABEL: func.func @shifts
  // IR: ascendc.shift_left_l2 %a, %a, %s8, %n {isSetMask}
  // CHECK-LABEL: __aicore__ void shifts(
  // CHECK-NEXT: constexpr int32_t c32 = 32;
  // CHECK-NEXT: AscendC::ShiftLeft<int8_t, 1>(a, a, s8, n);
  // CHECK-NEXT: AscendC::ShiftRight<uint8_t, 1>(b, b, u8, n);
  // CHECK-NEXT: AscendC::ShiftLeft<int64_t, 1>(c, c, k, n);
  // CHECK-NEXT: AscendC::ShiftRight<int64_t, 1>(c, c, c32, n);
  // CHECK-NEXT: AscendC::ShiftLeft<uint64_t, 1>(d, d, u64, n);
  // CHECK-NEXT: AscendC::ShiftRight<uint64_t, 1>(d, d, k, n);
  func.func @shifts(%a: !ascendc.local_tensor<*xi8>, %s8: i8, %b: !ascendc.local_tensor<*xui8>, %u8: ui8, %c: !ascendc.local_tensor<*xi64>, %d: !ascendc.local_tensor<*xui64>, %u64: ui64, %k: i32, %n: i32) {
    %c32 = arith.constant 32 : i32
    "ascendc.shift_left_l2"(%a, %a, %s8, %n) <{isSetMask}> : (!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, i8, i32) -> ()
    "ascendc.shift_right_l2"(%b, %b, %u8, %n) <{isSetMask}> : (!ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xui8>, ui8, i32) -> ()
    "ascendc.shift_left_l2"(%c, %c, %k, %n) <{isSetMask}> : (!ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i32, i32) -> ()
    "ascendc.shift_right_l2"(%c, %c, %c32, %n) <{isSetMask}> : (!ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i32, i32) -> ()
    "ascendc.shift_left_l2"(%d, %d, %u64, %n) <{isSetMask}> : (!ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, ui64, i32) -> ()
    "ascendc.shift_right_l2"(%d, %d, %k, %n) <{isSetMask}> : (!ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, i32, i32) -> ()
    func.return
  }

  // IR-LABEL: func.func @by_tensor
  // IR: ascendc.shift_left_tensor_l2 %a, %a, %c, %n
  // CHECK-LABEL: __aicore__ void by_tensor(
  // CHECK-NEXT: AscendC::ShiftLeft(a, a, c, n);
  // CHECK-NEXT: AscendC::ShiftRight(b, b, c, n);
  // CHECK-NEXT: AscendC::ShiftLeft(q, q, k, n);
  // CHECK-NEXT: AscendC::ShiftRight(u, u, k, n);
  func.func @by_tensor(%a: !ascendc.local_tensor<*xi16>, %b: !ascendc.local_tensor<*xui16>, %c: !ascendc.local_tensor<*xi16>, %q: !ascendc.local_tensor<*xi64>, %u: !ascendc.local_tensor<*xui64>, %k: !ascendc.local_tensor<*xi64>, %n: i32) {
    "ascendc.shift_left_tensor_l2"(%a, %a, %c, %n) : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32) -> ()
    "ascendc.shift_right_tensor_l2"(%b, %b, %c, %n) : (!ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xi16>, i32) -> ()
    "ascendc.shift_left_tensor_l2"(%q, %q, %k, %n) : (!ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i32) -> ()
    "ascendc.shift_right_tensor_l2"(%u, %u, %k, %n) : (!ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xi64>, i32) -> ()
    func.return
  }

  // CHECK-LABEL: __aicore__ void bitwise(
  // CHECK-NEXT: AscendC::And<int32_t, 1>(i, i, i, m, r, bp);
  // CHECK-NEXT: uint64_t [[M0:.*]][] = {w0, w1};
  // CHECK-NEXT: AscendC::Or<uint32_t, 1>(u, u, u, [[M0]], r, bp);
  // CHECK-NEXT: AscendC::And(c, c, c, n);
  // CHECK-NEXT: AscendC::Or(a, a, a, n);
  // CHECK-NEXT: AscendC::Not<half, 1>(h, h, m, r, up);
  // CHECK-NEXT: uint64_t [[M1:.*]][] = {w0, w1};
  // CHECK-NEXT: AscendC::Not<float, 1>(f, f, [[M1]], r, up);
  // CHECK-NEXT: AscendC::Not(d, d, n);
  func.func @bitwise(%i: !ascendc.local_tensor<*xi32>, %u: !ascendc.local_tensor<*xui32>, %c: !ascendc.local_tensor<*xi64>, %a: !ascendc.local_tensor<*xi8>, %h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %d: !ascendc.local_tensor<*xui64>, %m: i32, %r: i32, %bp: !ascendc.binary_repeat_params, %up: !ascendc.unary_repeat_params, %w0: ui64, %w1: ui64, %n: i32) {
    "ascendc.and_l0"(%i, %i, %i, %m, %r, %bp) <{isSetMask}> : (!ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32, !ascendc.binary_repeat_params) -> ()
    "ascendc.or_l1"(%u, %u, %u, %w0, %w1, %r, %bp) <{isSetMask}> : (!ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, ui64, ui64, i32, !ascendc.binary_repeat_params) -> ()
    "ascendc.and_l2"(%c, %c, %c, %n) : (!ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i32) -> ()
    "ascendc.or_l2"(%a, %a, %a, %n) : (!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, i32) -> ()
    "ascendc.not_l0"(%h, %h, %m, %r, %up) <{isSetMask}> : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.not_l1"(%f, %f, %w0, %w1, %r, %up) <{isSetMask}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
    "ascendc.not_l2"(%d, %d, %n) : (!ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, i32) -> ()
    func.return
  }
}
