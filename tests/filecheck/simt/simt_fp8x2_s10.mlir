// The 8-bit float pairs of asc_fp8.h (hifloat8x2_t, float8_e4m3x2_t, float8_e5m2x2_t:
// !ascendc.vector<...>, read and written through a cast pointer) and its 13 conversions,
// printed as the 3510 headers declare them. tools/check_headers.py --arch 3510 compiles it.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR:      %a0 = ascendc.simt.float22hif82_rna %f : !ascendc.vector<float2> -> !ascendc.vector<hifloat8x2_t>
// IR:      %b3 = ascendc.simt.half22hif82_rh_sat %h : !ascendc.half2 -> !ascendc.vector<hifloat8x2_t>
// IR:      %c1 = ascendc.simt.hif822half2 %b3 : !ascendc.vector<hifloat8x2_t> -> !ascendc.half2
// IR:      %e = ascendc.simt.load %pe, %i : memref<?x!ascendc.vector<float8_e4m3x2_t>, 22 : i64>, ui32 -> !ascendc.vector<float8_e4m3x2_t>
// IR:      %d1 = ascendc.simt.e5m2x22float2 %m : !ascendc.vector<float8_e5m2x2_t> -> !ascendc.vector<float2>
// IR:      ascendc.simt.store %ph, %i, %a2 : memref<?x!ascendc.vector<hifloat8x2_t>, 22 : i64>, ui32, !ascendc.vector<hifloat8x2_t>
// IR:      %s1 = ascendc.simt.cvt_float2_to_fp8x2 %f {interpretation = "E5M2", saturate = "SATFINITE"} : !ascendc.vector<float2> -> ui16

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK:      #include "kernel_operator.h"
  // CHECK-DAG:  #include "simt_api/asc_fp8.h"
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(32) inline void fp8_pairs(float2 f, half2 h, __gm__ uint8_t* g, uint32_t i) {
  // CHECK-NEXT: hifloat8x2_t a0 = __float22hif82_rna(f);
  // CHECK-NEXT: hifloat8x2_t a1 = __float22hif82_rna_sat(f);
  // CHECK-NEXT: hifloat8x2_t a2 = __float22hif82_rh(f);
  // CHECK-NEXT: hifloat8x2_t a3 = __float22hif82_rh_sat(f);
  // CHECK-NEXT: hifloat8x2_t b0 = __half22hif82_rna(h);
  // CHECK-NEXT: hifloat8x2_t b1 = __half22hif82_rna_sat(h);
  // CHECK-NEXT: hifloat8x2_t b2 = __half22hif82_rh(h);
  // CHECK-NEXT: hifloat8x2_t b3 = __half22hif82_rh_sat(h);
  // CHECK-NEXT: float2 c0 = __hif822float2(a0);
  // CHECK-NEXT: half2 c1 = __hif822half2(b3);
  // CHECK-NEXT: __gm__ float8_e4m3x2_t* pe = reinterpret_cast<__gm__ float8_e4m3x2_t*>(g);
  // CHECK-NEXT: float8_e4m3x2_t e = pe[i];
  // CHECK-NEXT: __gm__ float8_e5m2x2_t* pm = reinterpret_cast<__gm__ float8_e5m2x2_t*>(g);
  // CHECK-NEXT: float8_e5m2x2_t m = pm[i];
  // CHECK-NEXT: float2 d0 = __e4m3x22float2(e);
  // CHECK-NEXT: float2 d1 = __e5m2x22float2(m);
  // CHECK-NEXT: __gm__ hifloat8x2_t* ph = reinterpret_cast<__gm__ hifloat8x2_t*>(g);
  // CHECK-NEXT: ph[i] = a2;
  // CHECK-NEXT: uint16_t s0 = __asc_cvt_float2_to_fp8x2(f, __ASC_NOSAT, __ASC_E4M3);
  // CHECK-NEXT: uint16_t s1 = __asc_cvt_float2_to_fp8x2(f, __ASC_SATFINITE, __ASC_E5M2);
  // CHECK-NEXT: return;
  func.func @fp8_pairs(%f: !ascendc.vector<float2>, %h: !ascendc.half2, %g: memref<?xui8, 22 : i64>, %i: ui32) attributes {ascendc.simt_vf = 32 : i32} {
    %a0 = ascendc.simt.float22hif82_rna %f : !ascendc.vector<float2> -> !ascendc.vector<hifloat8x2_t>
    %a1 = ascendc.simt.float22hif82_rna_sat %f : !ascendc.vector<float2> -> !ascendc.vector<hifloat8x2_t>
    %a2 = ascendc.simt.float22hif82_rh %f : !ascendc.vector<float2> -> !ascendc.vector<hifloat8x2_t>
    %a3 = ascendc.simt.float22hif82_rh_sat %f : !ascendc.vector<float2> -> !ascendc.vector<hifloat8x2_t>
    %b0 = ascendc.simt.half22hif82_rna %h : !ascendc.half2 -> !ascendc.vector<hifloat8x2_t>
    %b1 = ascendc.simt.half22hif82_rna_sat %h : !ascendc.half2 -> !ascendc.vector<hifloat8x2_t>
    %b2 = ascendc.simt.half22hif82_rh %h : !ascendc.half2 -> !ascendc.vector<hifloat8x2_t>
    %b3 = ascendc.simt.half22hif82_rh_sat %h : !ascendc.half2 -> !ascendc.vector<hifloat8x2_t>
    %c0 = ascendc.simt.hif822float2 %a0 : !ascendc.vector<hifloat8x2_t> -> !ascendc.vector<float2>
    %c1 = ascendc.simt.hif822half2 %b3 : !ascendc.vector<hifloat8x2_t> -> !ascendc.half2
    %pe = ascendc.simt.pointer_cast %g : memref<?xui8, 22 : i64> -> memref<?x!ascendc.vector<float8_e4m3x2_t>, 22 : i64>
    %e = ascendc.simt.load %pe, %i : memref<?x!ascendc.vector<float8_e4m3x2_t>, 22 : i64>, ui32 -> !ascendc.vector<float8_e4m3x2_t>
    %pm = ascendc.simt.pointer_cast %g : memref<?xui8, 22 : i64> -> memref<?x!ascendc.vector<float8_e5m2x2_t>, 22 : i64>
    %m = ascendc.simt.load %pm, %i : memref<?x!ascendc.vector<float8_e5m2x2_t>, 22 : i64>, ui32 -> !ascendc.vector<float8_e5m2x2_t>
    %d0 = ascendc.simt.e4m3x22float2 %e : !ascendc.vector<float8_e4m3x2_t> -> !ascendc.vector<float2>
    %d1 = ascendc.simt.e5m2x22float2 %m : !ascendc.vector<float8_e5m2x2_t> -> !ascendc.vector<float2>
    %ph = ascendc.simt.pointer_cast %g : memref<?xui8, 22 : i64> -> memref<?x!ascendc.vector<hifloat8x2_t>, 22 : i64>
    ascendc.simt.store %ph, %i, %a2 : memref<?x!ascendc.vector<hifloat8x2_t>, 22 : i64>, ui32, !ascendc.vector<hifloat8x2_t>
    %s0 = ascendc.simt.cvt_float2_to_fp8x2 %f {interpretation = "E4M3", saturate = "NOSAT"} : !ascendc.vector<float2> -> ui16
    %s1 = ascendc.simt.cvt_float2_to_fp8x2 %f {interpretation = "E5M2", saturate = "SATFINITE"} : !ascendc.vector<float2> -> ui16
    func.return
  }
}
