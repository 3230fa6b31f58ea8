// ascendc-insert-sync refuses a mix kernel whose own cross-core flag ids it cannot know.
// RUN: not asc-opt %s -p ascendc-insert-sync 2>&1 | filecheck %s


// A hand-written cross-core flag whose id is computed at run time: no id is known free.
// CHECK:      insert-sync-cross-core-runtime-id.mlir:[[# @LINE + 11]]:3
// CHECK:      error: ascendc-insert-sync: a hand-written cross-core flag with an id computed at run time: no flag id is known to be free for the inserted ones
func.func @runtime_id(%gw: !ascendc.global_tensor<*xf32>, %id: i32) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.data_copy_l2 %x, %gw, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.cross_core_set_flag %id, 1, pipe_mte3 : i32
  func.return
}
