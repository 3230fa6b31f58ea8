// ascendc-insert-sync refuses, located, the cross-core dependences it cannot order.
// RUN: not asc-opt %s -p ascendc-insert-sync 2>&1 | filecheck %s

// The AIC writes and the AIVs read in the two branches of one `if ascend_is_aic()`:
// no point before the `if` orders them.
// CHECK:      insert-sync-cross-core-invalid.mlir:[[# @LINE + 13]]:5
// CHECK:      error: ascendc-insert-sync: 'ascendc.data_copy_l2' on the vector side needs 'ascendc.data_copy_l2' on the cube side done first, but both are under the same `if ascend_is_aic()/aiv()`: no cross-core flag before it orders them (write the two sides as two `if`s, the producer's first)
func.func @one_if(%gw: !ascendc.global_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  } else {
    ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  func.return
}
