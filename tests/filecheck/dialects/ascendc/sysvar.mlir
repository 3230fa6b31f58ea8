// Round trip of the system-value ops, custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @values(%v: ui32)
// CHECK-NEXT:    %idx = ascendc.get_block_idx : i32
// CHECK-NEXT:    %num = ascendc.get_block_num : index
// CHECK-NEXT:    %blk = ascendc.get_data_block_size_in_bytes : i16
// CHECK-NEXT:    %pc = ascendc.get_program_counter : i64
// CHECK-NEXT:    %sub = ascendc.get_sub_block_idx : i64
// CHECK-NEXT:    %subs = ascendc.get_sub_block_num : ui64
// CHECK-NEXT:    %cyc = ascendc.get_system_cycle : i64
// CHECK-NEXT:    %ratio = ascendc.get_task_ratio : i64
// CHECK-NEXT:    %aic = ascendc.ascend_is_aic : i1
// CHECK-NEXT:    %aiv = ascendc.ascend_is_aiv : i8
// CHECK-NEXT:    ascendc.get_arch_version %v : ui32
// CHECK-NEXT:    ascendc.trap
// CHECK-NEXT:    func.return
// GENERIC:       %idx = "ascendc.get_block_idx"() : () -> i32
// GENERIC-NEXT:  %num = "ascendc.get_block_num"() : () -> index
// GENERIC-NEXT:  %blk = "ascendc.get_data_block_size_in_bytes"() : () -> i16
// GENERIC-NEXT:  %pc = "ascendc.get_program_counter"() : () -> i64
// GENERIC-NEXT:  %sub = "ascendc.get_sub_block_idx"() : () -> i64
// GENERIC-NEXT:  %subs = "ascendc.get_sub_block_num"() : () -> ui64
// GENERIC-NEXT:  %cyc = "ascendc.get_system_cycle"() : () -> i64
// GENERIC-NEXT:  %ratio = "ascendc.get_task_ratio"() : () -> i64
// GENERIC-NEXT:  %aic = "ascendc.ascend_is_aic"() : () -> i1
// GENERIC-NEXT:  %aiv = "ascendc.ascend_is_aiv"() : () -> i8
// GENERIC-NEXT:  "ascendc.get_arch_version"(%v) : (ui32) -> ()
// GENERIC-NEXT:  "ascendc.trap"() : () -> ()
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
