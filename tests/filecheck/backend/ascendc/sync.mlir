// Emission of the synchronisation ops.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void pipes(int32_t id) {
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(id);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(id);
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_V>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE3>();
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::DDR>();
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::ALL>();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @pipes(%id: i32) {
  ascendc.set_flag mte2_v, %id : i32
  ascendc.wait_flag v_mte3, %id : i32
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_mte3
  ascendc.data_sync_barrier {memDsbType = 1 : i32}
  ascendc.data_sync_barrier {memDsbType = 0 : i32}
  return
}

// HardEvent::MAX is no hardware event, but the headers' SetFlag/WaitFlag accept it as a
// no-op (`case HardEvent::MAX: break;`): printed as written, like pyasc.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void max_event(int32_t id) {
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MAX>(id);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MAX>(id);
// CHECK-NEXT:    return;
func.func @max_event(%id: i32) {
  ascendc.set_flag max, %id : i32
  ascendc.wait_flag max, %id : i32
  return
}

// `isAIVOnly` is the headers' default (true): printed as `<false>` only when absent.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void cores(AscendC::GlobalTensor<int32_t> gm, AscendC::LocalTensor<int32_t> ub, int32_t blk, int32_t ev, uint16_t flag, uint64_t cfg) {
// CHECK-NEXT:    AscendC::IBSet(gm, ub, blk, ev);
// CHECK-NEXT:    AscendC::IBWait<false>(gm, ub, blk, ev);
// CHECK-NEXT:    AscendC::IBSet<false>(gm, ub, blk, ev);
// CHECK-NEXT:    AscendC::IBWait(gm, ub, blk, ev);
// CHECK-NEXT:    AscendC::SyncAll(gm, ub, blk);
// CHECK-NEXT:    AscendC::SyncAll<false>(gm, ub, blk);
// CHECK-NEXT:    AscendC::SyncAll();
// CHECK-NEXT:    AscendC::SyncAll<false>();
// CHECK-NEXT:    AscendC::CrossCoreSetFlag<0, PIPE_MTE3>(flag);
// CHECK-NEXT:    AscendC::CrossCoreWaitFlag<2, PIPE_FIX>(flag);
// CHECK-NEXT:    ffts_cross_core_sync(PIPE_MTE3, cfg);
// CHECK-NEXT:    AscendC::NotifyNextBlock(gm, ub);
// CHECK-NEXT:    AscendC::WaitPreBlock(gm, ub);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @cores(%gm: !ascendc.global_tensor<*xi32>, %ub: !ascendc.local_tensor<*xi32>, %blk: i32, %ev: i32, %flag: ui16, %cfg: ui64) {
  ascendc.ib_set %gm, %ub, %blk, %ev {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.ib_wait %gm, %ub, %blk, %ev : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.ib_set %gm, %ub, %blk, %ev : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.ib_wait %gm, %ub, %blk, %ev {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.sync_all_soft %gm, %ub, %blk {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.sync_all_soft %gm, %ub, %blk : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.sync_all_hard {isAIVOnly}
  ascendc.sync_all_hard
  ascendc.cross_core_set_flag %flag, 0, pipe_mte3 : ui16
  ascendc.cross_core_wait_flag %flag, 2, pipe_fix : ui16
  ascendc.ffts_cross_core_sync %cfg {pipe = 5 : i32} : ui64
  ascendc.notify_next_block %gm, %ub : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
  ascendc.wait_pre_block %gm, %ub : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void ffts(__gm__ uint64_t* addr) {
// CHECK-NEXT:    set_ffts_base_addr(*addr);
// CHECK-NEXT:    return;
func.func @ffts(%addr: memref<?xui64, 22>) {
  ascendc.set_ffts_base_addr %addr : memref<?xui64, 22>
  return
}
