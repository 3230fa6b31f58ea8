// Emission of the data movement ops (data_copy.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy(AscendC::GlobalTensor<int32_t> gt, AscendC::LocalTensor<int32_t> lt, AscendC::LocalTensor<int32_t> lt2, int32_t n, AscendC::DataCopyParams p) {
// CHECK-NEXT:    AscendC::DataCopy(lt, gt, n);
// CHECK-NEXT:    AscendC::DataCopy(gt, lt, n);
// CHECK-NEXT:    AscendC::DataCopy(lt2, lt, n);
// CHECK-NEXT:    AscendC::DataCopy(lt, gt, p);
// CHECK-NEXT:    AscendC::DataCopy(gt, lt, p);
// CHECK-NEXT:    AscendC::DataCopy(lt2, lt, p);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @data_copy(%gt: !ascendc.global_tensor<i32>, %lt: !ascendc.local_tensor<i32>, %lt2: !ascendc.local_tensor<1024xi32>, %n: i32, %p: !ascendc.data_copy_params) {
  ascendc.data_copy_l2 %lt, %gt, %n : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, i32
  ascendc.data_copy_l2 %gt, %lt, %n : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32
  ascendc.data_copy_l2 %lt2, %lt, %n : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<i32>, i32
  ascendc.data_copy_l0 %lt, %gt, %p : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l0 %gt, %lt, %p : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l0 %lt2, %lt, %p : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_pad(AscendC::GlobalTensor<half> gt, AscendC::LocalTensor<half> lt, int32_t n, half pad) {
// CHECK-NEXT:    AscendC::DataCopyParams p{static_cast<uint16_t>(n), static_cast<uint16_t>(n), static_cast<uint16_t>(n), static_cast<uint16_t>(n)};
// CHECK-NEXT:    AscendC::DataCopyPadParams pp{static_cast<bool>(n), static_cast<uint8_t>(n), static_cast<uint8_t>(n), static_cast<uint64_t>(n)};
// CHECK-NEXT:    AscendC::DataCopyExtParams e{static_cast<uint16_t>(n), static_cast<uint32_t>(n), static_cast<uint32_t>(n), static_cast<uint32_t>(n), static_cast<uint32_t>(n)};
// CHECK-NEXT:    AscendC::DataCopyPadExtParams<half> pe{static_cast<bool>(n), static_cast<uint8_t>(n), static_cast<uint8_t>(n), pad};
// CHECK-NEXT:    AscendC::DataCopyPad(lt, gt, p, pp);
// CHECK-NEXT:    AscendC::DataCopyPad(gt, lt, p);
// CHECK-NEXT:    AscendC::DataCopyPad(lt, gt, e, pe);
// CHECK-NEXT:    AscendC::DataCopyPad(gt, lt, e);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @data_copy_pad(%gt: !ascendc.global_tensor<*xf16>, %lt: !ascendc.local_tensor<*xf16>, %n: i32, %pad: f16) {
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) : i32, i32, i32, i32
  %pp = ascendc.construct !ascendc.data_copy_pad_params(%n, %n, %n, %n) : i32, i32, i32, i32
  %e = ascendc.construct !ascendc.data_copy_ext_params(%n, %n, %n, %n, %n) : i32, i32, i32, i32, i32
  %pe = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%n, %n, %n, %pad) : i32, i32, i32, f16
  ascendc.data_copy_pad_l0 %lt, %gt, %p, %pp : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  ascendc.data_copy_pad_l2 %gt, %lt, %p : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params
  ascendc.data_copy_pad_l0_ext %lt, %gt, %e, %pe : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  ascendc.data_copy_pad_l2_ext %gt, %lt, %e : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_ext_params
  return
}

// The other DataCopy forms: enhanced (a local copy may convert f32 -> f16), ND->NZ,
// NZ->ND, out of L0C (co12dst) and a reinterpreting local copy.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_forms(AscendC::GlobalTensor<int32_t> gt, AscendC::LocalTensor<int32_t> lt, AscendC::LocalTensor<float> lf, AscendC::LocalTensor<half> lh, AscendC::DataCopyParams p, AscendC::DataCopyEnhancedParams e, AscendC::Nd2NzParams nd, AscendC::Nz2NdParamsFull nz, AscendC::DataCopyCO12DstParams co, AscendC::GlobalTensor<half> gh) {
// CHECK-NEXT:    AscendC::DataCopy(lt, gt, p, e);
// CHECK-NEXT:    AscendC::DataCopy(gt, lt, p, e);
// CHECK-NEXT:    AscendC::DataCopy(lh, lf, p, e);
// CHECK-NEXT:    AscendC::DataCopy(lt, gt, nd);
// CHECK-NEXT:    AscendC::DataCopy(lt, lt, nd);
// CHECK-NEXT:    AscendC::DataCopy(gt, lt, nz);
// CHECK-NEXT:    AscendC::DataCopy(gh, lf, co);
// CHECK-NEXT:    AscendC::DataCopy(lh, lf, co);
// CHECK-NEXT:    AscendC::DataCopy(lf, lt, p);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @data_copy_forms(%gt: !ascendc.global_tensor<i32>, %lt: !ascendc.local_tensor<i32>, %lf: !ascendc.local_tensor<f32>, %lh: !ascendc.local_tensor<f16>, %p: !ascendc.data_copy_params, %e: !ascendc.data_copy_enhanced_params, %nd: !ascendc.nd2nz_params, %nz: !ascendc.nz2nd_params_full, %co: !ascendc.data_copy_co12dst_params, %gh: !ascendc.global_tensor<f16>) {
  ascendc.data_copy_enhanced %lt, %gt, %p, %e : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  ascendc.data_copy_enhanced %gt, %lt, %p, %e : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  ascendc.data_copy_enhanced %lh, %lf, %p, %e : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  ascendc.data_copy_nd2nz %lt, %gt, %nd : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.nd2nz_params
  ascendc.data_copy_nd2nz %lt, %lt, %nd {enableSmall} : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.nd2nz_params
  ascendc.data_copy_nz2nd %gt, %lt, %nz : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.nz2nd_params_full
  ascendc.data_copy_co12dst %gh, %lf, %co : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.data_copy_co12dst_params
  ascendc.data_copy_co12dst %lh, %lf, %co : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.data_copy_co12dst_params
  ascendc.data_copy_l0 %lf, %lt, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  return
}

