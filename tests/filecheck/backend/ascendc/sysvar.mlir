// Emission of the system-value ops.
// RUN: asc-opt %s -t ascendc | filecheck %s

// The block index and count are converted to the result type (as pyasc prints them);
// the other values are assigned as the headers return them.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void values(uint32_t v) {
// CHECK-NEXT:    int32_t idx = static_cast<int32_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:    int64_t num = static_cast<int64_t>(AscendC::GetBlockNum());
// CHECK-NEXT:    int16_t blk = AscendC::GetDataBlockSizeInBytes();
// CHECK-NEXT:    int64_t pc = AscendC::GetProgramCounter();
// CHECK-NEXT:    int64_t sub = AscendC::GetSubBlockIdx();
// CHECK-NEXT:    uint64_t subs = AscendC::GetSubBlockNum();
// CHECK-NEXT:    int64_t cyc = AscendC::GetSystemCycle();
// CHECK-NEXT:    int64_t ratio = AscendC::GetTaskRatio();
// CHECK-NEXT:    bool aic = g_coreType == AscendC::AIC;
// CHECK-NEXT:    int8_t aiv = g_coreType == AscendC::AIV;
// CHECK-NEXT:    AscendC::GetArchVersion(v);
// CHECK-NEXT:    AscendC::Trap();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @values(%v: ui32) {
  %idx = ascendc.get_block_idx : i32
  %num = ascendc.get_block_num : index
  %blk = ascendc.get_data_block_size_in_bytes : i16
  %pc = ascendc.get_program_counter : i64
  %sub = ascendc.get_sub_block_idx : i64
  %subs = ascendc.get_sub_block_num : ui64
  %cyc = ascendc.get_system_cycle : i64
  %ratio = ascendc.get_task_ratio : i64
  %aic = ascendc.ascend_is_aic : i1
  %aiv = ascendc.ascend_is_aiv : i8
  ascendc.get_arch_version %v : ui32
  ascendc.trap
  return
}
