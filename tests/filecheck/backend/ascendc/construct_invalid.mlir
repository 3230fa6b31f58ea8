// ascendc.construct forms the Ascend C headers have no constructor for: rejected by the
// verifier, located, instead of printing C++ that does not compile.
// RUN: asc-opt %s --split-input-file --verify-diagnostics | filecheck %s

// DataCopyExtParams takes 4 or 5 fields (blockCount, blockLen, srcStride, dstStride[, rsv]).
func.func @ext_three_fields(%n: i32) {
  %e = ascendc.construct !ascendc.data_copy_ext_params(%n, %n, %n) : i32, i32, i32
  return
}

// CHECK: error: 'ascendc.construct': AscendC::DataCopyExtParams cannot be built from 3 fields (accepted field counts: 0, 4, 5; see asc-devkit/include/basic_api/kernel_struct_data_copy.h)

// -----

// An array only fills a field that takes any type.
func.func @array_into_scalar_field(%a: memref<4xui16>, %h: ui16) {
  %p = ascendc.construct !ascendc.data_copy_params(%a, %h, %h, %h) : memref<4xui16>, ui16, ui16, ui16
  return
}

// CHECK: error: 'ascendc.construct': field 0 (count) of AscendC::DataCopyParams must be a scalar, got memref<4xui16>

// -----

// pyasc's UnaryRepeatParams from 3 fields: the headers take 0, 4 or 5.
func.func @unary_three_fields(%c: i8, %s: i16, %l: i64) {
  %p = ascendc.construct !ascendc.unary_repeat_params(%c, %s, %l) : i8, i16, i64
  return
}

// CHECK: error: 'ascendc.construct': AscendC::UnaryRepeatParams cannot be built from 3 fields (accepted field counts: 0, 4, 5; see asc-devkit/include/basic_api/kernel_struct_unary.h)

// -----

// A class template whose type does not carry T, built without a field of type T.
func.func @template_unknown() {
  %p = ascendc.construct !ascendc.init_const_value_params()
  return
}

// CHECK: error: 'ascendc.construct': AscendC::InitConstValueParams is a class template and !ascendc.init_const_value_params does not say its element type: give the fields of type T (their types, or [types], state it)

// -----

func.func @template_disagrees(%m: i32, %c: i8, %h: i16) {
  %p = ascendc.construct !ascendc.aipp_padding_params(%m, %c, %h) : i32, i8, i16
  return
}

// CHECK: error: 'ascendc.construct': the fields of AscendC::AippPaddingParams<T> disagree on T: i8, i16 (give [types])

// -----

func.func @enum_two_values(%x: i32) {
  %p = ascendc.construct !ascendc.fmatrix_mode(%x, %x) : i32, i32
  return
}

// CHECK: error: 'ascendc.construct': AscendC::FmatrixMode is an enum: it takes one value, not 2

// -----

// ListTensorDesc reads global memory: a local array is not its data.
func.func @list_desc_local(%a: memref<4xui8>) {
  %p = ascendc.construct !ascendc.list_tensor_desc(%a) : memref<4xui8>
  return
}

// CHECK: error: 'ascendc.construct': field 0 (data) of AscendC::ListTensorDesc must be a global memory pointer, got memref<4xui8>

// -----

// The headers declare pad_t at namespace scope, not in AscendC.
func.func @pad_t(%x: i32) {
  %p = ascendc.construct !ascendc.pad_t(%x) : i32
  return
}

// CHECK: error: 'ascendc.construct': !ascendc.pad_t stands for AscendC::pad_t, which the Ascend C headers do not declare
