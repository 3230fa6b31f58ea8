// Issue 30's fourth round of Reg forms (Ascend 950): the 4-bit floats in the Reg ops whose
// dav_3510 code has a b8 branch they reach (Duplicate of a register and the maskless one,
// Interleave / DeInterleave, Gather of a register, GatherB, CreateAddrReg, the loads and
// stores in each address form, DINTLV_B8 / INTLV_B8 and the b8 dist modes), and the
// two-register LoadAlign / StoreAlign of int64 registers with DIST_DINTLV_B32 /
// DIST_INTLV_B32 (32-bit words). Round trip and Ascend C (header-checked for 3510 by
// tests/unit/test_headers.py); numerics and refusals in tests/unit/test_950_forms4_s10.py.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @fp4_vf
// IR:       ascendc.reg.duplicate_reg %a, %{{.*}} : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>
// IR:       ascendc.reg.duplicate_unmasked %{{.*}} : f4E2M1FN -> !ascendc.reg_tensor<f4E2M1FN>
// IR:       %i0, %i1 = ascendc.reg.interleave %a, %b
// IR:       ascendc.reg.gather_reg %a, %{{.*}} : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<ui8> -> !ascendc.reg_tensor<f4E2M1FN>
// IR:       ascendc.reg.gather_b %x, %{{.*}}, %full : memref<?xf4E2M1FN, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>
// IR:       %e0, %e1 = ascendc.reg.load_align_dintlv %x, %{{.*}} {dist = 11 : i32}
// IR:       ascendc.reg.store_unalign_update %z13, %r, %us
// IR:       ascendc.reg.create_addr_reg(%i, %{{.*}} : i32, i32) {dtype = f4E2M1FN}
// IR-LABEL: func.func @dual64_vf
// IR:       %a, %b = ascendc.reg.load_align_dintlv %x, %{{.*}} {dist = 19 : i32} : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<i64>
// IR:       ascendc.reg.store_align_intlv_areg %z, %k, %e1, %e0, %full {dist = 11 : i32}

// CHECK-LABEL: __simd_vf__ inline void fp4_vf(__ubuf__ fp4x2_e2m1_t* x, __ubuf__ uint8_t* y, __ubuf__ uint32_t* w, __ubuf__ fp4x2_e2m1_t* z) {
// CHECK:      reinterpret_cast<uint8_t&>([[C:.*]]) = 0xBBU;
// CHECK:      AscendC::Reg::Duplicate(v2, a, v1);
// CHECK:      AscendC::Reg::Duplicate(v3, [[C]]);
// CHECK:      AscendC::Reg::Interleave<fp4x2_e2m1_t>(i0, i1, a, b);
// CHECK:      AscendC::Reg::DeInterleave<fp4x2_e2m1_t>(d0, d1, a, b);
// CHECK:      AscendC::Reg::Gather<fp4x2_e2m1_t, uint8_t>(v5, a, v4);
// CHECK:      AscendC::Reg::GatherB(v7, x, v6, full);
// CHECK:      AscendC::Reg::LoadAlign<fp4x2_e2m1_t, AscendC::Reg::LoadDist::DIST_DINTLV_B8>(e0, e1, x + c0_i32);
// CHECK:      AscendC::Reg::StoreAlign<fp4x2_e2m1_t, AscendC::Reg::StoreDist::DIST_INTLV_B8>(z + c2560_i32, b, a, full);
// CHECK:      AscendC::Reg::LoadAlign<fp4x2_e2m1_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(c, xp, static_cast<int32_t>(c0_i32));
// CHECK:      AscendC::Reg::StoreAlign<fp4x2_e2m1_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(zp, c, static_cast<int32_t>(c256_i32), full);
// CHECK:      AscendC::Reg::LoadUnAlignPre(u, x3);
// CHECK:      AscendC::Reg::StoreUnAlign<fp4x2_e2m1_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(z13, r, us, c7_i32);
// CHECK:      AscendC::Reg::StoreUnAlignPost<fp4x2_e2m1_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(p, us, c0_i32);
// CHECK:      AscendC::Reg::LoadAlign<fp4x2_e2m1_t, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY>(v8, x + c0_i32, static_cast<uint32_t>(c2_i32), full);
// CHECK:      AscendC::Reg::LoadAlign<fp4x2_e2m1_t, AscendC::Reg::LoadDist::DIST_BRC_B8>(brc, x + c5_i32);
// CHECK:      AscendC::Reg::StoreAlign<fp4x2_e2m1_t, AscendC::Reg::StoreDist::DIST_FIRST_ELEMENT_B8>(z + c4609_i32, brc, full);
// CHECK:      AscendC::Reg::LoadAlign<fp4x2_e2m1_t, AscendC::Reg::LoadDist::DIST_DS_B8>(v9, x + c0_i32);
// CHECK:      AscendC::Reg::AddrReg k = AscendC::Reg::CreateAddrReg<fp4x2_e2m1_t>(static_cast<uint16_t>(i), static_cast<uint32_t>(c1024_i32));
// CHECK-NEXT: AscendC::Reg::StoreAlign<fp4x2_e2m1_t, AscendC::Reg::StoreDist::DIST_INTLV_B8>(z, a, b, k, full);

