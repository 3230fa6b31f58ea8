// ascendc-verify-sync on a mix kernel's mode-1 flags (the two AIVs of a block): a wait
// for an id no mode-1 set makes (both AIVs hang) and a set no mode-1 wait takes.
// RUN: asc-opt %s -p ascendc-verify-sync 2>&1 >/dev/null | filecheck %s

// A mode-1 wait no AIV sets (both AIVs hang) and a set no AIV waits for.
// CHECK:      warning: CrossCoreWaitFlag<1>(3) waits for a mode-1 flag the AIVs never set: both AIVs wait forever (the kernel hangs on the NPU)
// CHECK:      warning: CrossCoreSetFlag<1>(4) sets a mode-1 flag the AIVs never wait for: its counts pile up (more than 15 is an error on the NPU)
func.func @unmatched(%gw: !ascendc.global_tensor<*xf32>) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    ascendc.pipe_barrier pipe_all
  }
  %aiv = ascendc.ascend_is_aiv : i1
  scf.if %aiv {
    ascendc.cross_core_wait_flag %c3, 1, pipe_mte2 : i32
    ascendc.cross_core_set_flag %c4, 1, pipe_mte3 : i32
  }
  func.return
}
