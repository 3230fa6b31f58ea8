// ascendc-plan-memory: TPipe's addresses per memory (32-byte rounding, in InitBuffer
// order, back to 0 after Reset), sizes that are not constants, loops and branches; an
// overflow is an error at the request that does not fit, naming every buffer.
// RUN: asc-opt %s --split-input-file --verify-diagnostics -p ascendc-plan-memory 2>&1 | filecheck %s

// CHECK-LABEL: func.func @per_memory(
// CHECK:         ascendc.pipe.init_queue %pipe, %qx, %c2, %c4096 {ascendc.address = 0 : i64, ascendc.bytes = 8192 : i64}
// CHECK:         ascendc.pipe.init_buffer %pipe, %b, %c100 {ascendc.address = 8192 : i64, ascendc.bytes = 128 : i64}
// CHECK:         ascendc.pipe.init_queue %pipe, %a1, %c1, %c4096 {ascendc.address = 0 : i64, ascendc.bytes = 4096 : i64}
// CHECK:         scf.for
// CHECK-NEXT:      ascendc.pipe.init_queue %pipe, %qy, %c2, %c100 {ascendc.address = 8320 : i64, ascendc.bytes = 256 : i64}
// CHECK:         scf.if
// CHECK-NEXT:      ascendc.pipe.init_buffer %pipe, %co1, %c4096 {ascendc.address = 0 : i64, ascendc.bytes = 4096 : i64}
builtin.module attributes {ascendc.soc = "Ascend910B1"} {
func.func @per_memory(%lb: index, %ub: index, %step: index, %c: i1) attributes {ascendc.global} {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c100 = arith.constant 100 : i32
  %c4096 = arith.constant 4096 : i32
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2, %c4096 : !ascendc.queue<vecin, 2>, i32, i32
  %b = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %b, %c100 : !ascendc.tbuf<veccalc>, i32
  %a1 = ascendc.queue : <a1, 1>
  ascendc.pipe.init_queue %pipe, %a1, %c1, %c4096 : !ascendc.queue<a1, 1>, i32, i32
  %qy = ascendc.queue : <vecout, 2>
  scf.for %i = %lb to %ub step %step {
    ascendc.pipe.init_queue %pipe, %qy, %c2, %c100 : !ascendc.queue<vecout, 2>, i32, i32
  }
  %co1 = ascendc.tbuf : <co1>
  scf.if %c {
    ascendc.pipe.init_buffer %pipe, %co1, %c4096 : !ascendc.tbuf<co1>, i32
  }
  func.return
}
}

// -----

// A size from a kernel argument: no address for it or what follows in UB; L1 goes on;
// after Reset, UB starts at 0 again.
// CHECK-LABEL: func.func @dynamic_then_reset(
// CHECK:         ascendc.pipe.init_queue %pipe, %qx, %c1, %n : !ascendc.queue<vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_buffer %pipe, %b, %c64 : !ascendc.tbuf<veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %pipe, %l1, %c64 {ascendc.address = 0 : i64, ascendc.bytes = 64 : i64}
// CHECK-NEXT:    ascendc.pipe.reset %pipe
// CHECK-NEXT:    ascendc.pipe.init_buffer %pipe, %b, %c64 {ascendc.address = 0 : i64, ascendc.bytes = 64 : i64}
func.func @dynamic_then_reset(%n: i32) attributes {ascendc.global} {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %b = ascendc.tbuf : <veccalc>
  %l1 = ascendc.tbuf : <a1>
  ascendc.pipe.init_queue %pipe, %qx, %c1, %n : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %b, %c64 : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %l1, %c64 : !ascendc.tbuf<a1>, i32
  ascendc.pipe.reset %pipe : !ascendc.pipe
  ascendc.pipe.init_buffer %pipe, %b, %c64 : !ascendc.tbuf<veccalc>, i32
  func.return
}

// -----

// UB of Ascend910B1 is 196608 bytes: the third queue does not fit.
builtin.module attributes {ascendc.soc = "Ascend910B1"} {
func.func @ub_overflow() attributes {ascendc.global} {
  %c2 = arith.constant 2 : i32
  %c32768 = arith.constant 32768 : i32
  %c65536 = arith.constant 65536 : i32
  %pipe = ascendc.pipe
  %in_x = ascendc.queue : <vecin, 2>
  %in_y = ascendc.queue : <vecin, 2>
  %out_z = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %in_x, %c2, %c32768 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %in_y, %c2, %c32768 : !ascendc.queue<vecin, 2>, i32, i32
  // CHECK: plan-memory.mlir:[[# @LINE + 2]]:3
  // CHECK: error: ascendc-plan-memory: UB overflow: the buffers need 262144 bytes but Ascend910B1 has 196608 bytes of UB (%in_x 65536 B, %in_y 65536 B, %out_z 131072 B)
  ascendc.pipe.init_queue %pipe, %out_z, %c2, %c65536 : !ascendc.queue<vecout, 2>, i32, i32
  func.return
}
}

// -----

// L0A is 64 KiB; the size that is not a constant still lets the known ones overflow.
func.func @l0a_overflow(%n: i32) attributes {ascendc.global} {
  %c1 = arith.constant 1 : i32
  %c65536 = arith.constant 65536 : i32
  %pipe = ascendc.pipe
  %a = ascendc.queue : <a2, 1>
  %b = ascendc.tbuf : <a2>
  ascendc.pipe.init_queue %pipe, %a, %c1, %n : !ascendc.queue<a2, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %a, %c1, %c65536 : !ascendc.queue<a2, 1>, i32, i32
  // CHECK: error: ascendc-plan-memory: L0A overflow: the buffers need 65568 bytes but Ascend910B1 has 65536 bytes of L0A (%a 65536 B, %b 32 B)
  ascendc.pipe.init_buffer %pipe, %b, %c1 : !ascendc.tbuf<a2>, i32
  func.return
}

// -----

// A local tensor at a constant address must end inside its memory.
func.func @explicit_address() attributes {ascendc.global} {
  %a = arith.constant 196000 : i32
  %s = arith.constant 1024 : i32
  %addr = builtin.unrealized_conversion_cast %a : i32 to ui32
  %n = builtin.unrealized_conversion_cast %s : i32 to ui32
  // CHECK: error: ascendc-plan-memory: UB overflow: a local tensor at byte 196000 of 4096 bytes ends at 200096, but Ascend910B1 has 196608 bytes of UB
  %t = ascendc.local_tensor_v2 vecin, %addr, %n : !ascendc.local_tensor<*xf32>
  func.return
}

// -----

func.func @negative() attributes {ascendc.global} {
  %c1 = arith.constant 1 : i32
  %m = arith.constant -64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  // CHECK: error: ascendc-plan-memory: %q asks for 1 buffers of -64 bytes
  ascendc.pipe.init_queue %pipe, %q, %c1, %m : !ascendc.queue<vecin, 1>, i32, i32
  func.return
}
