// Emission of DataCopy / DataCopyPad (data_copy.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __aicore__ inline void data_copy(AscendC::GlobalTensor<int32_t> gt, AscendC::LocalTensor<int32_t> lt, AscendC::LocalTensor<int32_t> lt2, int32_t n, AscendC::DataCopyParams p) {
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

// CHECK-LABEL: __aicore__ inline void data_copy_pad(AscendC::GlobalTensor<half> gt, AscendC::LocalTensor<half> lt, int32_t n, half pad) {
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
