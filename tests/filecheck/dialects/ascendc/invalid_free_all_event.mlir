// Verifier error of ascendc.que_bind.free_all_event (framework.py): a queue of depth 0
// (the headers static_assert depth != 0), located at the op.
// RUN: asc-opt %s --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @depth_zero() {
  %q = ascendc.queue : <vecin, 0>
  // CHECK: invalid_free_all_event.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.que_bind.free_all_event': queue must be a !ascendc.queue or !ascendc.que_bind of depth at least 1 (a queue of depth 0 works in place), got !ascendc.queue<vecin, 0>
  ascendc.que_bind.free_all_event %q : !ascendc.queue<vecin, 0>
  return
}
