// ascendc-define-cube-only: `#define ASCENDC_CUBE_ONLY` first in the module (before the
// includes it configures), the module marked asc.matmul_cube_only; running it again
// adds nothing.
// RUN: asc-opt %s -p ascendc-define-cube-only,ascendc-define-cube-only | filecheck %s

// CHECK:       builtin.module attributes {asc.matmul_cube_only} {
// CHECK-NEXT:    emitasc.verbatim "#define ASCENDC_CUBE_ONLY"
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    func.func @kernel
// CHECK-NOT:     ASCENDC_CUBE_ONLY
emitasc.include "kernel_operator.h"
func.func @kernel(%lb: index, %ub: index, %step: index, %c: i1) attributes {ascendc.global} {
  scf.for %i = %lb to %ub step %step {
    scf.if %c {
      ascendc.pipe_barrier pipe_all
    }
  }
  func.return
}