// CHECK-LABEL: __simd_vf__ inline void dual64_vf(__ubuf__ int64_t* x, __ubuf__ int64_t* y, __ubuf__ int64_t* z, int32_t n) {
// CHECK:      AscendC::Reg::LoadAlign<int64_t, AscendC::Reg::LoadDist::DIST_DINTLV_B32>(a, b, x + c0_i32);
// CHECK:      AscendC::Reg::StoreAlign<int64_t, AscendC::Reg::StoreDist::DIST_INTLV_B32>(z + c64_i32, a, b, full);
// CHECK:      AscendC::Reg::LoadAlign<int64_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE, AscendC::Reg::LoadDist::DIST_DINTLV_B32>(c, d, xp, static_cast<int32_t>(c0_i32));
// CHECK:      AscendC::Reg::LoadAlign<int64_t, AscendC::Reg::LoadDist::DIST_DINTLV_B32>(e0, e1, x, k);
// CHECK-NEXT: AscendC::Reg::StoreAlign<int64_t, AscendC::Reg::StoreDist::DIST_INTLV_B32>(z, e1, e0, k, full);
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @fp4_vf(%x: memref<?xf4E2M1FN, 26 : i64>, %y: memref<?xui8, 26 : i64>, %w: memref<?xui32, 26 : i64>, %z: memref<?xf4E2M1FN, 26 : i64>) attributes {ascendc.vf} {
    %0 = arith.constant 0 : i32
    %1 = arith.constant 256 : i32
    %2 = ascendc.float_constant {value = -1.500000e+00 : f64} : f4E2M1FN
    %3 = arith.constant 512 : i32
    %4 = arith.constant 768 : i32
    %5 = arith.constant 1024 : i32
    %6 = arith.constant 1280 : i32
    %7 = arith.constant 1536 : i32
    %8 = arith.constant 1792 : i32
    %9 = arith.constant 2048 : i32
    %10 = arith.constant 2304 : i32
    %11 = arith.constant 2560 : i32
    %12 = arith.constant 3072 : i32
    %13 = arith.constant 3333 : i32
    %14 = arith.constant 3 : i32
    %15 = arith.constant 7 : i32
    %16 = arith.constant 2 : i32
    %17 = arith.constant 1 : i32
    %18 = arith.constant 250 : i32
    %19 = arith.constant 4096 : i32
    %20 = arith.constant 5 : i32
    %21 = arith.constant 4352 : i32
    %22 = arith.constant 4609 : i32
    %23 = arith.constant 4864 : i32
    %24 = arith.constant 6 : i32
    %full = ascendc.reg.create_mask {dtype = f4E2M1FN, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %x, %0 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    %b = ascendc.reg.load_align %x, %1 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    %25 = ascendc.reg.create_mask {dtype = f4E2M1FN, pattern = 6 : i32} : () -> !ascendc.mask_reg
    %26 = ascendc.reg.duplicate_reg %a, %25 : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %0, %26, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %27 = ascendc.reg.duplicate_unmasked %2 : f4E2M1FN -> !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %1, %27, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %i0, %i1 = ascendc.reg.interleave %a, %b : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN> -> !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %3, %i0, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %4, %i1, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %d0, %d1 = ascendc.reg.deinterleave %a, %b : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN> -> !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %5, %d0, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %6, %d1, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %28 = ascendc.reg.load_align %y, %0 : memref<?xui8, 26 : i64>, i32 -> !ascendc.reg_tensor<ui8>
    %29 = ascendc.reg.gather_reg %a, %28 : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<ui8> -> !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %7, %29, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %30 = ascendc.reg.load_align %w, %0 : memref<?xui32, 26 : i64>, i32 -> !ascendc.reg_tensor<ui32>
    %31 = ascendc.reg.gather_b %x, %30, %full : memref<?xf4E2M1FN, 26 : i64>, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %8, %31, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %e0, %e1 = ascendc.reg.load_align_dintlv %x, %0 {dist = 11 : i32} : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %9, %e0, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %10, %e1, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    ascendc.reg.store_align_intlv %z, %11, %b, %a, %full {dist = 8 : i32} : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %_, %xp = ascendc.reg.load_align_post %x, %4 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>, memref<?xf4E2M1FN, 26 : i64>
    %c, %__1 = ascendc.reg.load_align_post %xp, %0 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>, memref<?xf4E2M1FN, 26 : i64>
    %__2, %zp = ascendc.reg.load_align_post %z, %12 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>, memref<?xf4E2M1FN, 26 : i64>
    %__3, %z13 = ascendc.reg.load_align_post %z, %13 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>, memref<?xf4E2M1FN, 26 : i64>
    %__4, %x3 = ascendc.reg.load_align_post %x, %14 : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>, memref<?xf4E2M1FN, 26 : i64>
    %32 = ascendc.reg.store_align_post %zp, %1, %c, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg -> memref<?xf4E2M1FN, 26 : i64>
    %us = ascendc.reg.unalign_reg_for_store : () -> !ascendc.unalign_reg_store
    %u = ascendc.reg.load_unalign_pre %x3 : memref<?xf4E2M1FN, 26 : i64> -> !ascendc.unalign_reg_load
    %r, %u_1, %q = ascendc.reg.load_unalign_post %u, %x3, %15 : !ascendc.unalign_reg_load, memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>, !ascendc.unalign_reg_load, memref<?xf4E2M1FN, 26 : i64>
    %p = ascendc.reg.store_unalign_update %z13, %r, %us, %15 : memref<?xf4E2M1FN, 26 : i64>, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.unalign_reg_store, i32 -> memref<?xf4E2M1FN, 26 : i64>
    %r_1, %u_2, %q_1, %p_1 = scf.for %_i = %0 to %16 step %17 iter_args(%r_2 = %r, %u_3 = %u_1, %q_2 = %q, %p_2 = %p) -> (!ascendc.reg_tensor<f4E2M1FN>, !ascendc.unalign_reg_load, memref<?xf4E2M1FN, 26 : i64>, memref<?xf4E2M1FN, 26 : i64>) : i32 {
      %r_3, %u_4, %q_3 = ascendc.reg.load_unalign_post %u_3, %q_2, %18 : !ascendc.unalign_reg_load, memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>, !ascendc.unalign_reg_load, memref<?xf4E2M1FN, 26 : i64>
      %p_3 = ascendc.reg.store_unalign_update %p_2, %r_3, %us, %18 : memref<?xf4E2M1FN, 26 : i64>, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.unalign_reg_store, i32 -> memref<?xf4E2M1FN, 26 : i64>
      scf.yield %r_3, %u_4, %q_3, %p_3 : !ascendc.reg_tensor<f4E2M1FN>, !ascendc.unalign_reg_load, memref<?xf4E2M1FN, 26 : i64>, memref<?xf4E2M1FN, 26 : i64>
    }
    %33 = ascendc.reg.store_unalign_post_update %p_1, %us, %0 : memref<?xf4E2M1FN, 26 : i64>, !ascendc.unalign_reg_store, i32 -> memref<?xf4E2M1FN, 26 : i64>
    %34 = ascendc.reg.load_align_block %x, %0, %16, %full : memref<?xf4E2M1FN, 26 : i64>, i32, i32, !ascendc.mask_reg -> !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %19, %34, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %brc = ascendc.reg.load_align %x, %20 {dist = 1 : i32} : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %21, %brc, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %22, %brc, %full {dist = 3 : i32} : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    %35 = ascendc.reg.load_align %x, %0 {dist = 8 : i32} : memref<?xf4E2M1FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f4E2M1FN>
    ascendc.reg.store_align %z, %23, %35, %full : memref<?xf4E2M1FN, 26 : i64>, i32, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    scf.for %i = %20 to %24 step %17 : i32 {
      %k = ascendc.reg.create_addr_reg(%i, %5 : i32, i32) {dtype = f4E2M1FN} : () -> !ascendc.addr_reg
      ascendc.reg.store_align_intlv_areg %z, %k, %a, %b, %full {dist = 8 : i32} : memref<?xf4E2M1FN, 26 : i64>, !ascendc.addr_reg, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.reg_tensor<f4E2M1FN>, !ascendc.mask_reg
    }
    func.return
  }

  func.func @dual64_vf(%x: memref<?xi64, 26 : i64>, %y: memref<?xi64, 26 : i64>, %z: memref<?xi64, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %0 = arith.constant 0 : i32
    %1 = arith.constant 32 : i32
    %2 = arith.constant 64 : i32
    %3 = arith.constant 128 : i32
    %4 = arith.constant 192 : i32
    %5 = arith.constant 224 : i32
    %6 = arith.constant 4 : i32
    %7 = arith.constant 5 : i32
    %8 = arith.constant 1 : i32
    %full = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %a, %b = ascendc.reg.load_align_dintlv %x, %0 {dist = 19 : i32} : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<i64>
    ascendc.reg.store_align %z, %0, %a, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %1, %b, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    ascendc.reg.store_align_intlv %z, %2, %a, %b, %full {dist = 11 : i32} : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    ascendc.reg.store_align_intlv %z, %3, %b, %a, %full {dist = 11 : i32} : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    %_, %xp = ascendc.reg.load_align_post %x, %2 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64>, memref<?xi64, 26 : i64>
    %c, %d, %__1 = ascendc.reg.load_align_dintlv_post %xp, %0 {dist = 19 : i32} : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<i64>, memref<?xi64, 26 : i64>
    ascendc.reg.store_align %z, %4, %c, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    ascendc.reg.store_align %z, %5, %d, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    scf.for %i = %6 to %7 step %8 : i32 {
      %k = ascendc.reg.create_addr_reg(%i, %2 : i32, i32) {dtype = i64} : () -> !ascendc.addr_reg
      %e0, %e1 = ascendc.reg.load_align_dintlv_areg %x, %k {dist = 19 : i32} : memref<?xi64, 26 : i64>, !ascendc.addr_reg -> !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<i64>
      ascendc.reg.store_align_intlv_areg %z, %k, %e1, %e0, %full {dist = 11 : i32} : memref<?xi64, 26 : i64>, !ascendc.addr_reg, !ascendc.reg_tensor<i64>, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    }
    func.return
  }
}
