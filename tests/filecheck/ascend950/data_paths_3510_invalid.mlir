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

// -----

// FixpipeParamsArch3510's quantPre is an enum class: an integer does not assign to it
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @quant_from_int(%out: !ascendc.global_tensor<*xf16>, %q: i32) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %c32 = arith.constant 32 : i32
    %n = builtin.unrealized_conversion_cast %c32 : i32 to ui16
    %n32 = builtin.unrealized_conversion_cast %c32 : i32 to ui32
    %p = ascendc.construct !ascendc.fixpipe_params_arch3510(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    emitasc.set_member %p "quantPre", %q : !ascendc.fixpipe_params_arch3510, i32
    %row = arith.constant 1 : i32
    %cfg = ascendc.construct !ascendc.fixpipe_config(%row) : i32
    // expected-error @+1 {{'ascendc.fixpipe': quantPre is a QuantMode_t (an enum class: an integer does not convert to it), set from i32}}
    ascendc.fixpipe %out, %co1, %p, %cfg : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    func.return
  }
}

// -----

// NZ's params is a uint8_t: no Nz2NdParams members
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @nz_nd_num(%out: !ascendc.global_tensor<*xf32>) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %c32 = arith.constant 32 : i32
    %n = builtin.unrealized_conversion_cast %c32 : i32 to ui16
    %n32 = builtin.unrealized_conversion_cast %c32 : i32 to ui32
    %p = ascendc.construct !ascendc.fixpipe_params_arch3510<nz>(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    emitasc.set_member %p "params.ndNum", %n : !ascendc.fixpipe_params_arch3510<nz>, ui16
    %nz = arith.constant 0 : i32
    %cfg = ascendc.construct !ascendc.fixpipe_config(%nz) : i32
    // expected-error @+1 {{'ascendc.fixpipe': FixpipeParamsArch3510<NZ>'s params is a uint8_t, which has no member 'ndNum' (its members: none)}}
    ascendc.fixpipe %out, %co1, %p, %cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510<nz>, !ascendc.fixpipe_config
    func.return
  }
}

// -----

// the type's layout must be the config's
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @layout_mismatch(%out: !ascendc.global_tensor<*xf32>) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %c32 = arith.constant 32 : i32
    %n = builtin.unrealized_conversion_cast %c32 : i32 to ui16
    %n32 = builtin.unrealized_conversion_cast %c32 : i32 to ui32
    %p = ascendc.construct !ascendc.fixpipe_params_arch3510<column_major>(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %nz = arith.constant 0 : i32
    %cfg = ascendc.construct !ascendc.fixpipe_config(%nz) : i32
    // expected-error @+1 {{'ascendc.fixpipe': the config's layout is CO2Layout::NZ but the parameters are FixpipeParamsArch3510<COLUMN_MAJOR>}}
    ascendc.fixpipe %out, %co1, %p, %cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510<column_major>, !ascendc.fixpipe_config
    func.return
  }
}
