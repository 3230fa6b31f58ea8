// Type constraints checked while parsing the custom syntax are reported at the op,
// with file:line:col, like any other parse error.
// RUN: asc-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// (A spec-defined op checks the types its syntax writes in its verifier, naming the
// operand: `dump_tensor`'s shape_info in invalid_debug.mlir. A type the syntax leaves
// out, because the operand can have only one, is checked while parsing.)

func.func @implied_type(%q: !ascendc.queue<vecin, 1>, %b: !ascendc.tbuf<vecin>, %n: i32) {
  // CHECK: invalid_parse_constraints.mlir:[[# @LINE + 2]]:28
  // CHECK: operand is used with type !ascendc.pipe, but has been previously used or defined with type !ascendc.queue<vecin, 1>
  ascendc.pipe.init_buffer %q, %b, %n : !ascendc.tbuf<vecin>, i32
  return
}
