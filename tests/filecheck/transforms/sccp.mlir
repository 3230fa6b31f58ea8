// sccp: sparse conditional constant propagation over arith, scf, cf and func, with
// loops and branches: values proven constant become constants, branches and loops
// that a constant decides go, undefined operations are left to run.
// RUN: asc-opt %s --split-input-file -p sccp | filecheck %s

// A loop-carried value that stays 0 (0 * n), then a branch on it: the branch goes.
// CHECK-LABEL: func.func @loop_carried(
// CHECK-NEXT:    %c0 = arith.constant 0 : i32
// CHECK-NEXT:    %c1 = arith.constant 1 : i32
// CHECK:         %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
// CHECK-NEXT:      ascendc.global_tensor.set_value %g, %i, %c0 : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:      scf.yield %c0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.global_tensor.set_value %g, %c0, %c0 : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:    func.return
func.func @loop_carried(%n: i32, %p: memref<?xi32, 22>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %x = arith.muli %acc, %n : i32
    ascendc.global_tensor.set_value %g, %i, %x : !ascendc.global_tensor<*xi32>, i32, i32
    scf.yield %x : i32
  }
  %c = arith.cmpi eq, %r, %c0 : i32
  scf.if %c {
    ascendc.global_tensor.set_value %g, %c0, %r : !ascendc.global_tensor<*xi32>, i32, i32
  } else {
    ascendc.global_tensor.set_value %g, %c1, %r : !ascendc.global_tensor<*xi32>, i32, i32
  }
  func.return
}

// -----

// In a loop: a branch on a constant becomes its region (the other, with its store,
// goes); a branch whose sides yield the same constant folds to it.
// CHECK-LABEL: func.func @branches(
// CHECK-NEXT:    %c0 = arith.constant 0 : i32
// CHECK-NEXT:    %c1 = arith.constant 1 : i32
// CHECK-NEXT:    %c3 = arith.constant 3 : i32
// CHECK-NEXT:    %0 = arith.constant 6 : i32
// CHECK:         scf.for %i = %c0 to %n step %c1 : i32 {
// CHECK-NEXT:      %w = arith.addi %i, %c3 : i32
// CHECK-NEXT:      ascendc.global_tensor.set_value %g, %w, %0 : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @branches(%n: i32, %c: i1, %p: memref<?xi32, 22>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %big = arith.cmpi sgt, %c3, %c2 : i32
    %v = scf.if %big -> (i32) {
      %w = arith.addi %i, %c3 : i32
      scf.yield %w : i32
    } else {
      ascendc.global_tensor.set_value %g, %i, %c0 : !ascendc.global_tensor<*xi32>, i32, i32
      scf.yield %c0 : i32
    }
    %same = scf.if %c -> (i32) {
      %six = arith.muli %c2, %c3 : i32
      scf.yield %six : i32
    } else {
      %also = arith.addi %c3, %c3 : i32
      scf.yield %also : i32
    }
    ascendc.global_tensor.set_value %g, %v, %same : !ascendc.global_tensor<*xi32>, i32, i32
  }
  func.return
}

// -----

// A for that never iterates is its initial values; a while whose first condition is
// false is its `before` region; a while's loop-carried constant (s * 1) is that
// constant, its counter is not; an index_switch on a constant is the case it picks.
// CHECK-LABEL: func.func @loops(
// CHECK:         ascendc.global_tensor.set_global_buffer %g, %p
// CHECK-NEXT:    ascendc.global_tensor.set_value %g, %c10, %c3 : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:    %w, %w_1 = scf.while (%k = %c0, %s = %c3) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT:      %more = arith.cmpi slt, %k, %n : i32
// CHECK-NEXT:      scf.condition(%more) %k, %c3 : i32, i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%k2: i32, %s2: i32):
// CHECK-NEXT:      %k3 = arith.addi %k2, %c1 : i32
// CHECK-NEXT:      scf.yield %k3, %c3 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.global_tensor.set_value %g, %c1, %n : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:    ascendc.global_tensor.set_value %g, %c3, %c3 : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:    ascendc.global_tensor.set_value %g, %w, %c3 : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:    ascendc.global_tensor.set_value %g, %c10, %c10 : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:    func.return
func.func @loops(%n: i32, %p: memref<?xi32, 22>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %never = scf.for %i = %c10 to %c3 step %c1 iter_args(%acc = %c3) -> (i32) : i32 {
    ascendc.global_tensor.set_value %g, %i, %acc : !ascendc.global_tensor<*xi32>, i32, i32
    %z = arith.addi %acc, %n : i32
    scf.yield %z : i32
  }
  %once:2 = scf.while (%k = %c10, %s = %c3) : (i32, i32) -> (i32, i32) {
    ascendc.global_tensor.set_value %g, %k, %s : !ascendc.global_tensor<*xi32>, i32, i32
    %more = arith.cmpi slt, %k, %c3 : i32
    scf.condition(%more) %k, %s : i32, i32
  } do {
  ^bb0(%k2: i32, %s2: i32):
    %k3 = arith.addi %k2, %c1 : i32
    scf.yield %k3, %s2 : i32, i32
  }
  %w:2 = scf.while (%k = %c0, %s = %c3) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi slt, %k, %n : i32
    scf.condition(%more) %k, %s : i32, i32
  } do {
  ^bb0(%k2: i32, %s2: i32):
    %k3 = arith.addi %k2, %c1 : i32
    %s3 = arith.muli %s2, %c1 : i32
    scf.yield %k3, %s3 : i32, i32
  }
  %sw = arith.constant 1 : index
  %picked = scf.index_switch %sw -> i32
  case 0 {
    scf.yield %n : i32
  }
  case 1 {
    ascendc.global_tensor.set_value %g, %c1, %n : !ascendc.global_tensor<*xi32>, i32, i32
    scf.yield %c10 : i32
  }
  default {
    scf.yield %c0 : i32
  }
  ascendc.global_tensor.set_value %g, %never, %once#1 : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.global_tensor.set_value %g, %w#0, %w#1 : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.global_tensor.set_value %g, %picked, %picked : !ascendc.global_tensor<*xi32>, i32, i32
  func.return
}

