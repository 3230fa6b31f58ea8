// The Reg forms closed for issue 30 (docs/ascend950.md): Move / Duplicate without a mask,
// Move of a mask without one, Duplicate of complex registers (one and a pair), and the
// complex32 <-> complex64 cast of RegTraitNumTwo pairs, printed as the 3510 basic API
// composes it. Header-checked for 3510 by tests/unit/test_headers.py.
// RUN: asc-opt %s -t ascendc | filecheck %s
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __simd_vf__ inline void gaps_vf(__ubuf__ float* f, __ubuf__ complex64* x, __ubuf__ complex32* h, int32_t n) {
  // CHECK:      AscendC::Reg::RegTensor<float> mv;
  // CHECK-NEXT: AscendC::Reg::Move(mv, a);
  // CHECK:      AscendC::Reg::MaskReg mm;
  // CHECK-NEXT: AscendC::Reg::Move(mm, all);
  // CHECK:      AscendC::Reg::RegTensor<float> dup;
  // CHECK-NEXT: AscendC::Reg::Duplicate(dup, s);
  // CHECK:      AscendC::Reg::RegTensor<complex64, AscendC::Reg::RegTraitNumTwo> cdup;
  // CHECK-NEXT: AscendC::Reg::Duplicate(cdup, cs);
  // CHECK:      AscendC::Reg::Duplicate(cdup2, p, m2);
  // CHECK:      AscendC::Reg::Duplicate(one, c1, cm);
  // CHECK:      AscendC::Reg::RegTensor<complex32, AscendC::Reg::RegTraitNumTwo> nar;
  // CHECK-NEXT: static constexpr AscendC::Reg::CastTrait nar_trait = {AscendC::Reg::RegLayout::ZERO, AscendC::Reg::SatMode::SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_ROUND};
  // CHECK-NEXT: AscendC::Reg::Cast<half, float, nar_trait>((AscendC::Reg::RegTensor<half>&)nar.reg[0], (AscendC::Reg::RegTensor<float>&)p.reg[0], m2);
  // CHECK-NEXT: AscendC::Reg::Pack((AscendC::Reg::RegTensor<uint16_t>&)nar.reg[0], (AscendC::Reg::RegTensor<uint32_t>&)nar.reg[0]);
  // CHECK:      AscendC::Reg::RegTensor<complex64, AscendC::Reg::RegTraitNumTwo> wid;
  // CHECK:      AscendC::Reg::RegTensor<uint32_t> wid_part0;
  // CHECK-NEXT: AscendC::Reg::UnPack(wid_part0, (AscendC::Reg::RegTensor<uint16_t>&)nar.reg[0]);
  // CHECK-NEXT: AscendC::Reg::Cast<float, half, wid_trait>((AscendC::Reg::RegTensor<float>&)wid.reg[0], (AscendC::Reg::RegTensor<half>&)wid_part0, m2);
  // IR: ascendc.reg.move_unmasked %a : !ascendc.reg_tensor<f32> -> !ascendc.reg_tensor<f32>
  // IR: ascendc.reg.mask_move_unmasked %all : !ascendc.mask_reg -> !ascendc.mask_reg
  // IR: ascendc.reg.duplicate_unmasked %cs : complex<f32> -> !ascendc.reg_tensor<complex<f32>, 2>
  // IR: ascendc.reg.cast_complex %p, %m2 {roundMode = 4 : i32} : !ascendc.reg_tensor<complex<f32>, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>, 2>
  func.func @gaps_vf(%f: memref<?xf32, 26 : i64>, %x: memref<?xcomplex<f32>, 26 : i64>, %h: memref<?xcomplex<f16>, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %s = arith.constant 2.5 : f32
    %re = arith.constant 1.0 : f32
    %im = arith.constant -2.0 : f32
    %cs = complex.create %re, %im : complex<f32>
    %all = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %f, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    %mv = ascendc.reg.move_unmasked %a : !ascendc.reg_tensor<f32> -> !ascendc.reg_tensor<f32>
    %mm = ascendc.reg.mask_move_unmasked %all : !ascendc.mask_reg -> !ascendc.mask_reg
    ascendc.reg.store_align %f, %c0, %mv, %mm : memref<?xf32, 26 : i64>, i32, !ascendc.reg_tensor<f32>, !ascendc.mask_reg
    %dup = ascendc.reg.duplicate_unmasked %s : f32 -> !ascendc.reg_tensor<f32>
    ascendc.reg.store_align %f, %c0, %dup, %all : memref<?xf32, 26 : i64>, i32, !ascendc.reg_tensor<f32>, !ascendc.mask_reg
    %m2 = ascendc.reg.create_mask {dtype = complex<f32>, pattern = 0 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %cdup = ascendc.reg.duplicate_unmasked %cs : complex<f32> -> !ascendc.reg_tensor<complex<f32>, 2>
    %p = ascendc.reg.load_align %x, %c0 : memref<?xcomplex<f32>, 26 : i64>, i32 -> !ascendc.reg_tensor<complex<f32>, 2>
    %cdup2 = ascendc.reg.duplicate_reg %p, %m2 : !ascendc.reg_tensor<complex<f32>, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>, 2>
    ascendc.reg.store_align %x, %c0, %cdup2, %m2 : memref<?xcomplex<f32>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f32>, 2>, !ascendc.mask_reg
    ascendc.reg.store_align %x, %c0, %cdup, %m2 : memref<?xcomplex<f32>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f32>, 2>, !ascendc.mask_reg
    %cm = ascendc.reg.create_mask {dtype = complex<f16>, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %c1 = ascendc.reg.load_align %h, %c0 : memref<?xcomplex<f16>, 26 : i64>, i32 -> !ascendc.reg_tensor<complex<f16>>
    %one = ascendc.reg.duplicate_reg %c1, %cm : !ascendc.reg_tensor<complex<f16>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>>
    ascendc.reg.store_align %h, %c0, %one, %cm : memref<?xcomplex<f16>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f16>>, !ascendc.mask_reg
    %nar = ascendc.reg.cast_complex %p, %m2 {roundMode = 4 : i32} : !ascendc.reg_tensor<complex<f32>, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>, 2>
    %wid = ascendc.reg.cast_complex %nar, %m2 {roundMode = 1 : i32} : !ascendc.reg_tensor<complex<f16>, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>, 2>
    ascendc.reg.store_align %x, %c0, %wid, %m2 : memref<?xcomplex<f32>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f32>, 2>, !ascendc.mask_reg
    func.return
  }
}
