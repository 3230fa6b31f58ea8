// The Reg forms of issue 30 as the 3510 headers take them (tools/check_headers.py
// --arch 3510 compiles this file: tests/unit/test_headers.py): the PostUpdate unaligned
// store stream (StoreUnAlign / StoreUnAlignPost<T, POST_MODE_UPDATE>, the pointer
// advanced in place), a RegTraitNumTwo pair stored by it, the DataBlock copies'
// POST_MODE_NORMAL, the AddrReg unaligned load and store (vlda / vldu, vstu / vsta), the
// mask register's PostUpdate, AddrReg and unaligned copies, Cast with the CastTrait's
// MaskMergeMode::MERGING and Move (MERGING) into a kept register.
// RUN: asc-opt %s -t ascendc | filecheck %s
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR

// IR-LABEL: builtin.module
// IR-DAG: ascendc.reg.store_unalign_update 
// IR-DAG: ascendc.reg.store_unalign_post_update 
// IR-DAG: ascendc.reg.load_align_block_normal 
// IR-DAG: ascendc.reg.store_align_block_normal 
// IR-DAG: ascendc.reg.load_unalign_pre_areg 
// IR-DAG: ascendc.reg.load_unalign_areg 
// IR-DAG: ascendc.reg.store_unalign_areg 
// IR-DAG: ascendc.reg.store_unalign_post_areg 
// IR-DAG: ascendc.reg.load_mask_post 
// IR-DAG: ascendc.reg.store_mask_post 
// IR-DAG: ascendc.reg.load_mask_areg 
// IR-DAG: ascendc.reg.store_mask_areg 
// IR-DAG: ascendc.reg.store_mask_unalign 
// IR-DAG: ascendc.reg.cast_merging 
// IR-DAG: ascendc.reg.move_merging 
// IR-DAG: ascendc.subs_scalar_first_l2 
// IR-DAG: ascendc.divs_l2 

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __simd_vf__ inline void stream(__ubuf__ float* x, __ubuf__ float* z, int32_t n) {
  // CHECK:      AscendC::Reg::MaskReg m = AscendC::Reg::CreateMask<float, AscendC::Reg::MaskPattern::ALL>();
  // CHECK:      AscendC::Reg::LoadUnAlignPre(u, x);
  // CHECK:      __ubuf__ float* xi = x;
  // CHECK:      __ubuf__ float* zi = z;
  // CHECK:      AscendC::Reg::LoadUnAlign(q, ui, xi, static_cast<uint32_t>(c60));
  // CHECK:      AscendC::Reg::StoreUnAlign<float, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(zi, q, us, c60);
  // CHECK:      AscendC::Reg::StoreUnAlignPost<float, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(zi, us, c0);
  // CHECK:      AscendC::Reg::LoadAlign<float, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY, AscendC::Reg::PostLiteral::POST_MODE_NORMAL>(rb, x, c1, c8, m);
  // CHECK:      AscendC::Reg::StoreAlign<float, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY, AscendC::Reg::PostLiteral::POST_MODE_NORMAL>(z, rb, c1, c8, m);
  func.func @stream(%x: memref<?xf32, 26 : i64>, %z: memref<?xf32, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c60 = arith.constant 60 : i32
    %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %us = ascendc.reg.unalign_reg_for_store : () -> !ascendc.unalign_reg_store
    %u = ascendc.reg.load_unalign_pre %x : memref<?xf32, 26 : i64> -> !ascendc.unalign_reg_load
    %xe, %ue, %ze = scf.for %i = %c0 to %n step %c1 iter_args(%xi = %x, %ui = %u, %zi = %z) -> (memref<?xf32, 26 : i64>, !ascendc.unalign_reg_load, memref<?xf32, 26 : i64>) : i32 {
      %q, %u1, %x1 = ascendc.reg.load_unalign_post %ui, %xi, %c60 : !ascendc.unalign_reg_load, memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>, !ascendc.unalign_reg_load, memref<?xf32, 26 : i64>
      %z1 = ascendc.reg.store_unalign_update %zi, %q, %us, %c60 : memref<?xf32, 26 : i64>, !ascendc.reg_tensor<f32>, !ascendc.unalign_reg_store, i32 -> memref<?xf32, 26 : i64>
      scf.yield %x1, %u1, %z1 : memref<?xf32, 26 : i64>, !ascendc.unalign_reg_load, memref<?xf32, 26 : i64>
    }
    %zf = ascendc.reg.store_unalign_post_update %ze, %us, %c0 : memref<?xf32, 26 : i64>, !ascendc.unalign_reg_store, i32 -> memref<?xf32, 26 : i64>
    %rb = ascendc.reg.load_align_block_normal %x, %c1, %c8, %m : memref<?xf32, 26 : i64>, i32, i32, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    ascendc.reg.store_align_block_normal %z, %rb, %c1, %c8, %m : memref<?xf32, 26 : i64>, !ascendc.reg_tensor<f32>, i32, i32, !ascendc.mask_reg
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void areg(__ubuf__ half* x, __ubuf__ half* z, int32_t n) {
  // CHECK:      AscendC::Reg::AddrReg a = AscendC::Reg::CreateAddrReg<half>(static_cast<uint16_t>(i), static_cast<uint32_t>(c100));
  // CHECK:      AscendC::Reg::LoadUnAlignPre(u, x, a);
  // CHECK:      AscendC::Reg::LoadUnAlign(r, u, x, a, c0);
  // CHECK:      AscendC::Reg::StoreUnAlign(z, r, us, a);
  // CHECK:      AscendC::Reg::AddrReg a0 = AscendC::Reg::CreateAddrReg<half>(static_cast<uint16_t>(j), static_cast<uint32_t>(c100));
  // CHECK:      AscendC::Reg::StoreUnAlignPost(z, us, a0);
  func.func @areg(%x: memref<?xf16, 26 : i64>, %z: memref<?xf16, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c100 = arith.constant 100 : i32
    %us = ascendc.reg.unalign_reg_for_store : () -> !ascendc.unalign_reg_store
    scf.for %i = %c0 to %n step %c1 : i32 {
      %a = ascendc.reg.create_addr_reg(%i, %c100 : i32, i32) {dtype = f16} : () -> !ascendc.addr_reg
      %u = ascendc.reg.load_unalign_pre_areg %x, %a : memref<?xf16, 26 : i64>, !ascendc.addr_reg -> !ascendc.unalign_reg_load
      %r, %u1 = ascendc.reg.load_unalign_areg %u, %x, %a, %c0 : !ascendc.unalign_reg_load, memref<?xf16, 26 : i64>, !ascendc.addr_reg, i32 -> !ascendc.reg_tensor<f16>, !ascendc.unalign_reg_load
      ascendc.reg.store_unalign_areg %z, %r, %us, %a : memref<?xf16, 26 : i64>, !ascendc.reg_tensor<f16>, !ascendc.unalign_reg_store, !ascendc.addr_reg
    }
    scf.for %j = %c0 to %c1 step %c1 : i32 {
      %a0 = ascendc.reg.create_addr_reg(%j, %c100 : i32, i32) {dtype = f16} : () -> !ascendc.addr_reg
      ascendc.reg.store_unalign_post_areg %z, %us, %a0 : memref<?xf16, 26 : i64>, !ascendc.unalign_reg_store, !ascendc.addr_reg
    }
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void masks(__ubuf__ uint16_t* x, __ubuf__ uint16_t* z, __ubuf__ uint16_t* w) {
  // CHECK:      AscendC::Reg::LoadAlign<uint16_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(m0, x, c32);
  // CHECK:      AscendC::Reg::StoreAlign<uint16_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(z, m0, c32);
  // CHECK:      AscendC::Reg::StoreUnAlign(w, m0, us);
  // CHECK:      __ubuf__ uint16_t* wj = w;
  // CHECK:      AscendC::Reg::AddrReg a = AscendC::Reg::CreateAddrReg<uint16_t>(static_cast<uint16_t>(j), static_cast<uint32_t>(c16));
  // CHECK:      AscendC::Reg::LoadAlign(m1, x, a);
  // CHECK:      AscendC::Reg::StoreAlign(z, m1, a);
  // CHECK:      AscendC::Reg::StoreUnAlign(wj, m1, us);
  // CHECK:      AscendC::Reg::StoreUnAlignPost<uint16_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(wj, us, c0);
  func.func @masks(%x: memref<?xui16, 26 : i64>, %z: memref<?xui16, 26 : i64>, %w: memref<?xui16, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %m0, %x1 = ascendc.reg.load_mask_post %x, %c32 : memref<?xui16, 26 : i64>, i32 -> !ascendc.mask_reg, memref<?xui16, 26 : i64>
    %z1 = ascendc.reg.store_mask_post %z, %m0, %c32 : memref<?xui16, 26 : i64>, !ascendc.mask_reg, i32 -> memref<?xui16, 26 : i64>
    %us = ascendc.reg.unalign_reg_for_store : () -> !ascendc.unalign_reg_store
    %w1 = ascendc.reg.store_mask_unalign %w, %m0, %us : memref<?xui16, 26 : i64>, !ascendc.mask_reg, !ascendc.unalign_reg_store -> memref<?xui16, 26 : i64>
    %w2 = scf.for %j = %c1 to %c2 step %c1 iter_args(%wj = %w1) -> (memref<?xui16, 26 : i64>) : i32 {
      %a = ascendc.reg.create_addr_reg(%j, %c16 : i32, i32) {dtype = ui16} : () -> !ascendc.addr_reg
      %m1 = ascendc.reg.load_mask_areg %x1, %a : memref<?xui16, 26 : i64>, !ascendc.addr_reg -> !ascendc.mask_reg
      ascendc.reg.store_mask_areg %z1, %m1, %a : memref<?xui16, 26 : i64>, !ascendc.mask_reg, !ascendc.addr_reg
      %wn = ascendc.reg.store_mask_unalign %wj, %m1, %us : memref<?xui16, 26 : i64>, !ascendc.mask_reg, !ascendc.unalign_reg_store -> memref<?xui16, 26 : i64>
      scf.yield %wn : memref<?xui16, 26 : i64>
    }
    %w3 = ascendc.reg.store_unalign_post_update %w2, %us, %c0 : memref<?xui16, 26 : i64>, !ascendc.unalign_reg_store, i32 -> memref<?xui16, 26 : i64>
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void merging(__ubuf__ float* x, __ubuf__ half* h) {
  // CHECK:      AscendC::Reg::MaskReg m = AscendC::Reg::CreateMask<float, AscendC::Reg::MaskPattern::ALL>();
  // CHECK:      AscendC::Reg::LoadAlign(r, x + c0);
  // CHECK:      AscendC::Reg::LoadAlign(hr, h + c0);
  // CHECK:      AscendC::Reg::RegTensor<float> c = r;
  // CHECK:      static constexpr AscendC::Reg::CastTrait c_trait = {AscendC::Reg::RegLayout::ZERO, AscendC::Reg::SatMode::NO_SAT, AscendC::Reg::MaskMergeMode::MERGING, AscendC::RoundMode::CAST_RINT};
  // CHECK:      AscendC::Reg::Cast<float, half, c_trait>(c, hr, m);
  // CHECK:      AscendC::Reg::Move(c, r, m);
  // CHECK:      AscendC::Reg::StoreAlign(x + c0, c, m);
  func.func @merging(%x: memref<?xf32, 26 : i64>, %h: memref<?xf16, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %r = ascendc.reg.load_align %x, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    %hr = ascendc.reg.load_align %h, %c0 : memref<?xf16, 26 : i64>, i32 -> !ascendc.reg_tensor<f16>
    %c = ascendc.reg.cast_merging %r, %hr, %m {roundMode = 1 : i32, sat = 0 : i32, layout = 0 : i32} : !ascendc.reg_tensor<f32>, !ascendc.reg_tensor<f16>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %t = ascendc.reg.move_merging %c, %r, %m : !ascendc.reg_tensor<f32>, !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    ascendc.reg.store_align %x, %c0, %t, %m : memref<?xf32, 26 : i64>, i32, !ascendc.reg_tensor<f32>, !ascendc.mask_reg
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void pair(__ubuf__ int64_t* x, __ubuf__ int64_t* z) {
  // CHECK:      AscendC::Reg::MaskReg m2 = AscendC::Reg::CreateMask<int64_t, AscendC::Reg::MaskPattern::ALL, AscendC::Reg::RegTraitNumTwo>();
  // CHECK:      AscendC::Reg::LoadAlign(r, x + c0);
  // CHECK:      AscendC::Reg::StoreUnAlign<int64_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(z, r, us, c40);
  // CHECK:      AscendC::Reg::Move(mv, r, m2);
  // CHECK:      AscendC::Reg::StoreAlign(x + c0, mv, m2);
  // CHECK:      AscendC::Reg::StoreUnAlignPost<int64_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(z, us, c0);
  func.func @pair(%x: memref<?xi64, 26 : i64>, %z: memref<?xi64, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c40 = arith.constant 40 : i32
    %m2 = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %r = ascendc.reg.load_align %x, %c0 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>
    %us = ascendc.reg.unalign_reg_for_store : () -> !ascendc.unalign_reg_store
    %z1 = ascendc.reg.store_unalign_update %z, %r, %us, %c40 : memref<?xi64, 26 : i64>, !ascendc.reg_tensor<i64, 2>, !ascendc.unalign_reg_store, i32 -> memref<?xi64, 26 : i64>
    %mv = ascendc.reg.move_merging %r, %r, %m2 : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    ascendc.reg.store_align %x, %c0, %mv, %m2 : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    %z2 = ascendc.reg.store_unalign_post_update %z1, %us, %c0 : memref<?xi64, 26 : i64>, !ascendc.unalign_reg_store, i32 -> memref<?xi64, 26 : i64>
    func.return
  }
  // RegTraitNumTwo pairs of int64 in the ops whose 3510 implementations take them.
  // CHECK-LABEL: __simd_vf__ inline void pair_ops(
  // CHECK:      AscendC::Reg::Abs(r, a, half_);
  // CHECK:      AscendC::Reg::Maxs(r_1, a, c5, full);
  // CHECK:      AscendC::Reg::ShiftLefts(r_2, a, c3, full);
  // CHECK:      AscendC::Reg::Arange<int64_t, AscendC::Reg::IndexOrder::INCREASE_ORDER>(r_3, c10);
  // CHECK:      AscendC::Reg::Compare<int64_t, AscendC::CMPMODE::LT>(lt, a, b, full);
  // CHECK:      AscendC::Reg::Select(r_4, a, b, lt);
  // CHECK:      AscendC::Reg::Compares<int64_t, AscendC::CMPMODE::GT>(gt, a, c0_i64, half_);
  // CHECK:      AscendC::Reg::Reduce<AscendC::ReduceType::MAX>(r_5, b, half_);
  // CHECK:      AscendC::Reg::Duplicate(r_6, c5, full);
  func.func @pair_ops(%x: memref<?xi64, 26 : i64>, %y: memref<?xi64, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %c5 = arith.constant 5 : i64
    %c3 = arith.constant 3 : i16
    %c10 = arith.constant 10 : i64
    %c0_i64 = arith.constant 0 : i64
    %full = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %half = ascendc.reg.create_mask {dtype = i64, pattern = 12 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %x, %c0 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>
    %b = ascendc.reg.load_align %y, %c0 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>
    %r = ascendc.reg.abs %a, %half : !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %r_1 = ascendc.reg.maxs %a, %c5, %full : !ascendc.reg_tensor<i64, 2>, i64, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %r_2 = ascendc.reg.shift_lefts %a, %c3, %full : !ascendc.reg_tensor<i64, 2>, i16, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %r_3 = ascendc.reg.arange %c10 {order = 0 : i32} : i64 -> !ascendc.reg_tensor<i64, 2>
    %lt = ascendc.reg.compare %a, %b, %full {cmpMode = 0 : i64} : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.mask_reg
    %r_4 = ascendc.reg.select %a, %b, %lt : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %gt = ascendc.reg.compares %a, %c0_i64, %half {cmpMode = 1 : i64} : !ascendc.reg_tensor<i64, 2>, i64, !ascendc.mask_reg -> !ascendc.mask_reg
    %r_5 = ascendc.reg.reduce %b, %half {reduceType = 1 : i32} : !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %r_6 = ascendc.reg.duplicate %c5, %full : i64, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %s1 = ascendc.reg.add %r, %r_1, %gt : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %s2 = ascendc.reg.add %r_2, %r_3, %full : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %s3 = ascendc.reg.add %r_4, %r_5, %full : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %s4 = ascendc.reg.add %s1, %s2, %full : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %s5 = ascendc.reg.add %s3, %r_6, %full : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %s6 = ascendc.reg.add %s4, %s5, %full : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    ascendc.reg.store_align %x, %c64, %s6, %full : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    func.return
  }
  // DataCopyPad of complex tensors (basic API, issue 30): rows of complex64 GM -> UB with
  // a complex padding value (DataCopyPadExtParams<complex64>), and UB -> GM.
  // CHECK-LABEL: extern "C" __global__ __aicore__ void pad_c64(
  // CHECK:      AscendC::DataCopyPadExtParams<complex64> pad{true_, left, right, value};
  // CHECK-NEXT: AscendC::DataCopyPad(xl, xg, rows, pad);
  // CHECK:      AscendC::DataCopyPad(zg, xl, back);
  func.func @pad_c64(%x: memref<?xcomplex<f32>, 22 : i64>, %z: memref<?xcomplex<f32>, 22 : i64>) attributes {ascendc.global, ascendc.aicore, ascendc.kernel_type = "vector"} {
    %c1024 = arith.constant 1024 : i32
    %c0 = arith.constant 0 : i32
    %r3 = arith.constant 3 : i16
    %rows3 = builtin.unrealized_conversion_cast %r3 : i16 to ui16
    %l = arith.constant 40 : i32
    %len = builtin.unrealized_conversion_cast %l : i32 to ui32
    %g = arith.constant 16 : i32
    %gap = builtin.unrealized_conversion_cast %g : i32 to ui32
    %zero = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %true = arith.constant true
    %p0 = arith.constant 0 : i8
    %left = builtin.unrealized_conversion_cast %p0 : i8 to ui8
    %p1 = arith.constant 1 : i8
    %right = builtin.unrealized_conversion_cast %p1 : i8 to ui8
    %re = arith.constant 1.500000e+00 : f32
    %im = arith.constant -2.000000e+00 : f32
    %value = complex.create %re, %im : complex<f32>
    %pipe = ascendc.pipe
    %bx = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %bx, %c1024 : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xcomplex<f32>>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xcomplex<f32>>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xcomplex<f32>>, memref<?xcomplex<f32>, 22 : i64>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xcomplex<f32>>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xcomplex<f32>>, memref<?xcomplex<f32>, 22 : i64>
    %rows = ascendc.construct !ascendc.data_copy_ext_params(%rows3, %len, %gap, %zero, %zero) : ui16, ui32, ui32, ui32, ui32
    %pad = ascendc.construct !ascendc.data_copy_pad_ext_params<complex<f32>>(%true, %left, %right, %value) [i1, ui8, ui8, complex<f32>] : i1, ui8, ui8, complex<f32>
    ascendc.data_copy_pad_l0_ext %xl, %xg, %rows, %pad : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.global_tensor<*xcomplex<f32>>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<complex<f32>>
    ascendc.set_flag mte2_mte3, %c0 : i32
    ascendc.wait_flag mte2_mte3, %c0 : i32
    %back = ascendc.construct !ascendc.data_copy_ext_params(%rows3, %len, %zero, %zero, %zero) : ui16, ui32, ui32, ui32, ui32
    ascendc.data_copy_pad_l2_ext %zg, %xl, %back : !ascendc.global_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.data_copy_ext_params
    func.return
  }
  // Subs / Divs (Ascend 950) and the scalar-first Adds / Muls / Subs / Divs of complex64
  // tensors (the basic API's count forms).
  // CHECK-LABEL: extern "C" __global__ __aicore__ void scalars_c64(
  // CHECK:      AscendC::Subs(zl, xl, s, n);
  // CHECK-NEXT: AscendC::Subs(zl, s, xl, n);
  // CHECK-NEXT: AscendC::Divs(zl, xl, s, n);
  // CHECK-NEXT: AscendC::Divs(zl, s, xl, n);
  // CHECK-NEXT: AscendC::Adds(zl, s, xl, n);
  // CHECK-NEXT: AscendC::Muls(zl, s, xl, n);
  func.func @scalars_c64() attributes {ascendc.global, ascendc.aicore, ascendc.kernel_type = "vector"} {
    %c1024 = arith.constant 1024 : i32
    %n = arith.constant 96 : i32
    %re = arith.constant 1.500000e+00 : f32
    %im = arith.constant -2.000000e+00 : f32
    %s = complex.create %re, %im : complex<f32>
    %pipe = ascendc.pipe
    %bx = ascendc.tbuf : <veccalc>
    %bz = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %bx, %c1024 : !ascendc.tbuf<veccalc>, i32
    ascendc.pipe.init_buffer %pipe, %bz, %c1024 : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xcomplex<f32>>
    %zl = ascendc.tbuf.get_tensor %bz : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xcomplex<f32>>
    ascendc.subs_l2 %zl, %xl, %s, %n : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, i32
    ascendc.subs_scalar_first_l2 %zl, %s, %xl, %n : !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.divs_l2 %zl, %xl, %s, %n : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, i32
    ascendc.divs_scalar_first_l2 %zl, %s, %xl, %n : !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.adds_scalar_first_l2 %zl, %s, %xl, %n : !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.muls_scalar_first_l2 %zl, %s, %xl, %n : !ascendc.local_tensor<*xcomplex<f32>>, complex<f32>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    func.return
  }
}
