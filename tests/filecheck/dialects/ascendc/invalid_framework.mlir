// Verifier errors of the TPipe/TQue/TBuf framework ops (framework.py), located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @queue_gm() {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.queue': queue position gm is not an on-chip buffer (use vecin/vecout/veccalc, a1/b1/c1, a2/b2, co1, c2)
  %q = ascendc.queue : <gm, 1>
  return
}

// -----

// A queue of depth 0 hands tensors over in place only (the headers static_assert it).
func.func @queue_depth_zero_returns_no_tensor() {
  %q = ascendc.queue : !ascendc.queue<vecin, 0>
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.que_bind.alloc_tensor': queue must be a !ascendc.queue or !ascendc.que_bind of depth at least 1 (a queue of depth 0 works in place), got !ascendc.queue<vecin, 0>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 0>, !ascendc.local_tensor<256xf32>
  return
}

// -----

func.func @in_place_needs_depth_zero(%t: !ascendc.local_tensor<*xf32>) {
  %q = ascendc.queue : !ascendc.queue<vecin, 2>
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.que_bind.deque_tensor_in_place': queue must be a !ascendc.queue or !ascendc.que_bind of depth 0, got !ascendc.queue<vecin, 2>
  ascendc.que_bind.deque_tensor_in_place %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
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
  // CHECK: error: 'ascendc.queue': result queue must be !ascendc.queue, got !ascendc.tbuf<vecin>
  %q = "ascendc.queue"() : () -> !ascendc.tbuf<vecin>
  return
}

// -----

// A TBuf at GM may be declared (the headers accept it); giving it memory is refused.
func.func @tbuf_gm_init(%len : i32) {
  %b = ascendc.tbuf : !ascendc.tbuf<gm>
  %pipe = ascendc.pipe
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.pipe.init_buffer': a TBuf at gm cannot be given memory (InitBuffer takes an on-chip buffer: vecin/vecout/veccalc, a1/b1/c1, a2/b2, co1, c2)
  ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<gm> , i32
  return
}

// -----

func.func @tbuf_pool_gm_init(%len : i32) {
  %pool = ascendc.tBufPool : <vecin, 4>
  %b = ascendc.tbuf : !ascendc.tbuf<gm>
  // CHECK: error: 'ascendc.tbuf_pool.init_buffer': a TBuf at gm cannot be given memory
  ascendc.tbuf_pool.init_buffer %pool, %b, %len : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<gm> , i32
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
  // CHECK: error: 'ascendc.pipe.init_queue': num must be an integer, got f32
  ascendc.pipe.init_queue %pipe, %q, %f, %n : !ascendc.queue<vecin, 2>, f32, i32
  return
}

// -----

func.func @init_queue_length_float(%f: f16, %n: i32) {
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  // CHECK: error: 'ascendc.pipe.init_queue': length must be an integer, got f16
  ascendc.pipe.init_queue %pipe, %q, %n, %f : !ascendc.queue<vecin, 2>, i32, f16
  return
}

// -----

func.func @init_queue_with_tbuf(%b: !ascendc.tbuf<vecin>, %n: i32) {
  %pipe = ascendc.pipe
  // CHECK: error: 'ascendc.pipe.init_queue': queue must be a !ascendc.queue or !ascendc.que_bind, got !ascendc.tbuf<vecin>
  "ascendc.pipe.init_queue"(%pipe, %b, %n, %n) : (!ascendc.pipe, !ascendc.tbuf<vecin>, i32, i32) -> ()
  return
}

// -----

func.func @init_buffer_length_float(%f: f32) {
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  // CHECK: error: 'ascendc.pipe.init_buffer': length must be an integer, got f32
  ascendc.pipe.init_buffer %pipe, %b, %f : !ascendc.tbuf<veccalc>, f32
  return
}

// -----

func.func @init_buffer_with_queue(%q: !ascendc.queue<vecin, 1>, %n: i32) {
  %pipe = ascendc.pipe
  // CHECK: error: 'ascendc.pipe.init_buffer': buffer must be !ascendc.tbuf, got !ascendc.queue<vecin, 1>
  "ascendc.pipe.init_buffer"(%pipe, %q, %n) : (!ascendc.pipe, !ascendc.queue<vecin, 1>, i32) -> ()
  return
}

