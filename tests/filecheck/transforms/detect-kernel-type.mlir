// ascendc-detect-kernel-type: each kernel's core side, from the pipes its ops issue on
// and the buffers they hold data in, through loops, branches and called functions.
// RUN: asc-opt %s --split-input-file -p ascendc-detect-kernel-type | filecheck %s

// Vector pipe and UB queues only (inside a loop): a vector kernel.
// CHECK-LABEL: func.func @vector_kernel
// CHECK-SAME:    attributes {ascendc.global, ascendc.kernel_type = "vector"}
func.func @vector_kernel(%p: memref<?xf32, 22>, %n: i32, %lb: index, %ub: index, %step: index) attributes {ascendc.global} {
  %x = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %q = ascendc.queue : <vecin, 1>
  scf.for %i = %lb to %ub step %step {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.abs_l2 %t, %t, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  func.return
}

// Mmad (pipe M) inside a branch: a cube kernel.
// CHECK-LABEL: func.func @cube_kernel
// CHECK-SAME:    attributes {ascendc.global, ascendc.kernel_type = "cube"}
func.func @cube_kernel(%go: i1) attributes {ascendc.global} {
  %qa = ascendc.queue : <a2, 1>
  %qb = ascendc.queue : <b2, 1>
  %qc = ascendc.queue : <co1, 1>
  %a = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<a2, 1>, !ascendc.local_tensor<f16>
  %b = ascendc.que_bind.alloc_tensor %qb : !ascendc.queue<b2, 1>, !ascendc.local_tensor<f16>
  %c = ascendc.que_bind.alloc_tensor %qc : !ascendc.queue<co1, 1>, !ascendc.local_tensor<f32>
  scf.if %go {
    %mp = ascendc.construct !ascendc.mmad_params()
    ascendc.mmad %c, %a, %b, %mp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mmad_params
  }
  func.return
}

// L1 data in a helper called from a loop, vector work in the kernel: mixed. The
// helper is no kernel: it gets no type.
// CHECK-LABEL: func.func private @load_a1
// CHECK-NOT:     kernel_type
func.func private @load_a1(%x: !ascendc.global_tensor<*xf16>, %n: i32) {
  %q = ascendc.queue : <a1, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %t, %x, %n : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  func.return
}
// CHECK-LABEL: func.func @mixed_kernel
// CHECK-SAME:    attributes {ascendc.global, ascendc.kernel_type = "mix"}
func.func @mixed_kernel(%p: memref<?xf16, 22>, %n: i32, %lb: index, %ub: index, %step: index) attributes {ascendc.global} {
  %x = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %x, %p : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  scf.for %i = %lb to %ub step %step {
    func.call @load_a1(%x, %n) : (!ascendc.global_tensor<*xf16>, i32) -> ()
  }
  %q = ascendc.queue : <vecout, 1>
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.abs_l2 %u, %u, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  func.return
}

// Only scalar work: vector (the default side).
// CHECK-LABEL: func.func @scalar_kernel
// CHECK-SAME:    attributes {ascendc.global, ascendc.kernel_type = "vector"}
func.func @scalar_kernel(%p: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  %x = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %v = ascendc.global_tensor.get_value %x, %n : !ascendc.global_tensor<*xf32>, i32, f32
  func.return
}

// A type the user gave stays.
// CHECK-LABEL: func.func @given_kernel
// CHECK-SAME:    attributes {ascendc.global, ascendc.kernel_type = "mix"}
func.func @given_kernel(%n: i32) attributes {ascendc.global, ascendc.kernel_type = "mix"} {
  %q = ascendc.queue : <vecout, 1>
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.abs_l2 %u, %u, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  func.return
}

// -----

// A Matmul object makes the kernel mixed and the module `asc.compile_mix`.
// CHECK:       builtin.module attributes {asc.compile_mix} {
// CHECK-LABEL: func.func @matmul_kernel
// CHECK-SAME:    ascendc.kernel_type = "mix"
func.func @matmul_kernel(%ws: memref<?xui8, 22>) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  %tiling = ascendc.construct !ascendc.cube_tiling()
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
  func.return
}

// -----

// ... and a cube kernel when the module is cube-only.
// CHECK:       builtin.module attributes {asc.matmul_cube_only, asc.compile_mix} {
// CHECK-LABEL: func.func @matmul_kernel
// CHECK-SAME:    ascendc.kernel_type = "cube"
builtin.module attributes {asc.matmul_cube_only} {
  func.func @matmul_kernel(%ws: memref<?xui8, 22>) attributes {ascendc.global} {
    %pipe = ascendc.pipe
    %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
    %tiling = ascendc.construct !ascendc.cube_tiling()
    ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
    func.return
  }
}
