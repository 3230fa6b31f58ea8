// A __VEC_SCOPE__ region: the Reg ops of a vector function's body inline in a kernel,
// printed as a `__VEC_SCOPE__` block after the UB pointers it uses; it round-trips
// (vec_scope_invalid.mlir: what its verifier refuses).
// RUN: asc-opt %s --split-input-file | asc-opt --split-input-file | filecheck %s --check-prefix=IR
// RUN: asc-opt %s --split-input-file -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: void kernel(
  // CHECK:      __ubuf__ float* x = reinterpret_cast<__ubuf__ float*>(t.GetPhyAddr(c0));
  // CHECK-NEXT: __VEC_SCOPE__
  // CHECK-NEXT: {
  // CHECK-NEXT:   AscendC::Reg::MaskReg m = AscendC::Reg::CreateMask<float, AscendC::Reg::MaskPattern::ALL>();
  // CHECK-NEXT:   AscendC::Reg::RegTensor<float> r;
  // CHECK-NEXT:   AscendC::Reg::LoadAlign(r, x + c0);
  // CHECK-NEXT:   AscendC::Reg::RegTensor<float> s;
  // CHECK-NEXT:   static constexpr AscendC::Reg::SqrtSpecificMode s_mode = {AscendC::Reg::MaskMergeMode::ZEROING, false, AscendC::SqrtAlgo::PRECISION_1ULP_FTZ_FALSE};
  // CHECK-NEXT:   AscendC::Reg::Sqrt<float, &s_mode>(s, r, m);
  // CHECK-NEXT:   AscendC::Reg::StoreAlign(x + c0, s, m);
  // CHECK-NEXT: }
  // CHECK-NEXT: return;
  // IR:      ascendc.reg.vec_scope {
  // IR-NEXT:   %m = ascendc.reg.create_mask
  // IR:      }
  func.func @kernel(%t: !ascendc.local_tensor<64xf32>) {
    %c0 = arith.constant 0 : i32
    %x = ascendc.reg.ub_ptr %t, %c0 : !ascendc.local_tensor<64xf32>, i32 -> memref<?xf32, 26 : i64>
    ascendc.reg.vec_scope {
      %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
      %r = ascendc.reg.load_align %x, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
      %s = ascendc.reg.sqrt_mode %r, %m {algo = 4 : i32} : !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
      ascendc.reg.store_align %x, %c0, %s, %m : memref<?xf32, 26 : i64>, i32, !ascendc.reg_tensor<f32>, !ascendc.mask_reg
    }
    func.return
  }
}
