// Emission of the atomic, scalar, cache, HCCL and other single ops.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void atomics() {
// CHECK-NEXT:    AscendC::SetAtomicAdd<half>();
// CHECK-NEXT:    AscendC::SetAtomicMax<float>();
// CHECK-NEXT:    AscendC::SetAtomicMin<int16_t>();
// CHECK-NEXT:    AscendC::SetAtomicType<bfloat16_t>();
// CHECK-NEXT:    AscendC::SetAtomicNone();
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F32, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:    uint16_t t;
// CHECK-NEXT:    uint16_t o;
// CHECK-NEXT:    AscendC::GetStoreAtomicConfig(t, o);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @atomics() {
  ascendc.set_atomic_add {dtype = f16}
  ascendc.set_atomic_max {dtype = f32}
  ascendc.set_atomic_min {dtype = i16}
  ascendc.set_atomic_type {dtype = bf16}
  ascendc.set_atomic_none
  ascendc.set_store_atomic_config atomic_f32, atomic_sum
  %t, %o = ascendc.get_store_atomic_config : ui16, ui16
  return
}

// The bit value ScalarGetSFFValue/ScalarGetCountOfValue look for is a template argument:
// the constant's variable.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void scalars(float f, uint64_t u, int64_t s) {
// CHECK-NEXT:    constexpr int32_t c0 = 0;
// CHECK-NEXT:    constexpr int32_t c1 = 1;
// CHECK-NEXT:    int32_t c = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(f);
// CHECK-NEXT:    half h = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_RINT>(f);
// CHECK-NEXT:    int64_t p = AscendC::ScalarGetSFFValue<c0>(u);
// CHECK-NEXT:    int64_t n = AscendC::ScalarGetCountOfValue<c1>(u);
// CHECK-NEXT:    int64_t z = AscendC::ScalarCountLeadingZero(u);
// CHECK-NEXT:    int64_t b = AscendC::CountBitsCntSameAsSignBit(s);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @scalars(%f: f32, %u: ui64, %s: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c = ascendc.scalar_cast %f {dtype = i32, roundMode = 4 : i32} : f32 -> i32
  %h = ascendc.scalar_cast %f {dtype = f16, roundMode = 1 : i32} : f32 -> f16
  %p = ascendc.scalar_get_sff_value %u, %c0 : ui64, i32 -> i64
  %n = ascendc.scalar_get_count_of_value %u, %c1 : ui64, i32 -> i64
  %z = ascendc.scalar_count_leading_zero %u : ui64 -> i64
  %b = ascendc.count_bits_cnt_same_as_sign_bit %s : i64 -> i64
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void caches(AscendC::GlobalTensor<float> g, int64_t len, AscendC::GlobalTensor<uint64_t> w, int32_t off) {
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::SINGLE_CACHE_LINE, AscendC::DcciDst::CACHELINE_OUT>(g);
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::ENTIRE_DATA_CACHE>(g);
// CHECK-NEXT:    int64_t st = AscendC::GetICachePreloadStatus();
// CHECK-NEXT:    AscendC::ICachePreLoad(len);
// CHECK-NEXT:    AscendC::DataCachePreload(w, off);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @caches(%g: !ascendc.global_tensor<*xf32>, %len: i64, %w: !ascendc.global_tensor<*xui64>, %off: i32) {
  ascendc.data_cache_clean_invalid_global %g {dcciDst = 2 : i32, entireType = 0 : i32} : !ascendc.global_tensor<*xf32>
  ascendc.data_cache_clean_invalid_global_nodccidst %g {entireType = 1 : i32} : !ascendc.global_tensor<*xf32>
  %st = ascendc.get_icache_preload_status : i64
  ascendc.icache_preload %len : i64
  ascendc.data_cache_preload %w, %off : !ascendc.global_tensor<*xui64>, i32
  return
}

// The HCCL context index is a template argument too. `noop` is an empty statement.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void others(__gm__ uint8_t* ctx, AscendC::CheckLocalMemoryIAParam param, AscendC::LocalTensor<half> t) {
// CHECK-NEXT:    constexpr int32_t c1 = 1;
// CHECK-NEXT:    AscendC::InitSocState();
// CHECK-NEXT:    AscendC::CheckLocalMemoryIA(param);
// CHECK-NEXT:    AscendC::SetHcclContext<c1>(ctx);
// CHECK-NEXT:    __gm__ uint8_t* c = AscendC::GetHcclContext<c1>();
// CHECK-NEXT:    AscendC::PopStackBuffer<half, AscendC::TPosition::VECCALC>(t);
// CHECK-NEXT:    ;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @others(%ctx: memref<?xui8, 22>, %param: !ascendc.check_local_memory_ia_param, %t: !ascendc.local_tensor<*xf16>) {
  %c1 = arith.constant 1 : i32
  ascendc.init_soc_state
  ascendc.check_local_memory_ia %param : !ascendc.check_local_memory_ia_param
  ascendc.set_hccl_context %c1, %ctx : i32, memref<?xui8, 22>
  %c = ascendc.get_hccl_context %c1 : i32, memref<?xui8, 22>
  ascendc.pop_stack_buffer veccalc %t : !ascendc.local_tensor<*xf16>
  ascendc.noop
  return
}
