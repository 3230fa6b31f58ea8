// Verifier and parser errors of the synchronisation ops, located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @event_id_not_int(%id: f32) {
  // CHECK: invalid_sync.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.set_flag': event_id must be an integer, got f32
  ascendc.set_flag mte2_v, %id : f32
  return
}

// -----

func.func @barrier_scalar() {
  // CHECK: error: 'ascendc.pipe_barrier': PipeBarrier<PIPE_S> is not allowed
  ascendc.pipe_barrier pipe_s
  return
}

// -----

func.func @bad_keyword(%id: i32) {
  // CHECK: expected a HardEvent keyword
  ascendc.set_flag mte9_v, %id : i32
  return
}

// -----

func.func @bad_mem_dsb() {
  // CHECK: error: 'ascendc.data_sync_barrier': 7 is not a valid MemDsbT (valid: 0 (all), 1 (ddr), 2 (ub), 3 (seq))
  ascendc.data_sync_barrier {memDsbType = 7 : i32}
  return
}

// -----

func.func @not_a_function_type() {
  // CHECK: expected '() -> ()' for an op without operands
  ascendc.data_sync_barrier {memDsbType = 0 : i32} : (i32) -> ()
  return
}

// -----

func.func @ib_set_uint8(%gm: !ascendc.global_tensor<*xui8>, %ub: !ascendc.local_tensor<*xui8>, %n: i32) {
  // CHECK: invalid_sync.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.ib_set': gm_workspace must be a !ascendc.global_tensor of i32 (the flags), got !ascendc.global_tensor<*xui8>
  ascendc.ib_set %gm, %ub, %n, %n {isAIVOnly} : !ascendc.global_tensor<*xui8>, !ascendc.local_tensor<*xui8>, i32, i32
  return
}

// -----

func.func @ib_wait_local_workspace(%ub: !ascendc.local_tensor<*xi32>, %n: i32) {
  // CHECK: error: 'ascendc.ib_wait': gm_workspace must be a !ascendc.global_tensor of i32 (the flags), got !ascendc.local_tensor<*xi32>
  ascendc.ib_wait %ub, %ub, %n, %n : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  return
}

// -----

func.func @sync_all_mixed(%gm: !ascendc.global_tensor<*xi32>, %ub: !ascendc.local_tensor<*xf32>, %n: i32) {
  // CHECK: error: 'ascendc.sync_all_soft': ub_workspace must be a !ascendc.local_tensor of i32 (the flags), got !ascendc.local_tensor<*xf32>
  ascendc.sync_all_soft %gm, %ub, %n : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

func.func @sync_all_cores_float(%gm: !ascendc.global_tensor<*xi32>, %ub: !ascendc.local_tensor<*xi32>, %f: f32) {
  // CHECK: error: 'ascendc.sync_all_soft': used_cores must be an integer, got f32
  ascendc.sync_all_soft %gm, %ub, %f : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, f32
  return
}

// -----

func.func @cross_core_mode_type(%flag: i32) {
  // CHECK: error: 'ascendc.cross_core_set_flag': modeId must be a ui8 integer, got 0 : i32
  "ascendc.cross_core_set_flag"(%flag) <{modeId = 0 : i32, pipe = 1 : i32}> : (i32) -> ()
  return
}

// -----

func.func @cross_core_bad_pipe(%flag: i32) {
  // CHECK: expected a Pipe keyword
  ascendc.cross_core_wait_flag %flag, 0, pipe_q : i32
  return
}

// -----

func.func @cross_core_mode4_not_on_a2(%flag: i32) {
  // CHECK: invalid_sync.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.cross_core_set_flag': CrossCoreSetFlag mode 4 does not exist on Ascend910B1 (Atlas A2/A3): modes are 0, 1, 2; mode 4 (the AIC with one AIV) is Ascend 950's
  ascendc.cross_core_set_flag %flag, 4, pipe_mte3 : i32
  return
}

// -----

func.func @ffts_config_float(%f: f32) {
  // CHECK: error: 'ascendc.ffts_cross_core_sync': config must be an integer, got f32
  ascendc.ffts_cross_core_sync %f {pipe = 5 : i32} : f32
  return
}

// -----

func.func @ffts_not_u64(%addr: memref<?xi32, 22>) {
  // CHECK: error: 'ascendc.set_ffts_base_addr': address must be a GM pointer to ui64 (memref<?xui64, 22>), got memref<?xi32, 22 : i64>
  ascendc.set_ffts_base_addr %addr : memref<?xi32, 22>
  return
}

// -----

func.func @notify_float(%gm: !ascendc.global_tensor<*xf32>, %ub: !ascendc.local_tensor<*xf32>) {
  // CHECK: error: 'ascendc.notify_next_block': gm_workspace must be a !ascendc.global_tensor of i32 (the flags), got !ascendc.global_tensor<*xf32>
  ascendc.notify_next_block %gm, %ub : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  return
}
