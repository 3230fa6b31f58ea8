// Verifier errors of the synchronisation ops, located at the failing op.
// RUN: asc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @event_id_not_int(%id: f32) {
  // CHECK: invalid_sync.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.set_flag': event id must be an integer, got f32
  ascendc.set_flag mte2_v, %id : f32
  return
}

// -----

func.func @max_event(%id: i32) {
  // CHECK: error: 'ascendc.wait_flag': MAX is not a hardware event
  ascendc.wait_flag max, %id : i32
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

func.func @block_idx_float() {
  // CHECK: error: 'ascendc.get_block_idx': result must be an integer, got f32
  %0 = ascendc.get_block_idx : f32
  return
}

// -----

func.func @ffts_not_u64(%addr: memref<?xi32, 22>) {
  // CHECK: error: 'ascendc.set_ffts_base_addr': the address must point to ui64, got memref<?xi32, 22 : i64>
  ascendc.set_ffts_base_addr %addr : memref<?xi32, 22>
  return
}
