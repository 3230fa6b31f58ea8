// Emission of every arith op the Ascend C printer handles: infix operators,
// unsigned ops (operands read through static_cast to unsigned), ceil/floor division,
// min/max, all cmpi and cmpf predicates, select, conversions, bitcast and constants.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void int_ops(int32_t a, int32_t b) {
// CHECK-NEXT:    int32_t add = static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
// CHECK-NEXT:    int32_t sub = static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
// CHECK-NEXT:    int32_t mul = static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
// CHECK-NEXT:    int32_t div = a / b;
// CHECK-NEXT:    int32_t rem = a % b;
// CHECK-NEXT:    int32_t and_ = a & b;
// CHECK-NEXT:    int32_t or_ = a | b;
// CHECK-NEXT:    int32_t xor_ = a ^ b;
// CHECK-NEXT:    int32_t shl = (static_cast<uint32_t>(b) < 32u) ? static_cast<int32_t>(static_cast<uint32_t>(a) << static_cast<uint32_t>(b)) : static_cast<int32_t>(0);
// CHECK-NEXT:    int32_t shr = static_cast<int32_t>(a >> ((static_cast<uint32_t>(b) < 32u) ? static_cast<uint32_t>(b) : 31u));
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @int_ops(%a: i32, %b: i32) {
  %add = arith.addi %a, %b : i32
  %sub = arith.subi %a, %b : i32
  %mul = arith.muli %a, %b : i32
  %div = arith.divsi %a, %b : i32
  %rem = arith.remsi %a, %b : i32
  %and = arith.andi %a, %b : i32
  %or = arith.ori %a, %b : i32
  %xor = arith.xori %a, %b : i32
  %shl = arith.shli %a, %b : i32
  %shr = arith.shrsi %a, %b : i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void float_ops(float x, float y) {
// CHECK-NEXT:    float add = x + y;
// CHECK-NEXT:    float sub = x - y;
// CHECK-NEXT:    float mul = x * y;
// CHECK-NEXT:    float div = x / y;
// CHECK-NEXT:    float neg = -x;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @float_ops(%x: f32, %y: f32) {
  %add = arith.addf %x, %y : f32
  %sub = arith.subf %x, %y : f32
  %mul = arith.mulf %x, %y : f32
  %div = arith.divf %x, %y : f32
  %neg = arith.negf %x : f32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void unsigned_ops(int32_t a, int32_t b, int64_t i, int64_t j) {
// CHECK-NEXT:    int32_t divu = static_cast<int32_t>(static_cast<uint32_t>(a) / static_cast<uint32_t>(b));
// CHECK-NEXT:    int32_t remu = static_cast<int32_t>(static_cast<uint32_t>(a) % static_cast<uint32_t>(b));
// CHECK-NEXT:    int32_t shru = (static_cast<uint32_t>(b) < 32u) ? static_cast<int32_t>(static_cast<uint32_t>(a) >> static_cast<uint32_t>(b)) : static_cast<int32_t>(0);
// CHECK-NEXT:    int64_t divu_idx = static_cast<int64_t>(static_cast<uint64_t>(i) / static_cast<uint64_t>(j));
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @unsigned_ops(%a: i32, %b: i32, %i: index, %j: index) {
  %divu = arith.divui %a, %b : i32
  %remu = arith.remui %a, %b : i32
  %shru = arith.shrui %a, %b : i32
  %divu_idx = arith.divui %i, %j : index
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void divisions(int32_t a, int32_t b) {
// CHECK-NEXT:    int32_t cds = (a / b) + (((a % b) != 0) && ((a < 0) == (b < 0)));
// CHECK-NEXT:    int32_t cdu = static_cast<int32_t>((static_cast<uint32_t>(a) / static_cast<uint32_t>(b)) + ((static_cast<uint32_t>(a) % static_cast<uint32_t>(b)) != 0));
// CHECK-NEXT:    int32_t fds = (a / b) - (((a % b) != 0) && ((a < 0) != (b < 0)));
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @divisions(%a: i32, %b: i32) {
  %cds = arith.ceildivsi %a, %b : i32
  %cdu = arith.ceildivui %a, %b : i32
  %fds = arith.floordivsi %a, %b : i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void min_max(int64_t a, int64_t b, half x, half y) {
// CHECK-NEXT:    int64_t maxs = (a > b) ? a : b;
// CHECK-NEXT:    int64_t mins = (a < b) ? a : b;
// CHECK-NEXT:    int64_t maxu = (static_cast<uint64_t>(a) > static_cast<uint64_t>(b)) ? a : b;
// CHECK-NEXT:    int64_t minu = (static_cast<uint64_t>(a) < static_cast<uint64_t>(b)) ? a : b;
// CHECK-NEXT:    half maximumf = ((x != x) || (x > y)) ? x : (((y != y) || (y > x)) ? y : ((x == static_cast<half>(0)) ? (x + y) : x));
// CHECK-NEXT:    half minimumf = ((x != x) || (x < y)) ? x : (((y != y) || (y < x)) ? y : ((x == static_cast<half>(0)) ? -(-x - y) : x));
// CHECK-NEXT:    half maxnumf = ((y != y) || (x > y)) ? x : (((x != x) || (y > x)) ? y : ((x == static_cast<half>(0)) ? (x + y) : x));
// CHECK-NEXT:    half minnumf = ((y != y) || (x < y)) ? x : (((x != x) || (y < x)) ? y : ((x == static_cast<half>(0)) ? -(-x - y) : x));
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @min_max(%a: i64, %b: i64, %x: f16, %y: f16) {
  %maxs = arith.maxsi %a, %b : i64
  %mins = arith.minsi %a, %b : i64
  %maxu = arith.maxui %a, %b : i64
  %minu = arith.minui %a, %b : i64
  %maximumf = arith.maximumf %x, %y : f16
  %minimumf = arith.minimumf %x, %y : f16
  %maxnumf = arith.maxnumf %x, %y : f16
  %minnumf = arith.minnumf %x, %y : f16
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void cmpi(int32_t a, int32_t b) {
// CHECK-NEXT:    bool eq = a == b;
// CHECK-NEXT:    bool ne = a != b;
// CHECK-NEXT:    bool slt = a < b;
// CHECK-NEXT:    bool sle = a <= b;
// CHECK-NEXT:    bool sgt = a > b;
// CHECK-NEXT:    bool sge = a >= b;
// CHECK-NEXT:    bool ult = static_cast<uint32_t>(a) < static_cast<uint32_t>(b);
// CHECK-NEXT:    bool ule = static_cast<uint32_t>(a) <= static_cast<uint32_t>(b);
// CHECK-NEXT:    bool ugt = static_cast<uint32_t>(a) > static_cast<uint32_t>(b);
// CHECK-NEXT:    bool uge = static_cast<uint32_t>(a) >= static_cast<uint32_t>(b);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @cmpi(%a: i32, %b: i32) {
  %eq = arith.cmpi eq, %a, %b : i32
  %ne = arith.cmpi ne, %a, %b : i32
  %slt = arith.cmpi slt, %a, %b : i32
  %sle = arith.cmpi sle, %a, %b : i32
  %sgt = arith.cmpi sgt, %a, %b : i32
  %sge = arith.cmpi sge, %a, %b : i32
  %ult = arith.cmpi ult, %a, %b : i32
  %ule = arith.cmpi ule, %a, %b : i32
  %ugt = arith.cmpi ugt, %a, %b : i32
  %uge = arith.cmpi uge, %a, %b : i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void cmpf(float x, float y) {
// CHECK-NEXT:    bool false_ = false;
// CHECK-NEXT:    bool oeq = x == y;
// CHECK-NEXT:    bool ogt = x > y;
// CHECK-NEXT:    bool oge = x >= y;
// CHECK-NEXT:    bool olt = x < y;
// CHECK-NEXT:    bool ole = x <= y;
// CHECK-NEXT:    bool one = (x < y) || (x > y);
// CHECK-NEXT:    bool ord = (x == x) && (y == y);
// CHECK-NEXT:    bool ueq = !((x < y) || (x > y));
// CHECK-NEXT:    bool ugt = !(x <= y);
// CHECK-NEXT:    bool uge = !(x < y);
// CHECK-NEXT:    bool ult = !(x >= y);
// CHECK-NEXT:    bool ule = !(x > y);
// CHECK-NEXT:    bool une = x != y;
// CHECK-NEXT:    bool uno = (x != x) || (y != y);
// CHECK-NEXT:    bool true_ = true;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @cmpf(%x: f32, %y: f32) {
  %false = arith.cmpf false, %x, %y : f32
  %oeq = arith.cmpf oeq, %x, %y : f32
  %ogt = arith.cmpf ogt, %x, %y : f32
  %oge = arith.cmpf oge, %x, %y : f32
  %olt = arith.cmpf olt, %x, %y : f32
  %ole = arith.cmpf ole, %x, %y : f32
  %one = arith.cmpf one, %x, %y : f32
  %ord = arith.cmpf ord, %x, %y : f32
  %ueq = arith.cmpf ueq, %x, %y : f32
  %ugt = arith.cmpf ugt, %x, %y : f32
  %uge = arith.cmpf uge, %x, %y : f32
  %ult = arith.cmpf ult, %x, %y : f32
  %ule = arith.cmpf ule, %x, %y : f32
  %une = arith.cmpf une, %x, %y : f32
  %uno = arith.cmpf uno, %x, %y : f32
  %true = arith.cmpf true, %x, %y : f32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void select(bool c, float x, float y) {
// CHECK-NEXT:    float s = c ? x : y;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @select(%c: i1, %x: f32, %y: f32) {
  %s = arith.select %c, %x, %y : f32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void casts(int32_t a, int64_t i, half h, float x, bool c) {
// CHECK-NEXT:    int64_t extsi = static_cast<int64_t>(a);
// CHECK-NEXT:    int64_t extui = static_cast<int64_t>(static_cast<uint32_t>(a));
// CHECK-NEXT:    int32_t extui_bool = static_cast<int32_t>(static_cast<bool>(c));
// CHECK-NEXT:    int16_t trunci = static_cast<int16_t>(a);
// CHECK-NEXT:    float sitofp = static_cast<float>(a);
// CHECK-NEXT:    float uitofp = static_cast<float>(static_cast<uint32_t>(a));
// CHECK-NEXT:    int32_t fptosi = (x != x) ? static_cast<int32_t>(0) : (x <= -2147483600.0f) ? static_cast<int32_t>(-2147483648) : (x >= 2147483600.0f) ? static_cast<int32_t>(2147483647) : static_cast<int32_t>(x);
// CHECK-NEXT:    int32_t fptoui = !(x > -1.0f) ? static_cast<int32_t>(0) : (x >= 4294967300.0f) ? static_cast<int32_t>(static_cast<uint32_t>(-1)) : static_cast<int32_t>(static_cast<uint32_t>(x));
// CHECK-NEXT:    float extf = static_cast<float>(h);
// CHECK-NEXT:    half truncf = static_cast<half>(x);
// CHECK-NEXT:    int64_t to_index = static_cast<int64_t>(a);
// CHECK-NEXT:    int32_t from_index = static_cast<int32_t>(i);
// CHECK-NEXT:    int32_t bits = *reinterpret_cast<const int32_t*>(&x);
// CHECK-NEXT:    float back = *reinterpret_cast<const float*>(&bits);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @casts(%a: i32, %i: index, %h: f16, %x: f32, %c: i1) {
  %extsi = arith.extsi %a : i32 to i64
  %extui = arith.extui %a : i32 to i64
  %extui_bool = arith.extui %c : i1 to i32
  %trunci = arith.trunci %a : i32 to i16
  %sitofp = arith.sitofp %a : i32 to f32
  %uitofp = arith.uitofp %a : i32 to f32
  %fptosi = arith.fptosi %x : f32 to i32
  %fptoui = arith.fptoui %x : f32 to i32
  %extf = arith.extf %h : f16 to f32
  %truncf = arith.truncf %x : f32 to f16
  %to_index = arith.index_cast %a : i32 to index
  %from_index = arith.index_cast %i : index to i32
  %bits = arith.bitcast %x : f32 to i32
  %back = arith.bitcast %bits : i32 to f32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void constants() {
// CHECK-NEXT:    constexpr bool t = true;
// CHECK-NEXT:    constexpr bool f = false;
// CHECK-NEXT:    constexpr int32_t c0 = 0;
// CHECK-NEXT:    constexpr int32_t cm7 = -7;
// CHECK-NEXT:    constexpr int64_t big = 3000000000LL;
// CHECK-NEXT:    constexpr int64_t small = -5;
// CHECK-NEXT:    constexpr int64_t i64min = (-9223372036854775807LL - 1);
// CHECK-NEXT:    constexpr int32_t u32max = -1;
// CHECK-NEXT:    constexpr int8_t c100 = 100;
// CHECK-NEXT:    constexpr int64_t i4 = 4;
// CHECK-NEXT:    const half half_ = static_cast<half>(1.5f);
// CHECK-NEXT:    constexpr float one = 1.0f;
// CHECK-NEXT:    constexpr float negf = -2.5f;
// CHECK-NEXT:    constexpr float tiny = 1e-10f;
// CHECK-NEXT:    constexpr float inf = __builtin_inff();
// CHECK-NEXT:    constexpr float ninf = -__builtin_inff();
// CHECK-NEXT:    constexpr float nan = __builtin_nanf("");
// CHECK-NEXT:    const half hinf = static_cast<half>(__builtin_inff());
// CHECK-NEXT:    constexpr int32_t c8_i32 = 8;
// CHECK-NEXT:    constexpr float cst_f32 = 2.0f;
// CHECK-NEXT:    constexpr int64_t cm3_idx = -3;
// CHECK-NEXT:    const bfloat16_t bf = static_cast<bfloat16_t>(-0.5f);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @constants() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : i32
  %cm7 = arith.constant -7 : i32
  %big = arith.constant 3000000000 : i64
  %small = arith.constant -5 : i64
  %i64min = arith.constant -9223372036854775808 : i64
  %u32max = arith.constant 4294967295 : i32
  %c100 = arith.constant 100 : i8
  %i4 = arith.constant 4 : index
  %half = arith.constant 1.5 : f16
  %one = arith.constant 1.0 : f32
  %negf = arith.constant -2.5 : f32
  %tiny = arith.constant 1.0e-10 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %hinf = arith.constant 0x7C00 : f16
  %0 = arith.constant 8 : i32
  %1 = arith.constant 2.0 : f32
  %2 = arith.constant -3 : index
  %bf = arith.constant -0.5 : bf16
  return
}
