// The SIMT API s10 added, printed as the 3510 headers declare it: the rest of
// math_functions.h (each a call of the C++ function; those with pointer parameters take
// `ptr + index`), and the cache-hinted GM loads and stores of device_functions.h
// (asc_ldcg / asc_ldca / asc_stcg / asc_stwt; half and bfloat16_t from asc_fp16.h /
// asc_bf16.h), then half2 / bfloat16x2_t, then the run-time cooperative groups.
// tools/check_headers.py --arch 3510 compiles it (test_headers.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK:      #include "kernel_operator.h"
  // CHECK-DAG:  #include "simt_api/math_functions.h"
  // CHECK-DAG:  #include "simt_api/device_functions.h"
  // CHECK-DAG:  #include "simt_api/asc_fp16.h"
  // CHECK-DAG:  #include "simt_api/asc_bf16.h"
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(128) inline void math(float x, int32_t n, int64_t l) {
  // CHECK:      float m0 = tanf(x);
  // CHECK-NEXT: float m1 = tanpif(x);
  // CHECK-NEXT: float m2 = sinpif(x);
  // CHECK-NEXT: float m3 = cospif(x);
  // CHECK-NEXT: float m4 = asinf(x);
  // CHECK-NEXT: float m5 = acosf(x);
  // CHECK-NEXT: float m6 = atanf(x);
  // CHECK-NEXT: float m7 = sinhf(x);
  // CHECK-NEXT: float m8 = coshf(x);
  // CHECK-NEXT: float m9 = asinhf(x);
  // CHECK-NEXT: float m10 = acoshf(x);
  // CHECK-NEXT: float m11 = atanhf(x);
  // CHECK-NEXT: float m12 = exp10f(x);
  // CHECK-NEXT: float m13 = expm1f(x);
  // CHECK-NEXT: float m14 = log10f(x);
  // CHECK-NEXT: float m15 = log1pf(x);
  // CHECK-NEXT: float m16 = logbf(x);
  // CHECK-NEXT: float m17 = cbrtf(x);
  // CHECK-NEXT: float m18 = rcbrtf(x);
  // CHECK-NEXT: float m19 = erff(x);
  // CHECK-NEXT: float m20 = erfcf(x);
  // CHECK-NEXT: float m21 = erfinvf(x);
  // CHECK-NEXT: float m22 = erfcinvf(x);
  // CHECK-NEXT: float m23 = erfcxf(x);
  // CHECK-NEXT: float m24 = tgammaf(x);
  // CHECK-NEXT: float m25 = lgammaf(x);
  // CHECK-NEXT: float m26 = cyl_bessel_i0f(x);
  // CHECK-NEXT: float m27 = cyl_bessel_i1f(x);
  // CHECK-NEXT: float m28 = normcdff(x);
  // CHECK-NEXT: float m29 = normcdfinvf(x);
  // CHECK-NEXT: float m30 = j0f(x);
  // CHECK-NEXT: float m31 = j1f(x);
  // CHECK-NEXT: float m32 = y0f(x);
  // CHECK-NEXT: float m33 = y1f(x);
  // CHECK-NEXT: float m34 = nearbyintf(x);
  // CHECK-NEXT: float m35 = atan2f(x, x);
  // CHECK-NEXT: float m36 = powf(x, x);
  // CHECK-NEXT: float m37 = fmodf(x, x);
  // CHECK-NEXT: float m38 = remainderf(x, x);
  // CHECK-NEXT: float m39 = fdimf(x, x);
  // CHECK-NEXT: float m40 = copysignf(x, x);
  // CHECK-NEXT: float m41 = nextafterf(x, x);
  // CHECK-NEXT: float m42 = hypotf(x, x);
  // CHECK-NEXT: float m43 = rhypotf(x, x);
  // CHECK-NEXT: float m44 = fdividef(x, x);
  // CHECK-NEXT: float m45 = norm3df(x, x, x);
  // CHECK-NEXT: float m46 = rnorm3df(x, x, x);
  // CHECK-NEXT: float m47 = norm4df(x, x, x, x);
  // CHECK-NEXT: float m48 = rnorm4df(x, x, x, x);
  // CHECK-NEXT: float m49 = ldexpf(x, n);
  // CHECK-NEXT: float m50 = scalbnf(x, n);
  // CHECK-NEXT: float m51 = scalblnf(x, l);
  // CHECK-NEXT: float m52 = jnf(n, x);
  // CHECK-NEXT: float m53 = ynf(n, x);
  // CHECK-NEXT: int64_t m54 = lroundf(x);
  // CHECK-NEXT: int64_t m55 = llroundf(x);
  // CHECK-NEXT: int64_t m56 = lrintf(x);
  // CHECK-NEXT: int64_t m57 = llrintf(x);
  // CHECK-NEXT: int32_t m58 = ilogbf(x);
  // CHECK-NEXT: int32_t m59 = signbit(x);
  // CHECK-NEXT: bool m60 = isfinite(x);
  // CHECK-NEXT: bool m61 = isnan(x);
  // CHECK-NEXT: bool m62 = isinf(x);
  // CHECK-NEXT: int64_t m63 = labs(l);
  // CHECK-NEXT: int64_t m64 = llabs(l);
  func.func @math(%x: f32, %n: i32, %l: i64) attributes {ascendc.simt_vf = 128 : i32} {
    %m0 = ascendc.simt.tanf %x : f32 -> f32
    %m1 = ascendc.simt.tanpif %x : f32 -> f32
    %m2 = ascendc.simt.sinpif %x : f32 -> f32
    %m3 = ascendc.simt.cospif %x : f32 -> f32
    %m4 = ascendc.simt.asinf %x : f32 -> f32
    %m5 = ascendc.simt.acosf %x : f32 -> f32
    %m6 = ascendc.simt.atanf %x : f32 -> f32
    %m7 = ascendc.simt.sinhf %x : f32 -> f32
    %m8 = ascendc.simt.coshf %x : f32 -> f32
    %m9 = ascendc.simt.asinhf %x : f32 -> f32
    %m10 = ascendc.simt.acoshf %x : f32 -> f32
    %m11 = ascendc.simt.atanhf %x : f32 -> f32
    %m12 = ascendc.simt.exp10f %x : f32 -> f32
    %m13 = ascendc.simt.expm1f %x : f32 -> f32
    %m14 = ascendc.simt.log10f %x : f32 -> f32
    %m15 = ascendc.simt.log1pf %x : f32 -> f32
    %m16 = ascendc.simt.logbf %x : f32 -> f32
    %m17 = ascendc.simt.cbrtf %x : f32 -> f32
    %m18 = ascendc.simt.rcbrtf %x : f32 -> f32
    %m19 = ascendc.simt.erff %x : f32 -> f32
    %m20 = ascendc.simt.erfcf %x : f32 -> f32
    %m21 = ascendc.simt.erfinvf %x : f32 -> f32
    %m22 = ascendc.simt.erfcinvf %x : f32 -> f32
    %m23 = ascendc.simt.erfcxf %x : f32 -> f32
    %m24 = ascendc.simt.tgammaf %x : f32 -> f32
    %m25 = ascendc.simt.lgammaf %x : f32 -> f32
    %m26 = ascendc.simt.cyl_bessel_i0f %x : f32 -> f32
    %m27 = ascendc.simt.cyl_bessel_i1f %x : f32 -> f32
    %m28 = ascendc.simt.normcdff %x : f32 -> f32
    %m29 = ascendc.simt.normcdfinvf %x : f32 -> f32
    %m30 = ascendc.simt.j0f %x : f32 -> f32
    %m31 = ascendc.simt.j1f %x : f32 -> f32
    %m32 = ascendc.simt.y0f %x : f32 -> f32
    %m33 = ascendc.simt.y1f %x : f32 -> f32
    %m34 = ascendc.simt.nearbyintf %x : f32 -> f32
    %m35 = ascendc.simt.atan2f %x, %x : f32, f32 -> f32
    %m36 = ascendc.simt.powf %x, %x : f32, f32 -> f32
    %m37 = ascendc.simt.fmodf %x, %x : f32, f32 -> f32
    %m38 = ascendc.simt.remainderf %x, %x : f32, f32 -> f32
    %m39 = ascendc.simt.fdimf %x, %x : f32, f32 -> f32
    %m40 = ascendc.simt.copysignf %x, %x : f32, f32 -> f32
    %m41 = ascendc.simt.nextafterf %x, %x : f32, f32 -> f32
    %m42 = ascendc.simt.hypotf %x, %x : f32, f32 -> f32
    %m43 = ascendc.simt.rhypotf %x, %x : f32, f32 -> f32
    %m44 = ascendc.simt.fdividef %x, %x : f32, f32 -> f32
    %m45 = ascendc.simt.norm3df %x, %x, %x : f32, f32, f32 -> f32
    %m46 = ascendc.simt.rnorm3df %x, %x, %x : f32, f32, f32 -> f32
    %m47 = ascendc.simt.norm4df %x, %x, %x, %x : f32, f32, f32, f32 -> f32
    %m48 = ascendc.simt.rnorm4df %x, %x, %x, %x : f32, f32, f32, f32 -> f32
    %m49 = ascendc.simt.ldexpf %x, %n : f32, i32 -> f32
    %m50 = ascendc.simt.scalbnf %x, %n : f32, i32 -> f32
    %m51 = ascendc.simt.scalblnf %x, %l : f32, i64 -> f32
    %m52 = ascendc.simt.jnf %n, %x : i32, f32 -> f32
    %m53 = ascendc.simt.ynf %n, %x : i32, f32 -> f32
    %m54 = ascendc.simt.lroundf %x : f32 -> i64
    %m55 = ascendc.simt.llroundf %x : f32 -> i64
    %m56 = ascendc.simt.lrintf %x : f32 -> i64
    %m57 = ascendc.simt.llrintf %x : f32 -> i64
    %m58 = ascendc.simt.ilogbf %x : f32 -> i32
    %m59 = ascendc.simt.signbit %x : f32 -> i32
    %m60 = ascendc.simt.isfinite %x : f32 -> i1
    %m61 = ascendc.simt.isnan %x : f32 -> i1
    %m62 = ascendc.simt.isinf %x : f32 -> i1
    %m63 = ascendc.simt.labs %l : i64 -> i64
    %m64 = ascendc.simt.llabs %l : i64 -> i64
    func.return
  }
  // CHECK-LABEL: __simt_callee__ inline float pointers(float x, __gm__ float* g, __ubuf__ float* u, __gm__ int32_t* gi, __ubuf__ int32_t* ui, int32_t n) {
  // CHECK:      sincosf(x, g + c0, u + c1);
  // CHECK-NEXT: sincospif(x, u + c0, g + c1);
  // CHECK-NEXT: float p0 = modff(x, g + c1);
  // CHECK-NEXT: float p1 = frexpf(p0, ui + c0);
  // CHECK-NEXT: float p2 = remquof(p1, x, gi + c1);
  // CHECK-NEXT: float p3 = normf(n, u + c0);
  // CHECK-NEXT: float p4 = rnormf(n, g + c1);
  // CHECK-NEXT: return p4;
  func.func @pointers(%x: f32, %g: memref<?xf32, 22 : i64>, %u: memref<?xf32, 26 : i64>, %gi: memref<?xi32, 22 : i64>, %ui: memref<?xi32, 26 : i64>, %n: i32) -> f32 attributes {ascendc.simt_callee} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    ascendc.simt.sincosf %x, %g, %c0, %u, %c1 : f32, memref<?xf32, 22 : i64>, i32, memref<?xf32, 26 : i64>, i32
    ascendc.simt.sincospif %x, %u, %c0, %g, %c1 : f32, memref<?xf32, 26 : i64>, i32, memref<?xf32, 22 : i64>, i32
    %p0 = ascendc.simt.modff %x, %g, %c1 : f32, memref<?xf32, 22 : i64>, i32 -> f32
    %p1 = ascendc.simt.frexpf %p0, %ui, %c0 : f32, memref<?xi32, 26 : i64>, i32 -> f32
    %p2 = ascendc.simt.remquof %p1, %x, %gi, %c1 : f32, f32, memref<?xi32, 22 : i64>, i32 -> f32
    %p3 = ascendc.simt.normf %n, %u, %c0 : i32, memref<?xf32, 26 : i64>, i32 -> f32
    %p4 = ascendc.simt.rnormf %n, %g, %c1 : i32, memref<?xf32, 22 : i64>, i32 -> f32
    func.return %p4 : f32
  }
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(32) inline void cached(__gm__ int8_t* p0, __gm__ uint8_t* p1, __gm__ int16_t* p2, __gm__ uint16_t* p3, __gm__ int32_t* p4, __gm__ uint32_t* p5, __gm__ int64_t* p6, __gm__ uint64_t* p7, __gm__ float* p8, __gm__ half* p9, __gm__ bfloat16_t* p10) {
  // CHECK:      int8_t a0 = asc_ldcg(p0 + c0);
  // CHECK-NEXT: int8_t b0 = asc_ldca(p0 + c1);
  // CHECK-NEXT: asc_stcg(p0 + c1, a0);
  // CHECK-NEXT: asc_stwt(p0 + c0, b0);
  // CHECK-NEXT: uint8_t a1 = asc_ldcg(p1 + c0);
  // CHECK-NEXT: uint8_t b1 = asc_ldca(p1 + c1);
  // CHECK-NEXT: asc_stcg(p1 + c1, a1);
  // CHECK-NEXT: asc_stwt(p1 + c0, b1);
  // CHECK-NEXT: int16_t a2 = asc_ldcg(p2 + c0);
  // CHECK-NEXT: int16_t b2 = asc_ldca(p2 + c1);
  // CHECK-NEXT: asc_stcg(p2 + c1, a2);
  // CHECK-NEXT: asc_stwt(p2 + c0, b2);
  // CHECK-NEXT: uint16_t a3 = asc_ldcg(p3 + c0);
  // CHECK-NEXT: uint16_t b3 = asc_ldca(p3 + c1);
  // CHECK-NEXT: asc_stcg(p3 + c1, a3);
  // CHECK-NEXT: asc_stwt(p3 + c0, b3);
  // CHECK-NEXT: int32_t a4 = asc_ldcg(p4 + c0);
  // CHECK-NEXT: int32_t b4 = asc_ldca(p4 + c1);
  // CHECK-NEXT: asc_stcg(p4 + c1, a4);
  // CHECK-NEXT: asc_stwt(p4 + c0, b4);
  // CHECK-NEXT: uint32_t a5 = asc_ldcg(p5 + c0);
  // CHECK-NEXT: uint32_t b5 = asc_ldca(p5 + c1);
  // CHECK-NEXT: asc_stcg(p5 + c1, a5);
  // CHECK-NEXT: asc_stwt(p5 + c0, b5);
  // CHECK-NEXT: int64_t a6 = asc_ldcg(p6 + c0);
  // CHECK-NEXT: int64_t b6 = asc_ldca(p6 + c1);
  // CHECK-NEXT: asc_stcg(p6 + c1, a6);
  // CHECK-NEXT: asc_stwt(p6 + c0, b6);
  // CHECK-NEXT: uint64_t a7 = asc_ldcg(p7 + c0);
  // CHECK-NEXT: uint64_t b7 = asc_ldca(p7 + c1);
  // CHECK-NEXT: asc_stcg(p7 + c1, a7);
  // CHECK-NEXT: asc_stwt(p7 + c0, b7);
  // CHECK-NEXT: float a8 = asc_ldcg(p8 + c0);
  // CHECK-NEXT: float b8 = asc_ldca(p8 + c1);
  // CHECK-NEXT: asc_stcg(p8 + c1, a8);
  // CHECK-NEXT: asc_stwt(p8 + c0, b8);
  // CHECK-NEXT: half a9 = asc_ldcg(p9 + c0);
  // CHECK-NEXT: half b9 = asc_ldca(p9 + c1);
  // CHECK-NEXT: asc_stcg(p9 + c1, a9);
  // CHECK-NEXT: asc_stwt(p9 + c0, b9);
  // CHECK-NEXT: bfloat16_t a10 = asc_ldcg(p10 + c0);
  // CHECK-NEXT: bfloat16_t b10 = asc_ldca(p10 + c1);
  // CHECK-NEXT: asc_stcg(p10 + c1, a10);
  // CHECK-NEXT: asc_stwt(p10 + c0, b10);
  func.func @cached(%p0: memref<?xi8, 22 : i64>, %p1: memref<?xui8, 22 : i64>, %p2: memref<?xi16, 22 : i64>, %p3: memref<?xui16, 22 : i64>, %p4: memref<?xi32, 22 : i64>, %p5: memref<?xui32, 22 : i64>, %p6: memref<?xi64, 22 : i64>, %p7: memref<?xui64, 22 : i64>, %p8: memref<?xf32, 22 : i64>, %p9: memref<?xf16, 22 : i64>, %p10: memref<?xbf16, 22 : i64>) attributes {ascendc.simt_vf = 32 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a0 = ascendc.simt.ldcg %p0, %c0 : memref<?xi8, 22 : i64>, i32 -> i8
    %b0 = ascendc.simt.ldca %p0, %c1 : memref<?xi8, 22 : i64>, i32 -> i8
    ascendc.simt.stcg %p0, %c1, %a0 : memref<?xi8, 22 : i64>, i32, i8
    ascendc.simt.stwt %p0, %c0, %b0 : memref<?xi8, 22 : i64>, i32, i8
    %a1 = ascendc.simt.ldcg %p1, %c0 : memref<?xui8, 22 : i64>, i32 -> ui8
    %b1 = ascendc.simt.ldca %p1, %c1 : memref<?xui8, 22 : i64>, i32 -> ui8
    ascendc.simt.stcg %p1, %c1, %a1 : memref<?xui8, 22 : i64>, i32, ui8
    ascendc.simt.stwt %p1, %c0, %b1 : memref<?xui8, 22 : i64>, i32, ui8
    %a2 = ascendc.simt.ldcg %p2, %c0 : memref<?xi16, 22 : i64>, i32 -> i16
    %b2 = ascendc.simt.ldca %p2, %c1 : memref<?xi16, 22 : i64>, i32 -> i16
    ascendc.simt.stcg %p2, %c1, %a2 : memref<?xi16, 22 : i64>, i32, i16
    ascendc.simt.stwt %p2, %c0, %b2 : memref<?xi16, 22 : i64>, i32, i16
    %a3 = ascendc.simt.ldcg %p3, %c0 : memref<?xui16, 22 : i64>, i32 -> ui16
    %b3 = ascendc.simt.ldca %p3, %c1 : memref<?xui16, 22 : i64>, i32 -> ui16
    ascendc.simt.stcg %p3, %c1, %a3 : memref<?xui16, 22 : i64>, i32, ui16
    ascendc.simt.stwt %p3, %c0, %b3 : memref<?xui16, 22 : i64>, i32, ui16
    %a4 = ascendc.simt.ldcg %p4, %c0 : memref<?xi32, 22 : i64>, i32 -> i32
    %b4 = ascendc.simt.ldca %p4, %c1 : memref<?xi32, 22 : i64>, i32 -> i32
    ascendc.simt.stcg %p4, %c1, %a4 : memref<?xi32, 22 : i64>, i32, i32
    ascendc.simt.stwt %p4, %c0, %b4 : memref<?xi32, 22 : i64>, i32, i32
    %a5 = ascendc.simt.ldcg %p5, %c0 : memref<?xui32, 22 : i64>, i32 -> ui32
    %b5 = ascendc.simt.ldca %p5, %c1 : memref<?xui32, 22 : i64>, i32 -> ui32
    ascendc.simt.stcg %p5, %c1, %a5 : memref<?xui32, 22 : i64>, i32, ui32
    ascendc.simt.stwt %p5, %c0, %b5 : memref<?xui32, 22 : i64>, i32, ui32
    %a6 = ascendc.simt.ldcg %p6, %c0 : memref<?xi64, 22 : i64>, i32 -> i64
    %b6 = ascendc.simt.ldca %p6, %c1 : memref<?xi64, 22 : i64>, i32 -> i64
    ascendc.simt.stcg %p6, %c1, %a6 : memref<?xi64, 22 : i64>, i32, i64
    ascendc.simt.stwt %p6, %c0, %b6 : memref<?xi64, 22 : i64>, i32, i64
    %a7 = ascendc.simt.ldcg %p7, %c0 : memref<?xui64, 22 : i64>, i32 -> ui64
    %b7 = ascendc.simt.ldca %p7, %c1 : memref<?xui64, 22 : i64>, i32 -> ui64
    ascendc.simt.stcg %p7, %c1, %a7 : memref<?xui64, 22 : i64>, i32, ui64
    ascendc.simt.stwt %p7, %c0, %b7 : memref<?xui64, 22 : i64>, i32, ui64
    %a8 = ascendc.simt.ldcg %p8, %c0 : memref<?xf32, 22 : i64>, i32 -> f32
    %b8 = ascendc.simt.ldca %p8, %c1 : memref<?xf32, 22 : i64>, i32 -> f32
    ascendc.simt.stcg %p8, %c1, %a8 : memref<?xf32, 22 : i64>, i32, f32
    ascendc.simt.stwt %p8, %c0, %b8 : memref<?xf32, 22 : i64>, i32, f32
    %a9 = ascendc.simt.ldcg %p9, %c0 : memref<?xf16, 22 : i64>, i32 -> f16
    %b9 = ascendc.simt.ldca %p9, %c1 : memref<?xf16, 22 : i64>, i32 -> f16
    ascendc.simt.stcg %p9, %c1, %a9 : memref<?xf16, 22 : i64>, i32, f16
    ascendc.simt.stwt %p9, %c0, %b9 : memref<?xf16, 22 : i64>, i32, f16
    %a10 = ascendc.simt.ldcg %p10, %c0 : memref<?xbf16, 22 : i64>, i32 -> bf16
    %b10 = ascendc.simt.ldca %p10, %c1 : memref<?xbf16, 22 : i64>, i32 -> bf16
    ascendc.simt.stcg %p10, %c1, %a10 : memref<?xbf16, 22 : i64>, i32, bf16
    ascendc.simt.stwt %p10, %c0, %b10 : memref<?xbf16, 22 : i64>, i32, bf16
    func.return
  }
  // half2 / bfloat16x2_t (asc_fp16.h, asc_bf16.h): every function on them, both types
  // where both headers overload it, and the rest of the half / bfloat16_t functions; then
  // a half pointer seen as pairs (reinterpret_cast), their shuffles, atomics and cached
  // accesses.
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(64) inline void pairs(float x, half h, bfloat16_t b, uint16_t u, half2 p, bfloat16x2_t q, __gm__ half* g, __ubuf__ bfloat16_t* ub) {
  // CHECK:      half2 r0 = h2cos(p);
  // CHECK-NEXT: bfloat16x2_t r1 = h2cos(q);
  // CHECK-NEXT: half2 r2 = h2sin(p);
  // CHECK-NEXT: bfloat16x2_t r3 = h2sin(q);
  // CHECK-NEXT: half2 r4 = h2tanh(p);
  // CHECK-NEXT: bfloat16x2_t r5 = h2tanh(q);
  // CHECK-NEXT: half2 r6 = h2exp(p);
  // CHECK-NEXT: bfloat16x2_t r7 = h2exp(q);
  // CHECK-NEXT: half2 r8 = h2exp2(p);
  // CHECK-NEXT: bfloat16x2_t r9 = h2exp2(q);
  // CHECK-NEXT: half2 r10 = h2exp10(p);
  // CHECK-NEXT: bfloat16x2_t r11 = h2exp10(q);
  // CHECK-NEXT: half2 r12 = h2log(p);
  // CHECK-NEXT: bfloat16x2_t r13 = h2log(q);
  // CHECK-NEXT: half2 r14 = h2log2(p);
  // CHECK-NEXT: bfloat16x2_t r15 = h2log2(q);
  // CHECK-NEXT: half2 r16 = h2log10(p);
  // CHECK-NEXT: bfloat16x2_t r17 = h2log10(q);
  // CHECK-NEXT: half2 r18 = h2sqrt(p);
  // CHECK-NEXT: bfloat16x2_t r19 = h2sqrt(q);
  // CHECK-NEXT: half2 r20 = h2rsqrt(p);
  // CHECK-NEXT: bfloat16x2_t r21 = h2rsqrt(q);
  // CHECK-NEXT: half2 r22 = h2rcp(p);
  // CHECK-NEXT: bfloat16x2_t r23 = h2rcp(q);
  // CHECK-NEXT: half2 r24 = h2floor(p);
  // CHECK-NEXT: bfloat16x2_t r25 = h2floor(q);
  // CHECK-NEXT: half2 r26 = h2rint(p);
  // CHECK-NEXT: bfloat16x2_t r27 = h2rint(q);
  // CHECK-NEXT: half2 r28 = h2ceil(p);
  // CHECK-NEXT: bfloat16x2_t r29 = h2ceil(q);
  // CHECK-NEXT: half2 r30 = h2trunc(p);
  // CHECK-NEXT: bfloat16x2_t r31 = h2trunc(q);
  // CHECK-NEXT: half2 r32 = __habsx2(p);
  // CHECK-NEXT: bfloat16x2_t r33 = __habsx2(q);
  // CHECK-NEXT: half2 r34 = __hnegx2(p);
  // CHECK-NEXT: bfloat16x2_t r35 = __hnegx2(q);
  // CHECK-NEXT: half2 r36 = __isnanx2(p);
  // CHECK-NEXT: bfloat16x2_t r37 = __isnanx2(q);
  // CHECK-NEXT: half2 r38 = __lowhigh2highlow(p);
  // CHECK-NEXT: bfloat16x2_t r39 = __lowhigh2highlow(q);
  // CHECK-NEXT: half2 r40 = __haddx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r41 = __haddx2(q, q);
  // CHECK-NEXT: half2 r42 = __hsubx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r43 = __hsubx2(q, q);
  // CHECK-NEXT: half2 r44 = __hmulx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r45 = __hmulx2(q, q);
  // CHECK-NEXT: half2 r46 = __hdivx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r47 = __hdivx2(q, q);
  // CHECK-NEXT: half2 r48 = __hmaxx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r49 = __hmaxx2(q, q);
  // CHECK-NEXT: half2 r50 = __hminx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r51 = __hminx2(q, q);
  // CHECK-NEXT: half2 r52 = __hmaxx2_nan(p, p);
  // CHECK-NEXT: bfloat16x2_t r53 = __hmaxx2_nan(q, q);
  // CHECK-NEXT: half2 r54 = __hminx2_nan(p, p);
  // CHECK-NEXT: bfloat16x2_t r55 = __hminx2_nan(q, q);
  // CHECK-NEXT: half2 r56 = __hfmax2(p, p, p);
  // CHECK-NEXT: bfloat16x2_t r57 = __hfmax2(q, q, q);
  // CHECK-NEXT: half2 r58 = __hfmax2_relu(p, p, p);
  // CHECK-NEXT: bfloat16x2_t r59 = __hfmax2_relu(q, q, q);
  // CHECK-NEXT: half2 r60 = __hcmadd(p, p, p);
  // CHECK-NEXT: bfloat16x2_t r61 = __hcmadd(q, q, q);
  // CHECK-NEXT: half2 r62 = __heqx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r63 = __heqx2(q, q);
  // CHECK-NEXT: bool r64 = __hbeqx2(p, p);
  // CHECK-NEXT: bool r65 = __hbeqx2(q, q);
  // CHECK-NEXT: uint32_t r66 = __heqx2_mask(p, p);
  // CHECK-NEXT: uint32_t r67 = __heqx2_mask(q, q);
  // CHECK-NEXT: bool r68 = __heq(h, h);
  // CHECK-NEXT: bool r69 = __heq(b, b);
  // CHECK-NEXT: half2 r70 = __hequx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r71 = __hequx2(q, q);
  // CHECK-NEXT: bool r72 = __hbequx2(p, p);
  // CHECK-NEXT: bool r73 = __hbequx2(q, q);
  // CHECK-NEXT: uint32_t r74 = __hequx2_mask(p, p);
  // CHECK-NEXT: uint32_t r75 = __hequx2_mask(q, q);
  // CHECK-NEXT: bool r76 = __hequ(h, h);
  // CHECK-NEXT: bool r77 = __hequ(b, b);
  // CHECK-NEXT: half2 r78 = __hnex2(p, p);
  // CHECK-NEXT: bfloat16x2_t r79 = __hnex2(q, q);
  // CHECK-NEXT: bool r80 = __hbnex2(p, p);
  // CHECK-NEXT: bool r81 = __hbnex2(q, q);
  // CHECK-NEXT: uint32_t r82 = __hnex2_mask(p, p);
  // CHECK-NEXT: uint32_t r83 = __hnex2_mask(q, q);
  // CHECK-NEXT: bool r84 = __hne(h, h);
  // CHECK-NEXT: bool r85 = __hne(b, b);
  // CHECK-NEXT: half2 r86 = __hneux2(p, p);
  // CHECK-NEXT: bfloat16x2_t r87 = __hneux2(q, q);
  // CHECK-NEXT: bool r88 = __hbneux2(p, p);
  // CHECK-NEXT: bool r89 = __hbneux2(q, q);
  // CHECK-NEXT: uint32_t r90 = __hneux2_mask(p, p);
  // CHECK-NEXT: uint32_t r91 = __hneux2_mask(q, q);
  // CHECK-NEXT: bool r92 = __hneu(h, h);
  // CHECK-NEXT: bool r93 = __hneu(b, b);
  // CHECK-NEXT: half2 r94 = __hlex2(p, p);
  // CHECK-NEXT: bfloat16x2_t r95 = __hlex2(q, q);
  // CHECK-NEXT: bool r96 = __hblex2(p, p);
  // CHECK-NEXT: bool r97 = __hblex2(q, q);
  // CHECK-NEXT: uint32_t r98 = __hlex2_mask(p, p);
  // CHECK-NEXT: uint32_t r99 = __hlex2_mask(q, q);
  // CHECK-NEXT: bool r100 = __hle(h, h);
  // CHECK-NEXT: bool r101 = __hle(b, b);
  // CHECK-NEXT: half2 r102 = __hleux2(p, p);
  // CHECK-NEXT: bfloat16x2_t r103 = __hleux2(q, q);
  // CHECK-NEXT: bool r104 = __hbleux2(p, p);
  // CHECK-NEXT: bool r105 = __hbleux2(q, q);
  // CHECK-NEXT: uint32_t r106 = __hleux2_mask(p, p);
  // CHECK-NEXT: uint32_t r107 = __hleux2_mask(q, q);
  // CHECK-NEXT: bool r108 = __hleu(h, h);
  // CHECK-NEXT: bool r109 = __hleu(b, b);
  // CHECK-NEXT: half2 r110 = __hgex2(p, p);
  // CHECK-NEXT: bfloat16x2_t r111 = __hgex2(q, q);
  // CHECK-NEXT: bool r112 = __hbgex2(p, p);
  // CHECK-NEXT: bool r113 = __hbgex2(q, q);
  // CHECK-NEXT: uint32_t r114 = __hgex2_mask(p, p);
  // CHECK-NEXT: uint32_t r115 = __hgex2_mask(q, q);
  // CHECK-NEXT: bool r116 = __hge(h, h);
  // CHECK-NEXT: bool r117 = __hge(b, b);
  // CHECK-NEXT: half2 r118 = __hgeux2(p, p);
  // CHECK-NEXT: bfloat16x2_t r119 = __hgeux2(q, q);
  // CHECK-NEXT: bool r120 = __hbgeux2(p, p);
  // CHECK-NEXT: bool r121 = __hbgeux2(q, q);
  // CHECK-NEXT: uint32_t r122 = __hgeux2_mask(p, p);
  // CHECK-NEXT: uint32_t r123 = __hgeux2_mask(q, q);
  // CHECK-NEXT: bool r124 = __hgeu(h, h);
  // CHECK-NEXT: bool r125 = __hgeu(b, b);
  // CHECK-NEXT: half2 r126 = __hltx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r127 = __hltx2(q, q);
  // CHECK-NEXT: bool r128 = __hbltx2(p, p);
  // CHECK-NEXT: bool r129 = __hbltx2(q, q);
  // CHECK-NEXT: uint32_t r130 = __hltx2_mask(p, p);
  // CHECK-NEXT: uint32_t r131 = __hltx2_mask(q, q);
  // CHECK-NEXT: bool r132 = __hlt(h, h);
  // CHECK-NEXT: bool r133 = __hlt(b, b);
  // CHECK-NEXT: half2 r134 = __hltux2(p, p);
  // CHECK-NEXT: bfloat16x2_t r135 = __hltux2(q, q);
  // CHECK-NEXT: bool r136 = __hbltux2(p, p);
  // CHECK-NEXT: bool r137 = __hbltux2(q, q);
  // CHECK-NEXT: uint32_t r138 = __hltux2_mask(p, p);
  // CHECK-NEXT: uint32_t r139 = __hltux2_mask(q, q);
  // CHECK-NEXT: bool r140 = __hltu(h, h);
  // CHECK-NEXT: bool r141 = __hltu(b, b);
  // CHECK-NEXT: half2 r142 = __hgtx2(p, p);
  // CHECK-NEXT: bfloat16x2_t r143 = __hgtx2(q, q);
  // CHECK-NEXT: bool r144 = __hbgtx2(p, p);
  // CHECK-NEXT: bool r145 = __hbgtx2(q, q);
  // CHECK-NEXT: uint32_t r146 = __hgtx2_mask(p, p);
  // CHECK-NEXT: uint32_t r147 = __hgtx2_mask(q, q);
  // CHECK-NEXT: bool r148 = __hgt(h, h);
  // CHECK-NEXT: bool r149 = __hgt(b, b);
  // CHECK-NEXT: half2 r150 = __hgtux2(p, p);
  // CHECK-NEXT: bfloat16x2_t r151 = __hgtux2(q, q);
  // CHECK-NEXT: bool r152 = __hbgtux2(p, p);
  // CHECK-NEXT: bool r153 = __hbgtux2(q, q);
  // CHECK-NEXT: uint32_t r154 = __hgtux2_mask(p, p);
  // CHECK-NEXT: uint32_t r155 = __hgtux2_mask(q, q);
  // CHECK-NEXT: bool r156 = __hgtu(h, h);
  // CHECK-NEXT: bool r157 = __hgtu(b, b);
  // CHECK-NEXT: float r158 = __low2float(p);
  // CHECK-NEXT: float r159 = __low2float(q);
  // CHECK-NEXT: float r160 = __high2float(p);
  // CHECK-NEXT: float r161 = __high2float(q);
  // CHECK-NEXT: half r162 = __hadd(h, h);
  // CHECK-NEXT: bfloat16_t r163 = __hadd(b, b);
  // CHECK-NEXT: half r164 = __hsub(h, h);
  // CHECK-NEXT: bfloat16_t r165 = __hsub(b, b);
  // CHECK-NEXT: half r166 = __hmul(h, h);
  // CHECK-NEXT: bfloat16_t r167 = __hmul(b, b);
  // CHECK-NEXT: half r168 = __hdiv(h, h);
  // CHECK-NEXT: bfloat16_t r169 = __hdiv(b, b);
  // CHECK-NEXT: half r170 = __hmax_nan(h, h);
  // CHECK-NEXT: bfloat16_t r171 = __hmax_nan(b, b);
  // CHECK-NEXT: half r172 = __hmin_nan(h, h);
  // CHECK-NEXT: bfloat16_t r173 = __hmin_nan(b, b);
  // CHECK-NEXT: half r174 = __hneg(h);
  // CHECK-NEXT: bfloat16_t r175 = __hneg(b);
  // CHECK-NEXT: half r176 = __hfma_relu(h, h, h);
  // CHECK-NEXT: bfloat16_t r177 = __hfma_relu(b, b, b);
  // CHECK-NEXT: half r178 = hexp10(h);
  // CHECK-NEXT: bfloat16_t r179 = hexp10(b);
  // CHECK-NEXT: half r180 = hlog10(h);
  // CHECK-NEXT: bfloat16_t r181 = hlog10(b);
  // CHECK-NEXT: bool r182 = __hisnan(h);
  // CHECK-NEXT: bool r183 = __hisnan(b);
  // CHECK-NEXT: bool r184 = __hisinf(h);
  // CHECK-NEXT: bool r185 = __hisinf(b);
  // CHECK-NEXT: half2 r186 = __floats2half2_rn(x, x);
  // CHECK-NEXT: half2 r187 = __halves2half2(h, h);
  // CHECK-NEXT: half2 r188 = make_half2(h, h);
  // CHECK-NEXT: half r189 = __low2half(p);
  // CHECK-NEXT: half r190 = __high2half(p);
  // CHECK-NEXT: half2 r191 = __low2half2(p);
  // CHECK-NEXT: half2 r192 = __high2half2(p);
  // CHECK-NEXT: half2 r193 = __lows2half2(p, p);
  // CHECK-NEXT: half2 r194 = __highs2half2(p, p);
  // CHECK-NEXT: half r195 = __ushort_as_half(u);
  // CHECK-NEXT: bfloat16x2_t r196 = __floats2bfloat162_rn(x, x);
  // CHECK-NEXT: bfloat16x2_t r197 = __halves2bfloat162(b, b);
  // CHECK-NEXT: bfloat16x2_t r198 = make_bfloat162(b, b);
  // CHECK-NEXT: bfloat16_t r199 = __low2bfloat16(q);
  // CHECK-NEXT: bfloat16_t r200 = __high2bfloat16(q);
  // CHECK-NEXT: bfloat16x2_t r201 = __low2bfloat162(q);
  // CHECK-NEXT: bfloat16x2_t r202 = __high2bfloat162(q);
  // CHECK-NEXT: bfloat16x2_t r203 = __lows2bfloat162(q, q);
  // CHECK-NEXT: bfloat16x2_t r204 = __highs2bfloat162(q, q);
  // CHECK-NEXT: bfloat16_t r205 = __ushort_as_bfloat16(u);
  // CHECK-NEXT: bfloat16x2_t r206 = __float2bfloat162_rn(x);
  // CHECK-NEXT: bfloat16x2_t r207 = __bfloat162bfloat162(b);
  // CHECK-NEXT: __gm__ half2* g2 = reinterpret_cast<__gm__ half2*>(g);
  // CHECK-NEXT: __ubuf__ bfloat16x2_t* u2 = reinterpret_cast<__ubuf__ bfloat16x2_t*>(ub);
  // CHECK-NEXT: half2 l0 = g2[c0];
  // CHECK-NEXT: bfloat16x2_t l1 = u2[c1];
  // CHECK-NEXT: g2[c1] = l0;
  // CHECK-NEXT: u2[c0] = l1;
  // CHECK-NEXT: half2 s0 = asc_shfl(l0, c1, c32);
  // CHECK-NEXT: half2 s1 = asc_shfl_up(s0, c1, c32);
  // CHECK-NEXT: bfloat16x2_t s2 = asc_shfl_down(l1, c1, c32);
  // CHECK-NEXT: bfloat16x2_t s3 = asc_shfl_xor(s2, c1, c32);
  // CHECK-NEXT: half2 a0 = asc_atomic_add(g2 + c0, s1);
  // CHECK-NEXT: half2 a1 = asc_atomic_sub(g2 + c0, a0);
  // CHECK-NEXT: half2 a2 = asc_atomic_exch(g2 + c0, a1);
  // CHECK-NEXT: half2 a3 = asc_atomic_max(g2 + c0, a2);
  // CHECK-NEXT: half2 a4 = asc_atomic_min(g2 + c0, a3);
  // CHECK-NEXT: half2 a5 = asc_atomic_cas(g2 + c0, a4, s1);
  // CHECK-NEXT: bfloat16x2_t a6 = asc_atomic_add(u2 + c0, s3);
  // CHECK-NEXT: bfloat16x2_t a7 = asc_atomic_sub(u2 + c0, a6);
  // CHECK-NEXT: bfloat16x2_t a8 = asc_atomic_exch(u2 + c0, a7);
  // CHECK-NEXT: bfloat16x2_t a9 = asc_atomic_max(u2 + c0, a8);
  // CHECK-NEXT: bfloat16x2_t a10 = asc_atomic_min(u2 + c0, a9);
  // CHECK-NEXT: bfloat16x2_t a11 = asc_atomic_cas(u2 + c0, a10, s3);
  // CHECK-NEXT: half2 k0 = asc_ldcg(g2 + c0);
  // CHECK-NEXT: half2 k1 = asc_ldca(g2 + c1);
  // CHECK-NEXT: asc_stcg(g2 + c0, k1);
  // CHECK-NEXT: asc_stwt(g2 + c1, k0);
  func.func @pairs(%x: f32, %h: f16, %b: bf16, %u: ui16, %p: !ascendc.half2, %q: !ascendc.bfloat16x2, %g: memref<?xf16, 22 : i64>, %ub: memref<?xbf16, 26 : i64>) attributes {ascendc.simt_vf = 64 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %r0 = ascendc.simt.h2cos %p : !ascendc.half2 -> !ascendc.half2
    %r1 = ascendc.simt.h2cos %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r2 = ascendc.simt.h2sin %p : !ascendc.half2 -> !ascendc.half2
    %r3 = ascendc.simt.h2sin %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r4 = ascendc.simt.h2tanh %p : !ascendc.half2 -> !ascendc.half2
    %r5 = ascendc.simt.h2tanh %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r6 = ascendc.simt.h2exp %p : !ascendc.half2 -> !ascendc.half2
    %r7 = ascendc.simt.h2exp %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r8 = ascendc.simt.h2exp2 %p : !ascendc.half2 -> !ascendc.half2
    %r9 = ascendc.simt.h2exp2 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r10 = ascendc.simt.h2exp10 %p : !ascendc.half2 -> !ascendc.half2
    %r11 = ascendc.simt.h2exp10 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r12 = ascendc.simt.h2log %p : !ascendc.half2 -> !ascendc.half2
    %r13 = ascendc.simt.h2log %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r14 = ascendc.simt.h2log2 %p : !ascendc.half2 -> !ascendc.half2
    %r15 = ascendc.simt.h2log2 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r16 = ascendc.simt.h2log10 %p : !ascendc.half2 -> !ascendc.half2
    %r17 = ascendc.simt.h2log10 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r18 = ascendc.simt.h2sqrt %p : !ascendc.half2 -> !ascendc.half2
    %r19 = ascendc.simt.h2sqrt %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r20 = ascendc.simt.h2rsqrt %p : !ascendc.half2 -> !ascendc.half2
    %r21 = ascendc.simt.h2rsqrt %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r22 = ascendc.simt.h2rcp %p : !ascendc.half2 -> !ascendc.half2
    %r23 = ascendc.simt.h2rcp %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r24 = ascendc.simt.h2floor %p : !ascendc.half2 -> !ascendc.half2
    %r25 = ascendc.simt.h2floor %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r26 = ascendc.simt.h2rint %p : !ascendc.half2 -> !ascendc.half2
    %r27 = ascendc.simt.h2rint %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r28 = ascendc.simt.h2ceil %p : !ascendc.half2 -> !ascendc.half2
    %r29 = ascendc.simt.h2ceil %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r30 = ascendc.simt.h2trunc %p : !ascendc.half2 -> !ascendc.half2
    %r31 = ascendc.simt.h2trunc %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r32 = ascendc.simt.habsx2 %p : !ascendc.half2 -> !ascendc.half2
    %r33 = ascendc.simt.habsx2 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r34 = ascendc.simt.hnegx2 %p : !ascendc.half2 -> !ascendc.half2
    %r35 = ascendc.simt.hnegx2 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r36 = ascendc.simt.isnanx2 %p : !ascendc.half2 -> !ascendc.half2
    %r37 = ascendc.simt.isnanx2 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r38 = ascendc.simt.lowhigh2highlow %p : !ascendc.half2 -> !ascendc.half2
    %r39 = ascendc.simt.lowhigh2highlow %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r40 = ascendc.simt.haddx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r41 = ascendc.simt.haddx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r42 = ascendc.simt.hsubx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r43 = ascendc.simt.hsubx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r44 = ascendc.simt.hmulx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r45 = ascendc.simt.hmulx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r46 = ascendc.simt.hdivx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r47 = ascendc.simt.hdivx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r48 = ascendc.simt.hmaxx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r49 = ascendc.simt.hmaxx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r50 = ascendc.simt.hminx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r51 = ascendc.simt.hminx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r52 = ascendc.simt.hmaxx2_nan %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r53 = ascendc.simt.hmaxx2_nan %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r54 = ascendc.simt.hminx2_nan %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r55 = ascendc.simt.hminx2_nan %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r56 = ascendc.simt.hfmax2 %p, %p, %p : !ascendc.half2, !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r57 = ascendc.simt.hfmax2 %q, %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r58 = ascendc.simt.hfmax2_relu %p, %p, %p : !ascendc.half2, !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r59 = ascendc.simt.hfmax2_relu %q, %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r60 = ascendc.simt.hcmadd %p, %p, %p : !ascendc.half2, !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r61 = ascendc.simt.hcmadd %q, %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r62 = ascendc.simt.heqx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r63 = ascendc.simt.heqx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r64 = ascendc.simt.hbeqx2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r65 = ascendc.simt.hbeqx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r66 = ascendc.simt.heqx2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r67 = ascendc.simt.heqx2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r68 = ascendc.simt.heq %h, %h : f16, f16 -> i1
    %r69 = ascendc.simt.heq %b, %b : bf16, bf16 -> i1
    %r70 = ascendc.simt.hequx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r71 = ascendc.simt.hequx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r72 = ascendc.simt.hbequx2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r73 = ascendc.simt.hbequx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r74 = ascendc.simt.hequx2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r75 = ascendc.simt.hequx2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r76 = ascendc.simt.hequ %h, %h : f16, f16 -> i1
    %r77 = ascendc.simt.hequ %b, %b : bf16, bf16 -> i1
    %r78 = ascendc.simt.hnex2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r79 = ascendc.simt.hnex2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r80 = ascendc.simt.hbnex2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r81 = ascendc.simt.hbnex2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r82 = ascendc.simt.hnex2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r83 = ascendc.simt.hnex2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r84 = ascendc.simt.hne %h, %h : f16, f16 -> i1
    %r85 = ascendc.simt.hne %b, %b : bf16, bf16 -> i1
    %r86 = ascendc.simt.hneux2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r87 = ascendc.simt.hneux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r88 = ascendc.simt.hbneux2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r89 = ascendc.simt.hbneux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r90 = ascendc.simt.hneux2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r91 = ascendc.simt.hneux2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r92 = ascendc.simt.hneu %h, %h : f16, f16 -> i1
    %r93 = ascendc.simt.hneu %b, %b : bf16, bf16 -> i1
    %r94 = ascendc.simt.hlex2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r95 = ascendc.simt.hlex2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r96 = ascendc.simt.hblex2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r97 = ascendc.simt.hblex2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r98 = ascendc.simt.hlex2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r99 = ascendc.simt.hlex2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r100 = ascendc.simt.hle %h, %h : f16, f16 -> i1
    %r101 = ascendc.simt.hle %b, %b : bf16, bf16 -> i1
    %r102 = ascendc.simt.hleux2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r103 = ascendc.simt.hleux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r104 = ascendc.simt.hbleux2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r105 = ascendc.simt.hbleux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r106 = ascendc.simt.hleux2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r107 = ascendc.simt.hleux2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r108 = ascendc.simt.hleu %h, %h : f16, f16 -> i1
    %r109 = ascendc.simt.hleu %b, %b : bf16, bf16 -> i1
    %r110 = ascendc.simt.hgex2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r111 = ascendc.simt.hgex2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r112 = ascendc.simt.hbgex2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r113 = ascendc.simt.hbgex2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r114 = ascendc.simt.hgex2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r115 = ascendc.simt.hgex2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r116 = ascendc.simt.hge %h, %h : f16, f16 -> i1
    %r117 = ascendc.simt.hge %b, %b : bf16, bf16 -> i1
    %r118 = ascendc.simt.hgeux2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r119 = ascendc.simt.hgeux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r120 = ascendc.simt.hbgeux2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r121 = ascendc.simt.hbgeux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r122 = ascendc.simt.hgeux2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r123 = ascendc.simt.hgeux2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r124 = ascendc.simt.hgeu %h, %h : f16, f16 -> i1
    %r125 = ascendc.simt.hgeu %b, %b : bf16, bf16 -> i1
    %r126 = ascendc.simt.hltx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r127 = ascendc.simt.hltx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r128 = ascendc.simt.hbltx2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r129 = ascendc.simt.hbltx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r130 = ascendc.simt.hltx2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r131 = ascendc.simt.hltx2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r132 = ascendc.simt.hlt %h, %h : f16, f16 -> i1
    %r133 = ascendc.simt.hlt %b, %b : bf16, bf16 -> i1
    %r134 = ascendc.simt.hltux2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r135 = ascendc.simt.hltux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r136 = ascendc.simt.hbltux2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r137 = ascendc.simt.hbltux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r138 = ascendc.simt.hltux2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r139 = ascendc.simt.hltux2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r140 = ascendc.simt.hltu %h, %h : f16, f16 -> i1
    %r141 = ascendc.simt.hltu %b, %b : bf16, bf16 -> i1
    %r142 = ascendc.simt.hgtx2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r143 = ascendc.simt.hgtx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r144 = ascendc.simt.hbgtx2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r145 = ascendc.simt.hbgtx2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r146 = ascendc.simt.hgtx2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r147 = ascendc.simt.hgtx2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r148 = ascendc.simt.hgt %h, %h : f16, f16 -> i1
    %r149 = ascendc.simt.hgt %b, %b : bf16, bf16 -> i1
    %r150 = ascendc.simt.hgtux2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r151 = ascendc.simt.hgtux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r152 = ascendc.simt.hbgtux2 %p, %p : !ascendc.half2, !ascendc.half2 -> i1
    %r153 = ascendc.simt.hbgtux2 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> i1
    %r154 = ascendc.simt.hgtux2_mask %p, %p : !ascendc.half2, !ascendc.half2 -> ui32
    %r155 = ascendc.simt.hgtux2_mask %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> ui32
    %r156 = ascendc.simt.hgtu %h, %h : f16, f16 -> i1
    %r157 = ascendc.simt.hgtu %b, %b : bf16, bf16 -> i1
    %r158 = ascendc.simt.low2float %p : !ascendc.half2 -> f32
    %r159 = ascendc.simt.low2float %q : !ascendc.bfloat16x2 -> f32
    %r160 = ascendc.simt.high2float %p : !ascendc.half2 -> f32
    %r161 = ascendc.simt.high2float %q : !ascendc.bfloat16x2 -> f32
    %r162 = ascendc.simt.hadd %h, %h : f16, f16 -> f16
    %r163 = ascendc.simt.hadd %b, %b : bf16, bf16 -> bf16
    %r164 = ascendc.simt.hsub %h, %h : f16, f16 -> f16
    %r165 = ascendc.simt.hsub %b, %b : bf16, bf16 -> bf16
    %r166 = ascendc.simt.hmul %h, %h : f16, f16 -> f16
    %r167 = ascendc.simt.hmul %b, %b : bf16, bf16 -> bf16
    %r168 = ascendc.simt.hdiv %h, %h : f16, f16 -> f16
    %r169 = ascendc.simt.hdiv %b, %b : bf16, bf16 -> bf16
    %r170 = ascendc.simt.hmax_nan %h, %h : f16, f16 -> f16
    %r171 = ascendc.simt.hmax_nan %b, %b : bf16, bf16 -> bf16
    %r172 = ascendc.simt.hmin_nan %h, %h : f16, f16 -> f16
    %r173 = ascendc.simt.hmin_nan %b, %b : bf16, bf16 -> bf16
    %r174 = ascendc.simt.hneg %h : f16 -> f16
    %r175 = ascendc.simt.hneg %b : bf16 -> bf16
    %r176 = ascendc.simt.hfma_relu %h, %h, %h : f16, f16, f16 -> f16
    %r177 = ascendc.simt.hfma_relu %b, %b, %b : bf16, bf16, bf16 -> bf16
    %r178 = ascendc.simt.hexp10 %h : f16 -> f16
    %r179 = ascendc.simt.hexp10 %b : bf16 -> bf16
    %r180 = ascendc.simt.hlog10 %h : f16 -> f16
    %r181 = ascendc.simt.hlog10 %b : bf16 -> bf16
    %r182 = ascendc.simt.hisnan %h : f16 -> i1
    %r183 = ascendc.simt.hisnan %b : bf16 -> i1
    %r184 = ascendc.simt.hisinf %h : f16 -> i1
    %r185 = ascendc.simt.hisinf %b : bf16 -> i1
    %r186 = ascendc.simt.floats2half2_rn %x, %x : f32, f32 -> !ascendc.half2
    %r187 = ascendc.simt.halves2half2 %h, %h : f16, f16 -> !ascendc.half2
    %r188 = ascendc.simt.make_half2 %h, %h : f16, f16 -> !ascendc.half2
    %r189 = ascendc.simt.low2half %p : !ascendc.half2 -> f16
    %r190 = ascendc.simt.high2half %p : !ascendc.half2 -> f16
    %r191 = ascendc.simt.low2half2 %p : !ascendc.half2 -> !ascendc.half2
    %r192 = ascendc.simt.high2half2 %p : !ascendc.half2 -> !ascendc.half2
    %r193 = ascendc.simt.lows2half2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r194 = ascendc.simt.highs2half2 %p, %p : !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %r195 = ascendc.simt.ushort_as_half %u : ui16 -> f16
    %r196 = ascendc.simt.floats2bfloat162_rn %x, %x : f32, f32 -> !ascendc.bfloat16x2
    %r197 = ascendc.simt.halves2bfloat162 %b, %b : bf16, bf16 -> !ascendc.bfloat16x2
    %r198 = ascendc.simt.make_bfloat162 %b, %b : bf16, bf16 -> !ascendc.bfloat16x2
    %r199 = ascendc.simt.low2bfloat16 %q : !ascendc.bfloat16x2 -> bf16
    %r200 = ascendc.simt.high2bfloat16 %q : !ascendc.bfloat16x2 -> bf16
    %r201 = ascendc.simt.low2bfloat162 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r202 = ascendc.simt.high2bfloat162 %q : !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r203 = ascendc.simt.lows2bfloat162 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r204 = ascendc.simt.highs2bfloat162 %q, %q : !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %r205 = ascendc.simt.ushort_as_bfloat16 %u : ui16 -> bf16
    %r206 = ascendc.simt.float2bfloat162_rn %x : f32 -> !ascendc.bfloat16x2
    %r207 = ascendc.simt.bfloat162bfloat162 %b : bf16 -> !ascendc.bfloat16x2
    %g2 = ascendc.simt.pointer_cast %g : memref<?xf16, 22 : i64> -> memref<?x!ascendc.half2, 22 : i64>
    %u2 = ascendc.simt.pointer_cast %ub : memref<?xbf16, 26 : i64> -> memref<?x!ascendc.bfloat16x2, 26 : i64>
    %l0 = ascendc.simt.load %g2, %c0 : memref<?x!ascendc.half2, 22 : i64>, i32 -> !ascendc.half2
    %l1 = ascendc.simt.load %u2, %c1 : memref<?x!ascendc.bfloat16x2, 26 : i64>, i32 -> !ascendc.bfloat16x2
    ascendc.simt.store %g2, %c1, %l0 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2
    ascendc.simt.store %u2, %c0, %l1 : memref<?x!ascendc.bfloat16x2, 26 : i64>, i32, !ascendc.bfloat16x2
    %s0 = ascendc.simt.shfl %l0, %c1, %c32 : !ascendc.half2, i32, i32 -> !ascendc.half2
    %s1 = ascendc.simt.shfl_up %s0, %c1, %c32 : !ascendc.half2, i32, i32 -> !ascendc.half2
    %s2 = ascendc.simt.shfl_down %l1, %c1, %c32 : !ascendc.bfloat16x2, i32, i32 -> !ascendc.bfloat16x2
    %s3 = ascendc.simt.shfl_xor %s2, %c1, %c32 : !ascendc.bfloat16x2, i32, i32 -> !ascendc.bfloat16x2
    %a0 = ascendc.simt.atomic_add %g2, %c0, %s1 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2 -> !ascendc.half2
    %a1 = ascendc.simt.atomic_sub %g2, %c0, %a0 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2 -> !ascendc.half2
    %a2 = ascendc.simt.atomic_exch %g2, %c0, %a1 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2 -> !ascendc.half2
    %a3 = ascendc.simt.atomic_max %g2, %c0, %a2 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2 -> !ascendc.half2
    %a4 = ascendc.simt.atomic_min %g2, %c0, %a3 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2 -> !ascendc.half2
    %a5 = ascendc.simt.atomic_cas %g2, %c0, %a4, %s1 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2, !ascendc.half2 -> !ascendc.half2
    %a6 = ascendc.simt.atomic_add %u2, %c0, %s3 : memref<?x!ascendc.bfloat16x2, 26 : i64>, i32, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %a7 = ascendc.simt.atomic_sub %u2, %c0, %a6 : memref<?x!ascendc.bfloat16x2, 26 : i64>, i32, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %a8 = ascendc.simt.atomic_exch %u2, %c0, %a7 : memref<?x!ascendc.bfloat16x2, 26 : i64>, i32, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %a9 = ascendc.simt.atomic_max %u2, %c0, %a8 : memref<?x!ascendc.bfloat16x2, 26 : i64>, i32, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %a10 = ascendc.simt.atomic_min %u2, %c0, %a9 : memref<?x!ascendc.bfloat16x2, 26 : i64>, i32, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %a11 = ascendc.simt.atomic_cas %u2, %c0, %a10, %s3 : memref<?x!ascendc.bfloat16x2, 26 : i64>, i32, !ascendc.bfloat16x2, !ascendc.bfloat16x2 -> !ascendc.bfloat16x2
    %k0 = ascendc.simt.ldcg %g2, %c0 : memref<?x!ascendc.half2, 22 : i64>, i32 -> !ascendc.half2
    %k1 = ascendc.simt.ldca %g2, %c1 : memref<?x!ascendc.half2, 22 : i64>, i32 -> !ascendc.half2
    ascendc.simt.stcg %g2, %c0, %k1 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2
    ascendc.simt.stwt %g2, %c1, %k0 : memref<?x!ascendc.half2, 22 : i64>, i32, !ascendc.half2
    func.return
  }
  // Run-time cooperative groups (cooperative_groups.h): coalesced_threads(),
  // tiled_partition(parent, n) of the block, a thread_group and a coalesced_group,
  // binary_partition of a coalesced_group and of a static tile, each member.
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(64) inline void groups_rt(uint32_t n, float v, bool p, int32_t q) {
  // CHECK:      cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
  // CHECK-NEXT: cooperative_groups::thread_group t = cooperative_groups::tiled_partition(cooperative_groups::this_thread_block(), n);
  // CHECK-NEXT: cooperative_groups::thread_group t2 = cooperative_groups::tiled_partition(t, c4);
  // CHECK-NEXT: cooperative_groups::coalesced_group h = cooperative_groups::tiled_partition(g, c4);
  // CHECK-NEXT: cooperative_groups::coalesced_group b = cooperative_groups::binary_partition(h, p);
  // CHECK-NEXT: cooperative_groups::coalesced_group b2 = cooperative_groups::binary_partition(cooperative_groups::tiled_partition<8>(cooperative_groups::this_thread_block()), p);
  // CHECK-NEXT: g.sync();
  // CHECK-NEXT: t2.sync();
  // CHECK-NEXT: uint64_t r0 = g.thread_rank();
  // CHECK-NEXT: uint64_t r1 = t.thread_rank();
  // CHECK-NEXT: uint64_t r2 = b.num_threads();
  // CHECK-NEXT: uint64_t r3 = t2.size();
  // CHECK-NEXT: uint64_t r4 = h.meta_group_rank();
  // CHECK-NEXT: uint64_t r5 = b2.meta_group_size();
  // CHECK-NEXT: float s0 = g.shfl(v, q);
  // CHECK-NEXT: float s1 = b.shfl_up(s0, n);
  // CHECK-NEXT: float s2 = h.shfl_down(s1, n);
  // CHECK-NEXT: int32_t a0 = g.any(q);
  // CHECK-NEXT: int32_t a1 = b.all(q);
  // CHECK-NEXT: uint32_t a2 = b2.ballot(q);
  func.func @groups_rt(%n: ui32, %v: f32, %p: i1, %q: i32) attributes {ascendc.simt_vf = 64 : i32} {
    %c4 = arith.constant 4 : i32
    %g = ascendc.simt.cg_coalesced_threads : () -> !ascendc.coalesced_group
    %t = ascendc.simt.cg_block_partition %n : ui32 -> !ascendc.thread_group
    %t2 = ascendc.simt.cg_group_partition %t, %c4 : !ascendc.thread_group, i32 -> !ascendc.thread_group
    %h = ascendc.simt.cg_group_partition %g, %c4 : !ascendc.coalesced_group, i32 -> !ascendc.coalesced_group
    %b = ascendc.simt.cg_binary_partition %h, %p : !ascendc.coalesced_group, i1 -> !ascendc.coalesced_group
    %b2 = ascendc.simt.cg_tile_binary_partition %p {tiles = array<i32: 8>} : i1 -> !ascendc.coalesced_group
    ascendc.simt.cg_group_sync %g : !ascendc.coalesced_group
    ascendc.simt.cg_group_sync %t2 : !ascendc.thread_group
    %r0 = ascendc.simt.cg_group_thread_rank %g : !ascendc.coalesced_group -> ui64
    %r1 = ascendc.simt.cg_group_thread_rank %t : !ascendc.thread_group -> ui64
    %r2 = ascendc.simt.cg_group_num_threads %b : !ascendc.coalesced_group -> ui64
    %r3 = ascendc.simt.cg_group_size %t2 : !ascendc.thread_group -> ui64
    %r4 = ascendc.simt.cg_group_meta_group_rank %h : !ascendc.coalesced_group -> ui64
    %r5 = ascendc.simt.cg_group_meta_group_size %b2 : !ascendc.coalesced_group -> ui64
    %s0 = ascendc.simt.cg_group_shfl %g, %v, %q : !ascendc.coalesced_group, f32, i32 -> f32
    %s1 = ascendc.simt.cg_group_shfl_up %b, %s0, %n : !ascendc.coalesced_group, f32, ui32 -> f32
    %s2 = ascendc.simt.cg_group_shfl_down %h, %s1, %n : !ascendc.coalesced_group, f32, ui32 -> f32
    %a0 = ascendc.simt.cg_group_any %g, %q : !ascendc.coalesced_group, i32 -> i32
    %a1 = ascendc.simt.cg_group_all %b, %q : !ascendc.coalesced_group, i32 -> i32
    %a2 = ascendc.simt.cg_group_ballot %b2, %q : !ascendc.coalesced_group, i32 -> ui32
    func.return
  }
}
