// ascendc-verify-sync: each warning, at its op, with notes at the others; the IR is
// printed unchanged and the driver succeeds.
// RUN: asc-opt %s --split-input-file --verify-diagnostics -p ascendc-verify-sync 2>&1 | filecheck %s

// A copy-in read by the vector pipe with nothing between them (read after write).
func.func @raw(%gx: !ascendc.global_tensor<*xf32>, %n: i32, %a: ui32, %s: ui32) {
  %x = ascendc.local_tensor_v2 vecin, %a, %s : !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.abs_l2 %x, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}
// CHECK:      verify-sync.mlir:[[# @LINE - 3]]:3
// CHECK:      warning: 'ascendc.abs_l2' (pipe V) reads memory that 'ascendc.data_copy_l2' (pipe MTE2) writes, and nothing orders them: MTE2 -> V needs SetFlag/WaitFlag<MTE2_V> between them
// CHECK:      verify-sync.mlir:[[# @LINE - 6]]:3
// CHECK:      note: the write on MTE2 is here
// CHECK:      warning: 'ascendc.abs_l2' (pipe V) writes memory that 'ascendc.data_copy_l2' (pipe MTE2) also writes, and nothing orders them: MTE2 -> V needs SetFlag/WaitFlag<MTE2_V> between them
// CHECK:      builtin.module

// -----

