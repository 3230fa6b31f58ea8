// Round trip of the TPipe/TQue/TQueBind/TBuf/TBufPool ops (framework.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// pyasc prints an object type in the stripped form (`: <vec_in, 1>`) and spells the
// vector positions with an underscore; both parse; the stripped form is printed, as pyasc does.
// CHECK-LABEL: func.func @objects()
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %q = ascendc.queue : <vecin, 2>
// CHECK-NEXT:    %q1 = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    %q2 = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    %q3 = ascendc.queue : <co1, 64>
// CHECK-NEXT:    %qb = ascendc.que_bind : <gm, vecin, 1>
// CHECK-NEXT:    %qb0 = ascendc.que_bind : <vecin, vecin, 0>
// CHECK-NEXT:    %b = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    %b1 = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    %b2 = ascendc.tbuf : <a1>
// CHECK-NEXT:    %pool = ascendc.tBufPool : <vecin, 4>
// CHECK-NEXT:    %pool2 = ascendc.tBufPool : <a1, 16>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "objects"
// GENERIC:         %pipe = "ascendc.pipe"() : () -> !ascendc.pipe
// GENERIC-NEXT:    %q = "ascendc.queue"() : () -> !ascendc.queue<vecin, 2>
// GENERIC:         %qb = "ascendc.que_bind"() : () -> !ascendc.que_bind<gm, vecin, 1>
// GENERIC:         %pool = "ascendc.tBufPool"() : () -> !ascendc.tbuf_pool<vecin, 4>
func.func @objects() {
  %pipe = ascendc.pipe
  %q = ascendc.queue : !ascendc.queue<vecin, 2>
  %q1 = ascendc.queue : <vec_in, 1>
  %q2 = ascendc.queue : !ascendc.queue<vec_out, 1>
  %q3 = ascendc.queue : <co1, 64>
  %qb = ascendc.que_bind : <gm, vecin, 1>
  %qb0 = ascendc.que_bind : !ascendc.que_bind<vecin, vecin, 0>
  %b = ascendc.tbuf : !ascendc.tbuf<veccalc>
  %b1 = ascendc.tbuf : <vec_calc>
  %b2 = ascendc.tbuf : !ascendc.tbuf<a1>
  %pool = ascendc.tBufPool : <vecin, 4>
  %pool2 = ascendc.tBufPool : !ascendc.tbuf_pool<a1, 16>
  return
}

// CHECK-LABEL: func.func @pipe(%qb: !ascendc.que_bind<vecin, vecout, 1>, %n: i32, %len: ui32, %pool: !ascendc.tbuf_pool<vecin, 4>, %share: !ascendc.tbuf_pool<vecin, 4>)
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %q = ascendc.queue : <vecin, 2>
// CHECK-NEXT:    %b = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecin, 2>, i32, ui32
// CHECK-NEXT:    ascendc.pipe.init_queue %pipe, %qb, %n, %n : !ascendc.que_bind<vecin, vecout, 1>, i32, i32
// CHECK-NEXT:    ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc>, ui32
// CHECK-NEXT:    ascendc.pipe.init %pipe : !ascendc.pipe
// CHECK-NEXT:    ascendc.pipe.reset %pipe : !ascendc.pipe
// CHECK-NEXT:    ascendc.pipe.destroy %pipe : !ascendc.pipe
// CHECK-NEXT:    %id = ascendc.pipe.alloc_event_id %pipe, mte2_v : i32
// CHECK-NEXT:    ascendc.pipe.release_event_id %pipe, %id {event = 4 : i32} : !ascendc.pipe, i32
// CHECK-NEXT:    %id2 = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i8
// CHECK-NEXT:    %base = ascendc.pipe.get_base_addr %pipe, vecin : ui64
// CHECK-NEXT:    %ok = ascendc.pipe.init_buf_pool(%pipe, %pool, %len) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i1
// CHECK-NEXT:    %ok2 = ascendc.pipe.init_buf_pool(%pipe, %pool, %len), %share : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32, !ascendc.tbuf_pool<vecin, 4> -> i1
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "pipe"
// GENERIC:         "ascendc.pipe.init_queue"(%pipe, %q, %n, %len) : (!ascendc.pipe, !ascendc.queue<vecin, 2>, i32, ui32) -> ()
// GENERIC:         %id = "ascendc.pipe.alloc_event_id"(%pipe) <{event = 4 : i32}> : (!ascendc.pipe) -> i32
// GENERIC:         %base = "ascendc.pipe.get_base_addr"(%pipe) <{logicPos = 9 : i32}> : (!ascendc.pipe) -> ui64
// GENERIC:         %ok2 = "ascendc.pipe.init_buf_pool"(%pipe, %pool, %len, %share) : (!ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32, !ascendc.tbuf_pool<vecin, 4>) -> i1
func.func @pipe(%qb: !ascendc.que_bind<vec_in, vec_out, 1>, %n: i32, %len: ui32, %pool: !ascendc.tbuf_pool<vecin, 4>, %share: !ascendc.tbuf_pool<vecin, 4>) {
  %pipe = ascendc.pipe
  %q = ascendc.queue : !ascendc.queue<vecin, 2>
  %b = ascendc.tbuf : !ascendc.tbuf<veccalc>
  ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecin, 2>, i32, ui32
  ascendc.pipe.init_queue %pipe, %qb, %n, %n : !ascendc.que_bind<vecin, vecout, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc> , ui32
  ascendc.pipe.init %pipe : !ascendc.pipe
  ascendc.pipe.reset %pipe : !ascendc.pipe
  ascendc.pipe.destroy %pipe : !ascendc.pipe
  %id = ascendc.pipe.alloc_event_id %pipe, mte2_v : i32
  ascendc.pipe.release_event_id %pipe, %id {event = 4 : i32} : !ascendc.pipe, i32
  %id2 = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i8
  %base = ascendc.pipe.get_base_addr %pipe, vecin : ui64
  %ok = ascendc.pipe.init_buf_pool(%pipe, %pool, %len) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i1
  %ok2 = ascendc.pipe.init_buf_pool(%pipe, %pool, %len), %share : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 , !ascendc.tbuf_pool<vecin, 4> -> i1
  return
}