// -----

func.func @init_buffer_not_pipe(%q: !ascendc.queue<vecin, 1>, %b: !ascendc.tbuf<vecin>, %n: i32) {
  // CHECK: error: 'ascendc.pipe.init_buffer': pipe must be !ascendc.pipe, got !ascendc.queue<vecin, 1>
  "ascendc.pipe.init_buffer"(%q, %b, %n) : (!ascendc.queue<vecin, 1>, !ascendc.tbuf<vecin>, i32) -> ()
  return
}

// -----

func.func @alloc_global(%q: !ascendc.queue<vecin, 1>) {
  // CHECK: error: 'ascendc.que_bind.alloc_tensor': result tensor must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  %t = "ascendc.que_bind.alloc_tensor"(%q) : (!ascendc.queue<vecin, 1>) -> !ascendc.global_tensor<*xf32>
  return
}

// -----

func.func @alloc_from_tbuf(%b: !ascendc.tbuf<vecin>) {
  // CHECK: error: 'ascendc.que_bind.alloc_tensor': queue must be a !ascendc.queue or !ascendc.que_bind of depth at least 1 (a queue of depth 0 works in place), got !ascendc.tbuf<vecin>
  %t = "ascendc.que_bind.alloc_tensor"(%b) : (!ascendc.tbuf<vecin>) -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @deque_global(%q: !ascendc.queue<vecin, 1>) {
  // CHECK: error: 'ascendc.que_bind.deque_tensor': result tensor must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf16>
  %t = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.global_tensor<f16>
  return
}

// -----

func.func @enque_global(%q: !ascendc.queue<vecin, 1>, %g: !ascendc.global_tensor<f32>) {
  // CHECK: error: 'ascendc.que_bind.enque_tensor': tensor must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  "ascendc.que_bind.enque_tensor"(%q, %g) : (!ascendc.queue<vecin, 1>, !ascendc.global_tensor<f32>) -> ()
  return
}

// -----

func.func @free_scalar(%q: !ascendc.queue<vecin, 1>, %n: i32) {
  // CHECK: error: 'ascendc.que_bind.free_tensor': tensor must be a !ascendc.local_tensor, got i32
  "ascendc.que_bind.free_tensor"(%q, %n) : (!ascendc.queue<vecin, 1>, i32) -> ()
  return
}

// -----

func.func @get_tensor_len_float(%b: !ascendc.tbuf<veccalc>, %f: f32) {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.tbuf.get_tensor': len must be an integer, got f32
  %t = ascendc.tbuf.get_tensor %b, %f : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>, f32
  return
}

// -----

func.func @get_tensor_from_queue(%q: !ascendc.queue<vecin, 1>) {
  // CHECK: error: 'ascendc.tbuf.get_tensor': buffer must be !ascendc.tbuf, got !ascendc.queue<vecin, 1>
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
  // CHECK: error: 'ascendc.tbuf.get_with_offset': buf_offset must be an integer, got f32
  %t = ascendc.tbuf.get_with_offset %b, %u, %f : !ascendc.tbuf<veccalc>, ui32, f32, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @tbuf_pool_position() {
  // CHECK: invalid_framework.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.tBufPool': a TBufPool cannot be at co1 (allowed: vecin, vecout, veccalc, a1, b1, c1)
  %p = ascendc.tBufPool : <co1, 4>
  return
}

// -----

func.func @tbuf_pool_size() {
  // CHECK: ascendc.tbuf_pool: bufIDSize 17 is out of range [1, 16]
  %p = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 17>
  return
}

// -----

func.func @event_max() {
  %pipe = ascendc.pipe
  // CHECK: error: 'ascendc.pipe.alloc_event_id': MAX is not a hardware event
  %id = ascendc.pipe.alloc_event_id %pipe, max : i32
  return
}

// -----

func.func @release_event_max(%id: i32) {
  %pipe = ascendc.pipe
  // CHECK: error: 'ascendc.pipe.release_event_id': MAX is not a hardware event
  ascendc.pipe.release_event_id %pipe, %id {event = 35 : i32} : !ascendc.pipe, i32
  return
}

// -----

func.func @event_id_float() {
  %pipe = ascendc.pipe
  // CHECK: error: 'ascendc.pipe.fetch_event_id': result event_id must be an integer, got f32
  %id = ascendc.pipe.fetch_event_id %pipe, v_s : f32
  return
}

// -----

func.func @base_addr_narrow() {
  %pipe = ascendc.pipe
  // CHECK: error: 'ascendc.pipe.get_base_addr': result value must be a 64-bit integer, got i32
  %a = ascendc.pipe.get_base_addr %pipe, vecin : i32
  return
}

// -----

func.func @init_buf_pool_result(%pool: !ascendc.tbuf_pool<vecin, 4>, %n: ui32) {
  %pipe = ascendc.pipe
  // CHECK: error: 'ascendc.pipe.init_buf_pool': result value must be i1, got i32
  %ok = ascendc.pipe.init_buf_pool(%pipe, %pool, %n) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i32
  return
}

// -----

func.func @init_buf_pool_tbuf(%b: !ascendc.tbuf<vecin>, %n: ui32) {
  %pipe = ascendc.pipe
  // CHECK: error: 'ascendc.pipe.init_buf_pool': buf_pool must be !ascendc.tbuf_pool, got !ascendc.tbuf<vecin>
  %ok = ascendc.pipe.init_buf_pool(%pipe, %b, %n) : !ascendc.pipe, !ascendc.tbuf<vecin>, ui32 -> i1
  return
}

// -----

func.func @to_que_bind_veccalc(%q: !ascendc.queue<veccalc, 1>) {
  // CHECK: error: 'ascendc.to_que_bind': !ascendc.queue<veccalc, 1> has no TQueBind base class
  %b = ascendc.to_que_bind %q : !ascendc.queue<veccalc, 1>, !ascendc.que_bind<gm, veccalc, 1>
  return
}

// -----

func.func @to_que_bind_other(%q: !ascendc.queue<vecout, 2>) {
  // CHECK: error: 'ascendc.to_que_bind': !ascendc.queue<vecout, 2> is a !ascendc.que_bind<vecout, gm, 2>, not a !ascendc.que_bind<gm, vecout, 2>
  %b = ascendc.to_que_bind %q : !ascendc.queue<vecout, 2>, !ascendc.que_bind<gm, vecout, 2>
  return
}

// -----

func.func @buf_handle_pointer(%q: !ascendc.queue<vecin, 1>, %h: memref<?xi32>, %n: ui8, %u: ui32) {
  // CHECK: error: 'ascendc.que_bind.init_start_buf_handle': start_buf_handle must be a TBufHandle (memref<?xui8>: uint8_t*), got memref<?xi32>
  ascendc.que_bind.init_start_buf_handle %q, %h, %n, %u : !ascendc.queue<vecin, 1>, memref<?xi32>, ui8, ui32
  return
}

// -----

func.func @deque_pos_keyword(%q: !ascendc.queue<vecin, 1>) {
  // CHECK: expected a TPosition keyword (gm, a1, a2, b1, b2, c1, c2, co1, co2, vecin, vecout, veccalc, max), got 'ub'
  %t = ascendc.que_bind.deque_tensor_pos %q, gm, ub : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @pool_of_other_type(%pool: !ascendc.tbuf_pool<vecin, 4>, %sub: !ascendc.tbuf_pool<vecin, 2>, %n: ui32) {
  // CHECK: error: 'ascendc.tbuf_pool.init_buf_pool': buf_pool is a !ascendc.tbuf_pool<vecin, 2>, not a !ascendc.tbuf_pool<vecin, 4> (a TBufPool can only carve pools of its own type)
  %ok = ascendc.tbuf_pool.init_buf_pool(%pool, %sub, %n) : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 2>, ui32 -> i1
  return
}

// -----

// A queue at GM as a parameter: the headers reject TQue<GM, n>, wherever it appears.
// CHECK: invalid_framework.mlir:[[# @LINE + 2]]:1
// CHECK: error: @queue_gm_parameter: parameter 0 has type !ascendc.queue<gm, 1>; a TQue at gm does not compile (a queue lives in an on-chip buffer)
func.func @queue_gm_parameter(%q : !ascendc.queue<gm, 1>) {
  return
}
