// The Reg layer's Gather through UB of a 16-, 32- or 64-bit source into a register of
// another type of the same size (Ascend 950: dav_3510's DataCopyGatherImpl checks only
// the sizes and the index type; the bits move unchanged). Round trip and Ascend C
// (header-checked for 3510 by tests/unit/test_headers.py); numerics and refusals in
// tests/unit/test_950_gathertypes_s10.py.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @gt_vf
// IR:       %g0 = ascendc.reg.gather %s, %i16, %m16 : memref<?xi16, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>
// IR-NEXT:  %g1 = ascendc.reg.gather %h, %i16, %m16 : memref<?xf16, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<bf16>
// IR-NEXT:  %g2 = ascendc.reg.gather %b, %i16, %m16 : memref<?xbf16, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
// IR-NEXT:  %g3 = ascendc.reg.gather %f, %i32, %m32 : memref<?xf32, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i32>
// IR-NEXT:  %g4 = ascendc.reg.gather %u, %i32, %m32 : memref<?xui32, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
// IR-NEXT:  %g5 = ascendc.reg.gather %q, %i32, %m64 : memref<?xui64, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64>

// CHECK-LABEL: __simd_vf__ inline void gt_vf(__ubuf__ int16_t* s, __ubuf__ half* h, __ubuf__ bfloat16_t* b, __ubuf__ float* f, __ubuf__ uint32_t* u, __ubuf__ uint64_t* q, __ubuf__ uint16_t* w, __ubuf__ uint32_t* w32) {
// CHECK:      AscendC::Reg::RegTensor<half> g0;
// CHECK:      AscendC::Reg::Gather(g0, s, i16, m16);
// CHECK:      AscendC::Reg::RegTensor<bfloat16_t> g1;
// CHECK:      AscendC::Reg::Gather(g1, h, i16, m16);
// CHECK:      AscendC::Reg::Gather(g2, b, i16, m16);
// CHECK:      AscendC::Reg::RegTensor<int32_t> g3;
// CHECK:      AscendC::Reg::Gather(g3, f, i32, m32);
// CHECK:      AscendC::Reg::Gather(g4, u, i32, m32);
// CHECK:      AscendC::Reg::RegTensor<int64_t> g5;
// CHECK:      AscendC::Reg::Gather(g5, q, i32, m64);
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @gt_vf(%s: memref<?xi16, 26 : i64>, %h: memref<?xf16, 26 : i64>, %b: memref<?xbf16, 26 : i64>, %f: memref<?xf32, 26 : i64>, %u: memref<?xui32, 26 : i64>, %q: memref<?xui64, 26 : i64>, %w: memref<?xui16, 26 : i64>, %w32: memref<?xui32, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %m16 = ascendc.reg.create_mask {dtype = i16, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %m32 = ascendc.reg.create_mask {dtype = i32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %m64 = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %i16 = ascendc.reg.load_align %w, %c0 : memref<?xui16, 26 : i64>, i32 -> !ascendc.reg_tensor<ui16>
    %i32 = ascendc.reg.load_align %w32, %c0 : memref<?xui32, 26 : i64>, i32 -> !ascendc.reg_tensor<ui32>
    %g0 = ascendc.reg.gather %s, %i16, %m16 : memref<?xi16, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>
    %g1 = ascendc.reg.gather %h, %i16, %m16 : memref<?xf16, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<bf16>
    %g2 = ascendc.reg.gather %b, %i16, %m16 : memref<?xbf16, 26 : i64>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
    %g3 = ascendc.reg.gather %f, %i32, %m32 : memref<?xf32, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i32>
    %g4 = ascendc.reg.gather %u, %i32, %m32 : memref<?xui32, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %g5 = ascendc.reg.gather %q, %i32, %m64 : memref<?xui64, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64>
    ascendc.reg.store_align %h, %c0, %g0, %m16 : memref<?xf16, 26 : i64>, i32, !ascendc.reg_tensor<f16>, !ascendc.mask_reg
    ascendc.reg.store_align %b, %c0, %g1, %m16 : memref<?xbf16, 26 : i64>, i32, !ascendc.reg_tensor<bf16>, !ascendc.mask_reg
    ascendc.reg.store_align %w, %c0, %g2, %m16 : memref<?xui16, 26 : i64>, i32, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg
    func.return
  }
}
