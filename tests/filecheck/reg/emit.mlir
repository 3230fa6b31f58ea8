// The Reg layer printed as the 3510 headers expect: a vector function is a `__simd_vf__`
// function, the kernel calls it through `asc_vf_call<f>`, every register an op writes is
// declared and passed first, a UB pointer and its offset are one argument, and the
// unaligned forms and Cast's trait get their helper variables.
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __simd_vf__ inline void scale(__ubuf__ float* src, __ubuf__ int32_t* dst, int32_t n) {
  // CHECK:      uint32_t n_left = static_cast<uint32_t>(n);
  // CHECK-NEXT: AscendC::Reg::MaskReg mask = AscendC::Reg::UpdateMask<float>(n_left);
  // CHECK-NEXT: int32_t rest = static_cast<int32_t>(n_left);
  // CHECK-NEXT: AscendC::Reg::RegTensor<float> x;
  // CHECK-NEXT: AscendC::Reg::LoadAlign(x, src + c0);
  // CHECK:      AscendC::Reg::RegTensor<float> y;
  // CHECK-NEXT: AscendC::Reg::Muls(y, x, two, mask);
  // CHECK-NEXT: AscendC::Reg::MaskReg gt;
  // CHECK-NEXT: AscendC::Reg::Compare<float, AscendC::CMPMODE::GT>(gt, y, x, mask);
  // CHECK-NEXT: AscendC::Reg::RegTensor<float> sel;
  // CHECK-NEXT: AscendC::Reg::Select(sel, y, x, gt);
  // CHECK-NEXT: AscendC::Reg::RegTensor<float> total;
  // CHECK-NEXT: AscendC::Reg::Reduce<AscendC::ReduceType::SUM>(total, sel, mask);
  // CHECK-NEXT: AscendC::Reg::RegTensor<int32_t> i;
  // CHECK-NEXT: static constexpr AscendC::Reg::CastTrait i_trait = {AscendC::Reg::RegLayout::ZERO, AscendC::Reg::SatMode::SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_FLOOR};
  // CHECK-NEXT: AscendC::Reg::Cast<int32_t, float, i_trait>(i, total, mask);
  // CHECK-NEXT: AscendC::Reg::MaskReg all = AscendC::Reg::CreateMask<int32_t, AscendC::Reg::MaskPattern::ALL>();
  // CHECK-NEXT: AscendC::Reg::StoreAlign(dst + c0, i, all);
  // CHECK-NEXT: AscendC::Reg::LocalMemBar<AscendC::Reg::MemType::VEC_STORE, AscendC::Reg::MemType::VEC_LOAD>();
  // CHECK-NEXT: AscendC::Reg::RegTensor<float> u;
  // CHECK-NEXT: AscendC::Reg::UnalignRegForLoad u_ureg;
  // CHECK-NEXT: AscendC::Reg::LoadUnAlignPre(u_ureg, src + c3);
  // CHECK-NEXT: AscendC::Reg::LoadUnAlign(u, u_ureg, src + c3);
  // CHECK-NEXT: __ubuf__ float* u_dst = src + c3;
  // CHECK-NEXT: AscendC::Reg::UnalignRegForStore u_ureg_1;
  // CHECK-NEXT: AscendC::Reg::StoreUnAlign(u_dst, u, u_ureg_1, static_cast<uint32_t>(n));
  // CHECK-NEXT: AscendC::Reg::StoreUnAlignPost(u_dst, u_ureg_1, 0);
  func.func @scale(%src: memref<?xf32, 26 : i64>, %dst: memref<?xi32, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant 3 : i32
    %two = arith.constant 2.0 : f32
    %mask, %rest = ascendc.reg.update_mask %n {dtype = f32} : i32 -> !ascendc.mask_reg, i32
    %x = ascendc.reg.load_align %src, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    %y = ascendc.reg.muls %x, %two, %mask : !ascendc.reg_tensor<f32>, f32, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %gt = ascendc.reg.compare %y, %x, %mask {cmpMode = 1 : i64} : !ascendc.reg_tensor<f32>, !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.mask_reg
    %sel = ascendc.reg.select %y, %x, %gt : !ascendc.reg_tensor<f32>, !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %total = ascendc.reg.reduce %sel, %mask {reduceType = 0 : i32} : !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %i = ascendc.reg.cast %total, %mask {roundMode = 2 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i32>
    %all = ascendc.reg.create_mask {dtype = i32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    ascendc.reg.store_align %dst, %c0, %i, %all : memref<?xi32, 26 : i64>, i32, !ascendc.reg_tensor<i32>, !ascendc.mask_reg
    ascendc.reg.local_mem_bar {src = 0 : i32, dst = 1 : i32}
    %u = ascendc.reg.load_unalign %src, %c3 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    ascendc.reg.store_unalign %src, %c3, %u, %n : memref<?xf32, 26 : i64>, i32, !ascendc.reg_tensor<f32>, i32
    func.return
  }

  // CHECK-LABEL: void run(AscendC::LocalTensor<float> a, AscendC::LocalTensor<int32_t> b, int32_t n) {
  // CHECK:      __ubuf__ float* pa = reinterpret_cast<__ubuf__ float*>(a.GetPhyAddr(c0));
  // CHECK-NEXT: __ubuf__ int32_t* pb = reinterpret_cast<__ubuf__ int32_t*>(b.GetPhyAddr(c0));
  // CHECK-NEXT: asc_vf_call<scale>(pa, pb, n);
  func.func @run(%a: !ascendc.local_tensor<*xf32>, %b: !ascendc.local_tensor<*xi32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %pa = ascendc.reg.ub_ptr %a, %c0 : !ascendc.local_tensor<*xf32>, i32 -> memref<?xf32, 26 : i64>
    %pb = ascendc.reg.ub_ptr %b, %c0 : !ascendc.local_tensor<*xi32>, i32 -> memref<?xi32, 26 : i64>
    ascendc.reg.vf_call(%pa, %pb, %n : memref<?xf32, 26 : i64>, memref<?xi32, 26 : i64>, i32) {callee = @scale}
    func.return
  }
}
