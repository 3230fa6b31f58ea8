// tile-to-ascendc: loaded tiles are VECIN queue tensors, stored results VECOUT queue
// tensors (Ascend C's copy-in/compute/copy-out idiom), other tiles VECCALC TBufs;
// loads and stores move the real (tail) part of a tile with DataCopyPad; inside a
// loop and a branch the ops are rewritten where they are.
// RUN: asc-opt %s --split-input-file -p tile-to-ascendc 2>&1 | filecheck %s

// CHECK-LABEL: func.func @loop_and_branch(
// CHECK:         %[[QI:.*]] = ascendc.queue : <vecin, 1>
// CHECK:         %[[QO:.*]] = ascendc.queue : <vecout, 1>
// CHECK:         ascendc.global_tensor.set_global_buffer
// CHECK:         scf.for
// CHECK:           %[[X:.*]] = ascendc.que_bind.alloc_tensor %[[QI]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK:           ascendc.data_copy_pad_l0_ext %[[X]]
// CHECK-NEXT:      ascendc.que_bind.enque_tensor %[[QI]], %[[X]]
// CHECK-NEXT:      %[[XD:.*]] = ascendc.que_bind.deque_tensor %[[QI]]
// CHECK:           scf.if
// CHECK:             %[[E:.*]] = ascendc.que_bind.alloc_tensor %[[QO]]
// CHECK-NEXT:        ascendc.exp_l2 %[[E]], %[[XD]]
// CHECK-NEXT:        ascendc.que_bind.enque_tensor %[[QO]], %[[E]]
// CHECK-NEXT:        %[[ED:.*]] = ascendc.que_bind.deque_tensor %[[QO]]
// CHECK:             ascendc.data_copy_pad_l2_ext {{.*}}, %[[ED]]
// CHECK-NEXT:        ascendc.que_bind.free_tensor %[[QO]], %[[ED]]
// CHECK:           } else {
// CHECK:             ascendc.adds_l2 {{.*}} {isSetMask}
// CHECK:             ascendc.data_copy_pad_l2_ext
// CHECK:           ascendc.que_bind.free_tensor %[[QI]], %[[XD]]
// CHECK-NEXT:    }
// CHECK-NOT:     asctile.
func.func @loop_and_branch(%x: memref<?xf32, 22 : i64>, %n: i32, %c: i1, %s: f32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c64 = arith.constant 64 : i32
  %v = asctile.tensor %x[%n] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?xf32>
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %c64 : i32
    %t = asctile.load %v[%o] : !asctile.tensor<?xf32>, i32 -> !asctile.tile<64xf32, ub>
    scf.if %c {
      %e = asctile.unary "exp" %t : !asctile.tile<64xf32, ub> -> !asctile.tile<64xf32, ub>
      asctile.store %e, %v[%o] : !asctile.tile<64xf32, ub>, !asctile.tensor<?xf32>, i32
    } else {
      %a = asctile.binary "add" %t, %s : !asctile.tile<64xf32, ub>, f32 -> !asctile.tile<64xf32, ub>
      asctile.store %a, %v[%o] : !asctile.tile<64xf32, ub>, !asctile.tensor<?xf32>, i32
    }
  }
  func.return
}

// -----

