// MmadMx with MmadBitModeParams (Ascend 950, docs/fp8.md "MX"): the class's two
// constructors (config0 = 0, from MmadParams), its setters, and MmadMx's two overloads
// that take it. Round trip and Ascend C (header-checked for 3510 by
// tests/unit/test_headers.py); numerics and refusals: tests/unit/test_mx_s9.py.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @bit_mode
// IR:       %p = ascendc.mmad_bit_mode_params_v2 %mp : !ascendc.mmad_params -> !ascendc.mmad_bit_mode_params
// IR:       %q = ascendc.mmad_bit_mode_params : !ascendc.mmad_bit_mode_params
// IR:       ascendc.mmad_bit_mode_params.set_m %q, %m : !ascendc.mmad_bit_mode_params, i32
// IR:       ascendc.mmad_bit_mode_params.set_cmatrix_source %q, %t : !ascendc.mmad_bit_mode_params, i1
// IR:       ascendc.mmad_mx_bit_mode %c, %a, %b, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E5M2>, !ascendc.mmad_bit_mode_params
// IR:       ascendc.mmad_mx_bit_mode_with_bias %c, %x, %y, %bias, %q : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_bit_mode_params

// CHECK-LABEL: void bit_mode(
// CHECK:      AscendC::MmadBitModeParams p = AscendC::MmadBitModeParams(mp);
// CHECK-NEXT: AscendC::MmadBitModeParams q;
// CHECK-NEXT: q.SetM(m);
// CHECK-NEXT: q.SetK(m);
// CHECK-NEXT: q.SetN(m);
// CHECK-NEXT: q.SetUnitFlag(m);
// CHECK-NEXT: q.SetDisableGemv(t);
// CHECK-NEXT: q.SetCmatrixSource(t);
// CHECK-NEXT: q.SetCmatrixInitVal(t);
// CHECK-NEXT: AscendC::MmadMx(c, a, b, p);
// CHECK-NEXT: AscendC::MmadMx(c, x, y, bias, q);
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @bit_mode(%c: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf8E4M3FN>, %b: !ascendc.local_tensor<*xf8E5M2>, %x: !ascendc.local_tensor<*xf4E2M1FN>, %y: !ascendc.local_tensor<*x!ascendc.float4_e1m2>, %bias: !ascendc.local_tensor<*xf32>, %mp: !ascendc.mmad_params, %m: i32, %t: i1) {
    %p = ascendc.mmad_bit_mode_params_v2 %mp : !ascendc.mmad_params -> !ascendc.mmad_bit_mode_params
    %q = ascendc.mmad_bit_mode_params : !ascendc.mmad_bit_mode_params
    ascendc.mmad_bit_mode_params.set_m %q, %m : !ascendc.mmad_bit_mode_params, i32
    ascendc.mmad_bit_mode_params.set_k %q, %m : !ascendc.mmad_bit_mode_params, i32
    ascendc.mmad_bit_mode_params.set_n %q, %m : !ascendc.mmad_bit_mode_params, i32
    ascendc.mmad_bit_mode_params.set_unit_flag %q, %m : !ascendc.mmad_bit_mode_params, i32
    ascendc.mmad_bit_mode_params.set_disable_gemv %q, %t : !ascendc.mmad_bit_mode_params, i1
    ascendc.mmad_bit_mode_params.set_cmatrix_source %q, %t : !ascendc.mmad_bit_mode_params, i1
    ascendc.mmad_bit_mode_params.set_cmatrix_init_val %q, %t : !ascendc.mmad_bit_mode_params, i1
    ascendc.mmad_mx_bit_mode %c, %a, %b, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E5M2>, !ascendc.mmad_bit_mode_params
    ascendc.mmad_mx_bit_mode_with_bias %c, %x, %y, %bias, %q : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_bit_mode_params
    func.return
  }
}
