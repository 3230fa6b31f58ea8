// The two branches of one `if ascend_is_aic() ... else ...` run on different cores at
// once: ascendc-insert-sync cannot put a pair between them. What the kernel's own flags
// order is fine; what they do not is a warning, located, and the IR gets no pair.
// RUN: asc-opt %s --split-input-file -p ascendc-insert-sync 2>&1 | filecheck %s

// The AIC writes and the AIVs read, no flags.
// CHECK:      insert-sync-cross-core-one-if.mlir:[[# @LINE + 17]]:5
// CHECK:      warning: not ordered (insert-sync cannot put a pair between the two branches of one `if`): 'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads GM that 'ascendc.data_copy_l2' on the cube core (AIC, pipe MTE3) writes, and no cross-core flag orders them: it needs CrossCoreSetFlag<2, PIPE_MTE3>(id) on the AIC after it and CrossCoreWaitFlag(id) on the AIV before this (both are under one `if ascend_is_aic()/aiv()`: write the sides as two `if`s, the producer's first)
// CHECK:      insert-sync-cross-core-one-if.mlir:[[# @LINE + 13]]:5
// CHECK:      note: the cube side's access is here
// CHECK-LABEL: func.func @one_if(
// CHECK-NOT:     cross_core
func.func @one_if(%gw: !ascendc.global_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  } else {
    ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  func.return
}

// -----

// A handshake written by hand in the two branches: the AIVs write x and set 5, the AIC
// waits for 5, reads x, writes y and sets 6 (on FIX, after PipeBarrier<PIPE_ALL>: FIX
// is not ordered after the scalar store otherwise), the AIVs wait for 6 and read y.
// Both dependences are ordered (one each way): no warning, nothing added.
// CHECK-NOT:   warning
// CHECK-LABEL: func.func @handshake(
// CHECK-COUNT-2: ascendc.cross_core_set_flag
// CHECK-NOT:     ascendc.cross_core_set_flag
// CHECK:         func.return
func.func @handshake(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %v = arith.constant 1.0 : f32
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    ascendc.cross_core_wait_flag %c5, 2, pipe_mte3 : i32
    %x = ascendc.global_tensor.get_value %gx, %c0 : !ascendc.global_tensor<*xf32>, i32, f32
    ascendc.global_tensor.set_value %gy, %c0, %x : !ascendc.global_tensor<*xf32>, i32, f32
    ascendc.pipe_barrier pipe_all
    ascendc.cross_core_set_flag %c6, 2, pipe_fix : i32
  } else {
    ascendc.global_tensor.set_value %gx, %c0, %v : !ascendc.global_tensor<*xf32>, i32, f32
    ascendc.cross_core_set_flag %c5, 2, pipe_mte3 : i32
    ascendc.cross_core_wait_flag %c6, 2, pipe_fix : i32
    %y = ascendc.global_tensor.get_value %gy, %c0 : !ascendc.global_tensor<*xf32>, i32, f32
  }
  func.return
}
