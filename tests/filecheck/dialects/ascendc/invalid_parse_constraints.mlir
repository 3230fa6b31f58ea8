// Type constraints checked while parsing the custom syntax are reported at the op,
// with file:line:col, like any other parse error.
// RUN: asc-opt %s --split-input-file --parsing-diagnostics | filecheck %s

func.func @shape_info_operand(%t: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: invalid_parse_constraints.mlir:[[# @LINE + 2]]:3
  // CHECK: error: Expected attribute !ascendc.shape_info but got i32
  ascendc.dump_tensor %t, %n, %n, %n : !ascendc.local_tensor<*xf32>, i32, i32, i32
  return
}

// -----

func.func @wrong_result_type() {
  // CHECK: invalid_parse_constraints.mlir:[[# @LINE + 2]]:3
  // CHECK: error: {{.*}}ascendc.local_tensor
  %x = ascendc.local_tensor : !ascendc.global_tensor<*xf32>
  return
}
