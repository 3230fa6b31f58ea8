// Ascend 950's 4-bit floats in Duplicate and the Reg layer (docs/fp8.md, "4-bit floats"):
// a constant (the pair of its value, written as its byte), Duplicate's count form (a count
// of pairs), and in a vector function the b8 masks, LoadAlign / StoreAlign of fp4x2 pairs,
// Duplicate, Cast fp4 -> bf16 and bf16 -> fp4 with a RegLayout. Round trip and Ascend C
// (header-checked for 3510 by tests/unit/test_headers.py); the refusals are checked in
// tests/unit/test_fp4_s9.py.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @vf
// IR:       %one = ascendc.float_constant {value = 1.500000e+00 : f64} : f4E2M1FN
// IR:       %d = ascendc.reg.duplicate %one, %m8 : f4E2M1FN, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>
// IR:       %w = ascendc.reg.cast %x, %m16 {roundMode = 0 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<bf16>
// IR:       %n = ascendc.reg.cast %w, %m16 {roundMode = 3 : i32, sat = 1 : i32, layout = 2 : i32} : !ascendc.reg_tensor<bf16>, !ascendc.mask_reg -> !ascendc.reg_tensor<!ascendc.float4_e1m2>

// CHECK-LABEL: __simd_vf__ inline void vf(__ubuf__ fp4x2_e2m1_t* q, __ubuf__ fp4x2_e1m2_t* r) {
// CHECK:      fp4x2_e2m1_t one;  // (1.5, 1.5)
// CHECK-NEXT: reinterpret_cast<uint8_t&>(one) = 0x33U;
// CHECK:      AscendC::Reg::MaskReg m8 = AscendC::Reg::CreateMask<fp4x2_e2m1_t, AscendC::Reg::MaskPattern::ALL>();
// CHECK:      AscendC::Reg::LoadAlign(x, q + c0);
// CHECK:      AscendC::Reg::Duplicate(d, one, m8);
// CHECK-NEXT: AscendC::Reg::StoreAlign(q + c0, d, m8);
// CHECK:      static constexpr AscendC::Reg::CastTrait w_trait = {AscendC::Reg::RegLayout::ZERO, AscendC::Reg::SatMode::SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_NONE};
// CHECK-NEXT: AscendC::Reg::Cast<bfloat16_t, fp4x2_e2m1_t, w_trait>(w, x, m16);
// CHECK:      static constexpr AscendC::Reg::CastTrait n_trait = {AscendC::Reg::RegLayout::TWO, AscendC::Reg::SatMode::SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_CEIL};
// CHECK-NEXT: AscendC::Reg::Cast<fp4x2_e1m2_t, bfloat16_t, n_trait>(n, w, m16);
// CHECK-NEXT: AscendC::Reg::StoreAlign(r + c0, n, m8);
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @vf(%q: memref<?xf4E2M1FN, 26 : i64>, %r: memref<?x!ascendc.float4_e1m2, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %one = ascendc.float_constant {value = 1.5 : f64} : f4E2M1FN
    %m8 = ascendc.reg.create_mask {dtype = f4E2M1FN, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %x = ascendc.reg.load_align %q, %c0 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    %d = ascendc.reg.duplicate %one, %m8 : f4E2M1FN, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %q, %c0, %d, %m8 : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %m16 = ascendc.reg.create_mask {dtype = bf16, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %w = ascendc.reg.cast %x, %m16 {roundMode = 0 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<bf16>
    %n = ascendc.reg.cast %w, %m16 {roundMode = 3 : i32, sat = 1 : i32, layout = 2 : i32} : !ascendc.reg_tensor<bf16>, !ascendc.mask_reg -> !ascendc.reg_tensor<!ascendc.float4_e1m2>
    ascendc.reg.store_align %r, %c0, %n, %m8 : memref<?x!ascendc.float4_e1m2, 26 : i64>, i32, !ascendc.reg_tensor<!ascendc.float4_e1m2>, !ascendc.mask_reg
    func.return
  }

  // IR-LABEL: func.func @fill
  // IR:       %e = ascendc.float_constant {value = -5.000000e-01 : f64} : !ascendc.float4_e1m2
  // IR:       ascendc.duplicate_l2 %ql, %h, %n : !ascendc.local_tensor<*xf4E2M1FN>, f4E2M1FN, i32
  // IR:       ascendc.duplicate_l2 %rl, %e, %n : !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.float4_e1m2, i32

  // CHECK-LABEL: void fill(AscendC::LocalTensor<fp4x2_e2m1_t> ql, AscendC::LocalTensor<fp4x2_e1m2_t> rl, int32_t n) {
  // CHECK:      fp4x2_e2m1_t h;  // (-6.0, -6.0)
  // CHECK-NEXT: reinterpret_cast<uint8_t&>(h) = 0xFFU;
  // CHECK-NEXT: fp4x2_e1m2_t e;  // (-0.5, -0.5)
  // CHECK-NEXT: reinterpret_cast<uint8_t&>(e) = 0xAAU;
  // CHECK-NEXT: AscendC::Duplicate(ql, h, n);
  // CHECK-NEXT: AscendC::Duplicate(rl, e, n);
  func.func @fill(%ql: !ascendc.local_tensor<*xf4E2M1FN>, %rl: !ascendc.local_tensor<*x!ascendc.float4_e1m2>, %n: i32) {
    %h = ascendc.float_constant {value = -6.0 : f64} : f4E2M1FN
    %e = ascendc.float_constant {value = -0.5 : f64} : !ascendc.float4_e1m2
    ascendc.duplicate_l2 %ql, %h, %n : !ascendc.local_tensor<*xf4E2M1FN>, f4E2M1FN, i32
    ascendc.duplicate_l2 %rl, %e, %n : !ascendc.local_tensor<*x!ascendc.float4_e1m2>, !ascendc.float4_e1m2, i32
    func.return
  }
}