// CHECK-LABEL: func.func @tbuf_pool(%pool: !ascendc.tbuf_pool<vecin, 4>, %sub: !ascendc.tbuf_pool<vecin, 4>, %b: !ascendc.tbuf<vecin>, %q: !ascendc.queue<vecin, 1>, %n: i32)
// CHECK-NEXT:    %ok = ascendc.tbuf_pool.init_buf_pool(%pool, %sub, %n) : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, i32 -> i1
// CHECK-NEXT:    %ok2 = ascendc.tbuf_pool.init_buf_pool(%pool, %sub, %n), %sub : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, i32, !ascendc.tbuf_pool<vecin, 4> -> i1
// CHECK-NEXT:    ascendc.tbuf_pool.init_buffer %pool, %b, %n : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<vecin>, i32
// CHECK-NEXT:    ascendc.tbuf_pool.init_queue %pool, %q, %n, %n : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 1>, i32, i32
// CHECK-NEXT:    ascendc.tbuf_pool.reset %pool : !ascendc.tbuf_pool<vecin, 4>
// CHECK-NEXT:    return
func.func @tbuf_pool(%pool: !ascendc.tbuf_pool<vecin, 4>, %sub: !ascendc.tbuf_pool<vecin, 4>, %b: !ascendc.tbuf<vecin>, %q: !ascendc.queue<vecin, 1>, %n: i32) {
  %ok = ascendc.tbuf_pool.init_buf_pool(%pool, %sub, %n) : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, i32 -> i1
  %ok2 = ascendc.tbuf_pool.init_buf_pool(%pool, %sub, %n), %sub : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, i32, !ascendc.tbuf_pool<vecin, 4> -> i1
  ascendc.tbuf_pool.init_buffer %pool, %b, %n : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<vecin> , i32
  ascendc.tbuf_pool.init_queue %pool, %q, %n, %n : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 1>, i32, i32
  ascendc.tbuf_pool.reset %pool : !ascendc.tbuf_pool<vecin, 4>
  return
}

// CHECK-LABEL: func.func @queue_traffic(%q: !ascendc.queue<vecin, 2>, %qb: !ascendc.que_bind<vecin, vecout, 1>, %lt: !ascendc.local_tensor<*xf32>, %q0: !ascendc.que_bind<vecin, vecout, 0>)
// CHECK-NEXT:    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %tb = ascendc.que_bind.alloc_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
// CHECK-NEXT:    ascendc.que_bind.alloc_tensor_in_place %q0, %lt : !ascendc.que_bind<vecin, vecout, 0>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.que_bind.enque_tensor_pos %qb, %lt, vecin, vecout : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.que_bind.deque_tensor_in_place %q0, %lt : !ascendc.que_bind<vecin, vecout, 0>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %dp = ascendc.que_bind.deque_tensor_pos %qb, gm, vecin : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %count = ascendc.que_bind.get_tensor_count_in_que %q : !ascendc.queue<vecin, 2>, i32
// CHECK-NEXT:    %idle = ascendc.que_bind.has_idle_buffer %q : !ascendc.queue<vecin, 2>, i1
// CHECK-NEXT:    %has = ascendc.que_bind.has_tensor_in_que %q : !ascendc.queue<vecin, 2>, i1
// CHECK-NEXT:    %vacant = ascendc.que_bind.vacant_in_que %qb : !ascendc.que_bind<vecin, vecout, 1>, i1
// CHECK-NEXT:    ascendc.que_bind.destroy %q : !ascendc.queue<vecin, 2>
// CHECK-NEXT:    %bind = ascendc.to_que_bind %q : !ascendc.queue<vecin, 2>, !ascendc.que_bind<gm, vecin, 2>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "queue_traffic"
// GENERIC:         "ascendc.que_bind.enque_tensor_pos"(%qb, %lt) <{srcUserPos = 9 : i32, dstUserPos = 10 : i32}> : (!ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>) -> ()
func.func @queue_traffic(%q: !ascendc.queue<vecin, 2>, %qb: !ascendc.que_bind<vecin, vecout, 1>, %lt: !ascendc.local_tensor<*xf32>, %q0: !ascendc.que_bind<vecin, vecout, 0>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2> , !ascendc.local_tensor<*xf32>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  %tb = ascendc.que_bind.alloc_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
  ascendc.que_bind.alloc_tensor_in_place %q0, %lt : !ascendc.que_bind<vecin, vecout, 0>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor_pos %qb, %lt, vecin, vecout : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.deque_tensor_in_place %q0, %lt : !ascendc.que_bind<vecin, vecout, 0>, !ascendc.local_tensor<*xf32>
  %dp = ascendc.que_bind.deque_tensor_pos %qb, gm, vecin : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<f32>
  %count = ascendc.que_bind.get_tensor_count_in_que %q :  !ascendc.queue<vecin, 2>, i32
  %idle = ascendc.que_bind.has_idle_buffer %q : !ascendc.queue<vecin, 2>, i1
  %has = ascendc.que_bind.has_tensor_in_que %q : !ascendc.queue<vecin, 2>, i1
  %vacant = ascendc.que_bind.vacant_in_que %qb : !ascendc.que_bind<vecin, vecout, 1>, i1
  ascendc.que_bind.destroy %q : !ascendc.queue<vecin, 2>
  %bind = ascendc.to_que_bind %q : !ascendc.queue<vecin, 2>, !ascendc.que_bind<gm, vecin, 2>
  return
}

