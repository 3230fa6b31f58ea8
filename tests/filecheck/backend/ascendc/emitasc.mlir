// Emission of the emitasc ops and the emitc ops pyasc uses.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int64_t calls() {
// CHECK-NEXT:    int64_t r = AscendC::GetBlockIdx();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:    return r;
// CHECK-NEXT:  }
func.func @calls() -> i64 {
  %r = emitasc.call_opaque "AscendC::GetBlockIdx" () : () -> i64
  emitasc.call_opaque "AscendC::PipeBarrier<PIPE_ALL>" () : () -> ()
  return %r : i64
}

// A reference into GM keeps the pointer's address space.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void pointers(__gm__ int32_t* p, int32_t* l, __gm__ float* x, int64_t i, int32_t n) {
// CHECK-NEXT:    __gm__ int32_t& r = *p;
// CHECK-NEXT:    int32_t& rl = *l;
// CHECK-NEXT:    __gm__ int32_t* q = p + 512;
// CHECK-NEXT:    __gm__ int32_t* q2 = p + i;
// CHECK-NEXT:    __gm__ int32_t* c = reinterpret_cast<__gm__ int32_t*>(x);
// CHECK-NEXT:    int32_t v[1]{512};
// CHECK-NEXT:    int32_t w[1]{n};
// CHECK-NEXT:    float f[1]{1.5f};
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_V>();
// CHECK-NEXT:    w[0] = n + 1;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @pointers(%p: memref<?xi32, 22>, %l: memref<?xi32>, %x: memref<8xf32, 22>, %i: index, %n: i32) {
  %r = emitasc.dereference %p : memref<?xi32, 22>, i32
  %rl = emitasc.dereference %l : memref<?xi32>, i32
  %q = emitasc.ptr_offset %p[512] : memref<?xi32, 22>, memref<?xi32, 22>
  %q2 = emitasc.ptr_offset %p[%i] : memref<?xi32, 22>, memref<?xi32, 22>
  %c = emitasc.reinterpret_cast %x : memref<8xf32, 22> to memref<8xi32, 22>
  %v = emitasc.variable 512 : i32, memref<1xi32>
  %w = emitasc.variable %n : i32, memref<1xi32>
  %f = emitasc.variable 1.5 : f32, memref<1xf32>
  emitasc.verbatim "AscendC::PipeBarrier<PIPE_V>();"
  emitasc.verbatim "$0[0] = $1 + 1;" %w, %n : memref<1xi32>, i32
  return
}

// Struct fields (of an Ascend C parameter struct here); a struct in GM is copied out
// byte by byte.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void structs(__gm__ AscendC::DataCopyParams* g, AscendC::DataCopyParams s, uint16_t k) {
// CHECK-NEXT:    AscendC::DataCopyParams copy;
// CHECK-NEXT:    for (size_t i = 0; i < sizeof(copy); i++) {
// CHECK-NEXT:      auto byte = reinterpret_cast<__gm__ uint8_t*>(g)[i];
// CHECK-NEXT:      reinterpret_cast<uint8_t*>(&copy)[i] = byte;
// CHECK-NEXT:    };
// CHECK-NEXT:    uint16_t n = s.blockCount;
// CHECK-NEXT:    uint16_t gn = g->blockLen;
// CHECK-NEXT:    s.srcStride = k;
// CHECK-NEXT:    __gm__ uint16_t* pn = reinterpret_cast<__gm__ uint16_t*>(&g->dstStride);
// CHECK-NEXT:    __gm__ uint16_t& rn = reinterpret_cast<__gm__ uint16_t&>(g->blockCount);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @structs(%g: memref<?x!ascendc.data_copy_params, 22>, %s: !ascendc.data_copy_params, %k: ui16) {
  %copy = emitasc.copy_struct %g : memref<?x!ascendc.data_copy_params, 22>, !ascendc.data_copy_params
  %n = emitasc.member %s "blockCount" : !ascendc.data_copy_params, ui16
  %gn = emitasc.member %g "blockLen" : memref<?x!ascendc.data_copy_params, 22>, ui16
  emitasc.set_member %s "srcStride", %k : !ascendc.data_copy_params, ui16
  %pn = emitasc.member_ptr %g[3] "dstStride" : memref<?x!ascendc.data_copy_params, 22>, memref<1xui16, 22>
  %rn = emitasc.member_ref %g[0] "blockCount" : memref<?x!ascendc.data_copy_params, 22>, ui16
  return
}

// A Python struct's declaration (at module level in pyasc's modules); an unnamed
// field of one is found by its index.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void py_struct() {
// CHECK-NEXT:    #pragma pack(push, 8)
// CHECK-NEXT:    struct Cfg {
// CHECK-NEXT:      int32_t n;
// CHECK-NEXT:      float scale;
// CHECK-NEXT:    };
// CHECK-NEXT:    #pragma pack(pop)
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @py_struct() {
  emitasc.declare_py_struct !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void emitc(int32_t x) {
// CHECK-NEXT:    constexpr int32_t v1 = ::AscendC::TOTAL_L1_SIZE;
// CHECK-NEXT:    constexpr uint32_t v2 = 128;
// CHECK-NEXT:    const half v3 = static_cast<half>(1.5f);
// CHECK-NEXT:    uint32_t v4 = (uint32_t) x;
// CHECK-NEXT:    #define ASC_XDSL_VERBATIM 1
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @emitc(%x: i32) {
  %0 = "emitasc.constant"() {value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">} : () -> i32
  %1 = "emitasc.constant"() <{value = 128 : ui32}> : () -> ui32
  %2 = "emitasc.constant"() <{value = 1.5 : f16}> : () -> f16
  %3 = emitasc.cast %x : i32 to ui32
  emitasc.verbatim "#define ASC_XDSL_VERBATIM 1"
  return
}

// A Python-defined struct built in a kernel: declared, then its fields set.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void py_struct_built(int32_t n) {
// CHECK-NEXT:    #pragma pack(push, 8)
// CHECK-NEXT:    struct Cfg {
// CHECK-NEXT:      int32_t n;
// CHECK-NEXT:      float scale;
// CHECK-NEXT:    };
// CHECK-NEXT:    #pragma pack(pop)
// CHECK-NEXT:    Cfg c;
// CHECK-NEXT:    c.n = n;
// CHECK-NEXT:    int32_t v = c.n;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @py_struct_built(%n: i32) {
  emitasc.declare_py_struct !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>
  %c = ascendc.construct !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>()
  emitasc.set_member %c "n", %n : !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, i32
  %v = emitasc.member %c "n" : !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, i32
  return
}
