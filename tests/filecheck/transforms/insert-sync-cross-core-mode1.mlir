// ascendc-insert-sync on a mix kernel's AIV <-> AIV dependences: one AIV of the AI Core
// reads GM the other wrote. A mode-1 pair (both AIVs set, both wait) goes right before
// the read, inside the AIVs' code, on its own id; verify-sync then reports nothing.
// RUN: asc-opt %s --split-input-file -p ascendc-insert-sync,ascendc-verify-sync 2>&1 | filecheck %s
// RUN: asc-opt %s --split-input-file -p ascendc-verify-sync 2>&1 | filecheck --check-prefix=VERIFY %s

// Only AIV0 (`if sub == 0`, a branch the AIVs do not run alike) writes ws[0:256]; both
// read it back after the branch: the pair goes after it, where both AIVs are.
// CHECK-LABEL: func.func @aiv0_writes(
// CHECK:         %[[ID:cross_flag[0-9]+]] = arith.constant 0 : i32
// CHECK:         scf.if %aiv {
// CHECK:           scf.if %first {
// CHECK-NEXT:        ascendc.data_copy_l2 %gw, %x, %c256
// CHECK-NEXT:      }
// CHECK-NEXT:      ascendc.cross_core_set_flag %[[ID]], 1, pipe_mte3 : i32
// CHECK-NEXT:      ascendc.cross_core_wait_flag %[[ID]], 1, pipe_mte2 : i32
// CHECK:           ascendc.data_copy_l2 %y, %gw, %c256
// CHECK-NOT:     warning
// VERIFY:      warning: 'ascendc.data_copy_l2' on one vector core (AIV, pipe MTE2) reads GM that 'ascendc.data_copy_l2' on the other AIV of its AI Core (pipe MTE3) writes, and no cross-core flag orders them: it needs CrossCoreSetFlag<1, PIPE_MTE3>(id) and CrossCoreWaitFlag<1>(id) on the AIVs between them
// VERIFY-NEXT: insert-sync-cross-core-mode1.mlir:[[# @LINE + 22]]:7
// VERIFY-NEXT: ascendc.data_copy_l2 %gw, %x
// VERIFY-NEXT: ^
// VERIFY-NEXT: note: the other AIV's access is here
func.func @aiv0_writes(%gw: !ascendc.global_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  %y = ascendc.local_tensor_v2 vecout, %s, %s : !ascendc.local_tensor<*xf32>
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    ascendc.pipe_barrier pipe_all
  }
  %aiv = ascendc.ascend_is_aiv : i1
  scf.if %aiv {
    %sub = ascendc.get_sub_block_idx : i64
    %z = arith.constant 0 : i64
    %first = arith.cmpi eq, %sub, %z : i64
    scf.if %first {
      ascendc.data_copy_l2 %gw, %x, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    }
    ascendc.data_copy_l2 %y, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  func.return
}
