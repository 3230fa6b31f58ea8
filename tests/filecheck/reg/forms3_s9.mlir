// Issue 30's third round of Reg forms as the 3510 headers take them
// (tools/check_headers.py --arch 3510 compiles this file: tests/unit/test_headers.py):
// RegTraitNumTwo pairs in ShiftLeft / ShiftRight, MulAddDst, Axpy, Interleave /
// DeInterleave, StoreUnAlign, Store, Duplicate of a register and Cast MERGING (int32 ->
// int64); Gather / Scatter of int64 with uint32 and uint64 indices (one register or
// pairs); the 64-bit PostUpdate, unaligned-stream and AddrReg forms (pairs where the
// header has them); the Cast pairs with uint16 / uint32 (MERGING too).
// RUN: asc-opt %s -t ascendc | filecheck %s
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR

// IR-LABEL: builtin.module
// IR-DAG: ascendc.reg.shift_left %a, %k, %m : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>
// IR-DAG: ascendc.reg.mul_add_dst %a, %b, %b, %m : !ascendc.reg_tensor<i64, 2>
// IR-DAG: ascendc.reg.axpy %sl, %b, %c3, %m : !ascendc.reg_tensor<i64, 2>
// IR-DAG: ascendc.reg.interleave %a, %b : !ascendc.reg_tensor<i64, 2>
// IR-DAG: ascendc.reg.store_unalign %z, %c3i, %a, %n : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, i32
// IR-DAG: ascendc.reg.gather %x, %w, %full : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<ui64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
// IR-DAG: ascendc.reg.scatter %z, %g1, %w, %half : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<ui64, 2>
// IR-DAG: ascendc.reg.cast %r, %m {roundMode = 1 : i32, sat = 0 : i32, layout = 1 : i32} : !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __simd_vf__ inline void pairs(__ubuf__ int64_t* x, __ubuf__ int64_t* z, int32_t n) {
  // CHECK:      AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo> a;
  // CHECK:      AscendC::Reg::ShiftLeft(sl, a, k, m);
  // CHECK:      AscendC::Reg::ShiftRight(sr, a, k, m);
  // CHECK:      AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo> ma = a;
  // CHECK-NEXT: AscendC::Reg::MulAddDst(ma, b, b, m);
  // CHECK:      AscendC::Reg::Axpy(sl, b, c3, m);
  // CHECK:      AscendC::Reg::Interleave<int64_t>(i0, i1, a, b);
  // CHECK:      AscendC::Reg::DeInterleave<int64_t>(d0, d1, a, b);
  // CHECK:      AscendC::Reg::StoreUnAlign(a_dst, a, a_ureg, static_cast<uint32_t>(n));
  // CHECK:      AscendC::Reg::Store(z + c0, b, c64);
  // CHECK:      AscendC::Reg::Duplicate(dp, b, m);
  // CHECK:      AscendC::Reg::Cast<int32_t, int64_t, w_trait>(w, a, full);
  // CHECK:      AscendC::Reg::MaskMergeMode::MERGING, AscendC::RoundMode::CAST_RINT};
  // CHECK-NEXT: AscendC::Reg::Cast<int64_t, int32_t, {{.*}}>({{.*}}, w, m);
  func.func @pairs(%x: memref<?xi64, 26 : i64>, %z: memref<?xi64, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c3i = arith.constant 3 : i32
    %c64 = arith.constant 64 : i32
    %c3 = arith.constant 3 : i64
    %m, %left = ascendc.reg.update_mask %n {dtype = i64, trait = 2 : i32} : i32 -> !ascendc.mask_reg, i32
    %full = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %x, %c0 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>
    %b = ascendc.reg.load_align %x, %c64 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>
    %k = ascendc.reg.load_align %z, %c0 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>
    %sl = ascendc.reg.shift_left %a, %k, %m : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %sr = ascendc.reg.shift_right %a, %k, %m : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %ma = ascendc.reg.mul_add_dst %a, %b, %b, %m : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %ax = ascendc.reg.axpy %sl, %b, %c3, %m : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, i64, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %i0, %i1 = ascendc.reg.interleave %a, %b : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2> -> !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>
    %d0, %d1 = ascendc.reg.deinterleave %a, %b : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2> -> !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>
    ascendc.reg.store_align %z, %c0, %sr, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %ma, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %ax, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %i1, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %d0, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %i0, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %d1, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    ascendc.reg.store_unalign %z, %c3i, %a, %n : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, i32
    ascendc.reg.store %z, %c0, %b, %c64 : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, i32
    %dp = ascendc.reg.duplicate_reg %b, %m : !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    ascendc.reg.store_align %z, %c0, %dp, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    %w = ascendc.reg.cast %a, %full {roundMode = 1 : i32, sat = 0 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i32>
    %cm = ascendc.reg.cast_merging %dp, %w, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    ascendc.reg.store_align %z, %c0, %cm, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void gather64(__ubuf__ int64_t* x, __ubuf__ uint32_t* y, __ubuf__ int64_t* z) {
  // CHECK:      AscendC::Reg::Gather(g1, x, idx, half_);
  // CHECK:      AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo> g2;
  // CHECK-NEXT: AscendC::Reg::Gather(g2, x, idx, full);
  // CHECK:      AscendC::Reg::RegTensor<uint64_t, AscendC::Reg::RegTraitNumTwo> w;
  // CHECK:      AscendC::Reg::Gather(g3, x, w, full);
  // CHECK:      AscendC::Reg::Gather(g4, x, lo, half_);
  // CHECK:      AscendC::Reg::Gather(g5, x, w, half_);
  // CHECK:      AscendC::Reg::Scatter(z, g2, idx, full);
  // CHECK:      AscendC::Reg::Scatter(z, g1, w, half_);
  // CHECK:      AscendC::Reg::Scatter(z, g3, w, full);
  // CHECK:      AscendC::Reg::Scatter(z, g4, lo, half_);
  func.func @gather64(%x: memref<?xi64, 26 : i64>, %y: memref<?xui32, 26 : i64>, %z: memref<?xi64, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %half = ascendc.reg.create_mask {dtype = i64, pattern = 12 : i32} : () -> !ascendc.mask_reg
    %full = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %idx = ascendc.reg.load_align %y, %c0 : memref<?xui32, 26 : i64>, i32 -> !ascendc.reg_tensor<ui32>
    %g1 = ascendc.reg.gather %x, %idx, %half : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64>
    %g2 = ascendc.reg.gather %x, %idx, %full : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %w = ascendc.reg.unpack %idx {part = 0 : i32} : !ascendc.reg_tensor<ui32> -> !ascendc.reg_tensor<ui64, 2>
    %g3 = ascendc.reg.gather %x, %w, %full : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<ui64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %lo = ascendc.reg.unpack %idx {part = 0 : i32} : !ascendc.reg_tensor<ui32> -> !ascendc.reg_tensor<ui64>
    %g4 = ascendc.reg.gather %x, %lo, %half : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<ui64>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64>
    %g5 = ascendc.reg.gather %x, %w, %half : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<ui64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64>
    ascendc.reg.scatter %z, %g2, %idx, %full : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg
    ascendc.reg.scatter %z, %g1, %w, %half : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<ui64, 2>, !ascendc.mask_reg
    ascendc.reg.scatter %z, %g3, %w, %full : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<ui64, 2>, !ascendc.mask_reg
    ascendc.reg.scatter %z, %g4, %lo, %half : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<ui64>, !ascendc.mask_reg
    ascendc.reg.scatter %z, %g5, %idx, %half : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void post64(__ubuf__ int64_t* x, __ubuf__ int64_t* z) {
  // CHECK:      AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo> a;
  // CHECK-NEXT: __ubuf__ int64_t* x1 = x;
  // CHECK-NEXT: AscendC::Reg::LoadAlign<int64_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(a, x1, static_cast<int32_t>(c64));
  // CHECK:      AscendC::Reg::LoadAlign<int64_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(b, x1, static_cast<int32_t>(c32));
  // CHECK:      AscendC::Reg::StoreAlign<int64_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(z1, a, static_cast<int32_t>(c16), m);
  // CHECK-NEXT: AscendC::Reg::StoreAlign<int64_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(z1, b, static_cast<int32_t>(c32), one);
  // CHECK:      AscendC::Reg::LoadUnAlignPre(u, x1);
  // CHECK:      AscendC::Reg::LoadUnAlign(c, u, x3, static_cast<uint32_t>(c64));
  // CHECK:      AscendC::Reg::AddrReg k = AscendC::Reg::CreateAddrReg<int64_t>(
  // CHECK:      AscendC::Reg::LoadAlign(d, x, k);
  // CHECK-NEXT: AscendC::Reg::StoreAlign(z, d, k, one);
  func.func @post64(%x: memref<?xi64, 26 : i64>, %z: memref<?xi64, 26 : i64>) attributes {ascendc.vf} {
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    %m = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %one = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %a, %x1 = ascendc.reg.load_align_post %x, %c64 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>, memref<?xi64, 26 : i64>
    %b, %x2 = ascendc.reg.load_align_post %x1, %c32 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64>, memref<?xi64, 26 : i64>
    %z1 = ascendc.reg.store_align_post %z, %c16, %a, %m : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> memref<?xi64, 26 : i64>
    %z2 = ascendc.reg.store_align_post %z1, %c32, %b, %one : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64>, !ascendc.mask_reg -> memref<?xi64, 26 : i64>
    %u = ascendc.reg.load_unalign_pre %x2 : memref<?xi64, 26 : i64> -> !ascendc.unalign_reg_load
    %c, %u1, %x3 = ascendc.reg.load_unalign_post %u, %x2, %c64 : !ascendc.unalign_reg_load, memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>, !ascendc.unalign_reg_load, memref<?xi64, 26 : i64>
    ascendc.reg.store_align %z2, %c16, %c, %m : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    scf.for %i = %c0 to %c2 step %c1 : i32 {
      %k = ascendc.reg.create_addr_reg(%i, %c32 : i32, i32) {dtype = i64} : () -> !ascendc.addr_reg
      %d = ascendc.reg.load_align_areg %x, %k : memref<?xi64, 26 : i64>, !ascendc.addr_reg -> !ascendc.reg_tensor<i64>
      ascendc.reg.store_align_areg %z, %k, %d, %one : memref<?xi64, 26 : i64>, !ascendc.addr_reg, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    }
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void casts(__ubuf__ uint32_t* x, __ubuf__ int32_t* y, __ubuf__ uint32_t* z) {
  // CHECK:      static constexpr AscendC::Reg::CastTrait h_trait = {AscendC::Reg::RegLayout::ONE, AscendC::Reg::SatMode::NO_SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_RINT};
  // CHECK-NEXT: AscendC::Reg::Cast<uint16_t, uint32_t, h_trait>(h, r, m);
  // CHECK:      AscendC::Reg::Cast<uint32_t, uint16_t, w1_trait>(w1, h, m);
  // CHECK:      AscendC::Reg::Cast<int16_t, uint32_t, s_trait>(s, r, m);
  // CHECK:      AscendC::Reg::Cast<uint32_t, int16_t, w2_trait>(w2, s, m);
  // CHECK:      AscendC::Reg::Cast<uint16_t, int32_t, t_trait>(t, ri, m);
  // CHECK:      AscendC::Reg::Cast<uint8_t, uint32_t, b_trait>(b, r, m);
  // CHECK:      AscendC::Reg::Cast<uint32_t, uint8_t, w3_trait>(w3, b, m);
  // CHECK:      AscendC::Reg::Cast<uint8_t, uint16_t, c_trait>(c, h, m);
  // CHECK:      AscendC::Reg::Cast<uint16_t, uint8_t, w4_trait>(w4, c, m);
  // CHECK:      AscendC::RoundMode::CAST_FLOOR};
  // CHECK-NEXT: AscendC::Reg::Cast<float, int32_t, f_trait>(f, ri, m);
  // CHECK:      AscendC::Reg::MaskMergeMode::MERGING, AscendC::RoundMode::CAST_RINT};
  // CHECK-NEXT: AscendC::Reg::Cast<uint32_t, uint16_t, {{.*}}>(mg, h, m);
  func.func @casts(%x: memref<?xui32, 26 : i64>, %y: memref<?xi32, 26 : i64>, %z: memref<?xui32, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {dtype = ui32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %r = ascendc.reg.load_align %x, %c0 : memref<?xui32, 26 : i64>, i32 -> !ascendc.reg_tensor<ui32>
    %ri = ascendc.reg.load_align %y, %c0 : memref<?xi32, 26 : i64>, i32 -> !ascendc.reg_tensor<i32>
    %h = ascendc.reg.cast %r, %m {roundMode = 1 : i32, sat = 0 : i32, layout = 1 : i32} : !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
    %w1 = ascendc.reg.cast %h, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 1 : i32} : !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui32>
    %s = ascendc.reg.cast %r, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i16>
    %w2 = ascendc.reg.cast %s, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui32>
    %t = ascendc.reg.cast %ri, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i32>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
    %b = ascendc.reg.cast %r, %m {roundMode = 1 : i32, sat = 0 : i32, layout = 3 : i32} : !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui8>
    %w3 = ascendc.reg.cast %b, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 3 : i32} : !ascendc.reg_tensor<ui8>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui32>
    %c = ascendc.reg.cast %h, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui8>
    %w4 = ascendc.reg.cast %c, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<ui8>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui16>
    %f = ascendc.reg.cast %ri, %m {roundMode = 2 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %mg = ascendc.reg.cast_merging %r, %h, %m {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<ui32>, !ascendc.reg_tensor<ui16>, !ascendc.mask_reg -> !ascendc.reg_tensor<ui32>
    ascendc.reg.store_align %z, %c0, %mg, %m : memref<?xui32, 26 : i64>, i32, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %w1, %m : memref<?xui32, 26 : i64>, i32, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %w2, %m : memref<?xui32, 26 : i64>, i32, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %c0, %w3, %m : memref<?xui32, 26 : i64>, i32, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg
    func.return
  }
}
