// Emission of the math ops: AscendC scalar calls, abs as a conditional, fma as a*b+c.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __aicore__ inline void unary(float x) {
// CHECK-NEXT:    float sqrt = AscendC::Sqrt(x);
// CHECK-NEXT:    float rsqrt = AscendC::Rsqrt(x);
// CHECK-NEXT:    float exp = AscendC::Exp(x);
// CHECK-NEXT:    float log = AscendC::Log(x);
// CHECK-NEXT:    float log2 = AscendC::Log2(x);
// CHECK-NEXT:    float sin = AscendC::Sin(x);
// CHECK-NEXT:    float cos = AscendC::Cos(x);
// CHECK-NEXT:    float tanh = AscendC::Tanh(x);
// CHECK-NEXT:    float ceil = AscendC::Ceil(x);
// CHECK-NEXT:    float floor = AscendC::Floor(x);
// CHECK-NEXT:    float round = AscendC::Round(x);
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

// CHECK-LABEL: __aicore__ inline void abs_fma(half x, half y, half z, int32_t n) {
// CHECK-NEXT:    half absf = (x < static_cast<half>(0)) ? -x : x;
// CHECK-NEXT:    int32_t absi = (n < static_cast<int32_t>(0)) ? -n : n;
// CHECK-NEXT:    half fma = x * y + z;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @abs_fma(%x: f16, %y: f16, %z: f16, %n: i32) {
  %absf = math.absf %x : f16
  %absi = math.absi %n : i32
  %fma = math.fma %x, %y, %z : f16
  return
}
