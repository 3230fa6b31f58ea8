// complex32 / complex64 (Ascend 950): the Reg ops the 3510 headers give complex types,
// complex.create scalars printed `complex64(re, im)`, RegTraitNumTwo pairs, and a
// kernel moving complex tensors GM <-> UB (DataCopy counts complex elements).
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __simd_vf__ inline void cvf(__ubuf__ complex64* x, __ubuf__ complex32* h, int32_t n) {
  // CHECK:      complex64 s = complex64(re, im);
  // CHECK:      complex32 hs = complex32(hre, him);
  // CHECK:      AscendC::Reg::MaskReg mask = AscendC::Reg::UpdateMask<complex64>(n_left);
  // CHECK:      AscendC::Reg::MaskReg all = AscendC::Reg::CreateMask<complex64, AscendC::Reg::MaskPattern::ALL>();
  // CHECK-NEXT: AscendC::Reg::RegTensor<complex64> a;
  // CHECK-NEXT: AscendC::Reg::LoadAlign(a, x + c0);
  // CHECK:      AscendC::Reg::Add(sum, a, a, mask);
  // CHECK:      AscendC::Reg::Sub(dif, sum, a, mask);
  // CHECK:      AscendC::Reg::Mul(prod, dif, a, mask);
  // CHECK:      AscendC::Reg::Div(quot, prod, a, mask);
  // CHECK:      static constexpr AscendC::Reg::DivSpecificMode quot0_mode = {AscendC::Reg::MaskMergeMode::ZEROING, true, AscendC::DivAlgo::PRECISION_0ULP_FTZ_TRUE};
  // CHECK-NEXT: AscendC::Reg::Div<complex64, &quot0_mode>(quot0, prod, a, mask);
  // CHECK:      AscendC::Reg::Adds(adds, quot, s, mask);
  // CHECK:      AscendC::Reg::Muls(muls, adds, s, mask);
  // CHECK:      AscendC::Reg::Duplicate(dup, s, all);
  // CHECK:      AscendC::Reg::Select(sel, dup, muls, mask);
  // CHECK:      AscendC::Reg::RegTensor<float> mag;
  // CHECK-NEXT: AscendC::Reg::Abs(mag, sel, all);
  // CHECK:      AscendC::Reg::StoreAlign(x + c0, sel, mask);
  // CHECK:      AscendC::Reg::LoadUnAlign(u, u_ureg, x + c3);
  // CHECK:      AscendC::Reg::StoreUnAlign(u_dst, u, u_ureg_1, static_cast<uint32_t>(n));
  // CHECK:      AscendC::Reg::MaskReg hm = AscendC::Reg::CreateMask<complex32, AscendC::Reg::MaskPattern::H>();
  // CHECK:      AscendC::Reg::Div(hq, hp, ha, hm);
  // CHECK:      AscendC::Reg::LoadAlign<complex32, AscendC::Reg::LoadDist::DIST_BRC_B32>(hb, h + c3);
  // CHECK-NEXT: AscendC::Reg::StoreAlign<complex32, AscendC::Reg::StoreDist::DIST_PACK_B32>(h + c0, hb, hm);
  // CHECK:      AscendC::Reg::Muls(hx, hq, hs, hm);
  // CHECK:      AscendC::Reg::MaskReg m2 = AscendC::Reg::CreateMask<complex32, AscendC::Reg::MaskPattern::ALL, AscendC::Reg::RegTraitNumTwo>();
  // CHECK-NEXT: AscendC::Reg::RegTensor<complex32, AscendC::Reg::RegTraitNumTwo> p0;
  // CHECK-NEXT: AscendC::Reg::LoadAlign(p0, h + c0);
  // CHECK:      AscendC::Reg::Mul(p1, p0, p0, m2);
  // CHECK:      AscendC::Reg::RegTensor<complex32, AscendC::Reg::RegTraitNumTwo> p2;
  // CHECK-NEXT: AscendC::Reg::Adds(p2, p1, hs, m2);
  // CHECK:      AscendC::Reg::Duplicate(p3, hs, m2);
  // CHECK:      AscendC::Reg::Muls(p4, p3, hs, m2);
  // CHECK:      AscendC::Reg::RegTensor<half> pm;
  // CHECK-NEXT: AscendC::Reg::Abs(pm, p2, m2);
  func.func @cvf(%x: memref<?xcomplex<f32>, 26 : i64>, %h: memref<?xcomplex<f16>, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant 3 : i32
    %re = arith.constant 1.5 : f32
    %im = arith.constant -2.0 : f32
    %s = complex.create %re, %im : complex<f32>
    %hre = arith.constant 0.5 : f16
    %him = arith.constant 0.25 : f16
    %hs = complex.create %hre, %him : complex<f16>
    %mask, %rest = ascendc.reg.update_mask %n {dtype = complex<f32>} : i32 -> !ascendc.mask_reg, i32
    %all = ascendc.reg.create_mask {dtype = complex<f32>, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %a = ascendc.reg.load_align %x, %c0 : memref<?xcomplex<f32>, 26 : i64>, i32 -> !ascendc.reg_tensor<complex<f32>>
    %sum = ascendc.reg.add %a, %a, %mask : !ascendc.reg_tensor<complex<f32>>, !ascendc.reg_tensor<complex<f32>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %dif = ascendc.reg.sub %sum, %a, %mask : !ascendc.reg_tensor<complex<f32>>, !ascendc.reg_tensor<complex<f32>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %prod = ascendc.reg.mul %dif, %a, %mask : !ascendc.reg_tensor<complex<f32>>, !ascendc.reg_tensor<complex<f32>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %quot = ascendc.reg.div %prod, %a, %mask : !ascendc.reg_tensor<complex<f32>>, !ascendc.reg_tensor<complex<f32>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %quot0 = ascendc.reg.div_mode %prod, %a, %mask {algo = 3 : i32, precisionMode} : !ascendc.reg_tensor<complex<f32>>, !ascendc.reg_tensor<complex<f32>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %adds = ascendc.reg.adds %quot, %s, %mask : !ascendc.reg_tensor<complex<f32>>, complex<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %muls = ascendc.reg.muls %adds, %s, %mask : !ascendc.reg_tensor<complex<f32>>, complex<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %dup = ascendc.reg.duplicate %s, %all : complex<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %sel = ascendc.reg.select %dup, %muls, %mask : !ascendc.reg_tensor<complex<f32>>, !ascendc.reg_tensor<complex<f32>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f32>>
    %mag = ascendc.reg.abs_complex %sel, %all : !ascendc.reg_tensor<complex<f32>>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    ascendc.reg.store_align %x, %c0, %sel, %mask : memref<?xcomplex<f32>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f32>>, !ascendc.mask_reg
    %u = ascendc.reg.load_unalign %x, %c3 : memref<?xcomplex<f32>, 26 : i64>, i32 -> !ascendc.reg_tensor<complex<f32>>
    ascendc.reg.store_unalign %x, %c3, %u, %n : memref<?xcomplex<f32>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f32>>, i32
    %hm = ascendc.reg.create_mask {dtype = complex<f16>, pattern = 12 : i32} : () -> !ascendc.mask_reg
    %ha = ascendc.reg.load_align %h, %c0 : memref<?xcomplex<f16>, 26 : i64>, i32 -> !ascendc.reg_tensor<complex<f16>>
    %hp = ascendc.reg.mul %ha, %ha, %hm : !ascendc.reg_tensor<complex<f16>>, !ascendc.reg_tensor<complex<f16>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>>
    %hq0 = ascendc.reg.div_mode %hp, %ha, %hm {algo = 2 : i32} : !ascendc.reg_tensor<complex<f16>>, !ascendc.reg_tensor<complex<f16>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>>
    %hq = ascendc.reg.div %hp, %ha, %hm : !ascendc.reg_tensor<complex<f16>>, !ascendc.reg_tensor<complex<f16>>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>>
    %hb = ascendc.reg.load_align %h, %c3 {dist = 3 : i32} : memref<?xcomplex<f16>, 26 : i64>, i32 -> !ascendc.reg_tensor<complex<f16>>
    ascendc.reg.store_align %h, %c0, %hb, %hm {dist = 7 : i32} : memref<?xcomplex<f16>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f16>>, !ascendc.mask_reg
    %hx = ascendc.reg.muls %hq, %hs, %hm : !ascendc.reg_tensor<complex<f16>>, complex<f16>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>>
    ascendc.reg.store_align %h, %c0, %hx, %hm : memref<?xcomplex<f16>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f16>>, !ascendc.mask_reg
    %m2 = ascendc.reg.create_mask {dtype = complex<f16>, pattern = 0 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %p0 = ascendc.reg.load_align %h, %c0 : memref<?xcomplex<f16>, 26 : i64>, i32 -> !ascendc.reg_tensor<complex<f16>, 2>
    %p1 = ascendc.reg.mul %p0, %p0, %m2 : !ascendc.reg_tensor<complex<f16>, 2>, !ascendc.reg_tensor<complex<f16>, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>, 2>
    %p2 = ascendc.reg.adds %p1, %hs, %m2 : !ascendc.reg_tensor<complex<f16>, 2>, complex<f16>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>, 2>
    %p3 = ascendc.reg.duplicate %hs, %m2 : complex<f16>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>, 2>
    %p4 = ascendc.reg.muls %p3, %hs, %m2 : !ascendc.reg_tensor<complex<f16>, 2>, complex<f16>, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>, 2>
    %pm = ascendc.reg.abs_complex %p2, %m2 : !ascendc.reg_tensor<complex<f16>, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>
    ascendc.reg.store_align %h, %c0, %p4, %m2 : memref<?xcomplex<f16>, 26 : i64>, i32, !ascendc.reg_tensor<complex<f16>, 2>, !ascendc.mask_reg
    func.return
  }

  // CHECK-LABEL: extern "C" __global__ __aicore__ void k(__gm__ complex64* xgm, __gm__ complex32* hgm, int32_t n) {
  // CHECK:      AscendC::LocalTensor<complex64> xl = xq.Get<complex64>();
  // CHECK:      AscendC::GlobalTensor<complex64> xg;
  // CHECK:      AscendC::DataCopy(xl, xg, count);
  // CHECK:      AscendC::LocalTensor<complex32> hl = hq.Get<complex32>();
  // CHECK:      AscendC::DataCopy(hl, hg, count);
  // CHECK:      asc_vf_call<cvf>(xp, hp, n);
  // CHECK:      AscendC::DataCopy(xg, xl, count);
  // CHECK:      AscendC::DataCopy(hg, hl, count);
  func.func @k(%xgm: memref<?xcomplex<f32>, 22>, %hgm: memref<?xcomplex<f16>, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
    %pipe = ascendc.pipe
    %bytes = arith.constant 2048 : i32
    %count = arith.constant 128 : i32
    %c0 = arith.constant 0 : i32
    %xq = ascendc.tbuf : !ascendc.tbuf<veccalc>
    ascendc.pipe.init_buffer %pipe, %xq, %bytes : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %xq : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xcomplex<f32>>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xcomplex<f32>>
    ascendc.global_tensor.set_global_buffer %xg, %xgm : !ascendc.global_tensor<*xcomplex<f32>>, memref<?xcomplex<f32>, 22>
    ascendc.data_copy_l2 %xl, %xg, %count : !ascendc.local_tensor<*xcomplex<f32>>, !ascendc.global_tensor<*xcomplex<f32>>, i32
    %hq = ascendc.tbuf : !ascendc.tbuf<veccalc>
    ascendc.pipe.init_buffer %pipe, %hq, %bytes : !ascendc.tbuf<veccalc>, i32
    %hl = ascendc.tbuf.get_tensor %hq : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xcomplex<f16>>
    %hg = ascendc.global_tensor : !ascendc.global_tensor<*xcomplex<f16>>
    ascendc.global_tensor.set_global_buffer %hg, %hgm : !ascendc.global_tensor<*xcomplex<f16>>, memref<?xcomplex<f16>, 22>
    ascendc.data_copy_l2 %hl, %hg, %count : !ascendc.local_tensor<*xcomplex<f16>>, !ascendc.global_tensor<*xcomplex<f16>>, i32
    %xp = ascendc.reg.ub_ptr %xl, %c0 : !ascendc.local_tensor<*xcomplex<f32>>, i32 -> memref<?xcomplex<f32>, 26 : i64>
    %hp = ascendc.reg.ub_ptr %hl, %c0 : !ascendc.local_tensor<*xcomplex<f16>>, i32 -> memref<?xcomplex<f16>, 26 : i64>
    %ev = arith.constant 0 : i32
    ascendc.set_flag mte2_v, %ev : i32
    ascendc.wait_flag mte2_v, %ev : i32
    ascendc.reg.vf_call(%xp, %hp, %n : memref<?xcomplex<f32>, 26 : i64>, memref<?xcomplex<f16>, 26 : i64>, i32) {callee = @cvf}
    ascendc.set_flag v_mte3, %ev : i32
    ascendc.wait_flag v_mte3, %ev : i32
    ascendc.data_copy_l2 %xg, %xl, %count : !ascendc.global_tensor<*xcomplex<f32>>, !ascendc.local_tensor<*xcomplex<f32>>, i32
    ascendc.data_copy_l2 %hg, %hl, %count : !ascendc.global_tensor<*xcomplex<f16>>, !ascendc.local_tensor<*xcomplex<f16>>, i32
    func.return
  }
}
