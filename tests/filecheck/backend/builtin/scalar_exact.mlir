// The scalar forms that keep MLIR's semantics exact in C++ (docs/printer.md, "Scalar
// semantics"; tests/unit/backends/test_scalar_differential.py runs them): signed
// add/sub/mul of 32 bits or more wrap through the unsigned type unless `nsw`, shifts
// are defined past the width (guarded unless the amount is a constant in range),
// float-to-int conversions saturate, i1 is signed (true is -1) and modulo 2, absf and
// min/max order -0 below +0, fma rounds once.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void ints(int32_t a, int32_t b, int64_t i, int64_t j, uint16_t u, uint16_t v, int8_t s, int64_t l) {
// CHECK-NEXT:    int32_t add = static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
// CHECK-NEXT:    int32_t add_nsw = a + b;
// CHECK-NEXT:    int64_t mul_idx = static_cast<int64_t>(static_cast<uint64_t>(i) * static_cast<uint64_t>(j));
// CHECK-NEXT:    uint16_t mul_u16 = static_cast<uint16_t>(static_cast<uint32_t>(u) * static_cast<uint32_t>(v));
// CHECK-NEXT:    int8_t add_i8 = s + s;
// CHECK-NEXT:    int8_t shl = (static_cast<uint8_t>(s) < 8u) ? static_cast<int8_t>(static_cast<uint8_t>(s) << static_cast<uint8_t>(s)) : static_cast<int8_t>(0);
// CHECK-NEXT:    constexpr int64_t c3 = 3;
// CHECK-NEXT:    int64_t shr_const = static_cast<int64_t>(l >> static_cast<uint64_t>(c3));
// CHECK-NEXT:    int64_t shr_idx = (static_cast<uint64_t>(j) < 64u) ? static_cast<int64_t>(static_cast<uint64_t>(i) >> static_cast<uint64_t>(j)) : static_cast<int64_t>(0);
// CHECK-NEXT:    int64_t abs = static_cast<int64_t>((l < 0) ? (0u - static_cast<uint64_t>(l)) : static_cast<uint64_t>(l));
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @ints(%a: i32, %b: i32, %i: index, %j: index, %u: ui16, %v: ui16, %s: i8, %l: i64) {
  %add = arith.addi %a, %b : i32
  %add_nsw = arith.addi %a, %b overflow<nsw> : i32
  %mul_idx = arith.muli %i, %j : index
  %mul_u16 = arith.muli %u, %v : ui16
  %add_i8 = arith.addi %s, %s : i8
  %shl = arith.shli %s, %s : i8
  %c3 = arith.constant 3 : i64
  %shr_const = arith.shrsi %l, %c3 : i64
  %shr_idx = arith.shrui %i, %j : index
  %abs = math.absi %l : i64
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void bools(bool p, bool q, half x) {
// CHECK-NEXT:    bool add = p ^ q;
// CHECK-NEXT:    bool mul = p & q;
// CHECK-NEXT:    bool max = p & q;
// CHECK-NEXT:    bool min = p | q;
// CHECK-NEXT:    bool lt = q < p;
// CHECK-NEXT:    int32_t ext = static_cast<int32_t>(-static_cast<int>(p));
// CHECK-NEXT:    half fp = static_cast<half>(-static_cast<int>(p));
// CHECK-NEXT:    constexpr int32_t c7 = 7;
// CHECK-NEXT:    bool low = static_cast<bool>(c7 & 1);
// CHECK-NEXT:    bool sat = x <= static_cast<half>(-1.0f);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @bools(%p: i1, %q: i1, %x: f16) {
  %add = arith.addi %p, %q : i1
  %mul = arith.muli %p, %q : i1
  %max = arith.maxsi %p, %q : i1
  %min = arith.minsi %p, %q : i1
  %lt = arith.cmpi slt, %p, %q : i1
  %ext = arith.extsi %p : i1 to i32
  %fp = arith.sitofp %p : i1 to f16
  %c7 = arith.constant 7 : i32
  %low = arith.trunci %c7 : i32 to i1
  %sat = arith.fptosi %x : f16 to i1
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void floats(half x, half y, half z, double d, float f) {
// CHECK-NEXT:    half abs = (x <= static_cast<half>(0)) ? (static_cast<half>(0) - x) : x;
// CHECK-NEXT:    half max = ((x != x) || (x > y)) ? x : (((y != y) || (y > x)) ? y : ((x == static_cast<half>(0)) ? (x + y) : x));
// CHECK-NEXT:    half min = ((y != y) || (x < y)) ? x : (((x != x) || (y < x)) ? y : ((x == static_cast<half>(0)) ? -(-x - y) : x));
// CHECK-NEXT:    half fma_1 = static_cast<half>(static_cast<double>(x) * static_cast<double>(y) + static_cast<double>(z));
// CHECK-NEXT:    double fmad = fma(d, d, d);
// CHECK-NEXT:    int64_t i64 = (x != x) ? static_cast<int64_t>(0) : (x <= static_cast<half>(-__builtin_inff())) ? static_cast<int64_t>((-9223372036854775807LL - 1)) : (x >= static_cast<half>(__builtin_inff())) ? static_cast<int64_t>(9223372036854775807LL) : static_cast<int64_t>(static_cast<float>(x));
// CHECK-NEXT:    int8_t u8 = !(x > static_cast<half>(-1.0f)) ? static_cast<int8_t>(0) : (x >= static_cast<half>(256.0f)) ? static_cast<int8_t>(static_cast<uint8_t>(-1)) : static_cast<int8_t>(static_cast<uint8_t>(static_cast<float>(x)));
// CHECK-NEXT:    int32_t i32 = (f != f) ? static_cast<int32_t>(0) : (f <= -2147483600.0f) ? static_cast<int32_t>(-2147483648) : (f >= 2147483600.0f) ? static_cast<int32_t>(2147483647) : static_cast<int32_t>(f);
// CHECK-NEXT:    int64_t u64 = !(d > -1.0) ? static_cast<int64_t>(0) : (d >= 1.8446744073709552e+19) ? static_cast<int64_t>(static_cast<uint64_t>(-1)) : static_cast<int64_t>(static_cast<uint64_t>(d));
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @floats(%x: f16, %y: f16, %z: f16, %d: f64, %f: f32) {
  %abs = math.absf %x : f16
  %max = arith.maximumf %x, %y : f16
  %min = arith.minnumf %x, %y : f16
  %fma = math.fma %x, %y, %z : f16
  %fmad = math.fma %d, %d, %d : f64
  %i64 = arith.fptosi %x : f16 to i64
  %u8 = arith.fptoui %x : f16 to i8
  %i32 = arith.fptosi %f : f32 to i32
  %u64 = arith.fptoui %d : f64 to i64
  return
}
