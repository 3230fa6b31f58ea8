// ascendc-erase-sync: SetFlag/WaitFlag/PipeBarrier and EnQue go; a DeQue's tensor is the
// one its EnQue enqueued; AllocTensor/FreeTensor and syncs between cores stay.
// RUN: asc-opt %s --split-input-file --verify-diagnostics -p ascendc-erase-sync | filecheck %s

// CHECK-LABEL: func.func @copy_loop(
// CHECK:         %q = ascendc.queue
// CHECK-NEXT:    %o = ascendc.queue
// CHECK-NEXT:    scf.for %i = %lb to %ub step %step {
// CHECK-NEXT:      %t = ascendc.que_bind.alloc_tensor %q
// CHECK-NEXT:      ascendc.data_copy_l2 %t, %x, %n
// CHECK-NEXT:      %r = ascendc.que_bind.alloc_tensor %o
// CHECK-NEXT:      ascendc.abs_l2 %r, %t, %n
// CHECK-NEXT:      ascendc.que_bind.free_tensor %q, %t
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        ascendc.cross_core_set_flag %n, 0, pipe_mte3 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      ascendc.data_copy_l2 %y, %r, %n
// CHECK-NEXT:      ascendc.que_bind.free_tensor %o, %r
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @copy_loop(%x: !ascendc.global_tensor<*xf32>, %y: !ascendc.global_tensor<*xf32>, %n: i32, %lb: index, %ub: index, %step: index, %c: i1) {
  %id = arith.constant 0 : i32
  %q = ascendc.queue : <vecin, 1>
  %o = ascendc.queue : <vecout, 1>
  scf.for %i = %lb to %ub step %step {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %u = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %r = ascendc.que_bind.alloc_tensor %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.abs_l2 %r, %u, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.pipe_barrier pipe_v
    ascendc.que_bind.free_tensor %q, %u : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %o, %r : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    scf.if %c {
      ascendc.set_flag v_mte3, %id : i32
      ascendc.wait_flag v_mte3, %id : i32
      ascendc.cross_core_set_flag %n, 0, pipe_mte3 : i32
    }
    %w = ascendc.que_bind.deque_tensor %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %y, %w, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %o, %w : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  func.return
}

// -----

// A DeQue in a loop whose iterations enqueue for the next one: the tensor it takes has
// no name there.
func.func @pipelined(%lb: index, %ub: index, %step: index) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  scf.for %i = %lb to %ub step %step {
    %u = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %q, %u : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  func.return
}
// CHECK:      erase-sync.mlir:[[# @LINE - 5]]:5
// CHECK-NEXT: %u = ascendc.que_bind.deque_tensor
// CHECK:      error: ascendc-erase-sync: this DeQue may take a tensor enqueued in an earlier iteration of the loop around it, which no value here names

// -----

// An EnQue in a branch does not name the tensor a DeQue after the branch takes.
func.func @enqueued_in_branch(%c: i1) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  scf.if %c {
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  %u = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  func.return
}
// CHECK:      erase-sync.mlir:[[# @LINE - 3]]:3
// CHECK:      error: ascendc-erase-sync: no EnQue on this queue comes before this DeQue in its block or the blocks around it: the tensor it takes is not known

// -----

func.func @in_place(%t: !ascendc.local_tensor<*xf32>) {
  %q = ascendc.queue : <vecin, 0>
  ascendc.que_bind.deque_tensor_in_place %q, %t : !ascendc.queue<vecin, 0>, !ascendc.local_tensor<*xf32>
  func.return
}
// CHECK:      erase-sync.mlir:[[# @LINE - 3]]:3
// CHECK:      error: ascendc-erase-sync: an in-place DeQue binds its tensor: it cannot be erased (use the DeQue that returns the tensor)
