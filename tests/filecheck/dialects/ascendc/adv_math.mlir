// Round trip of the advanced math ops (adv_math.py), custom form and through the generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s

// The optional scratch buffer and count.
// CHECK-LABEL: func.func @forms(%dst: !ascendc.local_tensor<1024xf32>, %src: !ascendc.local_tensor<1024xf32>, %tmp: !ascendc.local_tensor<4096xui8>, %tmpf: !ascendc.local_tensor<1024xf32>, %n: i32)
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    ascendc.acosh %dst, %src, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.acosh %dst, %src, %true {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i1
// CHECK-NEXT:    ascendc.acosh %dst, %src, %tmpf, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i1
// CHECK-NEXT:    ascendc.acosh %dst, %src, %n, %false {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i1
// CHECK-NEXT:    func.return
func.func @forms(%dst: !ascendc.local_tensor<1024xf32>, %src: !ascendc.local_tensor<1024xf32>, %tmp: !ascendc.local_tensor<4096xui8>, %tmpf: !ascendc.local_tensor<1024xf32>, %n: i32) {
  %false = arith.constant false
  %true = arith.constant true
  ascendc.acosh %dst, %src, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.acosh %dst, %src, %true {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i1
  ascendc.acosh %dst, %src, %tmpf, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i1
  ascendc.acosh %dst, %src, %n, %false {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i1
  return
}

// Every unary function (Log takes no scratch buffer; Ceil, Digamma, Floor, Lgamma, Round need a count).
// CHECK-LABEL: func.func @unary(%f: !ascendc.local_tensor<1024xf32>, %h: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %n: i32)
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    ascendc.acos %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.acosh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.asin %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.asinh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.atan %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.atanh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.ceil %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.cos %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.cosh %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.digamma %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.erf %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.erfc %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.floor %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.frac %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.lgamma %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.log %h, %h, %n, %false {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, i32, i1
// CHECK-NEXT:    ascendc.round %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.sign %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.sin %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.sinh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.tan %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.tanh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.trunc %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    func.return
func.func @unary(%f: !ascendc.local_tensor<1024xf32>, %h: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %n: i32) {
  %false = arith.constant false
  ascendc.acos %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.acosh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.asin %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.asinh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.atan %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.atanh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.ceil %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.cos %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.cosh %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.digamma %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.erf %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.erfc %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.floor %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.frac %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.lgamma %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.log %h, %h, %n, %false {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, i32, i1
  ascendc.round %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.sign %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.sin %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.sinh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.tan %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.tanh %h, %h, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.trunc %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  return
}

// Power of tensors, a tensor and a scalar, a scalar and a tensor; Xor.
// CHECK-LABEL: func.func @binary(%f: !ascendc.local_tensor<1024xf32>, %w: !ascendc.local_tensor<1024xi32>, %s: !ascendc.local_tensor<1024xi16>, %u: !ascendc.local_tensor<1024xui16>, %tmp: !ascendc.local_tensor<4096xui8>, %x: f32, %k: i32, %n: i32)
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    ascendc.power %f, %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.power %f, %f, %x, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, i1
// CHECK-NEXT:    ascendc.power %w, %k, %w, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xi32>, i32, !ascendc.local_tensor<1024xi32>, i32, i1
// CHECK-NEXT:    ascendc.xor %s, %s, %s, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.xor %u, %u, %u, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xui16>, !ascendc.local_tensor<1024xui16>, !ascendc.local_tensor<1024xui16>, i1
// CHECK-NEXT:    func.return
func.func @binary(%f: !ascendc.local_tensor<1024xf32>, %w: !ascendc.local_tensor<1024xi32>, %s: !ascendc.local_tensor<1024xi16>, %u: !ascendc.local_tensor<1024xui16>, %tmp: !ascendc.local_tensor<4096xui8>, %x: f32, %k: i32, %n: i32) {
  %false = arith.constant false
  ascendc.power %f, %f, %f, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.power %f, %f, %x, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, f32, i1
  ascendc.power %w, %k, %w, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1>} : !ascendc.local_tensor<1024xi32>, i32, !ascendc.local_tensor<1024xi32>, i32, i1
  ascendc.xor %s, %s, %s, %tmp, %n, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.xor %u, %u, %u, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<1024xui16>, !ascendc.local_tensor<1024xui16>, !ascendc.local_tensor<1024xui16>, i1
  return
}

// Axpy (half into float), ClampMax/ClampMin, Exp with a Taylor level.
// CHECK-LABEL: func.func @others(%f: !ascendc.local_tensor<1024xf32>, %h: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %a: f32, %n: i32)
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %level = arith.constant 4 : i8
// CHECK-NEXT:    ascendc.axpy %f, %h, %a, %tmp, %n, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf16>, f32, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.axpy %h, %h, %a, %tmp, %n, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, f32, !ascendc.local_tensor<4096xui8>, i32, i1
// CHECK-NEXT:    ascendc.clamp_max %f, %f, %tmp, %a, %n, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, f32, i32, i1
// CHECK-NEXT:    ascendc.clamp_min %h, %h, %a, %n, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, f32, i32, i1
// CHECK-NEXT:    ascendc.exp %f, %f, %n, %level, %tmp, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i8, !ascendc.local_tensor<4096xui8>, i1
// CHECK-NEXT:    ascendc.exp %h, %h, %n, %level, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, i32, i8, i1
// CHECK-NEXT:    func.return
func.func @others(%f: !ascendc.local_tensor<1024xf32>, %h: !ascendc.local_tensor<1024xf16>, %tmp: !ascendc.local_tensor<4096xui8>, %a: f32, %n: i32) {
  %false = arith.constant false
  %level = arith.constant 4 : i8
  ascendc.axpy %f, %h, %a, %tmp, %n, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf16>, f32, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.axpy %h, %h, %a, %tmp, %n, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, f32, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.clamp_max %f, %f, %tmp, %a, %n, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, f32, i32, i1
  ascendc.clamp_min %h, %h, %a, %n, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, f32, i32, i1
  ascendc.exp %f, %f, %n, %level, %tmp, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i8, !ascendc.local_tensor<4096xui8>, i1
  ascendc.exp %h, %h, %n, %level, %false : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, i32, i8, i1
  return
}

// pyasc's CumSum (no Ascend C form, see adv_math.py) parses and prints.
// CHECK-LABEL: func.func @cumsum(%dst: !ascendc.local_tensor<1024xf32>, %last: !ascendc.local_tensor<1024xf32>, %src: !ascendc.local_tensor<1024xf32>, %tmp: !ascendc.local_tensor<4096xui8>, %a: i32, %b: i32, %c: i32)
// CHECK-NEXT:    ascendc.cumsum %dst, %last, %src, %tmp, %a, %b, %c : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i32, i32
// CHECK-NEXT:    ascendc.cumsum %dst, %last, %src, %a, %b, %c : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, i32
// CHECK-NEXT:    func.return
func.func @cumsum(%dst: !ascendc.local_tensor<1024xf32>, %last: !ascendc.local_tensor<1024xf32>, %src: !ascendc.local_tensor<1024xf32>, %tmp: !ascendc.local_tensor<4096xui8>, %a: i32, %b: i32, %c: i32) {
  ascendc.cumsum %dst, %last, %src, %tmp, %a, %b, %c : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<4096xui8>, i32, i32, i32
  ascendc.cumsum %dst, %last, %src, %a, %b, %c : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, i32
  return
}
