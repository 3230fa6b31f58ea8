// loop-invariant-code-motion: side-effect free, speculatable ops whose operands come
// from outside a loop leave it (out of nested loops and of both regions of a while);
// what reads or writes memory stays, even when nothing in the loop writes what it reads
// (MLIR's rule), and so does a division that could trap.
// RUN: asc-opt %s --split-input-file -p loop-invariant-code-motion | filecheck %s

// CHECK-LABEL: func.func @nested(
// CHECK:         %t = ascendc.tbuf.get_tensor %buf
// CHECK-NEXT:    %tile = arith.muli %len, %c2 : i32
// CHECK-NEXT:    %inner = arith.addi %tile, %c1 : i32
// CHECK-NEXT:    %half = arith.divsi %len, %c2 : i32
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 : i32 {
// CHECK-NEXT:      %off = arith.muli %i, %tile : i32
// CHECK-NEXT:      %v = ascendc.local_tensor.get_value %t, %c0 : !ascendc.local_tensor<*xf32>, i32, f32
// CHECK-NEXT:      ascendc.duplicate_l2 %t, %v, %c64 : !ascendc.local_tensor<*xf32>, f32, i32
// CHECK-NEXT:      scf.for %j = %c0 to %n step %c1 : i32 {
// CHECK-NEXT:        %w = arith.addi %inner, %j : i32
// CHECK-NEXT:        %q = arith.divsi %w, %len : i32
// CHECK-NEXT:        %u = ascendc.local_tensor.get_value %t, %off : !ascendc.local_tensor<*xf32>, i32, f32
// CHECK-NEXT:        ascendc.local_tensor.set_value %t, %q, %u : !ascendc.local_tensor<*xf32>, i32, f32
// CHECK-NEXT:        ascendc.local_tensor.set_value %t, %half, %v : !ascendc.local_tensor<*xf32>, i32, f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @nested(%n: i32, %len: i32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %buf, %c64 : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %tile = arith.muli %len, %c2 : i32
    %off = arith.muli %i, %tile : i32
    // Reads what the vector op below writes in the same loop: stays.
    %v = ascendc.local_tensor.get_value %t, %c0 : !ascendc.local_tensor<*xf32>, i32, f32
    ascendc.duplicate_l2 %t, %v, %c64 : !ascendc.local_tensor<*xf32>, f32, i32
    scf.for %j = %c0 to %n step %c1 : i32 {
      %inner = arith.addi %tile, %c1 : i32
      %w = arith.addi %inner, %j : i32
      %q = arith.divsi %w, %len : i32
      %half = arith.divsi %len, %c2 : i32
      // Invariant operands, but a read: stays.
      %u = ascendc.local_tensor.get_value %t, %off : !ascendc.local_tensor<*xf32>, i32, f32
      ascendc.local_tensor.set_value %t, %q, %u : !ascendc.local_tensor<*xf32>, i32, f32
      ascendc.local_tensor.set_value %t, %half, %v : !ascendc.local_tensor<*xf32>, i32, f32
    }
  }
  func.return
}

// -----

// CHECK-LABEL: func.func @while_loop(
// CHECK-NEXT:    %c1 = arith.constant 1 : i32
// CHECK-NEXT:    %limit = arith.muli %n, %n : i32
// CHECK-NEXT:    %step = arith.addi %c1, %c1 : i32
// CHECK-NEXT:    %r = scf.while (%k = %c1) : (i32) -> i32 {
// CHECK-NEXT:      %more = arith.cmpi slt, %k, %limit : i32
// CHECK-NEXT:      scf.condition(%more) %k : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%k2: i32):
// CHECK-NEXT:      %k3 = arith.addi %k2, %step : i32
// CHECK-NEXT:      scf.yield %k3 : i32
// CHECK-NEXT:    }
func.func @while_loop(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%k = %c1) : (i32) -> i32 {
    %limit = arith.muli %n, %n : i32
    %more = arith.cmpi slt, %k, %limit : i32
    scf.condition(%more) %k : i32
  } do {
  ^bb0(%k2: i32):
    %step = arith.addi %c1, %c1 : i32
    %k3 = arith.addi %k2, %step : i32
    scf.yield %k3 : i32
  }
  func.return %r : i32
}

// -----

// Nothing to move: the loop is left as it is.
// CHECK-LABEL: func.func @nothing(
// CHECK-NEXT:    %c0 = arith.constant 0 : i32
// CHECK-NEXT:    %c1 = arith.constant 1 : i32
// CHECK:         scf.for %i = %c0 to %n step %c1 : i32 {
// CHECK-NEXT:      %x = arith.muli %i, %i : i32
// CHECK-NEXT:      ascendc.global_tensor.set_value %g, %i, %x
func.func @nothing(%p: memref<?xi32, 22>, %n: i32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = arith.muli %i, %i : i32
    ascendc.global_tensor.set_value %g, %i, %x : !ascendc.global_tensor<*xi32>, i32, i32
  }
  func.return
}
