// Verifier errors of ascendc.construct (construct.py), located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @not_constructible(%n: i32) {
  // CHECK: invalid_construct.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.construct': cannot construct i32 (constructible: the parameter structs and enums, !ascendc.shape_info, the data copy parameters
  %p = ascendc.construct i32(%n) : i32
  return
}

// -----

func.func @not_constructible_tensor() {
  // CHECK: error: 'ascendc.construct': cannot construct !ascendc.local_tensor<*xf32> (constructible:
  %p = ascendc.construct !ascendc.local_tensor<f32>()
  return
}

// -----

func.func @params_three_fields(%n: i32) {
  // CHECK: invalid_construct.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.construct': AscendC::DataCopyParams cannot be built from 3 fields
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n) : i32, i32, i32
  return
}

// -----

func.func @params_five_fields(%n: i32) {
  // CHECK: error: 'ascendc.construct': AscendC::DataCopyParams cannot be built from 5 fields
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n, %n) : i32, i32, i32, i32, i32
  return
}

// -----

func.func @ext_params_six_fields(%n: i32) {
  // CHECK: error: 'ascendc.construct': AscendC::DataCopyExtParams cannot be built from 6 fields
  %p = ascendc.construct !ascendc.data_copy_ext_params(%n, %n, %n, %n, %n, %n) : i32, i32, i32, i32, i32, i32
  return
}

// -----

func.func @pad_params_five_fields(%n: i32) {
  // CHECK: error: 'ascendc.construct': AscendC::DataCopyPadParams cannot be built from 5 fields
  %p = ascendc.construct !ascendc.data_copy_pad_params(%n, %n, %n, %n, %n) : i32, i32, i32, i32, i32
  return
}

// -----

func.func @pad_ext_params_two_fields(%n: i32) {
  // CHECK: error: 'ascendc.construct': AscendC::DataCopyPadExtParams cannot be built from 2 fields
  %p = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%n, %n) : i32, i32
  return
}

// -----

func.func @shape_info_one_field(%n: i32) {
  // CHECK: error: 'ascendc.construct': AscendC::ShapeInfo cannot be built from 1 field
  %p = ascendc.construct !ascendc.shape_info(%n) : i32
  return
}

// -----

func.func @types_count(%n: i32) {
  // CHECK: invalid_construct.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.construct': 2 field types for 4 fields
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) [ui16, ui16] : i32, i32, i32, i32
  return
}

// -----

func.func @types_not_types(%n: i32) {
  // CHECK: 1 : i64 should be of attribute subclassing `TypeAttribute`
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) [1, 2, 3, 4] : i32, i32, i32, i32
  return
}

// -----

func.func @field_tensor(%n: i32, %l: !ascendc.local_tensor<f32>) {
  // CHECK: error: 'ascendc.construct': field 0 (count) of AscendC::DataCopyParams must be a scalar, got !ascendc.local_tensor<*xf32>
  %p = ascendc.construct !ascendc.data_copy_params(%l, %n, %n, %n) : !ascendc.local_tensor<f32>, i32, i32, i32
  return
}

// -----

// An array only fills a pointer field (ShapeInfo's shapes); `static_cast<uint16_t>(ptr)` is not C++.
func.func @field_memref(%n: i32, %m: memref<4xui32>) {
  // CHECK: error: 'ascendc.construct': field 3 (dstStrideIn) of AscendC::DataCopyParams must be a scalar, got memref<4xui32>
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %m) : i32, i32, i32, memref<4xui32>
  return
}

// -----

func.func @field_params(%n: i32, %p: !ascendc.data_copy_params) {
  // CHECK: error: 'ascendc.construct': field 1 (inputShape) of AscendC::ShapeInfo must be an array (a memref), got !ascendc.data_copy_params
  %s = ascendc.construct !ascendc.shape_info(%n, %p) : i32, !ascendc.data_copy_params
  return
}
