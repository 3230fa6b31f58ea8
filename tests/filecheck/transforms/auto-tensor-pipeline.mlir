// pyasc's lowering of automatic tensors, pass by pass, then synchronisation from
// dependences: input/output marks, scratch tensors hoisted, queues and TBufs
// materialised, one TPipe, queues hoisted out of the loop, flags and barriers
// inserted; verify-sync has nothing to say about the result.
// RUN: asc-opt %s -p ascendc-privatize-func,ascendc-input-output-tensor,ascendc-hoist-ub-allocation,ascendc-materialize-tensor,ascendc-unify-pipe,cse,ascendc-erase-sync,ascendc-hoist-que-bind,ascendc-insert-sync,ascendc-unify-pipe,ascendc-verify-sync 2>&1 | filecheck %s

// CHECK-LABEL: func.func @auto_tensors(
// CHECK-NEXT:    %[[PIPE:.*]] = ascendc.pipe
// CHECK:         %[[B:.*]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %[[PIPE]], %[[B]], %[[LEN:.*]] : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    %t = ascendc.tbuf.get_tensor %[[B]]
// CHECK-NEXT:    %[[QO:.*]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %[[PIPE]], %[[QO]], %c1, %[[LEN]]
// CHECK-NEXT:    %[[QI:.*]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %[[PIPE]], %[[QI]], %c1, %[[LEN]]
// CHECK-NEXT:    scf.for %i = %c0 to %c4 step %c1 : i32 {
// CHECK:           %x = ascendc.que_bind.alloc_tensor %[[QI]]
// CHECK-NEXT:      ascendc.data_copy_l2 %x, %tx, %c64
// CHECK-NEXT:      %[[E1:.*]] = ascendc.pipe.fetch_event_id %[[PIPE]], mte2_v : i8
// CHECK-NEXT:      ascendc.set_flag mte2_v, %[[E1]] : i8
// CHECK-NEXT:      ascendc.wait_flag mte2_v, %[[E1]] : i8
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v
// CHECK-NEXT:      ascendc.exp_l2 %t, %x, %c64
// CHECK-NEXT:      %y = ascendc.que_bind.alloc_tensor %[[QO]]
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v
// CHECK-NEXT:      ascendc.adds_l2 %y, %t, %n, %c64
// CHECK-NEXT:      %[[E2:.*]] = ascendc.pipe.fetch_event_id %[[PIPE]], v_mte3 : i8
// CHECK-NEXT:      ascendc.set_flag v_mte3, %[[E2]] : i8
// CHECK-NEXT:      ascendc.wait_flag v_mte3, %[[E2]] : i8
// CHECK-NEXT:      ascendc.data_copy_l2 %ty, %y, %c64
// CHECK-NEXT:      ascendc.que_bind.free_tensor %[[QO]], %y
// CHECK-NEXT:      ascendc.que_bind.free_tensor %[[QI]], %x
// CHECK-NEXT:    }
// CHECK-NOT:     warning
func.func @auto_tensors(%px: memref<?xf32, 22>, %py: memref<?xf32, 22>, %n: f32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c64 = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %px : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gy, %py : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %off = arith.muli %i, %c64 : i32
    %tx = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %ty = ascendc.global_tensor.subindex %gy[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %x = ascendc.local_tensor_auto() : !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %x, %tx, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    %t = ascendc.local_tensor_auto() : !ascendc.local_tensor<64xf32>
    ascendc.exp_l2 %t, %x, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    %y = ascendc.local_tensor_auto() : !ascendc.local_tensor<64xf32>
    ascendc.adds_l2 %y, %t, %n, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.data_copy_l2 %ty, %y, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  func.return
}
