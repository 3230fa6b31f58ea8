// Ascend 950's MX (microscaling) matmul (docs/fp8.md, "MX"): DataCopy GM -> L1 with
// Dn2NzParams (the e8m0 scales, as the asc-devkit sample mmad_mx loads them), LoadData with
// a scale matrix (LoadData2DParamsV2 + LoadData2DMxParams: L1 -> L0A/L0B and L0A_MX/L0B_MX),
// MmadMx of fp4 x fp4 and fp8 x fp8 into float, with and without a bias. Round trip and
// Ascend C (header-checked for 3510 by tests/unit/test_headers.py).
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @mx
// IR:       ascendc.data_copy_dn2nz %sa1h, %sgh, %dn : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.dn2nz_params
// IR:       ascendc.load_data_mx %a2, %a1, %sa1, %lp, %mxp : !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.load_data_2d_params_v2, !ascendc.load_data_2d_mx_params
// IR:       ascendc.mmad_mx %co1, %a2, %b2, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.mmad_params
// IR:       ascendc.mmad_mx_with_bias %co1, %e4, %e5, %bias, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E5M2>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params

// CHECK-LABEL: void mx(
// CHECK:      AscendC::Dn2NzParams dn{one, m, sk, zero64, sk64, m, one, zero32};
// CHECK-NEXT: AscendC::DataCopy(sa1h, sgh, dn);
// CHECK:      AscendC::LoadData2DMxParams mxp{zero, zero, x8, y8, zero, zero};
// CHECK-NEXT: AscendC::LoadData(a2, a1, sa1, lp, mxp);
// CHECK-NEXT: AscendC::LoadData(b2, b1, sb1, lp, mxp);
// CHECK:      AscendC::MmadMx(co1, a2, b2, mp);
// CHECK-NEXT: AscendC::LoadData(e4, f1, sa1, lp, mxp);
// CHECK-NEXT: AscendC::MmadMx(co1, e4, e5, bias, mp);
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @mx(%sg: !ascendc.global_tensor<*xf8E8M0FNU>, %sgh: !ascendc.global_tensor<*xf16>) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %c1024 = arith.constant 1024 : i32
    %len = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
    %c4096 = arith.constant 4096 : i32
    %far = builtin.unrealized_conversion_cast %c4096 : i32 to ui32
    %c8192 = arith.constant 8192 : i32
    %farther = builtin.unrealized_conversion_cast %c8192 : i32 to ui32
    %a1 = ascendc.local_tensor_v2 a1, %a0, %len : !ascendc.local_tensor<*xf4E2M1FN>
    %b1 = ascendc.local_tensor_v2 b1, %far, %len : !ascendc.local_tensor<*x!ascendc.float4_e1m2>
    %f1 = ascendc.local_tensor_v2 a1, %far, %len : !ascendc.local_tensor<*xf8E4M3FN>
    %sa1 = ascendc.local_tensor_v2 a1, %farther, %len : !ascendc.local_tensor<*xf8E8M0FNU>
    %sb1 = ascendc.local_tensor_v2 b1, %farther, %len : !ascendc.local_tensor<*xf8E8M0FNU>
    %sa1h = ascendc.reinterpret_cast %sa1 : !ascendc.local_tensor<*xf8E8M0FNU> to !ascendc.local_tensor<*xf16>
    %a2 = ascendc.local_tensor_v2 a2, %a0, %len : !ascendc.local_tensor<*xf4E2M1FN>
    %b2 = ascendc.local_tensor_v2 b2, %a0, %len : !ascendc.local_tensor<*x!ascendc.float4_e1m2>
    %e4 = ascendc.local_tensor_v2 a2, %far, %len : !ascendc.local_tensor<*xf8E4M3FN>
    %e5 = ascendc.local_tensor_v2 b2, %far, %len : !ascendc.local_tensor<*xf8E5M2>
    %co1 = ascendc.local_tensor_v2 co1, %a0, %len : !ascendc.local_tensor<*xf32>
    %bias = ascendc.local_tensor_v2 c2, %a0, %len : !ascendc.local_tensor<*xf32>
    %c1 = arith.constant 1 : i32
    %one = builtin.unrealized_conversion_cast %c1 : i32 to ui16
    %c16 = arith.constant 16 : i32
    %m = builtin.unrealized_conversion_cast %c16 : i32 to ui16
    %c2 = arith.constant 2 : i32
    %sk = builtin.unrealized_conversion_cast %c2 : i32 to ui32
    %sk64 = builtin.unrealized_conversion_cast %c2 : i32 to ui64
    %zero64 = builtin.unrealized_conversion_cast %c0 : i32 to ui64
    %zero32 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %dn = ascendc.construct !ascendc.dn2nz_params(%one, %m, %sk, %zero64, %sk64, %m, %one, %zero32) : ui16, ui16, ui32, ui64, ui64, ui16, ui16, ui32
    ascendc.data_copy_dn2nz %sa1h, %sgh, %dn : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.dn2nz_params
    %lp = ascendc.construct !ascendc.load_data_2d_params_v2()
    %zero = builtin.unrealized_conversion_cast %c0 : i32 to ui16
    %x8 = builtin.unrealized_conversion_cast %c1 : i32 to ui8
    %y8 = builtin.unrealized_conversion_cast %c1 : i32 to ui8
    %mxp = ascendc.construct !ascendc.load_data_2d_mx_params(%zero, %zero, %x8, %y8, %zero, %zero) : ui16, ui16, ui8, ui8, ui16, ui16
    ascendc.load_data_mx %a2, %a1, %sa1, %lp, %mxp : !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.load_data_2d_params_v2, !ascendc.load_data_2d_mx_params
    ascendc.load_data_mx %b2, %b1, %sb1, %lp, %mxp : !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.load_data_2d_params_v2, !ascendc.load_data_2d_mx_params
    %mp = ascendc.construct !ascendc.mmad_params()
    ascendc.mmad_mx %co1, %a2, %b2, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.mmad_params
    ascendc.load_data_mx %e4, %f1, %sa1, %lp, %mxp : !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.load_data_2d_params_v2, !ascendc.load_data_2d_mx_params
    ascendc.mmad_mx_with_bias %co1, %e4, %e5, %bias, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E5M2>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params
    func.return
  }
}
