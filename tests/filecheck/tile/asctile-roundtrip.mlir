// The asctile ops print and parse back the same (custom form twice, and through the
// generic form): the twelve ops the lowering tests do not already read back.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s

// CHECK-LABEL: func.func @transfers(
// CHECK:         %[[V:.*]] = asctile.tensor %{{.*}}[%{{.*}}] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?x64xf32>
// CHECK:         %[[S:.*]] = asctile.load_scalar %[[V]][%[[I:.*]], %[[I]]] : !asctile.tensor<?x64xf32>, i32, i32 -> f32
// CHECK:         asctile.store_scalar %[[S]], %[[V]][%[[I]], %[[I]]] : f32, !asctile.tensor<?x64xf32>, i32, i32
// CHECK:         %[[T:.*]] = asctile.load %[[V]][%[[I]], %[[I]]] : !asctile.tensor<?x64xf32>, i32, i32 -> !asctile.tile<16x64xf32, ub>
// CHECK:         %{{.*}} = asctile.load %[[V]][%[[I]], %[[I]]] {pad_value = -1.000000e+00 : f32} : !asctile.tensor<?x64xf32>, i32, i32 -> !asctile.tile<16x64xf32, ub>
// CHECK:         %[[C:.*]] = asctile.copy %[[T]][%[[I]], %[[I]]] : !asctile.tile<16x64xf32, ub>, i32, i32 -> !asctile.tile<8x64xf32, ub>
// CHECK:         asctile.atomic "add" %[[C]], %[[V]][%[[I]], %[[I]]] : !asctile.tile<8x64xf32, ub>, !asctile.tensor<?x64xf32>, i32, i32
// CHECK:         asctile.atomic "max" %[[C]], %[[V]][%[[I]], %[[I]]] : !asctile.tile<8x64xf32, ub>, !asctile.tensor<?x64xf32>, i32, i32
func.func @transfers(%x: memref<?xf32, 22 : i64>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %v = asctile.tensor %x[%n] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?x64xf32>
  %s = asctile.load_scalar %v[%c0, %c0] : !asctile.tensor<?x64xf32>, i32, i32 -> f32
  asctile.store_scalar %s, %v[%c0, %c0] : f32, !asctile.tensor<?x64xf32>, i32, i32
  %t = asctile.load %v[%c0, %c0] : !asctile.tensor<?x64xf32>, i32, i32 -> !asctile.tile<16x64xf32, ub>
  %p = asctile.load %v[%c0, %c0] {pad_value = -1.0 : f32} : !asctile.tensor<?x64xf32>, i32, i32 -> !asctile.tile<16x64xf32, ub>
  %c = asctile.copy %t[%c0, %c0] : !asctile.tile<16x64xf32, ub>, i32, i32 -> !asctile.tile<8x64xf32, ub>
  asctile.atomic "add" %c, %v[%c0, %c0] : !asctile.tile<8x64xf32, ub>, !asctile.tensor<?x64xf32>, i32, i32
  asctile.atomic "max" %c, %v[%c0, %c0] : !asctile.tile<8x64xf32, ub>, !asctile.tensor<?x64xf32>, i32, i32
  func.return
}

// CHECK-LABEL: func.func @values(
// CHECK:         %[[F:.*]] = asctile.full %{{.*}} : f32 -> !asctile.tile<4x32xf32, ub>
// CHECK:         %{{.*}} = asctile.cast %[[F]] : !asctile.tile<4x32xf32, ub> -> !asctile.tile<4x32xf16, ub>
// CHECK:         %[[B:.*]] = asctile.broadcast %{{.*}} : !asctile.tile<1x32xf32, ub> -> !asctile.tile<4x32xf32, ub>
// CHECK:         %{{.*}} = asctile.reshape %[[B]] : !asctile.tile<4x32xf32, ub> -> !asctile.tile<128xf32, ub>
// CHECK:         %{{.*}} = asctile.concat %[[F]], %[[B]] {dim = 0 : i64} : !asctile.tile<4x32xf32, ub>, !asctile.tile<4x32xf32, ub> -> !asctile.tile<8x32xf32, ub>
// CHECK:         %{{.*}} = asctile.softmax %[[F]] : !asctile.tile<4x32xf32, ub> -> !asctile.tile<4x32xf32, ub>
// CHECK:         %{{.*}} = asctile.rms_norm %[[F]] {epsilon = 1.000000e-06 : f32} : !asctile.tile<4x32xf32, ub> -> !asctile.tile<4x32xf32, ub>
// CHECK:         %{{.*}} = asctile.rms_norm %[[F]], %{{.*}} {epsilon = 1.000000e-05 : f32} : !asctile.tile<4x32xf32, ub>, !asctile.tile<1x32xf32, ub> -> !asctile.tile<4x32xf32, ub>
// CHECK:         %{{.*}} = asctile.zeros_acc : !asctile.tile<32x32xf32, l0c>
func.func @values(%s: f32, %row: !asctile.tile<1x32xf32, ub>) {
  %f = asctile.full %s : f32 -> !asctile.tile<4x32xf32, ub>
  %h = asctile.cast %f : !asctile.tile<4x32xf32, ub> -> !asctile.tile<4x32xf16, ub>
  %b = asctile.broadcast %row : !asctile.tile<1x32xf32, ub> -> !asctile.tile<4x32xf32, ub>
  %r = asctile.reshape %b : !asctile.tile<4x32xf32, ub> -> !asctile.tile<128xf32, ub>
  %c = asctile.concat %f, %b {dim = 0 : i64} : !asctile.tile<4x32xf32, ub>, !asctile.tile<4x32xf32, ub> -> !asctile.tile<8x32xf32, ub>
  %m = asctile.softmax %f : !asctile.tile<4x32xf32, ub> -> !asctile.tile<4x32xf32, ub>
  %n = asctile.rms_norm %f {epsilon = 1.0e-06 : f32} : !asctile.tile<4x32xf32, ub> -> !asctile.tile<4x32xf32, ub>
  %g = asctile.rms_norm %f, %row {epsilon = 1.0e-05 : f32} : !asctile.tile<4x32xf32, ub>, !asctile.tile<1x32xf32, ub> -> !asctile.tile<4x32xf32, ub>
  %z = asctile.zeros_acc : !asctile.tile<32x32xf32, l0c>
  func.return
}
