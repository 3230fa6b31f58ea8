// Verifier errors of the system-value ops, located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @block_idx_float() {
  // CHECK: invalid_sysvar.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.get_block_idx': result value must be an integer, got f32
  %0 = ascendc.get_block_idx : f32
  return
}

// -----

func.func @sub_block_num_signed() {
  // CHECK: error: 'ascendc.get_sub_block_num': result value must be ui64, got i64
  %0 = ascendc.get_sub_block_num : i64
  return
}

// -----

func.func @task_ratio_i32() {
  // CHECK: error: 'ascendc.get_task_ratio': result value must be i64, got i32
  %0 = ascendc.get_task_ratio : i32
  return
}

// -----

func.func @aic_float() {
  // CHECK: error: 'ascendc.ascend_is_aic': result result must be an integer, got f16
  %0 = ascendc.ascend_is_aic : f16
  return
}

// -----

func.func @arch_version_type(%v: i32) {
  // CHECK: error: 'ascendc.get_arch_version': core_version must be ui32, got i32
  ascendc.get_arch_version %v : i32
  return
}

// -----

func.func @arch_version_constant() {
  %c = "emitasc.constant"() <{value = 0 : ui32}> : () -> ui32
  // CHECK: error: 'ascendc.get_arch_version': core_version must be a variable (GetArchVersion writes it), not the constant of 'emitasc.constant'
  ascendc.get_arch_version %c : ui32
  return
}

// -----

func.func @no_result() {
  // CHECK: 'ascendc.get_system_cycle' has 1 result(s), 0 type(s) were given
  %0 = ascendc.get_system_cycle
  return
}
