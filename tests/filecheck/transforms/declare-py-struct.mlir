// ascendc-declare-py-struct: each Python struct a value of the module has (arguments,
// results, loop-carried values, fields of other structs) is declared once, after the
// structs its fields use and after the module's includes.
// RUN: asc-opt %s -p ascendc-generate-boilerplate,ascendc-declare-py-struct,ascendc-declare-py-struct | filecheck %s

// CHECK:       builtin.module {
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    emitasc.declare_py_struct !emitasc.py_struct<"Tile", [i32, i32], ["rows", "cols"]>
// CHECK-NEXT:    emitasc.declare_py_struct !emitasc.py_struct<"Config", [!emitasc.py_struct<"Tile", [i32, i32], ["rows", "cols"]>, f32], ["tile", "scale"]>
// CHECK-NEXT:    emitasc.declare_py_struct !emitasc.py_struct<"Step", [i64], ["n"]>
// CHECK-NEXT:    func.func @kernel
// CHECK-NOT:     emitasc.declare_py_struct
func.func @kernel(%cfg: memref<?x!emitasc.py_struct<"Config", [!emitasc.py_struct<"Tile", [i32, i32], ["rows", "cols"]>, f32], ["tile", "scale"]>, 22>, %steps: memref<?x!emitasc.py_struct<"Step", [i64], ["n"]>, 22>, %lb: index, %ub: index, %st: index, %c: i1) attributes {ascendc.global} {
  %s0 = emitasc.copy_struct %steps : memref<?x!emitasc.py_struct<"Step", [i64], ["n"]>, 22>, !emitasc.py_struct<"Step", [i64], ["n"]>
  %r = scf.for %i = %lb to %ub step %st iter_args(%s = %s0) -> (!emitasc.py_struct<"Step", [i64], ["n"]>) {
    %t = scf.if %c -> (!emitasc.py_struct<"Step", [i64], ["n"]>) {
      scf.yield %s : !emitasc.py_struct<"Step", [i64], ["n"]>
    } else {
      scf.yield %s0 : !emitasc.py_struct<"Step", [i64], ["n"]>
    }
    scf.yield %t : !emitasc.py_struct<"Step", [i64], ["n"]>
  }
  func.return
}