// -----

// cf: a cond_br on a constant becomes a br and the block it no longer reaches goes;
// block arguments (also around a back edge) that only ever get 5 are 5.
// CHECK-LABEL: func.func @blocks(%n: i32) -> i32 {
// CHECK-NEXT:    %c5 = arith.constant 5 : i32
// CHECK-NEXT:    %0 = arith.constant 6 : i32
// CHECK-NEXT:    cf.br ^bb1(%c5 : i32)
// CHECK-NEXT:  ^bb1(%x: i32):
// CHECK-NEXT:    cf.br ^bb2(%c5 : i32)
// CHECK-NEXT:  ^bb2(%z: i32):
// CHECK-NEXT:    cf.br ^loop(%c5 : i32)
// CHECK-NEXT:  ^loop(%v: i32):
// CHECK-NEXT:    %again = arith.cmpi slt, %c5, %n : i32
// CHECK-NEXT:    cf.cond_br %again, ^loop(%c5 : i32), ^exit
// CHECK-NEXT:  ^exit:
// CHECK-NEXT:    func.return %0 : i32
func.func @blocks(%n: i32) -> i32 {
  %t = arith.constant true
  %c5 = arith.constant 5 : i32
  cf.cond_br %t, ^bb1(%c5 : i32), ^bb2(%n : i32)
^bb1(%x: i32):
  cf.br ^bb3(%x : i32)
^bb2(%y: i32):
  cf.br ^bb3(%y : i32)
^bb3(%z: i32):
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%z : i32)
^loop(%v: i32):
  %again = arith.cmpi slt, %v, %n : i32
  cf.cond_br %again, ^loop(%z : i32), ^exit
^exit:
  %r = arith.addi %v, %c1 : i32
  func.return %r : i32
}

// -----

// Undefined operations are not folded (they do what they do at run time): division
// by zero, INT_MIN / -1, a shift by the width; 7 / -1 is.
// CHECK-LABEL: func.func @undefined(
// CHECK:         %0 = arith.constant -7 : i32
// CHECK-NEXT:    %a = arith.divsi %c7, %c0 : i32
// CHECK-NEXT:    %b = arith.divsi %min, %cm1 : i32
// CHECK-NEXT:    %c = arith.shli %c7, %c32 : i32
// CHECK-NEXT:    %d = arith.remsi %c7, %c0 : i32
// CHECK-NEXT:    func.return %a, %b, %c, %d, %0 : i32, i32, i32, i32, i32
func.func @undefined(%p: memref<?xi32, 22>) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %c32 = arith.constant 32 : i32
  %min = arith.constant -2147483648 : i32
  %c7 = arith.constant 7 : i32
  %a = arith.divsi %c7, %c0 : i32
  %b = arith.divsi %min, %cm1 : i32
  %c = arith.shli %c7, %c32 : i32
  %d = arith.remsi %c7, %c0 : i32
  %e = arith.divsi %c7, %cm1 : i32
  func.return %a, %b, %c, %d, %e : i32, i32, i32, i32, i32
}

// -----

