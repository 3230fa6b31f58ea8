// Round trip of the misc ops (adv_misc.py), custom form and through the generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s

// SoftMax computes the row sums and maxima (float ones for half data); SimpleSoftMax takes them.
// CHECK-LABEL: func.func @softmax(%dst: !ascendc.local_tensor<1024xf16>, %sum: !ascendc.local_tensor<64xf32>, %max: !ascendc.local_tensor<64xf32>, %src: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %tiling: !ascendc.softmax_tiling, %shape: !ascendc.softmax_shape_info, %f: !ascendc.local_tensor<1024xf32>)
// CHECK-NEXT:    ascendc.softmax %dst, %sum, %max, %src, %tmp, %tiling, %shape {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>, reuseSource} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
// CHECK-NEXT:    ascendc.softmax %f, %f, %f, %f, %tiling {basicBlock, dataFormatNZ, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 0>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.softmax_tiling
// CHECK-NEXT:    ascendc.simple_softmax %dst, %sum, %max, %src, %tiling, %shape {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<1024xf16>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
// CHECK-NEXT:    ascendc.simple_softmax %f, %f, %f, %f, %tmp, %tiling {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>, reuseSource} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, !ascendc.softmax_tiling
// CHECK-NEXT:    func.return
func.func @softmax(%dst: !ascendc.local_tensor<1024xf16>, %sum: !ascendc.local_tensor<64xf32>, %max: !ascendc.local_tensor<64xf32>, %src: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %tiling: !ascendc.softmax_tiling, %shape: !ascendc.softmax_shape_info, %f: !ascendc.local_tensor<1024xf32>) {
  ascendc.softmax %dst, %sum, %max, %src, %tmp, %tiling, %shape {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>, reuseSource} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
  ascendc.softmax %f, %f, %f, %f, %tiling {basicBlock, dataFormatNZ, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 0>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.softmax_tiling
  ascendc.simple_softmax %dst, %sum, %max, %src, %tiling, %shape {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<1024xf16>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
  ascendc.simple_softmax %f, %f, %f, %f, %tmp, %tiling {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>, reuseSource} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, !ascendc.softmax_tiling
  return
}

// Concat lays scores out as proposals for Sort; Extract splits sorted proposals.
// CHECK-LABEL: func.func @sort(%dst: !ascendc.local_tensor<1024xf16>, %src: !ascendc.local_tensor<128xf16>, %tmp: !ascendc.local_tensor<1024xf16>, %idx: !ascendc.local_tensor<128xui32>, %v: !ascendc.local_tensor<128xf16>, %n: i32)
// CHECK-NEXT:    ascendc.concat %dst, %src, %tmp, %n : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<1024xf16>, i32
// CHECK-NEXT:    ascendc.extract %v, %idx, %dst, %n : !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xui32>, !ascendc.local_tensor<1024xf16>, i32
// CHECK-NEXT:    func.return
func.func @sort(%dst: !ascendc.local_tensor<1024xf16>, %src: !ascendc.local_tensor<128xf16>, %tmp: !ascendc.local_tensor<1024xf16>, %idx: !ascendc.local_tensor<128xui32>, %v: !ascendc.local_tensor<128xf16>, %n: i32) {
  ascendc.concat %dst, %src, %tmp, %n : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<1024xf16>, i32
  ascendc.extract %v, %idx, %dst, %n : !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xui32>, !ascendc.local_tensor<1024xf16>, i32
  return
}

// AscendQuant to int8 (with and without a scratch buffer); RmsNorm.
// CHECK-LABEL: func.func @quant_norm(%q: !ascendc.local_tensor<1024xi8>, %x: !ascendc.local_tensor<1024xf16>, %f: !ascendc.local_tensor<1024xf32>, %g: !ascendc.local_tensor<1024xf32>, %tmp: !ascendc.local_tensor<4096xui8>, %scale: f32, %offset: f32, %n: i32, %eps: f32, %tiling: !ascendc.rmsnorm_tiling)
// CHECK-NEXT:    ascendc.quant %q, %x, %scale, %offset, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf16>, f32, f32, i32
// CHECK-NEXT:    ascendc.quant %q, %f, %scale, %offset, %n, %tmp {isReuseSource, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf32>, f32, f32, i32, !ascendc.local_tensor<4096xui8>
// CHECK-NEXT:    ascendc.rmsnorm %f, %f, %g, %eps, %tiling : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, !ascendc.rmsnorm_tiling
// CHECK-NEXT:    ascendc.rmsnorm %f, %f, %g, %eps, %tiling, %tmp {basicBlock} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, !ascendc.rmsnorm_tiling, !ascendc.local_tensor<4096xui8>
// CHECK-NEXT:    func.return
func.func @quant_norm(%q: !ascendc.local_tensor<1024xi8>, %x: !ascendc.local_tensor<1024xf16>, %f: !ascendc.local_tensor<1024xf32>, %g: !ascendc.local_tensor<1024xf32>, %tmp: !ascendc.local_tensor<4096xui8>, %scale: f32, %offset: f32, %n: i32, %eps: f32, %tiling: !ascendc.rmsnorm_tiling) {
  ascendc.quant %q, %x, %scale, %offset, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf16>, f32, f32, i32
  ascendc.quant %q, %f, %scale, %offset, %n, %tmp {isReuseSource, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf32>, f32, f32, i32, !ascendc.local_tensor<4096xui8>
  ascendc.rmsnorm %f, %f, %g, %eps, %tiling : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, !ascendc.rmsnorm_tiling
  ascendc.rmsnorm %f, %f, %g, %eps, %tiling, %tmp {basicBlock} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, !ascendc.rmsnorm_tiling, !ascendc.local_tensor<4096xui8>
  return
}
