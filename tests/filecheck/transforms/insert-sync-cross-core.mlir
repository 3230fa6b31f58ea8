// ascendc-insert-sync on mix kernels: the cube <-> vector flags (CrossCoreSetFlag /
// CrossCoreWaitFlag, mode 2), each pair at the point both cores reach before the op
// that depends (before the outermost `if ascend_is_aic()/aiv()` around it), one id per
// (producer side, pipe); nothing is left for ascendc-verify-sync to report.
// RUN: asc-opt %s --split-input-file -p ascendc-insert-sync,ascendc-verify-sync 2>&1 | filecheck %s
// RUN: asc-opt %s --split-input-file -p ascendc-insert-sync,ascendc-verify-sync 2>&1 >/dev/null | filecheck --allow-empty --check-prefix=QUIET %s
// QUIET-NOT: {{warning|error}}

// A workspace reused every iteration: the AIC writes it (MTE3, from L1), the AIVs read
// it (MTE2). C -> V before the read; V -> C before the next iteration's write, at the
// top of the body (in the first iteration the AIVs set it before reading anything, so
// every set meets its wait).
// CHECK-LABEL: func.func @pingpong(
// CHECK-NEXT:    %[[EV:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[VC:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[CV:.*]] = arith.constant 0 : i32
// CHECK:         scf.for
// CHECK-NEXT:      %is_aiv = ascendc.ascend_is_aiv : i1
// CHECK-NEXT:      scf.if %is_aiv {
// CHECK-NEXT:        ascendc.cross_core_set_flag %[[CV]], 2, pipe_mte2 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %is_aic = ascendc.ascend_is_aic : i1
// CHECK-NEXT:      scf.if %is_aic {
// CHECK-NEXT:        ascendc.cross_core_wait_flag %[[CV]], 2, pipe_mte3 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %aic = ascendc.ascend_is_aic : i1
// CHECK-NEXT:      scf.if %aic {
// CHECK-NEXT:        ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:        ascendc.data_copy_l2 %gw, %l1, %c256
// CHECK-NEXT:      }
// CHECK-NEXT:      %is_aic_1 = ascendc.ascend_is_aic : i1
// CHECK-NEXT:      scf.if %is_aic_1 {
// CHECK-NEXT:        ascendc.cross_core_set_flag %[[VC]], 2, pipe_mte3 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %is_aiv_1 = ascendc.ascend_is_aiv : i1
// CHECK-NEXT:      scf.if %is_aiv_1 {
// CHECK-NEXT:        ascendc.cross_core_wait_flag %[[VC]], 2, pipe_mte2 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %aiv = ascendc.ascend_is_aiv : i1
// CHECK-NEXT:      scf.if %aiv {
// CHECK-NEXT:        ascendc.set_flag v_mte2, %[[EV]] : i32
// CHECK-NEXT:        ascendc.wait_flag v_mte2, %[[EV]] : i32
// CHECK-NEXT:        ascendc.data_copy_l2 %x, %gw, %c256
// CHECK-NOT:     warning
func.func @pingpong(%gw: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %lb: index, %ub: index) {
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
      ascendc.abs_l2 %x, %x, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    }
  }
  func.return
}

// -----