// Floats rounded to their type (f32 0.1 + 0.2 is f32 0.3; f16 0.1 * 0.1), floor
// division, conversions, comparisons, select (of one value; on a constant), unsigned
// max (-2 is 2^32 - 2); constants already there are reused (moved to the top).
// CHECK-LABEL: func.func @numbers(
// CHECK-NEXT:    %a = arith.constant 1.000000e-01 : f32
// CHECK-NEXT:    %0 = arith.constant 3.000000e-01 : f32
// CHECK-NEXT:    %1 = arith.constant 9.994510e-03 : f16
// CHECK-NEXT:    %2 = arith.constant -4 : i32
// CHECK-NEXT:    %3 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT:    %4 = arith.constant -2 : index
// CHECK-NEXT:    %t = arith.constant true
// CHECK-NEXT:    %c7 = arith.constant 7 : i32
// CHECK-NEXT:    %cm2 = arith.constant -2 : i32
// CHECK-NEXT:    func.return %0, %1, %2, %3, %4, %t, %a, %c7, %cm2 : f32, f16, i32, f32, index, i1, f32, i32, i32
func.func @numbers(%x: f32, %c: i1) -> (f32, f16, i32, f32, index, i1, f32, i32, i32) {
  %a = arith.constant 0.1 : f32
  %b = arith.constant 0.2 : f32
  %sum = arith.addf %a, %b : f32
  %h1 = arith.constant 0.1 : f16
  %h = arith.mulf %h1, %h1 : f16
  %c7 = arith.constant 7 : i32
  %cm2 = arith.constant -2 : i32
  %q = arith.floordivsi %c7, %cm2 : i32
  %f = arith.sitofp %cm2 : i32 to f32
  %i = arith.index_cast %cm2 : i32 to index
  %lt = arith.cmpf olt, %a, %b : f32
  %s = arith.select %c, %a, %a : f32
  %t = arith.constant true
  %sel = arith.select %t, %c7, %cm2 : i32
  %u = arith.maxui %c7, %cm2 : i32
  func.return %sum, %h, %q, %f, %i, %lt, %s, %sel, %u : f32, f16, i32, f32, index, i1, f32, i32, i32
}

// -----

// Across calls (MLIR's SCCP is interprocedural): a private function only called gets
// its callers' constants, and its callers its constant result; a public one does not.
// CHECK-LABEL: func.func private @scale(%v: i32, %k: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.constant 6 : i32
// CHECK-NEXT:    func.return %0 : i32
// CHECK-LABEL: func.func @public_helper(%v: i32) -> i32 {
// CHECK-NEXT:    %c2 = arith.constant 2 : i32
// CHECK-NEXT:    %r = arith.muli %v, %c2 : i32
// CHECK-LABEL: func.func @calls(
// CHECK:         %c = func.call @public_helper(%c3) : (i32) -> i32
// CHECK-NEXT:    func.return %0, %0, %c : i32, i32, i32
func.func private @scale(%v: i32, %k: i32) -> i32 {
  %r = arith.muli %v, %k : i32
  func.return %r : i32
}

func.func @public_helper(%v: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %r = arith.muli %v, %c2 : i32
  func.return %r : i32
}

func.func @calls(%n: i32) -> (i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %a = func.call @scale(%c2, %c3) {no_inline} : (i32, i32) -> i32
  %b = func.call @scale(%c2, %c3) {no_inline} : (i32, i32) -> i32
  %c = func.call @public_helper(%c3) : (i32) -> i32
  func.return %a, %b, %c : i32, i32, i32
}


// -----

// A while that may never end stays, though its result (always 0) is a constant and
// nothing else uses it: erasing it would turn a hang into a return.
// CHECK-LABEL: func.func @spin(%n: i32) -> i32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : i32
// CHECK-NEXT:    %i = scf.while (%k = %c0) : (i32) -> i32 {
// CHECK-NEXT:      %more = arith.cmpi slt, %c0, %n : i32
// CHECK-NEXT:      scf.condition(%more) %c0 : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%k2: i32):
// CHECK-NEXT:      scf.yield %c0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %c0 : i32
func.func @spin(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i = scf.while (%k = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %k, %n : i32
    scf.condition(%more) %k : i32
  } do {
  ^bb0(%k2: i32):
    %k3 = arith.muli %k2, %c1 : i32
    scf.yield %k3 : i32
  }
  func.return %i : i32
}

// -----

// A signless constant spelled unsigned is the same value: 4294967295 : i32 is -1, so
// the loop from 0 to it never iterates and the compare is true.
// CHECK-LABEL: func.func @spelling(%x: i32) -> (i32, i1) {
// CHECK-NEXT:    %0 = arith.constant true
// CHECK-NEXT:    func.return %x, %0 : i32, i1
func.func @spelling(%x: i32) -> (i32, i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %big = arith.constant 4294967295 : i32
  %m1 = arith.constant -1 : i32
  %r = scf.for %i = %c0 to %big step %c1 iter_args(%a = %x) -> (i32) : i32 {
    %b = arith.addi %a, %c1 : i32
    scf.yield %b : i32
  }
  %t = arith.cmpi eq, %big, %m1 : i32
  func.return %r, %t : i32, i1
}
