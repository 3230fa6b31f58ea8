// ascendc-input-output-tensor: automatic tensors filled from GM are `input`, those copied
// to GM `output` (read from the copies' memory effects, through views, in loops and
// branches); marks are recomputed; a loop result copied to GM gets an output tensor.
// RUN: asc-opt %s -p ascendc-input-output-tensor | filecheck %s

// CHECK-LABEL: func.func @tiles(
// CHECK-NEXT:    scf.for %i = %lb to %ub step %step {
// CHECK-NEXT:      %x = ascendc.local_tensor_auto() input : <256xf32>
// CHECK-NEXT:      %xv = ascendc.local_tensor.subindex %x[%k]
// CHECK-NEXT:      ascendc.data_copy_l2 %xv, %gx, %n
// CHECK-NEXT:      %tmp = ascendc.local_tensor_auto() : <256xf32>
// CHECK-NEXT:      %y = ascendc.local_tensor_auto() output : <256xf32>
// CHECK-NEXT:      ascendc.exp_l2 %tmp, %x, %n
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        ascendc.data_copy_l2 %y, %tmp, %n
// CHECK-NEXT:        ascendc.data_copy_pad_l2 %gy, %y, %params
// CHECK-NEXT:      }
// CHECK-NEXT:      %io = ascendc.local_tensor_auto() input output : <256xf32>
func.func @tiles(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %params: !ascendc.data_copy_params, %n: i32, %k: i32, %lb: index, %ub: index, %step: index, %c: i1) {
  scf.for %i = %lb to %ub step %step {
    %x = ascendc.local_tensor_auto() : !ascendc.local_tensor<256xf32>
    %xv = ascendc.local_tensor.subindex %x[%k] : !ascendc.local_tensor<256xf32>, i32, !ascendc.local_tensor<256xf32>
    ascendc.data_copy_l2 %xv, %gx, %n : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
    %tmp = ascendc.local_tensor_auto() output : !ascendc.local_tensor<256xf32>
    %y = ascendc.local_tensor_auto() input : !ascendc.local_tensor<256xf32>
    ascendc.exp_l2 %tmp, %x, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
    scf.if %c {
      ascendc.data_copy_l2 %y, %tmp, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
      ascendc.data_copy_pad_l2 %gy, %y, %params : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<256xf32>, !ascendc.data_copy_params
    }
    %io = ascendc.local_tensor_auto() : !ascendc.local_tensor<256xf32>
    ascendc.data_copy_l2 %io, %gx, %n : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %gy, %io, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<256xf32>, i32
  }
  func.return
}

// An accumulator carried through a loop and copied out after it: the copy-out reads a
// new output tensor, filled from the loop's result.
// CHECK-LABEL: func.func @accumulate(
// CHECK-NEXT:    %acc0 = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:    %[[OUT:.*]] = ascendc.local_tensor_auto() output : <64xf32>
// CHECK-NEXT:    %acc = scf.for %i = %lb to %ub step %step iter_args(%a = %acc0) -> (!ascendc.local_tensor<64xf32>) {
// CHECK:         }
// CHECK-NEXT:    %[[N:.*]] = arith.constant 64 : i64
// CHECK-NEXT:    ascendc.data_copy_l2 %[[OUT]], %acc, %[[N]] : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i64
// CHECK-NEXT:    ascendc.data_copy_l2 %gy, %[[OUT]], %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
func.func @accumulate(%gy: !ascendc.global_tensor<*xf32>, %v: f32, %n: i32, %lb: index, %ub: index, %step: index) {
  %acc0 = ascendc.local_tensor_auto() : !ascendc.local_tensor<64xf32>
  %acc = scf.for %i = %lb to %ub step %step iter_args(%a = %acc0) -> (!ascendc.local_tensor<64xf32>) {
    ascendc.adds_l2 %a, %a, %v, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    scf.yield %a : !ascendc.local_tensor<64xf32>
  }
  ascendc.data_copy_l2 %gy, %acc, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