// CHECK-LABEL: func.func @buf_handles(%q: !ascendc.queue<vecin, 1>, %pool: !ascendc.tbuf_pool<vecin, 4>, %h: memref<?xui8>, %u: ui32, %n: i32, %k: ui8)
// CHECK-NEXT:    ascendc.que_bind.init_buf_handle %q, %pool, %u, %h, %n, %u : !ascendc.queue<vecin, 1>, !ascendc.tbuf_pool<vecin, 4>, ui32, memref<?xui8>, i32, ui32
// CHECK-NEXT:    ascendc.que_bind.init_start_buf_handle %q, %h, %k, %u : !ascendc.queue<vecin, 1>, memref<?xui8>, ui8, ui32
// CHECK-NEXT:    return
func.func @buf_handles(%q: !ascendc.queue<vecin, 1>, %pool: !ascendc.tbuf_pool<vecin, 4>, %h: memref<?xui8>, %u: ui32, %n: i32, %k: ui8) {
  ascendc.que_bind.init_buf_handle %q, %pool, %u, %h, %n, %u : !ascendc.queue<vecin, 1>, !ascendc.tbuf_pool<vecin, 4>, ui32, memref<?xui8>, i32, ui32
  ascendc.que_bind.init_start_buf_handle %q, %h, %k, %u : !ascendc.queue<vecin, 1>, memref<?xui8>, ui8, ui32
  return
}

// CHECK-LABEL: func.func @tbuf_views(%b: !ascendc.tbuf<veccalc>, %n: i32, %u: ui32)
// CHECK-NEXT:    %all = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
// CHECK-NEXT:    %part = ascendc.tbuf.get_tensor %b, %n : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>, i32
// CHECK-NEXT:    %off = ascendc.tbuf.get_with_offset %b, %u, %u : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<*xf16>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "tbuf_views"
// GENERIC:         %all = "ascendc.tbuf.get_tensor"(%b) : (!ascendc.tbuf<veccalc>) -> !ascendc.local_tensor<*xi32>
// GENERIC-NEXT:    %part = "ascendc.tbuf.get_tensor"(%b, %n) : (!ascendc.tbuf<veccalc>, i32) -> !ascendc.local_tensor<*xf32>
func.func @tbuf_views(%b: !ascendc.tbuf<veccalc>, %n: i32, %u: ui32) {
  %all = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<i32>
  %part = ascendc.tbuf.get_tensor %b, %n : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>, i32
  %off = ascendc.tbuf.get_with_offset %b, %u, %u : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<*xf16>
  return
}

// A TQue at VECCALC (the API docs' samples declare `TQue<TPosition::VECCALC, 1>` for
// scratch tensors).
// CHECK-LABEL: func.func @queue_veccalc()
// CHECK-NEXT:    %q = ascendc.queue : <veccalc, 1>
// CHECK-NEXT:    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<veccalc, 1>, !ascendc.local_tensor<*xf32>
// GENERIC-LABEL: "func.func"() <{sym_name = "queue_veccalc"
// GENERIC:         %q = "ascendc.queue"() : () -> !ascendc.queue<veccalc, 1>
func.func @queue_veccalc() {
  %q = ascendc.queue : <veccalc, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<veccalc, 1>, !ascendc.local_tensor<*xf32>
  return
}
