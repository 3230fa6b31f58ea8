// L1 -> UB and L0C -> UB are refused at the op in a module for Atlas A2/A3, whose headers
// only report them unsupported; Fixpipe writes GM, L1 or UB only.
// RUN: asc-opt %s --split-input-file --verify-diagnostics

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @l1_to_ub(%n: i32) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %ub = ascendc.local_tensor_v2 vecin, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %l1 = ascendc.local_tensor_v2 b1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    // expected-error @+1 {{'ascendc.data_copy_l2': DataCopy L1 -> UB is a data path of Ascend 950 (arch 3510); the module is compiled for Ascend910B (Atlas A2/A3), whose headers do not support it}}
    ascendc.data_copy_l2 %ub, %l1, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @l0c_to_ub(%fp: !ascendc.fixpipe_params_v220) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %out = ascendc.local_tensor_v2 vecout, %a0, %a0 : !ascendc.local_tensor<*xf16>
    %row = arith.constant 1 : i64
    %cfg = ascendc.construct !ascendc.fixpipe_config(%row) [!ascendc.co2_layout] : i64
    // expected-error @+1 {{'ascendc.fixpipe': Fixpipe L0C -> UB is a data path of Ascend 950 (arch 3510)}}
    ascendc.fixpipe %out, %co1, %fp, %cfg : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @l0c_to_l0a(%fp: !ascendc.fixpipe_params_v220) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %co1 = ascendc.local_tensor_v2 co1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %out = ascendc.local_tensor_v2 a2, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %row = arith.constant 1 : i64
    %cfg = ascendc.construct !ascendc.fixpipe_config(%row) [!ascendc.co2_layout] : i64
    // expected-error @+1 {{'ascendc.fixpipe': Fixpipe's dst must be in GM or L1 or UB, but it is in L0A}}
    ascendc.fixpipe %out, %co1, %fp, %cfg : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
    func.return
  }
}

// -----

// On 950 plain DataCopy does not take L1 -> UB (dav_3510's DataCopyL12UBIntf only asserts)
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @l1_to_ub_by_data_copy(%n: i32) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %ub = ascendc.local_tensor_v2 vecin, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %l1 = ascendc.local_tensor_v2 b1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    // expected-error @+1 {{'ascendc.data_copy_l2': DataCopy L1 -> UB is not supported on Ascend 950: the 3510 headers route it to DataCopyL12UBIntf}}
    ascendc.data_copy_l2 %ub, %l1, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @l1_to_ub_api_off_950(%n: i32) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %ub = ascendc.local_tensor_v2 vecin, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %l1 = ascendc.local_tensor_v2 b1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    // expected-error @+1 {{'ascendc.data_copy_l1_to_ub': DataCopyL1ToUB is an Ascend 950 (arch 3510) API}}
    ascendc.data_copy_l1_to_ub %ub, %l1, %n {subBlockId = 0 : ui8} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @l1_to_ub_sub_block(%n: i32) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %ub = ascendc.local_tensor_v2 vecin, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %l1 = ascendc.local_tensor_v2 b1, %a0, %a0 : !ascendc.local_tensor<*xf32>
    // expected-error @+1 {{'ascendc.data_copy_l1_to_ub': subBlockId 2: an AI Core of AIC:AIV 1:2 has AIVs 0 and 1}}
    ascendc.data_copy_l1_to_ub %ub, %l1, %n {subBlockId = 2 : ui8} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @l1_to_ub_wrong_buffer(%n: i32) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %ub = ascendc.local_tensor_v2 vecin, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %ub2 = ascendc.local_tensor_v2 vecout, %a0, %a0 : !ascendc.local_tensor<*xf32>
    // expected-error @+1 {{'ascendc.data_copy_l1_to_ub': DataCopyL1ToUB copies L1 -> UB: src must be in L1, not UB}}
    ascendc.data_copy_l1_to_ub %ub, %ub2, %n {subBlockId = 0 : ui8} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    func.return
  }
}
