// Verifier errors of the atomic, scalar, cache, HCCL and other single ops.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @atomic_f64() {
  // CHECK: invalid_misc.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.set_atomic_add': SetAtomicAdd does not support dtype f64 on Atlas A2/A3 (supported: f16, f32, i16, i32, i8, bf16)
  ascendc.set_atomic_add {dtype = f64}
  return
}

// -----

func.func @atomic_no_dtype() {
  // CHECK: error: property 'dtype' expected in operation 'ascendc.set_atomic_max'
  ascendc.set_atomic_max
  return
}

// -----

func.func @store_atomic_keyword() {
  // CHECK: expected a AtomicDtype keyword (atomic_none, atomic_f32, atomic_f16, atomic_s16, atomic_s32, atomic_s8, atomic_bf16), got 'atomic_f64'
  ascendc.set_store_atomic_config atomic_f64, atomic_sum
  return
}

// -----

func.func @store_atomic_config_i32() {
  // CHECK: error: 'ascendc.get_store_atomic_config': result atomic_type must be ui16, got i32
  %t, %o = ascendc.get_store_atomic_config : i32, ui16
  return
}

// -----

func.func @scalar_cast_from_half(%h: f16) {
  // CHECK: error: 'ascendc.scalar_cast': value_in must be f32, got f16
  %c = ascendc.scalar_cast %h {dtype = i32, roundMode = 4 : i32} : f16 -> i32
  return
}

// -----

func.func @scalar_cast_to_i8(%f: f32) {
  // CHECK: error: 'ascendc.scalar_cast': ScalarCast does not support dtype i8 on Atlas A2/A3 (supported: f16, i32)
  %c = ascendc.scalar_cast %f {dtype = i8, roundMode = 4 : i32} : f32 -> i8
  return
}

// -----

func.func @scalar_cast_result(%f: f32) {
  // CHECK: error: 'ascendc.scalar_cast': the result type f16 must be dtype i32
  %c = ascendc.scalar_cast %f {dtype = i32, roundMode = 4 : i32} : f32 -> f16
  return
}

// -----

func.func @scalar_cast_round_mode(%f: f32) {
  // CHECK: error: 'ascendc.scalar_cast': 9 is not a valid RoundMode
  %c = ascendc.scalar_cast %f {dtype = i32, roundMode = 9 : i32} : f32 -> i32
  return
}

// -----

func.func @sff_runtime_count(%u: ui64, %n: i32) {
  // CHECK: error: 'ascendc.scalar_get_sff_value': count_value must be a constant (it is a C++ template argument), got a block argument
  %p = ascendc.scalar_get_sff_value %u, %n : ui64, i32 -> i64
  return
}

// -----

func.func @count_of_value_two(%u: ui64) {
  %c2 = arith.constant 2 : i32
  // CHECK: error: 'ascendc.scalar_get_count_of_value': count_value must be 0 or 1 (the bit value counted), got 2
  %n = ascendc.scalar_get_count_of_value %u, %c2 : ui64, i32 -> i64
  return
}

// -----

func.func @leading_zero_signed(%s: i64) {
  // CHECK: error: 'ascendc.scalar_count_leading_zero': value_in must be ui64, got i64
  %z = ascendc.scalar_count_leading_zero %s : i64 -> i64
  return
}

// -----

func.func @cache_local(%t: !ascendc.local_tensor<*xf32>) {
  // CHECK: error: 'ascendc.data_cache_clean_invalid_global_nodccidst': dst must be a !ascendc.global_tensor, got !ascendc.local_tensor<*xf32>
  ascendc.data_cache_clean_invalid_global_nodccidst %t {entireType = 0 : i32} : !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @cache_dcci_dst(%g: !ascendc.global_tensor<*xf32>) {
  // CHECK: error: 'ascendc.data_cache_clean_invalid_global': 7 is not a valid DcciDst (valid: 0 (cacheline_all), 1 (cacheline_ub), 2 (cacheline_out), 3 (cacheline_atomic))
  ascendc.data_cache_clean_invalid_global %g {dcciDst = 7 : i32, entireType = 0 : i32} : !ascendc.global_tensor<*xf32>
  return
}

// -----

func.func @icache_preload_i32(%n: i32) {
  // CHECK: error: 'ascendc.icache_preload': pre_fetch_len must be i64, got i32
  ascendc.icache_preload %n : i32
  return
}

// -----

func.func @hccl_index_two(%ctx: memref<?xui8, 22>) {
  %c2 = arith.constant 2 : i32
  // CHECK: error: 'ascendc.set_hccl_context': index must be 0 or 1 (there are two HCCL contexts), got 2
  ascendc.set_hccl_context %c2, %ctx : i32, memref<?xui8, 22>
  return
}

// -----

func.func @hccl_index_runtime(%i: ui32) {
  // CHECK: error: 'ascendc.get_hccl_context': index must be a constant (it is a C++ template argument), got a block argument
  %c = ascendc.get_hccl_context %i : ui32, memref<?xui8, 22>
  return
}

// -----

func.func @hccl_context_type(%ctx: memref<?xf32, 22>) {
  %c0 = arith.constant 0 : i32
  // CHECK: error: 'ascendc.set_hccl_context': context must be a GM pointer to ui8 (memref<?xui8, 22>), got memref<?xf32, 22 : i64>
  ascendc.set_hccl_context %c0, %ctx : i32, memref<?xf32, 22>
  return
}

// -----

func.func @check_ia_param(%n: i32) {
  // CHECK: error: 'ascendc.check_local_memory_ia': check_params must be !ascendc.check_local_memory_ia_param, got i32
  ascendc.check_local_memory_ia %n : i32
  return
}

// -----

func.func @pop_stack_global(%g: !ascendc.global_tensor<*xf16>) {
  // CHECK: error: 'ascendc.pop_stack_buffer': tensor must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf16>
  ascendc.pop_stack_buffer veccalc %g : !ascendc.global_tensor<*xf16>
  return
}

// -----

func.func @local_tensor_auto_shape(%n: i32) {
  // CHECK: error: 'ascendc.local_tensor_auto': dynamic_shape must be i64, got i32
  %t = "ascendc.local_tensor_auto"(%n) : (i32) -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @preload_float_tensor(%g: !ascendc.global_tensor<*xf32>, %off: i32) {
  // CHECK: error: 'ascendc.data_cache_preload': DataCachePreload does not support element type f32 on Atlas A2/A3 (supported: ui64)
  ascendc.data_cache_preload %g, %off : !ascendc.global_tensor<*xf32>, i32
  return
}
