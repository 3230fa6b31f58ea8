// ShiftRight's roundEn (session 10): the mask forms' optional last operand, a run-time
// bool or a constant, printed as the header's last argument `bool roundEn`; absent,
// nothing is printed (the header's default false). The first chunk is Atlas A2/A3 (a
// constant true is refused on Ascend 950, so tools/check_headers.py --arch 3510 checks
// it as refused); the second is Ascend 950 with false. Header-checked for 2201 and 3510
// by tests/unit/test_headers.py; numerics: tests/unit/test_shift_round_s10.py.
// RUN: asc-opt %s --split-input-file | asc-opt --split-input-file | filecheck %s --check-prefix=IR
// RUN: asc-opt %s --split-input-file -t ascendc | filecheck %s

// IR-LABEL: func.func @round_atlas
// IR:       ascendc.shift_right_l0 %a, %a, %s, %m, %r, %p, %t {isSetMask} : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32, i32, !ascendc.unary_repeat_params, i1
// IR-NEXT:  ascendc.shift_right_l0 %b, %b, %k, %m, %r, %p, %on : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32, i32, !ascendc.unary_repeat_params, i1
// IR-NEXT:  ascendc.shift_right_l1 %a, %a, %s, %m0, %m1, %r, %p, %on {isSetMask, operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 1, 1>}
// IR-NEXT:  ascendc.shift_right_l1 %u, %u, %w, %m0, %m1, %r, %p, %t {isSetMask, operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 1, 1>}
// IR-NEXT:  ascendc.shift_right_l0 %a, %a, %s, %m, %r, %p {isSetMask} : !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32, i32, !ascendc.unary_repeat_params
// IR-NEXT:  ascendc.shift_right_l1 %b, %b, %k, %m0, %m1, %r, %p {isSetMask, operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 1, 0>}

// CHECK-LABEL: __aicore__ void round_atlas(
// CHECK:      AscendC::ShiftRight<int16_t, 1>(a, a, s, m, r, p, t);
// CHECK-NEXT: AscendC::ShiftRight<int32_t, 0>(b, b, k, m, r, p, on);
// CHECK-NEXT: uint64_t [[MASK:.*]][] = {m0, m1};
// CHECK-NEXT: AscendC::ShiftRight<int16_t, 1>(a, a, s, [[MASK]], r, p, on);
// CHECK-NEXT: uint64_t [[MASK2:.*]][] = {m0, m1};
// CHECK-NEXT: AscendC::ShiftRight<uint32_t, 1>(u, u, w, [[MASK2]], r, p, t);
// CHECK-NEXT: AscendC::ShiftRight<int16_t, 1>(a, a, s, m, r, p);
// CHECK-NEXT: uint64_t [[MASK3:.*]][] = {m0, m1};
// CHECK-NEXT: AscendC::ShiftRight<int32_t, 1>(b, b, k, [[MASK3]], r, p);
func.func @round_atlas(%a: !ascendc.local_tensor<*xi16>, %b: !ascendc.local_tensor<*xi32>, %u: !ascendc.local_tensor<*xui32>, %s: i16, %k: i32, %w: ui32, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params, %m0: ui64, %m1: ui64, %t: i1) {
  %on = arith.constant true
  "ascendc.shift_right_l0"(%a, %a, %s, %m, %r, %p, %t) <{isSetMask}> : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32, i32, !ascendc.unary_repeat_params, i1) -> ()
  "ascendc.shift_right_l0"(%b, %b, %k, %m, %r, %p, %on) : (!ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32, i32, !ascendc.unary_repeat_params, i1) -> ()
  "ascendc.shift_right_l1"(%a, %a, %s, %m0, %m1, %r, %p, %on) <{isSetMask, operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 1, 1>}> : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, ui64, ui64, i32, !ascendc.unary_repeat_params, i1) -> ()
  "ascendc.shift_right_l1"(%u, %u, %w, %m0, %m1, %r, %p, %t) <{isSetMask, operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 1, 1>}> : (!ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, !ascendc.unary_repeat_params, i1) -> ()
  "ascendc.shift_right_l0"(%a, %a, %s, %m, %r, %p) <{isSetMask}> : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32, i32, !ascendc.unary_repeat_params) -> ()
  "ascendc.shift_right_l1"(%b, %b, %k, %m0, %m1, %r, %p) <{isSetMask, operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 1, 0>}> : (!ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, ui64, ui64, i32, !ascendc.unary_repeat_params) -> ()
  func.return
}

// -----

// IR-LABEL: func.func @round_950
// IR:       ascendc.shift_right_l0 %a, %a, %s, %m, %r, %p, %off {isSetMask}
// CHECK-LABEL: __aicore__ void round_950(
// CHECK:      AscendC::ShiftRight<int16_t, 1>(a, a, s, m, r, p, off);
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @round_950(%a: !ascendc.local_tensor<*xi16>, %s: i16, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params) {
    %off = arith.constant false
    "ascendc.shift_right_l0"(%a, %a, %s, %m, %r, %p, %off) <{isSetMask}> : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32, i32, !ascendc.unary_repeat_params, i1) -> ()
    func.return
  }
}
