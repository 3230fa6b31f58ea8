// ascendc-erase-sync then ascendc-insert-sync on a double-buffered queue kernel: the two
// EnQue/DeQue pairs become two SetFlag/WaitFlag pairs (MTE2 -> V, V -> MTE3); buffer
// reuse across iterations stays ordered by AllocTensor/FreeTensor (no flag for it).
// RUN: asc-opt %S/insert-sync.mlir --split-input-file -p ascendc-erase-sync,ascendc-insert-sync,ascendc-verify-sync 2>&1 | filecheck %s

// CHECK-LABEL: func.func @queues(
// CHECK:         scf.for
// CHECK:           %x = ascendc.que_bind.alloc_tensor %qin
// CHECK-NEXT:      ascendc.data_copy_l2 %x, %gxt, %c256
// CHECK-NEXT:      %y = ascendc.que_bind.alloc_tensor %qout
// CHECK-NEXT:      %[[E1:.*]] = ascendc.pipe.fetch_event_id %pipe, mte2_v : i8
// CHECK-NEXT:      ascendc.set_flag mte2_v, %[[E1]] : i8
// CHECK-NEXT:      ascendc.wait_flag mte2_v, %[[E1]] : i8
// CHECK-NEXT:      ascendc.exp_l2 %y, %x, %c256
// CHECK-NEXT:      ascendc.que_bind.free_tensor %qin, %x
// CHECK-NEXT:      %[[E2:.*]] = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i8
// CHECK-NEXT:      ascendc.set_flag v_mte3, %[[E2]] : i8
// CHECK-NEXT:      ascendc.wait_flag v_mte3, %[[E2]] : i8
// CHECK-NEXT:      ascendc.data_copy_l2 %gyt, %y, %c256
// CHECK-NEXT:      ascendc.que_bind.free_tensor %qout, %y
// CHECK-NEXT:    }
// CHECK-NOT:     warning
