// Ascend 950's 8-bit floats (docs/fp8.md): hifloat8_t (!ascendc.hifloat8), fp8_e4m3fn_t
// (f8E4M3FN), fp8_e5m2_t (f8E5M2), fp8_e8m0_t (f8E8M0FNU) in GM/UB tensors, DataCopy,
// the basic API's Cast pairs and round modes, and the Reg layer's Cast forms, loads,
// stores and b8 masks; header-checked for 3510 (tests/unit/test_headers.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __simd_vf__ inline void vf(__ubuf__ float* x, __ubuf__ fp8_e4m3fn_t* e, __ubuf__ hifloat8_t* h, __ubuf__ bfloat16_t* b, __ubuf__ fp8_e8m0_t* s, __ubuf__ fp8_e5m2_t* f, int32_t n) {
  // CHECK:      AscendC::Reg::RegTensor<fp8_e4m3fn_t> q;
  // CHECK-NEXT: static constexpr AscendC::Reg::CastTrait q_trait = {AscendC::Reg::RegLayout::ZERO, AscendC::Reg::SatMode::SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_RINT};
  // CHECK-NEXT: AscendC::Reg::Cast<fp8_e4m3fn_t, float, q_trait>(q, a, mask);
  // CHECK-NEXT: AscendC::Reg::StoreAlign<fp8_e4m3fn_t, AscendC::Reg::StoreDist::DIST_PACK4_B32>(e + c0, q, mask);
  // CHECK:      AscendC::Reg::LoadUnAlign(w8, w8_ureg, e + c0);
  // CHECK:      AscendC::Reg::Cast<float, fp8_e4m3fn_t, w_trait>(w, w8, mask);
  // CHECK:      static constexpr AscendC::Reg::CastTrait hq_trait = {AscendC::Reg::RegLayout::THREE, AscendC::Reg::SatMode::NO_SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_ROUND};
  // CHECK-NEXT: AscendC::Reg::Cast<hifloat8_t, float, hq_trait>(hq, w, mask);
  // CHECK:      AscendC::Reg::MaskReg m8 = AscendC::Reg::CreateMask<hifloat8_t, AscendC::Reg::MaskPattern::ALL>();
  // CHECK-NEXT: AscendC::Reg::StoreAlign(h + c0, hq, m8);
  // CHECK:      AscendC::Reg::Cast<half, hifloat8_t, hh_trait>(hh, hq, m8);
  // CHECK:      static constexpr AscendC::Reg::CastTrait h2_trait = {AscendC::Reg::RegLayout::ONE, AscendC::Reg::SatMode::SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_HYBRID};
  // CHECK-NEXT: AscendC::Reg::Cast<hifloat8_t, half, h2_trait>(h2, hh, m8);
  // CHECK:      AscendC::Reg::Select(sel, hq, h2, m8);
  // CHECK:      AscendC::Reg::Cast<float, fp8_e5m2_t, f5_trait>(f5, e5, mask);
  // CHECK:      AscendC::Reg::Cast<fp8_e8m0_t, bfloat16_t, sc_trait>(sc, bv, mb);
  // CHECK:      AscendC::Reg::Cast<bfloat16_t, fp8_e8m0_t, bw_trait>(bw, sc, mb);
  func.func @vf(%x: memref<?xf32, 26 : i64>, %e: memref<?xf8E4M3FN, 26 : i64>, %h: memref<?x!ascendc.hifloat8, 26 : i64>, %b: memref<?xbf16, 26 : i64>, %s: memref<?xf8E8M0FNU, 26 : i64>, %f: memref<?xf8E5M2, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %mask, %rest = ascendc.reg.update_mask %n {dtype = f32} : i32 -> !ascendc.mask_reg, i32
    %a = ascendc.reg.load_align %x, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    %q = ascendc.reg.cast %a, %mask {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f8E4M3FN>
    ascendc.reg.store_align %e, %c0, %q, %mask {dist = 12 : i32} : memref<?xf8E4M3FN, 26 : i64>, i32, !ascendc.reg_tensor<f8E4M3FN>, !ascendc.mask_reg
    %w8 = ascendc.reg.load_unalign %e, %c0 : memref<?xf8E4M3FN, 26 : i64>, i32 -> !ascendc.reg_tensor<f8E4M3FN>
    %w = ascendc.reg.cast %w8, %mask {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<f8E4M3FN>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %hq = ascendc.reg.cast %w, %mask {roundMode = 4 : i32, sat = 0 : i32, layout = 3 : i32} : !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<!ascendc.hifloat8>
    %m8 = ascendc.reg.create_mask {dtype = !ascendc.hifloat8, pattern = 0 : i32} : () -> !ascendc.mask_reg
    ascendc.reg.store_align %h, %c0, %hq, %m8 : memref<?x!ascendc.hifloat8, 26 : i64>, i32, !ascendc.reg_tensor<!ascendc.hifloat8>, !ascendc.mask_reg
    ascendc.reg.store_unalign %h, %c0, %hq, %n : memref<?x!ascendc.hifloat8, 26 : i64>, i32, !ascendc.reg_tensor<!ascendc.hifloat8>, i32
    %hh = ascendc.reg.cast %hq, %m8 {roundMode = 0 : i32, sat = 1 : i32, layout = 1 : i32} : !ascendc.reg_tensor<!ascendc.hifloat8>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>
    %h2 = ascendc.reg.cast %hh, %m8 {roundMode = 7 : i32, sat = 1 : i32, layout = 1 : i32} : !ascendc.reg_tensor<f16>, !ascendc.mask_reg -> !ascendc.reg_tensor<!ascendc.hifloat8>
    %sel = ascendc.reg.select %hq, %h2, %m8 : !ascendc.reg_tensor<!ascendc.hifloat8>, !ascendc.reg_tensor<!ascendc.hifloat8>, !ascendc.mask_reg -> !ascendc.reg_tensor<!ascendc.hifloat8>
    ascendc.reg.store_align %h, %c0, %sel, %m8 : memref<?x!ascendc.hifloat8, 26 : i64>, i32, !ascendc.reg_tensor<!ascendc.hifloat8>, !ascendc.mask_reg
    %e5 = ascendc.reg.load_align %f, %c0 : memref<?xf8E5M2, 26 : i64>, i32 -> !ascendc.reg_tensor<f8E5M2>
    %f5 = ascendc.reg.cast %e5, %mask {roundMode = 1 : i32, sat = 1 : i32, layout = 2 : i32} : !ascendc.reg_tensor<f8E5M2>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %mb = ascendc.reg.create_mask {dtype = bf16, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %bv = ascendc.reg.load_align %b, %c0 : memref<?xbf16, 26 : i64>, i32 -> !ascendc.reg_tensor<bf16>
    %sc = ascendc.reg.cast %bv, %mb {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<bf16>, !ascendc.mask_reg -> !ascendc.reg_tensor<f8E8M0FNU>
    ascendc.reg.store_align %s, %c0, %sc, %mb {dist = 6 : i32} : memref<?xf8E8M0FNU, 26 : i64>, i32, !ascendc.reg_tensor<f8E8M0FNU>, !ascendc.mask_reg
    %bw = ascendc.reg.cast %sc, %mb {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<f8E8M0FNU>, !ascendc.mask_reg -> !ascendc.reg_tensor<bf16>
    ascendc.reg.store_align %b, %c0, %bw, %mb : memref<?xbf16, 26 : i64>, i32, !ascendc.reg_tensor<bf16>, !ascendc.mask_reg
    func.return
  }

  // CHECK-LABEL: extern "C" __global__ __aicore__ void k(__gm__ float* xgm, __gm__ hifloat8_t* hgm, __gm__ fp8_e5m2_t* egm, int32_t n) {
  // CHECK:      AscendC::LocalTensor<hifloat8_t> hl = hq.Get<hifloat8_t>();
  // CHECK-NEXT: AscendC::GlobalTensor<hifloat8_t> hg;
  // CHECK:      AscendC::Cast<hifloat8_t, float>(hl, xl, AscendC::RoundMode::CAST_ROUND, count);
  // CHECK-NEXT: AscendC::Cast<fp8_e5m2_t, float>(el, xl, AscendC::RoundMode::CAST_RINT, count);
  // CHECK-NEXT: AscendC::Cast<float, hifloat8_t>(xl, hl, AscendC::RoundMode::CAST_NONE, count);
  // CHECK-NEXT: AscendC::Cast<hifloat8_t, float>(hl, xl, AscendC::RoundMode::CAST_HYBRID, count);
  // CHECK:      AscendC::DataCopy(hg, hl, count);
  // CHECK-NEXT: AscendC::DataCopy(eg, el, count);
  func.func @k(%xgm: memref<?xf32, 22>, %hgm: memref<?x!ascendc.hifloat8, 22>, %egm: memref<?xf8E5M2, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
    %pipe = ascendc.pipe
    %bytes = arith.constant 2048 : i32
    %count = arith.constant 256 : i32
    %xq = ascendc.tbuf : !ascendc.tbuf<veccalc>
    ascendc.pipe.init_buffer %pipe, %xq, %bytes : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %xq : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %xgm : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    ascendc.data_copy_l2 %xl, %xg, %count : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    %hq = ascendc.tbuf : !ascendc.tbuf<veccalc>
    ascendc.pipe.init_buffer %pipe, %hq, %bytes : !ascendc.tbuf<veccalc>, i32
    %hl = ascendc.tbuf.get_tensor %hq : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*x!ascendc.hifloat8>
    %hg = ascendc.global_tensor : !ascendc.global_tensor<*x!ascendc.hifloat8>
    ascendc.global_tensor.set_global_buffer %hg, %hgm : !ascendc.global_tensor<*x!ascendc.hifloat8>, memref<?x!ascendc.hifloat8, 22>
    %eq = ascendc.tbuf : !ascendc.tbuf<veccalc>
    ascendc.pipe.init_buffer %pipe, %eq, %bytes : !ascendc.tbuf<veccalc>, i32
    %el = ascendc.tbuf.get_tensor %eq : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf8E5M2>
    %eg = ascendc.global_tensor : !ascendc.global_tensor<*xf8E5M2>
    ascendc.global_tensor.set_global_buffer %eg, %egm : !ascendc.global_tensor<*xf8E5M2>, memref<?xf8E5M2, 22>
    %ev = arith.constant 0 : i32
    ascendc.set_flag mte2_v, %ev : i32
    ascendc.wait_flag mte2_v, %ev : i32
    ascendc.cast_l2 %hl, %xl, %count {roundMode = 4 : i32} : !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*xf32>, i32
    ascendc.cast_l2 %el, %xl, %count {roundMode = 1 : i32} : !ascendc.local_tensor<*xf8E5M2>, !ascendc.local_tensor<*xf32>, i32
    ascendc.cast_l2 %xl, %hl, %count {roundMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*x!ascendc.hifloat8>, i32
    ascendc.cast_l2 %hl, %xl, %count {roundMode = 7 : i32} : !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*xf32>, i32
    ascendc.set_flag v_mte3, %ev : i32
    ascendc.wait_flag v_mte3, %ev : i32
    ascendc.data_copy_l2 %hg, %hl, %count : !ascendc.global_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*x!ascendc.hifloat8>, i32
    ascendc.data_copy_l2 %eg, %el, %count : !ascendc.global_tensor<*xf8E5M2>, !ascendc.local_tensor<*xf8E5M2>, i32
    func.return
  }

  // CHECK-LABEL: void mask_cast(
  // CHECK:      AscendC::Cast<hifloat8_t, float, 1>(h, f, AscendC::RoundMode::CAST_HYBRID, m, r, up);
  // CHECK-NEXT: uint64_t mask_list[] = {m0, m1};
  // CHECK-NEXT: AscendC::Cast<float, fp8_e4m3fn_t, 0>(f, e, AscendC::RoundMode::CAST_NONE, mask_list, r, up);
  func.func @mask_cast(%h: !ascendc.local_tensor<*x!ascendc.hifloat8>, %e: !ascendc.local_tensor<*xf8E4M3FN>, %f: !ascendc.local_tensor<*xf32>, %m: i32, %m0: ui64, %m1: ui64, %r: ui8, %up: !ascendc.unary_repeat_params) {
    ascendc.cast_l0 %h, %f, %m, %r, %up {roundMode = 7 : i32, isSetMask} : !ascendc.local_tensor<*x!ascendc.hifloat8>, !ascendc.local_tensor<*xf32>, i32, ui8, !ascendc.unary_repeat_params
    ascendc.cast_l1 %f, %e, %m0, %m1, %r, %up {roundMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf8E4M3FN>, ui64, ui64, ui8, !ascendc.unary_repeat_params
    func.return
  }
}
