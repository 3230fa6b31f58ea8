// ascendc-unify-pipe: the TPipes a function makes (in loops, branches, anywhere) become
// one, at the top of the function; a function with one pipe keeps it where it is.
// RUN: asc-opt %s -p ascendc-unify-pipe | filecheck %s

// CHECK-LABEL: func.func @three_pipes(
// CHECK-NEXT:    %[[P:.*]] = ascendc.pipe
// CHECK-NEXT:    %q = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %[[P]], %q, %num, %len
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %b = ascendc.tbuf : <veccalc>
// CHECK-NEXT:      ascendc.pipe.init_buffer %[[P]], %b, %len
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        %id = ascendc.pipe.fetch_event_id %[[P]], v_s : i8
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @three_pipes(%num: i32, %len: i64, %lb: index, %ub: index, %step: index, %c: i1) {
  %p0 = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %p0, %q, %num, %len : !ascendc.queue<vecin, 1>, i32, i64
  scf.for %i = %lb to %ub step %step {
    %p1 = ascendc.pipe
    %b = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %p1, %b, %len : !ascendc.tbuf<veccalc>, i64
    scf.if %c {
      %p2 = ascendc.pipe
      %id = ascendc.pipe.fetch_event_id %p2, v_s : i8
    }
  }
  func.return
}

// CHECK-LABEL: func.func @one_pipe(
// CHECK-NEXT:    %q = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    %p = ascendc.pipe
// CHECK-NEXT:    ascendc.pipe.init_queue %p, %q, %num, %len
func.func @one_pipe(%num: i32, %len: i64) {
  %q = ascendc.queue : <vecout, 1>
  %p = ascendc.pipe
  ascendc.pipe.init_queue %p, %q, %num, %len : !ascendc.queue<vecout, 1>, i32, i64
  func.return
}
