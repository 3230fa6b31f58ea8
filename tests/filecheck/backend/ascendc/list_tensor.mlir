// Emission of the ListTensorDesc/TensorDesc ops (list_tensor.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// The list APIs are declared in their own header (not kernel_operator.h).
// CHECK:       #include "kernel_operator.h"
// CHECK-NEXT:  #include "kernel_operator_list_tensor_intf.h"
emitasc.include "kernel_operator_list_tensor_intf.h"

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void list(__gm__ int8_t* data, uint32_t len, uint32_t size, AscendC::TensorDesc<half>& td) {
// CHECK-NEXT:    AscendC::ListTensorDesc l;
// CHECK-NEXT:    AscendC::ListTensorDesc l2 = AscendC::ListTensorDesc(data, len, size);
// CHECK-NEXT:    l.Init(data, len, size);
// CHECK-NEXT:    __gm__ int32_t* p = l.GetDataPtr<int32_t>(len);
// CHECK-NEXT:    uint32_t n = l.GetSize();
// CHECK-NEXT:    l.GetDesc(td, len);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @list(%data: memref<?xi8, 22>, %len: ui32, %size: ui32, %td: !ascendc.tensor_desc<f16>) {
  %l = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
  %l2 = ascendc.list_tensor_desc_v2 %data, %len, %size : !ascendc.list_tensor_desc, memref<?xi8, 22>, ui32, ui32
  ascendc.list_tensor_desc_init %l, %data, %len, %size : !ascendc.list_tensor_desc, memref<?xi8, 22>, ui32, ui32
  %p = ascendc.list_tensor_desc_get_data_ptr %l, %len {dtype = i32} : memref<?xi32, 22>
  %n = ascendc.list_tensor_desc_get_size %l : !ascendc.list_tensor_desc
  ascendc.list_tensor_desc_get_desc %l, %td, %len : !ascendc.list_tensor_desc, !ascendc.tensor_desc<f16>, ui32
  return
}

// A TensorDesc declared without its element type in the IR type deduces it from the
// initialiser (class template argument deduction).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void desc(uint64_t addr, int32_t i) {
// CHECK-NEXT:    AscendC::TensorDesc d = AscendC::TensorDesc<float>();
// CHECK-NEXT:    AscendC::TensorDesc<half> dt = AscendC::TensorDesc<half>();
// CHECK-NEXT:    uint64_t dim = d.GetDim();
// CHECK-NEXT:    uint64_t idx = d.GetIndex();
// CHECK-NEXT:    int64_t shape = d.GetShape(i);
// CHECK-NEXT:    __gm__ float* ptr = d.GetDataPtr();
// CHECK-NEXT:    AscendC::GlobalTensor<half> obj = dt.GetDataObj();
// CHECK-NEXT:    d.SetShapeAddr((uint64_t*)addr);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
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
