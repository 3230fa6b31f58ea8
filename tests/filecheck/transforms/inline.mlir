// inline: MLIR's inliner. A func.call of a one-block function of the module becomes a
// copy of its body (callees first: a helper calling a helper is flattened once), in
// loops and branches alike; calls marked no_inline, calls of kernels, of declarations,
// of multi-block functions and recursive calls stay. Callees stay (symbol-dce drops them).
// RUN: asc-opt %s -p inline | filecheck %s
// RUN: asc-opt %s -p inline,symbol-dce | filecheck %s --check-prefix=DCE

func.func private @clamp(%v: i32, %hi: i32) -> i32 {
  %c = arith.cmpi sgt, %v, %hi : i32
  %r = scf.if %c -> (i32) {
    scf.yield %hi : i32
  } else {
    scf.yield %v : i32
  }
  func.return %r : i32
}

// A helper that calls a helper: clamp is inlined into it first.
func.func private @clamp_twice(%v: i32) -> i32 {
  %c8 = arith.constant 8 : i32
  %a = func.call @clamp(%v, %c8) : (i32, i32) -> i32
  %b = arith.addi %a, %a : i32
  func.return %b : i32
}

func.func private @store(%g: !ascendc.global_tensor<*xi32>, %i: i32, %v: i32) {
  ascendc.global_tensor.set_value %g, %i, %v : !ascendc.global_tensor<*xi32>, i32, i32
  func.return
}

// Recursive: calls of @countdown stay calls (in it and in the kernel).
func.func private @countdown(%v: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %done = arith.cmpi sle, %v, %c0 : i32
  %r = scf.if %done -> (i32) {
    scf.yield %c0 : i32
  } else {
    %w = arith.subi %v, %c1 : i32
    %x = func.call @countdown(%w) : (i32) -> i32
    scf.yield %x : i32
  }
  func.return %r : i32
}

// Two blocks: its branches could not live in an scf region.
func.func private @branchy(%c: i1, %v: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  func.return %v : i32
^b:
  %z = arith.constant 0 : i32
  func.return %z : i32
}

func.func private @external(i32) -> i32

func.func @other_kernel() attributes {ascendc.global} {
  func.return
}

// CHECK-LABEL: func.func private @clamp_twice(%v: i32) -> i32 {
// CHECK-NEXT:    %c8 = arith.constant 8 : i32
// CHECK-NEXT:    %c = arith.cmpi sgt, %v, %c8 : i32
// CHECK-NEXT:    %a = scf.if %c -> (i32) {
// CHECK-NEXT:      scf.yield %c8 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %v : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %b = arith.addi %a, %a : i32
// CHECK-NEXT:    func.return %b : i32

// CHECK-LABEL: func.func @kernel(
// CHECK:         %g = ascendc.global_tensor
// CHECK:         scf.for %i = %c0 to %n step %c1 : i32 {
// CHECK-NEXT:      %c = arith.cmpi sgt, %i, %c5 : i32
// CHECK-NEXT:      %a = scf.if %c -> (i32) {
// CHECK-NEXT:        scf.yield %c5 : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %i : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.if %flag {
// CHECK-NEXT:        %c8 = arith.constant 8 : i32
// CHECK-NEXT:        %c_1 = arith.cmpi sgt, %a, %c8 : i32
// CHECK-NEXT:        %a_1 = scf.if %c_1 -> (i32) {
// CHECK-NEXT:          scf.yield %c8 : i32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.yield %a : i32
// CHECK-NEXT:        }
// CHECK-NEXT:        %b = arith.addi %a_1, %a_1 : i32
// CHECK-NEXT:        ascendc.global_tensor.set_value %g, %i, %b : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    %d = func.call @countdown(%n) : (i32) -> i32
// CHECK-NEXT:    %e = func.call @clamp(%d, %c5) {no_inline} : (i32, i32) -> i32
// CHECK-NEXT:    %f = func.call @branchy(%flag, %e) : (i1, i32) -> i32
// CHECK-NEXT:    %x = func.call @external(%f) : (i32) -> i32
// CHECK-NEXT:    func.call @other_kernel() : () -> ()
// CHECK-NEXT:    ascendc.global_tensor.set_value %g, %c0, %x : !ascendc.global_tensor<*xi32>, i32, i32
// CHECK-NEXT:    func.return
func.func @kernel(%p: memref<?xi32, 22>, %n: i32, %flag: i1) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = func.call @clamp(%i, %c5) : (i32, i32) -> i32
    scf.if %flag {
      %b = func.call @clamp_twice(%a) : (i32) -> i32
      func.call @store(%g, %i, %b) : (!ascendc.global_tensor<*xi32>, i32, i32) -> ()
    }
  }
  %d = func.call @countdown(%n) : (i32) -> i32
  %e = func.call @clamp(%d, %c5) {no_inline} : (i32, i32) -> i32
  %f = func.call @branchy(%flag, %e) : (i1, i32) -> i32
  %x = func.call @external(%f) : (i32) -> i32
  func.call @other_kernel() : () -> ()
  func.call @store(%g, %c0, %x) : (!ascendc.global_tensor<*xi32>, i32, i32) -> ()
  func.return
}

// What is still called stays; clamp_twice and store, inlined everywhere, go.
// DCE:     func.func private @clamp(
// DCE-NOT: func.func private @clamp_twice(
// DCE-NOT: func.func private @store(
// DCE:     func.func private @countdown(
// DCE:     func.func private @branchy(
// DCE:     func.func private @external(i32) -> i32
// DCE:     func.func @other_kernel()
// DCE:     func.func @kernel(
