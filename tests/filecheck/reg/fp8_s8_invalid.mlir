// The refusals of fp8_s8.mlir's ops, each at its line: a float_constant that is no value
// of its type or of a builtin type, Duplicate's mask form, Mmad pairs Ascend 950 does not
// compute, LoadData forms without 8-bit floats, InitConstValue (3510 fills 16/32-bit
// types only), the constant on another SoC, Fixpipe into fp8_e5m2_t (no quant mode has it);
// the 4-bit floats outside their forms (float -> fp4, the mask forms, Mmad, Reg arithmetic)
// and off Ascend 950.
// RUN: asc-opt %s --split-input-file --verify-diagnostics

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @constants() {
    // expected-error @+1 {{'ascendc.float_constant': 1.3 is not a value of !ascendc.hifloat8 (its neighbours: 1.25, 1.375)}}
    %h = ascendc.float_constant {value = 1.3 : f64} : !ascendc.hifloat8
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @builtin_type() {
    // expected-error @+1 {{'ascendc.float_constant': the result type f8E4M3FN is not an 8-bit float without a builtin type (hifloat8_t) or a 4-bit float (a pair of the value); a constant of f8E4M3FN, f8E5M2 or f8E8M0FNU is arith.constant}}
    %h = ascendc.float_constant {value = 1.5 : f64} : f8E4M3FN
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @mask_form(%d: !ascendc.local_tensor<*x!ascendc.hifloat8>, %m: i32) {
    %h = ascendc.float_constant {value = 1.5 : f64} : !ascendc.hifloat8
    // expected-error @+1 {{'ascendc.duplicate_l0': Duplicate takes no 8-bit float type (!ascendc.hifloat8) here: on Ascend 950 they go through Cast, the data copies, the tensor and queue objects, Duplicate's count form, Mmad and its LoadData forms (docs/fp8.md)}}
    ascendc.duplicate_l0 %d, %h, %m, %m, %m, %m : !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.hifloat8, i32, i32, i32, i32
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @mixed(%c: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*x!ascendc.hifloat8>, %b: !ascendc.local_tensor<*xf8E4M3FN>, %p: !ascendc.mmad_params) {
    // expected-error @+1 {{'ascendc.mmad': Mmad does not compute f32 <- !ascendc.hifloat8 x f8E4M3FN on Ascend 950}}
    ascendc.mmad %c, %a, %b, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.mmad_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @e8m0(%c: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf8E8M0FNU>, %p: !ascendc.mmad_params) {
    // expected-error @+1 {{'ascendc.mmad': Mmad does not compute f32 <- f8E8M0FNU x f8E8M0FNU on Ascend 950}}
    ascendc.mmad %c, %a, %a, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.mmad_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @v1(%a: !ascendc.local_tensor<*xf8E5M2>, %p: !ascendc.load_data_2d_params) {
    // expected-error @+1 {{'ascendc.load_data': LoadData with LoadData2DParams takes no 8-bit float type on Ascend 950 (its 8-bit float forms: LoadData2DParamsV2, LoadData3DParamsV2, LoadData3DParamsV2Pro) (f8E5M2)}}
    ascendc.load_data %a, %a, %p : !ascendc.local_tensor<*xf8E5M2>, !ascendc.local_tensor<*xf8E5M2>, !ascendc.load_data_2d_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @init(%l: !ascendc.local_tensor<*xf8E4M3FN>, %p: !ascendc.init_const_value_params) {
    // expected-error @+1 {{'ascendc.init_const_value': InitConstValue takes no 8-bit float type (f8E4M3FN) here}}
    ascendc.init_const_value %l, %p : !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.init_const_value_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B1"} {
  func.func @off_950() {
    // expected-error @+1 {{'ascendc.float_constant': 8-bit float types (!ascendc.hifloat8) exist on Ascend 950 (arch 3510) only; this module is compiled for Ascend910B1 (Atlas A2/A3)}}
    %h = ascendc.float_constant {value = 1.5 : f64} : !ascendc.hifloat8
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @quant_e5m2(%e5: !ascendc.global_tensor<*xf8E5M2>, %co1: !ascendc.local_tensor<*xf32>, %p: !ascendc.fixpipe_params_arch3510, %cfg: !ascendc.fixpipe_config) {
    // expected-error @+1 {{'ascendc.fixpipe': Fixpipe writes 8-bit floats only from float in L0C into fp8_e4m3fn_t or hifloat8_t, with FixpipeParamsArch3510 (its FP8 / HIF8 quant modes), not f32 -> f8E5M2 with FixpipeParamsArch3510 (f8E5M2)}}
    ascendc.fixpipe %e5, %co1, %p, %cfg : !ascendc.global_tensor<*xf8E5M2>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @fp4_from_float(%q: !ascendc.local_tensor<*xf4E2M1FN>, %x: !ascendc.local_tensor<*xf32>, %n: i32) {
    // expected-error @+1 {{'ascendc.cast_l2': Cast from f32 to f4E2M1FN is not supported on Ascend 950}}
    ascendc.cast_l2 %q, %x, %n {roundMode = 1 : i32} : !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf32>, i32
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @fp4_mask_form(%q: !ascendc.local_tensor<*x!ascendc.float4_e1m2>, %b: !ascendc.local_tensor<*xbf16>, %m: ui64, %r: ui8, %p: !ascendc.unary_repeat_params) {
    // expected-error @+1 {{'ascendc.cast_l0': Cast takes no 4-bit float type (!ascendc.float4_e1m2) here: on Ascend 950 they go through Cast's count form (to and from bfloat16_t), Duplicate's count form, the data copies, the tensor and queue objects, LoadData with LoadData2DParamsV2, the MX matmul and the Reg layer's byte moves, Duplicate and Cast (docs/fp8.md)}}
    ascendc.cast_l0 %q, %b, %m, %r, %p {roundMode = 1 : i32} : !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.local_tensor<*xbf16>, ui64, ui8, !ascendc.unary_repeat_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @fp4_mmad(%c: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf4E2M1FN>, %p: !ascendc.mmad_params) {
    // expected-error @+1 {{'ascendc.mmad': Mmad takes no 4-bit float type (f4E2M1FN) here}}
    ascendc.mmad %c, %a, %a, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf4E2M1FN>, !ascendc.mmad_params
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B1"} {
  func.func @fp4_off_950(%q: !ascendc.local_tensor<*xf4E2M1FN>, %g: !ascendc.global_tensor<*xf4E2M1FN>, %n: i32) {
    // expected-error @+1 {{'ascendc.data_copy_l2': 4-bit float types (f4E2M1FN) exist on Ascend 950 (arch 3510) only; this module is compiled for Ascend910B1 (Atlas A2/A3)}}
    ascendc.data_copy_l2 %g, %q, %n : !ascendc.global_tensor<*xf4E2M1FN>, !ascendc.local_tensor<*xf4E2M1FN>, i32
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @fp4_reg(%p: memref<?xf4E2M1FN, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {dtype = f4E2M1FN, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %p, %c0 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    // expected-error @+1 {{'ascendc.reg.add': Reg::Add takes no 4-bit float type (f4E2M1FN) here}}
    %b = ascendc.reg.add %a, %a, %m : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @e8m0_load(%a: !ascendc.local_tensor<*xf8E8M0FNU>, %p: !ascendc.load_data_2d_params_v2) {
    // expected-error @+1 {{'ascendc.load_data_l0_v2': LoadData takes no fp8_e8m0_t on Ascend 950 (its 3510 static_asserts list hifloat8_t, fp8_e5m2_t, fp8_e4m3fn_t and the 4-bit floats) (f8E8M0FNU)}}
    ascendc.load_data_l0_v2 %a, %a, %p : !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.local_tensor<*xf8E8M0FNU>, !ascendc.load_data_2d_params_v2
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @fp8_l0c(%d: !ascendc.global_tensor<*xf8E4M3FN>, %co1: !ascendc.local_tensor<*xf8E4M3FN>, %p: !ascendc.fixpipe_params_v220, %cfg: !ascendc.fixpipe_config) {
    // expected-error @+1 {{'ascendc.fixpipe': Fixpipe writes 8-bit floats only from float in L0C into fp8_e4m3fn_t or hifloat8_t, with FixpipeParamsArch3510 (its FP8 / HIF8 quant modes), not f8E4M3FN -> f8E4M3FN with FixpipeParamsV220 (f8E4M3FN)}}
    ascendc.fixpipe %d, %co1, %p, %cfg : !ascendc.global_tensor<*xf8E4M3FN>, !ascendc.local_tensor<*xf8E4M3FN>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
    func.return
  }
}