// A reduction over everything is a scalar (ReduceMax, GetValue); a comparison a bit
// mask of ui8 that Select reads.
// CHECK-LABEL: func.func @reduce_and_select(
// CHECK:         ascendc.reduce_max_l2
// CHECK:         ascendc.local_tensor.get_value
// CHECK:         ascendc.compare_scalar_l2 {{.*}} {cmpMode = 1 : i64}
// CHECK:         ascendc.select_l2 {{.*}} {selMode = 2 : i32}
func.func @reduce_and_select(%x: memref<?xf32, 22 : i64>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %v = asctile.tensor %x[] : memref<?xf32, 22 : i64>, -> !asctile.tensor<128xf32>
  %t = asctile.load %v[%c0] : !asctile.tensor<128xf32>, i32 -> !asctile.tile<128xf32, ub>
  %m = asctile.reduce "max" %t {dims = [#builtin.int<0>], keep_dims = false} : !asctile.tile<128xf32, ub> -> f32
  %k = asctile.compare "gt" %t, %m : !asctile.tile<128xf32, ub>, f32 -> !asctile.tile<128xi1, ub>
  %r = asctile.select %k, %t, %m : !asctile.tile<128xi1, ub>, !asctile.tile<128xf32, ub>, f32 -> !asctile.tile<128xf32, ub>
  asctile.store %r, %v[%c0] : !asctile.tile<128xf32, ub>, !asctile.tensor<128xf32>, i32
  func.return
}

// -----

// The cube path: GM -> L1 (Nd2Nz) -> L0A / L0B (LoadData, transposed into L0B), Mmad
// into a CO1 buffer, Fixpipe out with relu fused; the buffers are TBufs set up at the
// function's start (plan-memory places them); inside a loop and a branch.
// CHECK-LABEL: func.func @cube(
// CHECK-SAME:    ascendc.kernel_type = "cube"
// CHECK-DAG:     ascendc.tbuf : <a1>
// CHECK-DAG:     ascendc.tbuf : <a2>
// CHECK-DAG:     ascendc.tbuf : <b2>
// CHECK-DAG:     ascendc.tbuf : <co1>
// CHECK:         scf.for
// CHECK:           ascendc.data_copy_nd2nz
// CHECK:           ascendc.load_data_l0
// CHECK:           scf.if
// CHECK:             ascendc.mmad
// CHECK:             ascendc.fixpipe
// CHECK-NOT:     asctile.
func.func @cube(%a: memref<?xf16, 22 : i64>, %b: memref<?xf16, 22 : i64>, %c: memref<?xf32, 22 : i64>, %p: i1) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c32 = arith.constant 32 : i32
  %va = asctile.tensor %a[] : memref<?xf16, 22 : i64>, -> !asctile.tensor<64x32xf16>
  %vb = asctile.tensor %b[] : memref<?xf16, 22 : i64>, -> !asctile.tensor<32x32xf16>
  %vc = asctile.tensor %c[] : memref<?xf32, 22 : i64>, -> !asctile.tensor<64x32xf32>
  %tb = asctile.load %vb[%c0, %c0] : !asctile.tensor<32x32xf16>, i32, i32 -> !asctile.tile<32x32xf16, l0b>
  scf.for %i = %c0 to %c2 step %c1 : i32 {
    %row = arith.muli %i, %c32 : i32
    %ta = asctile.load %va[%row, %c0] : !asctile.tensor<64x32xf16>, i32, i32 -> !asctile.tile<32x32xf16, l0a>
    scf.if %p {
      %m = asctile.matmul %ta, %tb : !asctile.tile<32x32xf16, l0a>, !asctile.tile<32x32xf16, l0b> -> !asctile.tile<32x32xf32, l0c>
      %r = asctile.unary "relu" %m : !asctile.tile<32x32xf32, l0c> -> !asctile.tile<32x32xf32, l0c>
      asctile.store %r, %vc[%row, %c0] : !asctile.tile<32x32xf32, l0c>, !asctile.tensor<64x32xf32>, i32, i32
    }
  }
  func.return
}

// -----

// A straight-line cube kernel gets its flags from the lowering: both GM -> L1 copies,
// one MTE2 -> MTE1 wait, the L1 -> L0 loads, MTE1 -> M, Mmad, M -> FIX, Fixpipe.
// CHECK-LABEL: func.func @straight_cube(
// CHECK:         ascendc.data_copy_nd2nz
// CHECK-NOT:     ascendc.load_data_l0
// CHECK:         ascendc.data_copy_nd2nz
// CHECK:         %[[E1:.*]] = ascendc.pipe.fetch_event_id %{{.*}}, mte2_mte1
// CHECK-NEXT:    ascendc.set_flag mte2_mte1, %[[E1]]
// CHECK-NEXT:    ascendc.wait_flag mte2_mte1, %[[E1]]
// CHECK:         ascendc.load_data_l0
// CHECK:         ascendc.set_flag mte1_m
// CHECK-NEXT:    ascendc.wait_flag mte1_m
// CHECK-NEXT:    ascendc.mmad
// CHECK:         ascendc.set_flag m_fix
// CHECK-NEXT:    ascendc.wait_flag m_fix
// CHECK-NEXT:    ascendc.fixpipe
// CHECK-NOT:     ascendc.set_flag
func.func @straight_cube(%a: memref<?xf16, 22 : i64>, %b: memref<?xf16, 22 : i64>, %c: memref<?xf32, 22 : i64>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %va = asctile.tensor %a[] : memref<?xf16, 22 : i64>, -> !asctile.tensor<32x32xf16>
  %ta = asctile.load %va[%c0, %c0] : !asctile.tensor<32x32xf16>, i32, i32 -> !asctile.tile<32x32xf16, l0a>
  %vb = asctile.tensor %b[] : memref<?xf16, 22 : i64>, -> !asctile.tensor<32x32xf16>
  %tb = asctile.load %vb[%c0, %c0] : !asctile.tensor<32x32xf16>, i32, i32 -> !asctile.tile<32x32xf16, l0b>
  %m = asctile.matmul %ta, %tb : !asctile.tile<32x32xf16, l0a>, !asctile.tile<32x32xf16, l0b> -> !asctile.tile<32x32xf32, l0c>
  %vc = asctile.tensor %c[] : memref<?xf32, 22 : i64>, -> !asctile.tensor<32x32xf32>
  asctile.store %m, %vc[%c0, %c0] : !asctile.tile<32x32xf32, l0c>, !asctile.tensor<32x32xf32>, i32, i32
  func.return
}

// -----

// A tile carried through a loop and out of a branch: one VECCALC buffer each. The
// initial value's own buffer carries the loop's tile (nothing reads it after the loop
// starts: no copy in), and the sum is computed in it in place (the old value is read
// by the add that writes it: no copy per iteration). The branch's result has a buffer
// of its own: the then-branch's product is written into it, the else-branch's tile
// (made before the branch) is copied.
// CHECK-LABEL: func.func @carried(
// CHECK:         ascendc.duplicate_l2 %[[ACC:[^,]*]],
// CHECK-NOT:     ascendc.data_copy_l2
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NOT:       ascendc.data_copy_l2
// CHECK:           ascendc.add_l2 %[[ACC]], %[[ACC]],
// CHECK-NOT:       ascendc.data_copy_l2
// CHECK:         }
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      ascendc.muls_l2 %[[OUT:[^,]*]], %[[ACC]],
// CHECK-NEXT:    } else {
// CHECK-NEXT:      ascendc.data_copy_l2 %[[OUT]], %[[ACC]]
// CHECK:         }
// CHECK:         ascendc.data_copy_pad_l2_ext %{{.*}}, %[[OUT]]
// CHECK-NOT:     asctile.
func.func @carried(%x: memref<?xf32, 22 : i64>, %n: i32, %c: i1, %s: f32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %v = asctile.tensor %x[%n] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?xf32>
  %zero = asctile.full %s : f32 -> !asctile.tile<64xf32, ub>
  %acc = scf.for %i = %c0 to %n step %c64 iter_args(%a = %zero) -> (!asctile.tile<64xf32, ub>) : i32 {
    %t = asctile.load %v[%i] : !asctile.tensor<?xf32>, i32 -> !asctile.tile<64xf32, ub>
    %b = asctile.binary "add" %a, %t : !asctile.tile<64xf32, ub>, !asctile.tile<64xf32, ub> -> !asctile.tile<64xf32, ub>
    scf.yield %b : !asctile.tile<64xf32, ub>
  }
  %r = scf.if %c -> (!asctile.tile<64xf32, ub>) {
    %d = asctile.binary "mul" %acc, %s : !asctile.tile<64xf32, ub>, f32 -> !asctile.tile<64xf32, ub>
    scf.yield %d : !asctile.tile<64xf32, ub>
  } else {
    scf.yield %acc : !asctile.tile<64xf32, ub>
  }
  asctile.store %r, %v[%c0] : !asctile.tile<64xf32, ub>, !asctile.tensor<?xf32>, i32
  func.return
}
