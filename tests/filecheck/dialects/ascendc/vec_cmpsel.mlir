// Round trip of the compare and select ops (vec_cmpsel.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s

// CMPMODE is an i64 enum in pyasc (an untyped `{cmpMode = 3}` is i64 too); the mask
// and repeat operands take any integer type.
// CHECK-LABEL: func.func @compare(%d: !ascendc.local_tensor<*xui8>, %s8: !ascendc.local_tensor<*xi8>, %h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %w: !ascendc.local_tensor<*xi32>, %n: i32, %m: i32, %r: i8, %bp: !ascendc.binary_repeat_params, %up: !ascendc.unary_repeat_params, %m0: ui64, %m1: ui64, %sh: f16, %sw: i32)
// CHECK-NEXT:    ascendc.compare_l0 %d, %h, %h, %m, %r, %bp {cmpMode = 1 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.compare_l1 %s8, %f, %f, %m0, %m1, %r, %bp {cmpMode = 3 : i64} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.compare_l2 %d, %w, %w, %n {cmpMode = 2 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
// CHECK-NEXT:    ascendc.compare_r_l0 %h, %h, %m, %bp {cmpMode = 4 : i64, isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.compare_r_l1 %f, %f, %m0, %m1, %bp {cmpMode = 5 : i64} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.compare_scalar_l0 %d, %h, %sh, %m, %r, %up {cmpMode = 0 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, i32, i8, !ascendc.unary_repeat_params
// CHECK-NEXT:    ascendc.compare_scalar_l1 %d, %h, %sh, %m0, %m1, %r, %up {cmpMode = 1 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i8, !ascendc.unary_repeat_params
// CHECK-NEXT:    ascendc.compare_scalar_l2 %d, %w, %sw, %n {cmpMode = 2 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, i32, i32
// CHECK-NEXT:    ascendc.get_cmp_mask %d : !ascendc.local_tensor<*xui8>
// CHECK-NEXT:    ascendc.set_cmp_mask %h : !ascendc.local_tensor<*xf16>
// CHECK-NEXT:    func.return
func.func @compare(%d: !ascendc.local_tensor<*xui8>, %s8: !ascendc.local_tensor<*xi8>, %h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %w: !ascendc.local_tensor<*xi32>, %n: i32, %m: i32, %r: i8, %bp: !ascendc.binary_repeat_params, %up: !ascendc.unary_repeat_params, %m0: ui64, %m1: ui64, %sh: f16, %sw: i32) {
  ascendc.compare_l0 %d, %h, %h, %m, %r, %bp {cmpMode = 1 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i8, !ascendc.binary_repeat_params
  ascendc.compare_l1 %s8, %f, %f, %m0, %m1, %r, %bp {cmpMode = 3} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i8, !ascendc.binary_repeat_params
  ascendc.compare_l2 %d, %w, %w, %n {cmpMode = 2} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.compare_r_l0 %h, %h, %m, %bp {cmpMode = 4, isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, !ascendc.binary_repeat_params
  ascendc.compare_r_l1 %f, %f, %m0, %m1, %bp {cmpMode = 5} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, !ascendc.binary_repeat_params
  ascendc.compare_scalar_l0 %d, %h, %sh, %m, %r, %up {cmpMode = 0, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, i32, i8, !ascendc.unary_repeat_params
  ascendc.compare_scalar_l1 %d, %h, %sh, %m0, %m1, %r, %up {cmpMode = 1} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i8, !ascendc.unary_repeat_params
  ascendc.compare_scalar_l2 %d, %w, %sw, %n {cmpMode = 2} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.get_cmp_mask %d : !ascendc.local_tensor<*xui8>
  ascendc.set_cmp_mask %h : !ascendc.local_tensor<*xf16>
  return
}

// CHECK-LABEL: func.func @selects(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %c8: !ascendc.local_tensor<*xui8>, %c16: !ascendc.local_tensor<32xui16>, %c32: !ascendc.local_tensor<*xui32>, %c64: !ascendc.local_tensor<*xui64>, %sf: f32, %sh: f16, %n: ui32, %m: ui64, %r: ui8, %bp: !ascendc.binary_repeat_params, %m0: ui64, %m1: ui64)
// CHECK-NEXT:    ascendc.select_l0 %f, %c8, %f, %f, %m, %r, %bp {isSetMask, selMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.select_l1 %h, %c16, %h, %h, %m0, %m1, %r, %bp {selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<32xui16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.select_l2 %f, %c32, %f, %f, %n {selMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui32
// CHECK-NEXT:    ascendc.select_scalar_l0 %h, %c64, %h, %sh, %m, %r, %bp {selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xf16>, f16, ui64, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.select_scalar_l1 %f, %c8, %f, %sf, %m0, %m1, %r, %bp {isSetMask, selMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, f32, ui64, ui64, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.select_scalar_l2 %f, %c8, %f, %sf, %n {selMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, f32, ui32
// CHECK-NEXT:    ascendc.select_reg %h, %h, %h, %r, %bp {selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.select_scalar_reg %f, %c16, %f, %r, %bp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<32xui16>, !ascendc.local_tensor<*xf32>, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    func.return
func.func @selects(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %c8: !ascendc.local_tensor<*xui8>, %c16: !ascendc.local_tensor<32xui16>, %c32: !ascendc.local_tensor<*xui32>, %c64: !ascendc.local_tensor<*xui64>, %sf: f32, %sh: f16, %n: ui32, %m: ui64, %r: ui8, %bp: !ascendc.binary_repeat_params, %m0: ui64, %m1: ui64) {
  ascendc.select_l0 %f, %c8, %f, %f, %m, %r, %bp {selMode = 0 : i32, isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.select_l1 %h, %c16, %h, %h, %m0, %m1, %r, %bp {selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<32xui16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.select_l2 %f, %c32, %f, %f, %n {selMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui32
  ascendc.select_scalar_l0 %h, %c64, %h, %sh, %m, %r, %bp {selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xf16>, f16, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.select_scalar_l1 %f, %c8, %f, %sf, %m0, %m1, %r, %bp {selMode = 1 : i32, isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, f32, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.select_scalar_l2 %f, %c8, %f, %sf, %n {selMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, f32, ui32
  ascendc.select_reg %h, %h, %h, %r, %bp {selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui8, !ascendc.binary_repeat_params
  ascendc.select_scalar_reg %f, %c16, %f, %r, %bp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<32xui16>, !ascendc.local_tensor<*xf32>, ui8, !ascendc.binary_repeat_params
  return
}
