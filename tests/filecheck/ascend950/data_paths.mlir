// The data paths Ascend 950 adds: L1 -> UB (DataCopyL1ToUB<T, subBlockId>: plain DataCopy
// does not take it on 950) and Fixpipe L0C -> UB; UB -> L1 and Fixpipe L0C -> L1 exist on
// Atlas A2/A3 too.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @paths
// IR:       ascendc.data_copy_l1_to_ub %ub, %l1, %n {subBlockId = 1 : ui8} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
// IR-NEXT:  ascendc.data_copy_l0 %l1, %ub, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_params
// IR:       ascendc.fixpipe %out, %co1, %fp, %cfg : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config

// CHECK-LABEL: void paths(
// CHECK:         AscendC::DataCopyL1ToUB<float, 1>(ub, l1, n);
// CHECK-NEXT:    AscendC::DataCopy(l1, ub, p);
// CHECK:         AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(out, co1, fp);
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @paths(%n: i32, %p: !ascendc.data_copy_params, %fp: !ascendc.fixpipe_params_v220) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %c1024 = arith.constant 1024 : i32
    %len = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
    %ub = ascendc.local_tensor_v2 vecin, %a0, %len : !ascendc.local_tensor<*xf32>
    %l1 = ascendc.local_tensor_v2 a1, %a0, %len : !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l1_to_ub %ub, %l1, %n {subBlockId = 1 : ui8} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.data_copy_l0 %l1, %ub, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_params
    %co1 = ascendc.local_tensor_v2 co1, %a0, %len : !ascendc.local_tensor<*xf32>
    %out = ascendc.local_tensor_v2 vecout, %a0, %len : !ascendc.local_tensor<*xf32>
    %row = arith.constant 1 : i64
    %cfg = ascendc.construct !ascendc.fixpipe_config(%row) [!ascendc.co2_layout] : i64
    ascendc.fixpipe %out, %co1, %fp, %cfg : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
    func.return
  }
}
