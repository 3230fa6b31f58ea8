// Advanced-API ops whose pyasc form has no valid Ascend C: refused by the printer with a
// located error (see adv_math.py, adv_misc.py).
// RUN: asc-opt %s -t ascendc --split-input-file --verify-diagnostics | filecheck %s

// pyasc's CumSum carries CumSumConfig's fields where the API takes CumSumInfo (the shape).
func.func @cumsum(%f: !ascendc.local_tensor<1024xf32>, %a: i32, %b: i32, %c: i32) {
  ascendc.cumsum %f, %f, %f, %a, %b, %c : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, i32
  return
}

// CHECK: invalid_adv.mlir:7:3
// CHECK: error: cannot emit 'ascendc.cumsum' as Ascend C: ascendc.cumsum has no Ascend C form: AscendC::CumSum takes the shape as a CumSumInfo{outter, inner} and its options as a CumSumConfig template argument, while this op carries only the options (lastAxis, reuseSource, outputLastRow)

// -----

// AscendQuant's config is a reference template argument: a constexpr object, so its
// fields must be constants (the printer declares it at namespace scope).
func.func @quant_config(%q: !ascendc.local_tensor<1024xi8>, %x: !ascendc.local_tensor<1024xf16>, %s: f32, %n: i32, %k: ui32) {
  %c0 = "emitasc.constant"() <{value = 0 : ui32}> : () -> ui32
  %config = ascendc.construct !ascendc.ascend_quant_config(%k, %c0, %c0, %c0) : ui32, ui32, ui32, ui32
  ascendc.quant %q, %x, %s, %s, %n, %config {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf16>, f32, f32, i32, !ascendc.ascend_quant_config
  return
}

// CHECK: invalid_adv.mlir:21:3
// CHECK: error: cannot emit 'ascendc.quant' as Ascend C: AscendQuant's config is a constexpr template argument: build asc.adv.QuantConfig from compile-time integers >= 0
