// Round trip of the conversion ops (vec_vconv.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s

// CHECK-LABEL: func.func @casts(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xbf16>, %i8: !ascendc.local_tensor<*xi8>, %u8: !ascendc.local_tensor<*xui8>, %s16: !ascendc.local_tensor<*xi16>, %w: !ascendc.local_tensor<*xi32>, %n: i32, %m: ui64, %r: ui8, %up: !ascendc.unary_repeat_params, %m0: ui64, %m1: ui64)
// CHECK-NEXT:    ascendc.cast_l0 %h, %f, %m, %r, %up {isSetMask, roundMode = 6 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, ui64, ui8, !ascendc.unary_repeat_params
// CHECK-NEXT:    ascendc.cast_l1 %w, %b, %m0, %m1, %r, %up {roundMode = 5 : i32} : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xbf16>, ui64, ui64, ui8, !ascendc.unary_repeat_params
// CHECK-NEXT:    ascendc.cast_l2 %f, %h, %n {roundMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    ascendc.cast_l2 %u8, %h, %r {roundMode = 2 : i32} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, ui8
// CHECK-NEXT:    ascendc.cast_deq_l0 %i8, %s16, %m, %r, %up {halfBlock, isSetMask, isVecDeq} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, ui64, ui8, !ascendc.unary_repeat_params
// CHECK-NEXT:    ascendc.cast_deq_l1 %u8, %s16, %m0, %m1, %r, %up {halfBlock} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi16>, ui64, ui64, ui8, !ascendc.unary_repeat_params
// CHECK-NEXT:    ascendc.cast_deq_l2 %h, %w, %n {isVecDeq} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xi32>, i32
// CHECK-NEXT:    func.return
func.func @casts(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xbf16>, %i8: !ascendc.local_tensor<*xi8>, %u8: !ascendc.local_tensor<*xui8>, %s16: !ascendc.local_tensor<*xi16>, %w: !ascendc.local_tensor<*xi32>, %n: i32, %m: ui64, %r: ui8, %up: !ascendc.unary_repeat_params, %m0: ui64, %m1: ui64) {
  ascendc.cast_l0 %h, %f, %m, %r, %up {roundMode = 6 : i32, isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, ui64, ui8, !ascendc.unary_repeat_params
  ascendc.cast_l1 %w, %b, %m0, %m1, %r, %up {roundMode = 5 : i32} : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xbf16>, ui64, ui64, ui8, !ascendc.unary_repeat_params
  ascendc.cast_l2 %f, %h, %n {roundMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
  ascendc.cast_l2 %u8, %h, %r {roundMode = 2 : i32} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, ui8
  ascendc.cast_deq_l0 %i8, %s16, %m, %r, %up {isSetMask, isVecDeq, halfBlock} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, ui64, ui8, !ascendc.unary_repeat_params
  ascendc.cast_deq_l1 %u8, %s16, %m0, %m1, %r, %up {halfBlock} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xi16>, ui64, ui64, ui8, !ascendc.unary_repeat_params
  ascendc.cast_deq_l2 %h, %w, %n {isVecDeq} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xi32>, i32
  return
}

// CHECK-LABEL: func.func @relu_casts(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %i8: !ascendc.local_tensor<*xi8>, %s16: !ascendc.local_tensor<*xi16>, %n: i32, %m: i32, %r: ui8, %bp: !ascendc.binary_repeat_params, %m0: ui64, %m1: ui64)
// CHECK-NEXT:    ascendc.add_relu_cast_l0 %h, %f, %f, %m, %r, %bp {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.add_relu_cast_l1 %i8, %h, %h, %m0, %m1, %r, %bp : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.add_relu_cast_l2 %i8, %s16, %s16, %n : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
// CHECK-NEXT:    ascendc.sub_relu_cast_l0 %i8, %s16, %s16, %m, %r, %bp : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.sub_relu_cast_l1 %h, %f, %f, %m0, %m1, %r, %bp {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, ui8, !ascendc.binary_repeat_params
// CHECK-NEXT:    ascendc.sub_relu_cast_l2 %i8, %h, %h, %n : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT:    func.return
func.func @relu_casts(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %i8: !ascendc.local_tensor<*xi8>, %s16: !ascendc.local_tensor<*xi16>, %n: i32, %m: i32, %r: ui8, %bp: !ascendc.binary_repeat_params, %m0: ui64, %m1: ui64) {
  ascendc.add_relu_cast_l0 %h, %f, %f, %m, %r, %bp {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui8, !ascendc.binary_repeat_params
  ascendc.add_relu_cast_l1 %i8, %h, %h, %m0, %m1, %r, %bp : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.add_relu_cast_l2 %i8, %s16, %s16, %n : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32
  ascendc.sub_relu_cast_l0 %i8, %s16, %s16, %m, %r, %bp : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32, ui8, !ascendc.binary_repeat_params
  ascendc.sub_relu_cast_l1 %h, %f, %f, %m0, %m1, %r, %bp {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.sub_relu_cast_l2 %i8, %h, %h, %n : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// set_deq_scale has pyasc's own syntax: `scale[, offset, signMode] : types`.
// CHECK-LABEL: func.func @deq_scale(%sh: f16, %sf: f32, %off: i16, %sign: i1, %v: !ascendc.local_tensor<16xui64>, %info: !ascendc.vdeq_info)
// CHECK-NEXT:    ascendc.set_deq_scale %sh : f16
// CHECK-NEXT:    ascendc.set_deq_scale %sf, %off, %sign : f32, i16, i1
// CHECK-NEXT:    ascendc.set_deq_scale_l4 %v, %info : !ascendc.local_tensor<16xui64>, !ascendc.vdeq_info
// CHECK-NEXT:    func.return
func.func @deq_scale(%sh: f16, %sf: f32, %off: i16, %sign: i1, %v: !ascendc.local_tensor<16xui64>, %info: !ascendc.vdeq_info) {
  ascendc.set_deq_scale %sh : f16
  ascendc.set_deq_scale %sf, %off, %sign : f32, i16, i1
  ascendc.set_deq_scale_l4 %v, %info : !ascendc.local_tensor<16xui64>, !ascendc.vdeq_info
  return
}
