// Verifier errors of the TPipe/TQue/TBuf framework ops (framework.py), located at the failing op.
// RUN: asc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @queue_gm() {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.queue': queue position gm is not an on-chip buffer (use vecin/vecout/veccalc, a1/b1/c1, a2/b2, co1, c2)
  %q = ascendc.queue : <gm, 1>
  return
}

// -----

func.func @queue_depth_zero() {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.queue': queue depth must be at least 1
  %q = ascendc.queue : !ascendc.queue<vecin, 0>
  return
}

// -----

func.func @queue_bad_keyword() {
  // CHECK: unknown TPosition 'vec_buf', expected one of gm, a1, a2, b1, b2, c1, c2, co1, co2, vecin, vecout, veccalc
  %q = ascendc.queue : <vec_buf, 1>
  return
}

// -----

func.func @queue_negative_depth() {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:32
  // CHECK: Expected integer literal
  %q = ascendc.queue : <vecin, -1>
  return
}

// -----

func.func @queue_of_tbuf_type() {
  // CHECK: error: result 'queue' at position 0 does not verify:
  // CHECK-NEXT: !ascendc.tbuf<vecin> should be of base attribute ascendc.queue
  %q = "ascendc.queue"() : () -> !ascendc.tbuf<vecin>
  return
}

// -----

func.func @tbuf_gm() {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.tbuf': buffer position gm is not an on-chip buffer (use vecin/vecout/veccalc, a1/b1/c1, a2/b2, co1, c2)
  %b = ascendc.tbuf : !ascendc.tbuf<gm>
  return
}

// -----

func.func @tbuf_max() {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:24
  // CHECK: unknown TPosition 'max', expected one of gm, a1
  %b = ascendc.tbuf : <max>
  return
}

// -----

func.func @tbuf_bad_keyword() {
  // CHECK: unknown TPosition 'ub', expected one of gm, a1,
  %b = ascendc.tbuf : <ub>
  return
}

// -----

func.func @init_queue_num_float(%f: f32, %n: i32) {
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.pipe.init_queue': buffer count must be an integer, got f32
  ascendc.pipe.init_queue %pipe, %q, %f, %n : !ascendc.queue<vecin, 2>, f32, i32
  return
}

// -----

func.func @init_queue_length_float(%f: f16, %n: i32) {
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  // CHECK: error: 'ascendc.pipe.init_queue': buffer length must be an integer, got f16
  ascendc.pipe.init_queue %pipe, %q, %n, %f : !ascendc.queue<vecin, 2>, i32, f16
  return
}

// -----

func.func @init_queue_with_tbuf(%b: !ascendc.tbuf<vecin>, %n: i32) {
  %pipe = ascendc.pipe
  // CHECK: error: operand 'queue' at position 1 does not verify:
  // CHECK-NEXT: Unexpected attribute !ascendc.tbuf<vecin>
  "ascendc.pipe.init_queue"(%pipe, %b, %n, %n) : (!ascendc.pipe, !ascendc.tbuf<vecin>, i32, i32) -> ()
  return
}

// -----

func.func @init_buffer_length_float(%f: f32) {
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  // CHECK: error: 'ascendc.pipe.init_buffer': buffer length must be an integer, got f32
  ascendc.pipe.init_buffer %pipe, %b, %f : !ascendc.tbuf<veccalc>, f32
  return
}

// -----

func.func @init_buffer_with_queue(%q: !ascendc.queue<vecin, 1>, %n: i32) {
  %pipe = ascendc.pipe
  // CHECK: error: operand 'buffer' at position 1 does not verify:
  // CHECK-NEXT: !ascendc.queue<vecin, 1> should be of base attribute ascendc.tbuf
  "ascendc.pipe.init_buffer"(%pipe, %q, %n) : (!ascendc.pipe, !ascendc.queue<vecin, 1>, i32) -> ()
  return
}

// -----

