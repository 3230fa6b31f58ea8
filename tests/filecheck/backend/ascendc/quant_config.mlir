// AscendQuant's config is a `const AscendQuantConfig&` template argument: the printer
// declares each distinct config of constants once at namespace scope and names it.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK:      constexpr static AscendC::AscendQuantConfig QUANT_CFG{64, 0, 0, 0};
// CHECK-NEXT: constexpr static AscendC::AscendQuantConfig QUANT_CFG_1{32, 0, 0, 0};
// CHECK-NOT:  AscendQuantConfig
// CHECK-LABEL: void quant_configs(
// CHECK:        AscendC::AscendQuant<half, 0, QUANT_CFG>(q, x, s, s, n);
// CHECK-NEXT:   AscendC::AscendQuant<half, 0, QUANT_CFG>(q, x, s, s, n);
// CHECK-NEXT:   AscendC::AscendQuant<half, 0, QUANT_CFG_1>(q, x, s, s, n);
func.func @quant_configs(%q: !ascendc.local_tensor<1024xi8>, %x: !ascendc.local_tensor<1024xf16>, %s: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = "emitasc.constant"() <{value = 64 : ui32}> : () -> ui32
  %a = ascendc.construct !ascendc.ascend_quant_config(%c64, %c0, %c0, %c0) : ui32, i32, i32, i32
  %b = ascendc.construct !ascendc.ascend_quant_config(%c64, %c0, %c0, %c0) : ui32, i32, i32, i32
  %c = ascendc.construct !ascendc.ascend_quant_config(%c32, %c0, %c0, %c0) : i32, i32, i32, i32
  ascendc.quant %q, %x, %s, %s, %n, %a {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf16>, f32, f32, i32, !ascendc.ascend_quant_config
  ascendc.quant %q, %x, %s, %s, %n, %b {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf16>, f32, f32, i32, !ascendc.ascend_quant_config
  ascendc.quant %q, %x, %s, %s, %n, %c {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1>} : !ascendc.local_tensor<1024xi8>, !ascendc.local_tensor<1024xf16>, f32, f32, i32, !ascendc.ascend_quant_config
  return
}
