// Emission of the tensor ops (tensor.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __aicore__ inline void constructors(uint32_t addr, uint32_t len) {
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> gt;
// CHECK-NEXT:    AscendC::GlobalTensor<half> gs;
// CHECK-NEXT:    AscendC::LocalTensor<float> lt;
// CHECK-NEXT:    AscendC::LocalTensor<float> v2 = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, addr, len);
// CHECK-NEXT:    AscendC::LocalTensor<int8_t> v2b = AscendC::LocalTensor<int8_t>(AscendC::TPosition::A1, addr, len);
// CHECK-NEXT:    AscendC::LocalTensor<half> v2c = AscendC::LocalTensor<half>(AscendC::TPosition::VECCALC, addr, len);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @constructors(%addr: ui32, %len: ui32) {
  %gt = ascendc.global_tensor : !ascendc.global_tensor<i32>
  %gs = ascendc.global_tensor : !ascendc.global_tensor<16x?xf16>
  %lt = ascendc.local_tensor : !ascendc.local_tensor<1024xf32>
  %v2 = ascendc.local_tensor_v2 vec_in, %addr, %len : !ascendc.local_tensor<*xf32>
  %v2b = ascendc.local_tensor_v2 a1, %addr, %len : !ascendc.local_tensor<*xi8>
  %v2c = ascendc.local_tensor_v2 veccalc, %addr, %len : !ascendc.local_tensor<*xf16>
  return
}

// A pointer of another element type (the kernel's GM_ADDR bytes) is reinterpreted.
// CHECK-LABEL: extern "C" __global__ __aicore__ void bind(__gm__ float* x, __gm__ uint8_t* y, int32_t n, uint64_t size) {
// CHECK-NEXT:    AscendC::GlobalTensor<float> gx;
// CHECK-NEXT:    gx.SetGlobalBuffer(x);
// CHECK-NEXT:    gx.SetGlobalBuffer(x, n);
// CHECK-NEXT:    AscendC::GlobalTensor<half> gy;
// CHECK-NEXT:    gy.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y));
// CHECK-NEXT:    gy.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), size);
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> gz;
// CHECK-NEXT:    gz.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(x), n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @bind(%x: memref<?xf32, 22>, %y: memref<?xui8, 22>, %n: i32, %size: ui64) attributes {ascendc.aicore, ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gx, %x, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf16>, memref<?xui8, 22>
  ascendc.global_tensor.set_global_buffer %gy, %y, %size : !ascendc.global_tensor<*xf16>, memref<?xui8, 22>, ui64
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %gz, %x, %n : !ascendc.global_tensor<*xi32>, memref<?xf32, 22>, i32
  return
}

// CHECK-LABEL: __aicore__ inline void access(AscendC::GlobalTensor<float> gt, AscendC::LocalTensor<half> lt, int64_t i, uint32_t u, uint64_t off, half h) {
// CHECK-NEXT:    AscendC::GlobalTensor<float> gsub = gt[i];
// CHECK-NEXT:    AscendC::GlobalTensor<float> gsub2 = gt[off];
// CHECK-NEXT:    float gv = gt.GetValue(off);
// CHECK-NEXT:    gt.SetValue(off, gv);
// CHECK-NEXT:    AscendC::LocalTensor<half> lsub = lt[u];
// CHECK-NEXT:    half lv = lt.GetValue(i);
// CHECK-NEXT:    lt.SetValue(u, h);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @access(%gt: !ascendc.global_tensor<*xf32>, %lt: !ascendc.local_tensor<1024xf16>, %i: index, %u: ui32, %off: ui64, %h: f16) {
  %gsub = ascendc.global_tensor.subindex %gt[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %gsub2 = ascendc.global_tensor.subindex %gt[%off] : !ascendc.global_tensor<*xf32>, ui64, !ascendc.global_tensor<64xf32>
  %gv = ascendc.global_tensor.get_value %gt, %off : !ascendc.global_tensor<*xf32>, ui64, f32
  ascendc.global_tensor.set_value %gt, %off, %gv : !ascendc.global_tensor<*xf32>, ui64, f32
  %lsub = ascendc.local_tensor.subindex %lt[%u] : !ascendc.local_tensor<1024xf16>, ui32, !ascendc.local_tensor<*xf16>
  %lv = ascendc.local_tensor.get_value %lt, %i : !ascendc.local_tensor<1024xf16>, index, f16
  ascendc.local_tensor.set_value %lt, %u, %h : !ascendc.local_tensor<1024xf16>, ui32, f16
  return
}
