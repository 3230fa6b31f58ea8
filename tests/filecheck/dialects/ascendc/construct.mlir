// Round trip of ascendc.construct (construct.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @construct(%n: i32, %h: ui16, %w: ui32, %b: i1, %c: ui8, %f: f16, %shape: memref<4xui32>)
// CHECK-NEXT:    %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) : i32, i32, i32, i32
// CHECK-NEXT:    %p0 = ascendc.construct !ascendc.data_copy_params()
// CHECK-NEXT:    %pt = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
// CHECK-NEXT:    %e4 = ascendc.construct !ascendc.data_copy_ext_params(%h, %w, %w, %w) : ui16, ui32, ui32, ui32
// CHECK-NEXT:    %e5 = ascendc.construct !ascendc.data_copy_ext_params(%n, %n, %n, %n, %n) : i32, i32, i32, i32, i32
// CHECK-NEXT:    %pp = ascendc.construct !ascendc.data_copy_pad_params(%b, %c, %c, %n) : i1, ui8, ui8, i32
// CHECK-NEXT:    %pe = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%b, %c, %c, %f) : i1, ui8, ui8, f16
// CHECK-NEXT:    %ce = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) constexpr : ui16, ui16, ui16, ui16
// CHECK-NEXT:    %st = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) [ui16, ui16, ui16, ui16] static : ui16, ui16, ui16, ui16
// CHECK-NEXT:    %si = ascendc.construct !ascendc.shape_info(%c, %shape) : ui8, memref<4xui32>
// CHECK-NEXT:    %si0 = ascendc.construct !ascendc.shape_info() []
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "construct"
// GENERIC:         %p = "ascendc.construct"(%n, %n, %n, %n) : (i32, i32, i32, i32) -> !ascendc.data_copy_params
// GENERIC-NEXT:    %p0 = "ascendc.construct"() : () -> !ascendc.data_copy_params
// GENERIC-NEXT:    %pt = "ascendc.construct"(%n, %n, %n, %n) <{types = [ui16, ui16, ui16, ui16]}> : (i32, i32, i32, i32) -> !ascendc.data_copy_params
// GENERIC-NEXT:    %e4 = "ascendc.construct"(%h, %w, %w, %w) : (ui16, ui32, ui32, ui32) -> !ascendc.data_copy_ext_params
// GENERIC-NEXT:    %e5 = "ascendc.construct"(%n, %n, %n, %n, %n) : (i32, i32, i32, i32, i32) -> !ascendc.data_copy_ext_params
// GENERIC-NEXT:    %pp = "ascendc.construct"(%b, %c, %c, %n) : (i1, ui8, ui8, i32) -> !ascendc.data_copy_pad_params
// GENERIC-NEXT:    %pe = "ascendc.construct"(%b, %c, %c, %f) : (i1, ui8, ui8, f16) -> !ascendc.data_copy_pad_ext_params<f16>
// GENERIC-NEXT:    %ce = "ascendc.construct"(%h, %h, %h, %h) <{isConstexpr}> : (ui16, ui16, ui16, ui16) -> !ascendc.data_copy_params
// GENERIC-NEXT:    %st = "ascendc.construct"(%h, %h, %h, %h) <{types = [ui16, ui16, ui16, ui16], isStatic}> : (ui16, ui16, ui16, ui16) -> !ascendc.data_copy_params
// GENERIC-NEXT:    %si = "ascendc.construct"(%c, %shape) : (ui8, memref<4xui32>) -> !ascendc.shape_info
// GENERIC-NEXT:    %si0 = "ascendc.construct"() <{types = []}> : () -> !ascendc.shape_info
func.func @construct(%n: i32, %h: ui16, %w: ui32, %b: i1, %c: ui8, %f: f16, %shape: memref<4xui32>) {
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) : i32, i32, i32, i32
  %p0 = ascendc.construct !ascendc.data_copy_params()
  %pt = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
  %e4 = ascendc.construct !ascendc.data_copy_ext_params(%h, %w, %w, %w) : ui16, ui32, ui32, ui32
  %e5 = ascendc.construct !ascendc.data_copy_ext_params(%n, %n, %n, %n, %n) : i32, i32, i32, i32, i32
  %pp = ascendc.construct !ascendc.data_copy_pad_params(%b, %c, %c, %n) : i1, ui8, ui8, i32
  %pe = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%b, %c, %c, %f) : i1, ui8, ui8, f16
  %ce = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) constexpr : ui16, ui16, ui16, ui16
  %st = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) [ui16, ui16, ui16, ui16] static : ui16, ui16, ui16, ui16
  %si = ascendc.construct !ascendc.shape_info(%c, %shape) : ui8, memref<4xui32>
  %si0 = ascendc.construct !ascendc.shape_info() []
  return
}
