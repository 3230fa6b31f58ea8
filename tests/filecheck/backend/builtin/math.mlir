// Emission of the math ops: scalar math as C math library calls (the Ascend C headers
// have no scalar forms on dav-2201), abs as a conditional, fma as a*b+c. Locals never
// hide the functions the code calls.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void unary(float x) {
// CHECK-NEXT:    float sqrt_1 = sqrtf(x);
// CHECK-NEXT:    float rsqrt = 1.0f / sqrtf(x);
// CHECK-NEXT:    float exp_1 = expf(x);
// CHECK-NEXT:    float log_1 = logf(x);
// CHECK-NEXT:    float log2_1 = log2f(x);
// CHECK-NEXT:    float sin_1 = sinf(x);
// CHECK-NEXT:    float cos_1 = cosf(x);
// CHECK-NEXT:    float tanh_1 = tanhf(x);
// CHECK-NEXT:    float ceil_1 = ceilf(x);
// CHECK-NEXT:    float floor_1 = floorf(x);
// CHECK-NEXT:    float round_1 = roundf(x);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @unary(%x: f32) {
  %sqrt = math.sqrt %x : f32
  %rsqrt = math.rsqrt %x : f32
  %exp = math.exp %x : f32
  %log = math.log %x : f32
  %log2 = math.log2 %x : f32
  %sin = math.sin %x : f32
  %cos = math.cos %x : f32
  %tanh = math.tanh %x : f32
  %ceil = math.ceil %x : f32
  %floor = math.floor %x : f32
  %round = math.round %x : f32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void abs_fma(half x, half y, half z, int32_t n) {
// CHECK-NEXT:    half absf = (x <= static_cast<half>(0)) ? (static_cast<half>(0) - x) : x;
// CHECK-NEXT:    int32_t absi = static_cast<int32_t>((n < 0) ? (0u - static_cast<uint32_t>(n)) : static_cast<uint32_t>(n));
// CHECK-NEXT:    half fma_1 = static_cast<half>(static_cast<double>(x) * static_cast<double>(y) + static_cast<double>(z));
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @abs_fma(%x: f16, %y: f16, %z: f16, %n: i32) {
  %absf = math.absf %x : f16
  %absi = math.absi %n : i32
  %fma = math.fma %x, %y, %z : f16
  return
}

// half and bfloat16 are computed in float; double uses the unsuffixed functions.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void widths(half h, bfloat16_t b, double d) {
// CHECK-NEXT:    half v1 = static_cast<half>(sqrtf(static_cast<float>(h)));
// CHECK-NEXT:    half v2 = static_cast<half>(1.0f / sqrtf(static_cast<float>(h)));
// CHECK-NEXT:    bfloat16_t v3 = static_cast<bfloat16_t>(expf(static_cast<float>(b)));
// CHECK-NEXT:    double v4 = exp(d);
// CHECK-NEXT:    double v5 = 1.0 / sqrt(d);
// CHECK-NEXT:    double sqrtf_1 = sqrt(d);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @widths(%h: f16, %b: bf16, %d: f64) {
  %0 = math.sqrt %h : f16
  %1 = math.rsqrt %h : f16
  %2 = math.exp %b : bf16
  %3 = math.exp %d : f64
  %4 = math.rsqrt %d : f64
  %sqrtf = math.sqrt %d : f64
  return
}

// exp2 and the two-operand functions (copysign, pow, atan2) are C library calls too.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void two_operand(float x, float y, half h, half g, double d) {
// CHECK-NEXT:    float e = exp2f(x);
// CHECK-NEXT:    half eh = static_cast<half>(exp2f(static_cast<float>(h)));
// CHECK-NEXT:    float s = copysignf(x, y);
// CHECK-NEXT:    half sh = static_cast<half>(copysignf(static_cast<float>(h), static_cast<float>(g)));
// CHECK-NEXT:    double sd = copysign(d, d);
// CHECK-NEXT:    float p = powf(x, y);
// CHECK-NEXT:    float a = atan2f(y, x);
// CHECK-NEXT:    return;
func.func @two_operand(%x: f32, %y: f32, %h: f16, %g: f16, %d: f64) {
  %e = math.exp2 %x : f32
  %eh = math.exp2 %h : f16
  %s = math.copysign %x, %y : f32
  %sh = math.copysign %h, %g : f16
  %sd = math.copysign %d, %d : f64
  %p = math.powf %x, %y : f32
  %a = math.atan2 %y, %x : f32
  return
}

// Extended multiplication: the exact product in 64 bits, then its halves; mului_extended
// reads its operands as unsigned (pyasc sign-extends them: a wrong high half).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void mul_extended(int32_t a, int32_t b, int8_t c) {
// CHECK-NEXT:    uint64_t product = static_cast<uint64_t>(static_cast<uint32_t>(a)) * static_cast<uint64_t>(static_cast<uint32_t>(b));
// CHECK-NEXT:    int32_t lo = static_cast<int32_t>(product);
// CHECK-NEXT:    int32_t hi = static_cast<int32_t>(product >> 32);
// CHECK-NEXT:    int64_t product_1 = static_cast<int64_t>(c) * static_cast<int64_t>(c);
// CHECK-NEXT:    int8_t slo = static_cast<int8_t>(product_1);
// CHECK-NEXT:    int8_t shi = static_cast<int8_t>(product_1 >> 8);
// CHECK-NEXT:    return;
func.func @mul_extended(%a: i32, %b: i32, %c: i8) {
  %lo, %hi = arith.mului_extended %a, %b : i32
  %slo, %shi = arith.mulsi_extended %c, %c : i8
  return
}
