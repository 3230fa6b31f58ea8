// The checks dialects/dominance.py adds to xDSL's verifier: every use is dominated by
// its definition, and scf.if / scf.while pass on values of their result types; each
// reported at the op's source line, naming the operand.
// RUN: asc-opt %s --split-input-file --verify-diagnostics | filecheck %s
// (A value used outside the region that defines it cannot be written as text: the
// parser refuses the name. Those come from code generation and passes; the frontend's
// tests check them: tests/unit/frontend/test_scoped_objects.py.)

// CHECK:      dominance.mlir:[[# @LINE + 3]]:3
// CHECK:      error: operand #0 (%c) of 'arith.addi' is used before its definition by 'arith.addi'
func.func @use_before_def(%a: i32) -> i32 {
  %b = arith.addi %c, %a : i32
  %c = arith.addi %a, %a : i32
  func.return %b : i32
}

// -----

// A loop's body sees values from before the loop, not the loop's own results.
// CHECK:      dominance.mlir:[[# @LINE + 6]]:5
// CHECK:      error: operand #0 (%r) of 'arith.addi' is used inside the regions of its own definition 'scf.for'
func.func @own_result(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %s = arith.addi %r, %acc : i32
    scf.yield %s : i32
  }
  func.return %r : i32
}

// -----

// An scf.if with results whose branch yields nothing (the parser adds an empty
// scf.yield): reported at the scf.if.
// CHECK:      dominance.mlir:[[# @LINE + 3]]:3
// CHECK:      error: 'scf.yield' in the else region of 'scf.if' yields nothing, the 'scf.if' has results i32
func.func @if_without_yield(%p: i1) -> i32 {
  %r = scf.if %p -> (i32) {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  } else {
    %d = arith.constant 2 : i32
  }
  func.return %r : i32
}

// -----

// CHECK:      dominance.mlir:[[# @LINE + 4]]:5
// CHECK:      error: 'scf.yield' in the then region of 'scf.if' yields f32, the 'scf.if' has results i32
func.func @if_yield_type(%p: i1, %f: f32, %i: i32) -> i32 {
  %r = scf.if %p -> (i32) {
    scf.yield %f : f32
  } else {
    scf.yield %i : i32
  }
  func.return %r : i32
}

// -----

// CHECK:      dominance.mlir:[[# @LINE + 3]]:3
// CHECK:      error: 'scf.if' has results i32 but no else region to yield them
func.func @if_results_without_else(%p: i1, %i: i32) -> i32 {
  %r = "scf.if"(%p) ({
    "scf.yield"(%i) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  func.return %r : i32
}

// -----

// Several blocks: a value of a block is visible in the blocks it dominates only.
// CHECK:      dominance.mlir:[[# @LINE + 8]]:3
// CHECK:      error: operand #0 (%t) of 'func.return' is defined by 'arith.addi' in a block that does not dominate this use
func.func @cfg(%p: i1, %a: i32) -> i32 {
  cf.cond_br %p, ^then, ^join
^then:
  %t = arith.addi %a, %a : i32
  cf.br ^join
^join:
  func.return %t : i32
}

// -----

// What verifies: a value from a dominating block, uses in nested regions, an
// unreachable block, module-level symbols in any order.
// CHECK:      func.func @fine
// CHECK:      func.func @callee
func.func @fine(%p: i1, %a: i32) -> i32 {
  %c = func.call @callee(%a) : (i32) -> i32
  cf.cond_br %p, ^then, ^join
^then:
  %r = scf.if %p -> (i32) {
    %s = arith.addi %c, %a : i32
    scf.yield %s : i32
  } else {
    scf.yield %c : i32
  }
  cf.br ^join
^join:
  func.return %c : i32
^dead:
  %x = arith.addi %y, %r : i32
  %y = arith.addi %a, %a : i32
  func.return %x : i32
}
func.func @callee(%a: i32) -> i32 {
  func.return %a : i32
}
