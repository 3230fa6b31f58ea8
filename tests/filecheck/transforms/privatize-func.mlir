// ascendc-privatize-func: only kernels with a body stay public; helpers become private,
// whatever they contain (loops, branches, calls).
// RUN: asc-opt %s -p ascendc-privatize-func | filecheck %s --match-full-lines

// CHECK-LABEL:  func.func private @scale(%v: f32, %k: i32, %b: i1) -> f32 {
func.func public @scale(%v: f32, %k: i32, %b: i1) -> f32 {
  %r = scf.if %b -> (f32) {
    scf.yield %v : f32
  } else {
    scf.yield %v : f32
  }
  func.return %r : f32
}

// CHECK-LABEL:  func.func @kernel(%p: memref<?xf32, 22 : i64>, %n: i32, %lb: index, %ub: index, %step: index, %c: i1) attributes {ascendc.global} {
func.func private @kernel(%p: memref<?xf32, 22>, %n: i32, %lb: index, %ub: index, %step: index, %c: i1) attributes {ascendc.global} {
  %x = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  scf.for %i = %lb to %ub step %step {
    %v = ascendc.global_tensor.get_value %x, %n : !ascendc.global_tensor<*xf32>, i32, f32
    %w = func.call @scale(%v, %n, %c) : (f32, i32, i1) -> f32
    ascendc.global_tensor.set_value %x, %n, %w : !ascendc.global_tensor<*xf32>, i32, f32
  }
  func.return
}

// Already public kernels stay so; unmarked functions become private wherever they were.
// CHECK-LABEL:  func.func @other_kernel() attributes {ascendc.global} {
func.func @other_kernel() attributes {ascendc.global} {
  func.return
}

// CHECK-LABEL:  func.func private @helper() {
func.func @helper() {
  func.return
}

// A declared kernel stays private (a declaration cannot be public).
// CHECK-LABEL:  func.func private @external_kernel() -> () attributes {ascendc.global}
func.func private @external_kernel() attributes {ascendc.global}

// CHECK-LABEL:  func.func private @external_helper() -> ()
func.func private @external_helper()
