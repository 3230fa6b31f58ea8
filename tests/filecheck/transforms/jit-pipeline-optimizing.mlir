// ascendc-jit-pipeline's lowering and optimizing stages on a module that needs them: the
// call is inlined and the helpers dropped (inline, symbol-dce), the invariant product
// leaves the loop but the read of what the loop writes stays (loop-invariant-code-motion),
// and the helper's branch on its constant argument is decided (sccp).
// RUN: asc-opt %s -p ascendc-jit-pipeline | filecheck %s

// CHECK-NOT:   func.func private
// CHECK-LABEL: func.func @kernel(
// CHECK:         ascendc.global_tensor.set_global_buffer %g, %p
// CHECK-NEXT:    %c2 = arith.constant 2 : i32
// CHECK-NEXT:    %step = arith.muli %k, %c3 : i32
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 : i32 {
// CHECK-NEXT:      %old = ascendc.global_tensor.get_value %g, %c0
// CHECK-NEXT:      %new = arith.addi %old, %step : i32
// CHECK-NEXT:      ascendc.global_tensor.set_value %g, %c0, %new
// CHECK-NEXT:      %d = arith.muli %i, %c2 : i32
// CHECK-NEXT:      ascendc.global_tensor.set_value %g, %c1, %d
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// CHECK-NOT:   func.func

func.func private @scaled(%v: i32, %mode: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %double = arith.cmpi eq, %mode, %c0 : i32
  %r = scf.if %double -> (i32) {
    %d = arith.muli %v, %c2 : i32
    scf.yield %d : i32
  } else {
    scf.yield %v : i32
  }
  func.return %r : i32
}

func.func private @unused_helper() {
  func.return
}

func.func @kernel(%p: memref<?xi32, 22>, %n: i32, %k: i32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %step = arith.muli %k, %c3 : i32
    %old = ascendc.global_tensor.get_value %g, %c0 : !ascendc.global_tensor<*xi32>, i32, i32
    %new = arith.addi %old, %step : i32
    ascendc.global_tensor.set_value %g, %c0, %new : !ascendc.global_tensor<*xi32>, i32, i32
    %s = func.call @scaled(%i, %c0) : (i32, i32) -> i32
    ascendc.global_tensor.set_value %g, %c1, %s : !ascendc.global_tensor<*xi32>, i32, i32
  }
  func.return
}
