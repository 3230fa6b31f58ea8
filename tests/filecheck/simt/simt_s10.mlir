// The SIMT API s10 added, printed as the 3510 headers declare it: the rest of
// math_functions.h (each a call of the C++ function; those with pointer parameters take
// `ptr + index`), and the cache-hinted GM loads and stores of device_functions.h
// (asc_ldcg / asc_ldca / asc_stcg / asc_stwt; half and bfloat16_t from asc_fp16.h /
// asc_bf16.h). tools/check_headers.py --arch 3510 compiles it (test_headers.py).
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
}
