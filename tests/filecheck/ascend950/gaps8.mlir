// Ascend 950 gaps (issue 30): the flexible-scalar-position count forms (both sources
// LocalTensors; BinaryConfig::scalarTensorIndex 1 by default; 0 printed for Subs / Divs
// with a named `static constexpr` config, for the commutative ones as the default config
// with the sources swapped); `clock()` outside SIMT code (`__asc_aicore::clock()`,
// ascendc.clock). Header-checked for 3510 by tests/unit/test_headers.py.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // IR-LABEL: func.func @flexible
  // IR: ascendc.subs_scalar_tensor_l2 %d, %a, %b, %n {scalarTensorIndex = 1 : i8}
  // IR: ascendc.subs_scalar_tensor_l2 %d, %b, %a, %n {scalarTensorIndex = 0 : i8}
  // CHECK-LABEL: __aicore__ void flexible(AscendC::LocalTensor<float> d, AscendC::LocalTensor<float> a, AscendC::LocalTensor<float> b, int32_t n) {
  // CHECK-NEXT: AscendC::Subs(d, a, b, n);
  // CHECK-NEXT: static constexpr AscendC::BinaryConfig [[C0:.*]] = {0};
  // CHECK-NEXT: AscendC::Subs<AscendC::BinaryDefaultType, true, [[C0]]>(d, b, a, n);
  // CHECK-NEXT: AscendC::Adds(d, a, b, n);
  // CHECK-NEXT: AscendC::Muls(d, a, b, n);
  // CHECK-NEXT: static constexpr AscendC::BinaryConfig [[C1:.*]] = {0};
  // CHECK-NEXT: AscendC::Divs<AscendC::BinaryDefaultType, true, [[C1]]>(d, b, a, n);
  // CHECK-NEXT: AscendC::Maxs(d, a, b, n);
  // CHECK-NEXT: AscendC::Mins(d, a, b, n);
  func.func @flexible(%d: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf32>, %b: !ascendc.local_tensor<*xf32>, %n: i32) {
    "ascendc.subs_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    "ascendc.subs_scalar_tensor_l2"(%d, %b, %a, %n) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    "ascendc.adds_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    "ascendc.muls_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    "ascendc.divs_scalar_tensor_l2"(%d, %b, %a, %n) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    "ascendc.maxs_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    "ascendc.mins_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    func.return
  }

  // CHECK-LABEL: __aicore__ void bits(AscendC::LocalTensor<int16_t> d, AscendC::LocalTensor<int16_t> a, AscendC::LocalTensor<int16_t> b, int32_t n) {
  // CHECK-NEXT: AscendC::Ands(d, a, b, n);
  // CHECK-NEXT: AscendC::Ors(d, b, a, n);
  func.func @bits(%d: !ascendc.local_tensor<*xi16>, %a: !ascendc.local_tensor<*xi16>, %b: !ascendc.local_tensor<*xi16>, %n: i32) {
    "ascendc.ands_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 1 : i8}> : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32) -> ()
    "ascendc.ors_scalar_tensor_l2"(%d, %a, %b, %n) <{scalarTensorIndex = 0 : i8}> : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32) -> ()
    func.return
  }

  // IR-LABEL: func.func @ticks
  // IR: %t = ascendc.clock : ui64
  // CHECK-LABEL: __aicore__ uint64_t ticks() {
  // CHECK-NEXT: uint64_t t = __asc_aicore::clock();
  // CHECK-NEXT: return t;
  func.func @ticks() -> ui64 {
    %t = ascendc.clock : ui64
    func.return %t : ui64
  }
}