// In a loop: the copy-in of the next iteration overwrites what the vector op read
// (write after read, carried by the loop); the flags only order the same iteration.
func.func @war_across_iterations(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %n: i32, %a: ui32, %s: ui32, %lb: index, %ub: index, %step: index) {
  %id = arith.constant 1 : i32
  %x = ascendc.local_tensor_v2 vecin, %a, %s : !ascendc.local_tensor<*xf32>
  scf.for %i = %lb to %ub step %step {
    ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.set_flag mte2_v, %id : i32
    ascendc.wait_flag mte2_v, %id : i32
    ascendc.reduce_sum_l2 %x, %x, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  func.return
}
// CHECK:      verify-sync.mlir:[[# @LINE - 7]]:5
// CHECK:      warning: 'ascendc.data_copy_l2' (pipe MTE2) overwrites memory that 'ascendc.reduce_sum_l2' (pipe V) reads in an earlier iteration, and nothing orders them: V -> MTE2 needs SetFlag/WaitFlag<V_MTE2> between them
// CHECK:      verify-sync.mlir:[[# @LINE - 6]]:5
// CHECK:      note: the read on V is here

// -----

// Two vector ops on the same memory need a barrier within the pipe; two copies out to
// the same GM elements too.
func.func @same_pipe(%gy: !ascendc.global_tensor<*xf32>, %n: i32, %a: ui32, %s: ui32) {
  %x = ascendc.local_tensor_v2 vecout, %a, %s : !ascendc.local_tensor<*xf32>
  ascendc.duplicate_l2 %x, %n, %n : !ascendc.local_tensor<*xf32>, i32, i32
  ascendc.abs_l2 %x, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.pipe_barrier pipe_all
  ascendc.data_copy_l2 %gy, %x, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gy, %x, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}
// CHECK:      warning: 'ascendc.abs_l2' (pipe V) reads memory that 'ascendc.duplicate_l2' (pipe V) writes, and nothing orders them: V -> V needs PipeBarrier<PIPE_V> between them
// CHECK:      warning: 'ascendc.data_copy_l2' (pipe MTE3) writes memory that 'ascendc.data_copy_l2' (pipe MTE3) also writes, and nothing orders them: MTE3 -> MTE3 needs PipeBarrier<PIPE_MTE3> between them

// -----

// A call may issue on any pipe; no event joins the cube's M pipe and the scalar pipe's
// writes of L0C (only PIPE_ALL orders them).
func.func private @helper(%t: !ascendc.local_tensor<*xf32>)
func.func @any_pipe(%t: !ascendc.local_tensor<*xf32>, %c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f16>, %mp: !ascendc.mmad_params, %n: i32, %v: f32) {
  ascendc.abs_l2 %t, %t, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.call @helper(%t) : (!ascendc.local_tensor<*xf32>) -> ()
  ascendc.mmad %c, %a, %b, %mp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mmad_params
  ascendc.local_tensor.set_value %c, %n, %v : !ascendc.local_tensor<f32>, i32, f32
  func.return
}
// CHECK:      warning: 'func.call' (pipe ALL) reads memory that 'ascendc.abs_l2' (pipe V) writes, and nothing orders them: V -> ALL needs PipeBarrier<PIPE_ALL> between them (one of them may issue on any pipe)
// CHECK:      warning: 'ascendc.local_tensor.set_value' (pipe S) overwrites memory that 'ascendc.mmad' (pipe M) reads, and nothing orders them: M -> S needs PipeBarrier<PIPE_ALL> between them (no event joins these pipes)

// -----

// Flags: a WaitFlag whose flag nobody set, a SetFlag of a flag still set.
func.func @flags(%lb: index, %ub: index, %step: index) {
  %id = arith.constant 2 : i32
  ascendc.wait_flag v_mte2, %id : i32
  ascendc.set_flag mte2_v, %id : i32
  scf.for %i = %lb to %ub step %step {
    ascendc.set_flag mte3_v, %id : i32
  }
  ascendc.wait_flag mte2_v, %id : i32
  func.return
}
// CHECK:      verify-sync.mlir:[[# @LINE - 8]]:3
// CHECK:      warning: WaitFlag<V_MTE2> waits for a flag no SetFlag before it sets: it would wait forever
// CHECK:      verify-sync.mlir:[[# @LINE - 7]]:5
// CHECK:      warning: SetFlag<MTE3_V> sets a flag that is already set (its WaitFlag has not run): the second set is lost

// -----

// Queue discipline (pyasc's checks): FreeTensor of a tensor no AllocTensor gave, twice,
// or never; DeQue without EnQue and the reverse; a tensor used between its EnQue and
// DeQue. In a loop and a branch, as anywhere.
func.func @queue_discipline(%q: !ascendc.queue<vecin, 1>, %other: !ascendc.local_tensor<*xf32>, %gx: !ascendc.global_tensor<*xf32>, %n: i32, %c: i1, %lb: index, %ub: index, %step: index) {
  ascendc.que_bind.free_tensor %q, %other : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  scf.for %i = %lb to %ub step %step {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    %u = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    scf.if %c {
      ascendc.que_bind.free_tensor %q, %u : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
    ascendc.que_bind.free_tensor %q, %u : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  %w = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %z = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor %q, %z : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  func.return
}
// CHECK:      warning: FreeTensor: there is no corresponding call to AllocTensor
// CHECK:      note: tensor declared here
// CHECK:      warning: unexpected use of tensor between EnQue and DeQue
// CHECK:      note: tensor declared here
// CHECK:      warning: FreeTensor: tensor memory was freed before its last use
// CHECK:      note: tensor declared here
// CHECK:      warning: DeQue: there is no corresponding call to EnQue
// CHECK:      note: queue declared here
// CHECK:      warning: AllocTensor: there is no corresponding call to FreeTensor for this tensor
// CHECK:      warning: EnQue: there is no corresponding call to DeQue for this tensor
// CHECK:      note: queue declared here

// -----

// HardEvent::MAX flags are the headers' no-op: a lone WaitFlag<MAX> waits for nothing
// (no warning), and a MAX pair orders nothing (the read after write is still reported).
func.func @max_event(%gx: !ascendc.global_tensor<*xf32>, %n: i32, %a: ui32, %s: ui32) {
  %id = arith.constant 0 : i32
  %x = ascendc.local_tensor_v2 vecin, %a, %s : !ascendc.local_tensor<*xf32>
  ascendc.wait_flag max, %id : i32
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.set_flag max, %id : i32
  ascendc.wait_flag max, %id : i32
  ascendc.abs_l2 %x, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}
// CHECK-NOT:  WaitFlag<MAX>
// CHECK:      verify-sync.mlir:[[# @LINE - 4]]:3
// CHECK:      warning: 'ascendc.abs_l2' (pipe V) reads memory that 'ascendc.data_copy_l2' (pipe MTE2) writes, and nothing orders them
// CHECK:      warning: 'ascendc.abs_l2' (pipe V) writes memory that 'ascendc.data_copy_l2' (pipe MTE2) also writes

// -----

// A correct kernel: no warning.
// CHECK-NOT:  warning
func.func @correct(%gx: !ascendc.global_tensor<*xf32>, %n: i32, %a: ui32, %s: ui32, %lb: index, %ub: index, %step: index) {
  %id = arith.constant 0 : i32
  %x = ascendc.local_tensor_v2 vecin, %a, %s : !ascendc.local_tensor<*xf32>
  scf.for %i = %lb to %ub step %step {
    ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.set_flag mte2_v, %id : i32
    ascendc.wait_flag mte2_v, %id : i32
    ascendc.abs_l2 %x, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.set_flag v_mte2, %id : i32
    ascendc.wait_flag v_mte2, %id : i32
  }
  func.return
}
