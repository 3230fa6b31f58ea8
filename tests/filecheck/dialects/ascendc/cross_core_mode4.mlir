// Ascend 950's mode-4 cross-core flags (the AIC with one AIV of its AI Core): valid on
// arch 3510 with ids 0-31 and any pipe but PIPE_ALL.
// RUN: asc-opt %s --soc Ascend950PR_9599 --split-input-file --verify-diagnostics | filecheck %s

// CHECK-LABEL: func.func @mode4
// CHECK: ascendc.cross_core_set_flag %{{.*}}, 4, pipe_s : i32
// CHECK: ascendc.cross_core_wait_flag %{{.*}}, 4, pipe_fix : i32
func.func @mode4() {
  %c31 = arith.constant 31 : i32
  ascendc.cross_core_set_flag %c31, 4, pipe_s : i32
  ascendc.cross_core_wait_flag %c31, 4, pipe_fix : i32
  return
}

// -----

func.func @mode4_id_32() {
  %c32 = arith.constant 32 : i32
  // CHECK: cross_core_mode4.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.cross_core_wait_flag': CrossCoreWaitFlag<4> flag id 32 is out of range: mode 4 ids are 0-31 on the AIC (16-31 pair with AIV1) and 0-15 on an AIV
  ascendc.cross_core_wait_flag %c32, 4, pipe_fix : i32
  return
}

// -----

func.func @mode4_pipe_all(%flag: i32) {
  // CHECK: error: 'ascendc.cross_core_set_flag': CrossCoreSetFlag<4, PIPE_ALL>: mode 4 takes any pipe but PIPE_ALL
  ascendc.cross_core_set_flag %flag, 4, pipe_all : i32
  return
}

// -----

func.func @mode3(%flag: i32) {
  // CHECK: error: 'ascendc.cross_core_set_flag': CrossCoreSetFlag mode 3 does not exist on Ascend950PR_9599 (Ascend 950): modes are 0, 1, 2, 4
  ascendc.cross_core_set_flag %flag, 3, pipe_mte3 : i32
  return
}
