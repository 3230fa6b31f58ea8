// The Reg layer's Gather / Scatter through UB of 8-bit data (Ascend 950, dav_3510's
// sizeof(T1) == 1 branches): a b8 source (int8, uint8, an 8- or 4-bit float) gathered into
// a register of 16-bit elements by a uint16 index, and a b8 register scattered (its even
// bytes) by one. Round trip and Ascend C (header-checked for 3510 by
// tests/unit/test_headers.py); numerics and refusals in tests/unit/test_950_gatherb8_s10.py.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @gb8_vf
// IR:       %g0 = ascendc.reg.gather %x, %idx, %full : memref<?xi8, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<i16>
// IR-NEXT:  %g1 = ascendc.reg.gather %u, %idx, %full : memref<?xui8, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
// IR-NEXT:  %g2 = ascendc.reg.gather %q, %idx, %full : memref<?xf8E4M3FN, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>
// IR-NEXT:  %g3 = ascendc.reg.gather %f, %idx, %full : memref<?xf4E2M1FN, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<bf16>
// IR-NEXT:  %g4 = ascendc.reg.gather %h, %idx, %full : memref<?x!ascendc.hifloat8, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
// IR:       ascendc.reg.scatter %x, %a, %idx, %m8 : memref<?xi8, 26 : i64>, !ascendc.reg_tensor<i8>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg
// IR-NEXT:  ascendc.reg.scatter %u, %d, %idx, %m8 : memref<?xui8, 26 : i64>, !ascendc.reg_tensor<ui8>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg
// IR-NEXT:  ascendc.reg.scatter %q, %b, %idx, %m8 : memref<?xf8E4M3FN, 26 : i64>, !ascendc.reg_tensor<f8E4M3FN>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg
// IR-NEXT:  ascendc.reg.scatter %f, %c, %idx, %m8 : memref<?xf4E2M1FN, 26 : i64>, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg

// CHECK-LABEL: __simd_vf__ inline void gb8_vf(__ubuf__ int8_t* x, __ubuf__ fp8_e4m3fn_t* q, __ubuf__ fp4x2_e2m1_t* f, __ubuf__ uint8_t* u, __ubuf__ hifloat8_t* h, __ubuf__ uint16_t* w, __ubuf__ int16_t* z) {
// CHECK:      AscendC::Reg::RegTensor<int16_t> g0;
// CHECK:      AscendC::Reg::Gather(g0, x, idx, full);
// CHECK:      AscendC::Reg::Gather(g1, u, idx, full);
// CHECK:      AscendC::Reg::Gather(g2, q, idx, full);
// CHECK:      AscendC::Reg::Gather(g3, f, idx, full);
// CHECK:      AscendC::Reg::Gather(g4, h, idx, full);
// CHECK:      AscendC::Reg::Scatter(x, a, idx, m8);
// CHECK-NEXT: AscendC::Reg::Scatter(u, d, idx, m8);
// CHECK-NEXT: AscendC::Reg::Scatter(q, b, idx, m8);
// CHECK-NEXT: AscendC::Reg::Scatter(f, c, idx, m8);
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @gb8_vf(%x: memref<?xi8, 26 : i64>, %q: memref<?xf8E4M3FN, 26 : i64>, %f: memref<?xf4E2M1FN, 26 : i64>, %u: memref<?xui8, 26 : i64>, %h: memref<?x!ascendc.hifloat8, 26 : i64>, %w: memref<?xui16, 26 : i64>, %z: memref<?xi16, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %full = ascendc.reg.create_mask {dtype = i16, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %m8 = ascendc.reg.create_mask {dtype = i8, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %idx = ascendc.reg.load_align %w, %c0 : memref<?xui16, 26 : i64>, i32 -> !ascendc.reg_tensor<ui16>
    %g0 = ascendc.reg.gather %x, %idx, %full : memref<?xi8, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<i16>
    %g1 = ascendc.reg.gather %u, %idx, %full : memref<?xui8, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
    %g2 = ascendc.reg.gather %q, %idx, %full : memref<?xf8E4M3FN, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>
    %g3 = ascendc.reg.gather %f, %idx, %full : memref<?xf4E2M1FN, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<bf16>
    %g4 = ascendc.reg.gather %h, %idx, %full : memref<?x!ascendc.hifloat8, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
    ascendc.reg.store_align %z, %c0, %g0, %full : memref<?xi16, 26 : i64>, i32, !ascendc.reg_tensor<i16>, !ascendc.mask_reg
    %a = ascendc.reg.load_align %x, %c0 : memref<?xi8, 26 : i64>, i32 -> !ascendc.reg_tensor<i8>
    %b = ascendc.reg.load_align %q, %c0 : memref<?xf8E4M3FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f8E4M3FN>
    %c = ascendc.reg.load_align %f, %c0 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    %d = ascendc.reg.load_align %u, %c0 : memref<?xui8, 26 : i64>, i32 -> !ascendc.reg_tensor<ui8>
    ascendc.reg.scatter %x, %a, %idx, %m8 : memref<?xi8, 26 : i64>, !ascendc.reg_tensor<i8>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg
    ascendc.reg.scatter %u, %d, %idx, %m8 : memref<?xui8, 26 : i64>, !ascendc.reg_tensor<ui8>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg
    ascendc.reg.scatter %q, %b, %idx, %m8 : memref<?xf8E4M3FN, 26 : i64>, !ascendc.reg_tensor<f8E4M3FN>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg
    ascendc.reg.scatter %f, %c, %idx, %m8 : memref<?xf4E2M1FN, 26 : i64>, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg
    func.return
  }
}
