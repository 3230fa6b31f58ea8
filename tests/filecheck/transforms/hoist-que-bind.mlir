// ascendc-hoist-que-bind: queues, TBufs, their buffer initialisation and TBuf views leave
// loops and branches as far as their operands allow; alloc/free and data work stay.
// RUN: asc-opt %s -p ascendc-hoist-que-bind | filecheck %s

// Out of a branch nested in two loops, up to the function; the later-made objects
// first, each followed by its initialisation.
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %b = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %pipe, %b, %len
// CHECK-NEXT:    %tmp = ascendc.tbuf.get_tensor %b
// CHECK-NEXT:    %q = ascendc.queue : <vecin, 2>
// CHECK-NEXT:    ascendc.pipe.init_queue %pipe, %q, %num, %len
// CHECK-NEXT:    scf.for %i = %lb to %ub step %step {
// CHECK-NEXT:      scf.for %j = %lb to %ub step %step {
// CHECK-NEXT:        scf.if %c {
// CHECK-NEXT:          %t = ascendc.que_bind.alloc_tensor %q
// CHECK-NEXT:          ascendc.abs_l2 %tmp, %t, %n
// CHECK-NEXT:          ascendc.que_bind.free_tensor %q, %t
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @nested(%num: i32, %len: i64, %n: i32, %lb: index, %ub: index, %step: index, %c: i1) {
  %pipe = ascendc.pipe
  scf.for %i = %lb to %ub step %step {
    scf.for %j = %lb to %ub step %step {
      scf.if %c {
        %q = ascendc.queue : <vecin, 2>
        ascendc.pipe.init_queue %pipe, %q, %num, %len : !ascendc.queue<vecin, 2>, i32, i64
        %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
        %b = ascendc.tbuf : <veccalc>
        ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc>, i64
        %tmp = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
        ascendc.abs_l2 %tmp, %t, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
        ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
      }
    }
  }
  func.return
}

// A buffer length computed in the outer loop: the objects leave the inner loop only.
// CHECK-LABEL: func.func @length_in_loop(
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %b = ascendc.tbuf : <vecout>
// CHECK-NEXT:    scf.for %i = %lb to %ub step %step {
// CHECK-NEXT:      %len = arith.index_cast %i : index to i64
// CHECK-NEXT:      ascendc.pipe.init_buffer %pipe, %b, %len
// CHECK-NEXT:      scf.for %j = %lb to %ub step %step {
// CHECK-NEXT:        ascendc.pipe_barrier pipe_v
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @length_in_loop(%lb: index, %ub: index, %step: index) {
  %pipe = ascendc.pipe
  scf.for %i = %lb to %ub step %step {
    %len = arith.index_cast %i : index to i64
    scf.for %j = %lb to %ub step %step {
      %b = ascendc.tbuf : <vecout>
      ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<vecout>, i64
      ascendc.pipe_barrier pipe_v
    }
  }
  func.return
}

// A loop that gives the pipe's memory back (destroy, init) keeps its buffer set-up;
// the objects themselves still leave it.
// CHECK-LABEL: func.func @pipe_destroyed_in_loop(
// CHECK-NEXT:    %pipe = ascendc.pipe
// CHECK-NEXT:    %b = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    %q = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      ascendc.pipe.destroy %pipe
// CHECK-NEXT:      ascendc.pipe.init %pipe
// CHECK-NEXT:      ascendc.pipe.init_queue %pipe, %q, %c1, %len
// CHECK-NEXT:      ascendc.pipe.init_buffer %pipe, %b, %len
// CHECK-NEXT:      %t = ascendc.tbuf.get_tensor %b
func.func @pipe_destroyed_in_loop(%lb: index, %ub: index, %step: index, %c1: i32, %len: i32) {
  %pipe = ascendc.pipe
  scf.for %i = %lb to %ub step %step {
    ascendc.pipe.destroy %pipe : !ascendc.pipe
    ascendc.pipe.init %pipe : !ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %len : !ascendc.queue<vecin, 1>, i32, i32
    %b = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc>, i32
    %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
    ascendc.duplicate_l2 %t, %len, %len : !ascendc.local_tensor<*xf32>, i32, i32
  }
  func.return
}
