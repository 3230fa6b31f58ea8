// The per-SoC dtype tables apply when the module names its SoC (module attribute
// ascendc.soc, or asc-opt --soc); IR that names none is target-neutral.
// RUN: asc-opt %s --split-input-file | filecheck %s --check-prefix=NEUTRAL
// RUN: asc-opt %s --split-input-file --soc Ascend910B1 --verify-diagnostics | filecheck %s --check-prefix=A2

// NEUTRAL: ascendc.not_l2 %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<1024xf32>
// A2: soc.mlir:[[# @LINE + 4]]:3
// A2-NEXT: ascendc.not_l2
// A2: error: 'ascendc.not_l2': Not does not support element type f32 on Atlas A2/A3 (supported: i16, ui16)
func.func @not_f32(%a: !ascendc.local_tensor<1024xf32>, %n: i32) {
  ascendc.not_l2 %a, %a, %n : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}

// -----

// NEUTRAL: ascendc.cast_l2 %{{.*}}, %{{.*}}, %{{.*}} {roundMode = 0 : i32}
// A2: soc.mlir:[[# @LINE + 4]]:3
// A2-NEXT: ascendc.cast_l2
// A2: error: 'ascendc.cast_l2': Cast from f32 to f32 does not support CAST_NONE
func.func @cast_f32_f32(%d: !ascendc.local_tensor<1024xf32>, %s: !ascendc.local_tensor<1024xf32>, %n: i32) {
  ascendc.cast_l2 %d, %s, %n {roundMode = 0 : i32} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}
