// Functions of several results: in Ascend C a void function with one out-parameter by
// reference per result, after its parameters; func.return assigns them, a call
// declares a variable per result and passes it. (pyasc's translator has no form for
// several results; tests/unit/test_headers.py compiles this output.)
// RUN: asc-opt %s -t ascendc | filecheck %s

// Declarations (external, defined later) take the out-parameters too.
// CHECK:       __aicore__ void external_pair(float, int32_t&, float&);
// CHECK-EMPTY:
// CHECK-NEXT:  __inline__ __attribute__((always_inline)) __aicore__ void split(int32_t v, int32_t result0, int32_t& result0_1, int32_t& result1, bool& result2);
// CHECK-EMPTY:
// CHECK-NEXT:  __inline__ __attribute__((always_inline)) __aicore__ void twice(int32_t v, int32_t& result0, int32_t& result1);
func.func private @external_pair(f32) -> (i32, f32)

// CHECK-LABEL: extern "C" __global__ __aicore__ void kernel(__gm__ int32_t* x, int32_t n) {
// CHECK-NEXT:    constexpr int32_t c1 = 1;
// CHECK-NEXT:    int32_t hi;
// CHECK-NEXT:    int32_t lo;
// CHECK-NEXT:    bool odd;
// CHECK-NEXT:    split(n, c1, hi, lo, odd);
// CHECK-NEXT:    float f = static_cast<float>(hi);
// CHECK-NEXT:    int32_t a;
// CHECK-NEXT:    float b;
// CHECK-NEXT:    external_pair(f, a, b);
// CHECK-NEXT:    int32_t p;
// CHECK-NEXT:    int32_t q;
// CHECK-NEXT:    twice(lo, p, q);
// CHECK-NEXT:    int64_t i = static_cast<int64_t>(p);
// CHECK-NEXT:    x[i] = q;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @kernel(%x: memref<?xi32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c1 = arith.constant 1 : i32
  %hi, %lo, %odd = func.call @split(%n, %c1) : (i32, i32) -> (i32, i32, i1)
  %f = arith.sitofp %hi : i32 to f32
  %a, %b = func.call @external_pair(%f) : (f32) -> (i32, f32)
  %p, %q = func.call @twice(%lo) : (i32) -> (i32, i32)
  %i = arith.index_cast %p : i32 to index
  memref.store %q, %x[%i] : memref<?xi32, 22>
  return
}

// A parameter named like an out-parameter keeps its name; the out-parameter gets another.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void split(int32_t v, int32_t result0, int32_t& result0_1, int32_t& result1, bool& result2) {
// CHECK-NEXT:    constexpr int32_t c16 = 16;
// CHECK-NEXT:    int32_t hi = static_cast<int32_t>(v >> static_cast<uint32_t>(c16));
// CHECK-NEXT:    int32_t lo = v & result0;
// CHECK-NEXT:    bool odd = static_cast<bool>(v & 1);
// CHECK-NEXT:    result0_1 = hi;
// CHECK-NEXT:    result1 = lo;
// CHECK-NEXT:    result2 = odd;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @split(%v: i32, %result0: i32) -> (i32, i32, i1) {
  %c16 = arith.constant 16 : i32
  %hi = arith.shrsi %v, %c16 : i32
  %lo = arith.andi %v, %result0 : i32
  %odd = arith.trunci %v : i32 to i1
  return %hi, %lo, %odd : i32, i32, i1
}

// The same value returned twice, a parameter returned as it is.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void twice(int32_t v, int32_t& result0, int32_t& result1) {
// CHECK-NEXT:    result0 = v;
// CHECK-NEXT:    result1 = v;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @twice(%v: i32) -> (i32, i32) {
  return %v, %v : i32, i32
}