func.func @init_buffer_not_pipe(%q: !ascendc.queue<vecin, 1>, %b: !ascendc.tbuf<vecin>, %n: i32) {
  // CHECK: error: operand 'pipe' at position 0 does not verify:
  // CHECK-NEXT: Expected attribute !ascendc.pipe but got !ascendc.queue<vecin, 1>
  "ascendc.pipe.init_buffer"(%q, %b, %n) : (!ascendc.queue<vecin, 1>, !ascendc.tbuf<vecin>, i32) -> ()
  return
}

// -----

func.func @alloc_global(%q: !ascendc.queue<vecin, 1>) {
  // CHECK: error: result 'tensor' at position 0 does not verify:
  // CHECK-NEXT: !ascendc.global_tensor<*xf32> should be of base attribute ascendc.local_tensor
  %t = "ascendc.que_bind.alloc_tensor"(%q) : (!ascendc.queue<vecin, 1>) -> !ascendc.global_tensor<*xf32>
  return
}

// -----

func.func @alloc_from_tbuf(%b: !ascendc.tbuf<vecin>) {
  // CHECK: error: operand 'queue' at position 0 does not verify:
  // CHECK-NEXT: Unexpected attribute !ascendc.tbuf<vecin>
  %t = "ascendc.que_bind.alloc_tensor"(%b) : (!ascendc.tbuf<vecin>) -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @deque_global(%q: !ascendc.queue<vecin, 1>) {
  // CHECK: !ascendc.global_tensor<*xf16> should be of base attribute ascendc.local_tensor
  %t = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.global_tensor<f16>
  return
}

// -----

func.func @enque_global(%q: !ascendc.queue<vecin, 1>, %g: !ascendc.global_tensor<f32>) {
  // CHECK: error: operand 'tensor' at position 1 does not verify:
  // CHECK-NEXT: !ascendc.global_tensor<*xf32> should be of base attribute ascendc.local_tensor
  "ascendc.que_bind.enque_tensor"(%q, %g) : (!ascendc.queue<vecin, 1>, !ascendc.global_tensor<f32>) -> ()
  return
}

// -----

func.func @free_scalar(%q: !ascendc.queue<vecin, 1>, %n: i32) {
  // CHECK: error: operand 'tensor' at position 1 does not verify:
  // CHECK-NEXT: i32 should be of base attribute ascendc.local_tensor
  "ascendc.que_bind.free_tensor"(%q, %n) : (!ascendc.queue<vecin, 1>, i32) -> ()
  return
}

// -----

func.func @get_tensor_len_float(%b: !ascendc.tbuf<veccalc>, %f: f32) {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.tbuf.get_tensor': length must be an integer, got f32
  %t = ascendc.tbuf.get_tensor %b, %f : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>, f32
  return
}

// -----

func.func @get_tensor_from_queue(%q: !ascendc.queue<vecin, 1>) {
  // CHECK: error: operand 'buffer' at position 0 does not verify:
  // CHECK-NEXT: !ascendc.queue<vecin, 1> should be of base attribute ascendc.tbuf
  %t = "ascendc.tbuf.get_tensor"(%q) : (!ascendc.queue<vecin, 1>) -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @get_with_offset_size_float(%b: !ascendc.tbuf<veccalc>, %f: f32, %u: ui32) {
  // CHECK: error: 'ascendc.tbuf.get_with_offset': size must be an integer, got f32
  %t = ascendc.tbuf.get_with_offset %b, %f, %u : !ascendc.tbuf<veccalc>, f32, ui32, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @get_with_offset_offset_float(%b: !ascendc.tbuf<veccalc>, %f: f32, %u: ui32) {
  // CHECK: error: 'ascendc.tbuf.get_with_offset': offset must be an integer, got f32
  %t = ascendc.tbuf.get_with_offset %b, %u, %f : !ascendc.tbuf<veccalc>, ui32, f32, !ascendc.local_tensor<*xf32>
  return
}
