// ascendc-generate-boilerplate: kernel_operator.h always, the headers of library ops
// the module uses (wherever they are: loops, branches, helpers), after the #defines,
// each once.
// RUN: asc-opt %s --split-input-file -p ascendc-generate-boilerplate,ascendc-generate-boilerplate | filecheck %s

// CHECK:       builtin.module {
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    func.func @plain
// CHECK-NOT:     emitasc.include
func.func @plain(%lb: index, %ub: index, %step: index) attributes {ascendc.global} {
  scf.for %i = %lb to %ub step %step {
    ascendc.pipe_barrier pipe_v
  }
  func.return
}

// -----

// A ListTensorDesc in a branch in a loop, after a #define: its header, once.
// CHECK:       builtin.module {
// CHECK-NEXT:    emitasc.verbatim "#define ASCENDC_CUBE_ONLY"
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    emitasc.include "kernel_operator_list_tensor_intf.h"
// CHECK-NEXT:    func.func @lists
// CHECK-NOT:     emitasc.include
emitasc.verbatim "#define ASCENDC_CUBE_ONLY"
func.func @lists(%lb: index, %ub: index, %step: index, %c: i1) attributes {ascendc.global} {
  scf.for %i = %lb to %ub step %step {
    scf.if %c {
      %l = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
      %m = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
    }
  }
  func.return
}

// -----

// A Matmul object needs lib/matmul_intf.h: already there, it is not repeated;
// kernel_operator.h comes first.
// CHECK:       builtin.module {
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    emitasc.include "lib/matmul_intf.h"
// CHECK-NEXT:    func.func @matmul
// CHECK-NOT:     emitasc.include
emitasc.include "lib/matmul_intf.h"
func.func @matmul(%ws: memref<?xui8, 22>) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  %tiling = ascendc.construct !ascendc.cube_tiling()
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
  func.return
}

// -----

// A MatmulApiStaticTiling passed along (no Matmul object): its class is declared in
// lib/matmul_intf.h.
// CHECK:       builtin.module {
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    emitasc.include "lib/matmul_intf.h"
// CHECK-NEXT:    func.func @static_tiling
func.func @static_tiling(%t: !ascendc.matmul_api_static_tiling) {
  func.return
}

// -----

// Two headers beyond kernel_operator.h: in the order the module first needs them.
// CHECK:       builtin.module {
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    emitasc.include "kernel_operator_list_tensor_intf.h"
// CHECK-NEXT:    emitasc.include "lib/matmul_intf.h"
// CHECK-NEXT:    func.func @list_then_tiling
func.func @list_then_tiling(%c: i1) attributes {ascendc.global} {
  %l = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
  scf.if %c {
    %t = ascendc.construct !ascendc.matmul_api_static_tiling()
  }
  func.return
}

// -----

// CHECK:       builtin.module {
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    emitasc.include "lib/matmul_intf.h"
// CHECK-NEXT:    emitasc.include "kernel_operator_list_tensor_intf.h"
// CHECK-NEXT:    func.func @tiling_then_list
func.func @tiling_then_list(%t: !ascendc.matmul_api_static_tiling) {
  %l = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
  func.return
}

// -----

// A MatmulConfig built on its own (no Matmul object): its struct is declared in
// lib/matmul_intf.h (pyasc's core.mlir emit_construct; found by `pyasc_suite target`).
// CHECK:       builtin.module {
// CHECK-NEXT:    emitasc.include "kernel_operator.h"
// CHECK-NEXT:    emitasc.include "lib/matmul_intf.h"
// CHECK-NEXT:    func.func @matmul_config
func.func @matmul_config() {
  %cfg = ascendc.construct !ascendc.matmul_config()
  func.return
}
