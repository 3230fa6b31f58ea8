// The verifier's rules of the Reg layer, each refused at its own line: Reg ops only in
// vector functions, only on Ascend 950, 3510's dtypes and pairs, asc_vf_call's callee.
// RUN: asc-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: not asc-opt %s --split-input-file --soc Ascend910B1 2>&1 | filecheck %s --check-prefix=A2

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @plain(%x: memref<?xf32, 26 : i64>) {
    %c0 = arith.constant 0 : i32
    // A2: invalid.mlir:[[# @LINE + 3]]:5
    // A2: error: 'ascendc.reg.load_align': the Reg layer (AscendC::Reg) exists on Ascend 950 (arch 3510) only; this module is compiled for Ascend910B1 (Atlas A2/A3)
    // expected-error @+1 {{'ascendc.reg.load_align': a Reg op must be inside a vector function (a func.func marked ascendc.vf, printed __simd_vf__) or a __VEC_SCOPE__ (ascendc.reg.vec_scope), not in function @plain}}
    %a = ascendc.reg.load_align %x, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    func.return
  }
}

// -----

func.func @on_another_soc() attributes {ascendc.vf} {
  // (without a SoC the module is target-neutral IR: accepted)
  // CHECK: ascendc.reg.create_mask
  %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
  func.return
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @dtypes(%a: !ascendc.reg_tensor<f32>, %m: !ascendc.mask_reg, %w: !ascendc.reg_tensor<i32>) attributes {ascendc.vf} {
    // expected-error @+1 {{'ascendc.reg.and': Reg::And does not support T = f32 on Ascend 950 (supported: i8, ui8, i16, ui16, i32, ui32, i64, ui64)}}
    %b = ascendc.reg.and %a, %a, %m : !ascendc.reg_tensor<f32>, !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @pairs(%w: !ascendc.reg_tensor<i32>) attributes {ascendc.vf} {
    // expected-error @+1 {{'ascendc.reg.pack': Reg::Pack does not take T = ui8 from S = i32 on Ascend 950}}
    %p = ascendc.reg.pack %w {part = 0 : i32} : !ascendc.reg_tensor<i32> -> !ascendc.reg_tensor<ui8>
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @mixed(%a: !ascendc.reg_tensor<f32>, %m: !ascendc.mask_reg) attributes {ascendc.vf} {
    // expected-error @+1 {{'ascendc.reg.add': result dst has element type f16, expected f32 (the operands' T)}}
    %b = ascendc.reg.add %a, %a, %m : !ascendc.reg_tensor<f32>, !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @not_vf(%n: i32) {
    func.return
  }
  func.func @caller(%n: i32) {
    // expected-error @+1 {{'ascendc.reg.vf_call': @not_vf is not a vector function (mark it ascendc.vf)}}
    ascendc.reg.vf_call(%n : i32) {callee = @not_vf}
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @vf(%n: i32) attributes {ascendc.vf} {
    func.return
  }
  func.func @caller(%n: i64) {
    // expected-error @+1 {{'ascendc.reg.vf_call': @vf takes (i32), called with (i64)}}
    ascendc.reg.vf_call(%n : i64) {callee = @vf}
    func.return
  }
}
