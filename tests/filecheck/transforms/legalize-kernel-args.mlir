// ascendc-legalize-kernel-args: kernel parameters marked as the caller's; a mixed kernel
// gets the runtime's ffts_addr parameter and sets the FFTS base address first; a Matmul
// kernel's cube core also sends its start message. Running it twice changes nothing.
// RUN: asc-opt %s --split-input-file -p ascendc-legalize-kernel-args,ascendc-legalize-kernel-args | filecheck %s

// A vector kernel: its parameters are marked, nothing is added.
// CHECK-LABEL: func.func @vector_kernel(%x: memref<?xf32, 22 : i64> {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}, %n: i32 {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}, %lb: index {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}, %ub: index {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}, %step: index {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>})
// CHECK-SAME:    attributes {ascendc.global, ascendc.kernel_type = "vector"} {
// CHECK-NEXT:    scf.for
// CHECK-NOT:     set_ffts_base_addr
func.func @vector_kernel(%x: memref<?xf32, 22>, %n: i32, %lb: index, %ub: index, %step: index) attributes {ascendc.global, ascendc.kernel_type = "vector"} {
  scf.for %i = %lb to %ub step %step {
    %v = memref.load %x[%i] : memref<?xf32, 22>
    memref.store %v, %x[%i] : memref<?xf32, 22>
  }
  func.return
}

// A helper is no kernel: untouched.
// CHECK-LABEL: func.func private @helper(%y: i32) {
func.func private @helper(%y: i32) {
  func.return
}

// A mixed kernel: ffts_addr last, its base address set before anything else runs.
// CHECK-LABEL: func.func @mixed_kernel(%a: i32 {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}, %c: i1 {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}, %ffts_addr: memref<?xui64, 22 : i64> {emitasc.kernel_arg = #emitasc.kernel_arg<ffts_addr>})
// CHECK-SAME:    attributes {ascendc.global, ascendc.kernel_type = "mix"} {
// CHECK-NEXT:    ascendc.set_ffts_base_addr %ffts_addr : memref<?xui64, 22 : i64>
// CHECK-NEXT:    scf.if %c {
// CHECK-NEXT:      func.call @helper(%a) : (i32) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// CHECK-NOT:     set_ffts_base_addr
func.func @mixed_kernel(%a: i32, %c: i1) attributes {ascendc.global, ascendc.kernel_type = "mix"} {
  scf.if %c {
    func.call @helper(%a) : (i32) -> ()
  }
  func.return
}

// -----

// A mixed Matmul kernel: after the FFTS address, the cube core's start message.
// CHECK-LABEL: func.func @matmul_kernel(%ws: memref<?xui8, 22 : i64> {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>},
// CHECK-SAME:    %ffts_addr: memref<?xui64, 22 : i64> {emitasc.kernel_arg = #emitasc.kernel_arg<ffts_addr>})
// CHECK-NEXT:    ascendc.set_ffts_base_addr %ffts_addr : memref<?xui64, 22 : i64>
// CHECK-NEXT:    %[[AIC:.*]] = ascendc.ascend_is_aic : i1
// CHECK-NEXT:    scf.if %[[AIC]] {
// CHECK-NEXT:      %[[MSG:.*]] = arith.constant 3873 : i64
// CHECK-NEXT:      ascendc.ffts_cross_core_sync %[[MSG]] {pipe = 5 : i32} : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NOT:     ffts_cross_core_sync
func.func @matmul_kernel(%ws: memref<?xui8, 22>) attributes {ascendc.global, ascendc.kernel_type = "mix"} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  %tiling = ascendc.construct !ascendc.cube_tiling()
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
  func.return
}

// -----

// Cube-only Matmul modules send no start message.
// CHECK-LABEL: func.func @matmul_kernel(
// CHECK-NEXT:    ascendc.set_ffts_base_addr
// CHECK-NEXT:    %pipe = ascendc.pipe
builtin.module attributes {asc.matmul_cube_only} {
  func.func @matmul_kernel(%ws: memref<?xui8, 22>) attributes {ascendc.global, ascendc.kernel_type = "mix"} {
    %pipe = ascendc.pipe
    %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
    %tiling = ascendc.construct !ascendc.cube_tiling()
    ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
    func.return
  }
}
