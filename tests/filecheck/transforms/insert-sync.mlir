// ascendc-insert-sync: SetFlag/WaitFlag pairs and barriers from the ops' dependences
// (memory effects + pipes), only where nothing already orders the two ops; its output
// has nothing left for ascendc-verify-sync to report (2>&1 would show it).
// RUN: asc-opt %s --split-input-file -p ascendc-insert-sync,ascendc-verify-sync 2>&1 | filecheck %s

// A tiled loop over explicit UB tiles (no TPipe: constant event id 0). Three pairs: the
// copy-in waits for the previous iteration's copy-out (MTE3 -> MTE2), which itself
// waited for the V op: so the V op's read of %x is ordered too, and the V op's write of
// %y after the copy-out's read; the tiles of GM never overlap across iterations.
// CHECK-LABEL: func.func @tiles(
// CHECK-NEXT:    %[[ID:.*]] = arith.constant 0 : i32
// CHECK:         scf.for
// CHECK:           %gyt = ascendc.global_tensor.subindex
// CHECK-NEXT:      ascendc.set_flag mte3_mte2, %[[ID]] : i32
// CHECK-NEXT:      ascendc.wait_flag mte3_mte2, %[[ID]] : i32
// CHECK-NEXT:      ascendc.data_copy_l2 %x, %gxt, %c256
// CHECK-NEXT:      ascendc.set_flag mte2_v, %[[ID]] : i32
// CHECK-NEXT:      ascendc.wait_flag mte2_v, %[[ID]] : i32
// CHECK-NEXT:      ascendc.exp_l2 %y, %x, %c256
// CHECK-NEXT:      ascendc.set_flag v_mte3, %[[ID]] : i32
// CHECK-NEXT:      ascendc.wait_flag v_mte3, %[[ID]] : i32
// CHECK-NEXT:      ascendc.data_copy_l2 %gyt, %y, %c256
// CHECK-NEXT:    }
// CHECK-NOT:     warning
func.func @tiles(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %lb: index, %ub: index) {
  %step = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %a1 = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
  %len = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %x = ascendc.local_tensor_v2 vecin, %a0, %len : !ascendc.local_tensor<*xf32>
  %y = ascendc.local_tensor_v2 vecout, %a1, %len : !ascendc.local_tensor<*xf32>
  scf.for %i = %lb to %ub step %step {
    %i32 = arith.index_cast %i : index to i32
    %off = arith.muli %i32, %c256 : i32
    %gxt = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %gyt = ascendc.global_tensor.subindex %gy[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %x, %gxt, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.exp_l2 %y, %x, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.data_copy_l2 %gyt, %y, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  func.return
}

// -----

// With a TPipe each pair takes its id from the pipe. Within the vector pipe, a
// barrier (in the branch, where the dependence is); the scalar pipe reads what V wrote
// (V -> S), and that wait on the scalar unit also orders every later op after the V
// work: the scalar write of %x then needs only S -> V before the V op that reads it.
// CHECK-LABEL: func.func @tbufs(
// CHECK:         ascendc.data_copy_l2 %x, %gx, %n
// CHECK-NEXT:    %[[E1:.*]] = ascendc.pipe.fetch_event_id %pipe, mte2_v : i8
// CHECK-NEXT:    ascendc.set_flag mte2_v, %[[E1]] : i8
// CHECK-NEXT:    ascendc.wait_flag mte2_v, %[[E1]] : i8
// CHECK-NEXT:    ascendc.exp_l2 %y, %x, %n
// CHECK-NEXT:    scf.if %c {
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v
// CHECK-NEXT:      ascendc.abs_l2 %y, %y, %n
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[E2:.*]] = ascendc.pipe.fetch_event_id %pipe, v_s : i8
// CHECK-NEXT:    ascendc.set_flag v_s, %[[E2]] : i8
// CHECK-NEXT:    ascendc.wait_flag v_s, %[[E2]] : i8
// CHECK-NEXT:    %v = ascendc.local_tensor.get_value %y, %k
// CHECK-NEXT:    ascendc.local_tensor.set_value %x, %k, %v
// CHECK-NEXT:    %[[E3:.*]] = ascendc.pipe.fetch_event_id %pipe, s_v : i8
// CHECK-NEXT:    ascendc.set_flag s_v, %[[E3]] : i8
// CHECK-NEXT:    ascendc.wait_flag s_v, %[[E3]] : i8
// CHECK-NEXT:    ascendc.muls_l2 %y, %x, %v, %n
// CHECK-NEXT:    %[[E4:.*]] = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i8
// CHECK-NEXT:    ascendc.set_flag v_mte3, %[[E4]] : i8
// CHECK-NEXT:    ascendc.wait_flag v_mte3, %[[E4]] : i8
// CHECK-NEXT:    ascendc.data_copy_l2 %gy, %y, %n
// CHECK-NOT:     warning
func.func @tbufs(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64, %c: i1, %k: i32) {
  %pipe = ascendc.pipe
  %bx = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %bx, %len : !ascendc.tbuf<vecin>, i64
  %by = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %by, %len : !ascendc.tbuf<vecout>, i64
  %x = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
  %y = ascendc.tbuf.get_tensor %by : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.exp_l2 %y, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  scf.if %c {
    ascendc.abs_l2 %y, %y, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  %v = ascendc.local_tensor.get_value %y, %k : !ascendc.local_tensor<*xf32>, i32, f32
  ascendc.local_tensor.set_value %x, %k, %v : !ascendc.local_tensor<*xf32>, i32, f32
  ascendc.muls_l2 %y, %x, %v, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.data_copy_l2 %gy, %y, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}

// -----

// A call may use any pipe: PipeBarrier<PIPE_ALL> before (it reads what MTE2 wrote) and
// after it (V touches what it may write). A hand-written S_MTE3 flag set across the
// insertion point keeps its id; the new V_S pair uses id 0 (another event).
// CHECK-LABEL: func.func @opaque(
// CHECK-NEXT:    %[[ID:.*]] = arith.constant 0 : i32
// CHECK:         ascendc.set_flag s_mte3, %id : i32
// CHECK-NEXT:    ascendc.data_copy_l2 %x, %gx, %n
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    func.call @helper(%x)
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    ascendc.abs_l2 %x, %x, %n
// CHECK-NEXT:    ascendc.wait_flag s_mte3, %id : i32
// CHECK-NEXT:    ascendc.set_flag v_s, %[[ID]] : i32
// CHECK-NEXT:    ascendc.wait_flag v_s, %[[ID]] : i32
// CHECK-NEXT:    %v = ascendc.local_tensor.get_value %x, %n
func.func private @helper(%t: !ascendc.local_tensor<*xf32>)
func.func @opaque(%gx: !ascendc.global_tensor<*xf32>, %n: i32, %addr: ui32, %sz: ui32) {
  %id = arith.constant 0 : i32
  %x = ascendc.local_tensor_v2 vecin, %addr, %sz : !ascendc.local_tensor<*xf32>
  ascendc.set_flag s_mte3, %id : i32
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  func.call @helper(%x) : (!ascendc.local_tensor<*xf32>) -> ()
  ascendc.abs_l2 %x, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.wait_flag s_mte3, %id : i32
  %v = ascendc.local_tensor.get_value %x, %n : !ascendc.local_tensor<*xf32>, i32, f32
  func.return
}

// Code already synchronised (a barrier, flags, a flag at the end of each iteration for
// the next one) gets nothing.
// CHECK-LABEL: func.func @ordered(
// CHECK:         scf.for
// CHECK-NEXT:      ascendc.data_copy_l2 %x, %gx, %n
// CHECK-NEXT:      ascendc.pipe_barrier pipe_all
// CHECK-NEXT:      ascendc.abs_l2 %x, %x, %n
// CHECK-NEXT:      ascendc.set_flag v_mte3, %id : i32
// CHECK-NEXT:      ascendc.wait_flag v_mte3, %id : i32
// CHECK-NEXT:      ascendc.data_copy_l2 %gx, %x, %n
// CHECK-NEXT:      ascendc.set_flag mte3_mte2, %id : i32
// CHECK-NEXT:      ascendc.wait_flag mte3_mte2, %id : i32
// CHECK-NEXT:    }
// CHECK-NOT:     warning
func.func @ordered(%gx: !ascendc.global_tensor<*xf32>, %n: i32, %addr: ui32, %sz: ui32, %lb: index, %ub: index, %step: index) {
  %id = arith.constant 0 : i32
  %x = ascendc.local_tensor_v2 vecin, %addr, %sz : !ascendc.local_tensor<*xf32>
  scf.for %i = %lb to %ub step %step {
    ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.pipe_barrier pipe_all
    ascendc.abs_l2 %x, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.set_flag v_mte3, %id : i32
    ascendc.wait_flag v_mte3, %id : i32
    ascendc.data_copy_l2 %gx, %x, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.set_flag mte3_mte2, %id : i32
    ascendc.wait_flag mte3_mte2, %id : i32
  }
  func.return
}

// -----

// Double-buffered queues: their EnQue/DeQue and AllocTensor/FreeTensor order every
// dependence, so nothing is inserted ...
// CHECK-LABEL: func.func @queues(
// CHECK-NOT:     _flag
// CHECK-NOT:     pipe_barrier
// CHECK:         func.return
func.func @queues(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %lb: index, %ub: index) {
  %step = arith.constant 1 : index
  %c256 = arith.constant 256 : i32
  %two = arith.constant 2 : i32
  %bytes = arith.constant 1024 : i32
  %pipe = ascendc.pipe
  %qin = ascendc.queue : <vecin, 2>
  %qout = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %qin, %two, %bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qout, %two, %bytes : !ascendc.queue<vecout, 2>, i32, i32
  scf.for %i = %lb to %ub step %step {
    %i32 = arith.index_cast %i : index to i32
    %off = arith.muli %i32, %c256 : i32
    %gxt = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %gyt = ascendc.global_tensor.subindex %gy[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %x = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %x, %gxt, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qin, %x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %y = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    ascendc.exp_l2 %y, %xd, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qout, %y : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qin, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %yd = ascendc.que_bind.deque_tensor %qout : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %gyt, %yd, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qout, %yd : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
  }
  func.return
}
