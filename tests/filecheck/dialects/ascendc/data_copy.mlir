// Round trip of DataCopy / DataCopyPad (data_copy.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @data_copy(%gt: !ascendc.global_tensor<*xi32>, %lt: !ascendc.local_tensor<*xi32>, %lt2: !ascendc.local_tensor<1024xi32>, %n: i32, %u: ui32, %p: !ascendc.data_copy_params)
// CHECK-NEXT:    ascendc.data_copy_l2 %lt, %gt, %n : !ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, i32
// CHECK-NEXT:    ascendc.data_copy_l2 %gt, %lt, %u : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, ui32
// CHECK-NEXT:    ascendc.data_copy_l2 %lt2, %lt, %n : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<*xi32>, i32
// CHECK-NEXT:    ascendc.data_copy_l0 %gt, %lt, %p : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params
// CHECK-NEXT:    ascendc.data_copy_l0 %lt, %gt, %p : !ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, !ascendc.data_copy_params
// CHECK-NEXT:    ascendc.data_copy_l0 %lt2, %lt, %p : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "data_copy"
// GENERIC:         "ascendc.data_copy_l2"(%lt, %gt, %n) : (!ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, i32) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l2"(%gt, %lt, %u) : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, ui32) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l2"(%lt2, %lt, %n) : (!ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<*xi32>, i32) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l0"(%gt, %lt, %p) : (!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l0"(%lt, %gt, %p) : (!ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, !ascendc.data_copy_params) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_l0"(%lt2, %lt, %p) : (!ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<*xi32>, !ascendc.data_copy_params) -> ()
func.func @data_copy(%gt: !ascendc.global_tensor<i32>, %lt: !ascendc.local_tensor<i32>, %lt2: !ascendc.local_tensor<1024xi32>, %n: i32, %u: ui32, %p: !ascendc.data_copy_params) {
  ascendc.data_copy_l2 %lt, %gt, %n : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, i32
  ascendc.data_copy_l2 %gt, %lt, %u : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, ui32
  ascendc.data_copy_l2 %lt2, %lt, %n : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<i32>, i32
  ascendc.data_copy_l0 %gt, %lt, %p : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l0 %lt, %gt, %p : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l0 %lt2, %lt, %p : !ascendc.local_tensor<1024xi32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  return
}

// CHECK-LABEL: func.func @data_copy_pad(%gt: !ascendc.global_tensor<*xf16>, %lt: !ascendc.local_tensor<*xf16>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_params, %e: !ascendc.data_copy_ext_params, %pe: !ascendc.data_copy_pad_ext_params<f16>)
// CHECK-NEXT:    ascendc.data_copy_pad_l0 %lt, %gt, %p, %pp : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
// CHECK-NEXT:    ascendc.data_copy_pad_l2 %gt, %lt, %p : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params
// CHECK-NEXT:    ascendc.data_copy_pad_l0_ext %lt, %gt, %e, %pe : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
// CHECK-NEXT:    ascendc.data_copy_pad_l2_ext %gt, %lt, %e : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_ext_params
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "data_copy_pad"
// GENERIC:         "ascendc.data_copy_pad_l0"(%lt, %gt, %p, %pp) : (!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_pad_l2"(%gt, %lt, %p) : (!ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_pad_l0_ext"(%lt, %gt, %e, %pe) : (!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>) -> ()
// GENERIC-NEXT:    "ascendc.data_copy_pad_l2_ext"(%gt, %lt, %e) : (!ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_ext_params) -> ()
func.func @data_copy_pad(%gt: !ascendc.global_tensor<*xf16>, %lt: !ascendc.local_tensor<*xf16>, %p: !ascendc.data_copy_params, %pp: !ascendc.data_copy_pad_params, %e: !ascendc.data_copy_ext_params, %pe: !ascendc.data_copy_pad_ext_params<f16>) {
  ascendc.data_copy_pad_l0 %lt, %gt, %p, %pp : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  ascendc.data_copy_pad_l2 %gt, %lt, %p : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params
  ascendc.data_copy_pad_l0_ext %lt, %gt, %e, %pe : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  ascendc.data_copy_pad_l2_ext %gt, %lt, %e : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_ext_params
  return
}
