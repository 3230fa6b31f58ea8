// Round trip of the synchronisation ops, custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @pipes(%id: i32)
// CHECK-NEXT:    ascendc.set_flag mte2_v, %id : i32
// CHECK-NEXT:    ascendc.wait_flag v_mte3, %id : i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    ascendc.data_sync_barrier {memDsbType = 1 : i32}
// CHECK-NEXT:    ascendc.data_sync_barrier {memDsbType = 0 : i32}
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "pipes"
// GENERIC:       "ascendc.set_flag"(%id) <{event = 4 : i32}> : (i32) -> ()
// GENERIC-NEXT:  "ascendc.wait_flag"(%id) <{event = 7 : i32}> : (i32) -> ()
// GENERIC-NEXT:  "ascendc.pipe_barrier"() <{pipe = 1 : i32}> : () -> ()
// GENERIC-NEXT:  "ascendc.pipe_barrier"() <{pipe = 6 : i32}> : () -> ()
// GENERIC-NEXT:  "ascendc.data_sync_barrier"() <{memDsbType = 1 : i32}> : () -> ()
func.func @pipes(%id: i32) {
  ascendc.set_flag mte2_v, %id : i32
  ascendc.wait_flag v_mte3, %id : i32
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_all
  ascendc.data_sync_barrier {memDsbType = 1 : i32}
  // pyasc's tests spell an op without operands with `: () -> ()`.
  ascendc.data_sync_barrier {memDsbType = 0 : i32} : () -> ()
  return
}

// CHECK-LABEL: func.func @cores(%gm: !ascendc.global_tensor<*xi32>, %ub: !ascendc.local_tensor<*xi32>, %blk: i32, %ev: i32, %flag: i32, %cfg: i64)
// CHECK-NEXT:    ascendc.ib_set %gm, %ub, %blk, %ev {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
// CHECK-NEXT:    ascendc.ib_wait %gm, %ub, %blk, %ev : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
// CHECK-NEXT:    ascendc.sync_all_soft %gm, %ub, %blk {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
// CHECK-NEXT:    ascendc.sync_all_hard {isAIVOnly}
// CHECK-NEXT:    ascendc.sync_all_hard
// CHECK-NEXT:    ascendc.cross_core_set_flag %flag, 0, pipe_mte3 : i32
// CHECK-NEXT:    ascendc.cross_core_wait_flag %flag, 2, pipe_fix : i32
// CHECK-NEXT:    ascendc.ffts_cross_core_sync %cfg {pipe = 5 : i32} : i64
// CHECK-NEXT:    ascendc.notify_next_block %gm, %ub : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
// CHECK-NEXT:    ascendc.wait_pre_block %gm, %ub : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "cores"
// GENERIC:       "ascendc.ib_set"(%gm, %ub, %blk, %ev) <{isAIVOnly}> : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.ib_wait"(%gm, %ub, %blk, %ev) : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32) -> ()
// GENERIC-NEXT:  "ascendc.sync_all_soft"(%gm, %ub, %blk) <{isAIVOnly}> : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32) -> ()
// GENERIC-NEXT:  "ascendc.sync_all_hard"() <{isAIVOnly}> : () -> ()
// GENERIC-NEXT:  "ascendc.sync_all_hard"() : () -> ()
// GENERIC-NEXT:  "ascendc.cross_core_set_flag"(%flag) <{modeId = 0 : ui8, pipe = 5 : i32}> : (i32) -> ()
// GENERIC-NEXT:  "ascendc.cross_core_wait_flag"(%flag) <{modeId = 2 : ui8, pipe = 10 : i32}> : (i32) -> ()
// GENERIC-NEXT:  "ascendc.ffts_cross_core_sync"(%cfg) <{pipe = 5 : i32}> : (i64) -> ()
// GENERIC-NEXT:  "ascendc.notify_next_block"(%gm, %ub) : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>) -> ()
// GENERIC-NEXT:  "ascendc.wait_pre_block"(%gm, %ub) : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>) -> ()
func.func @cores(%gm: !ascendc.global_tensor<*xi32>, %ub: !ascendc.local_tensor<*xi32>, %blk: i32, %ev: i32, %flag: i32, %cfg: i64) {
  ascendc.ib_set %gm, %ub, %blk, %ev {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.ib_wait %gm, %ub, %blk, %ev : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.sync_all_soft %gm, %ub, %blk {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.sync_all_hard {isAIVOnly}
  ascendc.sync_all_hard
  ascendc.cross_core_set_flag %flag, 0, pipe_mte3 : i32
  ascendc.cross_core_wait_flag %flag, 2, pipe_fix : i32
  ascendc.ffts_cross_core_sync %cfg {pipe = 5 : i32} : i64
  ascendc.notify_next_block %gm, %ub : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
  ascendc.wait_pre_block %gm, %ub : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
  return
}

// CHECK-LABEL: func.func @ffts(%addr: memref<?xui64, 22 : i64>)
// CHECK-NEXT:    ascendc.set_ffts_base_addr %addr : memref<?xui64, 22 : i64>
// GENERIC: "ascendc.set_ffts_base_addr"(%addr) : (memref<?xui64, 22 : i64>) -> ()
func.func @ffts(%addr: memref<?xui64, 22>) {
  ascendc.set_ffts_base_addr %addr : memref<?xui64, 22>
  return
}
