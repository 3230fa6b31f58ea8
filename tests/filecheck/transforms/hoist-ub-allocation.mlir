// ascendc-hoist-ub-allocation: automatic scratch tensors (neither input nor output)
// leave loops and branches as far as their shape operands allow; input and output
// tensors stay where they are.
// RUN: asc-opt %s -p ascendc-hoist-ub-allocation | filecheck %s

// Tensors hoisted from one region come out later-made first (as pyasc orders them).
// CHECK-LABEL: func.func @scratch(
// CHECK-NEXT:    %dyn = ascendc.local_tensor_auto(%len) : <*xf16>
// CHECK-NEXT:    %tmp = ascendc.local_tensor_auto() : <128xf16>
// CHECK-NEXT:    scf.for %i = %lb to %ub step %step {
// CHECK-NEXT:      %x = ascendc.local_tensor_auto() input : <128xf16>
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        %y = ascendc.local_tensor_auto() output : <128xf16>
// CHECK-NEXT:        ascendc.add_l2 %tmp, %x, %dyn, %n
// CHECK-NEXT:        ascendc.abs_l2 %y, %tmp, %n
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @scratch(%n: i32, %len: i64, %lb: index, %ub: index, %step: index, %c: i1) {
  scf.for %i = %lb to %ub step %step {
    %x = ascendc.local_tensor_auto() input : !ascendc.local_tensor<128xf16>
    scf.if %c {
      %tmp = ascendc.local_tensor_auto() : !ascendc.local_tensor<128xf16>
      %dyn = ascendc.local_tensor_auto(%len) : !ascendc.local_tensor<*xf16>
      %y = ascendc.local_tensor_auto() output : !ascendc.local_tensor<128xf16>
      ascendc.add_l2 %tmp, %x, %dyn, %n : !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.abs_l2 %y, %tmp, %n : !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xf16>, i32
    }
  }
  func.return
}

// A shape computed in the loop keeps the tensor in the loop (out of the branch only).
// CHECK-LABEL: func.func @shape_in_loop(
// CHECK-NEXT:    scf.for %i = %lb to %ub step %step {
// CHECK-NEXT:      %len = arith.index_cast %i : index to i64
// CHECK-NEXT:      %tmp = ascendc.local_tensor_auto(%len) : <*xf32>
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        ascendc.duplicate_l2 %tmp, %v, %n
func.func @shape_in_loop(%v: f32, %n: i32, %lb: index, %ub: index, %step: index, %c: i1) {
  scf.for %i = %lb to %ub step %step {
    %len = arith.index_cast %i : index to i64
    scf.if %c {
      %tmp = ascendc.local_tensor_auto(%len) : !ascendc.local_tensor<*xf32>
      ascendc.duplicate_l2 %tmp, %v, %n : !ascendc.local_tensor<*xf32>, f32, i32
    }
  }
  func.return
}
