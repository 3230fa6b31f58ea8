// The buffer-id sync APIs exist on Ascend 950 only: elsewhere the headers compile them
// to nothing, so a module for another SoC is refused at the op.
// RUN: asc-opt %s --split-input-file --verify-diagnostics

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @on_a2(%id: ui8) {
    // expected-error @+1 {{'ascendc.mutex_lock': Mutex::Lock is buffer-id synchronisation of Ascend 950 (arch 3510); the module is compiled for Ascend910B (Atlas A2/A3), where the headers compile it to nothing}}
    ascendc.mutex_lock pipe_v, %id : ui8
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend310P"} {
  func.func @on_310p() {
    // expected-error @+1 {{'ascendc.alloc_mutex_id': AllocMutexID is buffer-id synchronisation of Ascend 950}}
    %id = ascendc.alloc_mutex_id : ui8
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @all_pipe(%id: ui8) {
    // expected-error @+1 {{'ascendc.mutex_unlock': Mutex::Unlock takes one of PIPE_S, PIPE_M, PIPE_V, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX, not PIPE_ALL}}
    ascendc.mutex_unlock pipe_all, %id : ui8
    func.return
  }
}
