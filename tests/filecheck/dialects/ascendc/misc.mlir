// Round trip of the atomic, scalar, cache, HCCL and other single ops, custom and generic.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @atomics()
// CHECK-NEXT:    ascendc.set_atomic_add {dtype = f16}
// CHECK-NEXT:    ascendc.set_atomic_max {dtype = f32}
// CHECK-NEXT:    ascendc.set_atomic_min {dtype = i16}
// CHECK-NEXT:    ascendc.set_atomic_type {dtype = bf16}
// CHECK-NEXT:    ascendc.set_atomic_none
// CHECK-NEXT:    ascendc.set_store_atomic_config atomic_f32, atomic_sum
// CHECK-NEXT:    %t, %o = ascendc.get_store_atomic_config : ui16, ui16
// GENERIC:       "ascendc.set_atomic_add"() <{dtype = f16}> : () -> ()
// GENERIC:       "ascendc.set_atomic_none"() : () -> ()
// GENERIC-NEXT:  "ascendc.set_store_atomic_config"() <{atomicType = 1 : i32, atomicOp = 0 : i32}> : () -> ()
// GENERIC-NEXT:  %t, %o = "ascendc.get_store_atomic_config"() : () -> (ui16, ui16)
func.func @atomics() {
  // pyasc's tests spell an op without operands with `: () -> ()`.
  ascendc.set_atomic_add {dtype = f16} : () -> ()
  ascendc.set_atomic_max {dtype = f32}
  ascendc.set_atomic_min {dtype = i16}
  ascendc.set_atomic_type {dtype = bf16}
  ascendc.set_atomic_none : () -> ()
  ascendc.set_store_atomic_config atomic_f32, atomic_sum
  %t, %o = ascendc.get_store_atomic_config : ui16, ui16
  return
}

// CHECK-LABEL: func.func @scalars(%f: f32, %u: ui64, %s: i64)
// CHECK-NEXT:    %c0 = arith.constant 0 : i32
// CHECK-NEXT:    %c = ascendc.scalar_cast %f {dtype = i32, roundMode = 4 : i32} : f32 -> i32
// CHECK-NEXT:    %p = ascendc.scalar_get_sff_value %u, %c0 : ui64, i32 -> i64
// CHECK-NEXT:    %n = ascendc.scalar_get_count_of_value %u, %c0 : ui64, i32 -> i64
// CHECK-NEXT:    %z = ascendc.scalar_count_leading_zero %u : ui64 -> i64
// CHECK-NEXT:    %b = ascendc.count_bits_cnt_same_as_sign_bit %s : i64 -> i64
// GENERIC:       %c = "ascendc.scalar_cast"(%f) <{dtype = i32, roundMode = 4 : i32}> : (f32) -> i32
// GENERIC-NEXT:  %p = "ascendc.scalar_get_sff_value"(%u, %c0) : (ui64, i32) -> i64
func.func @scalars(%f: f32, %u: ui64, %s: i64) {
  %c0 = arith.constant 0 : i32
  %c = ascendc.scalar_cast %f {dtype = i32, roundMode = 4 : i32} : f32 -> i32
  %p = ascendc.scalar_get_sff_value %u, %c0 : ui64, i32 -> i64
  %n = ascendc.scalar_get_count_of_value %u, %c0 : ui64, i32 -> i64
  %z = ascendc.scalar_count_leading_zero %u : ui64 -> i64
  %b = ascendc.count_bits_cnt_same_as_sign_bit %s : i64 -> i64
  return
}

