// Emission of the advanced softmax, sort, quantization, normalization and KFC ops (adv_misc.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// SoftMax computes the row sums and maxima (float ones for half data); SimpleSoftMax takes them.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void softmax(AscendC::LocalTensor<half> dst, AscendC::LocalTensor<float> sum, AscendC::LocalTensor<float> max, AscendC::LocalTensor<half> src, AscendC::LocalTensor<uint8_t> tmp, SoftMaxTiling tiling, AscendC::SoftMaxShapeInfo shape, AscendC::LocalTensor<float> f) {
// CHECK-NEXT:    AscendC::SoftMax<half, 1, 0, 0>(dst, sum, max, src, tmp, tiling, shape);
// CHECK-NEXT:    AscendC::SoftMax<float, 0, 1, 1>(f, f, f, f, tiling);
// CHECK-NEXT:    AscendC::SimpleSoftMax<half, 0, 0, 0>(dst, sum, max, src, tiling, shape);
// CHECK-NEXT:    AscendC::SimpleSoftMax<float, 1, 0, 0>(f, f, f, f, tmp, tiling);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @softmax(%dst: !ascendc.local_tensor<1024xf16>, %sum: !ascendc.local_tensor<64xf32>, %max: !ascendc.local_tensor<64xf32>, %src: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %tiling: !ascendc.softmax_tiling, %shape: !ascendc.softmax_shape_info, %f: !ascendc.local_tensor<1024xf32>) {
  ascendc.softmax %dst, %sum, %max, %src, %tmp, %tiling, %shape {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>, reuseSource} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
  ascendc.softmax %f, %f, %f, %f, %tiling {basicBlock, dataFormatNZ, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 0>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.softmax_tiling
  ascendc.simple_softmax %dst, %sum, %max, %src, %tiling, %shape {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<1024xf16>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
  ascendc.simple_softmax %f, %f, %f, %f, %tmp, %tiling {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>, reuseSource} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, !ascendc.softmax_tiling
  return
}

// Concat lays scores out as proposals for Sort; Extract splits sorted proposals.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void sort(AscendC::LocalTensor<half> dst, AscendC::LocalTensor<half> src, AscendC::LocalTensor<half> tmp, AscendC::LocalTensor<uint32_t> idx, AscendC::LocalTensor<half> v, int32_t n) {
// CHECK-NEXT:    AscendC::Concat(dst, src, tmp, n);
// CHECK-NEXT:    AscendC::Extract(v, idx, dst, n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @sort(%dst: !ascendc.local_tensor<1024xf16>, %src: !ascendc.local_tensor<128xf16>, %tmp: !ascendc.local_tensor<1024xf16>, %idx: !ascendc.local_tensor<128xui32>, %v: !ascendc.local_tensor<128xf16>, %n: i32) {
  ascendc.concat %dst, %src, %tmp, %n : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<1024xf16>, i32
  ascendc.extract %v, %idx, %dst, %n : !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xui32>, !ascendc.local_tensor<1024xf16>, i32
  return
}

// AscendQuant to int8 (with and without a scratch buffer); RmsNorm.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void quant_norm(AscendC::LocalTensor<int8_t> q, AscendC::LocalTensor<half> x, AscendC::LocalTensor<float> f, AscendC::LocalTensor<float> g, AscendC::LocalTensor<uint8_t> tmp, float scale, float offset, int32_t n, float eps, RmsNormTiling tiling) {
// CHECK-NEXT:    AscendC::AscendQuant<half, 0>(q, x, scale, offset, n);
// CHECK-NEXT:    AscendC::AscendQuant<float, 1>(q, f, tmp, scale, offset, n);
// CHECK-NEXT:    AscendC::RmsNorm<float, 0>(f, f, g, eps, tiling);
// CHECK-NEXT:    AscendC::RmsNorm<float, 1>(f, f, g, tmp, eps, tiling);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @quant_norm(%q: !ascendc.local_tensor<1024xi8>, %x: !ascendc.local_tensor<1024xf16>, %f: !ascendc.local_tensor<1024xf32>, %g: !ascendc.local_tensor<1024xf32>, %tmp: !ascendc.local_tensor<4096xui8>, %scale: f32, %offset: f32, %n: i32, %eps: f32, %tiling: !ascendc.rmsnorm_tiling) {
  ascendc.quant %q, %x, %scale, %offset, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf16>, f32, f32, i32
  ascendc.quant %q, %f, %scale, %offset, %n, %tmp {isReuseSource, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf32>, f32, f32, i32, !ascendc.local_tensor<4096xui8>
  ascendc.rmsnorm %f, %f, %g, %eps, %tiling : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, !ascendc.rmsnorm_tiling
  ascendc.rmsnorm %f, %f, %g, %eps, %tiling, %tmp {basicBlock} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, !ascendc.rmsnorm_tiling, !ascendc.local_tensor<4096xui8>
  return
}
