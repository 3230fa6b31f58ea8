// Verifier errors of the debug and profiling ops, located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @printf_unsupported_conversion(%n: i32) {
  // CHECK: invalid_debug.mlir:[[# @LINE + 3]]:3
  // CHECK-NEXT: ascendc.printf %n {desc = "%q"} : i32
  // CHECK: error: 'ascendc.printf': unsupported conversion in format '%q' (Ascend C printf supports %d %i %u %x %ld %lld %f %s %p)
  ascendc.printf %n {desc = "%q"} : i32
  return
}

// -----

func.func @printf_trailing_percent(%n: i32) {
  // CHECK: error: 'ascendc.printf': unsupported conversion in format 'n=%d 50%' (Ascend C printf supports
  ascendc.printf %n {desc = "n=%d 50%"} : i32
  return
}

// -----

func.func @printf_char(%n: i8) {
  // CHECK: error: 'ascendc.printf': unsupported conversion in format '%c'
  ascendc.printf %n {desc = "%c"} : i8
  return
}

// -----

func.func @printf_too_few_args(%n: i32) {
  // CHECK: error: 'ascendc.printf': format 'a=%d b=%d' has 2 conversion(s) but 1 argument(s) were given
  ascendc.printf %n {desc = "a=%d b=%d"} : i32
  return
}

// -----

func.func @printf_too_many_args(%n: i32) {
  // CHECK: error: 'ascendc.printf': format '100%%' has 0 conversion(s) but 1 argument(s) were given
  ascendc.printf %n {desc = "100%%"} : i32
  return
}

// -----

func.func @printf_int_conversion_float(%n: i32, %f: f32) {
  // CHECK: invalid_debug.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.printf': argument 1 for %d must be an integer, got f32
  ascendc.printf %n, %f {desc = "%u %d"} : i32, f32
  return
}

// -----

func.func @printf_hex_half(%h: f16) {
  // CHECK: error: 'ascendc.printf': argument 0 for %x must be an integer, got f16
  ascendc.printf %h {desc = "%x"} : f16
  return
}

// -----

func.func @printf_float_conversion_int(%n: i32) {
  // CHECK: error: 'ascendc.printf': argument 0 for %f must be a float, got i32
  ascendc.printf %n {desc = "%.2f"} : i32
  return
}

// -----

func.func @dump_tensor_not_tensor(%n: i32, %u: ui32) {
  // CHECK: invalid_debug.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.dump_tensor': tensor must be a local or global tensor, got i32
  ascendc.dump_tensor %n, %u, %u : i32, ui32, ui32
  return
}

// -----

func.func @dump_tensor_desc_float(%t: !ascendc.local_tensor<*xf32>, %f: f32, %u: ui32) {
  // CHECK: error: 'ascendc.dump_tensor': desc must be an integer, got f32
  ascendc.dump_tensor %t, %f, %u : !ascendc.local_tensor<*xf32>, f32, ui32
  return
}

// -----

func.func @dump_tensor_size_float(%t: !ascendc.global_tensor<*xf32>, %f: f32, %u: ui32) {
  // CHECK: error: 'ascendc.dump_tensor': dump_size must be an integer, got f32
  ascendc.dump_tensor %t, %u, %f : !ascendc.global_tensor<*xf32>, ui32, f32
  return
}

// -----

func.func @dump_acc_chk_point_not_tensor(%f: f32, %u: ui32) {
  // CHECK: error: 'ascendc.dump_acc_chk_point': tensor must be a local or global tensor, got f32
  ascendc.dump_acc_chk_point %f, %u, %u, %u : f32, ui32, ui32, ui32
  return
}

// -----

func.func @dump_acc_chk_point_index_float(%t: !ascendc.local_tensor<*xf16>, %f: f32, %u: ui32) {
  // CHECK: error: 'ascendc.dump_acc_chk_point': index must be an integer, got f32
  ascendc.dump_acc_chk_point %t, %f, %u, %u : !ascendc.local_tensor<*xf16>, f32, ui32, ui32
  return
}

// -----

func.func @dump_acc_chk_point_offset_float(%t: !ascendc.local_tensor<*xf16>, %f: f32, %u: ui32) {
  // CHECK: error: 'ascendc.dump_acc_chk_point': count_off must be an integer, got f32
  ascendc.dump_acc_chk_point %t, %u, %f, %u : !ascendc.local_tensor<*xf16>, ui32, f32, ui32
  return
}

// -----

func.func @dump_acc_chk_point_size_float(%t: !ascendc.local_tensor<*xf16>, %f: f32, %u: ui32) {
  // CHECK: error: 'ascendc.dump_acc_chk_point': dump_size must be an integer, got f32
  ascendc.dump_acc_chk_point %t, %u, %u, %f : !ascendc.local_tensor<*xf16>, ui32, ui32, f32
  return
}

// -----

func.func @print_time_stamp_float(%f: f32) {
  // CHECK: error: 'ascendc.print_time_stamp': desc_id must be an integer, got f32
  ascendc.print_time_stamp %f : f32
  return
}

// -----

func.func @dump_tensor_shape_info_not_struct(%t: !ascendc.local_tensor<*xf16>, %u: ui32) {
  // CHECK: error: 'ascendc.dump_tensor': shape_info must be !ascendc.shape_info, got ui32
  ascendc.dump_tensor %t, %u, %u, %u : !ascendc.local_tensor<*xf16>, ui32, ui32, ui32
  return
}

// -----

func.func @dump_tensor_too_many(%t: !ascendc.local_tensor<*xf16>, %u: ui32) {
  // CHECK: 'ascendc.dump_tensor': expected 3 or 4 operands, got 5
  ascendc.dump_tensor %t, %u, %u, %u, %u : !ascendc.local_tensor<*xf16>, ui32, ui32, ui32, ui32
  return
}
