// Round trip of the ListTensorDesc/TensorDesc ops (list_tensor.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @list(%data: memref<?xi8, 22 : i64>, %len: ui32, %size: ui32, %desc: !ascendc.tensor_desc<f16>)
// CHECK-NEXT:    %l = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
// CHECK-NEXT:    %l2 = ascendc.list_tensor_desc_v2 %data, %len, %size : !ascendc.list_tensor_desc, memref<?xi8, 22 : i64>, ui32, ui32
// CHECK-NEXT:    ascendc.list_tensor_desc_init %l, %data, %len, %size : !ascendc.list_tensor_desc, memref<?xi8, 22 : i64>, ui32, ui32
// CHECK-NEXT:    %p = ascendc.list_tensor_desc_get_data_ptr %l, %len {dtype = i32} : memref<?xi32, 22 : i64>
// CHECK-NEXT:    %n = ascendc.list_tensor_desc_get_size %l : !ascendc.list_tensor_desc
// CHECK-NEXT:    ascendc.list_tensor_desc_get_desc %l, %desc, %len : !ascendc.list_tensor_desc, !ascendc.tensor_desc<f16>, ui32
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "list"
// GENERIC:         %p = "ascendc.list_tensor_desc_get_data_ptr"(%l, %len) <{dtype = i32}> : (!ascendc.list_tensor_desc, ui32) -> memref<?xi32, 22 : i64>
// GENERIC-NEXT:    %n = "ascendc.list_tensor_desc_get_size"(%l) : (!ascendc.list_tensor_desc) -> ui32
func.func @list(%data: memref<?xi8, 22>, %len: ui32, %size: ui32, %desc: !ascendc.tensor_desc<f16>) {
  %l = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
  %l2 = ascendc.list_tensor_desc_v2 %data, %len, %size : !ascendc.list_tensor_desc, memref<?xi8, 22>, ui32, ui32
  ascendc.list_tensor_desc_init %l, %data, %len, %size : !ascendc.list_tensor_desc, memref<?xi8, 22>, ui32, ui32
  // pyasc's syntax names the result type only.
  %p = ascendc.list_tensor_desc_get_data_ptr %l, %len {dtype = i32} : memref<?xi32, 22>
  %n = ascendc.list_tensor_desc_get_size %l : !ascendc.list_tensor_desc
  ascendc.list_tensor_desc_get_desc %l, %desc, %len : !ascendc.list_tensor_desc, !ascendc.tensor_desc<f16>, ui32
  return
}

// pyasc's `!ascendc.tensor_desc` names no element type; `<f32>` may.
// CHECK-LABEL: func.func @desc(%addr: ui64, %i: i32)
// CHECK-NEXT:    %d = ascendc.tensor_desc f32 : !ascendc.tensor_desc
// CHECK-NEXT:    %dt = ascendc.tensor_desc f16 : !ascendc.tensor_desc<f16>
// CHECK-NEXT:    %dim = ascendc.tensor_desc_get_dim %d : !ascendc.tensor_desc, ui64
// CHECK-NEXT:    %idx = ascendc.tensor_desc_get_index %d : !ascendc.tensor_desc, ui64
// CHECK-NEXT:    %shape = ascendc.tensor_desc_get_shape %d, %i : !ascendc.tensor_desc, i64, i32
// CHECK-NEXT:    %ptr = ascendc.tensor_desc_get_data_ptr %d : !ascendc.tensor_desc, memref<?xf32, 22 : i64>
// CHECK-NEXT:    %obj = ascendc.tensor_desc_get_data_obj %dt : !ascendc.tensor_desc<f16>, !ascendc.global_tensor<*xf16>
// CHECK-NEXT:    ascendc.tensor_desc_set_shape_addr %d, %addr : !ascendc.tensor_desc, ui64
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "desc"
// GENERIC:         %d = "ascendc.tensor_desc"() <{elementType = f32}> : () -> !ascendc.tensor_desc
func.func @desc(%addr: ui64, %i: i32) {
  %d = ascendc.tensor_desc f32 : !ascendc.tensor_desc
  %dt = ascendc.tensor_desc f16 : !ascendc.tensor_desc<f16>
  %dim = ascendc.tensor_desc_get_dim %d : !ascendc.tensor_desc, ui64
  %idx = ascendc.tensor_desc_get_index %d : !ascendc.tensor_desc, ui64
  %shape = ascendc.tensor_desc_get_shape %d, %i : !ascendc.tensor_desc, i64, i32
  %ptr = ascendc.tensor_desc_get_data_ptr %d : !ascendc.tensor_desc, memref<?xf32, 22>
  %obj = ascendc.tensor_desc_get_data_obj %dt : !ascendc.tensor_desc<f16>, !ascendc.global_tensor<*xf16>
  ascendc.tensor_desc_set_shape_addr %d, %addr : !ascendc.tensor_desc, ui64
  return
}
