// Emission of the other vector ops (vector mask state, gather, scatter, GatherMask, Brcb,
// Duplicate, Axpy, BilinearInterpolation, Transpose, TransDataTo5HD).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void mask_state(int32_t len, int64_t high, uint64_t low) {
// CHECK-NEXT:    AscendC::SetMaskCount();
// CHECK-NEXT:    AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(len);
// CHECK-NEXT:    AscendC::SetMaskNorm();
// CHECK-NEXT:    AscendC::SetVectorMask<float, AscendC::MaskMode::NORMAL>(high, low);
// CHECK-NEXT:    AscendC::ResetMask();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @mask_state(%len: i32, %high: i64, %low: ui64) {
  ascendc.set_mask_count
  ascendc.set_vector_mask_l0 %len {dtype = f16, mode = 1 : i32} : i32
  ascendc.set_mask_norm
  ascendc.set_vector_mask_l1 %high, %low {dtype = f32, mode = 0 : i32} : i64, ui64
  ascendc.reset_mask
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void gather_scatter(AscendC::LocalTensor<float> f, AscendC::LocalTensor<uint16_t> u16, AscendC::LocalTensor<uint32_t> off, uint32_t base, int32_t mask, uint64_t m0, uint64_t m1, int32_t rep, int32_t stride, int32_t n, AscendC::GatherRepeatParams gp) {
// CHECK-NEXT:    AscendC::Gather(f, f, off, base, mask, rep, stride);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::Gather(f, f, off, base, mask_list, rep, stride);
// CHECK-NEXT:    AscendC::Gather(f, f, off, base, n);
// CHECK-NEXT:    AscendC::Gatherb(u16, u16, off, rep, gp);
// CHECK-NEXT:    AscendC::Scatter(f, f, off, base, mask, rep, stride);
// CHECK-NEXT:    uint64_t mask_list_1[] = {m0, m1};
// CHECK-NEXT:    AscendC::Scatter(f, f, off, base, mask_list_1, rep, stride);
// CHECK-NEXT:    AscendC::Scatter(f, f, off, base, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @gather_scatter(%f: !ascendc.local_tensor<*xf32>, %u16: !ascendc.local_tensor<*xui16>, %off: !ascendc.local_tensor<*xui32>, %base: ui32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %stride: i32, %n: i32, %gp: !ascendc.gather_repeat_params) {
  ascendc.gather_l0 %f, %f, %off, %base, %mask, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32
  ascendc.gather_l1 %f, %f, %off, %base, %m0, %m1, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, i32
  ascendc.gather_l2 %f, %f, %off, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
  ascendc.gatherb_l0 %u16, %u16, %off, %rep, %gp : !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui32>, i32, !ascendc.gather_repeat_params
  ascendc.scatter_l0 %f, %f, %off, %base, %mask, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32, i32, i32
  ascendc.scatter_l1 %f, %f, %off, %base, %m0, %m1, %rep, %stride : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui64, i32, i32
  ascendc.scatter_l2 %f, %f, %off, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void gather_mask(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<uint32_t> p32, AscendC::LocalTensor<uint16_t> p16, bool reduce, uint32_t mask, AscendC::GatherMaskParams params) {
// CHECK-NEXT:    uint64_t n0;
// CHECK-NEXT:    AscendC::GatherMask<float, uint32_t, AscendC::defaultGatherMaskMode>(f, f, p32, reduce, mask, params, n0);
// CHECK-NEXT:    uint64_t n1;
// CHECK-NEXT:    AscendC::GatherMask<half, uint16_t, AscendC::defaultGatherMaskMode>(h, h, p16, reduce, mask, params, n1);
// CHECK-NEXT:    constexpr int8_t c3 = 3;
// CHECK-NEXT:    uint64_t n2;
// CHECK-NEXT:    AscendC::GatherMask<float, AscendC::defaultGatherMaskMode>(f, f, c3, reduce, mask, params, n2);
// CHECK-NEXT:    int64_t left = AscendC::GetGatherMaskRemainCount();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @gather_mask(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %p32: !ascendc.local_tensor<*xui32>, %p16: !ascendc.local_tensor<*xui16>, %reduce: i1, %mask: ui32, %params: !ascendc.gather_mask_params) {
  %n0 = ascendc.gather_mask %f, %f, %p32, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i1, ui32, !ascendc.gather_mask_params -> ui64
  %n1 = ascendc.gather_mask %h, %h, %p16, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui16>, i1, ui32, !ascendc.gather_mask_params -> ui64
  %c3 = arith.constant 3 : i8
  %n2 = ascendc.gather_mask %f, %f, %c3, %reduce, %mask, %params, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i8, i1, ui32, !ascendc.gather_mask_params -> ui64
  %left = ascendc.get_gather_mask_remain_count : i64
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void fill(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, AscendC::LocalTensor<bfloat16_t> b, float sf, half sh, bfloat16_t sb, int32_t si, int32_t mask, uint64_t m0, uint64_t m1, int32_t rep, int32_t bs, int32_t rs, int32_t n, AscendC::BrcbRepeatParams bp) {
// CHECK-NEXT:    AscendC::Brcb(f, f, rep, bp);
// CHECK-NEXT:    AscendC::Duplicate<float, 1>(f, sf, mask, rep, bs, rs);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::Duplicate<float, 0>(f, si, mask_list, rep, bs, rs);
// CHECK-NEXT:    AscendC::Duplicate(f, sf, n);
// CHECK-NEXT:    AscendC::Duplicate<half>(h, sf, n);
// CHECK-NEXT:    AscendC::Duplicate(h, sh, n);
// CHECK-NEXT:    AscendC::Duplicate(b, sb, n);
// CHECK-NEXT:    AscendC::Duplicate<bfloat16_t>(b, sf, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @fill(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xbf16>, %sf: f32, %sh: f16, %sb: bf16, %si: i32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %bs: i32, %rs: i32, %n: i32, %bp: !ascendc.brcb_repeat_params) {
  ascendc.brcb_l0 %f, %f, %rep, %bp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, !ascendc.brcb_repeat_params
  ascendc.duplicate_l0 %f, %sf, %mask, %rep, %bs, %rs {isSetMask} : !ascendc.local_tensor<*xf32>, f32, i32, i32, i32, i32
  ascendc.duplicate_l1 %f, %si, %m0, %m1, %rep, %bs, %rs : !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
  ascendc.duplicate_l2 %f, %sf, %n : !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.duplicate_l2 %h, %sf, %n : !ascendc.local_tensor<*xf16>, f32, i32
  ascendc.duplicate_l2 %h, %sh, %n : !ascendc.local_tensor<*xf16>, f16, i32
  ascendc.duplicate_l2 %b, %sb, %n : !ascendc.local_tensor<*xbf16>, bf16, i32
  ascendc.duplicate_l2 %b, %sf, %n : !ascendc.local_tensor<*xbf16>, f32, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void axpy(AscendC::LocalTensor<float> f, AscendC::LocalTensor<half> h, half sh, int32_t si, int32_t mask, uint64_t m0, uint64_t m1, int32_t rep, int32_t n, AscendC::UnaryRepeatParams up) {
// CHECK-NEXT:    AscendC::Axpy<float, half, 1>(f, h, sh, mask, rep, up);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::Axpy<half, half, 0>(h, h, sh, mask_list, rep, up);
// CHECK-NEXT:    AscendC::Axpy<float, float>(f, f, si, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @axpy(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %sh: f16, %si: i32, %mask: i32, %m0: ui64, %m1: ui64, %rep: i32, %n: i32, %up: !ascendc.unary_repeat_params) {
  ascendc.axpy_l0 %f, %h, %sh, %mask, %rep, %up {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f16, i32, i32, !ascendc.unary_repeat_params
  ascendc.axpy_l1 %h, %h, %sh, %m0, %m1, %rep, %up : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.axpy_l2 %f, %f, %si, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void bilinear(AscendC::LocalTensor<half> h, AscendC::LocalTensor<uint32_t> off, AscendC::LocalTensor<uint8_t> tmp, int64_t mask, uint64_t m0, uint64_t m1, int8_t hrep, bool mode, int16_t bs, int16_t vro, int8_t vrep) {
// CHECK-NEXT:    AscendC::BilinearInterpolation(h, h, off, h, mask, hrep, mode, bs, vro, vrep, tmp);
// CHECK-NEXT:    uint64_t mask_list[] = {m0, m1};
// CHECK-NEXT:    AscendC::BilinearInterpolation(h, h, off, h, mask_list, hrep, mode, bs, vro, vrep, tmp);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @bilinear(%h: !ascendc.local_tensor<*xf16>, %off: !ascendc.local_tensor<*xui32>, %tmp: !ascendc.local_tensor<*xui8>, %mask: i64, %m0: ui64, %m1: ui64, %hrep: i8, %mode: i1, %bs: i16, %vro: i16, %vrep: i8) {
  ascendc.bilinearInterpolation_l0 %h, %h, %off, %h, %mask, %hrep, %mode, %bs, %vro, %vrep, %tmp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>
  ascendc.bilinearInterpolation_l1 %h, %h, %off, %h, %m0, %m1, %hrep, %mode, %bs, %vro, %vrep, %tmp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void transpose(AscendC::LocalTensor<half> h, AscendC::LocalTensor<uint8_t> tmp, AscendC::TransposeParamsExt tp, AscendC::LocalTensor<uint64_t> dst, AscendC::LocalTensor<uint64_t> src, uint64_t a, AscendC::TransDataTo5HDParams p) {
// CHECK-NEXT:    AscendC::Transpose(h, h);
// CHECK-NEXT:    AscendC::Transpose(h, h, tmp, tp);
// CHECK-NEXT:    AscendC::TransDataTo5HD<half>(dst, src, p);
// CHECK-NEXT:    AscendC::LocalTensor<half> dst_list[] = {h, h, h, h, h, h, h, h, h, h, h, h, h, h, h, h};
// CHECK-NEXT:    AscendC::LocalTensor<half> src_list[] = {h, h, h, h, h, h, h, h, h, h, h, h, h, h, h, h};
// CHECK-NEXT:    AscendC::TransDataTo5HD<half>(dst_list, src_list, p);
// CHECK-NEXT:    uint64_t dst_list_1[] = {a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a};
// CHECK-NEXT:    uint64_t src_list_1[] = {a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a};
// CHECK-NEXT:    AscendC::TransDataTo5HD<int8_t>(dst_list_1, src_list_1, p);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @transpose(%h: !ascendc.local_tensor<*xf16>, %tmp: !ascendc.local_tensor<*xui8>, %tp: !ascendc.transpose_params_ext, %dst: !ascendc.local_tensor<*xui64>, %src: !ascendc.local_tensor<*xui64>, %a: ui64, %p: !ascendc.trans_data_to_5hd_params) {
  ascendc.transpose %h, %h : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>
  ascendc.transpose_ext %h, %h, %tmp, %tp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui8>, !ascendc.transpose_params_ext
  ascendc.trans_data_to_5hd %dst, %src, %p {dtype = f16} : !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params
  ascendc.trans_data_to_5hd_tensor_list %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %p {operandSegmentSizes = array<i32: 16, 16, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.trans_data_to_5hd_params
  ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p {dtype = i8, operandSegmentSizes = array<i32: 16, 16, 1>} : ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}
