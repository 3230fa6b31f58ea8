// LoadData2DParamsV2 and FixpipeParamsArch3510 are Ascend 950's forms: refused at the op
// in a module for Atlas A2/A3; a local dst of FixpipeParamsArch3510 must match isToUB.
// RUN: asc-opt %s --split-input-file --verify-diagnostics

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @v2_on_a2(%p: !ascendc.load_data_2d_params_v2) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %a1 = ascendc.local_tensor_v2 a1, %a0, %a0 : !ascendc.local_tensor<*xf16>
    %a2 = ascendc.local_tensor_v2 a2, %a0, %a0 : !ascendc.local_tensor<*xf16>
    // expected-error @+1 {{'ascendc.load_data_l0_v2': LoadData with LoadData2DParamsV2 is an Ascend 950 (arch 3510) form; the module is compiled for Ascend910B (Atlas A2/A3)}}
    ascendc.load_data_l0_v2 %a2, %a1, %p : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params_v2
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @arch3510_on_a2(%fp: !ascendc.fixpipe_params_arch3510) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %l1 = ascendc.local_tensor_v2 a1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %row = arith.constant 1 : i32
    %cfg = ascendc.construct !ascendc.fixpipe_config(%row) : i32
    // expected-error @+1 {{'ascendc.fixpipe': FixpipeParamsArch3510 is the Ascend 950 (arch 3510) form of Fixpipe}}
    ascendc.fixpipe %l1, %co1, %fp, %cfg : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @ub_without_is_to_ub(%fp: !ascendc.fixpipe_params_arch3510) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %ub = ascendc.local_tensor_v2 vecout, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %row = arith.constant 1 : i32
    %cfg = ascendc.construct !ascendc.fixpipe_config(%row) : i32
    // expected-error @+1 {{'ascendc.fixpipe': dst is in UB but the config's isToUB is false}}
    ascendc.fixpipe %ub, %co1, %fp, %cfg : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    func.return
  }
}
