// ascendc-plan-memory on Ascend 950 (arch 3510): the capacities are the 950's
// (docs/ascend950.md): UB 248 KiB, L0C 256 KiB, where Atlas A2/A3 has 192 and 128 KiB.
// RUN: asc-opt %s --split-input-file --verify-diagnostics -p ascendc-plan-memory 2>&1 | filecheck %s

// 224 KiB of UB and 256 KiB of L0C fit a 950 ...
// CHECK-LABEL: func.func @fits_950(
// CHECK: ascendc.pipe.init_queue %pipe, %out_z, %c2, %c49152 {ascendc.address = 131072 : i64, ascendc.bytes = 98304 : i64}
// CHECK: ascendc.pipe.init_queue %pipe, %co1, %c1, %c262144 {ascendc.address = 0 : i64, ascendc.bytes = 262144 : i64}
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
func.func @fits_950() attributes {ascendc.global} {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c32768 = arith.constant 32768 : i32
  %c49152 = arith.constant 49152 : i32
  %c262144 = arith.constant 262144 : i32
  %pipe = ascendc.pipe
  %in_x = ascendc.queue : <vecin, 2>
  %in_y = ascendc.queue : <vecin, 2>
  %out_z = ascendc.queue : <vecout, 2>
  %co1 = ascendc.queue : <co1, 1>
  ascendc.pipe.init_queue %pipe, %in_x, %c2, %c32768 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %in_y, %c2, %c32768 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %out_z, %c2, %c49152 : !ascendc.queue<vecout, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %co1, %c1, %c262144 : !ascendc.queue<co1, 1>, i32, i32
  func.return
}
}

// -----

// ... and the same UB does not fit an Atlas A2 part.
builtin.module attributes {ascendc.soc = "Ascend910B1"} {
func.func @ub_overflow_910b() attributes {ascendc.global} {
  %c2 = arith.constant 2 : i32
  %c32768 = arith.constant 32768 : i32
  %c49152 = arith.constant 49152 : i32
  %pipe = ascendc.pipe
  %in_x = ascendc.queue : <vecin, 2>
  %in_y = ascendc.queue : <vecin, 2>
  %out_z = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %in_x, %c2, %c32768 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %in_y, %c2, %c32768 : !ascendc.queue<vecin, 2>, i32, i32
  // CHECK: error: ascendc-plan-memory: UB overflow: the buffers need 229376 bytes but Ascend910B1 has 196608 bytes of UB (%in_x 65536 B, %in_y 65536 B, %out_z 98304 B)
  ascendc.pipe.init_queue %pipe, %out_z, %c2, %c49152 : !ascendc.queue<vecout, 2>, i32, i32
  func.return
}
}

// -----

// 256 KiB of UB is more than a 950 gives a kernel (8 KiB hold spilled registers).
builtin.module attributes {ascendc.soc = "Ascend950DT_9591"} {
func.func @ub_overflow_950() attributes {ascendc.global} {
  %c2 = arith.constant 2 : i32
  %c65536 = arith.constant 65536 : i32
  %pipe = ascendc.pipe
  %in_x = ascendc.queue : <vecin, 2>
  %out_z = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %in_x, %c2, %c65536 : !ascendc.queue<vecin, 2>, i32, i32
  // CHECK: plan-memory-950.mlir:[[# @LINE + 2]]:3
  // CHECK: error: ascendc-plan-memory: UB overflow: the buffers need 262144 bytes but Ascend950DT_9591 has 253952 bytes of UB (%in_x 131072 B, %out_z 131072 B)
  ascendc.pipe.init_queue %pipe, %out_z, %c2, %c65536 : !ascendc.queue<vecout, 2>, i32, i32
  func.return
}
}
