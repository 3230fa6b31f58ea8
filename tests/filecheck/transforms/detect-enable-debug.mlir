// ascendc-detect-enable-debug: a module that prints from the device (printf, DumpTensor),
// wherever the call sits, is marked asc.enable_debug; others are not.
// RUN: asc-opt %s --split-input-file -p ascendc-detect-enable-debug | filecheck %s

// printf in a branch inside a loop.
// CHECK: builtin.module attributes {asc.enable_debug} {
func.func @kernel(%n: i32, %lb: index, %ub: index, %step: index, %c: i1) attributes {ascendc.global} {
  scf.for %i = %lb to %ub step %step {
    scf.if %c {
      ascendc.printf %n {desc = "n = %d\n"} : i32
    }
  }
  func.return
}

// -----

// DumpTensor in a helper function.
// CHECK: builtin.module attributes {asc.enable_debug} {
func.func private @dump(%t: !ascendc.local_tensor<*xf32>, %n: ui32) {
  ascendc.dump_tensor %t, %n, %n : !ascendc.local_tensor<*xf32>, ui32, ui32
  func.return
}

// -----

// No device output: no mark (metrics are not printed output).
// CHECK:     builtin.module {
// CHECK-NOT: asc.enable_debug
func.func @quiet(%lb: index, %ub: index, %step: index) attributes {ascendc.global} {
  scf.for %i = %lb to %ub step %step {
    ascendc.metrics_prof_start
    ascendc.metrics_prof_stop
  }
  func.return
}
