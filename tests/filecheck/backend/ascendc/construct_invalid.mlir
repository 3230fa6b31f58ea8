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

// `[types]` must agree with the struct's fixed field types: an int32_t into a uint16_t
// field narrows, which a braced initialiser forbids.
func.func @types_disagree(%n: i32, %h: ui16) {
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %h, %h) [i32, ui16, ui16, ui16] : i32, i32, ui16, ui16
  return
}

// CHECK: error: 'ascendc.construct': field 0 (count) of AscendC::DataCopyParams is ui16, not i32

// -----

// An array only fills a field that takes any type.
func.func @array_into_scalar_field(%a: memref<4xui16>, %h: ui16) {
  %p = ascendc.construct !ascendc.data_copy_params(%a, %h, %h, %h) : memref<4xui16>, ui16, ui16, ui16
  return
}

// CHECK: error: 'ascendc.construct': field 0 (count) of AscendC::DataCopyParams must be a scalar, got memref<4xui16>
