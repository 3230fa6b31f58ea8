// ascendc-verify-sync on mix kernels: a GM access of one core (the AIC or the AIVs)
// that nothing orders after the other core's, at the later op with the earlier one in a
// note, and the cross-core flag pair that would order them.
// RUN: asc-opt %s --split-input-file --verify-diagnostics -p ascendc-verify-sync 2>&1 | filecheck %s

// A workspace reused every iteration with no flags: the AIVs' read may run before the
// AIC's write, and the AIC's next write before the AIVs' read.
func.func @pingpong(%gw: !ascendc.global_tensor<*xf32>, %lb: index, %ub: index) {
  %step = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  scf.for %i = %lb to %ub step %step {
    %aic = ascendc.ascend_is_aic : i1
    scf.if %aic {
      ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    }
    %aiv = ascendc.ascend_is_aiv : i1
    scf.if %aiv {
      ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    }
  }
  func.return
}
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 9]]:7
// CHECK:      warning: 'ascendc.data_copy_l2' on the cube core (AIC, pipe MTE3) overwrites GM that 'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads in an earlier iteration, and no cross-core flag orders them: it needs CrossCoreSetFlag<2, PIPE_MTE2>(id) on the AIV after it and CrossCoreWaitFlag(id) on the AIC before this
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 7]]:7
// CHECK:      note: the vector side's access is here
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 9]]:7
// CHECK:      warning: 'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads GM that 'ascendc.data_copy_l2' on the cube core (AIC, pipe MTE3) writes, and no cross-core flag orders them: it needs CrossCoreSetFlag<2, PIPE_MTE3>(id) on the AIC after it and CrossCoreWaitFlag(id) on the AIV before this
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 15]]:7
// CHECK:      note: the cube side's access is here

// -----

// A hand-written pair on the wrong pipe: the AIC's set waits for its FIX work, not for
// the copy on MTE3; and a SyncAll of the AIVs only does not order the AIC.
func.func @wrong_pipe(%gw: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.cross_core_set_flag %c0, 2, pipe_fix : i32
    ascendc.data_copy_l2 %gy, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  %aiv = ascendc.ascend_is_aiv : i1
  scf.if %aiv {
    ascendc.cross_core_wait_flag %c0, 2, pipe_mte2 : i32
    ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  ascendc.sync_all_hard {isAIVOnly}
  ascendc.data_copy_l2 %x, %gy, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 6]]:5
// CHECK:      warning: 'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads GM that 'ascendc.data_copy_l2' on the cube core (AIC, pipe MTE3) writes, and no cross-core flag orders them
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 5]]:3
// CHECK:      warning: 'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads GM that 'ascendc.data_copy_l2' on the cube core (AIC, pipe MTE3) writes, and no cross-core flag orders them

// -----

// Both sides in the branches of one `if`: the warning says to split it.
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
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 4]]:5
// CHECK:      warning: 'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads GM that 'ascendc.data_copy_l2' on the cube core (AIC, pipe MTE3) writes, and no cross-core flag orders them: it needs CrossCoreSetFlag<2, PIPE_MTE3>(id) on the AIC after it and CrossCoreWaitFlag(id) on the AIV before this (both are under one `if ascend_is_aic()/aiv()`: write the sides as two `if`s, the producer's first)

// -----

// Flags nothing on the other core matches: the AIVs wait for 3, which the AIC never
// sets (a hang); the AIC sets 4, which the AIVs never wait for.
func.func @unmatched(%gw: !ascendc.global_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.cross_core_set_flag %c4, 2, pipe_mte3 : i32
  }
  %aiv = ascendc.ascend_is_aiv : i1
  scf.if %aiv {
    ascendc.cross_core_wait_flag %c3, 2, pipe_mte2 : i32
    ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  func.return
}
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 9]]:5
// CHECK:      warning: CrossCoreSetFlag<2>(4) on the AIC sets a flag the AIV never waits for: its counts pile up (more than 15 is an error on the NPU)
// CHECK:      verify-sync-cross-core.mlir:[[# @LINE - 7]]:5
// CHECK:      warning: CrossCoreWaitFlag(3) (mode 2) on the AIV waits for a flag the AIC never sets: it waits forever (the kernel hangs on the NPU)
// CHECK:      warning: 'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads GM that 'ascendc.data_copy_l2' on the cube core (AIC, pipe MTE3) writes, and no cross-core flag orders them
