// The checks asc-opt adds to xDSL's verifiers (dialects/ir_diagnostics.py, by op name), each
// reported at the op's source line.
// RUN: asc-opt %s --split-input-file --verify-diagnostics | filecheck %s

// CHECK:      located_rules.mlir:[[# @LINE + 3]]:3
// CHECK:      error: 'arith.cmpi': predicate 12 is not one of 0..9
func.func @cmpi(%a: i32) -> i1 {
  %b = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1
  func.return %b : i1
}

// -----

// CHECK:      located_rules.mlir:[[# @LINE + 3]]:3
// CHECK:      error: 'arith.cmpf': predicate 16 is not one of 0..15
func.func @cmpf(%a: f32) -> i1 {
  %b = "arith.cmpf"(%a, %a) <{predicate = 16 : i64, fastmath = #arith.fastmath<none>}> : (f32, f32) -> i1
  func.return %b : i1
}

// -----

// CHECK:      located_rules.mlir:[[# @LINE + 2]]:1
// CHECK:      error: kernel @k: parameter 0 has type !ascendc.local_tensor<*xf32>; a kernel takes GM pointers
func.func @k(%t: !ascendc.local_tensor<*xf32>) attributes {ascendc.global} {
  func.return
}