// No guards: the ops' units say the side (a copy from L1: the AIC; into UB: the AIVs).
// The read is in a branch both cores take alike: its pair goes in the branch, before it.
// CHECK-LABEL: func.func @branch(
// CHECK-NEXT:    %[[ID:.*]] = arith.constant 0 : i32
// CHECK:         ascendc.data_copy_l2 %gw, %l1, %c256
// CHECK-NEXT:    scf.if %c {
// CHECK-NEXT:      %is_aic = ascendc.ascend_is_aic : i1
// CHECK-NEXT:      scf.if %is_aic {
// CHECK-NEXT:        ascendc.cross_core_set_flag %[[ID]], 2, pipe_mte3 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %is_aiv = ascendc.ascend_is_aiv : i1
// CHECK-NEXT:      scf.if %is_aiv {
// CHECK-NEXT:        ascendc.cross_core_wait_flag %[[ID]], 2, pipe_mte2 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      ascendc.data_copy_l2 %x, %gw, %c256
// CHECK-NEXT:    } else {
// CHECK-NEXT:      ascendc.abs_l2 %x, %x, %c256
// CHECK-NEXT:    }
func.func @branch(%gw: !ascendc.global_tensor<*xf32>, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  scf.if %c {
    ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  } else {
    ascendc.abs_l2 %x, %x, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  func.return
}

// -----

// A SyncAll of every core orders the first dependence; the second gets a pair, its id
// past the kernel's own flags (0, 1, mode 1 between the AIVs) and SyncAll's 11-14.
// CHECK-LABEL: func.func @sync_all(
// CHECK-NEXT:    %[[ID:.*]] = arith.constant 2 : i32
// CHECK:         ascendc.sync_all_hard
// CHECK-NEXT:    ascendc.data_copy_l2 %x, %gw, %c256
// CHECK-NEXT:    ascendc.data_copy_l2 %gy, %l1, %c256
// CHECK-NEXT:    %is_aic = ascendc.ascend_is_aic : i1
// CHECK-NEXT:    scf.if %is_aic {
// CHECK-NEXT:      ascendc.cross_core_set_flag %[[ID]], 2, pipe_mte3 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %is_aiv = ascendc.ascend_is_aiv : i1
// CHECK-NEXT:    scf.if %is_aiv {
// CHECK-NEXT:      ascendc.cross_core_wait_flag %[[ID]], 2, pipe_mte2 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte2
// CHECK-NEXT:    ascendc.data_copy_l2 %x, %gy, %c256
func.func @sync_all(%gw: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  %aiv = ascendc.ascend_is_aiv : i1
  scf.if %aiv {
    ascendc.cross_core_set_flag %c0, 1, pipe_mte3 : i32
    ascendc.cross_core_wait_flag %c0, 1, pipe_mte3 : i32
    ascendc.cross_core_set_flag %c1, 1, pipe_mte3 : i32
    ascendc.cross_core_wait_flag %c1, 1, pipe_mte3 : i32
  }
  ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.sync_all_hard
  ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gy, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.data_copy_l2 %x, %gy, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}

// -----

// The read needs two of the AIC's pipes (Fixpipe, and a copy from L1 into the second
// half): one flag after PipeBarrier<PIPE_ALL> on the AIC. (The GM offsets are constants
// both cores agree on: a read of the first half only would need the Fixpipe alone.)
// CHECK-LABEL: func.func @two_pipes(
// CHECK:         ascendc.data_copy_l2 %gw2, %l1, %c256
// CHECK-NEXT:    %c512 = arith.constant 512 : i32
// CHECK-NEXT:    %is_aic = ascendc.ascend_is_aic : i1
// CHECK-NEXT:    scf.if %is_aic {
// CHECK-NEXT:      ascendc.pipe_barrier pipe_all
// CHECK-NEXT:      ascendc.cross_core_set_flag %{{.*}}, 2, pipe_fix : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %is_aiv = ascendc.ascend_is_aiv : i1
// CHECK-NEXT:    scf.if %is_aiv {
// CHECK-NEXT:      ascendc.cross_core_wait_flag %{{.*}}, 2, pipe_mte2 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.data_copy_l2 %x, %gw, %c512
func.func @two_pipes(%gw: !ascendc.global_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %f = arith.constant false
  %z64 = arith.constant 0 : i64
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %c16 = arith.constant 16 : i16
  %u16 = builtin.unrealized_conversion_cast %c16 : i16 to ui16
  %one = arith.constant 1 : i16
  %u1 = builtin.unrealized_conversion_cast %one : i16 to ui16
  %zero = arith.constant 0 : i16
  %u0 = builtin.unrealized_conversion_cast %zero : i16 to ui16
  %z8 = arith.constant 0 : i8
  %u8 = builtin.unrealized_conversion_cast %z8 : i8 to ui8
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %co1 = ascendc.local_tensor_v2 co1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  %gw2 = ascendc.global_tensor.subindex %gw[%c256] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
  %p = ascendc.construct !ascendc.fixpipe_params_v220(%u16, %u16, %u16, %s, %f, %c0, %z64, %u1, %u0, %u0, %u8, %f) : ui16, ui16, ui16, ui32, i1, i32, i64, ui16, ui16, ui16, ui8, i1
  %cfg = ascendc.construct !ascendc.fixpipe_config(%c1) : i32
  ascendc.fixpipe %gw, %co1, %p, %cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.data_copy_l2 %gw2, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  %c512 = arith.constant 512 : i32
  ascendc.data_copy_l2 %x, %gw, %c512 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}

// -----

// Hand-written flags that order both directions (the wait in all but the first
// iteration, the set in all but the last) are kept, and nothing is added.
// CHECK-LABEL: func.func @hand_written(
// CHECK-NOT:     %cross_flag
// CHECK-COUNT-2: ascendc.cross_core_set_flag
// CHECK-NOT:     ascendc.cross_core_set_flag
// CHECK:         func.return
func.func @hand_written(%gw: !ascendc.global_tensor<*xf32>, %n: index) {
  %c0i = arith.constant 0 : index
  %step = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  scf.for %i = %c0i to %n step %step {
    %aic = ascendc.ascend_is_aic : i1
    scf.if %aic {
      %later = arith.cmpi sgt, %i, %c0i : index
      scf.if %later {
        ascendc.cross_core_wait_flag %c1, 2, pipe_mte3 : i32
      }
      ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.cross_core_set_flag %c0, 2, pipe_mte3 : i32
    }
    %aiv = ascendc.ascend_is_aiv : i1
    scf.if %aiv {
      ascendc.cross_core_wait_flag %c0, 2, pipe_mte2 : i32
      ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      %next = arith.addi %i, %step : index
      %more = arith.cmpi slt, %next, %n : index
      scf.if %more {
        ascendc.cross_core_set_flag %c1, 2, pipe_mte2 : i32
      }
    }
  }
  func.return
}

// -----

// A loop that hands data one way: the AIC writes a new tile every iteration, the AIVs
// read it. Besides the C -> V pair, a V -> C credit before it: the AIC waits until the
// AIVs reach the same point, so it runs at most an iteration ahead (a flag counts at
// most 15 sets).
// CHECK-LABEL: func.func @one_way(
// CHECK:         scf.if %aic {
// CHECK-NEXT:      ascendc.data_copy_l2 %g, %l1, %c256
// CHECK-NEXT:    }
// CHECK-NEXT:    %is_aiv = ascendc.ascend_is_aiv : i1
// CHECK-NEXT:    scf.if %is_aiv {
// CHECK-NEXT:      ascendc.cross_core_set_flag %[[CREDIT:.*]], 2, pipe_mte3 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %is_aic = ascendc.ascend_is_aic : i1
// CHECK-NEXT:    scf.if %is_aic {
// CHECK-NEXT:      ascendc.cross_core_wait_flag %[[CREDIT]], 2, pipe_mte3 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %is_aic_1 = ascendc.ascend_is_aic : i1
// CHECK-NEXT:    scf.if %is_aic_1 {
// CHECK-NEXT:      ascendc.cross_core_set_flag %[[DATA:.*]], 2, pipe_mte3 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %is_aiv_1 = ascendc.ascend_is_aiv : i1
// CHECK-NEXT:    scf.if %is_aiv_1 {
// CHECK-NEXT:      ascendc.cross_core_wait_flag %[[DATA]], 2, pipe_mte2 : i32
// CHECK-NEXT:    }
func.func @one_way(%gw: !ascendc.global_tensor<*xf32>, %n: index) {
  %c0i = arith.constant 0 : index
  %step = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  scf.for %i = %c0i to %n step %step {
    %k = arith.index_cast %i : index to i32
    %off = arith.muli %k, %c256 : i32
    %g = ascendc.global_tensor.subindex %gw[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %aic = ascendc.ascend_is_aic : i1
    scf.if %aic {
      ascendc.data_copy_l2 %g, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    }
    %aiv = ascendc.ascend_is_aiv : i1
    scf.if %aiv {
      ascendc.data_copy_l2 %x, %g, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    }
  }
  func.return
}
