// ascendc-insert-sync{mutex=true} needs an Ascend 950 module (elsewhere the headers
// compile Mutex to nothing) and picks MutexIDs only where it can tell which are free.
// RUN: asc-opt %s --split-input-file -p ascendc-insert-sync{mutex=true} --verify-diagnostics


builtin.module attributes {ascendc.soc = "Ascend910B"} {
  // expected-error @+1 {{ascendc-insert-sync: mutex=true inserts Ascend 950 buffer-id sync, but the module is compiled for Ascend910B (Atlas A2/A3)}}
  func.func @on_a2() {
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @runtime_id(%id: ui8) {
    // expected-error @+1 {{ascendc-insert-sync: a MutexID computed at run time: mutex=true cannot tell which ids are free}}
    ascendc.mutex_lock pipe_v, %id : ui8
    ascendc.mutex_unlock pipe_v, %id : ui8
    func.return
  }
}
