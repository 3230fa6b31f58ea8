// Emission of the synchronisation and system-value ops.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __aicore__ inline void flags(int32_t id) {
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(id);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(id);
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_V>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE3>();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @flags(%id: i32) {
  ascendc.set_flag mte2_v, %id : i32
  ascendc.wait_flag v_mte3, %id : i32
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_mte3
  return
}

// CHECK-LABEL: __aicore__ inline void sysvars() {
// CHECK-NEXT:    int32_t idx = AscendC::GetBlockIdx();
// CHECK-NEXT:    int64_t num = AscendC::GetBlockNum();
func.func @sysvars() {
  %idx = ascendc.get_block_idx : i32
  %num = ascendc.get_block_num : i64
  return
}

// CHECK-LABEL: __aicore__ inline void ffts(__gm__ uint64_t* addr) {
// CHECK-NEXT:    set_ffts_base_addr(*addr);
func.func @ffts(%addr: memref<?xui64, 22>) {
  ascendc.set_ffts_base_addr %addr : memref<?xui64, 22>
  return
}
