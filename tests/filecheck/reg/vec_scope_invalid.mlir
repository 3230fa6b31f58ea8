// __VEC_SCOPE__'s verifier: kernel-side ops in its body (at the scope, naming the op), a
// scope in a vector function or in another scope, a module for another SoC.
// RUN: asc-opt %s --split-input-file --verify-diagnostics

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @kernel_side(%t: !ascendc.local_tensor<64xf32>) {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'ascendc.reg.vec_scope': ascendc.reg.ub_ptr is kernel-side and cannot be inside __VEC_SCOPE__ (put it before or after the scope)}}
    ascendc.reg.vec_scope {
      %x = ascendc.reg.ub_ptr %t, %c0 : !ascendc.local_tensor<64xf32>, i32 -> memref<?xf32, 26 : i64>
    }
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @in_vf() attributes {ascendc.vf} {
    // expected-error @+1 {{'ascendc.reg.vec_scope': a vector function is a vector scope already; write its body's ops directly}}
    ascendc.reg.vec_scope {
      %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    }
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @nested() {
    ascendc.reg.vec_scope {
      // (the outer scope is verified first: it names the nesting)
      // expected-error @-2 {{'ascendc.reg.vec_scope': vector scopes do not nest}}
      ascendc.reg.vec_scope {
        %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
      }
    }
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B1"} {
  func.func @a2() {
    // expected-error @+1 {{'ascendc.reg.vec_scope': __VEC_SCOPE__ (the Reg layer) exists on Ascend 950 (arch 3510) only; this module is compiled for Ascend910B1 (Atlas A2/A3)}}
    ascendc.reg.vec_scope {
      %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    }
    func.return
  }
}