// Slices: one SliceInfo per dimension, passed as C arrays; dimValue may be left out.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_slice(AscendC::GlobalTensor<int32_t> gt, AscendC::LocalTensor<int32_t> lt, AscendC::SliceInfo s0, AscendC::SliceInfo s1, uint32_t d) {
// CHECK-NEXT:    AscendC::SliceInfo lt_slice_info[] = {s0, s1};
// CHECK-NEXT:    AscendC::SliceInfo gt_slice_info[] = {s1, s0};
// CHECK-NEXT:    AscendC::DataCopy(lt, gt, lt_slice_info, gt_slice_info, d);
// CHECK-NEXT:    AscendC::SliceInfo gt_slice_info_1[] = {s0};
// CHECK-NEXT:    AscendC::SliceInfo lt_slice_info_1[] = {s1};
// CHECK-NEXT:    AscendC::DataCopy(gt, lt, gt_slice_info_1, lt_slice_info_1);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @data_copy_slice(%gt: !ascendc.global_tensor<i32>, %lt: !ascendc.local_tensor<i32>, %s0: !ascendc.slice_info, %s1: !ascendc.slice_info, %d: ui32) {
  ascendc.data_copy_slice %lt, %gt, %s0, %s1, %s1, %s0, %d {operandSegmentSizes = array<i32: 1, 1, 2, 2, 1>} : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info, ui32
  ascendc.data_copy_slice %gt, %lt, %s0, %s1 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>} : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.slice_info, !ascendc.slice_info
  return
}

// DataCopyPad with default pad parameters, and UB -> L1 with ND->NZ.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void data_copy_pad_forms(AscendC::LocalTensor<half> lt, AscendC::LocalTensor<half> vec, AscendC::DataCopyParams p, AscendC::DataCopyExtParams e, AscendC::Nd2NzParams nd, AscendC::GlobalTensor<half> gt) {
// CHECK-NEXT:    AscendC::DataCopyPadExtParams<half> pe;
// CHECK-NEXT:    AscendC::DataCopyPad(lt, gt, e, pe);
// CHECK-NEXT:    AscendC::DataCopyPad(lt, vec, p, nd);
// CHECK-NEXT:    AscendC::DataCopyPad(lt, vec, e, nd);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @data_copy_pad_forms(%lt: !ascendc.local_tensor<f16>, %vec: !ascendc.local_tensor<f16>, %p: !ascendc.data_copy_params, %e: !ascendc.data_copy_ext_params, %nd: !ascendc.nd2nz_params, %gt: !ascendc.global_tensor<f16>) {
  %pe = ascendc.data_copy_pad_ext_params : !ascendc.data_copy_pad_ext_params<f16>
  ascendc.data_copy_pad_l0_ext %lt, %gt, %e, %pe : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  ascendc.data_copy_pad_nd2nz %lt, %vec, %p, %nd : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_params, !ascendc.nd2nz_params
  ascendc.data_copy_pad_nd2nz_ext %lt, %vec, %e, %nd : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.nd2nz_params
  return
}

// Copy: isSetMask is a constant whose constexpr is the template argument; the bit
// mask is a uint64_t array (a signed word is converted).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void copy(AscendC::LocalTensor<half> dst, AscendC::LocalTensor<half> src, uint64_t count, uint8_t rep, AscendC::CopyRepeatParams p, uint64_t hi, int64_t lo) {
// CHECK-NEXT:    constexpr int8_t true_ = 1;
// CHECK-NEXT:    constexpr bool false_ = false;
// CHECK-NEXT:    AscendC::Copy<half, true_>(dst, src, count, rep, p);
// CHECK-NEXT:    uint64_t dst_mask_list[] = {hi, static_cast<uint64_t>(lo)};
// CHECK-NEXT:    AscendC::Copy<half, false_>(dst, src, dst_mask_list, rep, p);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @copy(%dst: !ascendc.local_tensor<f16>, %src: !ascendc.local_tensor<f16>, %count: ui64, %rep: ui8, %p: !ascendc.copy_repeat_params, %hi: ui64, %lo: i64) {
  %true = arith.constant 1 : i8
  %false = arith.constant false
  ascendc.copy_l1 %dst, %src, %count, %rep, %p, %true : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.copy_repeat_params, i8
  ascendc.copy_l0 %dst, %src, %hi, %lo, %rep, %p, %false : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, i64, ui8, !ascendc.copy_repeat_params, i1
  return
}

// SetPadValue<T, pos>: T from the value, pos MAX for every position.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void set_pad_value(half h, int32_t n) {
// CHECK-NEXT:    AscendC::SetPadValue<half, AscendC::TPosition::MAX>(h);
// CHECK-NEXT:    AscendC::SetPadValue<int32_t, AscendC::TPosition::VECIN>(n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @set_pad_value(%h: f16, %n: i32) {
  ascendc.set_pad_value %h {pos = 12 : i32} : f16
  ascendc.set_pad_value %n {pos = 9 : i32} : i32
  return
}
