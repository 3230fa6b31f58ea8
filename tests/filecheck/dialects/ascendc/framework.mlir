// Round trip of the TPipe/TQue/TBuf framework ops (framework.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// pyasc prints a queue/buffer type in the stripped form (`: <vec_in, 1>`) and spells
// the vector positions with an underscore; both parse, the full form is printed.
// CHECK-LABEL: func.func @objects()
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %q = ascendc.queue : !ascendc.queue<vecin, 2>
// CHECK-NEXT:    %q1 = ascendc.queue : !ascendc.queue<vecin, 1>
// CHECK-NEXT:    %q2 = ascendc.queue : !ascendc.queue<vecout, 1>
// CHECK-NEXT:    %q3 = ascendc.queue : !ascendc.queue<co1, 101>
// CHECK-NEXT:    %b = ascendc.tbuf : !ascendc.tbuf<veccalc>
// CHECK-NEXT:    %b1 = ascendc.tbuf : !ascendc.tbuf<veccalc>
// CHECK-NEXT:    %b2 = ascendc.tbuf : !ascendc.tbuf<a1>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "objects"
// GENERIC:         %pipe = "ascendc.pipe"() : () -> !ascendc.pipe
// GENERIC-NEXT:    %q = "ascendc.queue"() : () -> !ascendc.queue<vecin, 2>
// GENERIC-NEXT:    %q1 = "ascendc.queue"() : () -> !ascendc.queue<vecin, 1>
// GENERIC-NEXT:    %q2 = "ascendc.queue"() : () -> !ascendc.queue<vecout, 1>
// GENERIC-NEXT:    %q3 = "ascendc.queue"() : () -> !ascendc.queue<co1, 101>
// GENERIC-NEXT:    %b = "ascendc.tbuf"() : () -> !ascendc.tbuf<veccalc>
// GENERIC-NEXT:    %b1 = "ascendc.tbuf"() : () -> !ascendc.tbuf<veccalc>
// GENERIC-NEXT:    %b2 = "ascendc.tbuf"() : () -> !ascendc.tbuf<a1>
func.func @objects() {
  %pipe = ascendc.pipe
  %q = ascendc.queue : !ascendc.queue<vecin, 2>
  %q1 = ascendc.queue : <vec_in, 1>
  %q2 = ascendc.queue : !ascendc.queue<vec_out, 1>
  %q3 = ascendc.queue : <co1, 101>
  %b = ascendc.tbuf : !ascendc.tbuf<veccalc>
  %b1 = ascendc.tbuf : <vec_calc>
  %b2 = ascendc.tbuf : !ascendc.tbuf<a1>
  return
}

// CHECK-LABEL: func.func @init(%qb: !ascendc.que_bind<vecin, vecout, 1>, %n: i32, %len: ui32)
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %q = ascendc.queue : !ascendc.queue<vecin, 2>
// CHECK-NEXT:    %b = ascendc.tbuf : !ascendc.tbuf<veccalc>
// CHECK-NEXT:    ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecin, 2>, i32, ui32
// CHECK-NEXT:    ascendc.pipe.init_queue %pipe, %qb, %n, %n : !ascendc.que_bind<vecin, vecout, 1>, i32, i32
// CHECK-NEXT:    ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc>, ui32
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "init"
// GENERIC:         "ascendc.pipe.init_queue"(%pipe, %q, %n, %len) : (!ascendc.pipe, !ascendc.queue<vecin, 2>, i32, ui32) -> ()
// GENERIC-NEXT:    "ascendc.pipe.init_queue"(%pipe, %qb, %n, %n) : (!ascendc.pipe, !ascendc.que_bind<vecin, vecout, 1>, i32, i32) -> ()
// GENERIC-NEXT:    "ascendc.pipe.init_buffer"(%pipe, %b, %len) : (!ascendc.pipe, !ascendc.tbuf<veccalc>, ui32) -> ()
func.func @init(%qb: !ascendc.que_bind<vec_in, vec_out, 1>, %n: i32, %len: ui32) {
  %pipe = ascendc.pipe
  %q = ascendc.queue : !ascendc.queue<vecin, 2>
  %b = ascendc.tbuf : !ascendc.tbuf<veccalc>
  ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecin, 2>, i32, ui32
  ascendc.pipe.init_queue %pipe, %qb, %n, %n : !ascendc.que_bind<vecin, vecout, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc>, ui32
  return
}

// CHECK-LABEL: func.func @queue_traffic(%q: !ascendc.queue<vecin, 2>, %qb: !ascendc.que_bind<vecin, vecout, 1>)
// CHECK-NEXT:    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %tb = ascendc.que_bind.alloc_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %qb, %tb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
// CHECK-NEXT:    %db = ascendc.que_bind.deque_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %qb, %db : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "queue_traffic"
// GENERIC:         %t = "ascendc.que_bind.alloc_tensor"(%q) : (!ascendc.queue<vecin, 2>) -> !ascendc.local_tensor<*xf32>
// GENERIC-NEXT:    "ascendc.que_bind.enque_tensor"(%q, %t) : (!ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>) -> ()
// GENERIC-NEXT:    %d = "ascendc.que_bind.deque_tensor"(%q) : (!ascendc.queue<vecin, 2>) -> !ascendc.local_tensor<*xf32>
// GENERIC-NEXT:    "ascendc.que_bind.free_tensor"(%q, %d) : (!ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>) -> ()
// GENERIC-NEXT:    %tb = "ascendc.que_bind.alloc_tensor"(%qb) : (!ascendc.que_bind<vecin, vecout, 1>) -> !ascendc.local_tensor<256xf16>
// GENERIC-NEXT:    "ascendc.que_bind.enque_tensor"(%qb, %tb) : (!ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>) -> ()
// GENERIC-NEXT:    %db = "ascendc.que_bind.deque_tensor"(%qb) : (!ascendc.que_bind<vecin, vecout, 1>) -> !ascendc.local_tensor<256xf16>
// GENERIC-NEXT:    "ascendc.que_bind.free_tensor"(%qb, %db) : (!ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>) -> ()
func.func @queue_traffic(%q: !ascendc.queue<vecin, 2>, %qb: !ascendc.que_bind<vecin, vecout, 1>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  %tb = ascendc.que_bind.alloc_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
  ascendc.que_bind.enque_tensor %qb, %tb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
  %db = ascendc.que_bind.deque_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
  ascendc.que_bind.free_tensor %qb, %db : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<256xf16>
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
// GENERIC-NEXT:    %off = "ascendc.tbuf.get_with_offset"(%b, %u, %u) : (!ascendc.tbuf<veccalc>, ui32, ui32) -> !ascendc.local_tensor<*xf16>
func.func @tbuf_views(%b: !ascendc.tbuf<veccalc>, %n: i32, %u: ui32) {
  %all = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<i32>
  %part = ascendc.tbuf.get_tensor %b, %n : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>, i32
  %off = ascendc.tbuf.get_with_offset %b, %u, %u : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<*xf16>
  return
}