// CHECK-LABEL: func.func @caches(%g: !ascendc.global_tensor<*xf32>, %len: i64, %w: !ascendc.global_tensor<*xui64>, %off: i32)
// CHECK-NEXT:    ascendc.data_cache_clean_invalid_global %g {dcciDst = 2 : i32, entireType = 0 : i32} : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.data_cache_clean_invalid_global_nodccidst %g {entireType = 1 : i32} : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    %st = ascendc.get_icache_preload_status : i64
// CHECK-NEXT:    ascendc.icache_preload %len : i64
// CHECK-NEXT:    ascendc.data_cache_preload %w, %off : !ascendc.global_tensor<*xui64>, i32
// GENERIC:       "ascendc.data_cache_clean_invalid_global"(%g) <{entireType = 0 : i32, dcciDst = 2 : i32}> : (!ascendc.global_tensor<*xf32>) -> ()
// GENERIC-NEXT:  "ascendc.data_cache_clean_invalid_global_nodccidst"(%g) <{entireType = 1 : i32}> : (!ascendc.global_tensor<*xf32>) -> ()
// GENERIC-NEXT:  %st = "ascendc.get_icache_preload_status"() : () -> i64
func.func @caches(%g: !ascendc.global_tensor<*xf32>, %len: i64, %w: !ascendc.global_tensor<*xui64>, %off: i32) {
  ascendc.data_cache_clean_invalid_global %g {dcciDst = 2 : i32, entireType = 0 : i32} : !ascendc.global_tensor<*xf32>
  ascendc.data_cache_clean_invalid_global_nodccidst %g {entireType = 1 : i32} : !ascendc.global_tensor<*xf32>
  %st = ascendc.get_icache_preload_status : i64
  ascendc.icache_preload %len : i64
  ascendc.data_cache_preload %w, %off : !ascendc.global_tensor<*xui64>, i32
  return
}

// CHECK-LABEL: func.func @others(%ctx: memref<?xui8, 22 : i64>, %param: !ascendc.check_local_memory_ia_param, %t: !ascendc.local_tensor<*xf16>, %n: i64)
// CHECK-NEXT:    %c1 = arith.constant 1 : i32
// CHECK-NEXT:    ascendc.init_soc_state
// CHECK-NEXT:    ascendc.check_local_memory_ia %param : !ascendc.check_local_memory_ia_param
// CHECK-NEXT:    ascendc.set_hccl_context %c1, %ctx : i32, memref<?xui8, 22 : i64>
// CHECK-NEXT:    %c = ascendc.get_hccl_context %c1 : i32, memref<?xui8, 22 : i64>
// CHECK-NEXT:    ascendc.pop_stack_buffer veccalc %t : !ascendc.local_tensor<*xf16>
// CHECK-NEXT:    %auto = ascendc.local_tensor_auto(%n, %n) input : <*xf32>
// CHECK-NEXT:    ascendc.noop
// GENERIC:       "ascendc.init_soc_state"() : () -> ()
// GENERIC-NEXT:  "ascendc.check_local_memory_ia"(%param) : (!ascendc.check_local_memory_ia_param) -> ()
// GENERIC-NEXT:  "ascendc.set_hccl_context"(%c1, %ctx) : (i32, memref<?xui8, 22 : i64>) -> ()
// GENERIC-NEXT:  %c = "ascendc.get_hccl_context"(%c1) : (i32) -> memref<?xui8, 22 : i64>
// GENERIC-NEXT:  "ascendc.pop_stack_buffer"(%t) <{pos = 11 : i32}> : (!ascendc.local_tensor<*xf16>) -> ()
// GENERIC-NEXT:  %auto = "ascendc.local_tensor_auto"(%n, %n) <{input}> : (i64, i64) -> !ascendc.local_tensor<*xf32>
// GENERIC-NEXT:  "ascendc.noop"() : () -> ()
func.func @others(%ctx: memref<?xui8, 22>, %param: !ascendc.check_local_memory_ia_param, %t: !ascendc.local_tensor<*xf16>, %n: i64) {
  %c1 = arith.constant 1 : i32
  ascendc.init_soc_state
  ascendc.check_local_memory_ia %param : !ascendc.check_local_memory_ia_param
  ascendc.set_hccl_context %c1, %ctx : i32, memref<?xui8, 22>
  %c = ascendc.get_hccl_context %c1 : i32, memref<?xui8, 22>
  ascendc.pop_stack_buffer veccalc %t : !ascendc.local_tensor<*xf16>
  %auto = ascendc.local_tensor_auto(%n, %n) input : !ascendc.local_tensor<*xf32>
  ascendc.noop
  return
}
