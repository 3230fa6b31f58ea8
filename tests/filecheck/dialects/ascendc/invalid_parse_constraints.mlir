// Type constraints checked while parsing the custom syntax are reported at the op,
// with file:line:col, like any other parse error.
// RUN: asc-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// (A spec-defined op checks its operand types in its verifier, naming the operand:
// `dump_tensor`'s shape_info in invalid_debug.mlir.)

func.func @wrong_result_type() {
  // CHECK: invalid_parse_constraints.mlir:[[# @LINE + 2]]:3
  // CHECK: error: {{.*}}ascendc.local_tensor
  %x = ascendc.local_tensor : !ascendc.global_tensor<*xf32>
  return
}
