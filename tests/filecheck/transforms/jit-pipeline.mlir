// ascendc-jit-pipeline: the JIT's pipeline by name. With local_tensor_auto and no
// insert_sync option, pyasc's default inserts the syncs; insert_sync=false leaves none.
// RUN: asc-opt %s -p ascendc-jit-pipeline | filecheck %s
// RUN: asc-opt %s -p 'ascendc-jit-pipeline{insert_sync=false}' | filecheck %s --check-prefix=NOSYNC

// CHECK:       emitasc.include "kernel_operator.h"
// CHECK-LABEL: func.func @k(
// CHECK:         %y_que = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %{{.*}}, %y_que, %c1_i32, %c256_i64 {ascendc.address = 0 : i64, ascendc.bytes = 256 : i64}
// CHECK-NEXT:    %x_que = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %{{.*}}, %x_que, %c1_i32, %c256_i64 {ascendc.address = 256 : i64, ascendc.bytes = 256 : i64}
// CHECK:         scf.for
// CHECK:           %x = ascendc.que_bind.alloc_tensor %x_que
// CHECK:           ascendc.data_copy_l2 %x
// Both sides need the same MTE2 -> V pair: it goes once, before the branch.
// CHECK-NEXT:      ascendc.pipe.fetch_event_id %{{.*}}, mte2_v
// CHECK-NEXT:      ascendc.set_flag mte2_v
// CHECK-NEXT:      ascendc.wait_flag mte2_v
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        ascendc.abs_l2 %y, %x, %n
// CHECK-NEXT:      } else {
// CHECK-NEXT:        ascendc.exp_l2 %y, %x, %n
// CHECK-NEXT:      }
// CHECK:           ascendc.set_flag v_mte3
// CHECK-NEXT:      ascendc.wait_flag v_mte3
// The tiles' offsets are %i with an unknown step: the copies out may overlap.
// CHECK-NEXT:      ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:      ascendc.data_copy_l2 %{{.*}}, %y, %n
// CHECK:           ascendc.que_bind.free_tensor %y_que, %y
// CHECK-NEXT:      ascendc.que_bind.free_tensor %x_que, %x

// NOSYNC-LABEL: func.func @k(
// NOSYNC-NOT:     local_tensor_auto
// NOSYNC-NOT:     set_flag
// NOSYNC:         func.return
func.func @k(%px: memref<?xf32, 22>, %py: memref<?xf32, 22>, %n: i32, %lb: i32, %ub: i32, %step: i32, %c: i1) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %px : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gy, %py : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  scf.for %i = %lb to %ub step %step : i32 {
    %x = ascendc.local_tensor_auto() : <64xf32>
    %y = ascendc.local_tensor_auto() : <64xf32>
    %sx = ascendc.global_tensor.subindex %gx[%i] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %x, %sx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    scf.if %c {
      ascendc.abs_l2 %y, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    } else {
      ascendc.exp_l2 %y, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    }
    %sy = ascendc.global_tensor.subindex %gy[%i] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %sy, %y, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  func.return
}
