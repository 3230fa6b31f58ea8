// The MX ops' refusals (docs/fp8.md, "MX"): MmadMx's element types (dav_3510 MmadMxCal's
// static_assert), LoadData with a scale matrix of a type its assert does not list,
// DataCopy with Dn2NzParams outside Ascend 950.
// RUN: asc-opt %s --split-input-file --verify-diagnostics

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @hif8(%c: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*x!ascendc.hifloat8>, %mp: !ascendc.mmad_params) {
    // expected-error@+1 {{MmadMx does not compute f32 <- !ascendc.hifloat8 x !ascendc.hifloat8}}
    ascendc.mmad_mx %c, %a, %a, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.mmad_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @mixed(%c: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf4E2M1FN>, %b: !ascendc.local_tensor<*xf8E4M3FN>, %mp: !ascendc.mmad_params) {
    // expected-error@+1 {{MmadMx does not compute f32 <- f4E2M1FN x f8E4M3FN}}
    ascendc.mmad_mx %c, %a, %b, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.mmad_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @load(%d: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xf16>, %sc: !ascendc.local_tensor<*xf8E8M0FNU>, %lp: !ascendc.load_data_2d_params_v2, %mxp: !ascendc.load_data_2d_mx_params) {
    // expected-error@+1 {{LoadData with a scale matrix loads fp4x2_e2m1_t, fp4x2_e1m2_t, fp8_e4m3fn_t or fp8_e5m2_t}}
    ascendc.load_data_mx %d, %s, %sc, %lp, %mxp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.load_data_2d_params_v2, !ascendc.load_data_2d_mx_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B1"} {
  func.func @dn2nz(%d: !ascendc.local_tensor<*xf16>, %s: !ascendc.global_tensor<*xf16>, %p: !ascendc.dn2nz_params) {
    // expected-error@+1 {{DataCopy with Dn2NzParams is an Ascend 950 (arch 3510) form}}
    ascendc.data_copy_dn2nz %d, %s, %p : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.dn2nz_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @scales(%d: !ascendc.local_tensor<*xf8E4M3FN>, %s: !ascendc.local_tensor<*xf8E4M3FN>, %lp: !ascendc.load_data_2d_params_v2, %mxp: !ascendc.load_data_2d_mx_params) {
    // expected-error@+1 {{LoadData's scale matrix is a LocalTensor<fp8_e8m0_t>, not of f8E4M3FN}}
    ascendc.load_data_mx %d, %s, %s, %lp, %mxp : !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.load_data_2d_params_v2, !ascendc.load_data_2d_mx_params
    func.return
  }
}
